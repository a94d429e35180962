/**
 * After the session: the agent's change, checked, committed and published — or, where nothing may
 * be pushed, shown as a patch. This is the one call the Action makes; everything expected (no
 * change, refused files, a fork, a branch that moved, a pull request GitHub would not open) comes
 * back as data for the final comment, never as an exception.
 */
import type { GitHubClient } from '../github/octokit.js';
import { pullUrl } from '../github/urls.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { DEFAULT_MAX_FILE_BYTES, checkChanges } from './change-checks.js';
import type { CoAuthor, CommitIdentity } from './commit.js';
import { buildTree, commitMessage, createCommit, treePatch } from './commit.js';
import type { Git } from './git.js';
import { createGit } from './git.js';
import { PullRequestError, upsertPullRequest } from './pull-request.js';
import { renderPullRequestBody } from './pull-request-body.js';
import type { BranchPlan, PublishTarget } from './publish-target.js';
import { planBranch } from './publish-target.js';
import { PushError, pushCommit } from './push.js';
import type { SessionBaseline } from './session-baseline.js';
import { createSignedCommit } from './signed-commit.js';
import { readWorkspaceChanges } from './workspace-changes.js';
import type {
  PublishOptions,
  PublishResult,
  PublishedFile,
  PullRequestRef,
  Refusal,
  WorkspaceChange,
  WorkspaceChanges,
} from './publish-types.js';

export interface PublishInput {
  workspaceRoot: string;
  repo: { owner: string; repo: string };
  target: PublishTarget;
  /** The repository's default branch; read from the API when unknown. */
  defaultBranch?: string;
  options: PublishOptions;
  /** Who asked: credited as co-author (unless a bot) and named in the pull request. */
  actor?: CoAuthor;
  /** The model's summary: the pull request's body and the commit message's body. */
  summary?: string;
  /** The commit's first line and the pull request's title; default from the target. */
  subject?: string;
  /**
   * The work of a run that ended before it finished: the subject is marked `WIP:`, and a pull
   * request it opens is a draft.
   */
  workInProgress?: boolean;
  /** The run's secret values; a file containing one is refused. */
  knownSecrets: readonly string[];
  /** The workspace before the session: files already there are not published, its filters only run. */
  baseline?: SessionBaseline | undefined;
  redact: Redact;
  logger: Logger;
  octokit: GitHubClient;
  token: string;
  /** `${GITHUB_SERVER_URL}/${owner}/${repo}.git` in the Action. */
  remoteUrl: string;
  /** `GITHUB_SERVER_URL`. */
  serverUrl: string;
  /** From `continueExistingBranch`: the earlier run's branch, to publish to again. */
  branch?: string;
  /** From `continueExistingBranch`: the commit the session started from. Default HEAD. */
  baseSha?: string;
  runUrl?: string;
  identity?: CommitIdentity;
  git?: Git;
  /** The commit's time; default now. */
  now?: () => Date;
}

function defaultSubject(target: PublishTarget): string {
  switch (target.kind) {
    case 'issue':
      return target.title;
    case 'pull_request':
      return `Changes requested in #${target.number}`;
    case 'maintenance':
      return `Maintenance: ${target.name}`;
    case 'campaign':
      return `Campaign: ${target.key}`;
  }
}

/** The first paragraph of the summary: a commit body is short. */
function commitBody(input: PublishInput): string {
  const first = (input.summary ?? '').trim().split(/\n\s*\n/)[0] ?? '';
  const requested =
    input.target.kind === 'maintenance' || input.target.kind === 'campaign'
      ? ''
      : `Requested in #${input.target.number}.`;
  return [first.length > 600 ? `${first.slice(0, 599)}…` : first, requested]
    .filter((part) => part !== '')
    .join('\n\n');
}

async function resolveDefaultBranch(input: PublishInput): Promise<string> {
  if (input.defaultBranch !== undefined && input.defaultBranch !== '') return input.defaultBranch;
  const { data } = await input.octokit.rest.repos.get({
    owner: input.repo.owner,
    repo: input.repo.repo,
  });
  return data.default_branch;
}

function files(entries: readonly WorkspaceChange[]): PublishedFile[] {
  return entries.map((entry) => ({
    path: entry.path,
    ...(entry.previousPath === undefined ? {} : { previousPath: entry.previousPath }),
    status: entry.status,
  }));
}

