/**
 * `gemini-agent serve`: the composition of the A2A server. Flags → token, workspaces, model
 * transport, sandbox and policy → the server; each task's turn is one agent session built as the
 * CLI builds its own (settings and policy of the task's workspace, the same tools, sandbox and
 * redaction), with the client answering what the policy would ask a person.
 */
import { randomUUID } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { ExitCode, exitCodeForCancellation, exitCodeForError } from '../exit-codes.js';
import { describeSessionChanges, readSessionChanges } from '../changed-files.js';
import type { StopSignal } from '../run-stop.js';
import { causeOfSignal, describeCancellation } from '../run-stop.js';
import { sessionPromptFor } from '../../custom-commands/run-commands.js';
import { DEFAULT_SETTINGS_PATH } from '../../config/settings.js';
import { createContentGenerator } from '../../model/create-content-generator.js';
import { requestStorageNotice } from '../../model/request-storage.js';
import { checkApplicationDefaultCredentials } from '../../model/application-default-credentials.js';
import { resolveModelAuth } from '../../model/model-auth.js';
import { chooseRunModels } from '../../model/model-choice.js';
import { describeRetry } from '../../model/retry.js';
import { errorMessage, UsageError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { neutralIo, streamLogger } from '../../platform/logger.js';
import type { Redactor } from '../../platform/redaction.js';
import { createRedactor, secretEnvironmentValues } from '../../platform/redaction.js';
import { reportSandbox, resolveSandbox } from '../../platform/sandbox/resolve-sandbox.js';
import { CLI_ALLOW_COMMAND_HINT, startAgent } from '../../session-setup/run-agent.js';
import { recordRun } from '../../session-setup/written-configuration.js';
import { serveRecordedSession } from '../../session-setup/replay-model.js';
import { readRecordedSession } from '../../model/recording.js';
import type { RunningA2AServer } from './a2a-server.js';
import { startA2AServer } from './a2a-server.js';
import type { Cancellation } from '../../agent/events.js';
import { killToolProcessesNow } from '../../platform/process-group.js';
import type { ServerToken } from './bearer-token.js';
import { resolveToken } from './bearer-token.js';
import { listenError } from './listen-error.js';
import type { ServeOptions } from './serve-args.js';
import { parseServeArgs, SERVE_USAGE } from './serve-args.js';
import { commandPromptGuard } from './command-prompt.js';
import type { StartTurn } from './task-executor.js';
import { loadWorkspaceSetup, workspaceCommandCatalog } from './workspace-setup.js';
import { Workspaces, WorkspaceRefused } from './workspaces.js';
import { isInsideOrSame } from '../../platform/path-containment.js';

export interface ServeIo {
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /**
   * Registers a handler for Ctrl-C / SIGTERM (called with the signal; without one, it was
   * Ctrl-C); returns a function that removes it.
   */
  onInterrupt(handler: (signal?: StopSignal) => void): () => void;
  /** Ends the process at once (a second signal); absent, the server goes on stopping. */
  exit?: (code: number) => void;
}

/** Runs the server until Ctrl-C or SIGTERM; returns the exit code, never throws. */
export async function runServeCommand(argv: readonly string[], terminal: ServeIo): Promise<number> {
  // What the server logs names clients' workspaces, manifests and models' errors: neutral text only.
  const io = neutralIo(terminal);
  // Stage 1: the flags.
  let options: ServeOptions;
  try {
    options = parseServeArgs(argv, process.cwd());
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
  if (options.help) {
    io.stdout.write(SERVE_USAGE);
    return ExitCode.OK;
  }
  try {
    const run = await authorize(options, io);
    const context = await prepare(run);
    const server = await listen(run, context);
    return await serveUntilStopped(run, server);
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
}

/** What the server has set up so far, for its stages and for every task's turn. */
interface ServeRun {
  options: ServeOptions;
  io: ServeIo;
  token: ServerToken;
  /** Redacts the token, the environment's secrets, and every value a `$VAR` expanded. */
  redactor: Pick<Redactor, 'redact' | 'register'>;
  logger: Logger;
  /**
   * The server's own secrets however they were obtained (a file, the environment, made now): no
   * `$VAR` in a workspace's settings or manifests may hand their values to a server.
   */
  heldSecrets: readonly string[];
}

/** The workspaces, the model and the sandbox every task shares. */
interface ServeContext {
  workspaces: Workspaces;
  models: ReturnType<typeof chooseRunModels>;
  /** Live credentials; undefined with `--replay`, where each task has a replay server of its own. */
  auth: ReturnType<typeof resolveModelAuth> | undefined;
  sandbox: Awaited<ReturnType<typeof resolveSandbox>>;
}

/** Stage 2: the token, and the redacting log that never shows it. */
async function authorize(options: ServeOptions, io: ServeIo): Promise<ServeRun> {
  const token = await resolveToken({ tokenFile: options.tokenFile, env: io.env });
  const redactor = createRedactor({ secrets: [...secretEnvironmentValues(io.env), token.value] });
  const logger = streamLogger(
    { write: (text: string) => io.stderr.write(redactor.redact(text)) },
    { debug: options.debug },
  );
  return { options, io, token, redactor, logger, heldSecrets: [token.value] };
}

/**
 * Stage 3: the workspaces, and what the default one configures (settings, extensions, commands,
 * policy), checked now so a typo stops the server at start rather than failing every task; the
 * model and the sandbox.
 */
async function prepare(run: ServeRun): Promise<ServeContext> {
  const { options, io, logger } = run;
  const workspaces = await Workspaces.create([options.repo, ...options.roots]).catch(
    (error: unknown) => {
      const message = error instanceof WorkspaceRefused ? error.message : errorMessage(error);
      throw new UsageError(
        `--repo and --root expect existing directories outside any .git, and outside a repository's .gemini and .github: ${message}`,
      );
    },
  );
  if (options.tokenFile !== undefined) await requireOutside(options.tokenFile, workspaces.roots);
  const initial = await loadWorkspaceSetup(
    workspaces.defaultWorkspace,
    options,
    io.env,
    run.heldSecrets,
    logger,
  );
  // What a server was given through `$VAR` in settings or a manifest is as secret as the token.
  for (const value of initial.settings.expandedValues) run.redactor.register(value);
  for (const warning of initial.policy.warnings) logger.warning(warning);
  const models = chooseRunModels(modelSettings(options, io.env, initial.ownSettings));
  let auth: ReturnType<typeof resolveModelAuth> | undefined;
  if (options.replay === undefined) {
    auth = resolveModelAuth(io.env);
    // Before listening: a server whose every task would fail for want of credentials does not start.
    checkApplicationDefaultCredentials(auth, io.env);
    // Said once for the server, not per task: every task's requests go the same way.
    const storage = requestStorageNotice(auth.type, options.storeRequests);
    if (storage !== undefined) logger.info(storage);
  } else {
    // Read now, so a missing or malformed recording stops the server at start.
    await readRecordedSession(options.replay).catch((error: unknown) => {
      throw new UsageError(`--replay: ${errorMessage(error)}`);
    });
    logger.info(
      `Every task is answered from the recorded session ${options.replay}, from its start: no model is called.`,
    );
  }
  const sandbox = await resolveSandbox(options.sandbox, {
    env: io.env,
    logger,
    setting: '--sandbox',
  });
  reportSandbox(sandbox, {
    mode: options.sandbox,
    isolateNetwork: false,
    logger,
    silence: 'Pass --sandbox none to run without one on purpose and silence this notice.',
  });
  return { workspaces, models, auth, sandbox };
}

/** Stage 4: the server listening, each task's turn a session (`turnStarter`). */
async function listen(run: ServeRun, context: ServeContext): Promise<RunningA2AServer> {
  const { options, io, logger } = run;
  const server = await startA2AServer({
    host: options.host,
    port: options.port,
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    token: run.token.value,
    workspaces: context.workspaces,
    startTurn: turnStarter(run, context),
    commands: workspaceCommandCatalog(options, io.env, run.heldSecrets, logger),
    redact: run.redactor.redact,
    confirmationTimeoutMs: Math.round(options.confirmationTimeoutSeconds * 1000),
    model: context.models.model.name,
    logger,
  }).catch((error: unknown) => {
    throw listenError(error, options.host, options.port);
  });
  printStart(io, options, server, run.token);
  return server;
}

/**
 * Stage 5: serving until Ctrl-C or SIGTERM, then the end: every running task ends `canceled`,
 * saying by what and when and what it left changed, and the server closes. A second signal stops
 * at once: the tools' processes are killed without a grace period and the process exits.
 */
async function serveUntilStopped(run: ServeRun, server: RunningA2AServer): Promise<number> {
  const { io, logger } = run;
  let cancellation: Cancellation | undefined;
  const stopped = new Promise<Cancellation>((resolve) => {
    const stopListening = io.onInterrupt((signal) => {
      if (cancellation === undefined) {
        cancellation = describeCancellation(causeOfSignal(signal), new Date(), 'The task');
        resolve(cancellation);
        return;
      }
      stopListening();
      void stopAtOnce(run, exitCodeForCancellation(cancellation));
    });
  });
  const ending = await stopped;
  logger.info('Stopping: cancelling the running tasks.');
  const cancelled = server.runningTasks();
  await server.close(ending);
  // A server stopped while idle ended normally; one that cancelled tasks says how it was stopped.
  return cancelled === 0 ? ExitCode.OK : exitCodeForCancellation(ending);
}

/** A second signal while the tasks stop: their tools' processes are killed now, and it exits. */
async function stopAtOnce(run: ServeRun, code: number): Promise<void> {
  const killed = await killToolProcessesNow();
  run.logger.info(
    `Stopped at once${killed.length === 0 ? '' : `: ${killed.length} process group(s) of the tools killed`}.`,
  );
  run.io.exit?.(code);
}

/**
 * Each task's turn, built as a CLI run in its workspace would be: that workspace's own settings
 * (MCP servers, tool selection, model), extensions, commands and the policy they imply, the same
 * tools, sandbox and redaction, with the client answering what the policy would ask a person.
 */
function turnStarter(run: ServeRun, context: ServeContext): StartTurn {
  const { options, io, logger } = run;
  return async (turn) => {
    const setup = await loadWorkspaceSetup(
      turn.workspace,
      options,
      io.env,
      run.heldSecrets,
      logger,
    );
    for (const value of setup.settings.expandedValues) run.redactor.register(value);
    // A message that invokes a custom command is expanded by the session, through its tools.
    const { prompt, askUser } = commandPromptGuard(
      sessionPromptFor(turn.prompt, setup.commands),
      turn.askUser,
    );
    const sessionId = randomUUID();
    // With --replay, each task has the recording served from its start by a server of its own,
    // stopped when the task's session ends.
    const replay =
      options.replay === undefined ? undefined : await serveRecordedSession(options.replay);
    const startTask = async (auth: ReturnType<typeof resolveModelAuth> | undefined) => {
      if (auth === undefined) throw new Error('serve: no model credentials and no --replay.');
      const contentGenerator = await createContentGenerator(auth, {
        sessionId,
        storeRequests: options.storeRequests,
        retry: {
          // A recording holds the failed replies a session retried; replaying them needs no wait.
          ...(replay === undefined ? {} : { sleep: () => Promise.resolve() }),
          onRetry: (event) => {
            logger.warning(`Task ${turn.taskId}: ${describeRetry(event)}`);
          },
        },
      });
      logger.info(`Task ${turn.taskId}: working in ${turn.workspace}.`);
      // Recorded from before its first tool until its tools have stopped, so a later task does not
      // load configuration this one wrote (written-configuration.ts). What was left out, and why,
      // the task tells its client.
      const notices = [...setup.heldBack];
      const recorded = await recordRun(turn.workspace, io.env, (message) => {
        logger.warning(message);
        notices.push(message);
      });
      const startedAt = Date.now();
      const starting = startAgent({
        prompt,
        extensionContextFiles: setup.extensionContextFiles,
        workspaceRoot: turn.workspace,
        ...chooseRunModels(modelSettings(options, io.env, setup.ownSettings)),
        env: io.env,
        sessionId,
        contentGenerator,
        allowCommandHint: CLI_ALLOW_COMMAND_HINT,
        ...(replay === undefined ? {} : { replay: replay.comparison }),
        // Whoever holds the token started the server on their own machine: maintainer trust,
        // as for a local CLI run.
        policy: {
          engine: setup.policy.engine,
          runMode: options.mode,
          trust: 'maintainer',
          askUser,
        },
        logger,
        onEvent: turn.onEvent,
        signal: turn.signal,
        sandbox: context.sandbox,
        settings: setup.settings,
        agents: setup.agents,
        ...(turn.history === undefined ? {} : { history: turn.history }),
      });
      return { agent: await recorded(starting), notices, startedAt };
    };
    let agent: Awaited<ReturnType<typeof startAgent>>;
    let notices: string[];
    let startedAt: number;
    try {
      ({ agent, notices, startedAt } = await startTask(replay?.auth ?? context.auth));
    } catch (error) {
      await replay?.close();
      throw error;
    }
    if (replay !== undefined) {
      void agent.result.then(
        () => replay.close(),
        () => replay.close(),
      );
    }
    return {
      ...agent,
      notices,
      // What the session left changed in the workspace, for a cancelled task's final status.
      describeChanges: async () =>
        describeSessionChanges(
          await readSessionChanges({
            workspace: turn.workspace,
            since: startedAt,
            written: agent.writtenFiles(),
            env: io.env,
          }),
        ),
    };
  };
}

function modelSettings(
  options: ServeOptions,
  env: NodeJS.ProcessEnv,
  settings: Parameters<typeof chooseRunModels>[0]['settings'],
): Parameters<typeof chooseRunModels>[0] {
  return {
    explicit: { value: options.model, setBy: '--model' },
    env,
    settings,
    fallback: { value: options.fallbackModel, setBy: '--fallback-model' },
    howToChoose: `--model (-m) or GEMINI_MODEL (or model.name in ${DEFAULT_SETTINGS_PATH})`,
  };
}

/** A token file inside a workspace could be read by the agent's own tools. */
async function requireOutside(tokenFile: string, roots: readonly string[]): Promise<void> {
  const file = await realpath(tokenFile).catch(() => path.resolve(tokenFile));
  const root = roots.find((candidate) => isInsideOrSame(file, candidate));
  if (root !== undefined) {
    throw new UsageError(
      `--token-file must be outside the workspaces, where the agent's tools cannot read it; ${file} is inside ${root}.`,
    );
  }
}

function printStart(
  io: ServeIo,
  options: ServeOptions,
  server: { url: string; cardUrl: string; listenUrl: string },
  token: ServerToken,
): void {
  const lines = [
    server.listenUrl === server.url
      ? `A2A server listening on ${server.url}`
      : `A2A server listening on ${server.listenUrl} (--public-url sends clients to ${server.url})`,
    `  agent card: ${server.cardUrl}`,
    token.source === 'generated'
      ? `  token:      ${token.value}  (generated now and shown only here; send it as "Authorization: Bearer <token>")`
      : `  token:      from ${token.source === 'file' ? '--token-file' : 'GEMINI_AGENT_A2A_TOKEN'}`,
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  if (!isLoopback(options.host)) {
    io.stderr.write(
      `warning: --host ${options.host} makes the server reachable from other machines, over plain HTTP: the token and every task travel unencrypted. Put it behind a TLS proxy and pass the proxy's https:// address as --public-url, or keep the default 127.0.0.1.\n`,
    );
  }
}

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}
