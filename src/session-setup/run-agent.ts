/**
 * One prompt, run to the end: the workspace, its tools and a session, wired the same way for the
 * CLI and the Action so both behave alike.
 */
import path from 'node:path';
import type { SessionBudgets } from '../agent/budgets.js';
import type { Confirmer } from '../agent/confirmer.js';
import { denyAllConfirmer } from '../agent/confirmer.js';
import type { AgentEventListener } from '../agent/events.js';
import type { ReplayComparison } from './replay-divergence.js';
import { divergenceWarning } from './replay-divergence.js';
import type { AgentSessionOptions, SessionResult } from '../agent/session.js';
import { AgentSession } from '../agent/session.js';
import type { ContentGenerator } from '../model/content-generator.js';
import { onFirstRequest } from '../model/first-request.js';
import type { ModelChoice } from '../model/model-choice.js';
import { MAIN_AGENT_SCOPE, resolveModelConfig, unknownScopes } from '../model/model-configs.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { PendingSandbox } from '../platform/sandbox/pending-sandbox.js';
import type { Sandbox } from '../platform/sandbox/sandbox-types.js';
import type { PolicyEngine } from '../policy/policy-engine.js';
import { createPolicyConfirmer } from '../policy/policy-confirmer.js';
import type { PolicyContext } from '../policy/policy-types.js';
import { registerBuiltinTools } from '../tools/builtin-tools.js';
import type { BuiltinToolsOptions } from '../tools/builtin-tools.js';
import { ToolRegistry } from '../tools/registry.js';
import { REVIEWER_AGENT_NAME, VERIFIER_AGENT_NAME } from '../tools/reserved-names.js';
import { expandShellGlob } from '../tools/shell-glob.js';
import { ToolProcesses } from '../tools/tool-processes.js';
import type { ExtensionTools } from '../tools/extension-tools.js';
import { loadExtensionTools } from '../tools/extension-tools.js';
import { isToolSelected, toolArgumentOf } from '../tools/tool-selection.js';
import type { AgentSettings } from '../config/settings-types.js';
import type { Tool } from '../tools/tool-types.js';
import { deniedPathsFromEnvironment, Workspace } from '../tools/workspace.js';
import type { RunMode, RunTrust } from '../platform/run-mode.js';
import type { ModelCalls } from '../model/model-calls.js';
import type { Telemetry } from '../telemetry/telemetry.js';
import { RunSpend } from '../agent/budgets.js';
import type { RunCost } from '../agent/run-cost.js';
import { INHERIT_MODEL } from '../agent/subagents/agent-definition.js';
import { requirePricedModels } from '../model/model-cost.js';
import type { AgentDefinition } from '../agent/subagents/agent-definition.js';
import type { SharedSessionOptions } from '../agent/subagents/agent-executor.js';
import { BUILTIN_AGENTS } from '../agent/subagents/builtin-agents.js';
import { registerSubagents } from '../agent/subagents/register-subagents.js';
import type { AskUser } from '../policy/policy-confirmer.js';
import type { ExtensionContextFile } from '../agent/context-files.js';
import type { SessionPrompt } from '../custom-commands/injection-services.js';
import { createInjectionServices } from '../custom-commands/injection-services.js';
import { ACTION_ALLOW_COMMAND_HINT } from '../custom-commands/expand-command.js';

