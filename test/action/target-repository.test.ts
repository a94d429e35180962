// The `repository` input: a maintenance run from a central workflow on another repository's
// checkout (one repository of a fleet campaign). Everything it writes goes to the named
// repository, with the token given for it; a token that cannot write there, a checkout of another
// repository, or an event that belongs to a repository of its own stop the run before the model is
// asked anything.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fleetResultSchema } from '../../src/fleet/fleet-result.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import type { FakeGitHub } from '../support/fake-github-server.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import type { FakeStep } from '../../src/fake-gemini/fake-script.js';
import { runActionInProcess } from '../support/action-harness.js';
import { bareRemoteOf, tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';

/** The repository the fleet's run works on; the workflow runs in Codertocat/Hello-World. */
const TARGET = { owner: 'octo-org', name: 'billing-service', defaultBranch: 'main' };
const TARGET_NAME = `${TARGET.owner}/${TARGET.name}`;

/** GITHUB_WORKSPACE holding the central repository, with the target checked out in `target/`. */
async function checkouts(origin = `https://github.com/${TARGET_NAME}`) {
  const workspace = await tempRepo({ 'campaign/deny-writes.toml': '' }, { git: true });
  const target = path.join(workspace, 'target');
  execFileSync('git', [
    'clone',
    '-q',
    await tempRepo({ 'package.json': '{"engines":{"node":">=20"}}\n' }, { git: true }),
    target,
  ]);
  execFileSync('git', ['remote', 'set-url', 'origin', origin], { cwd: target });
  return { workspace, target, remote: await bareRemoteOf(target) };
}

function editPackageJson(target: string): FakeStep[] {
  return [
    callsReply([
      {
        id: 'w1',
        name: 'write_file',
        args: {
          file_path: path.join(target, 'package.json'),
          content: '{"engines":{"node":">=24"}}\n',
        },
      },
    ]),
    textReply('Moved the engines field to Node 24.'),
  ];
}

async function campaignRun(options: {
  github: FakeGitHub;
  gemini: FakeGeminiServer;
  workspace: string;
  remote: string;
  eventName?: string;
  payload?: unknown;
  inputs?: Record<string, string>;
}) {
  return runActionInProcess({
    eventName: options.eventName ?? 'schedule',
    payload: options.payload ?? webhookExample('schedule'),
    github: options.github,
    gemini: options.gemini,
    workspace: options.workspace,
    remote: options.remote,
    inputs: {
      mode: 'maintenance',
      prompt: 'Require Node 24 in package.json.',
      repository: TARGET_NAME,
      working_directory: 'target',
      campaign: 'node-24',
      ...options.inputs,
    },
  });
}

/** Every request that named a repository named the target. */
function repositoriesAsked(github: FakeGitHub): string[] {
  return [
    ...new Set(
      github.requests
        .map((request) => /^\/repos\/([^/]+\/[^/]+)/.exec(request.path)?.[1])
        .filter((name): name is string => name !== undefined),
    ),
  ];
}

describe('the repository input', () => {
  it('works on the named repository: its checkout, its pull request on the campaign branch, and a re-run updates that pull request', async () => {
    const github = await useFakeGitHub({ repo: TARGET });
    const { workspace, target, remote } = await checkouts();
    const gemini = await useFakeGemini([
      ...editPackageJson(target),
      textReply('Nothing left to change.'),
    ]);

    const first = await campaignRun({ github, gemini, workspace, remote });

    expect(first.result.conclusion, first.failed.join('\n')).toBe('success');
    expect(github.violations).toEqual([]);
    expect(repositoriesAsked(github)).toEqual([TARGET_NAME]);
    expect(first.outputs.branch_name).toBe('gemini/campaign-node-24');
    expect(
      execFileSync('git', ['show', 'gemini/campaign-node-24:package.json'], {
        cwd: remote,
        encoding: 'utf8',
      }),
    ).toContain('>=24');
    expect(github.createdPulls).toHaveLength(1);
    // The fleet's tracking issue is the report: no sticky report issue in the target.
    expect(
      github.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/issues')),
    ).toEqual([]);
    // The result the fleet's report reads.
    const resultFile = first.outputs.fleet_result ?? '';
    expect(resultFile).toMatch(/gemini-agent-fleet\/octo-org__billing-service\.json$/);
    const result = fleetResultSchema.parse(JSON.parse(await readFile(resultFile, 'utf8')));
    expect(result).toMatchObject({
      campaign: 'node-24',
      repository: TARGET_NAME,
      conclusion: 'success',
      prUrl: first.outputs.pr_url,
      branch: 'gemini/campaign-node-24',
    });

    // A re-run is a fresh job: a clean checkout of the default branch.
    execFileSync('git', ['checkout', '-q', '--', '.'], { cwd: target });
    const second = await campaignRun({ github, gemini, workspace, remote });

    expect(second.result.conclusion, second.failed.join('\n')).toBe('success');
    expect(second.logs.join('\n')).toContain('Continuing on gemini/campaign-node-24');
    expect(github.createdPulls).toHaveLength(1);
    expect(repositoriesAsked(github)).toEqual([TARGET_NAME]);
  });

  it("keeps the agent inside working_directory: the workflow's own checkout beside it (the Action's code, the campaign's policy) cannot be written", async () => {
    const github = await useFakeGitHub({ repo: TARGET });
    const { workspace, remote } = await checkouts();
    const outside = path.join(workspace, 'campaign/deny-writes.toml');
    const gemini = await useFakeGemini([
      callsReply([
        {
          id: 'w1',
          name: 'write_file',
          args: { file_path: outside, content: '# emptied by the agent\n' },
        },
      ]),
      textReply('Tried to change the campaign policy.'),
    ]);

    const run = await campaignRun({ github, gemini, workspace, remote });

    expect(run.result.conclusion, run.failed.join('\n')).toBe('success');
    expect(await readFile(outside, 'utf8')).toBe('');
    expect(JSON.stringify(gemini.generateRequests()[1]?.body)).toMatch(/outside|workspace/i);
    expect(github.createdPulls).toEqual([]);
  });

  it('refuses a token that can only read the repository, before asking the model anything', async () => {
    const github = await useFakeGitHub({
      repo: TARGET,
      permissions: { 'github-actions[bot]': 'read' },
    });
    const { workspace, remote } = await checkouts();
    const gemini = await useFakeGemini([]);

    const run = await campaignRun({ github, gemini, workspace, remote });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed[0]).toMatch(
      /^github_token: expected a token that can write to octo-org\/billing-service; it can only read it/,
    );
    expect(gemini.requests).toEqual([]);
    expect(github.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    // The report still gets a row for it.
    const result = fleetResultSchema.parse(
      JSON.parse(await readFile(run.outputs.fleet_result ?? '', 'utf8')),
    );
    expect(result.conclusion).toBe('failure');
    expect(result.summary).toMatch(/can only read it/);
  });

  it('refuses a token that cannot see the repository (made for another one)', async () => {
    const github = await useFakeGitHub({ repo: TARGET });
    const { workspace, remote } = await checkouts('https://github.com/octo-org/payments');
    const gemini = await useFakeGemini([]);

    const run = await campaignRun({
      github,
      gemini,
      workspace,
      remote,
      inputs: { repository: 'octo-org/payments' },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed[0]).toMatch(
      /^github_token: expected a token that can write to octo-org\/payments.*HTTP 404/,
    );
    expect(gemini.requests).toEqual([]);
  });

  it('refuses a checkout of another repository, naming its origin without credentials', async () => {
    const github = await useFakeGitHub({ repo: TARGET });
    const { workspace, remote } = await checkouts(
      'https://x-access-token:ghs_leak0123456789@github.com/octo-org/payments.git',
    );
    const gemini = await useFakeGemini([]);

    const run = await campaignRun({ github, gemini, workspace, remote });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed[0]).toMatch(
      /^working_directory: expected the checkout in .*target to be octo-org\/billing-service .*its origin is https:\/\/github\.com\/octo-org\/payments\.git/,
    );
    expect(run.failed[0]).not.toContain('ghs_leak');
    expect(gemini.requests).toEqual([]);
  });

  it('refuses a working_directory that is not there', async () => {
    const github = await useFakeGitHub({ repo: TARGET });
    const { workspace, remote } = await checkouts();
    const gemini = await useFakeGemini([]);

    const run = await campaignRun({
      github,
      gemini,
      workspace,
      remote,
      inputs: { working_directory: 'services/billing' },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed[0]).toMatch(/^working_directory: .*services\/billing does not exist/);
    expect(github.requests).toEqual([]);
  });

  it('refuses the input on an event that belongs to a repository of its own (a comment)', async () => {
    const github = await useFakeGitHub({ repo: TARGET });
    const { workspace, remote } = await checkouts();
    const gemini = await useFakeGemini([]);
    const payload = webhookExample('issue_comment');
    (payload as { comment: { body: string } }).comment.body = '/gemini bump node';

    const run = await campaignRun({
      github,
      gemini,
      workspace,
      remote,
      eventName: 'issue_comment',
      payload,
      inputs: { mode: 'auto' },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed[0]).toMatch(/^repository: expected a scheduled or manual run/);
    expect(gemini.requests).toEqual([]);
  });
});

describe('the campaign policy', () => {
  it('narrows: its deny beats what the preset allows, so nothing is written or published', async () => {
    const github = await useFakeGitHub({ repo: TARGET });
    const { workspace, target, remote } = await checkouts();
    await writeFile(
      path.join(workspace, 'campaign/deny-writes.toml'),
      '[[rule]]\ntoolName = "write_file"\ndecision = "deny"\npriority = 1\n',
    );
    const gemini = await useFakeGemini(editPackageJson(target));

    const run = await campaignRun({
      github,
      gemini,
      workspace,
      remote,
      inputs: { campaign_policy: 'campaign/deny-writes.toml' },
    });

    expect(run.result.conclusion, run.failed.join('\n')).toBe('success');
    expect(await readFile(path.join(target, 'package.json'), 'utf8')).toContain('>=20');
    expect(github.createdPulls).toEqual([]);
  });

  it('cannot widen: an allow rule in it stops the run at its file and line', async () => {
    const github = await useFakeGitHub({ repo: TARGET });
    const { workspace, remote } = await checkouts();
    await writeFile(
      path.join(workspace, 'campaign/deny-writes.toml'),
      '[[rule]]\ntoolName = "write_file"\ndecision = "deny"\npriority = 1\n\n[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\npriority = 1\n',
    );
    const gemini = await useFakeGemini([]);

    const run = await campaignRun({
      github,
      gemini,
      workspace,
      remote,
      inputs: { campaign_policy: 'campaign/deny-writes.toml' },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed[0]).toMatch(
      /campaign\/deny-writes\.toml:6:1: expected deny or ask_user rules only: a campaign policy can narrow/,
    );
    expect(gemini.generateRequests()).toEqual([]);
  });
});
