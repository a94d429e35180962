/**
 * What a session changed in its workspace, for the list a cancelled run leaves: on stderr for
 * `-p`, in a cancelled task's final status and the server log for `serve`. Nothing is committed or
 * published: the files stay where the agent left them, and the list says where to look.
 *
 * In a git repository the change is read the way publishing reads it (publish/workspace-changes.ts,
 * read-only: the workspace's own index is never touched, nothing the repository configures runs)
 * and narrowed to the paths changed while the session ran, by their change time (ctime, which the
 * kernel sets on every write and no unprivileged program can set back; written-configuration.ts
 * relies on it the same way). So a file the person had changed before the session is not listed
 * as the session's; one a person changed while it ran is, as the ledger counts it. A deleted file
 * counts when its folder changed during the session.
 *
 * Outside a repository the list is the file tools' own record of what they wrote
 * (`AgentRun.writtenFiles`); what shell commands wrote there is not known, and the list says so.
 */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { isStrictlyInside } from '../platform/path-containment.js';
import { createGit } from '../publish/git.js';
import type { ChangeStatus } from '../publish/publish-types.js';
import { readWorkspaceChanges } from '../publish/workspace-changes.js';
import { relativePosix } from '../tools/file-walk.js';

/**
 * How much earlier than the session's start a change may be stamped and still be the session's:
 * the kernel stamps changes from a clock that lags by up to a tick (as in written-configuration.ts).
 */
const START_SLACK_MS = 50;
/** The most paths listed; the rest are counted. */
const MAX_LISTED = 50;

export interface ChangedFile {
  /** Relative to the workspace, with `/`. */
  path: string;
  /** `written`: a file the file tools wrote, outside a git repository. */
  change: ChangeStatus | 'written';
  /** Where a renamed file was. */
  from?: string;
}

export interface SessionChanges {
  /** The workspace, as a real path. */
  workspace: string;
  /** Read from git, or from the file tools' record (the workspace is not in a repository). */
  source: 'git' | 'file-tools';
  files: ChangedFile[];
}

export interface SessionChangesOptions {
  workspace: string;
  /** When the session started, in milliseconds since the epoch. */
  since: number;
  /** The files the session's file tools wrote, absolute (`AgentRun.writtenFiles`). */
  written: readonly string[];
  /** The environment git runs with (only its allow-listed part reaches git). */
  env: Readonly<Record<string, string | undefined>>;
}

/** The files the session changed in its workspace. */
export async function readSessionChanges(options: SessionChangesOptions): Promise<SessionChanges> {
  const workspace = await realpath(options.workspace).catch(() => path.resolve(options.workspace));
  const git = createGit({ parentEnv: options.env });
  let root: string;
  try {
    root = (await git.run(['rev-parse', '--show-toplevel'], { cwd: workspace })).trim();
  } catch {
    return { workspace, source: 'file-tools', files: await writtenFiles(workspace, options) };
  }
  const changes = await readWorkspaceChanges(workspace, { git });
  const files: ChangedFile[] = [];
  for (const entry of changes.entries) {
    const absolute = path.join(root, ...entry.path.split('/'));
    // A deletion leaves nothing to stamp; its folder was changed by it.
    const stamped =
      entry.status === 'deleted' ? await nearestExisting(path.dirname(absolute)) : absolute;
    if (!(await changedSince(stamped, options.since))) continue;
    files.push({
      path: relativePosix(workspace, absolute),
      change: entry.status,
      ...(entry.previousPath === undefined
        ? {}
        : { from: relativePosix(workspace, path.join(root, ...entry.previousPath.split('/'))) }),
    });
  }
  return { workspace, source: 'git', files };
}

/** The lines that tell a person what the session left changed, and where. */
export function describeSessionChanges(changes: SessionChanges): string[] {
  const { workspace, files } = changes;
  if (files.length === 0) {
    return changes.source === 'git'
      ? [`No file in ${workspace} was changed during the session.`]
      : [
          `The file tools wrote no file in ${workspace}; it is not a git repository, so what shell commands changed there is not known.`,
        ];
  }
  const header =
    changes.source === 'git'
      ? `Changed files left in ${workspace}, not committed:`
      : `Files the file tools wrote, left in ${workspace} (not a git repository, so what shell commands changed there is not known):`;
  const width = Math.max(...files.map((file) => file.change.length));
  const lines = files
    .slice(0, MAX_LISTED)
    .map(
      (file) =>
        `  ${file.change.padEnd(width)}  ${file.from === undefined ? '' : `${file.from} → `}${file.path}`,
    );
  const more = files.length - MAX_LISTED;
  return [header, ...lines, ...(more > 0 ? [`  … and ${more} more`] : [])];
}

/** The file tools' written files that are still in the workspace. */
async function writtenFiles(
  workspace: string,
  options: SessionChangesOptions,
): Promise<ChangedFile[]> {
  const files: ChangedFile[] = [];
  for (const file of [...new Set(options.written)].sort()) {
    // The memory file lies outside; a file written and then removed is not left behind.
    if (!isStrictlyInside(file, workspace)) continue;
    if ((await lstat(file).catch(() => undefined)) === undefined) continue;
    files.push({ path: relativePosix(workspace, file), change: 'written' });
  }
  return files;
}

async function changedSince(file: string, since: number): Promise<boolean> {
  const info = await lstat(file).catch(() => undefined);
  return info !== undefined && info.ctimeMs >= since - START_SLACK_MS;
}

/** `directory`, or the closest folder above it that still exists. */
async function nearestExisting(directory: string): Promise<string> {
  let current = directory;
  while ((await lstat(current).catch(() => undefined)) === undefined) {
    const parent = path.dirname(current);
    if (parent === current) return current;
    current = parent;
  }
  return current;
}
