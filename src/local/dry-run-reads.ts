/**
 * The dry-run GitHub's reads: what the pipeline looks up before and during a run, answered from
 * the event payload, the local repository and what the run itself wrote.
 */
import type { ChangedFileInfo, TreeEntry } from './local-git.js';
import type { Reply, Route, RouteContext } from './dry-run-routing.js';
import { GitHubReplyError, gitRefJson } from './dry-run-routing.js';
import type { CommentRecord } from './dry-run-store.js';
import type { Json } from './event-facts.js';

const PERMISSIONS: Record<string, { permission: string; role_name: string }> = {
  read: { permission: 'read', role_name: 'read' },
  triage: { permission: 'read', role_name: 'triage' },
  write: { permission: 'write', role_name: 'write' },
  maintain: { permission: 'write', role_name: 'maintain' },
  admin: { permission: 'admin', role_name: 'admin' },
};

function ok(data: unknown): Reply {
  return { status: 200, data };
}

function notFound(what: string): GitHubReplyError {
  return new GitHubReplyError(404, `Not Found: ${what} is not part of this local dry run.`);
}

/** The issue (or pull request, as an issue) with this number, as GitHub answers it now. */
function issueJson(context: RouteContext, issueNumber: number): Json {
  const { facts, store } = context;
  if (facts.issue !== undefined && facts.number === issueNumber) {
    const added = store.addedLabels.get(issueNumber) ?? [];
    const existing = Array.isArray(facts.issue.labels) ? (facts.issue.labels as unknown[]) : [];
    return { ...facts.issue, labels: [...existing, ...added.map((name) => ({ name }))] };
  }
  const issue = store.issues.find((item) => item.number === issueNumber);
  if (issue !== undefined) return store.issue(issue);
  const pull = store.pulls.find((item) => item.number === issueNumber);
  if (pull !== undefined) {
    const data = store.pull(pull);
    return { ...data, labels: [], pull_request: { html_url: data.html_url, url: data.url } };
  }
  throw notFound(`issue #${issueNumber}`);
}

/** The pull request the run is about, or one the run opened. */
async function pullJson(context: RouteContext, pullNumber: number): Promise<Json> {
  const { facts, store } = context;
  if (facts.number === pullNumber && context.pullRequest !== undefined) {
    const data = context.pullRequest.data;
    // Hand-written payloads often leave these out; GitHub always sends them.
    return {
      ...data,
      draft: data.draft ?? false,
      changed_files:
        typeof data.changed_files === 'number'
          ? data.changed_files
          : (await pullFiles(context)).length,
    };
  }
  const pull = store.pulls.find((item) => item.number === pullNumber);
  if (pull !== undefined) return store.pull(pull);
  throw notFound(`pull request #${pullNumber}`);
}

const filesCache = new WeakMap<RouteContext, Promise<ChangedFileInfo[]>>();

/** The pull request's changed files: `git diff base...head` in the local repository. */
function pullFiles(context: RouteContext): Promise<ChangedFileInfo[]> {
  let files = filesCache.get(context);
  if (files === undefined) {
    files = computePullFiles(context);
    filesCache.set(context, files);
  }
  return files;
}

async function computePullFiles(context: RouteContext): Promise<ChangedFileInfo[]> {
  const pull = context.pullRequest;
  const [base, head] = await Promise.all([
    pull?.base === undefined ? undefined : context.git.commit(pull.base),
    pull?.head === undefined ? undefined : context.git.commit(pull.head),
  ]);
  if (base === undefined || head === undefined) {
    const missing = [
      base === undefined ? `base ${pull?.base?.slice(0, 12) ?? '(none)'}` : undefined,
      head === undefined ? `head ${pull?.head?.slice(0, 12) ?? '(none)'}` : undefined,
    ].filter((part) => part !== undefined);
    context.warnOnce(
      `The pull request's ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not in ${context.git.root}, so its changed files are listed as none. Fetch the commits (git fetch origin pull/${context.facts.number ?? 'N'}/head) or point the event at local commits.`,
    );
    return [];
  }
  return context.git.changedFiles(base, head);
}

function fileJson(context: RouteContext, file: ChangedFileInfo, ref: string): Json {
  const blob = `${context.store.repoHtml}/blob/${ref}/${encodeURI(file.filename)}`;
  return {
    ...file,
    blob_url: blob,
    raw_url: blob.replace('/blob/', '/raw/'),
    contents_url: `${context.store.repoApi}/contents/${encodeURI(file.filename)}?ref=${ref}`,
  };
}

