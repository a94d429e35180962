/**
 * What may be published of the agent's change. Each refused path gets a reason a user can read
 * in the final comment; everything else is published. Refused:
 * - anything under a `.git` directory, in any spelling git or a file system would take for it
 *   (`.GIT`, `.git.`, `git~1`, with invisible characters), at any depth;
 * - changes to `.github/workflows/` (the same spellings), unless workflow edits are allowed —
 *   a workflow runs with the repository's secrets, and the job token cannot push one anyway;
 * - changes to local actions (`.github/actions/`, and what workflows name with `uses: ./…`; see
 *   ci-code.ts), under the same input: they run with the secrets as soon as a token that starts
 *   workflows pushes the branch;
 * - files over the size limit;
 * - symlinks that point outside the repository or into `.git`;
 * - content the secret scan flags, in the lines the change adds;
 * - what git could never record as a plain file: nested repositories, FIFOs and other special
 *   files, names that are not valid UTF-8;
 * - untracked files that were already there before the session.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { isInsideOrSame } from '../platform/path-containment.js';
import type { CiCodePath } from './ci-code.js';
import { ciCodeReason, findCiCode } from './ci-code.js';
import type { Git } from './git.js';
import { createGit } from './git.js';
import { createSecretScanner, describeFinding } from './secret-scan.js';
import { readBlobs } from './workspace-changes.js';
import { UNHASHED_NEW_FILE_BYTES, readWorktreeContent } from './worktree-reader.js';
import type { Refusal, RefusalKind, WorkspaceChange, WorkspaceChanges } from './publish-types.js';

export interface ChangeCheckOptions {
  /** The `allow_workflow_edits` input. Default false. */
  allowWorkflowEdits?: boolean;
  /** The largest file published, in bytes. Default 1 MiB. */
  maxFileBytes?: number;
  /** The run's secret values (tokens, keys); a file containing one is refused. */
  knownSecrets?: readonly string[];
  /**
   * Untracked files that were there before the session (left by earlier steps of the job): not
   * the agent's change, and possibly credentials, so never published.
   */
  preexisting?: ReadonlySet<string>;
  git?: Git;
}

export interface CheckedChanges {
  accepted: WorkspaceChange[];
  refusals: Refusal[];
}

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** Characters that HFS+ ignores in names, so `.g\u200cit` is `.git` there. */
const IGNORABLE = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/** A path component as a case-insensitive file system (NTFS, HFS+) would resolve it. */
function normalizeComponent(component: string): string {
  return (
    component
      .replace(IGNORABLE, '')
      .toLowerCase()
      // Windows drops trailing dots and spaces: `.git. ` is `.git`.
      .replace(/[. ]+$/, '')
  );
}

function components(name: string): string[] {
  // A backslash is a separator on Windows, where the repository may be checked out next.
  return name.split(/[\\/]/).map(normalizeComponent);
}

/** True for a path inside (or naming) a `.git` directory at any depth, in any spelling. */
export function isGitDirectoryPath(name: string): boolean {
  // `git~1` is the 8.3 short name NTFS gives `.git`.
  return components(name).some((part) => part === '.git' || part === 'git~1');
}

/** True for `.github/workflows`, a path inside it, or a directory above it (`.github`). */
export function isWorkflowPath(name: string): boolean {
  const parts = components(name);
  const workflows = ['.github', 'workflows'];
  const shared = Math.min(parts.length, workflows.length);
  return parts.slice(0, shared).every((part, index) => part === workflows[index]);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
}

/** A path as a case-insensitive file system would resolve it, for comparisons. */
function foldPath(name: string): string {
  return components(name).join('/');
}

