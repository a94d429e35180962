/**
 * The commit of the accepted change, made without touching the workspace's HEAD, index or
 * branches: a throwaway index starts from the base commit's tree, takes the accepted entries,
 * becomes a tree (`write-tree`) and then a commit (`commit-tree`) whose parent is the base.
 * Author and committer are the bot, set through the environment for this one command (never in
 * the repository's configuration); the requesting user is credited with a `Co-authored-by:`
 * trailer. The message is redacted: it carries the model's summary.
 */
import type { Redact } from '../platform/redaction.js';
import type { Git } from './git.js';
import { createGit, splitNul } from './git.js';
import { withScratchIndex } from './scratch-index.js';
import { blobId, hashWorktreeFiles, readWorktreeContent } from './worktree-reader.js';
import type { WorkspaceChange, WorkspaceChanges } from './publish-types.js';

export interface CommitIdentity {
  name: string;
  email: string;
}

/** The identity GitHub shows as "github-actions[bot]" with its avatar. */
export const BOT_IDENTITY: CommitIdentity = {
  name: 'github-actions[bot]',
  email: '41898282+github-actions[bot]@users.noreply.github.com',
};

/** The person a run works for, credited as co-author. */
export interface CoAuthor {
  login: string;
  /** The account's numeric id, for the noreply address GitHub links to the account. */
  id?: number;
  isBot?: boolean;
}

/** The `Co-authored-by:` trailer for a person; undefined for bots (they are not co-authors). */
export function coAuthorTrailer(user: CoAuthor): string | undefined {
  if (user.isBot || user.login.endsWith('[bot]') || !/^[A-Za-z0-9-]+$/.test(user.login)) {
    return undefined;
  }
  const email =
    user.id === undefined
      ? `${user.login}@users.noreply.github.com`
      : `${user.id}+${user.login}@users.noreply.github.com`;
  return `Co-authored-by: ${user.login} <${email}>`;
}

export interface CommitMessageParts {
  /** The first line: what was done. Cut to 72 characters. */
  subject: string;
  /** A few lines of explanation. */
  body?: string;
  coAuthor?: CoAuthor;
  redact: Redact;
}

const SUBJECT_MAX = 72;
const BODY_MAX = 2000;

/** `subject`, a blank line, the body, and the co-author trailer; redacted. */
export function commitMessage(parts: CommitMessageParts): string {
  const subjectLine = parts.subject.replace(/\s+/g, ' ').trim() || 'Changes by Gemini';
  const subject =
    subjectLine.length > SUBJECT_MAX ? `${subjectLine.slice(0, SUBJECT_MAX - 1)}…` : subjectLine;
  let body = (parts.body ?? '').replace(/\r\n?/g, '\n').trim();
  if (body.length > BODY_MAX) body = `${body.slice(0, BODY_MAX - 1)}…`;
  const trailer = parts.coAuthor === undefined ? undefined : coAuthorTrailer(parts.coAuthor);
  const sections = [subject, body, trailer].filter(
    (section): section is string => section !== undefined && section !== '',
  );
  return `${parts.redact(sections.join('\n\n'))}\n`;
}

export interface BuildTreeOptions {
  changes: WorkspaceChanges;
  accepted: readonly WorkspaceChange[];
  git?: Git;
}

/**
 * The tree of the base commit with the accepted entries applied; their blobs are written to the
 * repository's object database (as `git add` would). Throws when a file changed after it was
 * checked, so that what is published is exactly what was checked.
 */
