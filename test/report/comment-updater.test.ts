import { describe, expect, it } from 'vitest';
import type { CommentTarget, GitHubSink, PostedComment } from '../../src/github/sink.js';
import { memoryLogger } from '../../src/platform/logger.js';
import type { CommentUpdaterOptions } from '../../src/report/comment-updater.js';
import { createCommentUpdater, stampBody } from '../../src/report/comment-updater.js';
import { GITHUB_COMMENT_LIMIT } from '../../src/report/fit-comment.js';

const target: CommentTarget = { owner: 'octo', repo: 'repo', issueNumber: 12 };

/** A clock and timers the test moves by hand. */
function fakeTime() {
  let time = 1_000_000;
  const timers: { at: number; run: () => void; cancelled: boolean }[] = [];
  return {
    now: () => time,
    setTimer: (run: () => void, ms: number) => {
      const timer = { at: time + ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    pending: () => timers.filter((t) => !t.cancelled).length,
    advance(ms: number) {
      time += ms;
      for (const timer of [...timers]) {
        if (!timer.cancelled && timer.at <= time) {
          timers.splice(timers.indexOf(timer), 1);
          timer.run();
        }
      }
    },
  };
}

type Write =
  | { op: 'create'; target: CommentTarget; body: string }
  | { op: 'update'; id: number; body: string };

/** Records writes; each write may be made to fail or to wait until the test releases it. */
function fakeSink() {
  const writes: Write[] = [];
  const failures: ('create' | 'update')[] = [];
  let nextId = 100;
  let gate: Promise<void> | undefined;
  const sink: Pick<GitHubSink, 'createComment' | 'updateComment'> = {
    async createComment(where, body) {
      writes.push({ op: 'create', target: where, body });
      await gate;
      if (failures[0] === 'create') {
        failures.shift();
        throw new Error('HTTP 502');
      }
      const id = nextId++;
      return {
        owner: where.owner,
        repo: where.repo,
        kind: 'issue_comment',
        id,
        url: `https://github.com/c/${id}`,
      };
    },
    async updateComment(comment: PostedComment, body) {
      writes.push({ op: 'update', id: comment.id, body });
      await gate;
      if (failures[0] === 'update') {
        failures.shift();
        throw new Error('Not Found');
      }
      return comment;
    },
  };
  return {
    sink,
    writes,
    failNext(...ops: ('create' | 'update')[]) {
      failures.push(...ops);
    },
    /** Holds every write until the returned function is called. */
    hold() {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
  };
}

/** Lets queued promise callbacks run (writes start on the next microtask). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(options: { intervalMs?: number } = {}) {
  const time = fakeTime();
  const github = fakeSink();
  const logger = memoryLogger();
  const updater = createCommentUpdater({
    sink: github.sink,
    target,
    intervalMs: options.intervalMs ?? 3000,
    now: time.now,
    setTimer: time.setTimer,
    logger,
  });
  return { time, github, logger, updater };
}

describe('the comment updater', () => {
  it('creates the comment at once', async () => {
    const { github, updater } = setup();
    const comment = await updater.start('working');
    expect(github.writes).toEqual([{ op: 'create', target, body: 'working' }]);
    expect(comment?.url).toBe('https://github.com/c/100');
    expect(updater.comment).toEqual(comment);
  });

  it('turns several updates within the interval into one edit with the latest body', async () => {
    const { time, github, updater } = setup();
    await updater.start('v0');
    updater.update('v1');
    time.advance(1000);
    updater.update('v2');
    time.advance(1000);
    updater.update('v3');
    await updater.idle();
    expect(github.writes).toHaveLength(1);

    time.advance(1000);
    await updater.idle();
    expect(github.writes.slice(1)).toEqual([{ op: 'update', id: 100, body: 'v3' }]);

    // Another update long after the last edit goes out at once.
    time.advance(10_000);
    updater.update('v4');
    await updater.idle();
    expect(github.writes.at(-1)).toEqual({ op: 'update', id: 100, body: 'v4' });
    expect(github.writes).toHaveLength(3);
  });

  it('always sends the final body at once, and nothing after it', async () => {
    const { time, github, updater } = setup();
    await updater.start('v0');
    updater.update('v1');
    const comment = await updater.finish('done');
    expect(github.writes.map((w) => w.body)).toEqual(['v0', 'done']);
    expect(comment?.id).toBe(100);
    expect(time.pending()).toBe(0);
    updater.update('late');
    time.advance(60_000);
    await updater.idle();
    expect(github.writes.map((w) => w.body)).toEqual(['v0', 'done']);
  });

  it('does not send a body that is already shown', async () => {
    const { time, github, updater } = setup();
    await updater.start('same');
    updater.update('same');
    time.advance(5000);
    await updater.finish('same');
    expect(github.writes).toHaveLength(1);
  });

  it('sends edits one at a time, in order, and the final one last', async () => {
    const { time, github, updater } = setup({ intervalMs: 1000 });
    await updater.start('v0');
    time.advance(1000);
    const release = github.hold();
    updater.update('v1'); // sent, and held
    updater.update('v2'); // waits for v1 to finish
    time.advance(5000);
    await settle();
    expect(github.writes.map((w) => w.body)).toEqual(['v0', 'v1']);
    const finished = updater.finish('final');
    await settle();
    expect(github.writes.map((w) => w.body)).toEqual(['v0', 'v1']);
    release();
    await finished;
    // v2 was superseded by the final body; nothing overtook anything.
    expect(github.writes.map((w) => w.body)).toEqual(['v0', 'v1', 'final']);
  });

  it('edits made before the comment exists wait for it', async () => {
    const { time, github, updater } = setup();
    const release = github.hold();
    const started = updater.start('v0');
    updater.update('v1');
    time.advance(10_000);
    await settle();
    expect(github.writes).toHaveLength(1);
    release();
    await started;
    time.advance(3000);
    await updater.idle();
    expect(github.writes.map((w) => w.body)).toEqual(['v0', 'v1']);
  });

  it('retries a failed edit with the latest body at the next interval', async () => {
    const { time, github, logger, updater } = setup();
    await updater.start('v0');
    time.advance(3000);
    github.failNext('update', 'update');
    updater.update('v1');
    await updater.idle();
    time.advance(3000);
    await updater.idle();
    time.advance(3000);
    await updater.idle();
    expect(github.writes.map((w) => w.body)).toEqual(['v0', 'v1', 'v1', 'v1']);
    // One warning for the run of failures.
    expect(logger.lines.filter((l) => l.level === 'warning')).toHaveLength(1);
  });

  it('retries a failed create once', async () => {
    const { github, logger, updater } = setup();
    github.failNext('create');
    const comment = await updater.start('v0');
    expect(comment?.id).toBe(100);
    expect(github.writes.map((w) => w.op)).toEqual(['create', 'create']);
    expect(logger.lines[0]?.message).toBe(
      'Could not create a comment on octo/repo#12: HTTP 502. Trying once more.',
    );
  });

  it('when the comment could not be created, posts the result at the end', async () => {
    const { time, github, logger, updater } = setup();
    github.failNext('create', 'create');
    expect(await updater.start('v0')).toBeUndefined();
    updater.update('v1');
    time.advance(10_000);
    await updater.idle();
    expect(github.writes).toHaveLength(2);
    const comment = await updater.finish('final');
    expect(github.writes.at(-1)).toEqual({ op: 'create', target, body: 'final' });
    expect(comment?.url).toBe('https://github.com/c/100');
    expect(logger.lines.filter((l) => l.level === 'warning')).toHaveLength(2);
  });

  it('when the final edit fails, posts the result as a new comment', async () => {
    const { github, logger, updater } = setup();
    await updater.start('v0');
    github.failNext('update');
    const comment = await updater.finish('final');
    expect(github.writes.slice(1)).toEqual([
      { op: 'update', id: 100, body: 'final' },
      { op: 'create', target, body: 'final' },
    ]);
    expect(comment?.id).toBe(101);
    expect(logger.lines.at(-1)?.message).toContain('posting the result as a new comment');
  });

  it('logs an error when the result cannot be posted at all', async () => {
    const { github, logger, updater } = setup();
    github.failNext('create', 'create', 'create', 'create');
    await updater.start('v0');
    expect(await updater.finish('final')).toBeUndefined();
    expect(logger.lines.at(-1)).toEqual({
      level: 'error',
      message: 'The result could not be posted on octo/repo#12; see the job summary.',
    });
  });

  it('may only be started once', async () => {
    const { updater } = setup();
    await updater.start('v0');
    await expect(updater.start('v0')).rejects.toThrow('already started');
  });
});

describe('the comment updater on a re-run', () => {
  const earlier: PostedComment = {
    owner: 'octo',
    repo: 'repo',
    kind: 'issue_comment',
    id: 7,
    url: 'https://github.com/c/7',
  };
  const marker = '<!-- gemini-agent:progress trigger=issue_comment.1 run=9 attempt=2 -->';
  const plain = '<!-- gemini-agent:progress -->';

  function rerun(existing: CommentUpdaterOptions['existing']) {
    const time = fakeTime();
    const github = fakeSink();
    const logger = memoryLogger();
    const updater = createCommentUpdater({
      sink: github.sink,
      target,
      now: time.now,
      setTimer: time.setTimer,
      logger,
      existing,
      marker,
      attemptLine: '> 🔁 **Attempt 2** of run 9.',
    });
    return { github, logger, updater };
  }

  it("edits the earlier attempt's comment instead of posting a second, stamped with the attempt", async () => {
    const { github, updater } = rerun(earlier);

    const comment = await updater.start(`**Working**\n\nDetails\n${plain}`);

    expect(github.writes).toEqual([
      {
        op: 'update',
        id: 7,
        body: `**Working**\n\n> 🔁 **Attempt 2** of run 9.\n\nDetails\n${marker}`,
      },
    ]);
    expect(comment?.id).toBe(7);
  });

  it('posts a new comment when the earlier one cannot be edited (deleted meanwhile)', async () => {
    const { github, updater, logger } = rerun(earlier);
    github.failNext('update');

    await updater.start(`Working\n${plain}`);

    expect(github.writes.map((write) => write.op)).toEqual(['update', 'create']);
    expect(logger.lines.map((line) => line.message).join('\n')).toContain(
      'Could not update the comment an earlier attempt posted',
    );
  });

  it('looks for the earlier comment only when a comment is first written', async () => {
    let asked = 0;
    const { github, updater } = rerun(() => {
      asked++;
      return Promise.resolve(earlier);
    });

    expect(asked).toBe(0);
    await updater.finish(`Failed\n${plain}`);

    expect(asked).toBe(1);
    expect(github.writes.map((write) => write.op)).toEqual(['update']);
  });

  it('writes nothing more once abandoned, not even the final body', async () => {
    const { github, updater } = rerun(undefined);
    await updater.start(`Working\n${plain}`);

    updater.abandon();
    updater.update('v1');
    await updater.idle();

    expect(github.writes).toHaveLength(1);
  });
});

describe('stampBody', () => {
  it("keeps a stamped body within GitHub's limit, its marker last", () => {
    const marker = '<!-- gemini-agent:progress trigger=issue_comment.1 run=9 attempt=2 -->';
    const long = `${'x'.repeat(GITHUB_COMMENT_LIMIT - 40)}\n<!-- gemini-agent:progress -->`;

    const body = stampBody(long, marker, '> 🔁 **Attempt 2**');

    expect(body.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(body.endsWith(marker)).toBe(true);
    expect(body).toContain('cut to fit');
  });

  it('leaves a body alone without a marker or a line to add', () => {
    expect(stampBody('text', undefined, undefined)).toBe('text');
  });
});
