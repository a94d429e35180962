/**
 * The suite, start to end: the cases loaded and checked, every repository materialized (a bad
 * case stops everything here, before any run), the cases run a few at a time, each scored, the
 * scores aggregated, and the results document assembled.
 */
import { execFile } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_MODEL } from '../../src/model/model-table.js';
import { silentLogger } from '../../src/platform/logger.js';
import { resolveSandbox } from '../../src/platform/sandbox/resolve-sandbox.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-types.js';
import { sandboxSummaryLine } from '../../src/platform/sandbox/sandbox-types.js';
import type { EvalOptions } from './eval-args.js';
import { configName, hasCredentials, thinkingSettings } from './eval-args.js';
import type { CaseProblem } from './load-cases.js';
import { CaseError, loadCases } from './load-cases.js';
import { mapWithLimit } from '../../src/platform/map-with-limit.js';
import type { PreparedCase, RanCase } from './run-case.js';
import { emptyOutcome, prepareCase, runCase } from './run-case.js';
import { cliEnvironment } from './run-cli.js';
import type { CaseResult, ResultsDocument, Scoring } from './scoring.js';

const execFileAsync = promisify(execFile);

/** A problem with the setup rather than a case: dist/ missing, no credentials for a live run. */
export class EvalSetupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'EvalSetupError';
  }
}

export interface SuiteDeps<R> {
  scoring: Scoring<R>;
  /** The repository root: dist/cli.js, and the default cases and recordings. */
  root: string;
  casesDir: string;
  recordingsDir: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  now: () => Date;
  /** Where fix runs' changes are tested; default the strongest sandbox this machine has. */
  sandbox?: Sandbox;
}

/** How long one case's run may take. */
const OFFLINE_TIMEOUT_MS = 3 * 60_000;
const LIVE_TIMEOUT_MS = 30 * 60_000;

export async function runSuite<R>(
  options: EvalOptions,
  deps: SuiteDeps<R>,
): Promise<ResultsDocument> {
  const started = deps.now();
  const cli = path.join(deps.root, 'dist', 'cli.js');
  if (
    !(await access(cli).then(
      () => true,
      () => false,
    ))
  ) {
    throw new EvalSetupError(`${cli} is missing: build it with npm run bundle first.`, 1);
  }
  if (options.mode === 'record' && !hasCredentials(deps.env)) {
    throw new EvalSetupError(
      '--record calls the model, and no credentials are set: set GEMINI_API_KEY (or GOOGLE_API_KEY; or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION; or GOOGLE_GENAI_USE_GCA=true). Without credentials, npm run eval -- --offline replays the recorded sessions.',
      41,
    );
  }
  const display = (file: string) => displayPath(deps.root, file);
  const cases = await loadCases(deps.casesDir, { kinds: options.kinds, ids: options.ids }, display);
  const live = options.mode !== 'offline';
  const model = live ? (options.model ?? DEFAULT_MODEL) : 'replay';
  const config = configName(options);
  const recordings =
    options.mode === 'live'
      ? null
      : (options.recordings ??
        (options.mode === 'record' ? `${fileNamePart(model)}-${config}` : 'scripted'));

  const sandbox =
    deps.sandbox ?? (await resolveSandbox('auto', { env: deps.env, logger: silentLogger }));
  if (cases.some((entry) => entry.kind === 'fix')) {
    deps.log(`Fix runs' tests: ${sandboxSummaryLine(sandbox, { isolateNetwork: true })}`);
  }
  const work = await mkdtemp(path.join(tmpdir(), 'gemini-agent-eval-'));
  try {
    deps.log(
      `${cases.length} case${cases.length === 1 ? '' : 's'}: ${
        options.mode === 'offline'
          ? `replaying the recording set ${recordings ?? ''}`
          : `${model}, ${config}${options.mode === 'record' ? `, recording to ${recordings ?? ''}` : ''}`
      }`,
    );
    const problems: CaseProblem[] = [];
    const prepared = await mapWithLimit(cases, options.concurrency, async (entry) => {
      try {
        return await prepareCase(entry, path.join(work, `${entry.kind}-${entry.id}`), display);
      } catch (error) {
        if (error instanceof CaseError) {
          problems.push(...error.problems);
          return undefined;
        }
        throw error;
      }
    });
    if (problems.length > 0) throw new CaseError(problems);

    const inputs: Record<string, string> = { review_fanout_lines: String(options.fanout) };
    if (options.model !== undefined) inputs.model = options.model;
    if (options.thinking !== undefined) {
      inputs.settings = thinkingSettings(options.model ?? DEFAULT_MODEL, options.thinking);
    }
    const env = cliEnvironment(deps.env, live);
    const ran = await mapWithLimit(
      prepared.filter((entry): entry is PreparedCase => entry !== undefined),
      options.concurrency,
      async (entry) => {
        const result = await runCase(entry, {
          cli,
          mode: options.mode,
          recording: path.join(
            deps.recordingsDir,
            recordings ?? 'live',
            entry.kind,
            `${entry.entry.id}.jsonl`,
          ),
          display,
          inputs,
          env,
          timeoutMs: live ? LIVE_TIMEOUT_MS : OFFLINE_TIMEOUT_MS,
          sandbox,
        }).catch((error: unknown) => harnessFailure(entry, error));
        deps.log(caseLine(result));
        return result;
      },
    );
    const results = scoreCases(ran, deps.scoring);
    const scores = deps.scoring.aggregate(results.details);
    return {
      schema: 1,
      date: started.toISOString(),
      model,
      config: {
        name: config,
        fanout: options.fanout,
        thinking: options.thinking ?? null,
        recordings,
        live,
      },
      commit: await commitOf(deps.root),
      node: process.version,
      durationMs: deps.now().getTime() - started.getTime(),
      cases: results.cases,
      scores,
    };
  } finally {
    await sandbox.release?.();
    if (options.keep) deps.log(`Kept the cases' folders in ${work}`);
    else await rm(work, { recursive: true, force: true });
  }
}

