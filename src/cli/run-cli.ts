/**
 * The CLI's composition root: flags → model transport (live, or a recorded session served by the
 * local fake server) → tools and session → the chosen output format → exit code.
 */
import { randomUUID } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AgentEvent, AgentEventListener, Cancellation } from '../agent/events.js';
import type { SessionResult } from '../agent/session.js';
import { createTranscriptWriter } from '../agent/transcript.js';
import type { ContentGenerator } from '../model/content-generator.js';
import { createContentGenerator } from '../model/create-content-generator.js';
import type { ModelAuth } from '../model/model-auth.js';
import { resolveModelAuth } from '../model/model-auth.js';
import type { ModelCallListener } from '../model/model-calls.js';
import { ModelCalls } from '../model/model-calls.js';
import { chooseRunModels } from '../model/model-choice.js';
import { describeRetry } from '../model/retry.js';
import { errorMessage, UsageError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { neutralIo, streamLogger } from '../platform/logger.js';
import { killToolProcessesNow } from '../platform/process-group.js';
import { pendingSandbox } from '../platform/sandbox/pending-sandbox.js';
import { reportSandbox, resolveSandbox } from '../platform/sandbox/resolve-sandbox.js';
import { toolSandboxSession } from '../tools/tool-processes.js';
import { protectedFolderProblem } from '../tools/protected-paths.js';
import {
  checkWrittenConfiguration,
  readUnlessHeldBack,
  recordRun,
} from '../session-setup/written-configuration.js';
import { SessionStatsCollector } from '../report/session-stats.js';
import type { AgentRun } from '../session-setup/run-agent.js';
import { CLI_ALLOW_COMMAND_HINT, startAgent } from '../session-setup/run-agent.js';
import { loadAgents, projectAgentsFolder } from '../agent/subagents/agent-files.js';
import { DEFAULT_SETTINGS_PATH, loadAgentSettings } from '../config/settings.js';
import { EMPTY_SETTINGS } from '../config/settings-types.js';
import {
  folderContents,
  reportUntrustedContext,
  requireWorkspaceTrust,
} from '../session-setup/folder-trust.js';
import { VERSION } from '../platform/version.js';
import { startTelemetry } from '../telemetry/start-telemetry.js';
import { githubFactsFromEnvironment } from '../telemetry/telemetry.js';
import { loadRunCommands, sessionPromptFor } from '../custom-commands/run-commands.js';
import {
  extensionAgentFolders,
  extensionContextFiles,
  withExtensionServers,
} from '../custom-commands/extensions/extension-config.js';
import type { CliOptions } from './args.js';
import { parseCliArgs, USAGE } from './args.js';
import { describeSessionChanges, readSessionChanges } from './changed-files.js';
import {
  ExitCode,
  exitCodeForCancellation,
  exitCodeForError,
  exitCodeForReason,
} from './exit-codes.js';
import { createJsonOutput } from './output/json-output.js';
import { createStreamJsonOutput } from './output/stream-json-output.js';
import { createTerminalProgress } from './output/status-line.js';
import { createTextOutput } from './output/text-output.js';
import type { TextSink } from '../platform/logger.js';
import type { CliOutput } from './output/types.js';
import { loadCliPolicy } from '../session-setup/policy-setup.js';
import { readPipedStdin } from './read-stdin.js';
import type { StopSignal } from './run-stop.js';
import { followSessionEnd, RunCancelled, RunStop } from './run-stop.js';
import { serveRecordedSession } from '../session-setup/replay-model.js';
import type { ReplayComparison } from '../session-setup/replay-divergence.js';
import { divergenceSummary } from '../session-setup/replay-divergence.js';
import { requireRepoDirectory } from './repo-directory.js';
import { makeDirectory } from '../platform/make-directory.js';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: TextSink;
  stderr: TextSink;
  stdin: NodeJS.ReadStream;
  /**
   * Registers a handler for Ctrl-C / SIGTERM (called with the signal; without one, it was
   * Ctrl-C); returns a function that removes it.
   */
  onInterrupt(handler: (signal?: StopSignal) => void): () => void;
  /** Ends the process at once (a second Ctrl-C); absent, the run's promise settles instead. */
  exit?: (code: number) => void;
}