export interface RunAgentOptions {
  /**
   * The task, or a function that builds it once the session's tools and policy exist (a custom
   * command whose `!{…}` and `@{…}` blocks run through them before the first model request).
   */
  prompt: SessionPrompt;
  workspaceRoot: string;
  /** The model and where it was chosen (see `chooseModel`). */
  model: ModelChoice;
  /** The model to go on with, once, when `model` is not found or out of quota. */
  fallbackModel?: ModelChoice;
  sessionId: string;
  contentGenerator: ContentGenerator;
  /** The reports of `contentGenerator`'s requests: they join the event stream as `model_call`. */
  modelCalls?: ModelCalls;
  /**
   * The policy that answers every confirmation, and the run it judges. It also leaves the tools
   * it denies unconditionally out of the declarations. Takes precedence over `confirmer`.
   */
  policy?: { engine: PolicyEngine; runMode: RunMode; trust: RunTrust; askUser?: AskUser };
  /** Answers confirmations when there is no `policy`; without either, every call is denied. */
  confirmer?: Confirmer;
  logger: Logger;
  onEvent: AgentEventListener;
  budgets?: Partial<SessionBudgets>;
  signal?: AbortSignal;
  /**
   * The user memory file: loaded into the system instruction and appended to by `save_memory`
   * (default `~/.gemini/GEMINI.md`).
   */
  userMemoryPath?: string;
  /** Read GEMINI.md files from this directory only (the base branch's copies on a pull request). */
  contextDirectory?: string;
  /** `false`: no GEMINI.md of the project is read (a local run in a folder that is not trusted). */
  projectContext?: boolean;
  /** An earlier completed session's history, which this prompt continues. */
  history?: AgentSessionOptions['history'];
  /** Extensions' context files, read like GEMINI.md. */
  extensionContextFiles?: readonly ExtensionContextFile[];
  /** The environment the run started in: denied paths (runner temp, file commands) come from it. */
  env: NodeJS.ProcessEnv;
  /** Environment, allow-list and timeouts of the shell tool (the environment defaults to `env`). */
  shell?: BuiltinToolsOptions['shell'];
  /**
   * Where the shell tool's commands run (see src/platform/sandbox/); without one they run as
   * this process's user, unconfined. A pending sandbox's probe starts once the session's first
   * model request has been sent, or with the first process if one comes sooner.
   */
  sandbox?: Sandbox | PendingSandbox;
  /** Cut the sandboxed commands off the network (runs on untrusted input). */
  isolateNetwork?: boolean;
  /**
   * Set when the workspace may hold code the configuration did not come from (a pull request's):
   * the processes the settings start run in this private folder, never in the workspace (see
   * `ToolProcessesOptions.configuredLaunch`).
   */
  configuredLaunch?: { directory: string };
  /** Folders outside the workspace the sandbox shows processes read-only (that folder). */
  sandboxReadablePaths?: readonly string[];
  /**
   * Tools of this run beside the built-ins, e.g. `submit_review` in a review: the model reports
   * through them and trusted code acts on what they collected after the session.
   */
  extraTools?: readonly Tool[];
  /**
   * settings.json: MCP servers and discovered tools join the session (their processes in the
   * sandbox), and `tools.core` / `tools.exclude` choose what is offered.
   */
  settings?: AgentSettings;
  /**
   * How this entry point lets a shell command run, for messages that say so: "with
   * --allow-command or a --policy file" for the CLI and `serve`; by default the Action's
   * "for this workflow (allowed_commands, or a policy file)".
   */
  allowCommandHint?: string;
  /**
   * A replayed session's comparison with its recording (`--replay`): a tool call that fails
   * where the recorded one did not adds a `replay_diverged` warning to the events.
   */
  replay?: ReplayComparison;
  /** The run's telemetry, when on: it observes this session's events too. */
  telemetry?: Telemetry;
  /**
   * Subagents besides the built-in ones, in precedence order (the run mode's, the repository's,
   * then extensions'): each is offered to the model as a tool.
   */
  agents?: readonly AgentDefinition[];
  /**
   * The run's cost account, shared by every session of the run (each triage batch, say); default
   * this session's own. `capSetBy` names the cap (`budgets.maxCostUsd`) in the refusal of a model
   * whose cost cannot be estimated: the input or flag that set it.
   */
  cost?: { account?: RunCost; capSetBy?: string };
}

export interface AgentRun {
  session: AgentSession;
  result: Promise<SessionResult>;
  /**
   * The files the session's own file tools created or replaced (absolute paths, the tools'
   * record `Workspace.recordWritten`), complete once `result` has settled. What shell commands
   * wrote is not in it.
   */
  writtenFiles: () => readonly string[];
}

/**
 * Builds the session (so callers can hook into it) and starts it, in stages over one record of
 * what has been set up: the workspace and its tools → the policy that judges their calls → the
 * prompt (a custom command expanded through those tools) → the subagents and the session. A stage
 * that fails releases what the earlier ones started.
 */
/** How the CLI (`-p`) and `serve` let a shell command run. */
export const CLI_ALLOW_COMMAND_HINT = 'with --allow-command or a --policy file';

export async function startAgent(options: RunAgentOptions): Promise<AgentRun> {
  refuseUncappableModels(options);
  const tools = await openTools(options);
  const judge = judgeCalls(tools, options);
  let session: AgentSession;
  let prompt: string;
  try {
    prompt = await expandPrompt(tools, judge, options);
    session = createSession(tools, judge, options, prompt);
  } catch (error) {
    await tools.release();
    throw error;
  }
  const result = session
    .run(prompt, options.signal ? { signal: options.signal } : {})
    .finally(() => tools.release());
  return { session, result, writtenFiles: tools.writtenFiles };
}

