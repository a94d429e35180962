/**
 * What CI runs from the repository itself, beside the workflows: local actions. A workflow step
 * `uses: ./path` runs the action in that directory — its `action.yml`, the scripts and programs it
 * names — with the job's secrets, in the version on the branch the run is for. Once the bot's
 * branch is pushed with a token that starts workflows (a GitHub App's or a personal one; pushes
 * with the job's own GITHUB_TOKEN start none), a change there runs with the repository's secrets
 * before anyone reviews it. So such paths are held back like workflows.
 *
 * Found here:
 * - everything under `.github/actions/`, where local actions conventionally live;
 * - every directory a workflow names with `uses: ./…` (and every one the local actions name in
 *   turn, for composite actions), as the base commit and the working tree each have them — the
 *   agent could remove a `uses:` line from the working tree, which would not stop the committed
 *   workflow from running the action;
 * - for an action at the repository root (`uses: ./`), its `action.yml`/`action.yaml`,
 *   `Dockerfile` and the files its `runs` names (`main`, `pre`, `post`): the rest of the
 *   repository is not held back, or nothing could be changed in a repository that is an action.
 *
 * Workflow files are scanned as text for `uses: ./…`, not parsed: a commented-out step counts
 * too, which errs on the side of holding back.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Git } from './git.js';
import { splitNul } from './git.js';
import { readBlobs } from './workspace-changes.js';

const WORKFLOWS = '.github/workflows';
const ACTIONS = '.github/actions';
const ACTION_FILES = ['action.yml', 'action.yaml'];
/** Files over this size are not scanned (a workflow is a few KiB). */
const MAX_SCANNED_BYTES = 1024 * 1024;
/** Local actions followed through composite actions, at most. */
const MAX_ACTIONS = 200;