function commentsOn(context: RouteContext, kind: CommentRecord['kind'], issueNumber: number) {
  return context.store.comments
    .filter((comment) => comment.kind === kind && comment.issueNumber === issueNumber)
    .map((comment) => context.store.comment(comment));
}

async function resolveRef(context: RouteContext, ref: string | null): Promise<string> {
  const wanted = ref ?? context.store.repo.defaultBranch;
  const sha = await context.git.commit(wanted);
  if (sha === undefined) {
    throw new GitHubReplyError(404, `No commit found for the ref ${wanted}`);
  }
  return sha;
}

function contentEntry(context: RouteContext, entry: TreeEntry, sha: string): Json {
  const api = `${context.store.repoApi}/contents/${encodeURI(entry.path)}?ref=${sha}`;
  const html = `${context.store.repoHtml}/${entry.type === 'dir' ? 'tree' : 'blob'}/${sha}/${encodeURI(entry.path)}`;
  return {
    type: entry.type,
    name: entry.name,
    path: entry.path,
    sha: entry.sha,
    size: entry.size,
    url: api,
    html_url: html,
    git_url: null,
    download_url: null,
    _links: { self: api, git: null, html },
  };
}

export const readRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^$/,
    handle: (context) => ok(context.store.repository()),
  },
  {
    method: 'GET',
    pattern: /^\/collaborators\/([^/]+)\/permission$/,
    handle: (context, { params }) => {
      const login = params[0] ?? '';
      const level = PERMISSIONS[context.permission];
      if (level === undefined) throw new GitHubReplyError(404, `${login} is not a collaborator`);
      return ok({ ...level, user: context.store.user(login) });
    },
  },
  {
    method: 'GET',
    pattern: /^\/issues\/(\d+)$/,
    handle: (context, { params }) => ok(issueJson(context, Number(params[0]))),
  },
  {
    method: 'GET',
    pattern: /^\/issues\/(\d+)\/comments$/,
    handle: (context, { params }) => {
      const issueNumber = Number(params[0]);
      issueJson(context, issueNumber);
      // Only the comment that started the run is known; the conversation before it is not.
      const trigger =
        context.facts.issueComment !== undefined && context.facts.number === issueNumber
          ? [context.facts.issueComment]
          : [];
      return ok([...trigger, ...commentsOn(context, 'issue_comment', issueNumber)]);
    },
  },
  {
    method: 'GET',
    pattern: /^\/issues$/,
    handle: (context, { query }) => {
      const state = query.get('state') ?? 'open';
      const creator = query.get('creator')?.toLowerCase();
      const issues = context.store.issues.filter(
        (issue) =>
          (state === 'all' || issue.state === state) &&
          (creator === undefined || issue.user.toLowerCase() === creator),
      );
      return ok(issues.map((issue) => context.store.issue(issue)));
    },
  },
  {
    method: 'GET',
    pattern: /^\/labels$/,
    handle: (context) => ok(context.labels.map((label) => context.store.label(label))),
  },
  {
    method: 'GET',
    pattern: /^\/pulls\/(\d+)$/,
    handle: async (context, { params }) => ok(await pullJson(context, Number(params[0]))),
  },
  {
    method: 'GET',
    pattern: /^\/pulls\/(\d+)\/files$/,
    handle: async (context, { params }) => {
      const pullNumber = Number(params[0]);
      if (context.facts.number !== pullNumber || context.pullRequest === undefined) {
        const pull = context.store.pulls.find((item) => item.number === pullNumber);
        if (pull === undefined) throw notFound(`pull request #${pullNumber}`);
        return ok([]);
      }
      const head = context.pullRequest.head ?? 'HEAD';
      return ok((await pullFiles(context)).map((file) => fileJson(context, file, head)));
    },
  },
  {
    method: 'GET',
    pattern: /^\/pulls\/(\d+)\/comments$/,
    handle: (context, { params }) => {
      const pullNumber = Number(params[0]);
      const trigger =
        context.facts.reviewComment !== undefined && context.facts.number === pullNumber
          ? [context.facts.reviewComment]
          : [];
      return ok([...trigger, ...commentsOn(context, 'review_comment', pullNumber)]);
    },
  },
  {
    method: 'GET',
    pattern: /^\/pulls\/(\d+)\/reviews$/,
    handle: (context, { params }) => {
      const pullNumber = Number(params[0]);
      return ok(
        context.store.reviews
          .filter((review) => review.pullNumber === pullNumber)
          .map((review) => context.store.review(review)),
      );
    },
  },
  {
    method: 'GET',
    pattern: /^\/pulls$/,
    handle: (context, { query }) => {
      const state = query.get('state') ?? 'open';
      // `owner:branch`; the owner is the repository's own, since the run pushes nowhere else.
      const head = query.get('head');
      const branch = head === null ? undefined : head.slice(head.indexOf(':') + 1);
      const pulls = context.store.pulls.filter(
        (pull) =>
          (state === 'all' || pull.state === state) &&
          (branch === undefined || pull.head === branch),
      );
      return ok(pulls.map((pull) => context.store.pull(pull)));
    },
  },
  {
    method: 'GET',
    pattern: /^\/compare\/(.+)$/,
    handle: async (context, { params }) => {
      const [baseRef = '', headRef = ''] = (params[0] ?? '').split('...');
      const [base, head] = await Promise.all([
        context.git.commit(baseRef),
        context.git.commit(headRef),
      ]);
      const missing = base === undefined ? baseRef : head === undefined ? headRef : undefined;
      if (base === undefined || head === undefined) {
        throw new GitHubReplyError(404, `No commit found for SHA: ${missing ?? ''}`);
      }
      const [ahead, behind, mergeBase, files] = await Promise.all([
        context.git.countCommits(base, head),
        context.git.countCommits(head, base),
        context.git.mergeBase(base, head),
        context.git.changedFiles(base, head),
      ]);
      const status =
        ahead === 0 && behind === 0
          ? 'identical'
          : behind === 0
            ? 'ahead'
            : ahead === 0
              ? 'behind'
              : 'diverged';
      return ok({
        status,
        ahead_by: ahead,
        behind_by: behind,
        total_commits: ahead,
        merge_base_commit: { sha: mergeBase ?? null },
        base_commit: { sha: base },
        commits: [],
        files: files.map((file) => fileJson(context, file, head)),
        html_url: `${context.store.repoHtml}/compare/${base}...${head}`,
      });
    },
  },
  {
    method: 'GET',
    pattern: /^\/contents(?:\/(.*))?$/,
    handle: async (context, { params, query }) => {
      const repoPath = (params[0] ?? '').replace(/^\/+|\/+$/g, '');
      const extra = context.extraFiles.get(repoPath);
      const sha = await resolveRef(context, query.get('ref'));
      if (extra !== undefined) {
        const entry: TreeEntry = {
          type: 'file',
          name: repoPath.slice(repoPath.lastIndexOf('/') + 1),
          path: repoPath,
          sha: '0'.repeat(40),
          size: extra.length,
        };
        return ok({
          ...contentEntry(context, entry, sha),
          encoding: 'base64',
          content: extra.toString('base64'),
        });
      }
      const found = await context.git.contentAt(sha, repoPath);
      if (found === undefined) throw new GitHubReplyError(404, 'Not Found');
      if (found.kind === 'dir') {
        return ok(found.entries.map((entry) => contentEntry(context, entry, sha)));
      }
      if (found.kind === 'other') return ok(contentEntry(context, found.entry, sha));
      return ok({
        ...contentEntry(context, found.entry, sha),
        encoding: 'base64',
        content: found.content.toString('base64'),
      });
    },
  },
  {
    method: 'GET',
    pattern: /^\/git\/ref\/(.+)$/,
    handle: async (context, { params }) => {
      const ref = `refs/${params[0] ?? ''}`;
      const sha = await context.git.commit(ref);
      if (sha === undefined) throw new GitHubReplyError(404, 'Not Found');
      return ok(gitRefJson(context, ref, sha));
    },
  },
  {
    method: 'GET',
    pattern: /^\/git\/matching-refs\/(.+)$/,
    // The local repository's branches and tags whose full names start with `refs/<ref>`, in name
    // order (its remote-tracking refs are not the repository's own on GitHub).
    handle: async (context, { params }) => {
      const prefix = `refs/${params[0] ?? ''}`;
      const listed = await context.git.run([
        'for-each-ref',
        '--format=%(refname)%00%(objectname)%00%(objecttype)',
        'refs/heads/',
        'refs/tags/',
      ]);
      const refs = listed
        .split('\n')
        .map((line) => line.split('\0'))
        .filter(([ref]) => ref !== undefined && ref.startsWith(prefix))
        .map(([ref = '', sha = '', type = '']) => gitRefJson(context, ref, sha, type));
      return ok(refs);
    },
  },
  {
    method: 'GET',
    pattern: /^\/search\/issues$/,
    repoScoped: false,
    handle: () => ok({ total_count: 0, incomplete_results: false, items: [] }),
  },
];
