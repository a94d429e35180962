import { parseArgs } from 'node:util';
import { UsageError } from '../platform/errors.js';

export type OutputFormat = 'text' | 'json' | 'stream-json';
const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'stream-json'];

export const DEFAULT_MODEL = 'gemini-2.5-pro';

export interface CliOptions {
  /** The task; undefined when it should come from standard input. */
  prompt: string | undefined;
  repo: string;
  model: string;
  outputFormat: OutputFormat;
  transcript: string | undefined;
  maxTurns: number | undefined;
  timeoutSeconds: number | undefined;
  replay: string | undefined;
  record: string | undefined;
  debug: boolean;
  help: boolean;
  version: boolean;
}

export const USAGE = `Usage: gemini-agent -p "<prompt>" [options]

Runs a Gemini coding agent on a repository without asking anyone: it reads, searches and
changes files in the workspace and answers with what it did.

Options:
  -p, --prompt TEXT          the task (read from standard input when piped and -p is absent)
      --repo DIR             the workspace the agent works in (default: current directory)
  -m, --model MODEL          the model (default: $GEMINI_MODEL or ${DEFAULT_MODEL})
  -o, --output-format FMT    text | json | stream-json (default: text)
      --transcript FILE      write every agent event to FILE as JSON lines
      --max-turns N          stop after N model requests (exit code 53)
      --timeout SECONDS      stop after this much wall-clock time
      --replay FILE          answer from a recorded session ({method, response} JSON lines)
      --record FILE          record the model's responses to FILE in the same format
  -d, --debug                log details to standard error
  -v, --version              print the version
  -h, --help                 print this help

Authentication: GEMINI_API_KEY; or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and
GOOGLE_CLOUD_LOCATION; or GOOGLE_GENAI_USE_GCA=true (Code Assist). Not needed with --replay.

Exit codes: 0 done, 1 error, 41 authentication, 42 bad input, 52 configuration, 53 turn limit,
130 cancelled.
`;

function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new UsageError(`${flag} expects a positive whole number, got "${value}".`);
  }
  return Number(value);
}

function positiveNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
    throw new UsageError(`${flag} expects a positive number of seconds, got "${value}".`);
  }
  return number;
}

/** Parses the command line; every mistake is a one-line `UsageError` (exit code 42). */
export function parseCliArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        prompt: { type: 'string', short: 'p' },
        repo: { type: 'string' },
        model: { type: 'string', short: 'm' },
        'output-format': { type: 'string', short: 'o' },
        transcript: { type: 'string' },
        'max-turns': { type: 'string' },
        timeout: { type: 'string' },
        replay: { type: 'string' },
        record: { type: 'string' },
        debug: { type: 'boolean', short: 'd' },
        version: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    // node:util's messages name the option but end with advice for script authors; keep the
    // first sentence and point at --help.
    const message = error instanceof Error ? error.message.split('. ')[0] : String(error);
    throw new UsageError(`${message}. Run "gemini-agent --help" for usage.`);
  }
  const { values, positionals } = parsed;

  const outputFormat = values['output-format'] ?? 'text';
  if (!OUTPUT_FORMATS.includes(outputFormat as OutputFormat)) {
    throw new UsageError(
      `--output-format expects one of ${OUTPUT_FORMATS.join(', ')}, got "${outputFormat}".`,
    );
  }
  if (values.prompt !== undefined && positionals.length > 0) {
    throw new UsageError(
      `Give the prompt either with -p or as an argument, not both (unexpected "${positionals[0] ?? ''}").`,
    );
  }
  const prompt = values.prompt ?? (positionals.length > 0 ? positionals.join(' ') : undefined);
  if (prompt?.trim() === '') {
    throw new UsageError('The prompt is empty: pass the task with -p "<prompt>".');
  }
  if (values.replay !== undefined && values.record !== undefined) {
    throw new UsageError('--replay and --record cannot be used together.');
  }

  return {
    prompt,
    repo: values.repo ?? process.cwd(),
    model: values.model ?? (env.GEMINI_MODEL?.trim() || DEFAULT_MODEL),
    outputFormat: outputFormat as OutputFormat,
    transcript: values.transcript,
    maxTurns: positiveInteger('--max-turns', values['max-turns']),
    timeoutSeconds: positiveNumber('--timeout', values.timeout),
    replay: values.replay,
    record: values.record,
    debug: values.debug ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
  };
}
