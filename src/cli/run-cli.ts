/**
 * The CLI's composition root: flags → model transport (live, or a recorded session served by the
 * local fake server) → tools and session → the chosen output format → exit code.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AgentEvent, AgentEventListener } from '../agent/events.js';
import { createTranscriptWriter } from '../agent/transcript.js';
import type { TranscriptWriter } from '../agent/transcript.js';
import type { ContentGenerator } from '../model/content-generator.js';
import { createContentGenerator } from '../model/create-content-generator.js';
import type { ModelAuth } from '../model/model-auth.js';
import { resolveModelAuth } from '../model/model-auth.js';
import type { ModelCallListener } from '../model/model-calls.js';
import { ModelCalls } from '../model/model-calls.js';
import { chooseRunModels } from '../model/model-choice.js';
import { describeRetry } from '../model/retry.js';
import { errorMessage, UsageError } from '../platform/errors.js';
import { neutralIo, streamLogger } from '../platform/logger.js';
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
import { startAgent } from '../session-setup/run-agent.js';
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
import { loadRunCommands, sessionPromptFor } from '../commands/run-commands.js';
import {
  extensionAgentFolders,
  extensionContextFiles,
  withExtensionServers,
} from '../commands/extensions/extension-config.js';
import type { CliOptions } from './args.js';
import { parseCliArgs, USAGE } from './args.js';
import { ExitCode, exitCodeForError, exitCodeForReason } from './exit-codes.js';
import { createJsonOutput } from './output/json-output.js';
import { createStreamJsonOutput } from './output/stream-json-output.js';
import { createTerminalProgress } from './output/status-line.js';
import { createTextOutput } from './output/text-output.js';
import type { TextSink } from '../platform/logger.js';
import type { CliOutput } from './output/types.js';
import { loadCliPolicy } from '../session-setup/policy-setup.js';
import { readPipedStdin } from './read-stdin.js';
import { serveRecordedSession } from '../session-setup/replay-model.js';

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: TextSink;
  stderr: TextSink;
  stdin: NodeJS.ReadStream;
  /** Registers a handler for Ctrl-C / SIGTERM; returns a function that removes it. */
  onInterrupt(handler: () => void): () => void;
}

export function processIo(): CliIo {
  return {
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    onInterrupt(handler) {
      process.on('SIGINT', handler);
      process.on('SIGTERM', handler);
      return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
      };
    },
  };
}

