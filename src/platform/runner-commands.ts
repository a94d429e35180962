/**
 * The runner's workflow commands the Action writes, in the form `@actions/core` writes them: log
 * lines, annotations (`::warning::…`) and masks on stdout; outputs and the job summary appended to
 * the files the runner names (runner-file-commands.ts).
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

/** A plain log line. */
export function logLine(message: string, write: LogWriter = writeStdout): void {
  write(`${message}${EOL}`);
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
  /** Logs `message` as an error annotation and makes the step fail (exit code 1). */
  setFailed(message: string): void;
  /** The job summary: text is collected, then appended to `GITHUB_STEP_SUMMARY` on `write`. */
  summary: JobSummaryBuffer;
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
    },
    setFailed(message) {
      process.exitCode = 1;
      issueCommand('error', message, {}, write);
    },
    summary,
  };
}
