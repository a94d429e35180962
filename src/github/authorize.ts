/**
 * Who may start a run. A person's command (a comment, a review, an issue assignment, a dispatch,
 * or an `invoke` run on an issue they opened or labeled) needs their repository permission read
 * from the API to be write, maintain or admin. `author_association` is never consulted: MEMBER
 * or CONTRIBUTOR says nothing about write access. Bots have no permission to read; they may only
 * act when their exact login is in `allowed_bots` (GitHub logins ignore case, so the comparison
 * does too; nothing else is loosened: `dependabot` or `dependabot-bot` is not `dependabot[bot]`).
 *
 * Automatic runs (a pull request opened by anyone, an opened or labeled issue being triaged, a
 * schedule, a push) need no permission, and are marked `trust: 'automatic'` so the policy can
 * treat them apart from maintainer commands (`trust: 'maintainer'`).
 *
 * A user who is not a collaborator (404) or has too little permission is refused with a reason;
 * the caller ends quietly as skipped. Any other API failure fails closed: it throws, and the run
 * ends with that error rather than running unchecked or disappearing silently.
 */
import type { Logger } from '../platform/logger.js';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { Actor, Trigger } from './trigger.js';
import { normalizeLogin } from './trigger.js';
import type { RunTrust } from '../platform/run-mode.js';
import { githubStatus } from './error-status.js';

/** The part of an Octokit client {@link authorize} uses. */
export interface PermissionClient {
  rest: {
    repos: {
      getCollaboratorPermissionLevel(params: {
        owner: string;
        repo: string;
        username: string;
      }): Promise<{ data: { permission?: string; role_name?: string | null } }>;
    };
  };
}

export interface AuthorizeOptions {
  client: PermissionClient;
  /** The `allowed_bots` input: bot logins (such as `dependabot[bot]`) whose commands run. */
  allowedBots: readonly string[];
  logger: Logger;
}

export type WritePermission = 'admin' | 'maintain' | 'write';

export interface Authorized {
  authorized: true;
  trust: RunTrust;
  /** How it was decided: the actor's permission, the allowed-bots list, or an automatic event. */
  via: 'permission' | 'allowed_bot' | 'automatic';
  /** The actor's level (a custom role counts as the write level it is based on). */
  permission: WritePermission | undefined;
  /** The role GitHub reports, custom roles by their own name. */
  role: string | undefined;
  /**
   * The run is about a pull request whose head lives in another repository (or whose head is
   * unknown): the caller gives it no write access and no secrets.
   */
  forkHead: boolean;
}

export interface Unauthorized {
  authorized: false;
  reason: string;
}

export type Authorization = Authorized | Unauthorized;

/** The permission lookup failed for a reason other than "not a collaborator". */
export class PermissionCheckError extends Error {
  override readonly name = 'PermissionCheckError';
}

const WRITE_ROLES: readonly string[] = ['admin', 'maintain', 'write'];

/** Whether `trigger` is a person's request, which needs their permission checked. */
export function needsPermissionCheck(trigger: Trigger): boolean {
  switch (trigger.kind) {
    case 'issue_comment':
    case 'pull_request_review_comment':
    case 'pull_request_review':
    case 'workflow_dispatch':
    case 'repository_dispatch':
      return true;
    case 'issues':
      // Anyone may open an issue; only triage runs on it without asking who they are.
      return (
        trigger.action === 'assigned' || trigger.mode === 'invoke' || trigger.mode === 'maintenance'
      );
    case 'pull_request':
    case 'pull_request_target':
    case 'schedule':
    case 'push':
      return false;
  }
}

/** Whether the run works on a pull request head that is not this repository's own code. */
export function isForkHead(trigger: Trigger): boolean {
  if (trigger.scope !== 'pull_request') return false;
  if (!('pullRequest' in trigger) || !trigger.pullRequest) return true;
  return trigger.pullRequest.isFork;
}

