/**
 * What a dry run "posted", shown as it happens and kept as files: each write is printed legibly
 * to the terminal and written under the output folder —
 *
 *   comment-1.md              the comment as it was left (the final comment)
 *   comment-1.states/001.md…  every body it had, in order (the progress comment's states)
 *   review.json, review.md    a review with its inline comments (review-2.* for a second one)
 *   labels.json               the labels added, per issue or pull request
 *   pull-request.md           a pull request opened or updated (pull-request-2.md…)
 *   issue-<number>.md         an issue opened or updated (the maintenance report)
 *   requests.jsonl            every request: method, path, body, status
 *
 * and, written by the local run itself (local-run.ts) with the dry run or without:
 *
 *   outputs.json              the Action's outputs, as a workflow's later steps would read them
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TextSink } from '../platform/logger.js';
import type { DryRunObserver, DryRunWrite, RequestLogEntry } from './dry-run-github.js';
import type { CommentRecord, PullRecord, ReviewRecord } from './dry-run-store.js';
import { renderMarkdownForTerminal } from './terminal-markdown.js';

export interface DryRunReport extends DryRunObserver {
  /** The files written so far, relative to the output folder, in the order first written. */
  files(): string[];
}

const REACTIONS: Record<string, string> = {
  '+1': '👍',
  '-1': '👎',
  laugh: '😄',
  confused: '😕',
  heart: '❤️',
  hooray: '🎉',
  rocket: '🚀',
  eyes: '👀',
};

/** Lines of an edit shown in the terminal; the whole body is in the state's file. */
const MAX_EDIT_LINES = 6;

export function commentFileName(comment: Pick<CommentRecord, 'ordinal'>): string {
  return `comment-${comment.ordinal}.md`;
}

