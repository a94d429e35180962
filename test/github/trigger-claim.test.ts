// The claim of an event at GitHub, against the fake GitHub: which key a re-run and a second
// delivery share, what an earlier attempt's or another run's comment decides, and that a marker
// pasted by someone else decides nothing.
import { describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/github/octokit.js';
import { ownMarker } from '../../src/github/own-marker.js';
import { createOctokitSink } from '../../src/github/sink.js';
import type { CommentTarget } from '../../src/github/sink.js';
import type { ClaimOptions } from '../../src/github/trigger-claim.js';
import { claimTrigger, runIdentity, triggerKey } from '../../src/github/trigger-claim.js';
import type { Trigger } from '../../src/github/trigger.js';
import { parseTrigger } from '../../src/github/trigger.js';
import { memoryLogger, silentLogger } from '../../src/platform/logger.js';
import type { FakeCommentSeed, FakeGitHub } from '../support/fake-github-server.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { seedFromPayload } from '../support/payload-seeds.js';
import { webhookExample } from '../support/webhook-payloads.js';

const BOT = 'github-actions[bot]';
const ENV = { GITHUB_SERVER_URL: 'https://github.com' };

function commentPayload(id = 492700400) {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = '/gemini fix the typo';
  payload.comment.id = id;
  return payload;
}

function triggerOf(eventName: string, payload: unknown): Trigger {
  const trigger = parseTrigger(eventName, payload, { prompt: 'Keep the changelog tidy.' });
  if (!('mode' in trigger)) throw new Error(`ignored: ${trigger.reason}`);
  return trigger;
}

/** The marker a run's progress comment carries. */
function claimMarker(key: string, run: string, attempt: number): string {
  return ownMarker('progress', { trigger: key, run, attempt: String(attempt) });
}

async function setup(extraComments: FakeCommentSeed[] = []) {
  const payload = commentPayload();
  const seed = seedFromPayload(payload);
  const issue = seed.issues?.[0];
  if (issue === undefined) throw new Error('no issue seeded');
  issue.comments = [...(issue.comments ?? []), ...extraComments];
  const github = await useFakeGitHub(seed);
  const octokit = createOctokit({
    token: github.token,
    baseUrl: github.url,
    logger: silentLogger,
    retry: { retries: 0 },
    throttle: { enabled: false },
  });
  const trigger = triggerOf('issue_comment', payload);
  const target: CommentTarget = {
    owner: trigger.repo.owner,
    repo: trigger.repo.name,
    issueNumber: payload.issue.number,
  };
  const logger = memoryLogger();
  const options = (run: string, attempt: number): ClaimOptions => ({
    octokit,
    sink: createOctokitSink(octokit, { redact: (text) => text }),
    trigger,
    identity: runIdentity(trigger, { GITHUB_RUN_ID: run, GITHUB_RUN_ATTEMPT: String(attempt) }),
    target,
    live: true,
    botLogin: BOT,
    env: ENV,
    logger,
  });
  return { github, octokit, trigger, target, options, logger, payload };
}

function ownComments(github: FakeGitHub, number: number) {
  return github.comments(number).filter((comment) => !comment.seeded);
}

describe('triggerKey', () => {
  it('is the same for every delivery of one comment and differs between comments', () => {
    const first = triggerOf('issue_comment', commentPayload(1));
    const again = triggerOf('issue_comment', commentPayload(1));
    const other = triggerOf('issue_comment', commentPayload(2));

    expect(triggerKey(first, '10')).toBe('issue_comment.1');
    expect(triggerKey(again, '11')).toBe(triggerKey(first, '10'));
    expect(triggerKey(other, '10')).not.toBe(triggerKey(first, '10'));
  });

  it('keys a pull request event by its head, and an event without ids by its run', () => {
    const pull = triggerOf('pull_request', webhookExample('pull_request', { action: 'opened' }));
    const schedule = triggerOf('schedule', webhookExample('schedule'));

    expect(triggerKey(pull, '10')).toMatch(/^pull_request\.\d+\.opened\.[0-9a-f]{40}$/);
    expect(triggerKey(schedule, '10')).toBe('schedule.run.10');
    expect(triggerKey(schedule, '11')).not.toBe(triggerKey(schedule, '10'));
  });

  it('fits in a marker: GitHub ids, dots and underscores only', () => {
    const issue = triggerOf('issues', webhookExample('issues', { action: 'opened' }));
    expect(triggerKey(issue, '10')).toMatch(/^[A-Za-z0-9._]+$/);
  });
});

describe('runIdentity', () => {
  it('reads the run id and the attempt, the attempt 1 when unset or not a number', () => {
    const trigger = triggerOf('issue_comment', commentPayload());
    expect(runIdentity(trigger, { GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: '3' })).toMatchObject({
      runId: '77',
      attempt: 3,
    });
    expect(runIdentity(trigger, { GITHUB_RUN_ID: '77' }).attempt).toBe(1);
    expect(runIdentity(trigger, { GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: 'x' }).attempt).toBe(1);
    expect(runIdentity(trigger, { GITHUB_RUN_ID: '7 7' }).runId).toBeUndefined();
  });
});

describe('claimTrigger', () => {
  it('goes on when no run answers the event yet, and marks the comment with its key', async () => {
    const { options } = await setup();

    const claim = await claimTrigger(options('4242', 1));

    expect(claim.decision).toEqual({ kind: 'go' });
    expect(claim.updater.marker).toBe(claimMarker('issue_comment.492700400', '4242', 1));
    expect(claim.updater.attemptLine).toBeUndefined();
    expect(claim.duplicateReason).toBeUndefined();
  });

  it("continues the comment of the run's earlier attempt, and says which attempt this is", async () => {
    const key = 'issue_comment.492700400';
    const { options } = await setup([
      { user: BOT, body: `Working…\n${claimMarker(key, '4242', 1)}` },
    ]);

    const claim = await claimTrigger(options('4242', 2));

    expect(claim.decision.kind).toBe('continue');
    expect(claim.updater.existing).toMatchObject({ kind: 'issue_comment' });
    expect(claim.updater.marker).toBe(claimMarker(key, '4242', 2));
    expect(claim.updater.attemptLine).toContain('**Attempt 2**');
    expect(claim.updater.attemptLine).toContain('/actions/runs/4242/attempts/1');
    expect(claim.summaryLines.join('\n')).toContain('Attempt 2');
  });

  it('is a duplicate when another run answers the event, and names that run', async () => {
    const { options } = await setup([
      { user: BOT, body: `Working…\n${claimMarker('issue_comment.492700400', '4242', 1)}` },
    ]);

    const claim = await claimTrigger(options('4343', 1));

    expect(claim.decision.kind).toBe('duplicate');
    expect(claim.duplicateReason).toContain('workflow run 4242');
    expect(claim.duplicateReason).toContain(
      'https://github.com/Codertocat/Hello-World/actions/runs/4242',
    );
  });

  it('ignores a marker someone other than the Action pasted, and comments for other events', async () => {
    const { options } = await setup([
      { user: 'mallory', body: `hi\n${claimMarker('issue_comment.492700400', '1', 1)}` },
      { user: BOT, body: `Other task\n${claimMarker('issue_comment.1', '4242', 1)}` },
    ]);

    const claim = await claimTrigger(options('4343', 1));

    expect(claim.decision).toEqual({ kind: 'go' });
  });

  it('goes on with a warning when GitHub cannot be asked', async () => {
    const { github, options, logger } = await setup();
    github.failNext('GET', /\/issues\/1\/comments$/, 502);

    const claim = await claimTrigger(options('4242', 1));

    expect(claim.decision).toEqual({ kind: 'go' });
    expect(logger.lines.map((line) => line.message).join('\n')).toContain(
      'Could not check whether another run answers this event already',
    );
  });

  it('claims nothing for a run without a live comment, but a re-run finds its failure comment', async () => {
    const key = 'issue_comment.492700400';
    const { options, github } = await setup([
      { user: BOT, body: `Failed\n${claimMarker(key, '4242', 1)}` },
    ]);
    const before = github.requests.length;

    const first = await claimTrigger({ ...options('4242', 1), live: false });
    const rerun = await claimTrigger({ ...options('4242', 2), live: false });

    expect(first.decision).toEqual({ kind: 'go' });
    expect(github.requests.length).toBe(before);
    const existing = rerun.updater.existing;
    expect(typeof existing).toBe('function');
    const found = typeof existing === 'function' ? await existing() : undefined;
    expect(found?.kind).toBe('issue_comment');
  });

  it('of two deliveries that posted at the same instant, the earlier comment wins; the other is removed', async () => {
    const { options, github, payload, target } = await setup();
    const a = await claimTrigger(options('4242', 1));
    const b = await claimTrigger(options('4343', 1));
    const sink = createOctokitSink(options('4242', 1).octokit, { redact: (text) => text });
    const postedA = await sink.createComment(target, `A\n${a.updater.marker ?? ''}`);
    const postedB = await sink.createComment(target, `B\n${b.updater.marker ?? ''}`);

    const lostA = await a.confirm(postedA);
    const lostB = await b.confirm(postedB);

    expect(lostA).toBeUndefined();
    expect(lostB).toContain('workflow run 4242');
    expect(ownComments(github, payload.issue.number).map((comment) => comment.body)).toEqual([
      `A\n${a.updater.marker ?? ''}`,
    ]);
  });
});