export function processIo(): CliIo {
  return {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    onInterrupt(handler) {
      const onSigint = () => {
        handler('SIGINT');
      };
      const onSigterm = () => {
        handler('SIGTERM');
      };
      process.on('SIGINT', onSigint);
      process.on('SIGTERM', onSigterm);
      return () => {
        process.off('SIGINT', onSigint);
        process.off('SIGTERM', onSigterm);
      };
    },
    exit(code) {
      process.exit(code);
    },
  };
}

/** Runs the CLI and returns its exit code; never throws. */
export async function runCli(argv: readonly string[], terminal: CliIo): Promise<number> {
  // Everything the CLI and its subcommands print carries text from repositories, manifests, the
  // model or tools: no control character of theirs reaches the terminal (logger.ts).
  const io = neutralIo(terminal);
  const subcommand = await runSubcommand(argv, io);
  if (subcommand !== undefined) return subcommand;
  // Stage 1: the flags.
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
  if (options.help) {
    io.stdout.write(USAGE);
    return ExitCode.OK;
  }
  if (options.version) {
    io.stdout.write(`${VERSION}\n`);
    return ExitCode.OK;
  }
  const run = await openRun(options, io);
  try {
    // A second Ctrl-C ends the run at once, whatever stage it is in.
    return await Promise.race([runStages(run), run.stop.forced]);
  } catch (error) {
    return endEarly(run, error);
  } finally {
    run.stop.dispose();
    for (const cleanup of run.cleanups.reverse()) await cleanup();
  }
}

/**
 * What a CLI run has done so far, for its stages and for whatever ends it: an early end (an
 * error, a cancellation between stages) and a second Ctrl-C finalise from this record.
 */
interface CliRun {
  options: CliOptions;
  io: CliIo;
  logger: Logger;
  stats: SessionStatsCollector;
  output: CliOutput;
  prompt: string | undefined;
  /** Run in reverse order when the run ends. */
  cleanups: (() => Promise<void> | void)[];
  stop: RunStop;
  sessionId: string;
  /** The model named in a transcript line written for the session. */
  modelName?: string;
  /** `--transcript`, once opened; ends with the cancellation however the run is stopped. */
  transcript?: ReturnType<typeof followSessionEnd>;
  /** The running session, and when it started (what it changed is what changed since). */
  session?: { agent: AgentRun; startedAt: number };
  /** With `--replay`: the session's tool calls against the recording's. */
  replay?: ReplayComparison;
}

/** The trust decision and the folder whose own configuration may load. */
interface AuthorizedWorkspace {
  trust: Awaited<ReturnType<typeof requireWorkspaceTrust>>;
  /** Undefined: the repository's own extensions and commands are not read, only --extension's. */
  configRoot: string | undefined;
}

/** Settings, commands, policy, agents and models: what the session is built from. */
interface RunContext {
  written: Awaited<ReturnType<typeof checkWrittenConfiguration>>;
  settings: Awaited<ReturnType<typeof loadAgentSettings>>;
  runSettings: ReturnType<typeof withExtensionServers>;
  commands: Awaited<ReturnType<typeof loadRunCommands>>;
  sessionPrompt: ReturnType<typeof sessionPromptFor>;
  policy: Awaited<ReturnType<typeof loadCliPolicy>>;
  agents: Awaited<ReturnType<typeof loadAgents>>;
  models: ReturnType<typeof chooseRunModels>;
  sandboxProbe: ReturnType<typeof pendingSandbox>;
}

/** The subcommands; undefined when the first word is none of them. */
async function runSubcommand(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  // `policy`, `run`, `commands`, `demo`, `trust` and `fleet` as the first word are subcommands; a prompt
  // starting with one of them needs -p.
  // Loaded when used: they bring most of the Action's GitHub side, which `-p` never needs and
  // whose loading would delay every run's first model request.
  switch (argv[0]) {
    case 'policy': {
      const { runPolicyCommand } = await import('./subcommands/policy.js');
      return runPolicyCommand(argv.slice(1), io);
    }
    case 'run': {
      const { runRunCommand } = await import('./subcommands/run.js');
      return runRunCommand(argv.slice(1), io);
    }
    case 'commands': {
      const { runCommandsCommand } = await import('./subcommands/commands-list.js');
      return runCommandsCommand(argv.slice(1), io);
    }
    case 'demo': {
      const { runDemoCommand } = await import('./subcommands/demo.js');
      return runDemoCommand(argv.slice(1), io);
    }
    case 'trust': {
      const { runTrustCommand } = await import('./subcommands/trust.js');
      return runTrustCommand(argv.slice(1), io);
    }
    case 'fleet': {
      const { runFleetCommand } = await import('./subcommands/fleet.js');
      return runFleetCommand(argv.slice(1), io);
    }
    default:
      return undefined;
  }
}

