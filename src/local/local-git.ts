/**
 * What the dry-run GitHub reads from the local repository that stands in for the one on GitHub:
 * commits and branches, a pull request's changed files with GitHub's per-file patches, a
 * comparison of two commits, and files or folders at a commit (the contents API). Every command
 * goes through the hardened git runner publishing uses: no hooks, no pagers, no configured
 * programs run in the user's repository.
 */
import type { Git } from '../publish/git.js';
import { GitCommandError } from '../publish/git.js';

/** A changed file as GitHub lists it for a pull request or a comparison. */
export interface ChangedFileInfo {
  filename: string;
  previous_filename?: string;
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed';
  additions: number;
  deletions: number;
  changes: number;
  /** The hunks of the file's diff (from the first `@@`), as GitHub gives them; none for binaries. */
  patch?: string;
  /** The file's blob at the head (the old one for a removal). */
  sha: string;
}

export interface TreeEntry {
  type: 'file' | 'dir' | 'symlink' | 'submodule';
  name: string;
  path: string;
  sha: string;
  size: number;
  /** Git's executable mode (100755). */
  executable?: boolean;
}

export type ContentAtRef =
  | { kind: 'file'; entry: TreeEntry; content: Buffer }
  | { kind: 'dir'; entries: TreeEntry[] }
  | { kind: 'other'; entry: TreeEntry };

const STATUS: Record<string, ChangedFileInfo['status']> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};

/** Reads the repository at `root` with `git`. */
export class LocalRepository {
  constructor(
    readonly root: string,
    private readonly git: Git,
  ) {}

  /** Runs git in the repository; `env` and `input` as for the hardened runner. */
  run(
    args: readonly string[],
    options: { env?: Record<string, string>; input?: string | Buffer } = {},
  ): Promise<string> {
    return this.git.run(args, { cwd: this.root, ...options });
  }

