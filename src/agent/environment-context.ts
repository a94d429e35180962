/**
 * The first user message of every session: today's date, the platform, the workspace and its
 * folder structure, in the wording and tree format the Gemini CLI uses, followed by the model's
 * acknowledgement. It spares the model a round of `ls` calls before it can start.
 */
import type { Dirent } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Content } from '@google/genai';
import { compareEnglish } from '../platform/english-order.js';
import { IgnoreRules } from '../tools/ignore-rules.js';

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
    return entries.sort((a, b) => compareEnglish(a.name, b.name));
  } catch {
    return undefined;
  }
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
 * What the tools leave out of the workspace, as the Gemini CLI's tree does: `.gitignore` files
 * (the root's and nested ones), `.git/info/exclude` and `.geminiignore` (ignore-rules.ts). Each
 * ignore file is read when the walk first needs its folder, so the tree costs the few folders it
 * shows however large the checkout (git's listing of ignored files walked all of it first: about
 * a second at a million files, before the first request).
 */
export function workspaceIgnorePredicate(root: string): IgnorePredicate {
  const rules = new IgnoreRules(root, { respectGitIgnore: true, respectGeminiIgnore: true });
  return (relativePath, isDirectory) => rules.isIgnored(relativePath, { isDirectory });
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * `Thursday, November 26, 2026`, as `toLocaleDateString('en-US')` writes it with the long weekday
 * and month. In the process's own time zone it is put together here: ICU, which another time zone
 * needs, takes 7–15 ms to load on its first use, on the way to every first request.
 */
function longDate(date: Date, timeZone: string | undefined): string {
  const year = date.getFullYear();
  if (timeZone !== undefined || !(year >= 1000)) {
    return date.toLocaleDateString('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      ...(timeZone === undefined ? {} : { timeZone }),
    });
  }
  return `${WEEKDAYS[date.getDay()] ?? ''}, ${MONTHS[date.getMonth()] ?? ''} ${date.getDate()}, ${year}`;
}

export interface EnvironmentContextOptions {
  workspaceRoot: string;
  now?: () => number;
  /** Default `process.platform`. */
  platform?: string;
  /** Time zone of the date shown; default the process's. */
  timeZone?: string;
  maxItems?: number;
  /** Default: what the tools ignore in the workspace (`workspaceIgnorePredicate`). */
  isIgnored?: IgnorePredicate;
}

/** The text of the first user message. */
export async function buildEnvironmentContext(options: EnvironmentContextOptions): Promise<string> {
  const root = path.resolve(options.workspaceRoot);
  const today = longDate(new Date((options.now ?? Date.now)()), options.timeZone);
  const isIgnored = options.isIgnored ?? workspaceIgnorePredicate(root);
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
