/**
 * A hostile pull request, for the cases of pull-request-code.test.ts: the workspace's repository
 * has the base commit (the base branch's files, as the maintainers wrote them) and on top of it
 * the pull request's head commit, which the workspace holds, as a workflow that checks out the
 * pull request has it. The fake GitHub serves both commits' files (the base branch's are what the
 * Action reads its configuration from) and the pull request, same-repository or a fork's.
 *
 * The programs the configuration starts write markers into `.markers/` of the workspace (ignored
 * by git, so nothing is published): a sandbox hides every other place a test could look at.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FakeStep } from '../../support/fake-gemini.js';
import { textReply } from '../../support/fake-gemini.js';
import { commentSeedFrom } from '../../support/payload-seeds.js';
import {
  fromFork,
  issueCommentOnPullRequest,
  webhookExample,
} from '../../support/webhook-payloads.js';
import type { AttackContext, HostileRun } from './hostile-run.js';
import { commitWorkspace, REPO, runHostileCase } from './hostile-run.js';
import { git } from './case-context.js';

/** A file's text, or null to delete it; `exec: true` makes it executable. */
export type CaseFile = string | null | { text: string; exec: true };
export type CaseFiles = Record<string, CaseFile>;

export interface PullRequestCaseOptions {
  /** The base branch's files, besides the project every case starts from. */
  base: (ctx: MarkerContext) => CaseFiles;
  /** What the pull request changes. */
  head: (ctx: MarkerContext) => CaseFiles;
  /** `review`: a `pull_request` event; `comment`: a `/gemini` comment on the pull request. */
  event?: 'review' | 'comment';
  fork?: boolean;
  /** Default `none`: the markers are then also visible outside a sandbox's view. */
  sandbox?: string;
  inputs?: Record<string, string>;
  script?: (ctx: AttackContext) => FakeStep[];
  /** Runs after the head commit (untracked files, another checkout, …). */
  after?: (ctx: AttackContext, shas: { baseSha: string; headSha: string }) => Promise<void> | void;
  /** The comment's text for `event: 'comment'`. */
  command?: string;
  /** The Action's environment besides the runner's. */
  env?: (ctx: AttackContext) => Record<string, string>;
}

export interface MarkerContext {
  /** A shell command that records that `name` ran (as the running user, wherever it runs). */
  mark(name: string): string;
  /** The marker file of `name`. */
  markerOf(name: string): string;
  workspace: string;
}

export interface PullRequestRun extends HostileRun {
  baseSha: string;
  headSha: string;
  /** Whether the program `name` wrote its marker. */
  ran(name: string): boolean;
  /** The job summary as the runner would show it. */
  summary(): string;
}

export const MARKER_DIR = '.markers';

function markerContext(workspace: string): MarkerContext {
  const markerOf = (name: string) => path.join(workspace, MARKER_DIR, name);
  return {
    markerOf,
    mark: (name) =>
      `mkdir -p '${path.join(workspace, MARKER_DIR)}' && echo ran > '${markerOf(name)}'`,
    workspace,
  };
}

async function applyFiles(root: string, files: CaseFiles): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    if (content === null) {
      await rm(file, { recursive: true, force: true });
      continue;
    }
    await mkdir(path.dirname(file), { recursive: true });
    const text = typeof content === 'string' ? content : content.text;
    await writeFile(file, text);
    await chmod(file, typeof content === 'string' ? 0o644 : 0o755);
  }
}

/** Every file of a commit, by path (what the fake GitHub serves for it). */
export function filesOfCommit(workspace: string, sha: string): Record<string, string> {
  const names = git(workspace, 'ls-tree', '-r', '-z', '--name-only', sha)
    .split('\0')
    .filter((name) => name !== '');
  return Object.fromEntries(names.map((name) => [name, git(workspace, 'show', `${sha}:${name}`)]));
}

export async function runPullRequestCase(options: PullRequestCaseOptions): Promise<PullRequestRun> {
  let baseSha = '';
  let headSha = '';
  let baseFiles: Record<string, string> = {};
  let headFiles: Record<string, string> = {};
  const event = options.event ?? 'review';
  const run = await runHostileCase({
    eventName: event === 'review' ? 'pull_request' : 'issue_comment',
    inputs: { sandbox: options.sandbox ?? 'none', ...options.inputs },
    ...(options.env === undefined ? {} : { env: options.env }),
    setup: async (ctx) => {
      const markers = markerContext(ctx.workspace);
      await applyFiles(ctx.workspace, {
        '.gitignore': `${MARKER_DIR}/\n`,
        ...options.base(markers),
      });
      commitWorkspace(ctx, 'the base branch');
      baseSha = git(ctx.workspace, 'rev-parse', 'HEAD').trim();
      await applyFiles(ctx.workspace, options.head(markers));
      commitWorkspace(ctx, 'the pull request');
      headSha = git(ctx.workspace, 'rev-parse', 'HEAD').trim();
      baseFiles = filesOfCommit(ctx.workspace, baseSha);
      headFiles = filesOfCommit(ctx.workspace, headSha);
      await options.after?.(ctx, { baseSha, headSha });
    },
    payload: () => {
      if (event === 'review') {
        const payload = webhookExample('pull_request', { action: 'opened' });
        payload.pull_request.base.sha = baseSha;
        payload.pull_request.head.sha = headSha;
        return options.fork === true ? fromFork(payload) : payload;
      }
      const payload = issueCommentOnPullRequest();
      payload.comment.body = options.command ?? '/gemini summarize the change';
      return payload;
    },
    github: (_ctx, payload) => {
      const pr = webhookExample('pull_request', { action: 'opened' }).pull_request;
      const comment = event === 'comment' ? [commentSeedFrom(payload as never)] : [];
      return {
        repo: REPO,
        pulls: [
          {
            number: pr.number,
            title: pr.title,
            user: 'Codertocat',
            head: {
              ref: 'patch-1',
              sha: headSha,
              ...(options.fork === true ? { repo: { owner: 'mallory', name: REPO.name } } : {}),
            },
            base: { ref: REPO.defaultBranch, sha: baseSha },
            files: [{ filename: 'README.md', status: 'modified', patch: '@@ -1 +1 @@\n-a\n+b' }],
            comments: comment,
          },
        ],
        files: { [baseSha]: baseFiles, [headSha]: headFiles },
      };
    },
    script: options.script ?? (() => [textReply('The change looks fine.')]),
  });
  const markers = markerContext(run.ctx.workspace);
  return {
    ...run,
    baseSha,
    headSha,
    ran: (name) => existsSync(markers.markerOf(name)),
    summary: () => readFileSync(run.ctx.fileCommands.GITHUB_STEP_SUMMARY, 'utf8'),
  };
}