/** The refusal a path alone earns (before size and content are looked at). */
function pathRefusal(
  entry: WorkspaceChange,
  options: ChangeCheckOptions,
  ciCode: readonly CiCodePath[],
): Refusal | undefined {
  const names = [entry.path, ...(entry.previousPath === undefined ? [] : [entry.previousPath])];
  const refuse = (kind: RefusalKind, reason: string): Refusal => ({
    path: entry.path,
    ...(entry.previousPath === undefined ? {} : { previousPath: entry.previousPath }),
    kind,
    reason,
  });
  if (names.some(isGitDirectoryPath) || entry.kind === 'git_directory') {
    return refuse('git_directory', 'is inside a .git directory, which is never published');
  }
  if (entry.status !== 'deleted' && options.preexisting?.has(entry.path) === true) {
    return refuse(
      'preexisting',
      'was already in the workspace before the session (left by an earlier step of the job), so it is not part of the change',
    );
  }
  if (!options.allowWorkflowEdits && names.some(isWorkflowPath)) {
    return refuse(
      'workflow',
      'changes a workflow under .github/workflows/, which needs allow_workflow_edits: true',
    );
  }
  const ciReason = names
    .map((name) => ciCodeReason(name, ciCode, foldPath))
    .find((reason) => reason !== undefined);
  if (ciReason !== undefined) {
    return refuse(
      'workflow',
      `changes ${ciReason} with the repository's secrets; that needs allow_workflow_edits: true`,
    );
  }
  switch (entry.kind) {
    case 'nested_repository':
      return refuse('not_a_file', 'is a separate git repository (it has its own .git)');
    case 'special':
      return refuse('not_a_file', 'is not a regular file (a FIFO, socket or device)');
    case 'unreadable_name':
      return refuse('not_a_file', 'has a file name that is not valid UTF-8');
    default:
      break;
  }
  // GitHub's own limit applies whatever the configured one says.
  const limit = Math.min(options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES, UNHASHED_NEW_FILE_BYTES);
  if (entry.status !== 'deleted' && entry.size > limit) {
    return refuse(
      'too_large',
      `is ${formatBytes(entry.size)}, over the ${formatBytes(limit)} limit for one file`,
    );
  }
  return undefined;
}

/** Why a symlink may not be published, if it may not. */
async function symlinkProblem(root: string, entry: WorkspaceChange): Promise<string | undefined> {
  if (entry.kind !== 'symlink' || entry.status === 'deleted') return undefined;
  const target = (entry.linkTarget ?? '').replace(/\\/g, '/');
  if (target === '' || target.startsWith('/') || /^[a-z]:/i.test(target)) {
    return 'is a symlink to an absolute path, outside the repository';
  }
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(entry.path), target));
  if (resolved === '..' || resolved.startsWith('../')) {
    return 'is a symlink that points outside the repository';
  }
  if (isGitDirectoryPath(resolved)) return 'is a symlink into the .git directory';
  // Through other links on the way (already in the repository), it may still end up outside.
  try {
    const real = await realpath(path.join(root, ...resolved.split('/')));
    const realRoot = await realpath(root);
    if (!isInsideOrSame(real, realRoot)) {
      return 'is a symlink that leads outside the repository through another link';
    }
  } catch {
    // A link to something that does not exist (yet) is judged by its text alone.
  }
  return undefined;
}

/** How many files' contents are held in memory at once while scanning. */
const SCAN_BATCH = 32;

/** Splits the change into what may be published and what is refused, with reasons. */
export async function checkChanges(
  changes: WorkspaceChanges,
  options: ChangeCheckOptions = {},
): Promise<CheckedChanges> {
  const git = options.git ?? createGit();
  const scanner = createSecretScanner({ knownSecrets: options.knownSecrets ?? [] });
  const accepted: WorkspaceChange[] = [];
  const refusals: Refusal[] = [];
  const toScan: WorkspaceChange[] = [];

  // Local actions run in CI like workflows; held back by the same input.
  const ciCode = options.allowWorkflowEdits
    ? []
    : await findCiCode({ root: changes.root, base: changes.base, git });
  for (const entry of changes.entries) {
    const refusal = pathRefusal(entry, options, ciCode);
    if (refusal) {
      refusals.push(refusal);
      continue;
    }
    const problem = await symlinkProblem(changes.root, entry);
    if (problem !== undefined) {
      refusals.push({ path: entry.path, kind: 'symlink_escape', reason: problem });
      continue;
    }
    // A pure move adds no content; a deletion adds none either.
    if (
      entry.status === 'deleted' ||
      (entry.status === 'renamed' && entry.blob === entry.previousBlob)
    ) {
      accepted.push(entry);
    } else {
      toScan.push(entry);
    }
  }

  for (let start = 0; start < toScan.length; start += SCAN_BATCH) {
    const batch = toScan.slice(start, start + SCAN_BATCH);
    const previous = await readBlobs(
      git,
      changes.root,
      batch.flatMap((entry) => (entry.previousBlob === undefined ? [] : [entry.previousBlob])),
    );
    for (const entry of batch) {
      const content = await readWorktreeContent(changes.root, entry);
      const before =
        entry.previousBlob === undefined ? undefined : previous.get(entry.previousBlob);
      const findings = scanner.scan(content, before, { limit: 3 });
      if (findings.length === 0) {
        accepted.push(entry);
        continue;
      }
      refusals.push({
        path: entry.path,
        ...(entry.previousPath === undefined ? {} : { previousPath: entry.previousPath }),
        kind: 'secret',
        reason: `may contain a secret: ${findings.map(describeFinding).join('; ')}`,
      });
    }
  }

  const byPath = (a: { path: string }, b: { path: string }) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  return { accepted: accepted.sort(byPath), refusals: refusals.sort(byPath) };
}
