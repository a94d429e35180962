import { parseArgs } from 'node:util';
import { DEFAULT_MODEL, describeAliases } from '../model/model-table.js';
import { UsageError } from '../platform/errors.js';
import type { SandboxMode } from '../platform/sandbox/sandbox-types.js';
import { SANDBOX_MODES } from '../platform/sandbox/sandbox-types.js';
import type { RunMode } from '../platform/run-mode.js';
import { RUN_MODES } from '../platform/run-mode.js';

export type OutputFormat = 'text' | 'json' | 'stream-json';
const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'json', 'stream-json'];

export interface CliOptions {
  /** The task; undefined when it should come from standard input. */
  prompt: string | undefined;
  repo: string;
  /** `--model` as written (a name or an alias); undefined leaves it to GEMINI_MODEL and settings. */
  model: string | undefined;
  /** `--fallback-model`: used once when the model is not found or out of quota. */
  fallbackModel: string | undefined;
  outputFormat: OutputFormat;
  transcript: string | undefined;
  maxTurns: number | undefined;
  /** `--max-cost`: the cap on the run's estimated cost in USD (model/model-cost.ts). */
  maxCostUsd: number | undefined;
  timeoutSeconds: number | undefined;
  replay: string | undefined;
  /** `--strict`: a replay whose tool calls fail where the recording's did not exits 1. */
  strict: boolean;
  record: string | undefined;
  debug: boolean;
  help: boolean;
  version: boolean;
  /** Policy files (`--policy`, repeatable), loaded in the workflow tier in the order given. */
  policyFiles: string[];
  /** Shell commands allowed by prefix (`--allow-command`, repeatable). */
  allowCommands: string[];
  /** What the run is for; picks the built-in preset. */
  mode: RunMode;
  /**
   * Replaces the preset with a lowest-priority rule allowing every call; `--policy` and
   * `--allow-command` rules still decide first, and shell commands are still analysed.
   */
  yolo: boolean;
  /**
   * Where shell commands run: `auto` (the strongest sandbox that works here) unless asked
   * otherwise, as in the Action. Where none works, the run goes on unsandboxed and says so.
   */
  sandbox: SandboxMode;
  /** Extension folders (`--extension`, repeatable) besides the repository's `.gemini/extensions`. */
  extensions: string[];
  /** `--skip-trust`: the workspace is trusted for this run (src/session-setup/folder-trust.ts). */
  skipTrust: boolean;
  /** `--store-requests`: the Gemini API may keep the requests (by default each says store=false). */
  storeRequests: boolean;
}

