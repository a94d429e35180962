/**
 * The fake's git object store: blobs, trees and commits hashed exactly as git hashes them, so a
 * blob or tree a test (or the code under test) builds locally has the SHA the fake answers with.
 * Commits keep their parents, which is what tells a fast-forward from a rewrite and what the
 * compare endpoint counts.
 */
import { createHash } from 'node:crypto';

export type TreeMode = '100644' | '100755' | '040000' | '160000' | '120000';

export interface TreeEntry {
  name: string;
  mode: TreeMode;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
}

/** One path of a tree flattened: a file, a symlink or a submodule, never a directory. */
export interface FlatEntry {
  mode: TreeMode;
  type: 'blob' | 'commit';
  sha: string;
}

export interface GitSignature {
  name: string;
  email: string;
  /** ISO 8601, to the second. */
  date: string;
}

export interface CommitRecord {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
  author: GitSignature;
  committer: GitSignature;
  /** The GitHub users the author and committer are, when known. */
  authorLogin: string | null;
  committerLogin: string | null;
  /** Signed by GitHub, as commits created through the API are. */
  verified: boolean;
  /** Made up from the seed rather than created through the API. */
  seeded: boolean;
  /** False for a seeded commit whose files the test did not give: its tree is a stand-in. */
  treeKnown: boolean;
}

/** A tree item of a create-tree request, as read from the body. */
export interface TreeItemInput {
  path: string;
  mode: string | undefined;
  type: string | undefined;
  /** `null` deletes the path; undefined with `content` writes a new blob. */
  sha: string | null | undefined;
  content: string | undefined;
}

export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const MODES = new Set<string>(['100644', '100755', '040000', '160000', '120000']);

function objectSha(type: string, content: Buffer): string {
  return createHash('sha1').update(`${type} ${content.length}\0`).update(content).digest('hex');
}

/** Git's id for a blob with this content (`git hash-object`). */
export function blobSha(content: Buffer): string {
  return objectSha('blob', content);
}

/** Git's order of tree entries: by name, a directory as if its name ended in `/`. */
function treeOrder(a: TreeEntry, b: TreeEntry): number {
  const key = (entry: TreeEntry) =>
    Buffer.from(entry.type === 'tree' ? `${entry.name}/` : entry.name);
  return Buffer.compare(key(a), key(b));
}

function treeContent(entries: readonly TreeEntry[]): Buffer {
  return Buffer.concat(
    [...entries]
      .sort(treeOrder)
      .flatMap((entry) => [
        Buffer.from(`${entry.mode.replace(/^0/, '')} ${entry.name}\0`),
        Buffer.from(entry.sha, 'hex'),
      ]),
  );
}

function signatureLine(signature: GitSignature): string {
  return `${signature.name} <${signature.email}> ${Math.floor(Date.parse(signature.date) / 1000)} +0000`;
}

/** The commit object's text, as `git cat-file -p` shows it. */
export function commitText(
  commit: Pick<CommitRecord, 'tree' | 'parents' | 'author' | 'committer' | 'message'>,
): string {
  return [
    `tree ${commit.tree}`,
    ...commit.parents.map((parent) => `parent ${parent}`),
    `author ${signatureLine(commit.author)}`,
    `committer ${signatureLine(commit.committer)}`,
    '',
    commit.message,
  ].join('\n');
}

export class GitObjects {
  readonly blobs = new Map<string, Buffer>();
  readonly trees = new Map<string, TreeEntry[]>([[EMPTY_TREE, []]]);
  readonly commits = new Map<string, CommitRecord>();
  /** SHAs of the commits created through the API, in order. */
  readonly created: string[] = [];

  putBlob(content: Buffer): string {
    const sha = blobSha(content);
    this.blobs.set(sha, content);
    return sha;
  }

  putTree(entries: TreeEntry[]): string {
    const sha = objectSha('tree', treeContent(entries));
    this.trees.set(sha, [...entries].sort(treeOrder));
    return sha;
  }

  /** Writes the trees for a set of paths and answers the root's SHA. */
  putFlat(flat: ReadonlyMap<string, FlatEntry>): string {
    const here = new Map<string, FlatEntry>();
    const below = new Map<string, Map<string, FlatEntry>>();
    for (const [path, entry] of flat) {
      const slash = path.indexOf('/');
      if (slash < 0) {
        here.set(path, entry);
        continue;
      }
      const dir = path.slice(0, slash);
      const sub = below.get(dir) ?? new Map<string, FlatEntry>();
      sub.set(path.slice(slash + 1), entry);
      below.set(dir, sub);
    }
    const entries: TreeEntry[] = [...here].map(([name, entry]) => ({ name, ...entry }));
    for (const [name, sub] of below) {
      entries.push({ name, mode: '040000', type: 'tree', sha: this.putFlat(sub) });
    }
    return this.putTree(entries);
  }

  /** Text files written as blobs with mode 100644: a commit's tree from seeded contents. */
  putFiles(files: Readonly<Record<string, string>>): string {
    const flat = new Map<string, FlatEntry>();
    for (const [path, text] of Object.entries(files)) {
      flat.set(path, { mode: '100644', type: 'blob', sha: this.putBlob(Buffer.from(text)) });
    }
    return this.putFlat(flat);
  }

