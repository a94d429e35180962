/**
 * What runs one agent session of the Action: the policy for the mode (and for a fork's code in
 * the workspace), the sandbox for its commands, the model, the configuration (GEMINI.md, settings,
 * agents, custom commands and extensions — the base branch's on a pull request) and telemetry.
 * The session stage (stage-session.ts) builds it once and runs the mode's sessions with it; each
 * session is aborted with the run (`stop`).
 */
import path from 'node:path';
import type { AgentEvent } from '../agent/events.js';
import {
  PROJECT_AGENT_FILES,
  loadAgents,
  projectAgentsFolder,
} from '../agent/subagents/agent-files.js';
import type { CommandRegistry } from '../custom-commands/command-registry.js';
import {
  extensionAgentFolders,
  extensionContextFiles,
  withExtensionServers,
} from '../custom-commands/extensions/extension-config.js';
import { loadRunCommands } from '../custom-commands/run-commands.js';
import {
  DEFAULT_SETTINGS_PATH,
  SETTINGS_INPUT_NAME,
  loadAgentSettings,
} from '../config/settings.js';
import { checkPullRequestWorkspace } from '../github/fork-workspace.js';
import { baseBranchConfigFor } from '../github/pull-request-config.js';
import { planPullRequestCode } from '../github/pull-request-code.js';
import type { Trigger } from '../github/trigger.js';
import type { SessionRunner } from '../modes/mode-plan.js';
import { createContentGenerator } from '../model/create-content-generator.js';
import { ModelCalls } from '../model/model-calls.js';
import { chooseRunModels } from '../model/model-choice.js';
import { describeRetry } from '../model/retry.js';
import { errorMessage } from '../platform/errors.js';
import type { PendingSandbox } from '../platform/sandbox/pending-sandbox.js';
import { reportSandbox } from '../platform/sandbox/resolve-sandbox.js';
import { VERSION } from '../platform/version.js';
import { configuredProcessLines, extensionLines } from '../report/command-lines.js';
import { loadCliPolicy } from '../session-setup/policy-setup.js';
import { startAgent } from '../session-setup/run-agent.js';
import { RunCost } from '../agent/run-cost.js';
import { startTelemetry } from '../telemetry/start-telemetry.js';
import type { GitHubRunFacts, Telemetry } from '../telemetry/telemetry.js';
import { githubFactsFromEnvironment } from '../telemetry/telemetry.js';
import type { AuthorizedRun } from './authorized-run.js';

/**
 * Builds what runs one session: the policy for the mode (and for a fork's code in the
 * workspace), the sandbox for its commands, the model, GEMINI.md from the base branch on pull
 * requests. Each call starts a fresh session on `prompt`; the events of all of them go to
 * `onEvent`.
 */
