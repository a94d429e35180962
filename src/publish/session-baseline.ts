/**
 * The workspace as it was before the session, for the trusted code that reads the change after it:
 * - untracked files already there were left by earlier steps of the job (an auth step's
 *   `gha-creds-*.json`, build output nobody ignored) — they are not the agent's change, and
 *   publishing or showing them could leak what those steps wrote;
 * - the clean filters configured then are the repository's own (Git LFS, say). A filter defined
 *   or changed during the session (possible where tool commands run unconfined and a test script
 *   writes `.git/config` or `~/.gitconfig`) would run a program of the model's choosing when
 *   publishing hashes the files, so it is switched off for those commands.
 */
import type { Git } from './git.js';
import { createGit, GitCommandError, splitNul } from './git.js';

export interface SessionBaseline {
  /** Untracked, not ignored paths (relative to the repository's top level, with `/`) before the session. */
  untracked: ReadonlySet<string>;
  /** Every `filter.<driver>.<key>` setting (all scopes) before the session, by driver. */
  filters: ReadonlyMap<string, string>;
}

/** What the workspace holds before the session; undefined when it is not a git repository. */
export async function captureSessionBaseline(
  workspaceRoot: string,
  options: { git?: Git } = {},
): Promise<SessionBaseline | undefined> {
  const git = options.git ?? createGit();
  let root: string;
  try {
    root = (await git.run(['rev-parse', '--show-toplevel'], { cwd: workspaceRoot })).trim();
  } catch (error) {
    if (error instanceof GitCommandError) return undefined;
    throw error;
  }
  // Two independent reads, side by side: the run's first model request waits for them.
  const [listing, filters] = await Promise.all([
    git.runBytes(['ls-files', '-z', '--others', '--exclude-standard'], { cwd: root }),
    readFilterSettings(git, root),
  ]);
  return { untracked: new Set(splitNul(listing)), filters };
}

/**
 * `-c` arguments that switch off every filter driver whose settings differ from the baseline's
 * (added, changed or removed keys), for the git commands that hash working-tree files.
 */
export async function untrustedFilterOverrides(
  git: Git,
  root: string,
  baseline: SessionBaseline,
): Promise<string[]> {
  const now = await readFilterSettings(git, root);
  const overrides: string[] = [];
  for (const [driver, settings] of now) {
    if (baseline.filters.get(driver) === settings) continue;
    for (const key of ['clean', 'smudge', 'process']) {
      overrides.push('-c', `filter.${driver}.${key}=`);
    }
    overrides.push('-c', `filter.${driver}.required=false`);
  }
  return overrides;
}

/** `filter.<driver>.*` settings of every scope, each driver's as one comparable string. */
async function readFilterSettings(git: Git, root: string): Promise<Map<string, string>> {
  let output: string;
  try {
    output = await git.run(['config', '-z', '--includes', '--get-regexp', '^filter\\.'], {
      cwd: root,
    });
  } catch (error) {
    // Exit code 1: no filter configured anywhere.
    if (error instanceof GitCommandError) return new Map();
    throw error;
  }
  const byDriver = new Map<string, string[]>();
  for (const record of output.split('\0')) {
    if (record === '') continue;
    const newline = record.indexOf('\n');
    const key = newline < 0 ? record : record.slice(0, newline);
    // `filter.<driver>.<key>`: the driver's name may itself hold dots.
    const driver = key.slice('filter.'.length, key.lastIndexOf('.'));
    if (driver === '') continue;
    const settings = byDriver.get(driver) ?? [];
    settings.push(record);
    byDriver.set(driver, settings);
  }
  return new Map([...byDriver].map(([driver, settings]) => [driver, settings.join('\0')]));
}
