/**
 * The flags of `npm run eval` (docs/evals.md): which cases, which configuration of the agent,
 * live or replayed, and where the results go. Every mistake is one line saying what was expected.
 */
import { parseArgs } from 'node:util';
import type { EvalKind } from './eval-types.js';
import { EVAL_KINDS } from './eval-types.js';

export const EVAL_USAGE = `Usage: npm run eval -- [options]

Runs the eval cases under evals/cases/ through \`node dist/cli.js run\` (the Action's pipeline
with a dry-run GitHub), scores them and writes the results (JSON, markdown, SVG).

Which cases:
  --kind KIND          review | fix | triage (repeatable; default: all three)
  --case ID            one case by id (repeatable; default: every case of the kinds)

The agent's configuration:
  --model NAME         the model input (default: the Action's default model)
  --fanout N           review_fanout_lines: 0 = one reviewer and no verifier; N > 0 splits
                       reviews above N changed lines and verifies every finding (default: 800,
                       the Action's default)
  --thinking LEVEL     the thinking level of every request: MINIMAL | LOW | MEDIUM | HIGH | XHIGH
                       (default: the model table's), sent through the settings input

Live or replayed:
  --offline            replay recorded sessions instead of calling a model; the default when
                       no credentials are set (GEMINI_API_KEY, GOOGLE_API_KEY,
                       GOOGLE_GENAI_USE_VERTEXAI=true, GOOGLE_GENAI_USE_GCA=true)
  --record             call the model and write each session to the recording set
  --recordings SET     the recording set under evals/recordings/ (default: scripted when
                       replaying; <model>-<configuration> when recording)

Running and results:
  --concurrency N      cases run at once (default: 2)
  --out FILE           the results JSON (default: evals/results/<date>-<model>-<configuration>.json);
                       the .md and .svg go beside it
  --compare FILE       an earlier results file: exit 1 when a score falls below its interval
  --summary FILE       append the markdown to FILE (default: $GITHUB_STEP_SUMMARY when set)
  --keep               keep each case's temporary folder (the repository, the run's out/)
  -h, --help           print this help

Exit codes: 0 done, 1 a case failed to run (offline) or a score regressed (--compare), 41 a live
run without credentials, 42 bad arguments, 52 a case file is not valid.
`;

export const THINKING_LEVELS = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH', 'XHIGH'] as const;

/** action.yml's default of review_fanout_lines. */
export const DEFAULT_FANOUT = 800;

export type RunMode = 'offline' | 'live' | 'record';

export interface EvalOptions {
  kinds: EvalKind[];
  ids: string[];
  model: string | undefined;
  fanout: number;
  thinking: string | undefined;
  mode: RunMode;
  /** Given with --recordings; otherwise chosen by the mode. */
  recordings: string | undefined;
  concurrency: number;
  out: string | undefined;
  compare: string | undefined;
  summary: string | undefined;
  keep: boolean;
}

export class EvalUsageError extends Error {
  override name = 'EvalUsageError';
}

/** Whether the environment holds model credentials the CLI can use. */
export function hasCredentials(env: NodeJS.ProcessEnv): boolean {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  return (
    set('GEMINI_API_KEY') ||
    set('GOOGLE_API_KEY') ||
    env.GOOGLE_GENAI_USE_VERTEXAI === 'true' ||
    env.GOOGLE_GENAI_USE_GCA === 'true'
  );
}

function positiveInteger(flag: string, value: string, allowZero: boolean): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || (!allowZero && number === 0)) {
    throw new EvalUsageError(
      `${flag} expects ${allowZero ? 'a whole number (0 or more)' : 'a whole number of 1 or more'}, got "${value}".`,
    );
  }
  return number;
}

export function parseEvalArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): EvalOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        kind: { type: 'string', multiple: true },
        case: { type: 'string', multiple: true },
        model: { type: 'string' },
        fanout: { type: 'string' },
        thinking: { type: 'string' },
        offline: { type: 'boolean' },
        record: { type: 'boolean' },
        recordings: { type: 'string' },
        concurrency: { type: 'string' },
        out: { type: 'string' },
        compare: { type: 'string' },
        summary: { type: 'string' },
        keep: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new EvalUsageError(
      `${error instanceof Error ? error.message : String(error)} (see npm run eval -- --help)`,
    );
  }
  const { values } = parsed;
  if (values.help === true) return 'help';
  const kinds: EvalKind[] = [];
  for (const kind of values.kind ?? []) {
    if (!(EVAL_KINDS as readonly string[]).includes(kind)) {
      throw new EvalUsageError(`--kind expects one of ${EVAL_KINDS.join(', ')}, got "${kind}".`);
    }
    if (!kinds.includes(kind as EvalKind)) kinds.push(kind as EvalKind);
  }
  if (values.offline === true && values.record === true) {
    throw new EvalUsageError(
      '--offline replays recordings and --record calls the model: give one.',
    );
  }
  const thinking = values.thinking?.trim().toUpperCase();
  if (thinking !== undefined && !(THINKING_LEVELS as readonly string[]).includes(thinking)) {
    throw new EvalUsageError(
      `--thinking expects one of ${THINKING_LEVELS.join(', ')}, got "${values.thinking ?? ''}".`,
    );
  }
  const model = values.model?.trim();
  if (model === '') throw new EvalUsageError('--model expects a model name or alias, e.g. flash.');
  const recordings = values.recordings?.trim();
  if (recordings !== undefined && !/^[a-z0-9][a-z0-9._-]*$/i.test(recordings)) {
    throw new EvalUsageError(
      `--recordings expects the name of a folder under evals/recordings/ (letters, digits, . _ -), got "${recordings}".`,
    );
  }
  const mode: RunMode =
    values.record === true
      ? 'record'
      : values.offline === true || !hasCredentials(env)
        ? 'offline'
        : 'live';
  return {
    kinds: kinds.length === 0 ? [...EVAL_KINDS] : kinds,
    ids: [...new Set(values.case ?? [])],
    model,
    fanout:
      values.fanout === undefined
        ? DEFAULT_FANOUT
        : positiveInteger('--fanout', values.fanout, true),
    thinking,
    mode,
    recordings,
    concurrency:
      values.concurrency === undefined
        ? 2
        : positiveInteger('--concurrency', values.concurrency, false),
    out: values.out,
    compare: values.compare,
    summary: values.summary ?? (env.GITHUB_STEP_SUMMARY || undefined),
    keep: values.keep === true,
  };
}

/** `fanout<N>-thinking<level|default>`: the configuration in file names and the report. */
export function configName(options: Pick<EvalOptions, 'fanout' | 'thinking'>): string {
  return `fanout${options.fanout}-thinking${options.thinking?.toLowerCase() ?? 'default'}`;
}

/**
 * The settings input that sets the thinking level of every request for `model` (the model the
 * run asks for; subagents that inherit it ask for the same), as docs/model-settings.md describes:
 * an override matching the model, adding `thinkingConfig.thinkingLevel`.
 */
export function thinkingSettings(model: string, level: string): string {
  return JSON.stringify({
    modelConfigs: {
      overrides: [
        {
          match: { model },
          modelConfig: { generateContentConfig: { thinkingConfig: { thinkingLevel: level } } },
        },
      ],
    },
  });
}
