/**
 * One case, start to end: its repository materialized, its event written, `gemini-agent run`
 * run on it (replaying its recording, recording it, or live), and what the run did collected
 * into the outcome the scorer reads. A run that fails is an outcome too: no findings, no fix,
 * no labels, flagged `error` with the reason.
 */
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  CaseCost,
  EvalKind,
  FixOutcome,
  RepositoryLabel,
  ReviewOutcome,
  TriageOutcome,
} from './eval-types.js';
import type { CaseFiles, FixCaseFiles, ReviewCaseFiles, TriageCaseFiles } from './load-cases.js';
import type { FixRepository } from './materialize-fix.js';
import { materializeFix } from './materialize-fix.js';
import type { ReviewRepository } from './materialize-review.js';
import { BASE_BRANCH, HEAD_BRANCH, materializeReview } from './materialize-review.js';
import type { TriageRepository } from './materialize-triage.js';
import { materializeTriage } from './materialize-triage.js';
import { issueCommentCreated, issueOpened, pullRequestOpened } from './events.js';
import { caseCost, readOutputs } from './collect-outputs.js';
import { collectReview } from './collect-review.js';
import { collectFix } from './collect-fix.js';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-types.js';
import { collectTriage } from './collect-triage.js';
import type { RunMode } from './eval-args.js';
import { failureReason, runCli } from './run-cli.js';

export type PreparedCase =
  | { kind: 'review'; entry: ReviewCaseFiles; dir: string; repository: ReviewRepository }
  | { kind: 'fix'; entry: FixCaseFiles; dir: string; repository: FixRepository }
  | { kind: 'triage'; entry: TriageCaseFiles; dir: string; repository: TriageRepository };

/** The issue number of a triage case's issue. */
export const TRIAGE_ISSUE = 1;

/** Materializes the case's repository in `dir` (a new folder); a bad case throws a CaseError. */
export async function prepareCase(
  entry: CaseFiles,
  dir: string,
  display: (file: string) => string,
): Promise<PreparedCase> {
  await mkdir(dir, { recursive: true });
  switch (entry.kind) {
    case 'review':
      return {
        kind: 'review',
        entry,
        dir,
        repository: await materializeReview(entry, dir, display),
      };
    case 'fix':
      return { kind: 'fix', entry, dir, repository: await materializeFix(entry, dir, display) };
    case 'triage':
      return { kind: 'triage', entry, dir, repository: await materializeTriage(entry, dir) };
  }
}

export interface CaseRunContext {
  /** dist/cli.js. */
  cli: string;
  mode: RunMode;
  /** The case's session: replayed from it offline, written to it with --record. */
  recording: string;
  /** Shown in messages instead of an absolute path. */
  display: (file: string) => string;
  /** Action inputs every case gets (model, settings, review_fanout_lines). */
  inputs: Readonly<Record<string, string>>;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Where a fix run's change is tested (test-run.ts). */
  sandbox: Sandbox;
}

export type CaseOutcome =
  | { kind: 'review'; outcome: ReviewOutcome }
  | { kind: 'fix'; outcome: FixOutcome }
  | { kind: 'triage'; outcome: TriageOutcome };

export interface RanCase {
  kind: EvalKind;
  id: string;
  language?: string;
  status: 'ok' | 'error';
  error?: string;
  cost: CaseCost;
  scored: CaseOutcome;
}