export async function authorize(
  trigger: Trigger,
  options: AuthorizeOptions,
): Promise<Authorization> {
  const { logger } = options;
  const forkHead = isForkHead(trigger);
  if (trigger.scope === 'pull_request' && !('pullRequest' in trigger && trigger.pullRequest)) {
    logger.warning(
      `Pull request #${trigger.number} was not looked up; treating its head as a fork's.`,
    );
  }
  if (!needsPermissionCheck(trigger)) {
    logger.info(`The ${trigger.kind} event starts an automatic run; no user permission needed.`);
    return {
      authorized: true,
      trust: 'automatic',
      via: 'automatic',
      permission: undefined,
      role: undefined,
      forkHead,
    };
  }
  const actor = trigger.actor;
  if (!actor) return deny(logger, `the ${trigger.kind} event names no user to check`);
  const where = trigger.repo.fullName;
  if (actor.isBot) return authorizeBot(actor, options, forkHead);

  let data: { permission?: string; role_name?: string | null };
  try {
    ({ data } = await options.client.rest.repos.getCollaboratorPermissionLevel({
      owner: trigger.repo.owner,
      repo: trigger.repo.name,
      username: actor.login,
    }));
  } catch (error) {
    const status = githubStatus(error);
    if (status === 404) {
      return deny(logger, `@${actor.login} is not a collaborator on ${where}`);
    }
    const detail = `${status === undefined ? '' : `HTTP ${status}: `}${errorMessage(error)}`;
    if (status === 401 || status === 403) {
      throw new ConfigurationError(
        `the token could not read @${actor.login}'s permission on ${where} (${detail}); ` +
          `expected a token that can read collaborator permissions (the job's GITHUB_TOKEN can).`,
        { input: 'github_token' },
        { cause: error },
      );
    }
    throw new PermissionCheckError(
      `Could not read @${actor.login}'s permission on ${where} (${detail}); not running without it.`,
      { cause: error },
    );
  }

  const role = data.role_name ?? undefined;
  const permission = writeLevel(data);
  if (!permission) {
    const level = role ?? data.permission ?? 'no';
    return deny(
      logger,
      `@${actor.login} has ${level} permission on ${where}; write, maintain or admin is needed`,
    );
  }
  logger.info(`@${actor.login} has ${role ?? permission} permission on ${where}.`);
  return { authorized: true, trust: 'maintainer', via: 'permission', permission, role, forkHead };
}

/**
 * The write level in GitHub's answer. `permission` is the base level (maintain reads as write,
 * triage as read, a custom role as the level it extends); `role_name` names the role itself.
 */
function writeLevel(data: {
  permission?: string;
  role_name?: string | null;
}): WritePermission | undefined {
  if (data.permission !== 'admin' && data.permission !== 'write') return undefined;
  const role = data.role_name ?? '';
  return WRITE_ROLES.includes(role) ? (role as WritePermission) : data.permission;
}

function authorizeBot(actor: Actor, options: AuthorizeOptions, forkHead: boolean): Authorization {
  const login = normalizeLogin(actor.login);
  const listed = options.allowedBots.map(normalizeLogin);
  if (listed.includes(login)) {
    options.logger.info(`@${actor.login} is in allowed_bots.`);
    return {
      authorized: true,
      trust: 'maintainer',
      via: 'allowed_bot',
      permission: undefined,
      role: undefined,
      forkHead,
    };
  }
  const bare = login.replace(/\[bot\]$/, '');
  const hint =
    bare !== login && !bare.endsWith('[bot]') && listed.includes(bare)
      ? ` (allowed_bots lists "${bare}"; bot logins end in [bot], so list "${actor.login}")`
      : '';
  return deny(options.logger, `@${actor.login} is a bot and not in allowed_bots${hint}`);
}

function deny(logger: Logger, reason: string): Unauthorized {
  logger.info(`Not running: ${reason}.`);
  return { authorized: false, reason };
}
