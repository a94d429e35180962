/**
 * Where a run's change goes, decided from what started the run: an issue's change goes to a new
 * bot branch and pull request; a `/gemini` on a pull request from this repository goes to the
 * pull request's own branch (or, with `push_to_pr_branch: false`, to a bot branch with a pull
 * request into it); a pull request from a fork gets a patch in the comment and nothing pushed; a
 * scheduled or manual run goes to a maintenance branch.
 */
import type { Trigger } from '../github/trigger-types.js';
import {
  issueBranchName,
  issueBranchPrefix,
  campaignBranchName,
  maintenanceBranchName,
  pullRequestBranchName,
  pullRequestBranchPrefix,
} from './branch-name.js';

export type PublishTarget =
  | { kind: 'issue'; number: number; title: string }
  | {
      kind: 'pull_request';
      number: number;
      title: string;
      headRef: string;
      /** The head commit pinned when the run was triggered: the run builds on it. */
      headSha: string;
      baseRef: string;
      /** The head lives in another repository: nothing may be pushed for it. */
      isFork: boolean;
    }
  | { kind: 'maintenance'; name: string }
  /** One repository's run of a fleet campaign: the campaign key names its branch. */
  | { kind: 'campaign'; key: string };

export type BranchPlan =
  /** A branch of the bot's, with a pull request into `pullRequestBase` (or the default branch). */
  | {
      mode: 'bot_branch';
      /** The name for a new branch. */
      branch: string;
      /** A remote branch starting with this is an earlier run's branch for the same task. */
      earlierBranchPrefix: string;
      /** When only the exact name counts as the earlier branch (maintenance runs). */
      exact: boolean;
      /** The pull request's base; undefined means the repository's default branch. */
      pullRequestBase: string | undefined;
    }
  /** The pull request's own head branch; no new pull request. */
  | { mode: 'pr_branch'; branch: string; pullNumber: number }
  /** Nothing is pushed: the change is shown as a patch. */
  | { mode: 'patch'; reason: string };

export interface PlanOptions {
  /** The `branch_prefix` input. */
  branchPrefix: string;
  /** The `push_to_pr_branch` input. */
  pushToPrBranch: boolean;
}

export function planBranch(target: PublishTarget, options: PlanOptions): BranchPlan {
  const prefix = options.branchPrefix;
  switch (target.kind) {
    case 'issue':
      return {
        mode: 'bot_branch',
        branch: issueBranchName(prefix, target.number, target.title),
        earlierBranchPrefix: issueBranchPrefix(prefix, target.number),
        exact: false,
        pullRequestBase: undefined,
      };
    case 'maintenance':
    case 'campaign': {
      const branch =
        target.kind === 'campaign'
          ? campaignBranchName(prefix, target.key)
          : maintenanceBranchName(prefix, target.name);
      return {
        mode: 'bot_branch',
        branch,
        earlierBranchPrefix: branch,
        exact: true,
        pullRequestBase: undefined,
      };
    }
    case 'pull_request':
      if (target.isFork) {
        return {
          mode: 'patch',
          reason:
            'this pull request comes from a fork, and nothing is ever pushed for code from a fork',
        };
      }
      if (options.pushToPrBranch) {
        return { mode: 'pr_branch', branch: target.headRef, pullNumber: target.number };
      }
      return {
        mode: 'bot_branch',
        branch: pullRequestBranchName(prefix, target.number, target.title),
        earlierBranchPrefix: pullRequestBranchPrefix(prefix, target.number),
        exact: false,
        // Into the pull request's branch, so its diff shows only these changes.
        pullRequestBase: target.headRef,
      };
  }
}

/**
 * The target for a trigger, or undefined when the run publishes nothing of its own (a comment on
 * a pull request whose details were not resolved yet — call `resolvePullRequest` first).
 * `maintenanceName` names scheduled and manual runs (e.g. the workflow's name).
 */
export function publishTargetFor(
  trigger: Trigger,
  options: { maintenanceName: string; campaign?: string | undefined },
): PublishTarget | undefined {
  const pullRequest = 'pullRequest' in trigger ? trigger.pullRequest : undefined;
  if (pullRequest !== undefined) {
    return {
      kind: 'pull_request',
      number: pullRequest.number,
      title: pullRequest.title,
      headRef: pullRequest.headRef,
      headSha: pullRequest.headSha,
      baseRef: pullRequest.baseRef,
      isFork: pullRequest.isFork,
    };
  }
  if (trigger.kind === 'issue_comment') {
    return trigger.scope === 'issue'
      ? { kind: 'issue', number: trigger.number, title: trigger.issue.title }
      : undefined;
  }
  if (trigger.kind === 'issues') {
    return { kind: 'issue', number: trigger.number, title: trigger.issue.title };
  }
  if (trigger.number !== undefined) return undefined;
  if (options.campaign !== undefined) return { kind: 'campaign', key: options.campaign };
  return { kind: 'maintenance', name: options.maintenanceName };
}
