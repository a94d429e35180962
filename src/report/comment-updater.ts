/**
 * Keeps one progress comment up to date: created at once, then edited in place at most once per
 * interval (GitHub limits how fast content may change, and readers need no more), with edits in
 * order and the latest body always winning. The final body is always written: if the comment
 * cannot be edited, the result is posted as a new comment — a run never ends without a visible
 * result.
 *
 * A re-run of the job continues the comment its earlier attempt posted for the same trigger
 * (`existing`, found by the trigger's claim in github/trigger-claim.ts) instead of posting a
 * second one, and every body carries the claim's marker (`stamp`), which is how the next attempt
 * or a second delivery of the event finds it.
 */
import { ownMarker } from '../github/own-marker.js';
import type { CommentTarget, GitHubSink, PostedComment } from '../github/sink.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import { cutMarkdown, GITHUB_COMMENT_LIMIT } from './fit-comment.js';

export interface CommentUpdaterOptions {
  sink: Pick<GitHubSink, 'createComment' | 'updateComment'>;
  target: CommentTarget;
  /** The least time between two writes. Default 3 seconds. */
  intervalMs?: number;
  /** Milliseconds; default `Date.now`. */
  now?: () => number;
  /** Calls `callback` after `ms`; returns a function that cancels it. Default `setTimeout`. */
  setTimer?: (callback: () => void, ms: number) => () => void;
  logger?: Logger;
  /**
   * The comment an earlier attempt of this run posted for the same trigger: the first write edits
   * it instead of creating a comment (and creates one when it cannot be edited, e.g. deleted). A
   * function is called once, only when a comment would first be created: a run that comments only
   * on failure looks for it only then.
   */
  existing?: PostedComment | (() => Promise<PostedComment | undefined>);
  /**
   * The trigger's claim marker, written in place of the plain progress marker in every body, so
   * a later attempt or a second delivery of the event finds the comment.
   */
  marker?: string;
  /** A re-run's line, shown under the comment's first paragraph. */
  attemptLine?: string;
}

export interface CommentUpdater {
  /**
   * Stops every write, the final one included, and forgets the comment: for a run that found it
   * is a second delivery of an event another run answers, whose comment was removed.
   */
  abandon(): void;
  /** Creates the comment now (retrying once); `undefined` when GitHub refused twice. */
  start(body: string): Promise<PostedComment | undefined>;
  /** Replaces the body to show; written when the interval allows, superseded by later calls. */
  update(body: string): void;
  /** Writes the final body after any write in flight, creating a new comment if need be. */
  finish(body: string): Promise<PostedComment | undefined>;
  /** The comment as last created or edited. */
  readonly comment: PostedComment | undefined;
  /** Resolves when no write is in flight. */
  idle(): Promise<void>;
  /**
   * Stops the updates at once, for a run that must end now: nothing is written after this, and
   * the final body is the caller's to write (through a client that does not wait behind these
   * writes). Resolves with the comment as last written, once no write is in flight or after
   * `waitMs` with one still in flight (`settled` says which).
   */
  stop(waitMs: number): Promise<{ comment: PostedComment | undefined; settled: boolean }>;
}

export const DEFAULT_UPDATE_INTERVAL_MS = 3000;

const defaultSetTimer = (callback: () => void, ms: number): (() => void) => {
  const timer = setTimeout(callback, ms);
  return () => {
    clearTimeout(timer);
  };
};