export function createDryRunReport(options: { outDir: string; stdout: TextSink }): DryRunReport {
  const { outDir, stdout } = options;
  const written: string[] = [];
  const shown = new Map<number, string[]>();
  const labels = new Map<number, { added: string[]; labels: string[] }>();
  /** Which pull-request file each pull request is written to. */
  const pullFiles = new Map<number, number>();
  mkdirSync(outDir, { recursive: true });

  const write = (name: string, content: string) => {
    const file = path.join(outDir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    if (!written.includes(name)) written.push(name);
  };
  const print = (text: string) => stdout.write(`${text}\n`);
  const rendered = (markdown: string) => renderMarkdownForTerminal(markdown, { indent: '    ' });

  const onComment = (write_: Extract<DryRunWrite, { kind: 'comment' }>) => {
    const { comment } = write_;
    const state = comment.states.length;
    write(commentFileName(comment), comment.body);
    write(`comment-${comment.ordinal}.states/${String(state).padStart(3, '0')}.md`, comment.body);
    const lines = rendered(comment.body).split('\n');
    const where = `#${comment.issueNumber}`;
    if (write_.action === 'created') {
      print(`\n💬 Comment ${comment.ordinal} posted on ${where} (${write_.url}):`);
      print(lines.join('\n'));
    } else {
      const before = new Set(shown.get(comment.id) ?? []);
      const added = lines.filter((line) => line.trim() !== '' && !before.has(line));
      print(`✎ Comment ${comment.ordinal} edited (state ${state}):`);
      for (const line of added.slice(0, MAX_EDIT_LINES)) print(`  + ${line.trim()}`);
      if (added.length > MAX_EDIT_LINES) {
        print(`  + … ${added.length - MAX_EDIT_LINES} more line(s) in ${commentFileName(comment)}`);
      }
    }
    shown.set(comment.id, lines);
  };

  const onReview = (review: ReviewRecord, url: string) => {
    const suffix = review.ordinal === 1 ? '' : `-${review.ordinal}`;
    write(
      `review${suffix}.json`,
      `${JSON.stringify(
        {
          pull_number: review.pullNumber,
          commit_id: review.commitId ?? null,
          event: review.event,
          body: review.body,
          comments: review.comments,
        },
        null,
        2,
      )}\n`,
    );
    write(`review${suffix}.md`, reviewMarkdown(review));
    const inlineCount = `${review.comments.length} inline comment${review.comments.length === 1 ? '' : 's'}`;
    print(`\n📝 Review posted on #${review.pullNumber} (${review.event}, ${inlineCount}; ${url}):`);
    print(rendered(review.body));
    for (const comment of review.comments) {
      print(`    ── ${lineLabel(comment)}`);
      print(renderMarkdownForTerminal(comment.body, { indent: '       ' }));
    }
  };

  const onPull = (pull: PullRecord, action: string, url: string) => {
    const existing = written.filter((name) => /^pull-request(-\d+)?\.md$/.test(name));
    const index = pullFiles.get(pull.number) ?? existing.length + 1;
    pullFiles.set(pull.number, index);
    write(
      index === 1 ? 'pull-request.md' : `pull-request-${index}.md`,
      `# ${pull.title}\n\n${pull.head} → ${pull.base}${pull.draft ? ' (draft)' : ''}\n${url}\n\n${pull.body}\n`,
    );
    print(
      `\n⇄ Pull request #${pull.number} ${action}: "${pull.title}" (${pull.head} → ${pull.base}${pull.draft ? ', draft' : ''}; ${url})`,
    );
    print(rendered(pull.body));
  };
  return {
    files: () => [...written],
    onRequest(entry: RequestLogEntry) {
      const file = path.join(outDir, 'requests.jsonl');
      appendFileSync(file, `${JSON.stringify(entry)}\n`);
      if (!written.includes('requests.jsonl')) written.push('requests.jsonl');
    },
    onWrite(event: DryRunWrite) {
      switch (event.kind) {
        case 'comment':
          onComment(event);
          return;
        case 'reaction':
          print(
            `${REACTIONS[event.content] ?? event.content} Reaction "${event.content}" on ${event.on}`,
          );
          return;
        case 'review':
          onReview(event.review, event.url);
          return;
        case 'labels': {
          const entry = labels.get(event.issueNumber) ?? { added: [], labels: [] };
          entry.added.push(...event.added);
          entry.labels = event.labels;
          labels.set(event.issueNumber, entry);
          write(
            'labels.json',
            `${JSON.stringify(
              [...labels].map(([issue, value]) => ({ issue, ...value })),
              null,
              2,
            )}\n`,
          );
          print(
            `\n🏷  Labels on #${event.issueNumber}: ${event.added.length > 0 ? `added ${event.added.join(', ')}` : 'none added'} (now: ${event.labels.join(', ') || 'none'})`,
          );
          return;
        }
        case 'pull_request':
          onPull(event.pull, event.action === 'created' ? 'opened' : 'updated', event.url);
          return;
        case 'issue':
          write(
            `issue-${event.issue.number}.md`,
            `# ${event.issue.title}\n\n${event.issue.body}\n`,
          );
          print(
            `\n📋 Issue #${event.issue.number} ${event.action === 'created' ? 'opened' : 'updated'}: "${event.issue.title}" (${event.url})`,
          );
          print(rendered(event.issue.body));
          return;
        case 'ref':
          print(
            `⎇ ${event.ref} ${event.created ? 'created' : 'moved'} at ${event.sha.slice(0, 12)}`,
          );
          return;
      }
    },
  };
}

function lineLabel(comment: ReviewRecord['comments'][number]): string {
  const lines =
    comment.start_line !== undefined && comment.start_line !== comment.line
      ? `${comment.start_line}-${comment.line ?? ''}`
      : String(comment.line ?? '');
  const side = comment.side === 'LEFT' ? ' (old side)' : '';
  return `${comment.path}:${lines}${side}`;
}

function reviewMarkdown(review: ReviewRecord): string {
  const parts = [
    `# Review on #${review.pullNumber} (${review.event})`,
    review.commitId ? `Commit: ${review.commitId}` : '',
    review.body,
    ...review.comments.map((comment) => `## ${lineLabel(comment)}\n\n${comment.body}`),
  ];
  return `${parts.filter((part) => part !== '').join('\n\n')}\n`;
}
