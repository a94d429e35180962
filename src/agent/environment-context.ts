/**
 * The first user message of every session: today's date, the platform, the workspace and its
 * folder structure, in the wording and tree format the Gemini CLI uses, followed by the model's
 * acknowledgement. It spares the model a round of `ls` calls before it can start.
 */
import { execFile } from 'node:child_process';
import type { Dirent } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Content } from '@google/genai';

/** The model's reply to the environment message, so the history keeps alternating. */
export const ENVIRONMENT_ACK = 'Got it. Thanks for the context!';

export const DEFAULT_FOLDER_STRUCTURE_ITEMS = 200;

const TRUNCATED = '...';
/** Shown as `name/...` and never listed: never useful and often huge. */
const ALWAYS_HIDDEN_FOLDERS: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** Whether an entry is ignored; `relativePath` uses `/` and is relative to the listed root. */
export type IgnorePredicate = (relativePath: string, isDirectory: boolean) => boolean;

export const ignoreNothing: IgnorePredicate = () => false;

export interface FolderStructureOptions {
  /** Files and folders shown at most (default 200). */
  maxItems?: number;
  isIgnored?: IgnorePredicate;
}

interface FolderNode {
  name: string;
  files: string[];
  folders: FolderNode[];
  /** Listed by name only: ignored, or never read because the limit was reached. */
  collapsed: boolean;
  moreFiles: boolean;
  moreFolders: boolean;
}

/**
 * A tree of `directory` read breadth first, so the top levels show before the limit is reached.
 * Each folder lists its files, then its subfolders, by name; `...` marks what was left out.
 */
export async function getFolderStructure(
  directory: string,
  options: FolderStructureOptions = {},
): Promise<string> {
  const root = path.resolve(directory);
  const maxItems = options.maxItems ?? DEFAULT_FOLDER_STRUCTURE_ITEMS;
  const isIgnored = options.isIgnored ?? ignoreNothing;
  const rootNode = newNode(path.basename(root));
  const rootEntries = await readEntries(root);
  if (rootEntries === undefined) {
    return `Error: Could not read directory "${root}". Check path and permissions.`;
  }

  const queue: { node: FolderNode; dir: string; relative: string }[] = [
    { node: rootNode, dir: root, relative: '' },
  ];
  let count = 0;
  while (queue.length > 0) {
    const next = queue.shift();
    if (!next) break;
    const { node, dir, relative } = next;
    const entries = next.node === rootNode ? rootEntries : await readEntries(dir);
    if (entries === undefined) continue;
    if (count >= maxItems) {
      node.collapsed = entries.length > 0;
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) continue;
      if (count >= maxItems) {
        node.moreFiles = true;
        break;
      }
      if (isIgnored(joinRelative(relative, entry.name), false)) continue;
      node.files.push(entry.name);
      count++;
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      if (count >= maxItems) {
        node.moreFolders = true;
        break;
      }
      const childRelative = joinRelative(relative, entry.name);
      const child = newNode(entry.name);
      child.collapsed = ALWAYS_HIDDEN_FOLDERS.has(entry.name) || isIgnored(childRelative, true);
      node.folders.push(child);
      count++;
      if (!child.collapsed) {
        queue.push({ node: child, dir: path.join(dir, entry.name), relative: childRelative });
      }
    }
  }

  const lines: string[] = [];
  formatChildren(rootNode, '', lines);
  let summary = `Showing up to ${maxItems} items (files + folders).`;
  if (isTruncated(rootNode)) {
    summary += ` Folders or files indicated with ${TRUNCATED} contain more items not shown, were ignored, or the display limit (${maxItems} items) was reached.`;
  }
  return `${summary}\n\n${root}${path.sep}\n${lines.join('\n')}`;
}

function newNode(name: string): FolderNode {
  return { name, files: [], folders: [], collapsed: false, moreFiles: false, moreFolders: false };
}

async function readEntries(dir: string): Promise<Dirent[] | undefined> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.sort((a, b) => compareNames(a.name, b.name));
  } catch {
    return undefined;
  }
}

function compareNames(a: string, b: string): number {
  return a.localeCompare(b, 'en');
}

function joinRelative(parent: string, name: string): string {
  return parent === '' ? name : `${parent}/${name}`;
}

function formatChildren(node: FolderNode, indent: string, lines: string[]): void {
  const hasFoldersAfter = node.folders.length > 0 || node.moreFolders;
  node.files.forEach((file, i) => {
    const last = i === node.files.length - 1 && !node.moreFiles && !hasFoldersAfter;
    lines.push(`${indent}${last ? '└───' : '├───'}${file}`);
  });
  if (node.moreFiles) lines.push(`${indent}${hasFoldersAfter ? '├───' : '└───'}${TRUNCATED}`);
  node.folders.forEach((folder, i) => {
    const last = i === node.folders.length - 1 && !node.moreFolders;
    lines.push(
      `${indent}${last ? '└───' : '├───'}${folder.name}${path.sep}${folder.collapsed ? TRUNCATED : ''}`,
    );
    formatChildren(folder, `${indent}${last ? '    ' : '│   '}`, lines);
  });
  if (node.moreFolders) lines.push(`${indent}└───${TRUNCATED}`);
}

function isTruncated(node: FolderNode): boolean {
  return node.collapsed || node.moreFiles || node.moreFolders || node.folders.some(isTruncated);
}

/**
 * Git's own idea of what is ignored (`.gitignore` files at every level, `.git/info/exclude`, the
 * global excludes file), read once. Outside a repository, or without git, nothing is ignored.
 */
export async function gitIgnorePredicate(root: string): Promise<IgnorePredicate> {
  const output = await new Promise<string | undefined>((resolve) => {
    execFile(
      'git',
      [
        '-c',
        'core.fsmonitor=false',
        'ls-files',
        '--others',
        '--ignored',
        '--exclude-standard',
        '--directory',
        '-z',
      ],
      { cwd: root, timeout: 10_000, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout) => {
        resolve(error ? undefined : stdout);
      },
    );
  });
  if (output === undefined) return ignoreNothing;
  const ignored = new Set(output.split('\0').filter((entry) => entry !== ''));
  return (relativePath, isDirectory) =>
    isDirectory ? ignored.has(`${relativePath}/`) : ignored.has(relativePath);
}

export interface EnvironmentContextOptions {
  workspaceRoot: string;
  now?: () => number;
  /** Default `process.platform`. */
  platform?: string;
  /** Time zone of the date shown; default the process's. */
  timeZone?: string;
  maxItems?: number;
  /** Default: what git ignores in the workspace. */
  isIgnored?: IgnorePredicate;
}

/** The text of the first user message. */
export async function buildEnvironmentContext(options: EnvironmentContextOptions): Promise<string> {
  const root = path.resolve(options.workspaceRoot);
  const today = new Date((options.now ?? Date.now)()).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
  });
  const isIgnored = options.isIgnored ?? (await gitIgnorePredicate(root));
  const structure = await getFolderStructure(root, {
    isIgnored,
    ...(options.maxItems === undefined ? {} : { maxItems: options.maxItems }),
  });
  return `This is the Gemini CLI. We are setting up the context for our chat.
Today's date is ${today}.
My operating system is: ${options.platform ?? process.platform}
I'm currently working in the directory: ${root}
Here is the folder structure of the current working directories:

${structure}`.trim();
}

/** The history every session starts with: the environment message and the acknowledgement. */
export function initialHistory(environmentText: string): Content[] {
  return [
    { role: 'user', parts: [{ text: environmentText }] },
    { role: 'model', parts: [{ text: ENVIRONMENT_ACK }] },
  ];
}
