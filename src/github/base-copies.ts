/**
 * Copies of folders of a pull request's base branch, for the programs the run's configuration
 * starts from them: an extension's MCP server and the scripts beside its manifest. On a pull
 * request the workspace holds the pull request's code, so a program the base branch's
 * configuration names must run the base branch's files instead. Each folder is read through the
 * same GraphQL listing as the configuration (base-tree.ts), pinned to the base commit, and written
 * at its repository path below a private folder outside the workspace, executable files
 * executable, everything readable by the sandbox's user and writable by nobody else.
 *
 * A folder is copied whole or not at all: a symlink, a submodule, a binary file (the API gives
 * text only), a file over the size limit, a tree deeper than the listing reaches, or more files or
 * bytes than a folder of scripts has, leave it out with the reason. Half a copy would start a
 * program that finds some of its files missing, or looks for them elsewhere.
 */
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../platform/errors.js';
import type { BaseTreeClient, ListedFile, Location } from './base-tree.js';
import { checkedRepositoryPath, listBaseTrees } from './base-tree.js';

/** How many levels of folders below a copied folder are listed. */
const COPY_DEPTH = 10;
/** More files than this, over all the folders of a run, are not a folder of scripts. */
export const MAX_COPY_FILES = 1000;
/** Nor are more bytes than this. */
export const MAX_COPY_BYTES = 20 * 1024 * 1024;

/** One folder and what came of copying it. */
export interface BaseCopy {
  /** The repository path, e.g. `.gemini/extensions/tools`. */
  folder: string;
  /** Where the copy is; undefined when the folder was not copied. */
  directory?: string;
  /** Why it was not copied. */
  reason?: string;
}

/**
 * Copies each folder (repository paths) of the base commit `at` to `<into>/<folder>`, in one
 * listing request. Never throws for a folder that cannot be copied: its entry says why.
 */
export async function copyBaseFolders(
  client: BaseTreeClient,
  at: Location,
  folders: readonly string[],
  options: { into: string },
): Promise<BaseCopy[]> {
  const wanted = [...new Set(folders.map((folder) => checkedRepositoryPath(folder)))];
  if (wanted.length === 0) return [];
  const listing = await listBaseTrees(
    client,
    at,
    wanted.map((folder) => ({ path: folder, depth: COPY_DEPTH, withText: true })),
  );
  let files = 0;
  let bytes = 0;
  const copies: BaseCopy[] = [];
  for (const folder of wanted) {
    const inside = (repoPath: string) => repoPath.startsWith(`${folder}/`);
    const own = listing.files.filter((file) => inside(file.path));
    files += own.length;
    bytes += own.reduce((sum, file) => sum + file.byteSize, 0);
    const reason =
      listing.missing.includes(folder) || listing.skipped.some((entry) => entry.path === folder)
        ? 'it is not a folder on the base branch'
        : listing.files.some((file) => file.path === folder)
          ? 'it is a file on the base branch, not a folder'
          : (skippedReason(listing.skipped, inside) ??
            own.map(fileProblem).find((problem) => problem !== undefined) ??
            (files > MAX_COPY_FILES
              ? `more than ${MAX_COPY_FILES} files are to be copied`
              : bytes > MAX_COPY_BYTES
                ? `more than ${MAX_COPY_BYTES / (1024 * 1024)} MB are to be copied`
                : undefined));
    if (reason !== undefined) {
      copies.push({ folder, reason });
      continue;
    }
    const directory = path.join(options.into, ...folder.split('/'));
    try {
      await writeCopy(options.into, own);
      // A folder without files still exists in the copy: a program may expect it.
      await makeDirectories(options.into, folder);
      copies.push({ folder, directory });
    } catch (error) {
      await rm(directory, { recursive: true, force: true });
      copies.push({ folder, reason: `it could not be written: ${errorMessage(error)}` });
    }
  }
  return copies;
}

function skippedReason(
  skipped: readonly { path: string; reason: string }[],
  inside: (repoPath: string) => boolean,
): string | undefined {
  const entry = skipped.find((candidate) => inside(candidate.path));
  return entry === undefined ? undefined : `${entry.path}: ${entry.reason}`;
}

/** Why a listed file cannot be copied as it is, if it cannot. */
function fileProblem(file: ListedFile): string | undefined {
  if (file.unusable !== undefined) return `${file.path}: ${file.unusable}`;
  if (file.text === undefined) return `${file.path}: deeper than ${COPY_DEPTH} folders`;
  // GitHub answers text it cannot decode as UTF-8 with replacement characters.
  if (Buffer.byteLength(file.text) !== file.byteSize) return `${file.path}: not UTF-8 text`;
  return undefined;
}

/** Writes the files at their repository paths below `root`. */
async function writeCopy(root: string, files: readonly ListedFile[]): Promise<void> {
  for (const file of files) {
    const repoPath = checkedRepositoryPath(file.path);
    const parent = repoPath.includes('/') ? repoPath.slice(0, repoPath.lastIndexOf('/')) : '';
    if (parent !== '') await makeDirectories(root, parent);
    const target = path.join(root, ...repoPath.split('/'));
    const mode = file.executable === true ? 0o755 : 0o644;
    await writeFile(target, file.text ?? '', { flag: 'wx', mode });
    // The process's umask may have taken bits away; the sandbox's user must read the file.
    await chmod(target, mode);
  }
}

/** `root/<folder>` and each folder between, readable and enterable by everyone. */
async function makeDirectories(root: string, folder: string): Promise<void> {
  let current = root;
  for (const segment of folder.split('/')) {
    current = path.join(current, segment);
    await mkdir(current, { recursive: true, mode: 0o755 });
    await chmod(current, 0o755);
  }
}
