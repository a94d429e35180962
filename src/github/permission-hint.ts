/**
 * GitHub's refusal of a write the token is not permitted to make, turned into an error the
 * workflow's author can act on.
 */
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import { githubStatus } from './error-status.js';

/**
 * A refusal for lack of permission is something the workflow's author can fix, so it becomes a
 * `ConfigurationError` naming the permission; GitHub also answers 403 to a rate limit, which no
 * permission fixes, so that one passes through.
 */
export async function withPermissionHint<T>(
  action: string,
  request: () => Promise<T>,
  permission = '`issues: write`',
): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const status = githubStatus(error);
    if ((status === 401 || status === 403) && !/rate limit/i.test(errorMessage(error))) {
      throw new ConfigurationError(
        `could not ${action}: ${errorMessage(error)} (HTTP ${status}). The token needs ${permission} under \`permissions:\` in the workflow.`,
        { input: 'github_token' },
        { cause: error },
      );
    }
    throw error;
  }
}

/** `withPermissionHint` for every write of one client, which all need the same `permission`. */
export function permissionHint(
  permission: string,
): <T>(action: string, request: () => Promise<T>) => Promise<T> {
  return (action, request) => withPermissionHint(action, request, permission);
}