/** The workspace and the tools of the session, with what releases them. */
interface SessionTools {
  workspace: Workspace;
  registry: ToolRegistry;
  /** What subagents may be given: never the run's result tools, nor subagents. */
  shareable: ToolRegistry;
  /** The model's client; starts a pending sandbox's probe with its first request. */
  contentGenerator: ContentGenerator;
  writtenFiles: () => readonly string[];
  /** Ends the tools' processes and connections, then the sandbox session; never throws. */
  release: () => Promise<void>;
}

/** The tool calls' judge: the policy's confirmer (or the caller's) and the declared tools. */
interface CallJudge {
  confirmer: Confirmer;
  declarationFilter?: AgentSessionOptions['declarationFilter'];
}

/** Stage 1: the workspace, its processes, and the registry of built-in and settings tools. */
async function openTools(options: RunAgentOptions): Promise<SessionTools> {
  const workspace = await Workspace.create(options.workspaceRoot, {
    deniedPaths: deniedPathsFromEnvironment(options.env),
  });
  const { sandbox } = options;
  // The tools' record of written files is handed to a lending sandbox before each process
  // (`takeWritten`); what it hands over is kept here too, for the list of what the session wrote.
  const written = new Set<string>();
  const takeWritten = (): string[] => {
    const paths = workspace.takeWritten();
    for (const file of paths) written.add(file);
    return paths;
  };
  // One sandbox session and one allow-listed environment for every process a tool starts.
  const processes = new ToolProcesses({
    workspaceRoot: workspace.root,
    parentEnv: options.shell?.parentEnv ?? options.env,
    ...(options.shell?.envAllow ? { envAllow: options.shell.envAllow } : {}),
    ...(sandbox ? { sandbox } : {}),
    ...(options.isolateNetwork !== undefined ? { isolateNetwork: options.isolateNetwork } : {}),
    ...(options.configuredLaunch ? { configuredLaunch: options.configuredLaunch } : {}),
    ...(options.sandboxReadablePaths ? { readablePaths: options.sandboxReadablePaths } : {}),
    writes: { takeWritten },
  });
  // A sandbox still to be found is set up while the first model request is on its way, not
  // beside the work that builds it (pending-sandbox.ts).
  const contentGenerator =
    sandbox instanceof PendingSandbox
      ? onFirstRequest(options.contentGenerator, () => {
          void sandbox.find();
        })
      : options.contentGenerator;
  const registry = new ToolRegistry();
  registerBuiltinTools(registry, {
    workspace,
    logger: options.logger,
    model: {
      contentGenerator,
      name: options.model.name,
      ...(options.settings?.modelConfigs ? { modelConfigs: options.settings.modelConfigs } : {}),
    },
    ...(options.userMemoryPath !== undefined ? { memoryPath: options.userMemoryPath } : {}),
    shell: { ...options.shell, processes },
  });
  let extensions: ExtensionTools | undefined;
  try {
    extensions = await addSettingsTools(registry, processes, options);
  } catch (error) {
    await processes.close();
    throw error;
  }
  const shareable = registry.subset(() => true);
  for (const tool of options.extraTools ?? []) registry.register(tool);
  return {
    workspace,
    registry,
    shareable,
    contentGenerator,
    writtenFiles: () => {
      takeWritten();
      return [...written];
    },
    release: () => releaseTools(registry, extensions, processes, options.logger),
  };
}

/**
 * Stage 2: who answers the calls' confirmations. The policy also leaves the tools it denies
 * unconditionally out of the declarations, and says which MCP servers' tools it keeps back.
 */
function judgeCalls(tools: SessionTools, options: RunAgentOptions): CallJudge {
  const policy = options.policy;
  if (!policy) return { confirmer: options.confirmer ?? denyAllConfirmer };
  const context = policyContext(tools.workspace, policy);
  reportDeniedExtensionTools(
    tools.registry.tools().filter(isDeniedByPolicy(policy, context)),
    options.logger,
  );
  return {
    confirmer: createPolicyConfirmer({
      engine: policy.engine,
      context,
      ...(policy.askUser ? { askUser: policy.askUser } : {}),
    }),
    declarationFilter: (tool) => !policy.engine.isUnconditionallyDenied(tool, context),
  };
}

/** Stage 3: the prompt; a custom command's `!{…}` and `@{…}` blocks run through the tools. */
async function expandPrompt(
  tools: SessionTools,
  judge: CallJudge,
  options: RunAgentOptions,
): Promise<string> {
  if (typeof options.prompt === 'string') return options.prompt;
  return options.prompt(
    createInjectionServices({
      registry: tools.registry,
      confirmer: judge.confirmer,
      workspace: tools.workspace,
      logger: options.logger,
      ...(options.signal ? { signal: options.signal } : {}),
      allowCommandHint: options.allowCommandHint ?? ACTION_ALLOW_COMMAND_HINT,
    }),
  );
}

