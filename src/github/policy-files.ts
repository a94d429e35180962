/**
 * Where a run's policy files are read from. Shared by the Action's phases; kept apart so the rule
 * "on a pull request, never the PR's own copy" has one home.
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