function scoreCases<R>(
  ran: readonly RanCase[],
  scoring: Scoring<R>,
): { cases: CaseResult[]; details: { review: unknown[]; fix: unknown[]; triage: unknown[] } } {
  const details = { review: [] as unknown[], fix: [] as unknown[], triage: [] as unknown[] };
  const cases: CaseResult[] = [];
  for (const entry of ran) {
    let detail: unknown;
    switch (entry.scored.kind) {
      case 'review':
        detail = scoring.review(entry.scored.outcome);
        details.review.push(detail);
        break;
      case 'fix':
        detail = scoring.fix(entry.scored.outcome);
        details.fix.push(detail);
        break;
      case 'triage':
        detail = scoring.triage(entry.scored.outcome);
        details.triage.push(detail);
        break;
    }
    cases.push({
      kind: entry.kind,
      id: entry.id,
      ...(entry.language !== undefined ? { language: entry.language } : {}),
      status: entry.status,
      ...(entry.error !== undefined ? { error: entry.error } : {}),
      ...entry.cost,
      detail,
    });
  }
  return { cases, details };
}

/**
 * A case the harness itself could not finish (git or a file it needed failed): an error of that
 * case, with the reason, so the other cases' results are still written.
 */
function harnessFailure(prepared: PreparedCase, error: unknown): RanCase {
  const { entry } = prepared;
  const message = error instanceof Error ? error.message : String(error);
  return {
    kind: prepared.kind,
    id: entry.id,
    status: 'error',
    error: `the harness could not collect the run: ${message.split('\n')[0] ?? message}`,
    cost: { wallMs: 0, requests: null, tokens: null, costUsd: null },
    scored: emptyOutcome(prepared),
  };
}

function caseLine(entry: RanCase): string {
  const seconds = (entry.cost.wallMs / 1000).toFixed(1);
  return entry.status === 'ok'
    ? `  ✓ ${entry.kind} ${entry.id} (${seconds} s)`
    : `  ✗ ${entry.kind} ${entry.id}: ${entry.error ?? 'error'}`;
}

/** A file as shown in messages: relative to the repository root when inside it. */
export function displayPath(root: string, file: string): string {
  const relative = path.relative(root, file);
  if (relative === '') return '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

/** A model name as a part of a file name. */
export function fileNamePart(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'model';
}

async function commitOf(root: string): Promise<string | null> {
  try {
    const { stdout } = await execFileAsync('git', ['rev-parse', 'HEAD'], { cwd: root });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}
