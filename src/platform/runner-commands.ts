/**
 * The runner's workflow commands the Action writes, in the form `@actions/core` writes them: log
 * lines, annotations (`::warning::…`) and masks on stdout; outputs and the job summary appended to
 * the files the runner names (runner-file-commands.ts).
 *
 * The runner reads every line of the step's stdout for commands
 * (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions): a line
 * that starts with `::`, after leading whitespace, is one (`::error::`, `::add-mask::`,
 * `::stop-commands::`, `::set-output::`, `::add-matcher::`, …), and so is a line holding the older
 * `##[name]` form anywhere in it. It splits lines at LF, CR and CRLF. `@actions/core` escapes a
 * command's message (`%`, CR and LF as `%25`, `%0D`, `%0A`), but writes `core.info`'s text as it
 * is: a message holding a line break and `::error::` would be a second command. So nothing
 * reaches stdout here as given:
 *
 * - every message is made neutral first (text.ts `neutralText`): no control character, every line
 *   break an LF;
 * - a command's message and properties are escaped as `@actions/core` escapes them, so it stays on
 *   its line (`annotate`);
 * - a log line any of whose lines the runner would read as a command is written between
 *   `::stop-commands::<token>` and `::<token>::`, the documented way to log text without running
 *   it ("Stopping and starting workflow commands" on the page above), with a random token made
 *   after the text, which it therefore cannot hold (`logLine`).
 *
 * The Action's own commands (masks, outputs, annotations) go through `issueCommand` unchanged.
 *
 * Why not `@actions/core` itself: importing it loads its HTTP client (for OIDC tokens, which the
 * Action never asks for) and that client's own copy of undici, about a tenth of the Action's
 * start-up before its first request. These few commands are small, and a test holds them to
 * `@actions/core`'s output byte for byte (test/platform/runner-commands.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync } from 'node:fs';
import { access, appendFile, constants } from 'node:fs/promises';
import { EOL } from 'node:os';
import { neutralText } from './text.js';

/** Writes to the step's log (stdout, which the runner reads commands from). */
export type LogWriter = (text: string) => void;

const writeStdout: LogWriter = (text) => {
  process.stdout.write(text);
};

/** A command's message: `%`, CR and LF escaped, as the runner unescapes them. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command's property value: the message escapes, and `:` and `,`, which separate properties. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::name key=value::message` on a line of its own. */
export function issueCommand(
  name: string,
  message: string,
  properties: Record<string, string> = {},
  write: LogWriter = writeStdout,
): void {
  const pairs = Object.entries(properties)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${escapeProperty(value)}`);
  const head = pairs.length > 0 ? `::${name} ${pairs.join(',')}` : `::${name}`;
  write(`${head}::${escapeData(message)}${EOL}`);
}

/**
 * A line the runner would take for a command: `::` at its start after whitespace (the runner
 * trims whitespace; format characters are skipped here too, to be safe), or `##[` anywhere.
 */
const COMMAND_LINE = /^[\s\p{Cf}]*::|##\[/mu;

/** Whether the runner would read a command in any line of `text` (already neutral). */
export function holdsRunnerCommand(text: string): boolean {
  return COMMAND_LINE.test(text);
}

/** A plain log line: neutral text, between stop-commands markers when it holds a command. */
export function logLine(message: string, write: LogWriter = writeStdout): void {
  const text = neutralText(message);
  if (!holdsRunnerCommand(text)) {
    write(`${text}${EOL}`);
    return;
  }
  let token = randomUUID();
  while (text.includes(token)) token = randomUUID();
  // One write, so nothing else lands between the markers.
  write(`::stop-commands::${token}${EOL}${text}${EOL}::${token}::${EOL}`);
}

/**
 * A message as an annotation or debug line (`::warning::…`): neutral text, escaped by
 * `issueCommand` so it stays on its line. Property values (a title, a file) are made neutral too.
 */
export function annotate(
  name: 'debug' | 'notice' | 'warning' | 'error',
  message: string,
  properties: Record<string, string> = {},
  write: LogWriter = writeStdout,
): void {
  const neutral = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => [key, neutralText(value)]),
  );
  issueCommand(name, neutralText(message), neutral, write);
}

/** The job summary as `core.summary` keeps it: text collected, then appended to the file. */
export interface JobSummaryBuffer {
  addRaw(text: string, addEOL?: boolean): JobSummaryBuffer;
  write(): Promise<JobSummaryBuffer>;
}

export interface RunnerCommands {
  /** Masks `value` in the log from here on (`::add-mask::`). */
  setSecret(value: string): void;
  /** Sets a step output: appended to `GITHUB_OUTPUT`, or the old command where there is none. */
  setOutput(name: string, value: string): void;
  /**
   * Keeps a value for the action's post step (`core.saveState`): appended to `GITHUB_STATE`,
   * which the runner reads when the step ends, however it ends; the post step finds it as
   * `STATE_<name>`. A later value of the same name replaces the earlier one. Without that file
   * (outside a runner) nothing is kept: the deprecated `save-state` command is not used.
   */
  saveState(name: string, value: string): void;
  /** Logs `message` as an error annotation and makes the step fail (exit code 1). */
  setFailed(message: string): void;
  /** The job summary: text is collected, then appended to `GITHUB_STEP_SUMMARY` on `write`. */
  summary: JobSummaryBuffer;
}

/**
 * `name<<delimiter`, the value, the delimiter: one entry of a file command (outputs, state), as
 * `@actions/core` writes it, in one write so that a process killed meanwhile leaves no half entry
 * (the runner refuses a file whose last entry has no closing delimiter).
 */
function appendFileCommand(file: string, name: string, value: string): void {
  if (!existsSync(file)) throw new Error(`Missing file at path: ${file}`);
  // A heredoc whose random delimiter no value can contain by accident.
  const delimiter = `ghadelimiter_${randomUUID()}`;
  if (name.includes(delimiter)) {
    throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
  }
  if (value.includes(delimiter)) {
    throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
  }
  appendFileSync(file, `${name}<<${delimiter}${EOL}${value}${EOL}${delimiter}${EOL}`, {
    encoding: 'utf8',
  });
}

/** The commands for a step whose file-command variables are in `env`. */
export function runnerCommands(
  env: Readonly<Record<string, string | undefined>>,
  write: LogWriter = writeStdout,
): RunnerCommands {
  let summaryText = '';
  const summary: JobSummaryBuffer = {
    addRaw(text, addEOL = false) {
      summaryText += addEOL ? `${text}${EOL}` : text;
      return summary;
    },
    async write() {
      const file = env.GITHUB_STEP_SUMMARY;
      if (!file) {
        throw new Error(
          'Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.',
        );
      }
      try {
        await access(file, constants.R_OK | constants.W_OK);
      } catch {
        throw new Error(
          `Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`,
        );
      }
      await appendFile(file, summaryText, { encoding: 'utf8' });
      summaryText = '';
      return summary;
    },
  };
  return {
    setSecret(value) {
      issueCommand('add-mask', value, {}, write);
    },
    setOutput(name, value) {
      const file = env.GITHUB_OUTPUT;
      if (!file) {
        write(EOL);
        issueCommand('set-output', value, { name }, write);
        return;
      }
      appendFileCommand(file, name, value);
    },
    saveState(name, value) {
      const file = env.GITHUB_STATE;
      if (file) appendFileCommand(file, name, value);
    },
    setFailed(message) {
      process.exitCode = 1;
      annotate('error', message, {}, write);
    },
    summary,
  };
}
