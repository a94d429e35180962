/**
 * The JSON the fake GitHub answers with, field for field as GitHub's REST API describes its
 * responses (every field the description marks required, plus the optional ones code commonly
 * reads), so code that works against the fake reads the same fields from the real API.
 */
import type {
  FakeGitHubModel,
  IssueCommentRecord,
  IssueRecord,
  LabelRecord,
  PullFileRecord,
  PullRecord,
  ReactionRecord,
  ReactionSubject,
  ReviewCommentRecord,
  ReviewRecord,
} from './model.js';
import { blobSha } from './git-objects.js';
import { fakeSha, isFork, stableId } from './model.js';

export interface ShapeContext {
  /** The API base URL (the fake's own), used for every `url` field. */
  api: string;
  /** The web URL (`https://github.com` by default), used for every `html_url`. */
  server: string;
  model: FakeGitHubModel;
  /** The contexts of every repository the fake knows (its own first), for owner listings. */
  repositories?: () => readonly ShapeContext[];
}

type Json = Record<string, unknown>;

/** GitHub's ids of the bot that posts with the job's GITHUB_TOKEN. */
const ACTIONS_BOT = { login: 'github-actions[bot]', id: 41898282 };

/** GitHub's legacy global node ids: base64 of `0<length of type>:<Type><id>`. */
export function nodeId(type: string, id: number): string {
  return Buffer.from(`0${type.length}:${type}${id}`).toString('base64');
}

export function repoApi(ctx: ShapeContext): string {
  const { owner, name } = ctx.model.repo;
  return `${ctx.api}/repos/${owner}/${name}`;
}

export function repoHtml(ctx: ShapeContext): string {
  const { owner, name } = ctx.model.repo;
  return `${ctx.server}/${owner}/${name}`;
}

export function userId(login: string): number {
  return login === ACTIONS_BOT.login ? ACTIONS_BOT.id : stableId(`user:${login.toLowerCase()}`);
}