export function createCommentUpdater(options: CommentUpdaterOptions): CommentUpdater {
  const { sink, target } = options;
  const interval = options.intervalMs ?? DEFAULT_UPDATE_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? defaultSetTimer;
  const logger = options.logger ?? silentLogger;
  const place = describeTarget(target);
  const stamp = (body: string): string => stampBody(body, options.marker, options.attemptLine);
  let existing = options.existing;
  /** The earlier attempt's comment, asked for once. */
  const earlier = async (): Promise<PostedComment | undefined> => {
    const found = existing;
    existing = undefined;
    if (typeof found !== 'function') return found;
    try {
      return await found();
    } catch (error) {
      logger.warning(
        `Could not look for the comment an earlier attempt posted on ${place}: ${errorMessage(error)}`,
      );
      return undefined;
    }
  };

  let comment: PostedComment | undefined;
  let lastSent: string | undefined;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let pending: string | undefined;
  let cancelTimer: (() => void) | undefined;
  let writing = false;
  let started = false;
  let finished = false;
  let failedEdits = 0;
  // Every write runs after the previous one: GitHub keeps the last edit it receives, so two
  // edits racing could leave an older body in place.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>): Promise<void> => {
    queue = queue.then(task);
    return queue;
  };

  const create = async (body: string): Promise<PostedComment | undefined> => {
    const continued = await earlier();
    if (continued !== undefined) {
      lastWriteAt = now();
      try {
        const edited = await sink.updateComment(continued, stamp(body));
        lastSent = body;
        return edited;
      } catch (error) {
        logger.warning(
          `Could not update the comment an earlier attempt posted on ${place} (${errorMessage(error)}); posting a new one.`,
        );
      }
    }
    for (let attempt = 1; attempt <= 2; attempt++) {
      lastWriteAt = now();
      try {
        const created = await sink.createComment(target, stamp(body));
        lastSent = body;
        return created;
      } catch (error) {
        const retry = attempt === 1 ? ' Trying once more.' : '';
        logger.warning(`Could not create a comment on ${place}: ${errorMessage(error)}.${retry}`);
      }
    }
    return undefined;
  };

  const schedule = (): void => {
    // Without a comment (still being created, or creation failed) edits wait for `finish`.
    if (finished || writing || cancelTimer || pending === undefined || !comment) return;
    const wait = lastWriteAt + interval - now();
    if (wait > 0) {
      cancelTimer = setTimer(() => {
        cancelTimer = undefined;
        schedule();
      }, wait);
      return;
    }
    const body = pending;
    const current = comment;
    pending = undefined;
    if (body === lastSent) return;
    writing = true;
    void enqueue(async () => {
      lastWriteAt = now();
      try {
        comment = await sink.updateComment(current, stamp(body));
        lastSent = body;
        failedEdits = 0;
      } catch (error) {
        // The body is tried again at the next interval unless a newer one replaces it; one
        // warning is enough for a run of failures.
        pending ??= body;
        failedEdits++;
        const message = `Could not update the comment on ${place}: ${errorMessage(error)}`;
        if (failedEdits === 1) logger.warning(message);
        else logger.debug(message);
      } finally {
        writing = false;
        schedule();
      }
    });
  };

  return {
    get comment() {
      return comment;
    },

    abandon() {
      finished = true;
      pending = undefined;
      cancelTimer?.();
      cancelTimer = undefined;
      comment = undefined;
    },

    async start(body) {
      if (started) throw new Error('The progress comment was already started.');
      started = true;
      await enqueue(async () => {
        // A run stopped before its comment was created writes its final body itself.
        if (finished) return;
        comment ??= await create(body);
      });
      schedule();
      return comment;
    },

    update(body) {
      if (finished) return;
      pending = body;
      schedule();
    },

    async finish(body) {
      finished = true;
      pending = undefined;
      cancelTimer?.();
      cancelTimer = undefined;
      await enqueue(async () => {
        if (comment) {
          if (body === lastSent) return;
          try {
            comment = await sink.updateComment(comment, stamp(body));
            lastSent = body;
            return;
          } catch (error) {
            logger.warning(
              `Could not update the comment on ${place} (${errorMessage(error)}); posting the result as a new comment.`,
            );
          }
        }
        const created = await create(body);
        if (created) comment = created;
        else logger.error(`The result could not be posted on ${place}; see the job summary.`);
      });
      return comment;
    },

    async stop(waitMs) {
      finished = true;
      pending = undefined;
      cancelTimer?.();
      cancelTimer = undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const settled = await Promise.race([
        this.idle().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => {
            resolve(false);
          }, waitMs);
        }),
      ]);
      clearTimeout(timer);
      return { comment, settled };
    },

    async idle() {
      // A write that ends may queue the next one; wait until nothing new was queued.
      for (;;) {
        const current = queue;
        await current;
        if (current === queue) return;
      }
    },
  };
}

function describeTarget(target: CommentTarget): string {
  const number = 'issueNumber' in target ? target.issueNumber : target.pullNumber;
  return `${target.owner}/${target.repo}#${number}`;
}

/**
 * The body as written: `marker` in place of the plain progress marker (at the end when there is
 * none), `attemptLine` under the first paragraph, and still within GitHub's limit (the text before
 * the marker is cut when the two lines made it too long).
 */
export function stampBody(
  body: string,
  marker: string | undefined,
  attemptLine: string | undefined,
): string {
  if (marker === undefined && attemptLine === undefined) return body;
  const plain = ownMarker('progress');
  let text = body;
  if (marker !== undefined) {
    const at = text.lastIndexOf(plain);
    text =
      at < 0
        ? `${text}\n${marker}`
        : `${text.slice(0, at)}${marker}${text.slice(at + plain.length)}`;
  }
  if (attemptLine !== undefined) {
    const at = text.indexOf('\n\n');
    text =
      at < 0
        ? `${attemptLine}\n\n${text}`
        : `${text.slice(0, at)}\n\n${attemptLine}${text.slice(at)}`;
  }
  if (text.length <= GITHUB_COMMENT_LIMIT) return text;
  const end = marker ?? plain;
  const rest = text.replace(end, '').trimEnd();
  return `${cutMarkdown(rest, GITHUB_COMMENT_LIMIT - end.length - 1, { note: '_(The comment was cut to fit.)_' })}\n${end}`;
}