export async function sessionRunner(
  run: AuthorizedRun,
  session: {
    /** The sandbox for the session's commands, still to be found. */
    sandboxProbe: PendingSandbox;
    sessionId: string;
    workspaceRoot: string;
    /** On a pull request, the private folder for the base branch's copies. */
    launchDirectory: string | undefined;
    /** Stops the session: the run's stop, or this run turned out to be a second delivery. */
    signal: AbortSignal;
    onEvent: (event: AgentEvent) => void;
  },
): Promise<{
  run: SessionRunner;
  /** The job summary's line on the sandbox, known once its probe ends. */
  sandboxLine: Promise<string>;
  summaryLines: string[];
  commands: CommandRegistry;
  telemetry: Telemetry | undefined;
}> {
  const { deps, inputs, octokit, trigger, trust, logger } = run;
  const { env } = deps;
  const holdsPullRequest = await holdsPullRequestCode(run, session.workspaceRoot);
  // A fork's code: no shell command runs at all.
  const untrustedWorkspace = run.forkHead && holdsPullRequest;
  const isolateNetwork = isolatesNetwork(run, untrustedWorkspace);
  // On a pull request, every configuration file comes from the base branch (one request):
  // GEMINI.md, the settings, the project's agents, custom commands and extensions, the policies.
  const baseConfig = await baseBranchConfigFor(
    trigger,
    {
      files: [
        'GEMINI.md',
        inputs.settings?.kind === 'file' ? inputs.settings.path : DEFAULT_SETTINGS_PATH,
        PROJECT_AGENT_FILES,
      ],
      policyFiles: inputs.policyFiles,
    },
    { octokit, tempRoot: env.RUNNER_TEMP, logger },
  );
  const contextDirectory = baseConfig?.directory;
  // The write token is for the trusted publishing step, the model key for the model client: no
  // `$VAR` hands them to a server, whatever variable holds them (the environment's own secrets,
  // OIDC and telemetry headers included, are refused by the expander itself).
  const heldSecrets = [
    inputs.githubToken,
    'apiKey' in inputs.auth ? inputs.auth.apiKey : undefined,
  ];
  const settings = await loadAgentSettings({
    input: inputs.settings,
    configDirectory: contextDirectory ?? session.workspaceRoot,
    env,
    forbiddenValues: heldSecrets,
  });
  // What a server was given is as secret as the Action's own credentials.
  // Custom commands and extensions: on a pull request the base branch's, never the PR's copies.
  const commands = await loadRunCommands({
    workspaceRoot: session.workspaceRoot,
    configRoot: contextDirectory ?? session.workspaceRoot,
    paths: inputs.extensions,
    pathsSetting: 'extensions',
    env,
    forbiddenValues: heldSecrets,
    logger,
  });
  // The repository's agents (the base branch's on a pull request), then the extensions'.
  const projectAgents = await loadAgents(
    [
      projectAgentsFolder(contextDirectory ?? session.workspaceRoot),
      ...extensionAgentFolders(commands.extensions),
    ],
    logger,
  );
  const runSettings = withExtensionServers(settings, commands.extensions, logger);
  for (const value of runSettings.expandedValues) run.registerSecret(value);
  // The pull request's code is in the workspace: what the configuration starts runs from the base
  // branch's files (copied into the private folder) or not at all.
  const pullRequest = 'pullRequest' in trigger ? trigger.pullRequest : undefined;
  const configured =
    holdsPullRequest && pullRequest !== undefined && session.launchDirectory !== undefined
      ? await planPullRequestCode({
          base: { owner: trigger.repo.owner, repo: trigger.repo.name, sha: pullRequest.baseSha },
          octokit,
          workspaceRoot: session.workspaceRoot,
          directory: session.launchDirectory,
          settings: runSettings,
          extensions: commands.extensions,
          logger,
        })
      : undefined;
  const policy = await loadCliPolicy({
    mode: trigger.mode,
    policyFiles:
      baseConfig?.policyPaths ??
      inputs.policyFiles.map((file) => path.resolve(session.workspaceRoot, file)),
    allowCommands: inputs.allowedCommands,
    // Resolved against the workflow's own checkout when the inputs were read (run-action.ts).
    narrowingPolicyFiles: inputs.campaignPolicyFiles,
    yolo: false,
    untrustedWorkspace,
    settings: runSettings,
    extensions: commands.extensions,
  });
  for (const warning of policy.warnings) logger.warning(warning);
  const modelCalls = new ModelCalls();
  const contentGenerator = await (deps.createModel ?? createContentGenerator)(inputs.auth, {
    env,
    sessionId: session.sessionId,
    retry: {
      ...deps.modelRetry,
      onRetry: (event) => {
        logger.warning(describeRetry(event));
      },
    },
    onModelCall: modelCalls.report,
    storeRequests: inputs.storeRequests,
    onNotice: (message) => {
      logger.info(message);
    },
  });
  const models = chooseRunModels({
    explicit: { value: inputs.model, setBy: 'the model input' },
    env,
    settings: {
      ...settings,
      source: settings.source === SETTINGS_INPUT_NAME ? 'the settings input' : settings.source,
    },
    fallback: { value: inputs.fallbackModel, setBy: 'the fallback_model input' },
    howToChoose: 'the model input (or the GEMINI_MODEL variable, or model.name in the settings)',
  });
  // As in the CLI: `auto` falls back to no sandbox rather than failing, so its probe (the
  // namespace's set-up, tens of milliseconds) need not hold up the first model request. The
  // session starts it once that request has been sent, and every command waits for it (see
  // ToolProcesses), so none runs before it has decided. A sandbox asked for by name must work:
  // its failure stops the run here, before any request.
  const sandbox =
    inputs.sandbox === 'auto' ? session.sandboxProbe : await session.sandboxProbe.find();
  const sandboxLine = session.sandboxProbe.answer.then(
    (found) =>
      reportSandbox(found, {
        mode: inputs.sandbox,
        isolateNetwork,
        logger,
        ...(deps.sandboxSilence === undefined ? {} : { silence: deps.sandboxSilence }),
      }),
    // Commands then fail with the reason; the job summary says it too.
    (error: unknown) => `Sandbox: could not be set up (${errorMessage(error)}).`,
  );
  const telemetry = await startTelemetry({
    settings,
    env,
    // A relative outfile goes beside the run's other files, not into the workspace it would be
    // committed from.
    baseDirectory: env.RUNNER_TEMP ?? session.workspaceRoot,
    logger,
    redactor: { redact: run.redact, register: run.registerSecret },
    run: {
      version: VERSION,
      sessionId: session.sessionId,
      authType: inputs.auth.type,
      model: models.model.name,
      mode: trigger.mode,
      outputFormat: 'github',
      debug: false,
      // Whether one is configured, as the Gemini CLI reports it; `auto` may still find none.
      sandboxEnabled: inputs.sandbox !== 'none',
      mcpServers: Object.keys(settings.mcpServers),
      coreTools: settings.coreTools,
      github: { ...githubFactsFromEnvironment(env), ...triggerNumber(trigger) },
    },
  });
  const runCost = new RunCost();
  const runSession: SessionRunner = async (prompt, extraTools, agents = []) => {
    const { result } = await startAgent({
      ...(contextDirectory === undefined ? {} : { contextDirectory }),
      prompt,
      workspaceRoot: session.workspaceRoot,
      ...models,
      env,
      sessionId: session.sessionId,
      contentGenerator,
      modelCalls,
      ...(deps.replay === undefined ? {} : { replay: deps.replay }),
      ...(deps.allowCommandHint === undefined ? {} : { allowCommandHint: deps.allowCommandHint }),
      policy: { engine: policy.engine, runMode: trigger.mode, trust },
      logger,
      onEvent: session.onEvent,
      // The run's stop aborts the model request and the tools (their process groups).
      signal: session.signal,
      budgets: {
        maxTurns: inputs.maxTurns,
        timeoutMs: sessionTimeoutMs(run),
        ...(inputs.maxCostUsd === undefined ? {} : { maxCostUsd: inputs.maxCostUsd }),
      },
      // One account for the whole run: every batch of a triage counts against the one cap.
      cost: { account: runCost, capSetBy: 'max_cost_usd' },
      extraTools,
      agents: [...agents, ...projectAgents],
      sandbox,
      isolateNetwork,
      settings: configured?.settings ?? runSettings,
      ...(configured === undefined || session.launchDirectory === undefined
        ? {}
        : { configuredLaunch: { directory: session.launchDirectory } }),
      ...(session.launchDirectory === undefined
        ? {}
        : { sandboxReadablePaths: [session.launchDirectory] }),
      extensionContextFiles: extensionContextFiles(commands.extensions),
      ...(telemetry ? { telemetry } : {}),
    });
    return result;
  };
  return {
    run: runSession,
    sandboxLine,
    summaryLines: [
      ...extensionLines(commands.extensions),
      ...configuredProcessLines(configured?.lines ?? []),
    ],
    commands: commands.registry,
    telemetry,
  };
}

