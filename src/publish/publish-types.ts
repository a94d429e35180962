/**
 * The publishing step's types: the workspace's change as read from the working tree, what the
 * checks refuse, and what publishing did. The readers, the checks, the writers and the report's
 * publish section all speak these, so they live apart from any one of them.
 */

export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed';

/**
 * What a path is in the working tree. Only `file` and `symlink` can be committed; the others are
 * listed so that the checks can say why they were left out.
 */
export type ChangeKind =
  | 'file'
  | 'symlink'
  /** A FIFO, socket or device in place of a tracked file. */
  | 'special'
  /** A directory with its own `.git`: git would record it as a submodule pointer. */
  | 'nested_repository'
  /** A directory or file named `.git` below the top level, which git never records. */
  | 'git_directory'
  /** A name that is not valid UTF-8, which cannot be handled safely by name. */
  | 'unreadable_name';

export interface WorkspaceChange {
  path: string;
  /** For renames: where the content was before. */
  previousPath?: string;
  status: ChangeStatus;
  /** Bytes in the working tree: the file's size or the link target's length; 0 for deletions. */
  size: number;
  /** Git's file mode after the change (`100644`, `100755`, `120000`); the old one for deletions. */
  mode: string;
  previousMode?: string;
  kind: ChangeKind;
  /** The blob id of the new content (computed, not written); absent for deletions. */
  blob?: string;
  previousBlob?: string;
  /** For symlinks: where the link points, as written in it. */
  linkTarget?: string;
}

export interface WorkspaceChanges {
  /** The repository's top-level directory; entry paths are relative to it, with `/`. */
  root: string;
  /** The commit the change is measured against; undefined in a repository without commits. */
  base: string | undefined;
  objectFormat: 'sha1' | 'sha256';
  entries: WorkspaceChange[];
  /**
   * `-c` arguments for every git command that hashes working-tree files (filters defined during
   * the session switched off), so the blobs written later match the ones checked.
   */
  hashConfig: readonly string[];
}

/** A path of the base commit's tree. */
export interface TrackedEntry {
  mode: string;
  blob: string;
  path: string;
}

/** The repository settings that decide how the working tree is read. */
export interface RepositorySettings {
  fileMode: boolean;
  symlinks: boolean;
  objectFormat: 'sha1' | 'sha256';
}

/** A path as git printed it. */
export interface Name {
  text: string;
  /** False when the bytes are not valid UTF-8 (the text then holds replacement characters). */
  valid: boolean;
}

export type RefusalKind =
  | 'git_directory'
  | 'workflow'
  | 'too_large'
  | 'symlink_escape'
  | 'secret'
  | 'not_a_file'
  | 'preexisting';

export interface Refusal {
  path: string;
  previousPath?: string;
  kind: RefusalKind;
  /** Why, in a sentence that never quotes the refused content. */
  reason: string;
}

/** `create_pr`: whether a pushed branch gets a pull request, and a draft or a ready one. */
export const CREATE_PR_SETTINGS = ['never', 'draft', 'ready'] as const;
export type CreatePrSetting = (typeof CREATE_PR_SETTINGS)[number];

export interface PullRequestRef {
  number: number;
  url: string;
  /** True when this run opened it, false when it existed already. */
  created: boolean;
  draft: boolean;
}

/** How the agent's changes are published (invoke and maintenance runs): the Action's inputs. */
export interface PublishOptions {
  /** `branch_prefix`: new branches are `<branchPrefix>issue-<n>-<slug>` and the like. */
  branchPrefix: string;
  /** `push_to_pr_branch`: a `/gemini` on a same-repository pull request commits to its head. */
  pushToPrBranch: boolean;
  /** `allow_workflow_edits`: changes to `.github/workflows/` are published instead of refused. */
  allowWorkflowEdits: boolean;
  /** `signed_commits`: commits are made through the API so GitHub shows them as Verified. */
  signedCommits: boolean;
  /** `create_pr`. */
  createPr: CreatePrSetting;
  /** The largest file published; default 1 MiB. */
  maxFileBytes?: number;
}

export type PublishStatus = 'no_changes' | 'pushed' | 'patch_only' | 'all_refused' | 'failed';

export interface PublishedFile {
  path: string;
  previousPath?: string;
  status: ChangeStatus;
}

export interface PublishResult {
  status: PublishStatus;
  /** What was left out, and why. */
  refusals: Refusal[];
  /** What was (or, for a patch or a failure, would have been) published. */
  files: PublishedFile[];
  branch?: string;
  /** The branch the pull request goes into (for a "create a pull request" link). */
  baseBranch?: string;
  commitSha?: string;
  /** The commit is the work of a run that ended before it finished, marked `WIP:`. */
  workInProgress?: boolean;
  pullRequest?: PullRequestRef;
  /** Why no pull request could be opened or updated, although the branch was pushed. */
  pullRequestError?: string;
  /** The accepted change as a unified diff (redacted), when it was not pushed. */
  patch?: string;
  /** Why nothing was pushed (`patch_only`, `failed`). */
  error?: string;
}
