/**
 * Which workflow file a run started from, read from the runner's `GITHUB_WORKFLOW_REF`
 * (`owner/repo/.github/workflows/review.yml@refs/heads/main`). The job's time limit is read from
 * that file, and a newer run of the same workflow is looked for by its name.
 */

/**
 * The workflow file's path in this repository (`.github/workflows/review.yml`); undefined for a
 * workflow of another repository (a reusable workflow called from elsewhere) or a ref that does
 * not name a workflow file.
 */
export function workflowFile(
  ref: string | undefined,
  repository: string | undefined,
): string | undefined {
  if (ref === undefined || repository === undefined) return undefined;
  const at = ref.indexOf('@');
  const full = at < 0 ? ref : ref.slice(0, at);
  const prefix = `${repository}/`;
  if (!full.toLowerCase().startsWith(prefix.toLowerCase())) return undefined;
  const file = full.slice(prefix.length);
  return file.startsWith('.github/workflows/') && !file.includes('..') ? file : undefined;
}

/** `review.yml` for `.github/workflows/review.yml`: the name GitHub's Actions API takes. */
export function workflowFileName(
  ref: string | undefined,
  repository: string | undefined,
): string | undefined {
  const file = workflowFile(ref, repository)?.slice('.github/workflows/'.length);
  return file !== undefined && /^[\w.-]+\.ya?ml$/.test(file) ? file : undefined;
}