/**
 * No network for commands when the input is anyone's: a fork's code, or an automatic review or
 * triage (which run no build that would need it).
 */
export function isolatesNetwork(
  run: Pick<AuthorizedRun, 'trust' | 'trigger'>,
  untrustedWorkspace: boolean,
): boolean {
  const { trust, trigger } = run;
  return (
    untrustedWorkspace ||
    (trust === 'automatic' && (trigger.mode === 'review' || trigger.mode === 'triage'))
  );
}

/** The issue or pull request the run is about, for telemetry. */
function triggerNumber(
  trigger: Trigger,
): Pick<GitHubRunFacts, 'issueNumber' | 'pullRequestNumber'> {
  if (trigger.number === undefined) return {};
  return 'pullRequest' in trigger && trigger.pullRequest !== undefined
    ? { pullRequestNumber: trigger.number }
    : { issueNumber: trigger.number };
}

/**
 * Whether the workspace holds (or may hold) the pull request's code, logged: on a fork's, no
 * shell commands will run; on any, the configuration's programs run from the base branch's files.
 */
async function holdsPullRequestCode(run: AuthorizedRun, workspaceRoot: string): Promise<boolean> {
  const pullRequest = 'pullRequest' in run.trigger ? run.trigger.pullRequest : undefined;
  if (!run.forkHead && pullRequest === undefined) return false;
  const check = await checkPullRequestWorkspace(
    workspaceRoot,
    pullRequest?.headSha,
    run.forkHead ? { whose: "the fork's" } : {},
  );
  if (run.forkHead && check.holdsHeadCode) {
    run.logger.warning(
      `The workspace may hold the fork's pull request code (${check.reason}): no shell commands will run in this session.`,
    );
  } else if (run.forkHead) {
    run.logger.info(`The workspace does not hold the fork's code: ${check.reason}.`);
  } else if (check.holdsHeadCode) {
    run.logger.info(
      `The workspace may hold the pull request's code (${check.reason}): the programs the configuration starts run from the base branch's files.`,
    );
  }
  return check.holdsHeadCode;
}

/** The session's time limit: `timeout_minutes`, or the test's override (`ActionDeps`). */
export function sessionTimeoutMs(run: Pick<AuthorizedRun, 'deps' | 'inputs'>): number {
  return run.deps.sessionTimeoutMs ?? run.inputs.timeoutMinutes * 60_000;
}