export async function buildTree(options: BuildTreeOptions): Promise<string> {
  const git = options.git ?? createGit();
  const { changes } = options;
  const root = changes.root;
  const nullId = '0'.repeat(changes.objectFormat === 'sha256' ? 64 : 40);

  const files = options.accepted.filter(
    (entry) => entry.status !== 'deleted' && entry.kind === 'file',
  );
  const written = await hashWorktreeFiles(
    git,
    root,
    files.map((entry) => entry.path),
    { write: true, config: changes.hashConfig },
  );
  files.forEach((entry, index) => {
    if (written[index] !== entry.blob) {
      throw new Error(`${entry.path} changed after it was checked; it was not published.`);
    }
  });
  for (const entry of options.accepted) {
    if (entry.status === 'deleted' || entry.kind !== 'symlink') continue;
    // A link's blob is its target, stored as it is (no filters).
    const content = await readWorktreeContent(root, entry);
    const id = (
      await git.run(['hash-object', '-w', '--stdin'], { cwd: root, input: content })
    ).trim();
    if (id !== entry.blob || blobId(content, changes.objectFormat) !== id) {
      throw new Error(`${entry.path} changed after it was checked; it was not published.`);
    }
  }

  const removals: string[] = [];
  const additions: string[] = [];
  for (const entry of options.accepted) {
    if (entry.status === 'deleted') removals.push(entry.path);
    if (entry.previousPath !== undefined) removals.push(entry.previousPath);
    if (entry.status !== 'deleted')
      additions.push(`${entry.mode} ${entry.blob ?? nullId}\t${entry.path}`);
  }

  return withScratchIndex(async (scratch) => {
    const indexed = { cwd: root, env: scratch.env };
    await git.run(
      changes.base === undefined ? ['read-tree', '--empty'] : ['read-tree', changes.base],
      indexed,
    );
    // Removals go first and on their own: in one batch, `dir` → `dir/file` is silently dropped.
    if (removals.length > 0) {
      await git.run(['update-index', '-z', '--index-info'], {
        ...indexed,
        input: removals.map((name) => `0 ${nullId}\t${name}\0`).join(''),
      });
    }
    if (additions.length > 0) {
      await git.run(['update-index', '-z', '--index-info'], {
        ...indexed,
        input: additions.map((line) => `${line}\0`).join(''),
      });
    }
    const tree = (await git.run(['write-tree'], indexed)).trim();
    await verifyTree(git, root, changes.base, tree, options.accepted);
    return tree;
  });
}

/** The tree must differ from the base in exactly the accepted paths; anything else is a bug. */
async function verifyTree(
  git: Git,
  root: string,
  base: string | undefined,
  tree: string,
  accepted: readonly WorkspaceChange[],
): Promise<void> {
  const expected = new Set(
    accepted.flatMap((entry) =>
      entry.previousPath === undefined ? [entry.path] : [entry.path, entry.previousPath],
    ),
  );
  const from = base ?? (await emptyTree(git, root));
  const changed = splitNul(
    await git.runBytes(['diff-tree', '-r', '-z', '--name-only', '--no-renames', from, tree], {
      cwd: root,
    }),
  );
  const actual = new Set(changed);
  const missing = [...expected].filter((name) => !actual.has(name));
  const extra = changed.filter((name) => !expected.has(name));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `The commit's tree does not hold the checked change (missing: ${missing.join(', ') || 'none'}; unexpected: ${extra.join(', ') || 'none'}).`,
    );
  }
}

/** The id of the empty tree (written, so that diffs against it work in any object format). */
export async function emptyTree(git: Git, root: string): Promise<string> {
  return (await git.run(['mktree'], { cwd: root, input: '' })).trim();
}

export interface CreateCommitOptions extends BuildTreeOptions {
  /** The tree, when {@link buildTree} made it already. */
  tree?: string;
  /** The full message (see {@link commitMessage}). */
  message: string;
  /** Author and committer. Default {@link BOT_IDENTITY}. */
  identity?: CommitIdentity;
  /** The commit's time; default now. */
  date?: Date;
}

export interface CreatedCommit {
  sha: string;
  tree: string;
  /** The base commit; undefined for the first commit of a repository. */
  parent: string | undefined;
}

/** Creates the commit (an object only: no branch, HEAD or index changes). */
export async function createCommit(options: CreateCommitOptions): Promise<CreatedCommit> {
  const git = options.git ?? createGit();
  const tree = options.tree ?? (await buildTree({ ...options, git }));
  const identity = options.identity ?? BOT_IDENTITY;
  const date: Record<string, string> =
    options.date === undefined
      ? {}
      : { GIT_AUTHOR_DATE: gitDate(options.date), GIT_COMMITTER_DATE: gitDate(options.date) };
  const parent = options.changes.base;
  const sha = (
    await git.run(
      [
        'commit-tree',
        '--no-gpg-sign',
        ...(parent === undefined ? [] : ['-p', parent]),
        '-F',
        '-',
        tree,
      ],
      {
        cwd: options.changes.root,
        input: options.message,
        env: {
          GIT_AUTHOR_NAME: identity.name,
          GIT_AUTHOR_EMAIL: identity.email,
          GIT_COMMITTER_NAME: identity.name,
          GIT_COMMITTER_EMAIL: identity.email,
          ...date,
        },
      },
    )
  ).trim();
  return { sha, tree, parent };
}

function gitDate(date: Date): string {
  return `@${Math.floor(date.getTime() / 1000)} +0000`;
}

/** The accepted change as a unified diff between two trees (binary files included), for a patch. */
export async function treePatch(
  git: Git,
  root: string,
  base: string | undefined,
  tree: string,
): Promise<string> {
  const from = base ?? (await emptyTree(git, root));
  return git.run(
    [
      'diff-tree',
      '-p',
      '--binary',
      '-M',
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      from,
      tree,
    ],
    { cwd: root },
  );
}
