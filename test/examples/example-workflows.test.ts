// The example workflows are what users copy, so their mistakes become every user's mistakes: an
// input the Action does not have (silently ignored by the runner, with a warning nobody reads),
// broader permissions than the mode needs, a checkout that leaves the token in .git/config, or
// fork code checked out with the base repository's secrets.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLES = path.join(ROOT, 'examples', 'workflows');
const ACTION_REF = '<owner>/gemini-agent-action@v1';

type Yaml = Record<string, unknown>;

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}

interface Job {
  if?: string;
  permissions?: unknown;
  steps: Step[];
}

interface Workflow {
  file: string;
  text: string;
  on: Yaml;
  permissions: unknown;
  jobs: Record<string, Job>;
}

function isRecord(value: unknown): value is Yaml {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function loadWorkflows(): Promise<Map<string, Workflow>> {
  const files = (await readdir(EXAMPLES)).filter((file) => /\.ya?ml$/.test(file)).sort();
  const workflows = new Map<string, Workflow>();
  for (const file of files) {
    const text = await readFile(path.join(EXAMPLES, file), 'utf8');
    const parsed: unknown = parse(text);
    if (!isRecord(parsed) || !isRecord(parsed.on) || !isRecord(parsed.jobs)) {
      throw new Error(`${file}: expected a workflow with on: and jobs:`);
    }
    workflows.set(file, {
      file,
      text,
      on: parsed.on,
      permissions: parsed.permissions,
      jobs: parsed.jobs as Record<string, Job>,
    });
  }
  return workflows;
}

const workflows = await loadWorkflows();
const actionYml: unknown = parse(await readFile(path.join(ROOT, 'action.yml'), 'utf8'));
const declaredInputs = new Set(
  isRecord(actionYml) && isRecord(actionYml.inputs) ? Object.keys(actionYml.inputs) : [],
);

function workflow(file: string): Workflow {
  const found = workflows.get(file);
  if (!found) throw new Error(`examples/workflows/${file} is missing`);
  return found;
}

function allSteps(wf: Workflow): Step[] {
  return Object.values(wf.jobs).flatMap((job) => job.steps);
}

function actionSteps(wf: Workflow): Step[] {
  return allSteps(wf).filter((step) => step.uses === ACTION_REF);
}

/** The job's permissions as `scope → level`; every job must set its own. */
function jobPermissions(wf: Workflow): Record<string, string>[] {
  return Object.entries(wf.jobs).map(([name, job]) => {
    if (!isRecord(job.permissions)) {
      throw new Error(`${wf.file}: job ${name} must list its permissions explicitly`);
    }
    return job.permissions as Record<string, string>;
  });
}

function writes(permissions: Record<string, string>): string[] {
  return Object.entries(permissions)
    .filter(([, level]) => level === 'write')
    .map(([scope]) => scope)
    .sort();
}

describe('the example workflows', () => {
  it('cover every mode', () => {
    expect([...workflows.keys()]).toEqual([
      'gemini-invoke.yml',
      'gemini-maintenance.yml',
      'gemini-review.yml',
      'gemini-triage.yml',
    ]);
  });

  it('use only inputs the Action declares', () => {
    for (const wf of workflows.values()) {
      const steps = actionSteps(wf);
      expect(steps.length, wf.file).toBe(1);
      for (const step of steps) {
        for (const name of Object.keys(step.with ?? {})) {
          expect(declaredInputs.has(name), `${wf.file}: input ${name} is not in action.yml`).toBe(
            true,
          );
        }
      }
    }
  });

  it('grant nothing at the top and only what the mode needs per job', () => {
    for (const wf of workflows.values()) {
      expect(wf.permissions, `${wf.file}: top-level permissions`).toEqual({});
      expect(wf.text, wf.file).not.toMatch(/write-all|read-all/);
    }
    const [invoke] = jobPermissions(workflow('gemini-invoke.yml'));
    expect(invoke).toEqual({ contents: 'write', issues: 'write', 'pull-requests': 'write' });
    const [review] = jobPermissions(workflow('gemini-review.yml'));
    // `actions: read`: a newer run of the workflow for the same pull request replaces the review.
    expect(review).toEqual({ contents: 'read', 'pull-requests': 'write', actions: 'read' });
    const [triage] = jobPermissions(workflow('gemini-triage.yml'));
    expect(triage && writes(triage)).toEqual(['issues']);
    expect(triage?.contents).toBe('read');
    const [maintenance] = jobPermissions(workflow('gemini-maintenance.yml'));
    expect(maintenance && writes(maintenance)).toEqual(['contents', 'issues', 'pull-requests']);
  });

  it('check out without leaving the token in .git/config', () => {
    for (const wf of workflows.values()) {
      const checkouts = allSteps(wf).filter((step) => step.uses?.startsWith('actions/checkout@'));
      expect(checkouts.length, wf.file).toBeGreaterThan(0);
      for (const step of checkouts) {
        expect(step.with?.['persist-credentials'], wf.file).toBe(false);
      }
    }
  });

  it('never check out a pull request’s head under pull_request_target', () => {
    for (const wf of workflows.values()) {
      if (!('pull_request_target' in wf.on)) continue;
      for (const step of allSteps(wf)) {
        const ref = JSON.stringify(step.with ?? {});
        expect(ref, wf.file).not.toMatch(/pull_request\.head\.(sha|ref)|refs\/pull\//);
      }
    }
    expect(Object.keys(workflow('gemini-review.yml').on)).toEqual(['pull_request']);
  });

  it('never check out fork code in comment-triggered runs, which have secrets', () => {
    const wf = workflow('gemini-invoke.yml');
    const [checkout] = allSteps(wf).filter((step) => step.uses?.startsWith('actions/checkout@'));
    // The default branch, whatever the event: the Action moves to a same-repository pull
    // request's head itself, and never to a fork's.
    expect(checkout?.with?.ref).toBe('${{ github.event.repository.default_branch }}');
    // No step of the workflow's own looks up or fetches a pull request's head.
    expect(allSteps(wf).filter((step) => step.run !== undefined)).toEqual([]);
  });

  it('leave installing dependencies to a step before the agent', () => {
    // The presets deny package installs, and the README says why: a workflow step installs.
    const install =
      /^(npm (ci|i|install)|yarn( install)?|pnpm (i|install)|pip3? install|bundle install|go mod download)\b/;
    for (const wf of workflows.values()) {
      for (const step of actionSteps(wf)) {
        const listed = step.with?.allowed_commands;
        const commands = (typeof listed === 'string' ? listed : '')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '');
        expect(
          commands.filter((command) => install.test(command)),
          wf.file,
        ).toEqual([]);
      }
    }
  });

  it('reference secrets only through `secrets.`', () => {
    for (const wf of workflows.values()) {
      for (const step of actionSteps(wf)) {
        expect(step.with?.gemini_api_key, wf.file).toBe('${{ secrets.GEMINI_API_KEY }}');
        for (const [name, value] of Object.entries(step.with ?? {})) {
          if (!/api_key|token|secret|password|credential/i.test(name)) continue;
          expect(String(value), `${wf.file}: ${name}`).toMatch(
            /^\$\{\{ (secrets\.[A-Z0-9_]+|github\.token) \}\}$/,
          );
        }
      }
      // No literal credential shapes anywhere (Google API keys, GitHub tokens).
      expect(wf.text, wf.file).not.toMatch(/AIza[0-9A-Za-z_-]{20,}|gh[pousr]_[A-Za-z0-9]{20,}/);
    }
  });

  it('start on the events of their mode', () => {
    expect(workflow('gemini-invoke.yml').on).toEqual({
      issue_comment: { types: ['created'] },
      pull_request_review_comment: { types: ['created'] },
      pull_request_review: { types: ['submitted'] },
    });
    expect(workflow('gemini-review.yml').on).toEqual({
      pull_request: { types: ['opened', 'synchronize', 'reopened', 'ready_for_review'] },
    });
    const triage = workflow('gemini-triage.yml');
    expect(triage.on.issues).toEqual({ types: ['opened', 'labeled'] });
    expect(triage.on.schedule).toBeDefined();
    expect(actionSteps(triage)[0]?.with?.mode).toBe('triage');
    const maintenance = workflow('gemini-maintenance.yml');
    expect(maintenance.on.schedule).toBeDefined();
    expect(maintenance.on.workflow_dispatch).toMatchObject({
      inputs: { prompt: { type: 'string' } },
    });
    const inputs = actionSteps(maintenance)[0]?.with ?? {};
    // Both set is an error; the dispatch form's prompt reaches the Action through the event.
    expect('prompt' in inputs && 'prompt_file' in inputs).toBe(false);
  });

  it('filter comments on the trigger phrase the Action uses', () => {
    const wf = workflow('gemini-invoke.yml');
    const [job] = Object.values(wf.jobs);
    const configured = actionSteps(wf)[0]?.with?.trigger_phrase;
    const phrase = typeof configured === 'string' ? configured : '/gemini';
    for (const field of ['comment.body', 'review.body']) {
      expect(job?.if).toContain(`contains(github.event.${field}, '${phrase}')`);
    }
  });
});