/** Stage 4: the subagents (offered as tools) and the session itself. */
function createSession(
  tools: SessionTools,
  judge: CallJudge,
  options: RunAgentOptions,
  prompt: string,
): AgentSession {
  const observe = options.telemetry?.observeSession(prompt);
  const shared: SharedSessionOptions = {
    model: options.model.name,
    modelChoice: options.model,
    ...(options.fallbackModel ? { fallbackModel: options.fallbackModel } : {}),
    contentGenerator: tools.contentGenerator,
    ...(options.modelCalls ? { modelCalls: options.modelCalls } : {}),
    confirmer: judge.confirmer,
    ...(judge.declarationFilter ? { declarationFilter: judge.declarationFilter } : {}),
    workspaceRoot: tools.workspace.root,
    logger: options.logger,
    ...(options.userMemoryPath !== undefined ? { userMemoryPath: options.userMemoryPath } : {}),
    ...(options.contextDirectory !== undefined
      ? { contextDirectory: options.contextDirectory }
      : {}),
    ...(options.projectContext === false ? { projectContext: false } : {}),
    ...(options.extensionContextFiles !== undefined
      ? { extensionContextFiles: options.extensionContextFiles }
      : {}),
    ...(options.settings?.modelConfigs ? { modelConfigs: options.settings.modelConfigs } : {}),
  };
  const agents = [...BUILTIN_AGENTS, ...(options.agents ?? [])];
  warnUnknownScopes(options, agents);
  const spend = new RunSpend(options.cost?.account);
  // The subagents' events nest under the session's calls (it exists by the time any call runs).
  const nested = { session: undefined as AgentSession | undefined };
  registerSubagents(tools.registry, agents, {
    runtime: {
      session: shared,
      shareable: tools.shareable,
      spend,
      budgets: {
        ...(options.budgets?.tokenBudget === undefined
          ? {}
          : { tokenBudget: options.budgets.tokenBudget }),
        ...(options.budgets?.maxToolCalls === undefined
          ? {}
          : { maxToolCalls: options.budgets.maxToolCalls }),
        ...(options.budgets?.maxCostUsd === undefined
          ? {}
          : { maxCostUsd: options.budgets.maxCostUsd }),
      },
      emitNested: (parentCallId, agentName, event) => {
        nested.session?.emitNested(parentCallId, agentName, event);
      },
    },
    logger: options.logger,
  });
  const session = new AgentSession({
    ...shared,
    sessionId: options.sessionId,
    registry: tools.registry,
    spend,
    onEvent: withReplayCheck(
      observe
        ? (event) => {
            options.onEvent(event);
            observe(event);
          }
        : options.onEvent,
      options.replay,
      (message) => nested.session?.reportWarning('replay_diverged', message),
    ),
    ...(options.budgets ? { budgets: options.budgets } : {}),
    ...(options.history !== undefined ? { history: options.history } : {}),
  });
  nested.session = session;
  return session;
}

/**
 * An override scoped to an agent no run has (a misspelt name, another tool's agent) changes
 * nothing: says so. The review's subagents count as known in every run, so settings shared by
 * review and other runs do not warn in the others.
 */
function warnUnknownScopes(options: RunAgentOptions, agents: readonly AgentDefinition[]): void {
  const configs = options.settings?.modelConfigs;
  const names = agents.map((agent) => agent.name);
  const known = [...names, REVIEWER_AGENT_NAME, VERIFIER_AGENT_NAME];
  for (const scope of unknownScopes(configs, known)) {
    options.logger.warning(
      `${configs?.source ?? 'The settings'}: modelConfigs has an override for overrideScope "${scope}", which is neither "${MAIN_AGENT_SCOPE}" (the main agent) nor a subagent of this run (${names.join(', ')}); it changes no request.`,
    );
  }
}

/**
 * A cost cap over a model of unknown price would fail open: refused before anything starts,
 * naming every model the run may use that has no price (its own, the fallback, its subagents').
 */
function refuseUncappableModels(options: RunAgentOptions): void {
  const cap = options.budgets?.maxCostUsd;
  if (cap === undefined || cap === Number.POSITIVE_INFINITY) return;
  const agents = [...BUILTIN_AGENTS, ...(options.agents ?? [])]
    .filter((agent) => agent.model !== INHERIT_MODEL)
    .map(
      (agent) =>
        resolveModelConfig(options.settings?.modelConfigs, {
          requested: agent.model,
          scope: agent.name,
        }).name,
    );
  requirePricedModels(
    [options.model.name, ...(options.fallbackModel ? [options.fallbackModel.name] : []), ...agents],
    { setBy: options.cost?.capSetBy ?? 'a cost cap' },
    new Date(),
    options.cost?.account?.table,
  );
}

