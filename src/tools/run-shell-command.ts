/**
 * `run_shell_command`: runs `bash -c <command>` in the workspace, in its own process group, with
 * an allow-listed environment, and answers the model in the Gemini CLI's format (Command,
 * Directory, Output, Error, Exit Code, Signal, Background PIDs, Process Group PGID).
 */
import { statSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { z } from 'zod';
import type { Logger } from '../platform/logger.js';
import { errorMessage } from '../platform/errors.js';
import { silentLogger } from '../platform/logger.js';
import { ProcessGroupTracker } from '../platform/process-group.js';
import type { Sandbox, SandboxSession } from '../platform/sandbox/sandbox-types.js';
import { checkToolEnvironmentAllowList } from '../platform/tool-environment.js';
import { defineTool } from './define-tool.js';
import { PARAMETER_ALIASES } from './parameter-aliases.js';
import type { ShellExecutionResult } from './shell-execution.js';
import { executeShellCommand } from './shell-execution.js';
import { ShellOutput } from './shell-output.js';
import { ToolProcesses } from './tool-processes.js';
import type { Tool, ToolResult } from './tool-types.js';
import type { Workspace } from './workspace.js';
import { formatDuration } from '../platform/text.js';

export const RUN_SHELL_COMMAND_TOOL_NAME = 'run_shell_command';
/** A command printing nothing for this long is stopped (the Gemini CLI's default). */
export const DEFAULT_INACTIVITY_TIMEOUT_MS = 5 * 60 * 1000;
/** No command runs longer than this in total. */
export const DEFAULT_TOTAL_TIMEOUT_MS = 10 * 60 * 1000;
/** Between SIGTERM and SIGKILL when a command is stopped. */
export const DEFAULT_KILL_GRACE_MS = 2000;

const parameters = z.object({
  command: z.string().describe('Exact bash command to execute as `bash -c <command>`'),
  description: z
    .string()
    .describe(
      'Brief description of the command for the user. Be specific and concise. Ideally a single sentence. Can be up to 3 sentences for clarity. No line breaks.',
    )
    .optional(),
  directory: z
    .string()
    .describe(
      '(OPTIONAL) The directory to run the command in: relative to the workspace root, or absolute. If not provided, the workspace root is used. Must be a directory within the workspace and must already exist.',
    )
    .optional(),
});
export type RunShellCommandParams = z.infer<typeof parameters>;

export interface RunShellCommandToolOptions {
  workspace: Workspace;
  logger?: Logger;
  /**
   * The environment tool processes are derived from (filtered through the allow-list); read at
   * each call. Default: `process.env`.
   */
  parentEnv?: Readonly<Record<string, string | undefined>>;
  /** Variables to pass besides the defaults (names or `PREFIX_*`); secrets are refused anyway. */
  envAllow?: readonly string[];
  /** Default `DEFAULT_INACTIVITY_TIMEOUT_MS`; 0 disables. */
  inactivityTimeoutMs?: number;
  /** Default `DEFAULT_TOTAL_TIMEOUT_MS`; 0 disables. */
  totalTimeoutMs?: number;
  /** Default `DEFAULT_KILL_GRACE_MS`. */
  killGraceMs?: number;
  /** Output longer than this keeps its first 20% and last 80%; default 40,000 characters. */
  maxOutputChars?: number;
  /** The shell executable; default `bash` on the tool environment's PATH. */
  shell?: string;
  /**
   * Where commands run. Set up at the first command and closed on dispose; without one,
   * commands run as the Action's user, unconfined.
   */
  sandbox?: Sandbox;
  /** Cut commands off the network, where the sandbox can. */
  isolateNetwork?: boolean;
  /**
   * The run's shared place for tool processes (its sandbox session and environment), owned and
   * closed by the caller. Without one, the tool makes its own from `parentEnv`, `envAllow`,
   * `sandbox` and `isolateNetwork` and closes it on dispose.
   */
  processes?: ToolProcesses;
}

export function createRunShellCommandTool(
  options: RunShellCommandToolOptions,
): Tool<RunShellCommandParams> {
  const { workspace } = options;
  const logger = options.logger ?? silentLogger;
  const envAllow = options.envAllow ?? [];
  const { refused } = checkToolEnvironmentAllowList(envAllow);
  for (const name of refused) {
    logger.warning(
      `${name} is allowed for tool processes but looks like a secret, so it is never passed to them.`,
    );
  }
  const inactivityTimeoutMs = options.inactivityTimeoutMs ?? DEFAULT_INACTIVITY_TIMEOUT_MS;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const killGraceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const tracker = new ProcessGroupTracker({ graceMs: killGraceMs });
  const ownsProcesses = options.processes === undefined;
  const processes =
    options.processes ??
    new ToolProcesses({
      workspaceRoot: workspace.root,
      parentEnv: options.parentEnv ?? process.env,
      envAllow,
      ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
      ...(options.isolateNetwork === undefined ? {} : { isolateNetwork: options.isolateNetwork }),
      writes: workspace,
    });
  const confined = processes.confined;

  const tool = defineTool({
    name: RUN_SHELL_COMMAND_TOOL_NAME,
    displayName: 'Shell',
    description: toolDescription({ inactivityTimeoutMs, totalTimeoutMs, confined }),
    kind: 'execute',
    parameters,
    parameterAliases: PARAMETER_ALIASES.run_shell_command,
    validate(params) {
      if (params.command.trim() === '') {
        return { message: 'Command cannot be empty.', type: 'invalid_tool_params' };
      }
      if (params.command.includes('\0')) {
        // No program can receive a NUL byte in its arguments.
        return { message: 'Command cannot contain NUL characters.', type: 'invalid_tool_params' };
      }
      const directory = resolveDirectory(workspace, params.directory);
      return directory.ok ? null : directory.error;
    },
    invocation(params) {
      const directory = resolveDirectory(workspace, params.directory);
      const cwd = directory.ok ? directory.absolutePath : workspace.root;
      const shownDirectory = directory.ok ? directory.shown : (params.directory ?? '(root)');
      const description =
        shownDirectory === '(root)'
          ? `Run: ${params.command}`
          : `Run: ${params.command} in ${shownDirectory}`;
      return {
        describe: () => description,
        locations: () => [directory.ok ? directory.relativePath : (params.directory ?? '.')],
        confirmationDetails: () =>
          Promise.resolve({
            type: 'exec',
            title: 'Confirm Shell Command',
            command: params.command,
            rootCommand: shellRootCommands(params.command).join(', '),
            workingDirectory: cwd,
          }),
        execute: async (signal, onOutput) => {
          if (signal.aborted) {
            return {
              llmContent: 'Command was cancelled by user before it could start.',
              returnDisplay: 'Command cancelled by user.',
            };
          }
          // Checked again: the directory may have changed since the call was validated.
          const current = resolveDirectory(workspace, params.directory);
          if (!current.ok) {
            return {
              llmContent: current.error.message,
              returnDisplay: current.error.message,
              error: current.error,
            };
          }
          let opened: SandboxSession | undefined;
          try {
            opened = await processes.session();
          } catch (error) {
            const message = `The sandbox for shell commands could not be set up, so the command did not run: ${errorMessage(error)}`;
            logger.warning(message);
            return {
              llmContent: message,
              returnDisplay: message,
              error: { message, type: 'shell_execute_error' },
            };
          }
          const output = new ShellOutput({ maxChars: options.maxOutputChars });
          const sandbox = opened;
          const result = await executeShellCommand({
            command: params.command,
            cwd: current.absolutePath,
            env: processes.environment(),
            output,
            signal,
            inactivityTimeoutMs,
            totalTimeoutMs,
            killGraceMs,
            tracker,
            logger,
            ...(onOutput ? { onOutput: liveReporter(output, onOutput) } : {}),
            ...(options.shell === undefined ? {} : { shell: options.shell }),
            // Wrapped through `processes`, which hands over what the tools wrote meanwhile.
            ...(sandbox
              ? { sandbox: { wrap: (command) => processes.wrapIn(sandbox, command) } }
              : {}),
          });
          if (opened && result.backgroundPids.length > 0) {
            // The model can only act on the PIDs its own commands see.
            const session = opened;
            result.backgroundPids = await Promise.all(
              result.backgroundPids.map((pid) => session.pidInSandbox(pid)),
            );
          }
          return formatResult({
            command: params.command,
            directory: current.shown,
            output: output.text(),
            result,
            inactivityTimeoutMs,
            totalTimeoutMs,
          });
        },
      };
    },
  });
  return {
    ...tool,
    dispose: async () => {
      await tracker.killAll();
      // Ends whatever is still running in the sandbox and gives the workspace back.
      if (ownsProcesses) await processes.close();
    },
  };
}

/** Reports the output so far whenever it changed (a chunk of escape codes changes nothing). */
function liveReporter(output: ShellOutput, onOutput: (text: string) => void): () => void {
  let last = '';
  return () => {
    const text = output.liveText();
    if (text === last) return;
    last = text;
    onOutput(text);
  };
}

type ResolvedDirectory =
  | { ok: true; absolutePath: string; relativePath: string; shown: string }
  | {
      ok: false;
      error: { message: string; type: 'path_not_in_workspace' | 'invalid_tool_params' };
    };

function resolveDirectory(workspace: Workspace, directory: string | undefined): ResolvedDirectory {
  if (directory === undefined || directory === '') {
    return { ok: true, absolutePath: workspace.root, relativePath: '.', shown: '(root)' };
  }
  const resolved = workspace.resolve(directory, { purpose: 'read' });
  if (!resolved.ok) return resolved;
  let isDirectory: boolean;
  try {
    isDirectory = statSync(resolved.absolutePath).isDirectory();
  } catch {
    return {
      ok: false,
      error: {
        message: `Directory does not exist: ${resolved.absolutePath}. The directory must already exist within the workspace.`,
        type: 'invalid_tool_params',
      },
    };
  }
  if (!isDirectory) {
    return {
      ok: false,
      error: {
        message: `Path is not a directory: ${resolved.absolutePath}`,
        type: 'invalid_tool_params',
      },
    };
  }
  const shown = workspace.displayPath(resolved.absolutePath);
  return {
    ok: true,
    absolutePath: resolved.absolutePath,
    relativePath: resolved.relativePath === '' ? '.' : resolved.relativePath,
    shown: shown === '.' ? '(root)' : shown,
  };
}

/**
 * The first word of each sub-command (`npm test && git status | head` → npm, git, head), for the
 * confirmation a human would have seen. A rough split: the policy engine parses commands properly.
 */
export function shellRootCommands(command: string): string[] {
  const roots: string[] = [];
  for (const segment of command.split(/&&|\|\||[;|&\n]/)) {
    const words = segment
      .trim()
      .replace(/^[({!\s]+/, '')
      .split(/\s+/);
    // Leading assignments (`FOO=1 npm test`) are not the command.
    const root = words.find((word) => word !== '' && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
    if (root !== undefined && !roots.includes(root)) roots.push(root);
  }
  return roots;
}

interface FormatInput {
  command: string;
  directory: string;
  output: string;
  result: ShellExecutionResult;
  inactivityTimeoutMs: number;
  totalTimeoutMs: number;
}

/**
 * A shell command's outcome as plain data, for trusted code that runs a command on its own
 * behalf (a custom command's `!{…}`) rather than for the model.
 */
export interface ShellRunData {
  /** Combined stdout and stderr, as the model would read it. */
  output: string;
  exitCode: number | null;
  signal: string | null;
  /** Why the command was stopped before it ended by itself. */
  stopped?: 'inactivity' | 'total' | 'aborted';
}

/** The plain outcome of a `run_shell_command` result, or undefined for any other result. */
export function shellRunOf(result: ToolResult): ShellRunData | undefined {
  const data = result.data;
  if (data === undefined || typeof data.output !== 'string') return undefined;
  const exitCode = typeof data.exitCode === 'number' ? data.exitCode : null;
  const signal = typeof data.signal === 'string' ? data.signal : null;
  const stopped = data.stopped;
  return {
    output: data.output,
    exitCode,
    signal,
    ...(stopped === 'inactivity' || stopped === 'total' || stopped === 'aborted'
      ? { stopped }
      : {}),
  };
}

function formatResult(input: FormatInput): ToolResult {
  const plain = shellRunData(input);
  return { ...modelResult(input), data: plain };
}

function shellRunData({ result, output }: FormatInput): Record<string, unknown> & ShellRunData {
  return {
    output,
    exitCode: result.exitCode,
    signal: result.signal,
    ...(result.stopped === undefined ? {} : { stopped: result.stopped }),
  };
}

function modelResult(input: FormatInput): ToolResult {
  const { result, output } = input;
  if (result.stopped !== undefined) {
    let reason: string;
    if (result.stopped === 'inactivity') {
      reason = `Command was automatically cancelled because it exceeded the timeout of ${formatDuration(input.inactivityTimeoutMs, 'gemini-cli')} without output.`;
    } else if (result.stopped === 'total') {
      reason = `Command was automatically cancelled because it exceeded the total time limit of ${formatDuration(input.totalTimeoutMs, 'gemini-cli')}.`;
    } else {
      reason = 'Command was cancelled by user before it could complete.';
    }
    const llmContent = output
      ? `${reason} Below is the output before it was cancelled:\n${output}`
      : `${reason} There was no output before it was cancelled.`;
    const display = result.stopped === 'aborted' ? 'Command cancelled by user.' : reason;
    return {
      llmContent,
      returnDisplay: output ? `${display}\n\nOutput before cancellation:\n${output}` : display,
    };
  }

  const signalNumber = result.signal === null ? null : signalToNumber(result.signal);
  const llmContent = [
    `Command: ${input.command}`,
    `Directory: ${input.directory}`,
    `Output: ${output || '(empty)'}`,
    `Error: ${result.error ? result.error.message : '(none)'}`,
    `Exit Code: ${result.exitCode ?? '(none)'}`,
    `Signal: ${signalNumber ?? '(none)'}`,
    `Background PIDs: ${result.backgroundPids.length > 0 ? result.backgroundPids.join(', ') : '(none)'}`,
    `Process Group PGID: ${result.pgid ?? '(none)'}`,
  ].join('\n');

  let returnDisplay = output;
  if (output === '') {
    if (signalNumber !== null) returnDisplay = `Command terminated by signal: ${signalNumber}`;
    else if (result.error) returnDisplay = `Command failed: ${result.error.message}`;
    else if (result.exitCode !== null && result.exitCode !== 0) {
      returnDisplay = `Command exited with code: ${result.exitCode}`;
    }
  }
  if (result.error) {
    // The model reads only the error message of a failed call, so it carries the whole report.
    return {
      llmContent,
      returnDisplay,
      error: { message: llmContent, type: 'shell_execute_error' },
    };
  }
  return { llmContent, returnDisplay };
}

/** Signals are reported by number, as the Gemini CLI does (`Signal: 15` for SIGTERM). */
function signalToNumber(signal: NodeJS.Signals): number | string {
  const numbers: Partial<Record<string, number>> = osConstants.signals;
  return numbers[signal] ?? signal;
}

function toolDescription(limits: {
  inactivityTimeoutMs: number;
  totalTimeoutMs: number;
  confined: boolean | undefined;
}): string {
  const stops: string[] = [];
  if (limits.inactivityTimeoutMs > 0) {
    stops.push(`prints nothing for ${formatDuration(limits.inactivityTimeoutMs, 'gemini-cli')}`);
  }
  if (limits.totalTimeoutMs > 0) {
    stops.push(`runs longer than ${formatDuration(limits.totalTimeoutMs, 'gemini-cli')} in total`);
  }
  const rules =
    'only the workspace is writable (not its .git), the home and temporary directories are private and start empty, and sudo is not available. Stop background processes by the PIDs reported; the process group ID is not usable inside the sandbox.';
  // Undefined: the sandbox is still being found when the tools are declared.
  const sandboxed =
    limits.confined === true
      ? ` Commands run in a sandbox: ${rules}`
      : limits.confined === undefined
        ? ` Commands run in a sandbox where this machine supports one; there, ${rules}`
        : '';
  const timeouts =
    stops.length > 0
      ? ` A command that ${stops.join(' or ')} is stopped together with its whole process group.`
      : '';
  return `This tool executes a given shell command as \`bash -c <command>\`. Command can start background processes using \`&\`. Command is executed as a subprocess that leads its own process group. Command process group can be terminated as \`kill -- -PGID\` or signaled as \`kill -s SIGNAL -- -PGID\`.

Standard input is closed, so a command waiting for input gets end-of-file at once: use non-interactive flags (e.g. \`--yes\`, \`-y\`). Pagers are disabled.${timeouts} Background processes keep running until the session ends.${sandboxed}

The following information is returned:

Command: Executed command.
Directory: Directory where command was executed, or \`(root)\`.
Output: Combined stdout and stderr, in the order they were written. Can be \`(empty)\` or partial on error and for any unwaited background processes. Long output keeps its first and last part.
Error: Error or \`(none)\` if no error was reported for the subprocess.
Exit Code: Exit code or \`(none)\` if terminated by signal.
Signal: Signal number or \`(none)\` if no signal was received.
Background PIDs: List of background processes started or \`(none)\`.
Process Group PGID: Process group started or \`(none)\``;
}
