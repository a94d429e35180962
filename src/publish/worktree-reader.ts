/**
 * Reading the working tree for the change list: what a path is now (file, symlink, something
 * else, or gone), never following a symlink anywhere along it, and the blob id its content gets
 * — computed by git for regular files, so clean filters and line-ending rules apply as they would
 * for `git add`.
 */
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { isMissingPathError } from '../platform/errors.js';
import type { Git } from './git.js';
import type { Name, RepositorySettings, TrackedEntry, WorkspaceChange } from './publish-types.js';

const SYMLINK_MODE = '120000';
/** GitHub refuses files over 100 MiB; new files bigger than that are not even read. */
export const UNHASHED_NEW_FILE_BYTES = 100 * 1024 * 1024;
const GITLINK_MODE = '160000';

type WorktreeState =
  | { kind: 'missing' }
  | { kind: 'file'; size: number; executable: boolean }
  | { kind: 'symlink'; target: Buffer }
  | { kind: 'special' };

/** The id git gives `content` as a blob, without writing it. */
export function blobId(content: Buffer, objectFormat: 'sha1' | 'sha256'): string {
  return createHash(objectFormat).update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** The new content of an added or modified entry as it is in the working tree. */
export async function readWorktreeContent(root: string, entry: WorkspaceChange): Promise<Buffer> {
  if (entry.kind === 'symlink') return Buffer.from(entry.linkTarget ?? '', 'utf8');
  return readFile(path.join(root, ...entry.path.split('/')));
}

/** Reads paths of the working tree without following symlinks anywhere along them. */
export class WorktreeReader {
  private readonly directories = new Map<string, boolean>();
  /** Regular files whose blob id git computes (clean filters and line endings apply). */
  private readonly pending: { entry: WorkspaceChange; previousBlob?: string }[] = [];

  constructor(
    private readonly root: string,
    private readonly settings: RepositorySettings,
  ) {}

  async addTracked(entry: TrackedEntry, entries: WorkspaceChange[]): Promise<void> {
    const state = await this.inspect(entry.path);
    const previousKind = entry.mode === SYMLINK_MODE ? 'symlink' : 'file';
    const before = { previousMode: entry.mode, previousBlob: entry.blob };
    if (state.kind === 'missing') {
      entries.push({
        path: entry.path,
        status: 'deleted',
        size: 0,
        mode: entry.mode,
        kind: previousKind,
        ...before,
      });
      return;
    }
    if (state.kind === 'special') {
      entries.push({
        path: entry.path,
        status: 'modified',
        size: 0,
        mode: entry.mode,
        kind: 'special',
        ...before,
      });
      return;
    }
    // Without symlink support, a checked-out link is a plain file holding the target.
    const asLink = state.kind === 'file' && entry.mode === SYMLINK_MODE && !this.settings.symlinks;
    if (state.kind === 'symlink' || asLink) {
      const target =
        state.kind === 'symlink'
          ? state.target
          : await readFile(path.join(this.root, ...entry.path.split('/')));
      const blob = blobId(target, this.settings.objectFormat);
      if (blob === entry.blob && entry.mode === SYMLINK_MODE) return;
      entries.push({
        path: entry.path,
        status: 'modified',
        size: target.length,
        mode: SYMLINK_MODE,
        kind: 'symlink',
        blob,
        linkTarget: target.toString('utf8'),
        ...before,
      });
      return;
    }
    const mode = this.fileMode(state.executable, entry.mode);
    const change: WorkspaceChange = {
      path: entry.path,
      status: 'modified',
      size: state.size,
      mode,
      kind: 'file',
      ...before,
    };
    this.pending.push({ entry: change, previousBlob: entry.blob });
    entries.push(change);
  }

  async addUntracked(name: Name, entries: WorkspaceChange[]): Promise<void> {
    if (!name.valid) {
      entries.push({
        path: name.text,
        status: 'added',
        size: 0,
        mode: '100644',
        kind: 'unreadable_name',
      });
      return;
    }
    if (name.text.endsWith('/')) {
      entries.push({
        path: name.text.slice(0, -1),
        status: 'added',
        size: 0,
        mode: GITLINK_MODE,
        kind: 'nested_repository',
      });
      return;
    }
    const state = await this.inspect(name.text);
    if (state.kind === 'missing') return;
    if (state.kind === 'special') {
      entries.push({ path: name.text, status: 'added', size: 0, mode: '100644', kind: 'special' });
    } else if (state.kind === 'symlink') {
      entries.push({
        path: name.text,
        status: 'added',
        size: state.target.length,
        mode: SYMLINK_MODE,
        kind: 'symlink',
        blob: blobId(state.target, this.settings.objectFormat),
        linkTarget: state.target.toString('utf8'),
      });
    } else {
      const change: WorkspaceChange = {
        path: name.text,
        status: 'added',
        size: state.size,
        mode: this.fileMode(state.executable, undefined),
        kind: 'file',
      };
      // Too big for GitHub anyway, and not worth reading: the checks refuse it by its size.
      if (state.size <= UNHASHED_NEW_FILE_BYTES) this.pending.push({ entry: change });
      entries.push(change);
    }
  }

  /** Fills in the blob ids of regular files and drops the tracked ones that did not change. */
  async hashFiles(
    git: Git,
    entries: WorkspaceChange[],
    config: readonly string[] = [],
  ): Promise<void> {
    const ids = await hashWorktreeFiles(
      git,
      this.root,
      this.pending.map(({ entry }) => entry.path),
      { config },
    );
    const unchanged = new Set<WorkspaceChange>();
    this.pending.forEach(({ entry, previousBlob }, index) => {
      entry.blob = ids[index];
      if (
        entry.status === 'modified' &&
        entry.blob === previousBlob &&
        entry.mode === entry.previousMode
      ) {
        unchanged.add(entry);
      }
    });
    const kept = entries.filter((entry) => !unchanged.has(entry));
    entries.splice(0, entries.length, ...kept);
  }

  private fileMode(executable: boolean, previous: string | undefined): string {
    if (!this.settings.fileMode && (previous === '100644' || previous === '100755'))
      return previous;
    return executable ? '100755' : '100644';
  }

  private async inspect(name: string): Promise<WorktreeState> {
    const parts = name.split('/');
    // Git does not look through a symlinked directory: `dir/file` behind a link to elsewhere is gone.
    for (let depth = 1; depth < parts.length; depth++) {
      if (!(await this.isDirectory(parts.slice(0, depth).join('/')))) return { kind: 'missing' };
    }
    const absolute = path.join(this.root, ...parts);
    let stats: Stats;
    try {
      stats = await lstat(absolute);
    } catch (error) {
      if (isMissingPathError(error)) return { kind: 'missing' };
      throw error;
    }
    if (stats.isSymbolicLink()) {
      return { kind: 'symlink', target: await readlink(absolute, { encoding: 'buffer' }) };
    }
    if (stats.isFile()) {
      return { kind: 'file', size: stats.size, executable: (stats.mode & 0o100) !== 0 };
    }
    // A directory where a file was: the file is gone, and the directory's files are listed apart.
    return stats.isDirectory() ? { kind: 'missing' } : { kind: 'special' };
  }

  private async isDirectory(name: string): Promise<boolean> {
    const known = this.directories.get(name);
    if (known !== undefined) return known;
    let result = false;
    try {
      result = (await lstat(path.join(this.root, ...name.split('/')))).isDirectory();
    } catch (error) {
      if (!isMissingPathError(error)) throw error;
    }
    this.directories.set(name, result);
    return result;
  }
}

/**
 * Blob ids of working-tree files, as `git add` would compute them (clean filters and line-ending
 * rules apply); with `write`, the blobs are also stored. `config` is `-c` arguments given first
 * (see session-baseline.ts: filters defined during the session are switched off). Most names go
 * to one `--stdin-paths`
 * process; names that its line format cannot carry (line breaks, a leading quote, which it would
 * unquote) are hashed one by one through stdin.
 */
export async function hashWorktreeFiles(
  git: Git,
  root: string,
  names: readonly string[],
  options: { write?: boolean; config?: readonly string[] } = {},
): Promise<string[]> {
  const write = options.write ? ['-w'] : [];
  const config = options.config ?? [];
  const ids: string[] = new Array<string>(names.length).fill('');
  const batch: number[] = [];
  for (const [index, name] of names.entries()) {
    if (/[\r\n]/.test(name) || name.startsWith('"')) {
      const content = await readFile(path.join(root, ...name.split('/')));
      ids[index] = (
        await git.run([...config, 'hash-object', ...write, `--path=${name}`, '--stdin'], {
          cwd: root,
          input: content,
        })
      ).trim();
    } else {
      batch.push(index);
    }
  }
  if (batch.length > 0) {
    const output = await git.run([...config, 'hash-object', ...write, '--stdin-paths'], {
      cwd: root,
      input: `${batch.map((index) => names[index]).join('\n')}\n`,
    });
    output
      .trim()
      .split('\n')
      .forEach((id, position) => {
        const index = batch[position];
        if (index !== undefined) ids[index] = id;
      });
  }
  return ids;
}
