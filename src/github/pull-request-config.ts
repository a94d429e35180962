/**
 * Where a run's agent configuration comes from: on a pull request, the base branch — never the
 * PR's own copies, which a contributor could have changed — and the workspace otherwise. One home
 * for that rule, for the policy files, the context files (GEMINI.md), and the custom commands and
 * extensions.
 */
import path from 'node:path';
import { ConfigurationError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { REPOSITORY_EXTENSIONS_PATH } from '../commands/extensions/load-extensions.js';
import { REPOSITORY_COMMANDS_PATH } from '../commands/run-commands.js';
import type { BaseConfigClient } from './base-config.js';
import { loadBaseBranchConfig } from './base-config.js';
import type { BaseTreeClient } from './base-tree.js';
import { listBaseTrees, readBaseFiles, writeBaseFiles } from './base-tree.js';
import type { Trigger } from './trigger.js';

/**
 * The local paths of the workflow's policy files. On a pull request the checked-out workspace may
 * hold the PR's own version of them, which a contributor could have loosened: they are read from
 * the base branch instead, pinned by its commit, and a file missing there is an error rather
 * than a silent fall-back to the PR's copy.
 */
export async function policyFilePaths(
  trigger: Trigger,
  files: readonly string[],
  options: {
    octokit: BaseConfigClient;
    workspaceRoot: string;
    tempRoot: string | undefined;
    logger: Logger;
  },
): Promise<string[]> {
  if (files.length === 0) return [];
  const pullRequest = 'pullRequest' in trigger ? trigger.pullRequest : undefined;
  if (!pullRequest) return files.map((file) => path.resolve(options.workspaceRoot, file));
  const base = await loadBaseBranchConfig(options.octokit, {
    owner: trigger.repo.owner,
    repo: trigger.repo.name,
    baseRef: pullRequest.baseSha,
    files: [...files],
    ...(options.tempRoot ? { tempRoot: options.tempRoot } : {}),
    logger: options.logger,
  });
  const missing = [...base.missing, ...base.skipped.map((entry) => entry.path)];
  if (missing.length > 0) {
    throw new ConfigurationError(
      `expected the policy files to exist on the base branch (${pullRequest.baseRef} at ${base.sha.slice(0, 7)}); not found or not a regular file: ${missing.join(', ')}.`,
      { input: 'policy' },
    );
  }
  return base.files.map((file) => file.localPath);
}

/**
 * On a pull request, a directory holding the base branch's context files (pinned by the base
 * commit), for the session to read instead of the PR's; undefined for other runs, which read the
 * workspace's.
 */
export async function contextDirectoryFor(
  trigger: Trigger,
  fileNames: readonly string[],
  options: { octokit: BaseConfigClient; tempRoot: string | undefined; logger: Logger },
): Promise<string | undefined> {
  const pullRequest = 'pullRequest' in trigger ? trigger.pullRequest : undefined;
  if (!pullRequest) return undefined;
  const base = await loadBaseBranchConfig(options.octokit, {
    owner: trigger.repo.owner,
    repo: trigger.repo.name,
    baseRef: pullRequest.baseSha,
    files: [...fileNames],
    ...(options.tempRoot ? { tempRoot: options.tempRoot } : {}),
    logger: options.logger,
  });
  return base.directory;
}

/** How deep the command and extension folders are read (`extensions/<name>/commands/a/b/c.toml`). */
const COMMAND_TREE_DEPTH = 6;
/** More configuration files than this are not configuration. */
const MAX_COMMAND_CONFIG_FILES = 500;

/**
 * On a pull request, a folder holding the base branch's `.gemini/commands` and the configuration
 * of its `.gemini/extensions` (each extension's manifest and other top-level files, `commands/`,
 * `agents/` and Markdown files such as its context file), at their repository paths, for the
 * run to load its commands and extensions from; undefined for other runs, which read the
 * workspace's. One GraphQL request lists both folders (with the commands' text); a second reads
 * the extensions' files, when there are any. An extension's code stays where the workspace has it.
 */
export async function commandConfigDirectoryFor(
  trigger: Trigger,
  options: { octokit: BaseTreeClient; tempRoot: string | undefined; logger: Logger },
): Promise<string | undefined> {
  const pullRequest = 'pullRequest' in trigger ? trigger.pullRequest : undefined;
  if (!pullRequest) return undefined;
  const at = { owner: trigger.repo.owner, repo: trigger.repo.name, sha: pullRequest.baseSha };
  const listing = await listBaseTrees(options.octokit, at, [
    { path: REPOSITORY_COMMANDS_PATH, depth: COMMAND_TREE_DEPTH, withText: true },
    { path: REPOSITORY_EXTENSIONS_PATH, depth: COMMAND_TREE_DEPTH, withText: false },
  ]);
  const extensionFiles = listing.files
    .filter((file) => file.path.startsWith(`${REPOSITORY_EXTENSIONS_PATH}/`))
    .filter((file) => isExtensionConfiguration(file.path));
  const commandFiles = listing.files.filter((file) =>
    file.path.startsWith(`${REPOSITORY_COMMANDS_PATH}/`),
  );
  if (commandFiles.length + extensionFiles.length > MAX_COMMAND_CONFIG_FILES) {
    throw new ConfigurationError(
      `expected at most ${MAX_COMMAND_CONFIG_FILES} command and extension configuration files on the base branch (${pullRequest.baseRef} at ${pullRequest.baseSha.slice(0, 7)}), found ${commandFiles.length + extensionFiles.length}.`,
    );
  }
  const read = await readBaseFiles(
    options.octokit,
    at,
    extensionFiles.filter((file) => file.unusable === undefined).map((file) => file.path),
  );
  const files = [...commandFiles, ...extensionFiles.filter((file) => file.unusable), ...read];
  for (const file of files) {
    if (file.unusable !== undefined) {
      options.logger.warning(`Base-branch ${file.path} was not used: ${file.unusable}.`);
    }
  }
  for (const skipped of listing.skipped) {
    options.logger.debug(`Base-branch ${skipped.path} was not read: ${skipped.reason}.`);
  }
  const directory = await writeBaseFiles(files, {
    tempRoot: options.tempRoot,
    prefix: 'gemini-base-config-commands-',
  });
  options.logger.debug(
    `Read ${files.filter((file) => file.text !== undefined).length} command and extension file(s) from the base branch at ${pullRequest.baseSha}.`,
  );
  return directory;
}

/**
 * The files of an extension folder the run reads: its top-level files (the manifest, its context
 * file), its `commands/` and `agents/`, and Markdown anywhere in it (context files may sit in a
 * sub-folder). Dependencies and the rest of its code stay out.
 */
function isExtensionConfiguration(repoPath: string): boolean {
  const inside = repoPath
    .slice(REPOSITORY_EXTENSIONS_PATH.length + 1)
    .split('/')
    .slice(1);
  if (inside.length === 0 || inside.some((part) => part === 'node_modules' || part === '.git')) {
    return false;
  }
  if (inside.length === 1) return true;
  const [top] = inside;
  return top === 'commands' || top === 'agents' || repoPath.endsWith('.md');
}