export const USAGE = `Usage: gemini-agent -p "<prompt>" [options]
       gemini-agent policy check FILE...
       gemini-agent commands list [--repo DIR] [--extension DIR]...
       gemini-agent policy explain --tool NAME --args JSON [--mode MODE] [--policy FILE]...
       gemini-agent run --event FILE --event-name NAME [options]   (see run --help)
       gemini-agent demo [--live] [--out DIR]                        (see demo --help)
       gemini-agent serve [--port PORT] [--repo DIR] [options]        (see serve --help)
       gemini-agent trust [--parent] [DIR]                             (see trust --help)
       gemini-agent fleet plan|report --campaign KEY [options]         (see fleet --help)

Runs a Gemini coding agent on a repository without asking anyone: it reads, searches and
changes files in the workspace and answers with what it did.

Options:
  -p, --prompt TEXT          the task (read from standard input when piped and -p is absent);
                             "/name args" runs the custom command name (.gemini/commands/*.toml)
      --repo DIR             the workspace the agent works in (default: current directory)
  -m, --model MODEL          the model, or an alias: ${describeAliases()}
                             (default: $GEMINI_MODEL, then model.name in .gemini/settings.json,
                             then ${DEFAULT_MODEL})
      --fallback-model MODEL the model to go on with, once, when the first is not found or
                             its quota is exhausted
  -o, --output-format FMT    text | json | stream-json (default: text)
      --transcript FILE      write every agent event to FILE as JSON lines
      --max-turns N          stop after N model requests (exit code 53)
      --max-cost USD         stop before the run's cost, estimated from the model table's list
                             prices, would pass USD (e.g. 0.50); refused for a model without one
      --timeout SECONDS      stop after this much wall-clock time
      --replay FILE          answer from a recorded session ({method, response} JSON lines)
      --strict               with --replay: exit 1 when a tool call fails where the recorded
                             one did not (the replay diverged from its recording)
      --record FILE          record the model's responses to FILE in the same format
      --mode MODE            invoke | review | triage | maintenance (default: invoke); picks the
                             built-in policy preset (edit for invoke, read-only for review and
                             triage, maintenance for maintenance)
      --policy FILE          a policy TOML file over the preset (repeatable); the rule with the
                             highest priority decides, on a tie the one written first
      --allow-command CMD    allow shell commands starting with CMD, e.g. "npm test" (repeatable)
      --yolo                 instead of the preset, allow every call no --policy rule decides.
                             Shell commands are still checked sub-command by sub-command:
                             substitutions, wrappers, redirections and the like stay denied
      --sandbox MODE         where shell commands run: auto (default: the strongest sandbox
                             that works here; without one, a notice says so), namespace, user,
                             or none (no sandbox, no notice)
      --extension DIR        load the Gemini CLI extension in DIR (repeatable), besides the
                             repository's .gemini/extensions/<name>/
      --skip-trust           trust the workspace for this run, as GEMINI_CLI_TRUST_WORKSPACE=true
                             does: its .gemini/ settings, extensions, commands and agents and its
                             GEMINI.md load even when it is not a trusted folder
      --store-requests       let the Gemini API keep the model requests, which hold the
                             workspace's code (default: every request says store=false; Vertex AI
                             and Code Assist requests cannot carry the setting)
  -d, --debug                log details to standard error
  -v, --version              print the version
  -h, --help                 print this help

Every tool call is answered by the policy: nobody is asked. A call no rule allows is denied.

A workspace's own configuration (.gemini/settings.json, extensions, commands, agents) loads only
in a trusted folder: --skip-trust, GEMINI_CLI_TRUST_WORKSPACE=true, or a rule in
~/.gemini/trustedFolders.json ("gemini-agent trust DIR" adds one). An untrusted folder holding
some stops the run before loading it (exit code 55); one without any runs, its GEMINI.md left out.

Authentication: GEMINI_API_KEY; or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and
GOOGLE_CLOUD_LOCATION; or GOOGLE_GENAI_USE_GCA=true (Code Assist). Not needed with --replay.

Exit codes: 0 done, 1 error, 41 authentication, 42 bad input, 52 configuration, 53 turn limit,
55 untrusted folder, 130 cancelled by Ctrl-C, 143 cancelled by SIGTERM. A cancelled run leaves
the files it changed in place and lists them on stderr; a second Ctrl-C stops at once.
`;

function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new UsageError(`${flag} expects a positive whole number, got "${value}".`);
  }
  return Number(value);
}

/** A cap in US dollars: a positive number such as 0.50. */
export function costCap(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\s*\d*\.?\d+\s*$/.test(value) || !Number.isFinite(number) || number <= 0) {
    throw new UsageError(
      `${flag} expects a positive number of US dollars such as 0.50, got "${value}".`,
    );
  }
  return number;
}

function positiveNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
    throw new UsageError(`${flag} expects a positive number of seconds, got "${value}".`);
  }
  return number;
}

/**
 * node:util refuses `--max-turns -1` as ambiguous, because the value looks like an option. A
 * negative number after a long option is meant as its value, so it is joined as `--max-turns=-1`
 * and judged like any other value, with the same message.
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index] ?? '';
    const next = argv[index + 1];
    if (/^--[^=]+$/.test(word) && next !== undefined && /^-\.?\d/.test(next)) {
      joined.push(`${word}=${next}`);
      index++;
    } else {
      joined.push(word);
    }
  }
  return joined;
}

/** Parses the command line; every mistake is a one-line `UsageError` (exit code 42). */
/**
 * Runs node:util's flag parser for `gemini-agent [command]`. Its messages name the flag but end
 * with advice for script authors: the first sentence is kept, as a one-line usage error pointing
 * at --help.
 */