  /** Every path of a tree; empty for a tree the store does not have. */
  flatten(treeSha: string, prefix = ''): Map<string, FlatEntry> {
    const flat = new Map<string, FlatEntry>();
    for (const entry of this.trees.get(treeSha) ?? []) {
      const path = `${prefix}${entry.name}`;
      if (entry.type === 'tree') {
        for (const [sub, value] of this.flatten(entry.sha, `${path}/`)) flat.set(sub, value);
      } else {
        flat.set(path, { mode: entry.mode, type: entry.type, sha: entry.sha });
      }
    }
    return flat;
  }

  /**
   * A tree built as GitHub's create-tree builds it: `base` with the items applied, where `sha:
   * null` deletes a path and `content` writes a blob. Throws a TreeError with GitHub's message
   * for what GitHub refuses.
   */
  buildTree(base: string | undefined, items: readonly TreeItemInput[]): string {
    if (base !== undefined && !this.trees.has(base)) {
      throw new TreeError('base_tree is not a valid tree oid');
    }
    const flat = base !== undefined ? this.flatten(base) : new Map<string, FlatEntry>();
    const removeUnder = (path: string): boolean => {
      let removed = flat.delete(path);
      for (const key of [...flat.keys()]) {
        if (key.startsWith(`${path}/`)) removed = flat.delete(key) || removed;
      }
      return removed;
    };
    for (const item of items) {
      const path = item.path.replace(/^\/+|\/+$/g, '');
      if (
        path === '' ||
        path.split('/').some((part) => part === '' || part === '.' || part === '..')
      ) {
        throw new TreeError(`tree.path ${item.path} is not a valid path`);
      }
      if (item.sha === null) {
        if (!removeUnder(path)) throw new TreeError('GitRPC::BadObjectState');
        continue;
      }
      if ((item.sha === undefined) === (item.content === undefined)) {
        throw new TreeError(
          'Must supply either tree.sha or tree.content. Request will be rejected if both are present.',
        );
      }
      if (item.mode === undefined || !MODES.has(item.mode)) {
        throw new TreeError(`tree.mode ${item.mode ?? ''} is not a valid mode`);
      }
      const mode = item.mode as TreeMode;
      const type =
        item.type ?? (mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob');
      const expected = mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
      if (type !== expected) throw new TreeError(`tree.type ${type} does not fit mode ${mode}`);
      // A file where a directory was (or the other way round) replaces it, as in git.
      removeUnder(path);
      const parts = path.split('/');
      for (let depth = 1; depth < parts.length; depth++)
        flat.delete(parts.slice(0, depth).join('/'));
      if (item.content !== undefined) {
        if (type !== 'blob') throw new TreeError('tree.content is only for blobs');
        flat.set(path, { mode, type: 'blob', sha: this.putBlob(Buffer.from(item.content)) });
      } else if (type === 'tree') {
        const sha = item.sha ?? '';
        if (!this.trees.has(sha)) throw new TreeError(`tree.sha ${sha} is not a valid tree`);
        for (const [sub, entry] of this.flatten(sha)) flat.set(`${path}/${sub}`, entry);
      } else {
        const sha = item.sha ?? '';
        if (type === 'blob' ? !this.blobs.has(sha) : !/^[0-9a-f]{40}$/.test(sha)) {
          throw new TreeError(`tree.sha ${sha} is not a valid ${type}`);
        }
        flat.set(path, { mode, type, sha });
      }
    }
    return this.putFlat(flat);
  }

  putCommit(commit: Omit<CommitRecord, 'sha'>): CommitRecord {
    const sha = objectSha('commit', Buffer.from(commitText(commit)));
    const record = { sha, ...commit };
    this.commits.set(sha, record);
    if (!commit.seeded) this.created.push(sha);
    return record;
  }

  /** The commit and every ancestor the store knows, nearest first. */
  history(sha: string): string[] {
    const seen = new Set<string>();
    const queue = [sha];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...(this.commits.get(next)?.parents ?? []));
    }
    return [...seen];
  }

  /** Whether `ancestor` is `sha` or one of its ancestors. */
  reaches(sha: string, ancestor: string): boolean {
    return this.history(sha).includes(ancestor);
  }

  /**
   * What GitHub's compare says of `base...head`: the commits only head has (oldest first), how
   * many only base has, and their merge base; undefined when they share no history.
   */
  compare(base: string, head: string): Comparison | undefined {
    const baseHistory = new Set(this.history(base));
    const headHistory = this.history(head);
    const mergeBase = headHistory.find((sha) => baseHistory.has(sha));
    if (mergeBase === undefined) return undefined;
    const onlyHead = new Set(headHistory.filter((sha) => !baseHistory.has(sha)));
    const behindBy = [...baseHistory].filter((sha) => !headHistory.includes(sha)).length;
    // Parents before children: a depth-first walk that lists a commit after its parents.
    const ahead: string[] = [];
    const visit = (sha: string) => {
      if (!onlyHead.delete(sha)) return;
      for (const parent of this.commits.get(sha)?.parents ?? []) visit(parent);
      ahead.push(sha);
    };
    visit(head);
    const status =
      ahead.length === 0
        ? behindBy === 0
          ? 'identical'
          : 'behind'
        : behindBy === 0
          ? 'ahead'
          : 'diverged';
    return { status, ahead, behindBy, mergeBase };
  }
}

export interface Comparison {
  status: 'identical' | 'ahead' | 'behind' | 'diverged';
  ahead: string[];
  behindBy: number;
  mergeBase: string;
}

/** A create-tree request GitHub would refuse, with its message. */
export class TreeError extends Error {}
