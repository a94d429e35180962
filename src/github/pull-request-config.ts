/**
 * Where a run's agent configuration comes from: on a pull request, the base branch — never the
 * PR's own copies, which a contributor could have changed — and the workspace otherwise. One home
 * for that rule, for the policy files and for the context files (GEMINI.md).
 */
import path from 'node:path';
import { ConfigurationError } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { BaseConfigClient } from './base-config.js';
import { loadBaseBranchConfig } from './base-config.js';
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