interface CommitContext {
  changes: WorkspaceChanges;
  accepted: readonly WorkspaceChange[];
  message: string;
  branch: string;
  defaultBranch: string;
  /** The branch's head when the run started, when the run builds on it. */
  branchStart: string | undefined;
  git: Git;
  /** The tree of the accepted change, made once. */
  tree: () => Promise<string>;
}

/** Commits and pushes (or commits through the API when signed); returns the commit. */
async function commitAndPush(input: PublishInput, context: CommitContext): Promise<string> {
  const { changes, accepted, message, branch, defaultBranch, branchStart, git } = context;
  if (input.options.signedCommits) {
    const signed = await createSignedCommit({
      octokit: input.octokit,
      owner: input.repo.owner,
      repo: input.repo.repo,
      changes,
      accepted,
      message,
      branch,
      defaultBranch,
      branchStart,
      git,
      redact: input.redact,
    });
    return signed.sha;
  }
  const commit = await createCommit({
    changes,
    accepted,
    message,
    tree: await context.tree(),
    git,
    ...(input.identity === undefined ? {} : { identity: input.identity }),
    ...(input.now === undefined ? {} : { date: input.now() }),
  });
  await pushCommit({
    root: changes.root,
    sha: commit.sha,
    baseSha: changes.base,
    branchStart,
    branch,
    defaultBranch,
    remoteUrl: input.remoteUrl,
    serverUrl: input.serverUrl,
    token: input.token,
    git,
    redact: input.redact,
  });
  return commit.sha;
}

/**
 * The branch's head when the run started, where the run builds on the branch: a pull request's
 * head pinned at the trigger, or the earlier run's branch it continued. A refused push then says
 * whether the branch moved meanwhile.
 */
function branchStartOf(plan: BranchPlan, input: PublishInput): string | undefined {
  if (plan.mode === 'pr_branch' && input.target.kind === 'pull_request') {
    return input.target.headSha;
  }
  return input.branch !== undefined ? input.baseSha : undefined;
}

/** Opens or updates the branch's pull request; a failure is returned, not thrown. */
async function openPullRequest(
  input: PublishInput,
  context: { branch: string; base: string; subject: string; refusals: readonly Refusal[] },
): Promise<{ ref: PullRequestRef | undefined } | { error: string }> {
  const { redact } = input;
  try {
    const ref = await upsertPullRequest({
      octokit: input.octokit,
      owner: input.repo.owner,
      repo: input.repo.repo,
      branch: context.branch,
      base: context.base,
      title: redact(context.subject).slice(0, 256),
      body: renderPullRequestBody({
        target: input.target,
        ...(input.summary === undefined ? {} : { summary: input.summary }),
        refusals: context.refusals,
        ...(input.actor === undefined ? {} : { requestedBy: input.actor.login }),
        ...(input.runUrl === undefined ? {} : { runUrl: input.runUrl }),
        redact,
      }),
      createPr: input.options.createPr,
    });
    return { ref };
  } catch (error) {
    const text = redact(error instanceof PullRequestError ? error.message : errorMessage(error));
    input.logger.warning(text);
    return { error: text };
  }
}

/**
 * Nothing new to publish. When the run continued an earlier run's branch — a re-run of a job
 * whose first attempt pushed already, or a later request on the same issue — that branch still
 * holds the task's change: its pull request is found and updated (or opened, when the earlier run
 * ended before it could open one), so the run reports the same branch and pull request instead of
 * nothing.
 */
async function unchangedBranch(input: PublishInput): Promise<PublishResult> {
  const result: PublishResult = { status: 'no_changes', refusals: [], files: [] };
  const plan = planBranch(input.target, input.options);
  if (input.branch === undefined || plan.mode !== 'bot_branch') return result;
  try {
    const base = plan.pullRequestBase ?? (await resolveDefaultBranch(input));
    result.branch = input.branch;
    result.baseBranch = base;
    const pullRequest = await openPullRequest(input, {
      branch: input.branch,
      base,
      subject: input.subject ?? defaultSubject(input.target),
      refusals: [],
    });
    if ('error' in pullRequest) result.pullRequestError = pullRequest.error;
    else if (pullRequest.ref !== undefined) result.pullRequest = pullRequest.ref;
  } catch (error) {
    result.pullRequestError = input.redact(
      `The pull request could not be looked up: ${errorMessage(error)}`,
    );
  }
  return result;
}

