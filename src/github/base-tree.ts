/**
 * Folders of a pull request's base branch, read through GitHub's GraphQL API in as few requests as
 * the trees need: one query lists every requested folder (with the text of small files where asked)
 * to a fixed depth, a second fetches the text of the files chosen from the listings. Each path is
 * an `object(expression: "<commit>:<path>")`, so every file comes from one pinned commit, and the
 * number of requests does not grow with the number of files (the contents API needs one per file
 * and per folder).
 *
 * Only regular files are copied. Symlinks, submodules, binary and truncated files and files over
 * the size limit are skipped and listed; so is anything nested deeper than the query reaches.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Octokit } from '@octokit/rest';
import { ConfigurationError } from '../platform/errors.js';

export type BaseTreeClient = Pick<Octokit, 'graphql'>;

/** Configuration files are small; anything larger is not configuration. */
export const MAX_BASE_FILE_BYTES = 1024 * 1024;
/** Git's mode of a symlink (0o120000) as GraphQL gives it, a number. */
const SYMLINK_MODE = 0o120000;
/** Git's mode of an executable file (0o100755). */
const EXECUTABLE_MODE = 0o100755;

export interface TreeRequest {
  /** A repository path: a folder (or a file). */
  path: string;
  /** How many levels of folders below `path` are listed. */
  depth: number;
  /** Whether the listing carries the files' text (for folders whose files are all wanted). */
  withText: boolean;
}

/** A file found in a listing: its size, and its text when it was asked for. */
export interface ListedFile {
  path: string;
  byteSize: number;
  /** Undefined when not asked for, or for files that cannot be copied (binary, truncated). */
  text?: string;
  /** Why the file cannot be copied, if it cannot. */
  unusable?: string;
  /** Git's executable mode (100755), where the listing gave the file's mode. */
  executable?: boolean;
}

export interface TreeListing {
  files: ListedFile[];
  /** Requested paths that do not exist at the commit. */
  missing: string[];
  /** Entries that are not regular files, or lie deeper than the query reached, and why. */
  skipped: { path: string; reason: string }[];
}

export interface Location {
  owner: string;
  repo: string;
  /** The base commit: a full SHA. */
  sha: string;
}

/** Lists every requested folder at the commit, in one request. */
export async function listBaseTrees(
  client: BaseTreeClient,
  at: Location,
  requests: readonly TreeRequest[],
): Promise<TreeListing> {
  const listing: TreeListing = { files: [], missing: [], skipped: [] };
  if (requests.length === 0) return listing;
  // Each path's parent folder is listed too (names and modes only): a path that names a file
  // directly has its mode there, and a symlink must not be copied as if it were the file.
  const parents = requests.map((request) => parentPath(checkedPath(request.path)));
  const distinctParents = [...new Set(parents)];
  const data = await objectsQuery(client, at, [
    ...requests.map((request) => ({ path: request.path, selection: nodeSelection(request) })),
    ...distinctParents.map((parent) => ({ path: parent, selection: PARENT_ENTRIES })),
  ]);
  requests.forEach((request, index) => {
    const node = data[`p${index}`];
    if (node === null || node === undefined) {
      listing.missing.push(request.path);
      return;
    }
    const parentField = `p${requests.length + distinctParents.indexOf(parents[index] ?? '')}`;
    const parent = data[parentField] as TreeNode | null | undefined;
    const name = request.path.slice(request.path.lastIndexOf('/') + 1);
    const entry = parent?.entries?.find((candidate) => candidate.name === name);
    if (entry?.mode === SYMLINK_MODE) {
      listing.skipped.push({ path: request.path, reason: 'a symlink, not a file' });
    } else {
      collect(node, request.path, listing);
    }
  });
  return listing;
}

const PARENT_ENTRIES = '__typename ... on Tree { entries { name type mode } }';

/** The folder holding `repoPath`; '' for the repository's root. */
function parentPath(repoPath: string): string {
  const slash = repoPath.lastIndexOf('/');
  return slash < 0 ? '' : repoPath.slice(0, slash);
}

/** The text of each file, in one request; a file that cannot be copied has `unusable` set. */
export async function readBaseFiles(
  client: BaseTreeClient,
  at: Location,
  paths: readonly string[],
): Promise<ListedFile[]> {
  if (paths.length === 0) return [];
  const data = await objectsQuery(
    client,
    at,
    paths.map((file) => ({ path: file, selection: BLOB_WITH_TEXT })),
  );
  return paths.map((file, index) => {
    const node = data[`p${index}`];
    if (node?.__typename !== 'Blob') return { path: file, byteSize: 0, unusable: 'not a file' };
    return blobFile(node as BlobNode, file, true);
  });
}

/**
 * Writes files (with their text) under a new temporary folder at their repository paths. On any
 * failure nothing is left behind: half a configuration is worse than none.
 */