export function parseFlags<T>(command: string | undefined, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('. ')[0] : String(error);
    const help = command === undefined ? 'gemini-agent --help' : `gemini-agent ${command} --help`;
    throw new UsageError(`${message}. Run "${help}" for usage.`);
  }
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const parsed = parseFlags(undefined, () =>
    parseArgs({
      args: joinNegativeValues(argv),
      allowPositionals: true,
      strict: true,
      options: {
        prompt: { type: 'string', short: 'p' },
        repo: { type: 'string' },
        model: { type: 'string', short: 'm' },
        'fallback-model': { type: 'string' },
        'output-format': { type: 'string', short: 'o' },
        transcript: { type: 'string' },
        'max-turns': { type: 'string' },
        'max-cost': { type: 'string' },
        timeout: { type: 'string' },
        replay: { type: 'string' },
        strict: { type: 'boolean' },
        record: { type: 'string' },
        mode: { type: 'string' },
        policy: { type: 'string', multiple: true },
        'allow-command': { type: 'string', multiple: true },
        yolo: { type: 'boolean' },
        sandbox: { type: 'string' },
        extension: { type: 'string', multiple: true },
        'skip-trust': { type: 'boolean' },
        'store-requests': { type: 'boolean' },
        debug: { type: 'boolean', short: 'd' },
        version: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
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
  if (values.strict === true && values.replay === undefined) {
    throw new UsageError('--strict applies to a replay: use it with --replay FILE.');
  }
  const sandbox = values.sandbox ?? 'auto';
  if (!SANDBOX_MODES.includes(sandbox as SandboxMode)) {
    throw new UsageError(`--sandbox expects one of ${SANDBOX_MODES.join(', ')}, got "${sandbox}".`);
  }
  const allowCommands = values['allow-command'] ?? [];
  const emptyCommand = allowCommands.find((command) => command.trim() === '');
  if (emptyCommand !== undefined) {
    throw new UsageError('--allow-command expects a command such as "npm test", got an empty one.');
  }

  return {
    prompt,
    repo: values.repo ?? process.cwd(),
    model: modelFlag('--model', values.model),
    fallbackModel: modelFlag('--fallback-model', values['fallback-model']),
    outputFormat: outputFormat as OutputFormat,
    transcript: values.transcript,
    maxTurns: positiveInteger('--max-turns', values['max-turns']),
    maxCostUsd: costCap('--max-cost', values['max-cost']),
    timeoutSeconds: positiveNumber('--timeout', values.timeout),
    replay: values.replay,
    strict: values.strict ?? false,
    record: values.record,
    debug: values.debug ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
    policyFiles: values.policy ?? [],
    allowCommands,
    mode: parseRunMode('--mode', values.mode),
    yolo: values.yolo ?? false,
    sandbox: sandbox as SandboxMode,
    extensions: values.extension ?? [],
    skipTrust: values['skip-trust'] ?? false,
    storeRequests: values['store-requests'] ?? false,
  };
}

/** A model flag's value: a name or an alias, one word. */
export function modelFlag(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '' || /\s/.test(value.trim())) {
    throw new UsageError(
      `${flag} expects a model name or an alias (${describeAliases()}), got "${value}".`,
    );
  }
  return value.trim();
}

/** A run mode flag's value (default `invoke`). */
export function parseRunMode(flag: string, value: string | undefined): RunMode {
  if (value === undefined) return 'invoke';
  if (!RUN_MODES.includes(value as RunMode)) {
    throw new UsageError(`${flag} expects one of ${RUN_MODES.join(', ')}, got "${value}".`);
  }
  return value as RunMode;
}