/** The record of a run that is starting: its log, output and prompt, and its stop. */
async function openRun(options: CliOptions, io: CliIo): Promise<CliRun> {
  const logger = streamLogger(io.stderr, { debug: options.debug });
  const stats = new SessionStatsCollector();
  const prompt = options.prompt ?? (await readPipedStdin(io.stdin))?.trim();
  const output = createOutput(options, io, stats, prompt ?? '');
  const run: CliRun = {
    options,
    io,
    logger,
    stats,
    output,
    prompt,
    cleanups: [],
    sessionId: randomUUID(),
    stop: new RunStop({
      stderr: io.stderr,
      onInterrupt: (handler) => io.onInterrupt(handler),
      onForce: (cancellation) => stopAtOnce(run, cancellation),
    }),
  };
  return run;
}

/** The stages, each over the record: authorize → context → session → report. */
async function runStages(run: CliRun): Promise<number> {
  const workspace = await authorize(run);
  run.stop.throwIfCancelled();
  const context = await loadContext(run, workspace);
  run.stop.throwIfCancelled();
  const result = await runSession(run, workspace, context);
  return report(run, result);
}

/**
 * Stage 2: the prompt and the workspace. The workspace's own configuration loads only in a
 * trusted folder; one that is not trusted and holds some stops here, before anything of it is
 * read or started (folder-trust.ts).
 */
async function authorize(run: CliRun): Promise<AuthorizedWorkspace> {
  const { options, io, logger } = run;
  if (!run.prompt) {
    throw new UsageError('No prompt given: pass the task with -p "<prompt>" or pipe it in.');
  }
  await requireRepoDirectory(options.repo);
  await requireUnprotected(options.repo);
  const trust = await requireWorkspaceTrust({
    folder: options.repo,
    env: io.env,
    skipTrust: options.skipTrust,
    contents: () => folderContents(options.repo),
  });
  reportUntrustedContext(trust, options.repo, logger);
  const configRoot = trust.trusted ? options.repo : undefined;
  // Files the run writes are checked before anything starts, so a path that cannot be written
  // is a usage error naming its flag rather than a failure in the middle of the session.
  if (options.record !== undefined) await requireWritableFile('--record', options.record);
  if (options.transcript !== undefined) {
    await requireWritableFile('--transcript', options.transcript);
  }
  return { trust, configRoot };
}

/**
 * Stage 3: the transcript, the sandbox's probe, and the configuration: settings, custom commands
 * and extensions, policy, agents, models.
 */