export function user(ctx: ShapeContext, login: string): Json {
  const bot = login.endsWith('[bot]');
  const id = userId(login);
  const url = `${ctx.api}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id,
    node_id: nodeId(bot ? 'Bot' : 'User', id),
    avatar_url: `https://avatars.githubusercontent.com/${bot ? 'in' : 'u'}/${id}?v=4`,
    gravatar_id: '',
    url,
    html_url: bot
      ? `${ctx.server}/apps/${login.slice(0, -'[bot]'.length)}`
      : `${ctx.server}/${login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: bot ? 'Bot' : 'User',
    user_view_type: 'public',
    site_admin: false,
  };
}

/** A repository: the fake's own, or the fork a pull request's head lives in. */
export function repository(ctx: ShapeContext, which: { owner: string; name: string }): Json {
  const own = ctx.model.repo;
  const fork =
    which.owner.toLowerCase() !== own.owner.toLowerCase() ||
    which.name.toLowerCase() !== own.name.toLowerCase();
  const full = `${which.owner}/${which.name}`;
  const url = `${ctx.api}/repos/${full}`;
  const html = `${ctx.server}/${full}`;
  const host = new URL(ctx.server).host;
  const id = stableId(`repo:${full.toLowerCase()}`);
  const time = '2020-01-01T00:00:00Z';
  const templated: [string, string][] = [
    ['archive_url', '/{archive_format}{/ref}'],
    ['assignees_url', '/assignees{/user}'],
    ['blobs_url', '/git/blobs{/sha}'],
    ['branches_url', '/branches{/branch}'],
    ['collaborators_url', '/collaborators{/collaborator}'],
    ['comments_url', '/comments{/number}'],
    ['commits_url', '/commits{/sha}'],
    ['compare_url', '/compare/{base}...{head}'],
    ['contents_url', '/contents/{+path}'],
    ['contributors_url', '/contributors'],
    ['deployments_url', '/deployments'],
    ['downloads_url', '/downloads'],
    ['events_url', '/events'],
    ['forks_url', '/forks'],
    ['git_commits_url', '/git/commits{/sha}'],
    ['git_refs_url', '/git/refs{/sha}'],
    ['git_tags_url', '/git/tags{/sha}'],
    ['hooks_url', '/hooks'],
    ['issue_comment_url', '/issues/comments{/number}'],
    ['issue_events_url', '/issues/events{/number}'],
    ['issues_url', '/issues{/number}'],
    ['keys_url', '/keys{/key_id}'],
    ['labels_url', '/labels{/name}'],
    ['languages_url', '/languages'],
    ['merges_url', '/merges'],
    ['milestones_url', '/milestones{/number}'],
    ['notifications_url', '/notifications{?since,all,participating}'],
    ['pulls_url', '/pulls{/number}'],
    ['releases_url', '/releases{/id}'],
    ['stargazers_url', '/stargazers'],
    ['statuses_url', '/statuses/{sha}'],
    ['subscribers_url', '/subscribers'],
    ['subscription_url', '/subscription'],
    ['tags_url', '/tags'],
    ['teams_url', '/teams'],
    ['trees_url', '/git/trees{/sha}'],
  ];
  return {
    id,
    node_id: nodeId('Repository', id),
    name: which.name,
    full_name: full,
    owner: user(ctx, which.owner),
    private: own.private,
    html_url: html,
    description: null,
    fork: fork || own.fork,
    url,
    ...Object.fromEntries(templated.map(([key, suffix]) => [key, `${url}${suffix}`])),
    git_url: `git://${host}/${full}.git`,
    ssh_url: `git@${host}:${full}.git`,
    clone_url: `${html}.git`,
    svn_url: html,
    mirror_url: null,
    homepage: null,
    language: fork ? 'TypeScript' : own.language,
    size: 100,
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    open_issues: 0,
    open_issues_count: 0,
    subscribers_count: 0,
    network_count: 0,
    default_branch: own.defaultBranch,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: !fork && own.archived,
    disabled: false,
    visibility: own.private ? 'private' : 'public',
    license: null,
    topics: fork ? [] : own.topics,
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    pushed_at: time,
    created_at: time,
    updated_at: time,
  };
}

function reactionRollup(ctx: ShapeContext, url: string, matches: (s: ReactionSubject) => boolean) {
  const counts: Record<string, number> = {
    '+1': 0,
    '-1': 0,
    laugh: 0,
    hooray: 0,
    confused: 0,
    heart: 0,
    rocket: 0,
    eyes: 0,
  };
  const mine = ctx.model.reactions.filter((reaction) => matches(reaction.subject));
  for (const reaction of mine) counts[reaction.content] = (counts[reaction.content] ?? 0) + 1;
  return { url: `${url}/reactions`, total_count: mine.length, ...counts };
}

export function label(ctx: ShapeContext, record: LabelRecord): Json {
  return {
    id: record.id,
    node_id: nodeId('Label', record.id),
    url: `${repoApi(ctx)}/labels/${encodeURIComponent(record.name)}`,
    name: record.name,
    color: record.color,
    default: record.default,
    description: record.description,
  };
}

function labelsOf(ctx: ShapeContext, issue: IssueRecord): Json[] {
  return issue.labels.map((name) => label(ctx, ctx.model.ensureLabel({ name })));
}

function issueHtml(ctx: ShapeContext, issue: IssueRecord): string {
  return `${repoHtml(ctx)}/${issue.pull ? 'pull' : 'issues'}/${issue.number}`;
}