const USES_LOCAL = /\buses\s*:\s*["']?\.\/([^"'\s#]*)/gu;
const RUNS_FILE = /^\s*(?:main|pre|post|image)\s*:\s*["']?([^"'\s#]+)/gmu;

/** A path CI runs, and why, for the refusal. */
export interface CiCodePath {
  /** A directory (everything under it) or a single file, relative to the root with `/`. */
  path: string;
  directory: boolean;
  /** Completes "changes …": e.g. "the local action ./tools/deploy, which .github/workflows/ci.yml runs (uses: ./tools/deploy)". */
  what: string;
}

export interface CiCodeOptions {
  root: string;
  /** The commit the change is measured against; its workflows count as much as the working tree's. */
  base: string | undefined;
  git: Git;
}

/** The paths CI runs from this repository (besides `.github/workflows/`, checked elsewhere). */
export async function findCiCode(options: CiCodeOptions): Promise<CiCodePath[]> {
  const found: CiCodePath[] = [
    {
      path: ACTIONS,
      directory: true,
      what: 'a local action under .github/actions/, which workflows run',
    },
  ];
  const files = new Map<string, string[]>();
  const read = async (relative: string): Promise<string[]> => {
    let texts = files.get(relative);
    if (texts === undefined) {
      texts = await readBothVersions(options, relative);
      files.set(relative, texts);
    }
    return texts;
  };

  const workflows = await listWorkflows(options);
  const queue: { directory: string; by: string }[] = [];
  for (const workflow of workflows) {
    for (const text of await read(workflow)) {
      for (const target of localUses(text)) queue.push({ directory: target, by: workflow });
    }
  }
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < MAX_ACTIONS) {
    const next = queue.shift();
    if (next === undefined || seen.has(next.directory)) continue;
    seen.add(next.directory);
    const { directory, by } = next;
    const shown = directory === '' ? './' : `./${directory}`;
    if (directory.startsWith(`${WORKFLOWS}/`) || directory === WORKFLOWS) continue;
    const what = `the local action ${shown}, which ${by} runs (uses: ${shown})`;
    if (directory !== '') found.push({ path: directory, directory: true, what });
    for (const name of ACTION_FILES) {
      const metadata = directory === '' ? name : `${directory}/${name}`;
      found.push({ path: metadata, directory: false, what });
      for (const text of await read(metadata)) {
        for (const target of localUses(text)) {
          queue.push({ directory: target, by: metadata });
        }
        if (directory === '') {
          for (const file of runsFiles(text)) found.push({ path: file, directory: false, what });
        }
      }
    }
    if (directory === '') found.push({ path: 'Dockerfile', directory: false, what });
  }
  return found;
}

/** Why a changed path is code CI runs, or undefined. Paths are compared as `fold` makes them. */
export function ciCodeReason(
  name: string,
  ciCode: readonly CiCodePath[],
  fold: (name: string) => string,
): string | undefined {
  const folded = fold(name);
  for (const entry of ciCode) {
    const target = fold(entry.path);
    const inside = entry.directory
      ? folded === target || folded.startsWith(`${target}/`)
      : folded === target;
    if (inside) return entry.what;
  }
  return undefined;
}

/**
 * The directories `uses: ./…` names in `text`, normalized (relative to the repository root, as
 * GitHub resolves them, also inside a composite action); ones leaving the repository are dropped.
 */
function localUses(text: string): string[] {
  const targets: string[] = [];
  for (const match of text.matchAll(USES_LOCAL)) {
    const written = (match[1] ?? '').replace(/\/+$/u, '');
    const normalized = path.posix.normalize(written === '' ? '.' : written);
    if (normalized === '..' || normalized.startsWith('../')) continue;
    targets.push(normalized === '.' ? '' : normalized);
  }
  return targets;
}

/** The files an action at the root names in `runs` (`main: dist/index.js`), normalized. */
function runsFiles(text: string): string[] {
  const files: string[] = [];
  for (const match of text.matchAll(RUNS_FILE)) {
    const written = match[1] ?? '';
    if (written.startsWith('docker://')) continue;
    const normalized = path.posix.normalize(written);
    if (normalized !== '..' && !normalized.startsWith('../')) files.push(normalized);
  }
  return files;
}

/** Workflow files in the base commit and in the working tree. */
async function listWorkflows(options: CiCodeOptions): Promise<string[]> {
  const names = new Set<string>();
  if (options.base !== undefined) {
    const listed = await options.git.runBytes(
      ['ls-tree', '-r', '-z', '--name-only', options.base, '--', `${WORKFLOWS}/`],
      { cwd: options.root },
    );
    for (const name of splitNul(listed)) names.add(name);
  }
  try {
    for (const entry of await readdir(path.join(options.root, WORKFLOWS), {
      withFileTypes: true,
    })) {
      if (entry.isFile()) names.add(`${WORKFLOWS}/${entry.name}`);
    }
  } catch {
    // No workflows folder in the working tree.
  }
  return [...names].filter((name) => /\.ya?ml$/iu.test(name)).sort();
}

/** A file's text as the base commit and the working tree have it (each when it exists there). */
async function readBothVersions(options: CiCodeOptions, relative: string): Promise<string[]> {
  const texts: string[] = [];
  if (options.base !== undefined) {
    const listed = await options.git.run(['ls-tree', '-z', options.base, '--', relative], {
      cwd: options.root,
    });
    const blob = /^\d+ blob ([0-9a-f]+)\t/u.exec(listed)?.[1];
    if (blob !== undefined) {
      const content = (await readBlobs(options.git, options.root, [blob])).get(blob);
      if (content !== undefined && content.length <= MAX_SCANNED_BYTES) {
        texts.push(content.toString('utf8'));
      }
    }
  }
  try {
    const content = await readFile(path.join(options.root, relative));
    if (content.length <= MAX_SCANNED_BYTES) texts.push(content.toString('utf8'));
  } catch {
    // Not in the working tree.
  }
  return texts;
}
