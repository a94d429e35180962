/**
 * The webhook payloads a case's run gets, shaped as GitHub sends them (the fields and types of
 * `@octokit/webhooks-examples`; test/evals/events.test.ts holds them to it): `pull_request`
 * `opened` for a review, `issue_comment` `created` on an issue for a fix, `issues` `opened` for
 * triage. Every case is in the same neutral repository, `acme/widgets`: a name that gave away
 * the planted defect would help the model.
 */

export const OWNER = 'acme';
export const REPOSITORY_NAME = 'widgets';
export const FULL_NAME = `${OWNER}/${REPOSITORY_NAME}`;
/** Who opens the pull requests and issues, and asks for fixes (write permission in the run). */
export const AUTHOR = 'octo-dev';

const API = 'https://api.github.com';
const WEB = 'https://github.com';
const CREATED = '2026-01-05T12:00:00Z';

type Payload = Record<string, unknown>;

function user(login: string, id: number): Payload {
  return {
    login,
    id,
    node_id: `MDQ6VXNlcj${id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: `${API}/users/${login}`,
    html_url: `${WEB}/${login}`,
    followers_url: `${API}/users/${login}/followers`,
    following_url: `${API}/users/${login}/following{/other_user}`,
    gists_url: `${API}/users/${login}/gists{/gist_id}`,
    starred_url: `${API}/users/${login}/starred{/owner}{/repo}`,
    subscriptions_url: `${API}/users/${login}/subscriptions`,
    organizations_url: `${API}/users/${login}/orgs`,
    repos_url: `${API}/users/${login}/repos`,
    events_url: `${API}/users/${login}/events{/privacy}`,
    received_events_url: `${API}/users/${login}/received_events`,
    type: 'User',
    site_admin: false,
  };
}

const author = (): Payload => user(AUTHOR, 5_000_001);

/** The repository object of every payload. */
export function repositoryObject(defaultBranch = 'main'): Payload {
  const url = `${API}/repos/${FULL_NAME}`;
  return {
    id: 7_000_001,
    node_id: 'R_kgDOEval001',
    name: REPOSITORY_NAME,
    full_name: FULL_NAME,
    private: false,
    owner: { ...user(OWNER, 5_000_000), type: 'Organization' },
    html_url: `${WEB}/${FULL_NAME}`,
    description: 'A small library for drawing widgets.',
    fork: false,
    url,
    issues_url: `${url}/issues{/number}`,
    pulls_url: `${url}/pulls{/number}`,
    labels_url: `${url}/labels{/name}`,
    created_at: CREATED,
    updated_at: CREATED,
    pushed_at: CREATED,
    git_url: `git://github.com/${FULL_NAME}.git`,
    ssh_url: `git@github.com:${FULL_NAME}.git`,
    clone_url: `${WEB}/${FULL_NAME}.git`,
    homepage: null,
    size: 12,
    stargazers_count: 0,
    watchers_count: 0,
    language: null,
    has_issues: true,
    has_projects: false,
    has_downloads: true,
    has_wiki: false,
    has_pages: false,
    forks_count: 0,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: 1,
    license: null,
    forks: 0,
    open_issues: 1,
    watchers: 0,
    default_branch: defaultBranch,
  };
}

function issueObject(number: number, title: string, body: string): Payload {
  const url = `${API}/repos/${FULL_NAME}/issues/${number}`;
  return {
    url,
    repository_url: `${API}/repos/${FULL_NAME}`,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${WEB}/${FULL_NAME}/issues/${number}`,
    id: 9_000_000 + number,
    node_id: `I_kwDOEval${number}`,
    number,
    title,
    user: author(),
    labels: [],
    state: 'open',
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: 0,
    created_at: CREATED,
    updated_at: CREATED,
    closed_at: null,
    author_association: 'MEMBER',
    body,
  };
}

export interface PullRequestEvent {
  title: string;
  body: string;
  baseSha: string;
  headSha: string;
  headRef: string;
  baseRef: string;
  additions: number;
  deletions: number;
  changedFiles: number;
}

/** `pull_request` `opened`: pull request #1, from a branch of the same repository. */
export function pullRequestOpened(pull: PullRequestEvent): Payload {
  const number = 1;
  const url = `${API}/repos/${FULL_NAME}/pulls/${number}`;
  const repository = repositoryObject(pull.baseRef);
  const side = (ref: string, sha: string): Payload => ({
    label: `${OWNER}:${ref}`,
    ref,
    sha,
    user: repository.owner,
    repo: repository,
  });
  return {
    action: 'opened',
    number,
    pull_request: {
      url,
      id: 8_000_001,
      node_id: 'PR_kwDOEval1',
      html_url: `${WEB}/${FULL_NAME}/pull/${number}`,
      diff_url: `${WEB}/${FULL_NAME}/pull/${number}.diff`,
      patch_url: `${WEB}/${FULL_NAME}/pull/${number}.patch`,
      issue_url: `${API}/repos/${FULL_NAME}/issues/${number}`,
      number,
      state: 'open',
      locked: false,
      title: pull.title,
      user: author(),
      body: pull.body,
      created_at: CREATED,
      updated_at: CREATED,
      closed_at: null,
      merged_at: null,
      merge_commit_sha: null,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      labels: [],
      milestone: null,
      commits_url: `${url}/commits`,
      review_comments_url: `${url}/comments`,
      comments_url: `${API}/repos/${FULL_NAME}/issues/${number}/comments`,
      statuses_url: `${API}/repos/${FULL_NAME}/statuses/${pull.headSha}`,
      head: side(pull.headRef, pull.headSha),
      base: side(pull.baseRef, pull.baseSha),
      author_association: 'MEMBER',
      draft: false,
      merged: false,
      mergeable: null,
      rebaseable: null,
      mergeable_state: 'unknown',
      merged_by: null,
      comments: 0,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: 1,
      additions: pull.additions,
      deletions: pull.deletions,
      changed_files: pull.changedFiles,
    },
    repository,
    sender: author(),
  };
}

export interface IssueCommentEvent {
  issue: { number: number; title: string; body: string };
  /** The comment's text, e.g. `/gemini fix this issue`. */
  comment: string;
}

/** `issue_comment` `created` on an issue (not a pull request) by a member of the repository. */
export function issueCommentCreated(event: IssueCommentEvent): Payload {
  const issue = issueObject(event.issue.number, event.issue.title, event.issue.body);
  const id = 6_000_001;
  return {
    action: 'created',
    issue: { ...issue, comments: 1 },
    comment: {
      url: `${API}/repos/${FULL_NAME}/issues/comments/${id}`,
      html_url: `${WEB}/${FULL_NAME}/issues/${event.issue.number}#issuecomment-${id}`,
      issue_url: issue.url,
      id,
      node_id: 'IC_kwDOEval1',
      user: author(),
      created_at: CREATED,
      updated_at: CREATED,
      author_association: 'MEMBER',
      body: event.comment,
    },
    repository: repositoryObject(),
    sender: author(),
  };
}

/** `issues` `opened`: a new issue with no labels yet. */
export function issueOpened(issue: { number: number; title: string; body: string }): Payload {
  return {
    action: 'opened',
    issue: issueObject(issue.number, issue.title, issue.body),
    repository: repositoryObject(),
    sender: author(),
  };
}
