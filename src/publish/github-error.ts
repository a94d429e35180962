/**
 * What GitHub said when a request failed: its message (with the validation details of a 422),
 * for messages a user can act on. Its status is `githubStatus` (src/github/error-status.ts).
 */

/** GitHub's message and validation details, or the error's own message. */
export function githubMessage(error: unknown): string {
  const data = (error as { response?: { data?: { message?: unknown; errors?: unknown } } }).response
    ?.data;
  const details = Array.isArray(data?.errors)
    ? data.errors
        .map((item: unknown) =>
          typeof item === 'object' && item !== null && 'message' in item
            ? String(item.message)
            : '',
        )
        .filter((text) => text !== '')
    : [];
  if (typeof data?.message === 'string') return [data.message, ...details].join(': ');
  return error instanceof Error ? error.message : String(error);
}