/** Checks and publishes the workspace's change; see {@link PublishResult}. */
export async function publishChanges(input: PublishInput): Promise<PublishResult> {
  const git = input.git ?? createGit({ redact: input.redact });
  const { logger, redact } = input;
  let changes: WorkspaceChanges;
  try {
    changes = await readWorkspaceChanges(input.workspaceRoot, {
      git,
      baseline: input.baseline,
      ...(input.baseSha === undefined ? {} : { base: input.baseSha }),
    });
  } catch (error) {
    return {
      status: 'failed',
      refusals: [],
      files: [],
      error: redact(`The workspace's changes could not be read: ${errorMessage(error)}`),
    };
  }
  if (changes.entries.length === 0) return unchangedBranch(input);

  const result: PublishResult = { status: 'failed', refusals: [], files: [] };
  let checkedAccepted: WorkspaceChange[] = [];
  let tree: string | undefined;
  const patch = async (): Promise<string | undefined> => {
    try {
      tree ??= await buildTree({ changes, accepted: checkedAccepted, git });
      return redact(await treePatch(git, changes.root, changes.base, tree));
    } catch (error) {
      logger.warning(`The patch could not be made: ${errorMessage(error)}`);
      return undefined;
    }
  };

  try {
    const checked = await checkChanges(changes, {
      allowWorkflowEdits: input.options.allowWorkflowEdits,
      maxFileBytes: input.options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
      knownSecrets: input.knownSecrets,
      ...(input.baseline === undefined ? {} : { preexisting: input.baseline.untracked }),
      git,
    });
    checkedAccepted = checked.accepted;
    result.refusals = checked.refusals;
    result.files = files(checked.accepted);
    for (const refusal of checked.refusals) {
      logger.warning(redact(`Not published: ${refusal.path} ${refusal.reason}.`));
    }
    if (checked.accepted.length === 0) return { ...result, status: 'all_refused' };

    const plan = planBranch(input.target, input.options);
    if (plan.mode === 'patch') {
      const text = await patch();
      return {
        ...result,
        status: 'patch_only',
        error: `Not pushed: ${plan.reason}.`,
        ...(text === undefined ? {} : { patch: text }),
      };
    }

    const defaultBranch = await resolveDefaultBranch(input);
    const branch = plan.mode === 'pr_branch' ? plan.branch : (input.branch ?? plan.branch);
    result.branch = branch;
    result.baseBranch =
      plan.mode === 'bot_branch' ? (plan.pullRequestBase ?? defaultBranch) : undefined;
    const subject = `${input.workInProgress === true ? 'WIP: ' : ''}${input.subject ?? defaultSubject(input.target)}`;
    const message = commitMessage({
      subject,
      body: commitBody(input),
      ...(input.actor === undefined ? {} : { coAuthor: input.actor }),
      redact,
    });

    result.commitSha = await commitAndPush(input, {
      changes,
      accepted: checked.accepted,
      message,
      branch,
      defaultBranch,
      branchStart: branchStartOf(plan, input),
      git,
      tree: async () => (tree ??= await buildTree({ changes, accepted: checked.accepted, git })),
    });
    result.status = 'pushed';
    if (input.workInProgress === true) result.workInProgress = true;
    logger.info(`Published ${checked.accepted.length} changed file(s) to ${branch}.`);

    if (plan.mode === 'pr_branch') {
      const env = { GITHUB_SERVER_URL: input.serverUrl };
      result.pullRequest = {
        number: plan.pullNumber,
        url: pullUrl(env, { ...input.repo, number: plan.pullNumber }),
        created: false,
        draft: false,
      };
      return result;
    }
    const pullRequest = await openPullRequest(input, {
      branch,
      base: result.baseBranch ?? defaultBranch,
      subject,
      refusals: checked.refusals,
    });
    if ('error' in pullRequest) result.pullRequestError = pullRequest.error;
    else if (pullRequest.ref !== undefined) result.pullRequest = pullRequest.ref;
    return result;
  } catch (error) {
    const text = redact(
      error instanceof PushError ? error.message : `Publishing failed: ${errorMessage(error)}`,
    );
    logger.warning(text);
    const diff = checkedAccepted.length === 0 ? undefined : await patch();
    return {
      ...result,
      status: 'failed',
      error: text,
      ...(diff === undefined ? {} : { patch: diff }),
    };
  }
}