export function issue(ctx: ShapeContext, record: IssueRecord): Json {
  const url = `${repoApi(ctx)}/issues/${record.number}`;
  const comments = [...ctx.model.issueComments.values()].filter(
    (comment) => comment.issueNumber === record.number,
  );
  const assignees = record.assignees.map((login) => user(ctx, login));
  return {
    id: record.id,
    node_id: nodeId(record.pull ? 'PullRequest' : 'Issue', record.id),
    url,
    repository_url: repoApi(ctx),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: issueHtml(ctx, record),
    number: record.number,
    state: record.state,
    state_reason:
      record.state === 'closed'
        ? (record.stateReason ?? 'completed')
        : record.stateReason === 'reopened'
          ? 'reopened'
          : null,
    title: record.title,
    body: record.body,
    user: user(ctx, record.user),
    labels: labelsOf(ctx, record),
    assignee: assignees[0] ?? null,
    assignees,
    milestone: null,
    locked: record.locked,
    active_lock_reason: null,
    comments: comments.length,
    closed_at: record.state === 'closed' ? (record.closedAt ?? record.updatedAt) : null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    author_association: ctx.model.associationOf(record.user),
    performed_via_github_app: null,
    timeline_url: `${url}/timeline`,
    reactions: reactionRollup(
      ctx,
      url,
      (s) => s.kind === 'issue' && s.issueNumber === record.number,
    ),
    ...(record.pull
      ? {
          draft: record.pull.draft,
          pull_request: {
            url: `${repoApi(ctx)}/pulls/${record.number}`,
            html_url: issueHtml(ctx, record),
            diff_url: `${issueHtml(ctx, record)}.diff`,
            patch_url: `${issueHtml(ctx, record)}.patch`,
            merged_at: record.pull.merged ? record.updatedAt : null,
          },
        }
      : {}),
  };
}

export function issueComment(ctx: ShapeContext, record: IssueCommentRecord): Json {
  const url = `${repoApi(ctx)}/issues/comments/${record.id}`;
  const parent = ctx.model.issues.get(record.issueNumber);
  const page = parent ? issueHtml(ctx, parent) : `${repoHtml(ctx)}/issues/${record.issueNumber}`;
  return {
    id: record.id,
    node_id: nodeId('IssueComment', record.id),
    url,
    html_url: `${page}#issuecomment-${record.id}`,
    body: record.bodies.at(-1) ?? '',
    user: user(ctx, record.user),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    issue_url: `${repoApi(ctx)}/issues/${record.issueNumber}`,
    author_association: record.authorAssociation ?? ctx.model.associationOf(record.user),
    performed_via_github_app: null,
    reactions: reactionRollup(
      ctx,
      url,
      (s) => s.kind === 'issue_comment' && s.commentId === record.id,
    ),
  };
}

export function reviewComment(ctx: ShapeContext, record: ReviewCommentRecord): Json {
  const url = `${repoApi(ctx)}/pulls/comments/${record.id}`;
  const pullUrl = `${repoApi(ctx)}/pulls/${record.issueNumber}`;
  const html = `${repoHtml(ctx)}/pull/${record.issueNumber}#discussion_r${record.id}`;
  return {
    url,
    pull_request_review_id: record.reviewId,
    id: record.id,
    node_id: nodeId('PullRequestReviewComment', record.id),
    diff_hunk: record.diffHunk,
    path: record.path,
    position: record.position,
    original_position: record.position,
    commit_id: record.commitId,
    original_commit_id: record.commitId,
    ...(record.inReplyTo !== null ? { in_reply_to_id: record.inReplyTo } : {}),
    user: user(ctx, record.user),
    body: record.bodies.at(-1) ?? '',
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    html_url: html,
    pull_request_url: pullUrl,
    author_association: record.authorAssociation ?? ctx.model.associationOf(record.user),
    _links: { self: { href: url }, html: { href: html }, pull_request: { href: pullUrl } },
    start_line: record.startLine,
    original_start_line: record.startLine,
    start_side: record.startSide,
    line: record.line,
    original_line: record.line,
    side: record.side,
    subject_type: 'line',
    reactions: reactionRollup(
      ctx,
      url,
      (s) => s.kind === 'review_comment' && s.commentId === record.id,
    ),
  };
}

function branch(ctx: ShapeContext, side: PullRecord['base'] & { owner?: string; name?: string }) {
  const owner = side.owner ?? ctx.model.repo.owner;
  const name = side.name ?? ctx.model.repo.name;
  return {
    label: `${owner}:${side.ref}`,
    ref: side.ref,
    sha: side.sha,
    user: user(ctx, owner),
    repo: repository(ctx, { owner, name }),
  };
}

