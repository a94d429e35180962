/**
 * The HTTP status of a failed GitHub request, read one way for every layer that decides by it
 * (a 404 that means "not there", a 401 or 403 that means "not permitted", a 422 that means
 * "refused as invalid").
 */

/** The HTTP status of an Octokit request error, if it has one. */
export function githubStatus(error: unknown): number | undefined {
  const value = (error as { status?: unknown } | null | undefined)?.status;
  return typeof value === 'number' ? value : undefined;
}