async function loadContext(run: CliRun, workspace: AuthorizedWorkspace): Promise<RunContext> {
  const { options, io, logger, cleanups } = run;
  const { configRoot } = workspace;
  // The transcript is the user's own file on their machine, as the CLI's other outputs are: it
  // is written as the session went, unredacted.
  if (options.transcript) {
    const transcript = createTranscriptWriter(options.transcript, { redact: (line) => line });
    run.transcript = followSessionEnd(transcript, run.sessionId);
    cleanups.push(() => {
      transcript.close();
    });
  }
  // Finding the sandbox runs a probe the first time. The probe is the session the shell tool's
  // commands will run in (the options ToolProcesses opens it with), so the sandbox is set up
  // once. Under `auto` it starts once the session's first model request has been sent
  // (pending-sandbox.ts); a sandbox asked for by name starts now, beside the settings, policy
  // and model, since the session waits for it.
  const sandboxProbe = pendingSandbox(options.sandbox, () =>
    resolveSandbox(options.sandbox, {
      env: io.env,
      logger,
      setting: '--sandbox',
      firstSession: toolSandboxSession({ workspaceRoot: options.repo, parentEnv: io.env }),
    }),
  );
  // The session, when nothing took it over (the run stopped before its session started).
  cleanups.push(() => sandboxProbe.release());
  // What an earlier run's agent wrote among the configuration and nobody changed since is not
  // loaded (written-configuration.ts); a --policy file of that kind stops the run.
  const written = await checkWrittenConfiguration({
    workspace: options.repo,
    extensionPaths: options.extensions,
    policyFiles: options.policyFiles,
    env: io.env,
  });
  for (const warning of written.warnings) logger.warning(warning);
  // Settings and policy problems (a typo in a --policy file) stop the run before any model
  // request. Settings come from the repository's .gemini/settings.json, as in the Gemini CLI.
  // Custom commands and extensions: from the repository and the --extension folders. Read
  // beside the settings, and the policy beside the agents (each pair is independent).
  const [settings, commands] = await bothInOrder(
    configRoot === undefined
      ? Promise.resolve(EMPTY_SETTINGS)
      : loadAgentSettings({
          input: undefined,
          configDirectory: configRoot,
          env: io.env,
          readFile: readUnlessHeldBack(written),
        }),
    loadRunCommands({
      workspaceRoot: options.repo,
      configRoot,
      paths: options.extensions,
      pathsSetting: '--extension',
      env: io.env,
      logger,
      mayLoad: written.mayLoad,
    }),
  );
  const runSettings = withExtensionServers(settings, commands.extensions, logger);
  const sessionPrompt = sessionPromptFor(run.prompt ?? '', commands.registry);
  const [policy, agents] = await bothInOrder(
    loadCliPolicy({ ...options, settings: runSettings, extensions: commands.extensions }),
    loadAgents(
      [
        ...(configRoot === undefined
          ? []
          : [{ ...projectAgentsFolder(configRoot), mayLoad: written.mayLoad }]),
        ...extensionAgentFolders(commands.extensions),
      ],
      logger,
    ),
  );
  for (const warning of policy.warnings) logger.warning(warning);
  const models = chooseRunModels({
    explicit: { value: options.model, setBy: '--model' },
    env: io.env,
    settings,
    fallback: { value: options.fallbackModel, setBy: '--fallback-model' },
    howToChoose: `--model (-m) or GEMINI_MODEL (or model.name in ${DEFAULT_SETTINGS_PATH})`,
  });
  run.modelName = models.model.name;
  return {
    written,
    settings,
    runSettings,
    commands,
    sessionPrompt,
    policy,
    agents,
    models,
    sandboxProbe,
  };
}

/** Stage 4: the model, the sandbox, telemetry, and the session, until it ends. */
async function runSession(
  run: CliRun,
  workspace: AuthorizedWorkspace,
  context: RunContext,
): Promise<SessionResult> {
  const { options, io, logger, cleanups, sessionId } = run;
  const { settings, models, sandboxProbe, commands, policy } = context;
  // Retries happen below the session; until it exists they go to the log, then into its event
  // stream, so every output format shows them.
  let reportRetry = (message: string) => {
    logger.warning(message);
  };
  const modelCalls = new ModelCalls();
  const model = await openModel(options, io, {
    sessionId,
    cleanups,
    onRetry: (message) => {
      reportRetry(message);
    },
    onNotice: (message) => {
      logger.info(message);
    },
    onModelCall: modelCalls.report,
  });
  if (model.replay !== undefined) run.replay = model.replay;

  // `auto` falls back to no sandbox rather than failing, so its probe need not hold up the first
  // model request: the session starts it once that request has been sent, and every shell
  // command waits for it (see ToolProcesses), so none runs before it has decided. A sandbox
  // asked for by name must work, and its failure stops the run here, before any request.
  const sandbox = options.sandbox === 'auto' ? sandboxProbe : await sandboxProbe.find();
  sandboxProbe.answer
    .then((found) => {
      reportSandbox(found, {
        mode: options.sandbox,
        isolateNetwork: false,
        logger,
        silence: 'Pass --sandbox none to run without one on purpose and silence this notice.',
        quiet: true,
      });
    })
    .catch(() => undefined);
  const telemetry = await startTelemetry({
    settings,
    env: io.env,
    baseDirectory: process.cwd(),
    logger,
    run: {
      version: VERSION,
      sessionId,
      authType: model.authType,
      model: models.model.name,
      mode: options.mode,
      outputFormat: options.outputFormat,
      debug: options.debug,
      // Whether one is configured, as the Gemini CLI reports it; `auto` may still find none.
      sandboxEnabled: options.sandbox !== 'none',
      mcpServers: Object.keys(settings.mcpServers),
      coreTools: settings.coreTools,
      github: githubFactsFromEnvironment(io.env),
    },
  });
  // Last of the cleanups: the answer is out before telemetry's final export.
  if (telemetry) cleanups.unshift(() => telemetry.shutdown());

  // Recorded from before its first tool until its tools have stopped, so a later run does not
  // load configuration this one wrote.
  const recorded = await recordRun(options.repo, io.env, (message) => {
    logger.warning(message);
  });
  const startedAt = Date.now();
  const starting = startAgent({
    prompt: context.sessionPrompt,
    extensionContextFiles: extensionContextFiles(commands.extensions),
    ...(workspace.trust.trusted ? {} : { projectContext: false }),
    workspaceRoot: options.repo,
    ...models,
    env: io.env,
    sessionId,
    contentGenerator: model.generator,
    modelCalls,
    allowCommandHint: CLI_ALLOW_COMMAND_HINT,
    ...(model.replay !== undefined ? { replay: model.replay } : {}),
    // Nobody is asked: the policy answers every confirmation. A local run is started by a
    // person at their own checkout, so it runs with maintainer trust.
    policy: { engine: policy.engine, runMode: options.mode, trust: 'maintainer' },
    logger,
    onEvent: fanOut([
      run.stats.listener,
      run.output.listener,
      ...(run.transcript ? [run.transcript.listener] : []),
    ]),
    budgets: {
      ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
      ...(options.maxCostUsd !== undefined ? { maxCostUsd: options.maxCostUsd } : {}),
      ...(options.timeoutSeconds !== undefined
        ? { timeoutMs: Math.round(options.timeoutSeconds * 1000) }
        : {}),
    },
    // A cancellation's reason says by what and when; the session's last event carries it.
    signal: run.stop.signal,
    sandbox,
    settings: context.runSettings,
    ...(telemetry ? { telemetry } : {}),
    agents: context.agents,
    cost: { capSetBy: '--max-cost' },
  });
  const agent = await recorded(starting);
  run.session = { agent, startedAt };
  reportRetry = (message) => {
    agent.session.reportWarning('model_retry', message);
  };
  return agent.result;
}