export function pull(ctx: ShapeContext, record: IssueRecord, pr: PullRecord): Json {
  const url = `${repoApi(ctx)}/pulls/${record.number}`;
  const html = issueHtml(ctx, record);
  const base = issue(ctx, record);
  const reviewComments = [...ctx.model.reviewComments.values()].filter(
    (comment) => comment.issueNumber === record.number,
  );
  const links = {
    self: url,
    html,
    issue: `${repoApi(ctx)}/issues/${record.number}`,
    comments: `${repoApi(ctx)}/issues/${record.number}/comments`,
    review_comments: `${url}/comments`,
    review_comment: `${repoApi(ctx)}/pulls/comments{/number}`,
    commits: `${url}/commits`,
    statuses: `${repoApi(ctx)}/statuses/${pr.head.sha}`,
  };
  return {
    url,
    id: record.id,
    node_id: nodeId('PullRequest', record.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: links.issue,
    commits_url: links.commits,
    review_comments_url: links.review_comments,
    review_comment_url: links.review_comment,
    comments_url: links.comments,
    statuses_url: links.statuses,
    number: record.number,
    state: record.state,
    locked: record.locked,
    title: record.title,
    user: base.user,
    body: record.body,
    labels: base.labels,
    milestone: null,
    active_lock_reason: null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    closed_at: base.closed_at,
    merged_at: pr.merged ? record.updatedAt : null,
    merge_commit_sha: pr.merged ? fakeSha(`merge:${record.number}`) : null,
    assignee: base.assignee,
    assignees: base.assignees,
    requested_reviewers: [],
    requested_teams: [],
    head: branch(ctx, pr.head),
    base: branch(ctx, pr.base),
    _links: Object.fromEntries(Object.entries(links).map(([key, href]) => [key, { href }])),
    author_association: base.author_association,
    auto_merge: null,
    draft: pr.draft,
    merged: pr.merged,
    mergeable: record.state === 'open' ? true : null,
    rebaseable: record.state === 'open' ? true : null,
    mergeable_state: record.state === 'open' ? 'clean' : 'unknown',
    merged_by: null,
    comments: base.comments,
    review_comments: reviewComments.length,
    maintainer_can_modify: isFork(pr, ctx.model.repo) && pr.maintainerCanModify,
    commits: 1,
    additions: pr.files.reduce((sum, file) => sum + file.additions, 0),
    deletions: pr.files.reduce((sum, file) => sum + file.deletions, 0),
    changed_files: pr.files.length,
  };
}

export function pullFile(ctx: ShapeContext, pr: PullRecord, file: PullFileRecord): Json {
  return diffEntry(ctx, pr.head.sha, file);
}

/** A changed file as the pull request files and compare endpoints list it, at `headSha`. */
export function diffEntry(ctx: ShapeContext, headSha: string, file: PullFileRecord): Json {
  const { owner, name } = ctx.model.repo;
  const path = file.filename.split('/').map(encodeURIComponent).join('/');
  return {
    sha: file.sha ?? fakeSha(`blob:${headSha}:${file.filename}`),
    filename: file.filename,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    blob_url: `${ctx.server}/${owner}/${name}/blob/${headSha}/${path}`,
    raw_url: `${ctx.server}/${owner}/${name}/raw/${headSha}/${path}`,
    contents_url: `${repoApi(ctx)}/contents/${path}?ref=${headSha}`,
    ...(file.patch !== undefined ? { patch: file.patch } : {}),
    ...(file.previousFilename !== undefined ? { previous_filename: file.previousFilename } : {}),
  };
}

export function review(ctx: ShapeContext, record: ReviewRecord): Json {
  const pullUrl = `${repoApi(ctx)}/pulls/${record.pullNumber}`;
  const html = `${repoHtml(ctx)}/pull/${record.pullNumber}#pullrequestreview-${record.id}`;
  return {
    id: record.id,
    node_id: nodeId('PullRequestReview', record.id),
    user: user(ctx, record.user),
    body: record.body,
    state: record.state,
    html_url: html,
    pull_request_url: pullUrl,
    author_association: ctx.model.associationOf(record.user),
    _links: { html: { href: html }, pull_request: { href: pullUrl } },
    ...(record.state !== 'PENDING' ? { submitted_at: record.submittedAt } : {}),
    commit_id: record.commitId,
  };
}

export function reaction(ctx: ShapeContext, record: ReactionRecord): Json {
  return {
    id: record.id,
    node_id: nodeId('Reaction', record.id),
    user: user(ctx, record.user),
    content: record.content,
    created_at: record.createdAt,
  };
}

function contentLinks(ctx: ShapeContext, path: string, ref: string, sha: string, kind: string) {
  const { owner, name } = ctx.model.repo;
  const url = `${repoApi(ctx)}/contents/${path}?ref=${encodeURIComponent(ref)}`;
  const git = `${repoApi(ctx)}/git/${kind === 'dir' ? 'trees' : 'blobs'}/${sha}`;
  const html = `${repoHtml(ctx)}/${kind === 'dir' ? 'tree' : 'blob'}/${ref}/${path}`;
  return {
    url,
    git_url: git,
    html_url: html,
    download_url:
      kind === 'dir' ? null : `https://raw.githubusercontent.com/${owner}/${name}/${ref}/${path}`,
    _links: { self: url, git, html },
  };
}

/** A file as the contents endpoint returns it: base64 in lines of 60, as GitHub wraps it. */
export function fileContent(ctx: ShapeContext, path: string, ref: string, text: string): Json {
  const bytes = Buffer.from(text, 'utf8');
  const sha = blobSha(bytes);
  const encoded = bytes.toString('base64').replace(/.{60}/g, '$&\n');
  return {
    type: 'file',
    encoding: 'base64',
    size: bytes.length,
    name: path.split('/').at(-1) ?? path,
    path,
    content: encoded.endsWith('\n') || encoded === '' ? encoded : `${encoded}\n`,
    sha,
    ...contentLinks(ctx, path, ref, sha, 'file'),
  };
}

/** An entry of a directory listing (no content). */
export function directoryEntry(
  ctx: ShapeContext,
  entry: { path: string; ref: string; type: 'file' | 'dir'; text?: string },
): Json {
  const bytes = Buffer.from(entry.text ?? '', 'utf8');
  const sha = entry.type === 'file' ? blobSha(bytes) : fakeSha(`tree:${entry.ref}:${entry.path}`);
  return {
    type: entry.type,
    size: entry.type === 'file' ? bytes.length : 0,
    name: entry.path.split('/').at(-1) ?? entry.path,
    path: entry.path,
    sha,
    ...contentLinks(ctx, entry.path, entry.ref, sha, entry.type),
  };
}

export function gitRef(ctx: ShapeContext, ref: string, sha: string): Json {
  return {
    ref,
    node_id: Buffer.from(`REF_${ref}`).toString('base64'),
    url: `${repoApi(ctx)}/git/${ref}`,
    object: { type: 'commit', sha, url: `${repoApi(ctx)}/git/commits/${sha}` },
  };
}

/** The permission endpoint's answer: the base level and the role, as GitHub reports both. */
export function collaboratorPermission(ctx: ShapeContext, login: string, level: string): Json {
  const permission = level === 'maintain' ? 'write' : level === 'triage' ? 'read' : level;
  const rank = ['read', 'triage', 'write', 'maintain', 'admin'].indexOf(level);
  return {
    permission,
    role_name: level,
    user: {
      ...user(ctx, login),
      permissions: {
        admin: rank >= 4,
        maintain: rank >= 3,
        push: rank >= 2,
        triage: rank >= 1,
        pull: rank >= 0,
      },
      role_name: level,
    },
  };
}
