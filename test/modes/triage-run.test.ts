// Triage runs end to end in-process: labels chosen through set_labels are applied by trusted
// code, limited to the repository's labels; a scheduled triage labels batches of open issues.
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { runActionInProcess } from '../support/action-harness.js';
import { webhookExample } from '../support/webhook-payloads.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
const LABELS = [
  { name: 'bug', description: 'Something is broken' },
  { name: 'documentation', description: 'Docs only' },
  { name: 'question', description: 'Needs an answer, not a change' },
];

describe('triage runs', () => {
  it('applies the labels an opened issue gets, with no progress comment', async () => {
    const payload = webhookExample('issues', { action: 'opened' });
    const number = payload.issue.number;
    const github = await useFakeGitHub({
      repo: REPO,
      labels: LABELS,
      issues: [{ number, title: payload.issue.title, body: payload.issue.body ?? '' }],
    });
    const gemini = await useFakeGemini([
      callsReply([
        { id: 'l1', name: 'set_labels', args: { labels: ['Documentation', 'wontfix'] } },
      ]),
      callsReply([{ id: 'l2', name: 'set_labels', args: { labels: ['documentation'] } }]),
      textReply('documentation: the README has a typo.'),
    ]);

    const run = await runActionInProcess({ eventName: 'issues', payload, github, gemini });

    expect(run.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    expect(github.labels(number)).toEqual(['documentation']);
    // The unknown label went back to the model with the names it may use.
    const retry = JSON.stringify(gemini.generateRequests()[1]?.body);
    expect(retry).toContain('wontfix');
    expect(github.comments(number).filter((comment) => !comment.seeded)).toEqual([]);
    expect(JSON.parse(run.outputs.labels ?? '{}')).toEqual({ [number]: ['documentation'] });
  });

  it('applies the existing labels of a call that also names missing ones, and reports the rest', async () => {
    const payload = webhookExample('issues', { action: 'opened' });
    const number = payload.issue.number;
    const github = await useFakeGitHub({
      repo: REPO,
      labels: LABELS,
      issues: [{ number, title: payload.issue.title, body: payload.issue.body ?? '' }],
    });
    // The model never corrects itself: the valid label must still be applied.
    const gemini = await useFakeGemini([
      callsReply([{ id: 'l1', name: 'set_labels', args: { labels: ['bug', 'crash', 'p1'] } }]),
      textReply('A crash: bug.'),
    ]);

    const run = await runActionInProcess({ eventName: 'issues', payload, github, gemini });

    expect(run.result.conclusion).toBe('success');
    expect(github.labels(number)).toEqual(['bug']);
    const told = JSON.stringify(gemini.generateRequests()[1]?.body);
    expect(told).toContain('Recorded the labels for the issue: bug.');
    expect(told).toContain('\\"crash\\" is not a label of this repository');
    expect(run.summary).toContain(
      `- #${number}: \`bug\` — left out, not labels of this repository: \`crash\`, \`p1\``,
    );
    expect(JSON.parse(run.outputs.labels ?? '{}')).toEqual({ [number]: ['bug'] });
  });

  it('labels the open unlabelled issues of a scheduled run in one batch', async () => {
    const github = await useFakeGitHub({
      repo: REPO,
      labels: LABELS,
      issues: [
        { number: 5, title: 'Crash on start', body: 'It throws at startup.' },
        { number: 6, title: 'How do I configure it?', body: 'Where is the config file?' },
        { number: 7, title: 'Already triaged', labels: ['bug'] },
      ],
    });
    const gemini = await useFakeGemini([
      callsReply([
        { id: 'a', name: 'set_labels', args: { issue_number: 5, labels: ['bug'] } },
        { id: 'b', name: 'set_labels', args: { issue_number: 6, labels: ['question'] } },
      ]),
      textReply('#5: bug\n#6: question'),
    ]);

    const run = await runActionInProcess({
      eventName: 'schedule',
      payload: webhookExample('schedule'),
      github,
      gemini,
      inputs: { mode: 'triage' },
    });

    expect(run.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    expect(github.labels(5)).toEqual(['bug']);
    expect(github.labels(6)).toEqual(['question']);
    expect(github.labels(7)).toEqual(['bug']);
    expect(gemini.generateRequests()).toHaveLength(2);
    const prompt = JSON.stringify(gemini.generateRequests()[0]?.body);
    expect(prompt).toContain('Crash on start');
    expect(prompt).not.toContain('Already triaged');
    expect(run.summary).toContain('**Scheduled triage:** 2 unlabelled issues, 1 session.');
  });
});