/** Stage 5: the answer in the chosen format; a cancelled run also lists what it changed. */
async function report(run: CliRun, session: SessionResult): Promise<number> {
  const cancellation = session.reason === 'cancelled' ? run.stop.cancellation : undefined;
  const exitCode =
    cancellation === undefined
      ? exitCodeForReason(session.reason)
      : exitCodeForCancellation(cancellation);
  // `--strict`: a replay that diverged from its recording does not succeed, whatever it answered.
  const diverged = run.replay?.divergences ?? [];
  const strictFailure = run.options.strict && exitCode === ExitCode.OK && diverged.length > 0;
  run.output.finish({
    sessionId: session.sessionId,
    model: run.modelName ?? '',
    response: session.response,
    reason: strictFailure ? 'replay_diverged' : session.reason,
    error: strictFailure ? `--strict: ${divergenceSummary(diverged)}.` : session.error,
    exitCode: strictFailure ? ExitCode.ERROR : exitCode,
  });
  if (strictFailure) return ExitCode.ERROR;
  if (cancellation !== undefined) await listChanges(run);
  return exitCode;
}

/** The run ended before its session did: the error (or the cancellation) in the output format. */
function endEarly(run: CliRun, error: unknown): number {
  const { cancellation } = run.stop;
  if (cancellation !== undefined && (error instanceof RunCancelled || isAbort(error))) {
    const code = exitCodeForCancellation(cancellation);
    run.transcript?.endWith(cancellation, run.modelName ?? '');
    run.output.failBeforeStart({ type: 'Cancelled', message: cancellation.message, code });
    return code;
  }
  const code = exitCodeForError(error);
  run.output.failBeforeStart({
    type: error instanceof Error ? error.name : 'Error',
    message: errorMessage(error),
    code,
  });
  if (run.options.debug && error instanceof Error && error.stack) run.logger.debug(error.stack);
  return code;
}

/**
 * A second Ctrl-C: every process the tools started is killed now, without a grace period; the
 * transcript still ends with the cancellation, and the changed files are listed when that is
 * quick. Then the process exits, without waiting for the session.
 */
