/**
 * Where a run's agent configuration comes from: on a pull request, the base branch — never the
 * PR's own copies, which a contributor could have changed — and the workspace otherwise. One home
 * for that rule, for the policy files, the context files (GEMINI.md) and settings, the project's
 * agents, and the custom commands and extensions, read together in one GraphQL request.
 */
import path from 'node:path';
import { ConfigurationError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { REPOSITORY_EXTENSIONS_PATH } from '../custom-commands/extensions/load-extensions.js';
import { REPOSITORY_COMMANDS_PATH } from '../custom-commands/run-commands.js';
import picomatch from 'picomatch';
import type { BaseTreeClient, ListedFile, TreeRequest } from './base-tree.js';
import { listBaseTrees, readBaseFiles, writeBaseFiles } from './base-tree.js';
import type { Trigger } from './trigger.js';

/** What a run reads from the base branch of a pull request, written to one folder. */
export interface BaseBranchConfig {
  /**
   * The files at their repository paths: the context files and settings, the project's agents,
   * `.gemini/commands` and the configuration of `.gemini/extensions`, and the policy files.
   */
  directory: string;
  /** Where each requested policy file was written, in the order asked. */
  policyPaths: string[];
}

/** How deep a requested folder (`.gemini/policies`) is read. */
const CONFIG_TREE_DEPTH = 4;
/** How deep the command and extension folders are read (`extensions/<name>/commands/a/b/c.toml`). */
const COMMAND_TREE_DEPTH = 6;
/** More configuration files than this are not configuration. */
const MAX_COMMAND_CONFIG_FILES = 500;

/**
 * On a pull request, every configuration file the run reads, from the base branch pinned by its
 * commit — never the PR's own copies, which a contributor could have changed (loosened a policy,
 * added an agent or a command): undefined for other runs, which read the workspace.
 *
 * `files` are repository paths of files or folders, or a `*` pattern in the last segment
 * (`.gemini/agents/*.md`); `policyFiles` are the workflow's policy files, each of which must exist
 * there (a missing one is an error rather than a silent fall-back to the PR's copy).
 *
 * One GraphQL request lists them all with their text, together with `.gemini/commands` and
 * `.gemini/extensions`; a second reads the extensions' configuration files, when there are any.
 * An extension's code is not read here: where the workspace holds the pull request's code, the
 * folders whose servers start are copied from the base commit later (pull-request-code.ts).
 */
export async function baseBranchConfigFor(
  trigger: Trigger,
  wanted: { files: readonly string[]; policyFiles: readonly string[] },
  options: { octokit: BaseTreeClient; tempRoot: string | undefined; logger: Logger },
): Promise<BaseBranchConfig | undefined> {
  const pullRequest = 'pullRequest' in trigger ? trigger.pullRequest : undefined;
  if (!pullRequest) return undefined;
  const at = { owner: trigger.repo.owner, repo: trigger.repo.name, sha: pullRequest.baseSha };
  const where = `${pullRequest.baseRef} at ${pullRequest.baseSha.slice(0, 7)}`;
  const configPaths = [...new Set([...wanted.files, ...wanted.policyFiles])].map(readAs);
  const requests: TreeRequest[] = [
    { path: REPOSITORY_COMMANDS_PATH, depth: COMMAND_TREE_DEPTH, withText: true },
    { path: REPOSITORY_EXTENSIONS_PATH, depth: COMMAND_TREE_DEPTH, withText: false },
  ];
  for (const wantedPath of configPaths) {
    if (!requests.some((request) => request.path === wantedPath.folder)) {
      requests.push({
        path: wantedPath.folder,
        depth: wantedPath.pattern === undefined ? CONFIG_TREE_DEPTH : 1,
        withText: true,
      });
    }
  }
  const listing = await listBaseTrees(options.octokit, at, requests);

  // A file listed by two requests (`.gemini` for a pattern, `.gemini/commands`) counts once, with
  // its text where one of them carried it.
  const listed = new Map<string, ListedFile>();
  for (const file of listing.files) {
    if (listed.get(file.path)?.text === undefined) listed.set(file.path, file);
  }
  const configFiles = new Map<string, ListedFile>();
  const found = new Map<string, ListedFile[]>();
  for (const wantedPath of configPaths) {
    const matches = [...listed.values()].filter((file) => wantedPath.matches(file.path));
    found.set(wantedPath.raw, matches);
    for (const file of matches) configFiles.set(file.path, file);
  }
  const missingPolicies = wanted.policyFiles.filter((file) => {
    const matches = found.get(file) ?? [];
    return matches.length === 0 || matches.some((match) => match.text === undefined);
  });
  if (missingPolicies.length > 0) {
    throw new ConfigurationError(
      `expected the policy files to exist on the base branch (${where}); not found or not a regular file: ${missingPolicies.join(', ')}.`,
      { input: 'policy' },
    );
  }

  const extensionFiles = [...listed.values()]
    .filter((file) => file.path.startsWith(`${REPOSITORY_EXTENSIONS_PATH}/`))
    .filter((file) => isExtensionConfiguration(file.path));
  const commandFiles = [...listed.values()].filter((file) =>
    file.path.startsWith(`${REPOSITORY_COMMANDS_PATH}/`),
  );
  if (commandFiles.length + extensionFiles.length > MAX_COMMAND_CONFIG_FILES) {
    throw new ConfigurationError(
      `expected at most ${MAX_COMMAND_CONFIG_FILES} command and extension configuration files on the base branch (${where}), found ${commandFiles.length + extensionFiles.length}.`,
    );
  }
  const read = await readBaseFiles(
    options.octokit,
    at,
    extensionFiles.filter((file) => file.unusable === undefined).map((file) => file.path),
  );
  const files = new Map<string, ListedFile>();
  for (const file of [
    ...configFiles.values(),
    ...commandFiles,
    ...extensionFiles.filter((candidate) => candidate.unusable),
    ...read,
  ]) {
    files.set(file.path, file);
  }
  for (const file of files.values()) {
    if (file.unusable !== undefined) {
      options.logger.warning(`Base-branch ${file.path} was not used: ${file.unusable}.`);
    }
  }
  for (const skipped of listing.skipped) {
    options.logger.debug(`Base-branch ${skipped.path} was not read: ${skipped.reason}.`);
  }
  const directory = await writeBaseFiles([...files.values()], {
    tempRoot: options.tempRoot,
    prefix: 'gemini-base-config-',
  });
  options.logger.debug(
    `Read ${[...files.values()].filter((file) => file.text !== undefined).length} configuration file(s) from the base branch at ${pullRequest.baseSha}.`,
  );
  const policyPaths = wanted.policyFiles.flatMap((file) =>
    (found.get(file) ?? []).map((match) => path.join(directory, ...match.path.split('/'))),
  );
  return { directory, policyPaths };
}

/**
 * How one wanted path is read: the folder to list (the path itself, or the parent of a `*`
 * pattern) and which listed files it means (the file, everything below the folder, or the
 * pattern's matches directly in the parent).
 */
function readAs(raw: string): {
  raw: string;
  folder: string;
  pattern?: string;
  matches: (repoPath: string) => boolean;
} {
  const trimmed = raw.trim().replace(/^\.\//, '').replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  const name = trimmed.slice(slash + 1);
  if (!name.includes('*')) {
    return {
      raw,
      folder: trimmed,
      matches: (repoPath) => repoPath === trimmed || repoPath.startsWith(`${trimmed}/`),
    };
  }
  const parent = slash < 0 ? '' : trimmed.slice(0, slash);
  if (parent === '') {
    throw new ConfigurationError(
      `expected a pattern inside a folder such as ".gemini/policy*.toml" to read from the base branch, but got "${raw}".`,
    );
  }
  const isMatch = picomatch(name, { dot: true });
  return {
    raw,
    folder: parent,
    pattern: name,
    matches: (repoPath) =>
      repoPath.startsWith(`${parent}/`) &&
      !repoPath.slice(parent.length + 1).includes('/') &&
      isMatch(repoPath.slice(parent.length + 1)),
  };
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