  /** The commit `ref` names (a SHA, a branch, `HEAD`), or undefined when there is none. */
  async commit(ref: string): Promise<string | undefined> {
    if (ref.startsWith('-')) return undefined;
    try {
      return (await this.run(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim();
    } catch {
      return undefined;
    }
  }

  /** The tip of `refs/heads/<branch>`, or undefined. */
  branchTip(branch: string): Promise<string | undefined> {
    return this.commit(`refs/heads/${branch}`);
  }

  /** The branch HEAD is on, or undefined when it is detached. */
  async currentBranch(): Promise<string | undefined> {
    try {
      const name = (await this.run(['symbolic-ref', '--quiet', '--short', 'HEAD'])).trim();
      return name === '' ? undefined : name;
    } catch {
      return undefined;
    }
  }

  /** Whether `ancestor` is `descendant` or one of its ancestors. */
  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    try {
      await this.run(['merge-base', '--is-ancestor', ancestor, descendant]);
      return true;
    } catch (error) {
      if (error instanceof GitCommandError && error.exitCode === 1) return false;
      throw error;
    }
  }

  /** Commits reachable from `to` but not from `from`. */
  async countCommits(from: string, to: string): Promise<number> {
    return Number((await this.run(['rev-list', '--count', `${from}..${to}`])).trim());
  }

  async mergeBase(a: string, b: string): Promise<string | undefined> {
    try {
      return (await this.run(['merge-base', a, b])).trim() || undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The files `head` changes since its merge base with `base` (`git diff base...head`, as a pull
   * request shows them), with renames found and each file's hunks as its patch.
   */
  async changedFiles(base: string, head: string): Promise<ChangedFileInfo[]> {
    const range = `${base}...${head}`;
    const common = ['--no-color', '--no-ext-diff', '--no-textconv', '--find-renames'];
    const [names, counts, patch, raw] = await Promise.all([
      this.run(['diff', ...common, '-z', '--name-status', range]),
      this.run(['diff', ...common, '-z', '--numstat', range]),
      this.run(['diff', ...common, '--full-index', range]),
      this.run(['diff', ...common, '-z', '--raw', '--abbrev=40', range]),
    ]);
    const statuses = parseNameStatus(names);
    const numbers = parseNumstat(counts);
    const blobs = parseRawBlobs(raw);
    const patches = splitPatch(patch);
    // The four listings walk the same diff in the same order; a mismatch would pair the wrong
    // patch with a file, so patches are left out then rather than shown on the wrong file.
    const paired = patches.length === statuses.length;
    return statuses.map((entry, index) => {
      const count = numbers[index] ?? { additions: 0, deletions: 0 };
      const filePatch = paired ? patches[index] : undefined;
      return {
        filename: entry.path,
        ...(entry.previousPath !== undefined ? { previous_filename: entry.previousPath } : {}),
        status: entry.status,
        additions: count.additions,
        deletions: count.deletions,
        changes: count.additions + count.deletions,
        ...(filePatch !== undefined ? { patch: filePatch } : {}),
        sha: blobs[index] ?? '0'.repeat(40),
      };
    });
  }

  /** The file or folder at `repoPath` ('' for the top) in commit `sha`, or undefined. */
  async contentAt(sha: string, repoPath: string): Promise<ContentAtRef | undefined> {
    const clean = repoPath.replace(/^\/+|\/+$/g, '');
    if (clean === '') return { kind: 'dir', entries: await this.listTree(sha, '') };
    const listed = await this.lsTree(sha, [clean]);
    const entry = listed.find((item) => item.path === clean);
    if (entry === undefined) return undefined;
    if (entry.type === 'dir') return { kind: 'dir', entries: await this.listTree(sha, clean) };
    if (entry.type !== 'file') return { kind: 'other', entry };
    const content = await this.git.runBytes(['cat-file', 'blob', entry.sha], { cwd: this.root });
    return { kind: 'file', entry, content };
  }

  private listTree(sha: string, folder: string): Promise<TreeEntry[]> {
    return this.lsTree(sha, folder === '' ? [] : [`${folder}/`]);
  }

  private async lsTree(sha: string, paths: string[]): Promise<TreeEntry[]> {
    const output = await this.run(['ls-tree', '-z', '--long', '--full-tree', sha, '--', ...paths]);
    return output
      .split('\0')
      .filter((line) => line !== '')
      .map((line) => {
        const tab = line.indexOf('\t');
        const [mode = '', type = '', objectSha = '', size = ''] = line.slice(0, tab).split(/\s+/);
        const entryPath = line.slice(tab + 1);
        return {
          type: entryType(mode, type),
          name: entryPath.slice(entryPath.lastIndexOf('/') + 1),
          path: entryPath,
          sha: objectSha,
          size: size === '-' ? 0 : Number(size),
          ...(mode === '100755' ? { executable: true } : {}),
        };
      });
  }
}

function entryType(mode: string, type: string): TreeEntry['type'] {
  if (type === 'tree') return 'dir';
  if (type === 'commit') return 'submodule';
  return mode === '120000' ? 'symlink' : 'file';
}

interface NameStatus {
  status: ChangedFileInfo['status'];
  path: string;
  previousPath?: string;
}

/** `--name-status -z`: `M\0path\0`, or `R100\0old\0new\0` for renames and copies. */
function parseNameStatus(output: string): NameStatus[] {
  const fields = output.split('\0');
  const entries: NameStatus[] = [];
  for (let index = 0; index < fields.length;) {
    const code = fields[index] ?? '';
    if (code === '') {
      index += 1;
      continue;
    }
    const status = STATUS[code.charAt(0)] ?? 'changed';
    if (status === 'renamed' || status === 'copied') {
      entries.push({
        status,
        previousPath: fields[index + 1] ?? '',
        path: fields[index + 2] ?? '',
      });
      index += 3;
    } else {
      entries.push({ status, path: fields[index + 1] ?? '' });
      index += 2;
    }
  }
  return entries;
}

/** `--numstat -z`: `add\tdel\tpath\0`, or `add\tdel\t\0old\0new\0`; `-` counts for binaries. */
function parseNumstat(output: string): { additions: number; deletions: number }[] {
  const fields = output.split('\0');
  const counts: { additions: number; deletions: number }[] = [];
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index] ?? '';
    const match = /^(-|\d+)\t(-|\d+)\t(.*)$/s.exec(field);
    if (!match) continue;
    counts.push({
      additions: match[1] === '-' ? 0 : Number(match[1]),
      deletions: match[2] === '-' ? 0 : Number(match[2]),
    });
    // A rename names its two paths in the next fields.
    if (match[3] === '') index += 2;
  }
  return counts;
}

/** `--raw -z`: the new blob of each file (the old one for a deletion). */
function parseRawBlobs(output: string): string[] {
  const fields = output.split('\0');
  const blobs: string[] = [];
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index] ?? '';
    if (!field.startsWith(':')) continue;
    const [, , oldSha = '', newSha = '', status = ''] = field.slice(1).split(' ');
    blobs.push(status.startsWith('D') ? oldSha : newSha);
    index += status.startsWith('R') || status.startsWith('C') ? 2 : 1;
  }
  return blobs;
}

/** A whole diff split per file, each file's text from its first hunk on (GitHub's `patch`). */
function splitPatch(output: string): (string | undefined)[] {
  const sections = output.split(/^diff --git /m).slice(1);
  return sections.map((section) => {
    const start = section.search(/^@@ /m);
    if (start < 0) return undefined;
    return section.slice(start).replace(/\n$/, '');
  });
}