async function stopAtOnce(run: CliRun, cancellation: Cancellation): Promise<number> {
  const code = exitCodeForCancellation(cancellation);
  const killed = await killToolProcessesNow();
  run.transcript?.endWith(cancellation, run.modelName ?? '');
  run.io.stderr.write(
    `Stopped at once${killed.length === 0 ? '' : `: ${killed.length} process group(s) of the tools killed`}.\n`,
  );
  await settleWithin(listChanges(run), FORCED_LISTING_MS);
  run.io.exit?.(code);
  return code;
}

/** How long a run stopped at once still spends listing the files it changed. */
const FORCED_LISTING_MS = 1000;

/** The files the session changed, left in place, on stderr. The CLI never commits them. */
async function listChanges(run: CliRun): Promise<void> {
  if (run.session === undefined) return;
  try {
    const changes = await readSessionChanges({
      workspace: run.options.repo,
      since: run.session.startedAt,
      written: run.session.agent.writtenFiles(),
      env: run.io.env,
    });
    for (const line of describeSessionChanges(changes)) run.io.stderr.write(`${line}\n`);
  } catch (error) {
    run.logger.warning(`The changed files could not be listed: ${errorMessage(error)}`);
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

function createOutput(
  options: CliOptions,
  io: CliIo,
  stats: SessionStatsCollector,
  prompt: string,
): CliOutput {
  switch (options.outputFormat) {
    case 'json':
      return createJsonOutput({ stdout: io.stdout, stderr: io.stderr, stats });
    case 'stream-json':
      return createStreamJsonOutput({ stdout: io.stdout, prompt, stats });
    case 'text':
      return createTextOutput({
        stdout: io.stdout,
        stderr: io.stderr,
        progress: createTerminalProgress({ stream: io.stderr, env: io.env }),
      });
  }
}

/**
 * Two loads started together; when both fail, the first one's error is the one reported, as
 * when they ran one after the other.
 */
async function bothInOrder<A, B>(first: Promise<A>, second: Promise<B>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

/** The workspace may not lie inside a repository's .gemini or .github, or any .git. */
async function requireUnprotected(dir: string): Promise<void> {
  const problem = await protectedFolderProblem(dir);
  if (problem !== undefined) {
    throw new UsageError(`--repo (default: the current folder): ${problem}`);
  }
}

/** A file the run may create or append to; a folder or an unwritable place is a usage error. */
async function requireWritableFile(flag: string, file: string): Promise<void> {
  const target = path.resolve(file);
  const info = await stat(target).catch(() => undefined);
  if (info?.isDirectory()) {
    throw new UsageError(`${flag} expects a file, but "${target}" is a directory.`);
  }
  try {
    await makeDirectory(path.dirname(target));
    await (await open(target, 'a')).close();
  } catch (error) {
    throw new UsageError(`${flag}: cannot write "${target}" (${errorMessage(error)}).`);
  }
}

/**
 * The model: live from the environment's credentials, or — with `--replay` — a recorded session
 * served by the local fake Gemini server, so replay goes through the same client as live runs.
 */
async function openModel(
  options: CliOptions,
  io: CliIo,
  run: {
    sessionId: string;
    cleanups: (() => Promise<void> | void)[];
    onRetry: (message: string) => void;
    onNotice: (message: string) => void;
    onModelCall: ModelCallListener;
  },
): Promise<{
  generator: ContentGenerator;
  authType: ModelAuth['type'];
  replay?: ReplayComparison;
}> {
  let auth: ModelAuth;
  let comparison: ReplayComparison | undefined;
  if (options.replay !== undefined) {
    const replay = await serveRecordedSession(options.replay);
    run.cleanups.push(() => replay.close());
    auth = replay.auth;
    comparison = replay.comparison;
  } else {
    auth = resolveModelAuth(io.env);
  }
  const generator = await createContentGenerator(auth, {
    env: io.env,
    sessionId: run.sessionId,
    storeRequests: options.storeRequests,
    onNotice: run.onNotice,
    ...(options.record !== undefined ? { recordTo: options.record } : {}),
    retry: {
      onRetry: (event) => {
        run.onRetry(describeRetry(event));
      },
    },
    onModelCall: run.onModelCall,
  });
  return {
    generator,
    authType: auth.type,
    ...(comparison !== undefined ? { replay: comparison } : {}),
  };
}

function fanOut(listeners: AgentEventListener[]): AgentEventListener {
  return (event: AgentEvent) => {
    for (const listener of listeners) listener(event);
  };
}
