/**
 * What the agent changed: every path whose content, mode or existence differs between the
 * session's base commit and the working tree — tracked edits, deletions, exact renames and new
 * untracked files (ignored ones excluded, as `.gitignore` says).
 *
 * The working tree is read directly rather than through `git add`: the tree may hold anything a
 * hostile model could make (files named `.GIT/config`, a symlink in place of a directory, a FIFO
 * that blocks whoever reads it, a directory named `.git` deep inside), and `git add` either stops
 * at the first such path or silently skips it. Here each one becomes an entry the checks can
 * refuse by name. Git is used for what it knows best: which paths are tracked, which are ignored,
 * and the blob id of a file's content after the repository's clean filters and line-ending rules.
 * Nothing is written to the object database; the workspace's own index is never touched (a
 * throwaway index stands in for it).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Git } from './git.js';
import { createGit } from './git.js';
import { withScratchIndex } from './scratch-index.js';
import type { SessionBaseline } from './session-baseline.js';
import { untrustedFilterOverrides } from './session-baseline.js';
import { WorktreeReader } from './worktree-reader.js';
import type {
  Name,
  RepositorySettings,
  TrackedEntry,
  WorkspaceChange,
  WorkspaceChanges,
} from './publish-types.js';

export interface ReadWorkspaceChangesOptions {
  /** The commit the session started from. Default HEAD (nothing in a repository without commits). */
  base?: string;
  /** The workspace before the session: its clean filters are the only ones that run. */
  baseline?: SessionBaseline | undefined;
  git?: Git;
  /**
   * The most directory entries looked at while searching for nested `.git` directories (which git
   * itself skips without a word). Default 200,000.
   */
  maxWalkEntries?: number;
}

const GITLINK_MODE = '160000';
const DEFAULT_MAX_WALK_ENTRIES = 200_000;

/** The working tree's change against the base commit. Throws when `workspaceRoot` is not in a repository. */
export async function readWorkspaceChanges(
  workspaceRoot: string,
  options: ReadWorkspaceChangesOptions = {},
): Promise<WorkspaceChanges> {
  const git = options.git ?? createGit();
  const root = (await git.run(['rev-parse', '--show-toplevel'], { cwd: workspaceRoot })).trim();
  const base = await resolveBase(git, root, options.base);
  const settings = await readSettings(git, root);
  const hashConfig =
    options.baseline === undefined
      ? []
      : await untrustedFilterOverrides(git, root, options.baseline);

  return withScratchIndex(async (scratch) => {
    const indexed = { cwd: root, env: scratch.env };
    await git.run(base === undefined ? ['read-tree', '--empty'] : ['read-tree', base], indexed);
    const tracked =
      base === undefined
        ? []
        : parseTree(
            await git.runBytes(['ls-tree', '-r', '-z', '--full-tree', base], { cwd: root }),
          );
    const untracked = splitNames(
      await git.runBytes(['ls-files', '-z', '--others', '--exclude-standard'], indexed),
    );
    const ignored = splitNames(
      await git.runBytes(
        ['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory'],
        indexed,
      ),
    );

    const reader = new WorktreeReader(root, settings);
    const entries: WorkspaceChange[] = [];
    const gitlinks: string[] = [];
    for (const entry of tracked) {
      if (entry.mode === GITLINK_MODE) gitlinks.push(entry.path);
      else await reader.addTracked(entry, entries);
    }
    const nested: string[] = [];
    for (const name of untracked) {
      if (name.valid && name.text.endsWith('/')) nested.push(name.text.slice(0, -1));
      await reader.addUntracked(name, entries);
    }
    await reader.hashFiles(git, entries, hashConfig);

    const skip = new Set([
      '.git',
      ...gitlinks,
      ...nested,
      ...ignored.filter((name) => name.text.endsWith('/')).map((name) => name.text.slice(0, -1)),
    ]);
    const listed = entries.map((entry) => entry.path);
    for (const found of await findGitDirectories(
      root,
      skip,
      options.maxWalkEntries ?? DEFAULT_MAX_WALK_ENTRIES,
    )) {
      if (listed.some((name) => name.startsWith(`${found}/`))) continue;
      entries.push({
        path: found,
        status: 'added',
        size: 0,
        mode: '040000',
        kind: 'git_directory',
      });
    }

    return {
      root,
      base,
      objectFormat: settings.objectFormat,
      hashConfig,
      entries: pairRenames(entries).sort((a, b) => compareNames(a.path, b.path)),
    };
  });
}

/** The contents of blobs by id (for the versions before the change); missing ones are left out. */
export async function readBlobs(
  git: Git,
  root: string,
  ids: readonly string[],
): Promise<Map<string, Buffer>> {
  const unique = [...new Set(ids)];
  const blobs = new Map<string, Buffer>();
  if (unique.length === 0) return blobs;
  const output = await git.runBytes(['cat-file', '--batch'], {
    cwd: root,
    input: `${unique.join('\n')}\n`,
  });
  let offset = 0;
  while (offset < output.length) {
    const headerEnd = output.indexOf(0x0a, offset);
    if (headerEnd < 0) break;
    const [id = '', type = '', sizeText = ''] = output
      .subarray(offset, headerEnd)
      .toString('utf8')
      .split(' ');
    offset = headerEnd + 1;
    if (type === 'missing' || sizeText === '') continue;
    const size = Number(sizeText);
    if (type === 'blob') blobs.set(id, output.subarray(offset, offset + size));
    // The content is followed by a newline.
    offset += size + 1;
  }
  return blobs;
}

