// A scheduled maintenance run end to end in-process: the prompt input is the task, the change is
// published on a maintenance branch with a pull request, and the run report is kept in one issue.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { runActionInProcess } from '../support/action-harness.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };

describe('maintenance runs', () => {
  it('publishes the change and keeps one report issue across runs', async () => {
    const github = await useFakeGitHub({ repo: REPO });
    const workspace = await tempRepo({ 'CHANGELOG.md': '# Changelog\n' }, { git: true });
    const gemini = await useFakeGemini([
      callsReply([
        {
          id: 'w1',
          name: 'write_file',
          args: {
            file_path: `${workspace}/CHANGELOG.md`,
            content: '# Changelog\n\n## Unreleased\n',
          },
        },
      ]),
      textReply('Added an Unreleased section.'),
      textReply('Nothing to do this time.'),
    ]);
    const inputs = { prompt: 'Keep the changelog tidy.', report_key: 'weekly' };

    const first = await runActionInProcess({
      eventName: 'schedule',
      payload: webhookExample('schedule'),
      github,
      gemini,
      workspace,
      inputs,
    });

    expect(first.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    const branch = first.outputs.branch_name ?? '';
    expect(branch).toMatch(/^gemini\/maintenance-/);
    expect(
      execFileSync('git', ['show', `${branch}:CHANGELOG.md`], {
        cwd: first.remote,
        encoding: 'utf8',
      }),
    ).toContain('## Unreleased');
    expect(github.createdPulls).toHaveLength(1);
    const reports = () =>
      github.requests.filter(
        (request) => request.method === 'POST' && request.path.endsWith('/issues'),
      );
    expect(reports()).toHaveLength(1);

    const second = await runActionInProcess({
      eventName: 'schedule',
      payload: webhookExample('schedule'),
      github,
      gemini,
      inputs,
    });

    expect(second.result.conclusion).toBe('success');
    // Same report issue, updated rather than duplicated.
    expect(reports()).toHaveLength(1);
    const updates = github.requests.filter(
      (request) => request.method === 'PATCH' && /\/issues\/\d+$/.test(request.path),
    );
    expect(updates).toHaveLength(1);
    expect(JSON.stringify(updates[0]?.body)).toContain('Nothing to do this time.');
  });

  it('reads the task from prompt_file in the repository', async () => {
    const github = await useFakeGitHub({ repo: REPO });
    const workspace = await tempRepo(
      { '.github/gemini/weekly.md': 'Update the copyright year in LICENSE.\n' },
      { git: true },
    );
    const gemini = await useFakeGemini([textReply('The year is current already.')]);

    const run = await runActionInProcess({
      eventName: 'schedule',
      payload: webhookExample('schedule'),
      github,
      gemini,
      workspace,
      inputs: { prompt_file: '.github/gemini/weekly.md' },
    });

    expect(run.result.conclusion).toBe('success');
    const prompt = JSON.stringify(gemini.generateRequests()[0]?.body);
    expect(prompt).toContain('Update the copyright year in LICENSE.');
  });

  it('names prompt_file when the file is missing', async () => {
    const github = await useFakeGitHub({ repo: REPO });
    const gemini = await useFakeGemini([]);

    const run = await runActionInProcess({
      eventName: 'schedule',
      payload: webhookExample('schedule'),
      github,
      gemini,
      inputs: { prompt_file: 'tasks/missing.md' },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed[0]).toMatch(/^prompt_file: /);
    expect(gemini.requests).toEqual([]);
  });
});