/** Runs the CLI and returns its exit code; never throws. */
export async function runCli(argv: readonly string[], terminal: CliIo): Promise<number> {
  // Everything the CLI and its subcommands print carries text from repositories, manifests, the
  // model or tools: no control character of theirs reaches the terminal (logger.ts).
  const io = neutralIo(terminal);
  // `policy`, `run`, `commands`, `demo` and `trust` as the first word are subcommands; a prompt
  // starting with one of them needs -p.
  // Loaded when used: they bring most of the Action's GitHub side, which `-p` never needs and
  // whose loading would delay every run's first model request.
  if (argv[0] === 'policy') {
    const { runPolicyCommand } = await import('./policy-command.js');
    return runPolicyCommand(argv.slice(1), io);
  }
  if (argv[0] === 'run') {
    const { runRunCommand } = await import('./run-command.js');
    return runRunCommand(argv.slice(1), io);
  }
  if (argv[0] === 'commands') {
    const { runCommandsCommand } = await import('./commands-command.js');
    return runCommandsCommand(argv.slice(1), io);
  }
  if (argv[0] === 'demo') {
    const { runDemoCommand } = await import('./demo-command.js');
    return runDemoCommand(argv.slice(1), io);
  }
  if (argv[0] === 'trust') {
    const { runTrustCommand } = await import('./trust-command.js');
    return runTrustCommand(argv.slice(1), io);
  }
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

  const logger = streamLogger(io.stderr, { debug: options.debug });
  const stats = new SessionStatsCollector();
  const prompt = options.prompt ?? (await readPipedStdin(io.stdin))?.trim();
  const output = createOutput(options, io, stats, prompt ?? '');
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    if (!prompt) {
      throw new UsageError('No prompt given: pass the task with -p "<prompt>" or pipe it in.');
    }
    await requireDirectory(options.repo);
    await requireUnprotected(options.repo);
    // The workspace's own configuration loads only in a trusted folder; one that is not trusted
    // and holds some stops here, before anything of it is read or started (folder-trust.ts).
    const trust = await requireWorkspaceTrust({
      folder: options.repo,
      env: io.env,
      skipTrust: options.skipTrust,
      contents: () => folderContents(options.repo),
    });
    reportUntrustedContext(trust, options.repo, logger);
    // Undefined: the repository's own extensions and commands are not read, only --extension's.
    const configRoot = trust.trusted ? options.repo : undefined;
    // Files the run writes are checked before anything starts, so a path that cannot be written
    // is a usage error naming its flag rather than a failure in the middle of the session.
    if (options.record !== undefined) await requireWritableFile('--record', options.record);
    if (options.transcript !== undefined) {
      await requireWritableFile('--transcript', options.transcript);
    }
    // The transcript is the user's own file on their machine, as the CLI's other outputs are: it
    // is written as the session went, unredacted.
    const transcript = options.transcript
      ? createTranscriptWriter(options.transcript, { redact: (line) => line })
      : undefined;
    if (transcript)
      cleanups.push(() => {
        transcript.close();
      });
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
    const sessionPrompt = sessionPromptFor(prompt, commands.registry);
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
    const sessionId = randomUUID();
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
      onModelCall: modelCalls.report,
    });

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

    const controller = new AbortController();
    cleanups.push(
      io.onInterrupt(() => {
        controller.abort();
      }),
    );
    // Recorded from before its first tool until its tools have stopped, so a later run does not
    // load configuration this one wrote.
    const recorded = await recordRun(options.repo, io.env, (message) => {
      logger.warning(message);
    });
    const starting = startAgent({
      prompt: sessionPrompt,
      extensionContextFiles: extensionContextFiles(commands.extensions),
      ...(trust.trusted ? {} : { projectContext: false }),
      workspaceRoot: options.repo,
      ...models,
      env: io.env,
      sessionId,
      contentGenerator: model.generator,
      modelCalls,
      // Nobody is asked: the policy answers every confirmation. A local run is started by a
      // person at their own checkout, so it runs with maintainer trust.
      policy: { engine: policy.engine, runMode: options.mode, trust: 'maintainer' },
      logger,
      onEvent: fanOut([stats.listener, output.listener, ...optional(transcript)]),
      budgets: {
        ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
        ...(options.timeoutSeconds !== undefined
          ? { timeoutMs: Math.round(options.timeoutSeconds * 1000) }
          : {}),
      },
      signal: controller.signal,
      sandbox,
      settings: runSettings,
      ...(telemetry ? { telemetry } : {}),
      agents,
    });
    const { session: agent, result } = await recorded(starting);
    reportRetry = (message) => {
      agent.reportWarning('model_retry', message);
    };
    const session = await result;
    const exitCode = exitCodeForReason(session.reason);
    output.finish({
      sessionId: session.sessionId,
      model: models.model.name,
      response: session.response,
      reason: session.reason,
      error: session.error,
      exitCode,
    });
    return exitCode;
  } catch (error) {
    const code = exitCodeForError(error);
    output.failBeforeStart({
      type: error instanceof Error ? error.name : 'Error',
      message: errorMessage(error),
      code,
    });
    if (options.debug && error instanceof Error && error.stack) logger.debug(error.stack);
    return code;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

function createOutput(
  options: CliOptions,
  io: CliIo,
  stats: SessionStatsCollector,
  prompt: string,
): CliOutput {
  switch (options.outputFormat) {
    case 'json':
      return createJsonOutput({ stdout: io.stdout, stats });
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

async function requireDirectory(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new UsageError(`--repo expects an existing directory, got "${path.resolve(dir)}".`);
  }
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
    await mkdir(path.dirname(target), { recursive: true });
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
    onModelCall: ModelCallListener;
  },
): Promise<{ generator: ContentGenerator; authType: ModelAuth['type'] }> {
  let auth: ModelAuth;
  if (options.replay !== undefined) {
    const replay = await serveRecordedSession(options.replay);
    run.cleanups.push(() => replay.close());
    auth = replay.auth;
  } else {
    auth = resolveModelAuth(io.env);
  }
  const generator = await createContentGenerator(auth, {
    sessionId: run.sessionId,
    ...(options.record !== undefined ? { recordTo: options.record } : {}),
    retry: {
      onRetry: (event) => {
        run.onRetry(describeRetry(event));
      },
    },
    onModelCall: run.onModelCall,
  });
  return { generator, authType: auth.type };
}

function fanOut(listeners: AgentEventListener[]): AgentEventListener {
  return (event: AgentEvent) => {
    for (const listener of listeners) listener(event);
  };
}

function optional(transcript: TranscriptWriter | undefined): AgentEventListener[] {
  return transcript ? [transcript] : [];
}