async function resolveBase(
  git: Git,
  root: string,
  base: string | undefined,
): Promise<string | undefined> {
  try {
    return (
      await git.run(['rev-parse', '--verify', '--quiet', `${base ?? 'HEAD'}^{commit}`], {
        cwd: root,
      })
    ).trim();
  } catch (error) {
    // HEAD of a repository without commits names nothing yet: everything is new.
    if (base === undefined) return undefined;
    throw error;
  }
}

async function readSettings(git: Git, root: string): Promise<RepositorySettings> {
  const flag = async (name: string): Promise<boolean> => {
    try {
      return (await git.run(['config', '--type=bool', name], { cwd: root })).trim() !== 'false';
    } catch {
      // Unset: git's default.
      return true;
    }
  };
  const format = (await git.run(['rev-parse', '--show-object-format'], { cwd: root })).trim();
  return {
    fileMode: await flag('core.fileMode'),
    symlinks: await flag('core.symlinks'),
    objectFormat: format === 'sha256' ? 'sha256' : 'sha1',
  };
}

function splitNames(output: Buffer): Name[] {
  const names: Name[] = [];
  let start = 0;
  for (let end = output.indexOf(0, start); end >= 0; end = output.indexOf(0, start)) {
    const bytes = output.subarray(start, end);
    const text = bytes.toString('utf8');
    names.push({ text, valid: Buffer.from(text, 'utf8').equals(bytes) });
    start = end + 1;
  }
  return names;
}

function parseTree(output: Buffer): TrackedEntry[] {
  const entries: TrackedEntry[] = [];
  for (const name of splitNames(output)) {
    // `<mode> <type> <id>\t<path>`
    const tab = name.text.indexOf('\t');
    const [mode = '', , blob = ''] = name.text.slice(0, tab).split(' ');
    // A tracked path whose name is not UTF-8 cannot be looked up safely; it stays as it is.
    if (tab < 0 || !name.valid) continue;
    entries.push({ mode, blob, path: name.text.slice(tab + 1) });
  }
  return entries;
}

/**
 * Directories (or files) named `.git` in any letter case below the top level, outside ignored
 * directories, nested repositories and submodules. Git never records them and never lists them,
 * so without this search a change under `sub/.git/` would vanish without a word.
 */
async function findGitDirectories(
  root: string,
  skip: ReadonlySet<string>,
  limit: number,
): Promise<string[]> {
  const found: string[] = [];
  const queue = [''];
  let seen = 0;
  while (queue.length > 0) {
    const directory = queue.pop() ?? '';
    let children;
    try {
      children = await readdir(path.join(root, ...directory.split('/')), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const child of children) {
      if (++seen > limit) return found;
      const name = directory === '' ? child.name : `${directory}/${child.name}`;
      if (skip.has(name)) continue;
      if (child.name.toLowerCase() === '.git') found.push(name);
      else if (child.isDirectory()) queue.push(name);
    }
  }
  return found;
}

/**
 * Pairs a deleted path with an added one holding exactly the same content: a move. Empty
 * content is never paired (every empty file would look like every other).
 */
function pairRenames(entries: WorkspaceChange[]): WorkspaceChange[] {
  const deleted = new Map<string, WorkspaceChange[]>();
  for (const entry of entries) {
    if (entry.status !== 'deleted' || entry.previousBlob === undefined) continue;
    const key = `${entry.kind}:${entry.previousBlob}`;
    deleted.set(key, [...(deleted.get(key) ?? []), entry]);
  }
  const consumed = new Set<WorkspaceChange>();
  const result: WorkspaceChange[] = [];
  for (const entry of entries) {
    if (entry.status !== 'added' || entry.blob === undefined || entry.size === 0) {
      result.push(entry);
      continue;
    }
    const candidates = (deleted.get(`${entry.kind}:${entry.blob}`) ?? []).filter(
      (candidate) => !consumed.has(candidate),
    );
    // The same file name in another directory is the likelier origin.
    const origin =
      candidates.find(
        (candidate) => path.posix.basename(candidate.path) === path.posix.basename(entry.path),
      ) ?? candidates[0];
    if (origin === undefined) {
      result.push(entry);
      continue;
    }
    consumed.add(origin);
    result.push({
      ...entry,
      status: 'renamed',
      previousPath: origin.path,
      ...(origin.previousMode === undefined ? {} : { previousMode: origin.previousMode }),
      ...(origin.previousBlob === undefined ? {} : { previousBlob: origin.previousBlob }),
    });
  }
  return result.filter((entry) => !consumed.has(entry));
}

/** Byte order of the UTF-8 names, as git sorts paths. */
function compareNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
