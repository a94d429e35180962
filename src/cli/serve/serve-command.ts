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
import { sessionPromptFor } from '../../commands/run-commands.js';
import { DEFAULT_SETTINGS_PATH } from '../../config/settings.js';
import { createContentGenerator } from '../../model/create-content-generator.js';
import { resolveModelAuth } from '../../model/model-auth.js';
import { chooseRunModels } from '../../model/model-choice.js';
import { describeRetry } from '../../model/retry.js';
import { errorMessage, UsageError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { neutralIo, streamLogger } from '../../platform/logger.js';
import type { Redactor } from '../../platform/redaction.js';
import { createRedactor, secretEnvironmentValues } from '../../platform/redaction.js';
import { reportSandbox, resolveSandbox } from '../../platform/sandbox/resolve-sandbox.js';
import { startAgent } from '../../session-setup/run-agent.js';
import { recordRun } from '../../session-setup/written-configuration.js';
import { startA2AServer } from './a2a-server.js';
import type { ServerToken } from './bearer-token.js';
import { resolveToken } from './bearer-token.js';
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
}

/** Runs the server until Ctrl-C or SIGTERM; returns the exit code, never throws. */
export async function runServeCommand(argv: readonly string[], terminal: ServeIo): Promise<number> {
  // What the server logs names clients' workspaces, manifests and models' errors: neutral text only.
  const io = neutralIo(terminal);
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
    const token = await resolveToken({ tokenFile: options.tokenFile, env: io.env });
    const { redact, register } = createRedactor({
      secrets: [...secretEnvironmentValues(io.env), token.value],
    });
    const logger = streamLogger(
      { write: (text: string) => io.stderr.write(redact(text)) },
      {
        debug: options.debug,
      },
    );
    const server = await startServer(options, io, token, { redact, register, logger });
    printStart(io, options, server, token);
    const signal = await new Promise<StopSignal | undefined>((resolve) => {
      const stopListening = io.onInterrupt((received) => {
        stopListening();
        resolve(received);
      });
    });
    const cancellation = describeCancellation(causeOfSignal(signal), new Date(), 'The task');
    logger.info('Stopping: cancelling the running tasks.');
    const cancelled = server.runningTasks();
    await server.close(cancellation);
    // A server stopped while idle ended normally; one that cancelled tasks says how it was stopped.
    return cancelled === 0 ? ExitCode.OK : exitCodeForCancellation(cancellation);
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
}

async function startServer(
  options: ServeOptions,
  io: ServeIo,
  token: ServerToken,
  shared: Pick<Redactor, 'redact' | 'register'> & { logger: Logger },
) {
  const { logger } = shared;
  const workspaces = await Workspaces.create([options.repo, ...options.roots]).catch(
    (error: unknown) => {
      const message = error instanceof WorkspaceRefused ? error.message : errorMessage(error);
      throw new UsageError(
        `--repo and --root expect existing directories outside any .git, and outside a repository's .gemini and .github: ${message}`,
      );
    },
  );
  if (options.tokenFile !== undefined) await requireOutside(options.tokenFile, workspaces.roots);
  // What the default workspace configures (settings, extensions, commands, policy) is checked
  // now, so a typo stops the server at start rather than failing every task.
  // The token is the server's own secret however it was obtained (a file, the environment, made
  // now): no `$VAR` in a workspace's settings or manifests may hand its value to a server.
  const heldSecrets = [token.value];
  const initial = await loadWorkspaceSetup(
    workspaces.defaultWorkspace,
    options,
    io.env,
    heldSecrets,
    logger,
  );
  // What a server was given through `$VAR` in settings or a manifest is as secret as the token.
  for (const value of initial.settings.expandedValues) shared.register(value);
  for (const warning of initial.policy.warnings) logger.warning(warning);
  const models = chooseRunModels(modelSettings(options, io.env, initial.ownSettings));
  const auth = resolveModelAuth(io.env);
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

  const startTurn: StartTurn = async (turn) => {
    // Each workspace's own settings (MCP servers, tool selection, model), extensions, commands
    // and the policy they imply, as a CLI run there would have them.
    const setup = await loadWorkspaceSetup(turn.workspace, options, io.env, heldSecrets, logger);
    for (const value of setup.settings.expandedValues) shared.register(value);
    // A message that invokes a custom command is expanded by the session, through its tools.
    const { prompt, askUser } = commandPromptGuard(
      sessionPromptFor(turn.prompt, setup.commands),
      turn.askUser,
    );
    const sessionId = randomUUID();
    const contentGenerator = await createContentGenerator(auth, {
      sessionId,
      retry: {
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
      // Whoever holds the token started the server on their own machine: maintainer trust,
      // as for a local CLI run.
      policy: { engine: setup.policy.engine, runMode: options.mode, trust: 'maintainer', askUser },
      logger,
      onEvent: turn.onEvent,
      signal: turn.signal,
      sandbox,
      settings: setup.settings,
      agents: setup.agents,
      ...(turn.history === undefined ? {} : { history: turn.history }),
    });
    const run = await recorded(starting);
    return {
      ...run,
      notices,
      // What the session left changed in the workspace, for a cancelled task's final status.
      describeChanges: async () =>
        describeSessionChanges(
          await readSessionChanges({
            workspace: turn.workspace,
            since: startedAt,
            written: run.writtenFiles(),
            env: io.env,
          }),
        ),
    };
  };

  return startA2AServer({
    host: options.host,
    port: options.port,
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
    token: token.value,
    workspaces,
    startTurn,
    commands: workspaceCommandCatalog(options, io.env, heldSecrets, logger),
    redact: shared.redact,
    confirmationTimeoutMs: Math.round(options.confirmationTimeoutSeconds * 1000),
    model: models.model.name,
    logger,
  });
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
  server: { url: string; cardUrl: string },
  token: ServerToken,
): void {
  const lines = [
    `A2A server listening on ${server.url}`,
    `  agent card: ${server.cardUrl}`,
    token.source === 'generated'
      ? `  token:      ${token.value}  (generated now and shown only here; send it as "Authorization: Bearer <token>")`
      : `  token:      from ${token.source === 'file' ? '--token-file' : 'GEMINI_AGENT_A2A_TOKEN'}`,
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  if (!isLoopback(options.host)) {
    io.stderr.write(
      `warning: --host ${options.host} makes the server reachable from other machines, over plain HTTP: the token and every task travel unencrypted. Put it behind TLS, or keep the default 127.0.0.1.\n`,
    );
  }
}

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}
