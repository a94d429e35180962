/**
 * The folders that configure CI or the agent, and the rule that no run works inside one.
 *
 * A repository's `.github/` holds its workflows, local actions and CODEOWNERS; its `.gemini/`
 * this agent's settings, extensions, commands, subagents and policies (a settings file there
 * names MCP servers, which the next run starts); `.git/` is git's own. The policy presets keep
 * the file tools out of them at any depth (`PROTECTED_PATH_PATTERNS` in
 * `src/policy/presets.ts`), but a workspace chosen inside one of them would make them the
 * workspace's own files: `<repo>/.gemini` as a workspace lets the agent write `settings.json`
 * as an ordinary file. So every entry point refuses such a workspace: the A2A server for
 * `AgentSettings.workspace_path`, `--repo` and `--root`, the CLI for `--repo` (or the current
 * folder), `gemini-agent run` for `--repo`, the Action for its checkout (`GITHUB_WORKSPACE`),
 * and every session for its roots (`Workspace.create`).
 *
 * What "inside a protected folder" means, decided on the path's components (both as given and
 * after symlinks, names compared as the most forgiving file system would: `.GEMINI`, `.gemini.`,
 * `GEMINI~1`):
 * - any component that names `.git` (git's own folder, in any repository or none);
 * - a `.github` or `.gemini` component whose parent lies in a git work tree (a folder on the way
 *   up holds a `.git` entry): that is a repository's configuration folder. Only the parent and
 *   above are looked at, so a `.git` planted inside `<repo>/.gemini` does not make it a
 *   repository of its own, while the organisation-wide `.github` repository (checked out as
 *   `~/src/org/.github`, or by the runner as `work/.github/.github`) stays a workspace;
 * - for a workspace picked below a root a person named (the A2A server's roots), any `.github`
 *   or `.gemini` component below that root, repository or not.
 * A `.gemini` folder outside every repository (the Gemini CLI's user folder `~/.gemini`, unless
 * the home folder is a repository) is not a repository's configuration, and is not refused.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { isStrictlyInside } from '../platform/path-containment.js';
import { comparableName } from './path-spelling.js';
import { entryExists } from '../platform/file-entries.js';

export type ProtectedFolder = '.git' | '.github' | '.gemini';

/** The protected folder names, with NTFS's 8.3 short names for each. */
const PROTECTED_SPELLINGS: Readonly<Record<string, ProtectedFolder>> = {
  '.git': '.git',
  'git~1': '.git',
  '.github': '.github',
  'github~1': '.github',
  '.gemini': '.gemini',
  'gemini~1': '.gemini',
};

const WHAT_IT_HOLDS: Readonly<Record<ProtectedFolder, string>> = {
  '.git': "git's own folder",
  '.github':
    "a repository's .github folder (its workflows, local actions and CODEOWNERS decide what CI runs)",
  '.gemini':
    "a repository's .gemini folder (the agent's settings, extensions, commands, subagents and policies, which later runs load)",
};

/** The protected folder a single path segment names in some file system's eyes, if any. */
export function protectedFolderName(segment: string): ProtectedFolder | undefined {
  return PROTECTED_SPELLINGS[comparableName(segment)];
}

/**
 * The first segment of a relative path that some file system would open as `.github` or
 * `.gemini` although it is not spelled so (`.GEMINI`, `.gemini.`, `GEMINI~1`): the policy's
 * patterns, which compare names as written, would not see it. (`.git` in any spelling is refused
 * on its own, by `hasGitSegment`.)
 */
export function respelledProtectedFolder(
  relative: string,
): { segment: string; folder: ProtectedFolder } | undefined {
  for (const segment of relative.split(/[\\/]+/u)) {
    const folder = protectedFolderName(segment);
    if (folder !== undefined && folder !== '.git' && segment !== folder) return { segment, folder };
  }
  return undefined;
}

export interface ProtectedWorkspaceOptions {
  /**
   * The root a person named that this workspace was picked below (the A2A server's `--repo` or
   * `--root`, as a real path): below it, any `.github` or `.gemini` folder is refused.
   */
  pickedBelow?: string;
}

/**
 * Why a folder cannot be a workspace because it lies inside a protected folder, or undefined
 * when it can. `workspace` is absolute; `realPath` is its real path (symlinks resolved).
 */
export async function protectedWorkspaceProblem(
  workspace: string,
  realPath: string,
  options: ProtectedWorkspaceOptions = {},
): Promise<string | undefined> {
  const inWorkTree = workTreeLookup();
  for (const spelling of new Set([path.resolve(workspace), realPath])) {
    const parts = spelling.split(path.sep);
    for (let index = 1; index < parts.length; index += 1) {
      const name = protectedFolderName(parts[index] ?? '');
      if (name === undefined) continue;
      const folder = parts.slice(0, index + 1).join(path.sep);
      const refused =
        name === '.git' ||
        (spelling === realPath &&
          options.pickedBelow !== undefined &&
          isStrictlyInside(folder, options.pickedBelow)) ||
        (await inWorkTree(path.dirname(folder)));
      if (refused) {
        return `${workspace} lies inside ${folder}, ${WHAT_IT_HOLDS[name]}. A workspace may not be inside a .git, .github or .gemini folder, where the agent could rewrite what CI or later runs execute; use the repository's own folder.`;
      }
    }
  }
  return undefined;
}

/**
 * `protectedWorkspaceProblem` for a folder named by a flag: its real path is looked up here (a
 * folder that does not resolve is the caller's to report, so it passes).
 */
export async function protectedFolderProblem(folder: string): Promise<string | undefined> {
  const absolute = path.resolve(folder);
  const real = await realpath(absolute).catch(() => undefined);
  return real === undefined ? undefined : protectedWorkspaceProblem(absolute, real);
}

/** Whether a folder lies in a git work tree: it or a folder above it holds a `.git` entry. */
function workTreeLookup(): (dir: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  const lookup = (dir: string): Promise<boolean> => {
    let answer = known.get(dir);
    if (answer === undefined) {
      answer = (async () => {
        if (await entryExists(path.join(dir, '.git'))) return true;
        const parent = path.dirname(dir);
        return parent !== dir && lookup(parent);
      })();
      known.set(dir, answer);
    }
    return answer;
  };
  return lookup;
}
