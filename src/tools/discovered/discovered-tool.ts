/**
 * A tool declared by the settings' discovery command. A call runs `<callCommand> <tool name>` in
 * the workspace with the arguments as JSON on stdin; stdout is the result. Anything else — a
 * non-zero exit, a signal, output on stderr, a failure to start, the time limit — comes back to
 * the model as a `discovered_tool_execution_error` in the Gemini CLI's format (Stdout, Stderr,
 * Error, Exit Code, Signal lines), which the tool's description explains to the model.
 */
import { DEFAULT_MAX_OUTPUT_CHARS, ShellOutput } from '../shell-output.js';
import type { ToolProcesses } from '../tool-processes.js';
import type { ConfirmationDetails, Tool, ToolInvocation, ToolResult } from '../tool-types.js';
import { ToolErrorType } from '../tool-types.js';
import type { DiscoveredDeclaration } from './declarations.js';
import { runToolCommand } from './tool-command.js';
import { ellipsize, formatDuration } from '../../platform/text.js';
import type { ExternalToolArgs } from '../external-schema-tool.js';
import { ExternalSchemaTool } from '../external-schema-tool.js';

/** A call without its own limit: ten minutes, as for MCP tools and shell commands. */
export const DEFAULT_CALL_TIMEOUT_MS = 600_000;
/** Error output is diagnostic; less of it is kept than of the result. */
const MAX_STDERR_CHARS = 10_000;
/** Longest argument summary in a call's one-line description. */
const DESCRIBE_ARGS_CHARS = 120;

export type DiscoveredToolArgs = ExternalToolArgs;

export interface DiscoveredToolOptions {
  declaration: DiscoveredDeclaration;
  /** Named in the description, so the model knows where the tool comes from. */
  discoveryCommand: string;
  callCommand: string;
  processes: ToolProcesses;
  /** Per-call limit; default {@link DEFAULT_CALL_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Longer stdout is cut in the middle; default 40,000 characters (as shell output). */
  maxOutputChars?: number;
}

export class DiscoveredTool extends ExternalSchemaTool implements Tool<DiscoveredToolArgs> {
  readonly callCommand: string;
  private readonly options: DiscoveredToolOptions;

  constructor(options: DiscoveredToolOptions) {
    const { declaration } = options;
    super({
      name: declaration.name,
      displayName: declaration.name,
      description: declaration.description + callNote(options, declaration.name),
      parametersJsonSchema: declaration.parametersJsonSchema,
    });
    this.options = options;
    this.callCommand = options.callCommand;
  }

  protected invocation(params: DiscoveredToolArgs): ToolInvocation<DiscoveredToolArgs> {
    const json = JSON.stringify(params);
    return {
      params,
      describe: () => `${this.name} ${ellipsize(json, DESCRIBE_ARGS_CHARS)}`,
      locations: () => [],
      // What a person would have been asked; in CI the policy answers by the tool's name.
      confirmationDetails: (): Promise<ConfirmationDetails> =>
        Promise.resolve({ type: 'info', title: `Confirm: ${this.displayName}`, prompt: json }),
      execute: (signal) => this.execute(json, signal),
    };
  }

  private async execute(input: string, signal: AbortSignal): Promise<ToolResult> {
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    const stdout = new ShellOutput({
      maxChars: this.options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS,
    });
    const stderr = new ShellOutput({ maxChars: MAX_STDERR_CHARS });
    const result = await runToolCommand({
      processes: this.options.processes,
      // The tool name is a positional parameter, never part of the command line.
      command: `${this.callCommand} "$@"`,
      args: [this.name],
      input,
      timeoutMs,
      signal,
      stdout: {
        push: (chunk) => {
          stdout.push(chunk);
        },
      },
      stderr: {
        push: (chunk) => {
          stderr.push(chunk, 'stderr');
        },
      },
    });
    stdout.finish();
    stderr.finish();
    const out = stdout.text();
    const err = stderr.text();
    const error =
      result.error?.message ??
      (result.stopped === 'timeout'
        ? `The call command did not finish within ${formatDuration(timeoutMs, 'spaced')} and was stopped.`
        : result.stopped === 'aborted'
          ? 'The call was cancelled.'
          : undefined);
    if (error === undefined && result.exitCode === 0 && result.signal === null && err === '') {
      return { llmContent: out, returnDisplay: out };
    }
    const llmContent = [
      `Stdout: ${out || '(empty)'}`,
      `Stderr: ${err || '(empty)'}`,
      `Error: ${error ?? '(none)'}`,
      `Exit Code: ${result.exitCode ?? '(none)'}`,
      `Signal: ${result.signal ?? '(none)'}`,
    ].join('\n');
    return {
      llmContent,
      returnDisplay: llmContent,
      error: { message: llmContent, type: ToolErrorType.DISCOVERED_TOOL_EXECUTION_ERROR },
    };
  }
}

/**
 * What the model is told about how the tool runs and what a failure looks like, in the Gemini
 * CLI's words, so a model that knows them reads the results the same way.
 */
function callNote(options: DiscoveredToolOptions, name: string): string {
  return `

This tool was discovered from the project by executing the command \`${options.discoveryCommand}\` on project root.
When called, this tool will execute the command \`${options.callCommand} ${name}\` on project root.
Tool discovery and call commands can be configured in project or user settings.

When called, the tool call command is executed as a subprocess.
On success, tool output is returned as a json string.
Otherwise, the following information is returned:

Stdout: Output on stdout stream. Can be \`(empty)\` or partial.
Stderr: Output on stderr stream. Can be \`(empty)\` or partial.
Error: Error or \`(none)\` if no error was reported for the subprocess.
Exit Code: Exit code or \`(none)\` if terminated by signal.
Signal: Signal number or \`(none)\` if no signal was received.
`;
}
