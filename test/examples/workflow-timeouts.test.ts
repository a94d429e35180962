// The job's `timeout-minutes` and the Action's `timeout_minutes` set together, in every workflow
// users copy (the examples and the README's excerpts of them) and in this repository's own. When
// the job's limit comes first, the runner cancels the job mid-session (SIGINT, SIGTERM 7.5 s
// later, SIGKILL): the session must end by itself at least WRAP_UP_MINUTES earlier, with time to
// keep its work and write its report. The limit is read by the Action's own reader of workflow
// files (src/action/job-time-limit.ts), the one that warns at start, so the examples are held to
// exactly what the Action would warn about.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  WRAP_UP_MINUTES,
  readJobTimeLimit,
  timeLimitWarning,
} from '../../src/action/job-time-limit.js';
import { codeBlocks, section } from '../docs/markdown.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ACTION_USES = new Set(['<owner>/gemini-agent-action@v1', './']);

type Yaml = Record<string, unknown>;

function isRecord(value: unknown): value is Yaml {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function workflowFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder))
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => `${folder}/${name}`);
}

interface ActionJob {
  job: string;
  jobLimit: unknown;
  stepId: string | undefined;
  timeoutMinutes: unknown;
}

/** Every job that runs the Action, with its limit and the Action's `timeout_minutes` as written. */
function actionJobs(document: unknown): ActionJob[] {
  if (!isRecord(document) || !isRecord(document.jobs)) return [];
  return Object.entries(document.jobs).flatMap(([job, entry]) => {
    if (!isRecord(entry) || !Array.isArray(entry.steps)) return [];
    return (entry.steps as unknown[])
      .filter((step): step is Yaml => isRecord(step) && ACTION_USES.has(String(step.uses)))
      .map((step) => ({
        job,
        jobLimit: entry['timeout-minutes'],
        stepId: typeof step.id === 'string' ? step.id : undefined,
        timeoutMinutes: isRecord(step.with) ? step.with.timeout_minutes : undefined,
      }));
  });
}

/** What is wrong with the pair in one workflow file, as the Action would read it at run time. */
async function timeoutProblems(file: string, text: string): Promise<string[]> {
  const problems: string[] = [];
  for (const found of actionJobs(parse(text))) {
    const where = `${file}, job ${found.job}`;
    if (typeof found.jobLimit !== 'number') {
      problems.push(`${where}: set timeout-minutes on the job`);
      continue;
    }
    const minutes = Number(found.timeoutMinutes);
    if (found.timeoutMinutes === undefined || !Number.isInteger(minutes) || minutes < 1) {
      problems.push(`${where}: give the Action timeout_minutes explicitly`);
      continue;
    }
    // As the runner describes the run of this file, copied into .github/workflows/.
    const limit = await readJobTimeLimit({
      env: {
        GITHUB_JOB: found.job,
        GITHUB_ACTION: found.stepId,
        GITHUB_REPOSITORY: 'octo-org/octo-repo',
        GITHUB_WORKFLOW_REF: `octo-org/octo-repo/.github/workflows/${path.basename(file)}@refs/heads/main`,
        GITHUB_WORKFLOW_SHA: 'a'.repeat(40),
      },
      readWorkflowFile: () => Promise.resolve(text),
    });
    if (limit === undefined) {
      problems.push(`${where}: the Action cannot read the job's limit`);
      continue;
    }
    const warning = timeLimitWarning(minutes, limit);
    if (warning !== undefined) problems.push(`${where}: ${warning}`);
    if (limit.minutes - minutes < WRAP_UP_MINUTES) {
      problems.push(`${where}: ${limit.minutes - minutes} minute(s) left to wrap up`);
    }
  }
  return problems;
}

const EXAMPLES = workflowFiles('examples/workflows');
const OWN = workflowFiles('.github/workflows').filter(
  (file) => actionJobs(parse(readFileSync(path.join(ROOT, file), 'utf8'))).length > 0,
);

describe('timeout-minutes and timeout_minutes', () => {
  it('are found in the example workflows and this repository’s own', () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(4);
    expect(OWN.map((file) => path.basename(file))).toEqual([
      'gemini-invoke.yml',
      'gemini-review.yml',
      'gemini-triage.yml',
    ]);
  });

  it.each([...EXAMPLES, ...OWN])(
    '%s ends the session at least a minute before the job’s limit',
    async (file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      expect(actionJobs(parse(text)).length, file).toBeGreaterThan(0);
      expect(await timeoutProblems(file, text)).toEqual([]);
    },
  );

  it('finds a pair that leaves no time to wrap up, or a limit left unsaid', async () => {
    const workflow = (jobLimit: string, withLines: string[]) =>
      [
        'on: pull_request',
        'jobs:',
        '  review:',
        '    runs-on: ubuntu-latest',
        ...(jobLimit === '' ? [] : [`    timeout-minutes: ${jobLimit}`]),
        '    steps:',
        '      - uses: ./',
        '        with:',
        '          mode: review',
        ...withLines.map((line) => `          ${line}`),
      ].join('\n');
    // The Action's default of 30 minutes under a 20-minute job.
    expect(await timeoutProblems('review.yml', workflow('20', []))).toEqual([
      'review.yml, job review: give the Action timeout_minutes explicitly',
    ]);
    const tight = await timeoutProblems('review.yml', workflow('20', ['timeout_minutes: 20']));
    expect(tight).toEqual([
      expect.stringContaining('Set timeout_minutes to 19 or less'),
      'review.yml, job review: 0 minute(s) left to wrap up',
    ]);
    expect(await timeoutProblems('review.yml', workflow('', ['timeout_minutes: 15']))).toEqual([
      'review.yml, job review: set timeout-minutes on the job',
    ]);
    expect(await timeoutProblems('review.yml', workflow('20', ['timeout_minutes: 19']))).toEqual(
      [],
    );
  });
});

describe("the README's workflow excerpts", () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const excerpts = (section(readme, 'Use it in a workflow') ?? '')
    .split(/\n(?=### )/)
    .slice(1)
    .map((part) => ({
      file: /\]\((examples\/workflows\/[\w.-]+\.yml)\)/.exec(part)?.[1] ?? '',
      yaml: codeBlocks(part).find((block) => block.lang === 'yaml')?.text ?? '',
    }));

  it.each(excerpts)('show the pair of $file with its values', async ({ file, yaml }) => {
    expect(file).not.toBe('');
    const shown = actionJobs(parse(yaml));
    const full = actionJobs(parse(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(
      shown.map(({ job, jobLimit, timeoutMinutes }) => ({ job, jobLimit, timeoutMinutes })),
    ).toEqual(full.map(({ job, jobLimit, timeoutMinutes }) => ({ job, jobLimit, timeoutMinutes })));
    expect(await timeoutProblems(`README.md (${file})`, yaml)).toEqual([]);
  });
});