export async function runCase(prepared: PreparedCase, context: CaseRunContext): Promise<RanCase> {
  const { entry, dir } = prepared;
  const outDir = path.join(dir, 'out');
  const eventFile = path.join(dir, 'event.json');
  const language = entry.kind === 'triage' ? undefined : entry.spec.language;
  const empty = emptyOutcome(prepared);
  const base = { kind: entry.kind, id: entry.id, ...(language !== undefined ? { language } : {}) };

  if (context.mode === 'offline' && !(await exists(context.recording))) {
    return {
      ...base,
      status: 'error',
      error: `no recording at ${context.display(context.recording)}: record it with npm run eval -- --record --case ${entry.id}, or write it by hand (docs/evals.md)`,
      cost: { wallMs: 0, requests: null, tokens: null, costUsd: null },
      scored: empty,
    };
  }
  if (context.mode === 'record') await mkdir(path.dirname(context.recording), { recursive: true });

  const event = eventFor(prepared);
  await writeFile(eventFile, `${JSON.stringify(event.payload, null, 2)}\n`);
  // The labels with their descriptions, as `gh label list --json` gives them: the model reads both.
  const labelsFile = path.join(dir, 'labels.json');
  if (event.labels !== undefined) {
    await writeFile(labelsFile, `${JSON.stringify(event.labels, null, 2)}\n`);
  }
  const args = [
    '--event',
    eventFile,
    '--event-name',
    event.name,
    '--repo',
    prepared.repository.repo,
    '--out',
    outDir,
    '--skip-trust',
    ...Object.entries({ ...context.inputs, ...event.inputs }).flatMap(([name, value]) => [
      '--input',
      `${name}=${value}`,
    ]),
    ...(event.labels !== undefined ? ['--labels-file', labelsFile] : []),
    ...(context.mode === 'offline'
      ? ['--replay', context.recording, '--strict']
      : context.mode === 'record'
        ? ['--record', context.recording]
        : []),
  ];
  const run = await runCli(context.cli, args, {
    env: context.env,
    cwd: dir,
    timeoutMs: context.timeoutMs,
  });
  const outputs = await readOutputs(outDir);
  const cost = await caseCost(outputs, run.wallMs);
  const failed = run.exitCode !== 0 || run.timedOut;
  const error = failed ? failureReason(run, context.timeoutMs) : undefined;

  switch (prepared.kind) {
    case 'review': {
      const posted = failed ? undefined : await collectReview(outDir);
      const noReview = !failed && posted === undefined;
      return {
        ...base,
        status: failed || noReview ? 'error' : 'ok',
        ...(failed
          ? { error }
          : noReview
            ? { error: 'the run ended without posting a review' }
            : {}),
        cost,
        scored: {
          kind: 'review',
          outcome: { id: entry.id, golden: prepared.entry.spec.golden, posted: posted ?? [] },
        },
      };
    }
    case 'fix': {
      if (failed) {
        return {
          ...base,
          status: 'error',
          ...(error !== undefined ? { error } : {}),
          cost,
          scored: empty,
        };
      }
      const { repository } = prepared;
      const collected = await collectFix({
        entry: prepared.entry,
        repo: repository.repo,
        baseSha: repository.baseSha,
        baseTestCount: repository.baseTestCount,
        outDir,
        outputs,
        workDir: dir,
        sandbox: context.sandbox,
      });
      return { ...base, status: 'ok', cost, scored: { kind: 'fix', outcome: collected.outcome } };
    }
    case 'triage': {
      const chosen = failed ? [] : await collectTriage(outDir, TRIAGE_ISSUE, outputs);
      return {
        ...base,
        status: failed ? 'error' : 'ok',
        ...(error !== undefined ? { error } : {}),
        cost,
        scored: {
          kind: 'triage',
          outcome: {
            id: entry.id,
            labels: prepared.entry.spec.labels,
            expected: prepared.entry.spec.expected,
            chosen,
          },
        },
      };
    }
  }
}

interface CaseEvent {
  name: 'pull_request' | 'issue_comment' | 'issues';
  payload: Record<string, unknown>;
  inputs: Record<string, string>;
  labels?: RepositoryLabel[];
}

/** The event a case's run is for, and the inputs and labels that go with it. */
export function eventFor(prepared: PreparedCase): CaseEvent {
  switch (prepared.kind) {
    case 'review': {
      const { repository } = prepared;
      return {
        name: 'pull_request',
        payload: pullRequestOpened({
          title: prepared.entry.spec.title,
          body: prepared.entry.spec.body,
          baseSha: repository.baseSha,
          headSha: repository.headSha,
          baseRef: BASE_BRANCH,
          headRef: HEAD_BRANCH,
          additions: repository.additions,
          deletions: repository.deletions,
          changedFiles: repository.changedFiles,
        }),
        inputs: { mode: 'review' },
      };
    }
    case 'fix': {
      const { spec } = prepared.entry;
      return {
        name: 'issue_comment',
        payload: issueCommentCreated({ issue: spec.issue, comment: `/gemini ${spec.instruction}` }),
        // One command a line, as action.yml's allowed_commands says.
        inputs: { allowed_commands: spec.test.allowedCommands.join('\n') },
      };
    }
    case 'triage': {
      const { spec } = prepared.entry;
      return {
        name: 'issues',
        payload: issueOpened({ number: TRIAGE_ISSUE, title: spec.title, body: spec.body }),
        inputs: {},
        labels: spec.labels,
      };
    }
  }
}

/** What a run that produced nothing is scored as. */
export function emptyOutcome(prepared: PreparedCase): CaseOutcome {
  switch (prepared.kind) {
    case 'review': {
      const { entry } = prepared;
      return { kind: 'review', outcome: { id: entry.id, golden: entry.spec.golden, posted: [] } };
    }
    case 'fix': {
      const { entry, repository } = prepared;
      return {
        kind: 'fix',
        outcome: {
          id: entry.id,
          changed: [],
          mayChange: entry.spec.mayChange,
          tests: entry.spec.tests,
          baseTestCount: repository.baseTestCount,
          runTestCount: repository.baseTestCount,
          passesWithCaseTests: false,
        },
      };
    }
    case 'triage': {
      const { entry } = prepared;
      return {
        kind: 'triage',
        outcome: {
          id: entry.id,
          labels: entry.spec.labels,
          expected: entry.spec.expected,
          chosen: [],
        },
      };
    }
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
