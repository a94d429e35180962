// 5. GitHub cost: REST API requests one run of the Action makes, counted by the project's fake
// GitHub server (test/support/fake-github-server.ts, which checks each request against GitHub's
// API description). The committed bundle (dist/index.js) runs as the runner would start it,
// against the fake GitHub, a local git server for pushes, and the instant fake model server.
// Git's own traffic (the push) is not API usage and is not counted.
//
// Four runs: a /gemini task that changes a file (branch pushed, pull request opened, one
// comment), a pull request review with 20 findings, the triage of an opened issue, and one
// repository's run of a fleet campaign (what each job of the fleet's matrix costs).
import path from 'node:path';
import { row } from './lib/measure.mjs';
import { commentSeed, REPO, runAction } from './lib/action-run.mjs';
import { reviewSpec } from './lib/review-scenario.mjs';
import { fakeGitHubModule, webhookPayloadsModule } from './lib/test-support.mjs';

export const name = 'github-cost';

export const scenarios = [
  {
    label: 'invoke with changes (/gemini task: branch, pull request, comment)',
    limit: 12,
    async setup({ webhookExample }) {
      const payload = webhookExample('issue_comment', { action: 'created' });
      payload.comment.body = '/gemini fix the spelling in the README';
      return {
        eventName: 'issue_comment',
        payload,
        github: { repo: REPO, issues: [commentSeed(payload)] },
        workspaceFiles: { 'README.md': '# Hello-World\n\nComit often.\n' },
        calls: (ws) => [
          { name: 'read_file', args: { file_path: path.join(ws, 'README.md') } },
          {
            name: 'replace',
            args: {
              file_path: path.join(ws, 'README.md'),
              old_string: 'Comit often.',
              new_string: 'Commit often.',
            },
          },
        ],
        finalText: 'Fixed the spelling of "Commit" in the README.',
      };
    },
    check: (run, github) =>
      run.outputs.conclusion === 'success' && github.createdPulls.length === 1,
  },
  {
    label: 'review with 20 findings',
    // The pull request, its files, earlier reviews and the comment threads (GraphQL); 👀 on the
    // pull request; before posting, a newer run of the workflow, the head now and a review posted
    // meanwhile (so a superseded or repeated review is not posted); the review.
    limit: 10,
    setup: async ({ webhookExample }) => reviewSpec(webhookExample, 1),
    check: (run, github) =>
      run.outputs.conclusion === 'success' &&
      github.reviews.length === 1 &&
      github.reviews[0].comments.length === 20,
  },
  {
    label: 'triage of an opened issue',
    // The issue, its comments and the repository's labels; 👀 on the issue; the labels.
    limit: 5,
    async setup({ webhookExample }) {
      const payload = webhookExample('issues', { action: 'opened' });
      return {
        eventName: 'issues',
        payload,
        github: {
          repo: REPO,
          labels: [
            { name: 'bug', description: 'Something is broken' },
            { name: 'documentation', description: 'Docs only' },
            { name: 'question', description: 'Needs an answer, not a change' },
          ],
          issues: [
            {
              number: payload.issue.number,
              title: payload.issue.title,
              body: payload.issue.body ?? '',
            },
          ],
        },
        calls: () => [{ name: 'set_labels', args: { labels: ['documentation'] } }],
        finalText: 'documentation: the README has a typo.',
      };
    },
    check: (run, github) =>
      run.outputs.conclusion === 'success' && github.labels(1).includes('documentation'),
  },
  {
    label:
      'one repository of a fleet campaign (repository input: token check, branch, pull request)',
    // The repository (can the token write there?); the campaign branch's earlier run, if any;
    // the default branch and the pull request's base; the pull request. The push is git.
    limit: 8,
    async setup({ webhookExample }) {
      const payload = webhookExample('workflow_dispatch');
      payload.inputs = {};
      return {
        eventName: 'workflow_dispatch',
        payload,
        github: { repo: REPO },
        workspaceFiles: { 'README.md': '# Hello-World\n' },
        workspaceOrigin: `https://github.com/${REPO.owner}/${REPO.name}`,
        inputs: {
          mode: 'maintenance',
          prompt: 'Move this repository to Node 24.',
          campaign: 'node-24',
          repository: `${REPO.owner}/${REPO.name}`,
        },
        calls: (ws) => [
          { name: 'write_file', args: { file_path: path.join(ws, '.nvmrc'), content: '24\n' } },
        ],
        finalText: 'Set .nvmrc to 24.',
      };
    },
    check: (run, github) =>
      run.outputs.conclusion === 'success' &&
      github.createdPulls.length === 1 &&
      run.outputs.branch_name === 'gemini/campaign-node-24',
  },
];

/**
 * Requests that create or change something: what GitHub's content-creation limits count. The
 * Action's GraphQL requests are queries (the review's threads), so they are reads.
 */
export function writes(requests) {
  return requests.filter((request) => !/^(GET|HEAD) |^POST \/graphql$/.test(request)).length;
}

export async function run({ log }) {
  const { startFakeGitHub } = await fakeGitHubModule();
  const { webhookExample } = await webhookPayloadsModule();
  const rows = [];
  for (const scenario of scenarios) {
    log(`github cost: ${scenario.label}`);
    const spec = await scenario.setup({ webhookExample });
    const github = await startFakeGitHub(spec.github);
    try {
      const result = await runAction({ ...spec, github });
      if (result.code !== 0 || !scenario.check(result, github)) {
        throw new Error(
          `${scenario.label}: the run did not do its job (exit ${result.code}, outputs ${JSON.stringify(result.outputs)}): ${result.stdout.slice(-1500)}`,
        );
      }
      if (github.violations.length > 0 || github.unexpected.length > 0) {
        throw new Error(
          `${scenario.label}: requests GitHub would refuse: ${JSON.stringify([...github.violations, ...github.unexpected.map((r) => `${r.method} ${r.path}`)])}`,
        );
      }
      const count = result.requests.length;
      rows.push(
        row({
          benchmark: name,
          measure: `API requests: ${scenario.label}`,
          unit: 'requests',
          samples: [count],
          target: `≤ ${scenario.limit}`,
          met: count <= scenario.limit,
          note: `${writes(result.requests)} writes: ${result.requests.join('; ')}`,
        }),
      );
    } finally {
      await github.close();
    }
  }
  return rows;
}