export async function writeBaseFiles(
  files: readonly ListedFile[],
  options: { tempRoot: string | undefined; prefix: string },
): Promise<string> {
  const directory = await mkdtemp(path.join(options.tempRoot ?? os.tmpdir(), options.prefix));
  try {
    for (const file of files) {
      if (file.text === undefined) continue;
      const local = path.join(directory, ...checkedPath(file.path).split('/'));
      await mkdir(path.dirname(local), { recursive: true });
      await writeFile(local, file.text, { flag: 'wx', mode: 0o600 });
    }
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return directory;
}

// ---- the query -----------------------------------------------------------------------------

interface BlobNode {
  __typename: 'Blob';
  byteSize?: number;
  isBinary?: boolean;
  isTruncated?: boolean;
  text?: string | null;
}
interface TreeNode {
  __typename: 'Tree';
  entries?: TreeEntryNode[];
}
interface TreeEntryNode {
  name: string;
  type: string;
  mode: number;
  object?: GitNode | null;
}
type GitNode = BlobNode | TreeNode | { __typename: string };

const BLOB_FIELDS = '... on Blob { byteSize isBinary isTruncated }';
const BLOB_TEXT_FIELDS = '... on Blob { byteSize isBinary isTruncated text }';
const BLOB_WITH_TEXT = `__typename ${BLOB_TEXT_FIELDS}`;

/**
 * The node and `depth` levels of tree entries below it. Entries at the last level are listed by
 * name only; their folders are reported as too deep.
 */
function nodeSelection(request: TreeRequest): string {
  const blob = request.withText ? BLOB_TEXT_FIELDS : BLOB_FIELDS;
  const entries = (depth: number): string => {
    const object =
      depth > 0 ? ` object { __typename ${blob} ... on Tree { ${entries(depth - 1)} } }` : '';
    return `entries { name type mode${object} }`;
  };
  return `__typename ${blob} ... on Tree { ${entries(request.depth)} }`;
}

async function objectsQuery(
  client: BaseTreeClient,
  at: Location,
  objects: readonly { path: string; selection: string }[],
): Promise<Record<string, GitNode | null | undefined>> {
  if (!/^[0-9a-f]{40}$/i.test(at.sha)) throw new Error(`expected a commit SHA, got ${at.sha}`);
  const variables: Record<string, string> = { owner: at.owner, name: at.repo };
  const declarations = ['$owner: String!', '$name: String!'];
  const fields = objects.map((object, index) => {
    // `<commit>:` alone is the root folder.
    variables[`e${index}`] = `${at.sha}:${object.path === '' ? '' : checkedPath(object.path)}`;
    declarations.push(`$e${index}: String!`);
    return `p${index}: object(expression: $e${index}) { ${object.selection} }`;
  });
  const query = `query BaseTree(${declarations.join(', ')}) { repository(owner: $owner, name: $name) { ${fields.join(' ')} } }`;
  const response = await client.graphql<{ repository: Record<string, GitNode | null> | null }>(
    query,
    variables,
  );
  if (response.repository === null) {
    throw new Error(`GitHub did not find the repository ${at.owner}/${at.repo}.`);
  }
  return response.repository;
}

function collect(node: GitNode, repoPath: string, listing: TreeListing): void {
  if (node.__typename === 'Blob') {
    listing.files.push(blobFile(node as BlobNode, repoPath, false));
    return;
  }
  if (node.__typename !== 'Tree') {
    listing.skipped.push({ path: repoPath, reason: `a ${node.__typename}, not a file` });
    return;
  }
  for (const entry of (node as TreeNode).entries ?? []) {
    const child = `${repoPath}/${entry.name}`;
    if (entry.type === 'tree') {
      if (entry.object === undefined || entry.object === null) {
        listing.skipped.push({
          path: child,
          reason: 'nested deeper than the configuration is read',
        });
      } else {
        collect(entry.object, child, listing);
      }
    } else if (entry.type !== 'blob') {
      listing.skipped.push({ path: child, reason: `a ${entry.type}, not a file` });
    } else if (entry.mode === SYMLINK_MODE) {
      listing.skipped.push({ path: child, reason: 'a symlink, not a file' });
    } else if (entry.object?.__typename === 'Blob') {
      const file = blobFile(entry.object as BlobNode, child, false);
      if (entry.mode === EXECUTABLE_MODE) file.executable = true;
      listing.files.push(file);
    } else {
      // Below the depth the query asked objects for: listed by name only.
      listing.files.push({ path: child, byteSize: 0 });
    }
  }
}

function blobFile(node: BlobNode, repoPath: string, wantText: boolean): ListedFile {
  const file: ListedFile = { path: repoPath, byteSize: node.byteSize ?? 0 };
  if (node.isBinary === true) file.unusable = 'a binary file';
  else if (file.byteSize > MAX_BASE_FILE_BYTES) {
    file.unusable = `larger than ${MAX_BASE_FILE_BYTES} bytes`;
  } else if (node.isTruncated === true) file.unusable = 'GitHub returned it truncated';
  else if (typeof node.text === 'string') file.text = node.text;
  else if (wantText) file.unusable = 'GitHub returned no text for it';
  return file;
}

/** A repository path as given, checked (the listings' own paths). */
function checkedPath(raw: string): string {
  return checkedRepositoryPath(raw, 'a path inside the repository');
}

/**
 * A repository path as given, checked: relative, `/`-separated, no `.` or `..` segments. `expected`
 * says what the caller asked for, in the error.
 */
export function checkedRepositoryPath(
  raw: string,
  expected = 'configuration paths inside the repository such as ".gemini/policies/ci.toml"',
): string {
  const trimmed = raw.trim().replace(/^\.\//, '').replace(/\/+$/, '');
  const segments = trimmed.split('/');
  if (
    trimmed === '' ||
    trimmed.startsWith('/') ||
    trimmed.includes('\\') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new ConfigurationError(
      `expected ${expected} to read from the base branch, but got "${raw}".`,
    );
  }
  return trimmed;
}