/**
 * Background processes and connections the tools hold end with the session; then whatever is
 * left in the sandbox.
 */
async function releaseTools(
  registry: ToolRegistry,
  extensions: ExtensionTools | undefined,
  processes: ToolProcesses,
  logger: Logger,
): Promise<void> {
  await registry.dispose();
  await extensions?.close();
  await processes.close().catch((error: unknown) => {
    logger.warning(`The sandbox could not be closed cleanly: ${errorMessage(error)}`);
  });
}

/**
 * Registers the settings' MCP and discovered tools and leaves out what `tools.core` and
 * `tools.exclude` exclude. Before the run's own extra tools, which settings never remove.
 */
async function addSettingsTools(
  registry: ToolRegistry,
  processes: ToolProcesses,
  options: RunAgentOptions,
): Promise<ExtensionTools | undefined> {
  const { settings, logger } = options;
  if (settings === undefined) return undefined;
  const builtin = new Set(registry.names());
  const reservedNames = new Set([...builtin, ...(options.extraTools ?? []).map((t) => t.name)]);
  const extensions = await loadExtensionTools({
    settings,
    processes,
    logger,
    reservedNames,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  for (const tool of extensions.tools) registry.register(tool);
  registry.retain((tool) =>
    isToolSelected({ name: tool.name, builtin: builtin.has(tool.name) }, settings),
  );
  if ((settings.coreTools ?? []).some((entry) => toolArgumentOf(entry) !== undefined)) {
    logger.info(
      `${settings.source}: the commands named in tools.core are not a limit here; the policy decides which shell commands run; allow one ${options.allowCommandHint ?? ACTION_ALLOW_COMMAND_HINT}.`,
    );
  }
  return extensions;
}

function isDeniedByPolicy(
  policy: NonNullable<RunAgentOptions['policy']>,
  context: PolicyContext,
): (tool: Tool) => boolean {
  return (tool) =>
    tool.serverName !== undefined && policy.engine.isUnconditionallyDenied(tool, context);
}

/** Says which MCP servers' tools the policy keeps from the model, and how to allow them. */
function reportDeniedExtensionTools(denied: readonly Tool[], logger: Logger): void {
  const byServer = new Map<string, string[]>();
  for (const tool of denied) {
    const server = tool.serverName ?? '';
    byServer.set(server, [...(byServer.get(server) ?? []), tool.name]);
  }
  for (const [server, names] of byServer) {
    logger.warning(
      `The policy denies the tools of MCP server ${server} (${names.join(', ')}), so they are not offered. Set "trust": true for the server in the settings, or allow them in a policy file: [[rule]] mcpName = "${server}" decision = "allow" priority = 100.`,
    );
  }
}

/**
 * What the policy knows about the run. Redirection targets and the files a shell command names
 * (`cat notes.txt`, `ls src/*`) get the same checks as the tools' own paths (symlinks, `.git` in
 * any spelling, denied places such as `/proc`), so `echo x > link` cannot write where
 * `write_file` could not, nor `cat link` read where `read_file` could not; a path a command writes
 * is judged by where its symlinks lead too, as `write_file` reports the path it writes.
 */
export function policyContext(
  workspace: Workspace,
  run: { runMode: RunMode; trust: RunTrust },
): PolicyContext {
  return {
    runMode: run.runMode,
    trust: run.trust,
    workspaceRoot: workspace.root,
    workspacePathProblem: (absolutePath, purpose) => {
      const resolved = workspace.resolve(absolutePath, { purpose, asOpened: true });
      return resolved.ok ? undefined : resolved.error.message;
    },
    expandGlob: expandShellGlob,
    realWorkspacePath: (absolutePath) => {
      const resolved = workspace.resolve(absolutePath, { purpose: 'read', asOpened: true });
      if (!resolved.ok) return undefined;
      return resolved.relativePath === '' ? '.' : resolved.relativePath.split(path.sep).join('/');
    },
  };
}

/**
 * `onEvent`, and after each tool call that fails where the recording's did not, the session's own
 * `replay_diverged` warning.
 */
function withReplayCheck(
  onEvent: AgentEventListener,
  replay: ReplayComparison | undefined,
  warn: (message: string) => void,
): AgentEventListener {
  if (replay === undefined) return onEvent;
  return (event) => {
    onEvent(event);
    const divergence = replay.observe(event);
    if (divergence !== undefined) warn(divergenceWarning(divergence));
  };
}
