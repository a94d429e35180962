// Who may start a run: the actor's permission read through a real Octokit from a nock'd GitHub.
import type { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { PermissionClient } from '../../src/github/authorize.js';
import {
  authorize,
  isForkHead,
  needsPermissionCheck,
  PermissionCheckError,
} from '../../src/github/authorize.js';
import type { GitHubClient } from '../../src/github/octokit.js';
import type { Trigger } from '../../src/github/trigger.js';
import { parseTrigger } from '../../src/github/trigger.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { githubApi, quietOctokit } from '../support/github-api.js';
import {
  fromFork,
  issueCommentOnPullRequest,
  webhookExample,
} from '../support/webhook-payloads.js';

const PERMISSION_PATH = (login: string) =>
  `/repos/Codertocat/Hello-World/collaborators/${encodeURIComponent(login)}/permission`;

afterEach(() => {
  nock.cleanAll();
});

function parsed(eventName: string, payload: unknown, options = {}): Trigger {
  const trigger = parseTrigger(eventName, payload, options);
  if (trigger.kind === 'ignored') throw new Error(`ignored: ${trigger.reason}`);
  return trigger;
}

/** A `/gemini` comment on issue #1 of Codertocat/Hello-World by `login`. */
function commentBy(login: string, type = 'User'): Trigger {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = '/gemini fix the typo';
  payload.comment.user.login = login;
  payload.comment.user.type = type as 'User' | 'Bot';
  payload.comment.author_association = 'MEMBER';
  payload.sender.login = login;
  return parsed('issue_comment', payload);
}

function permissionBody(login: string, permission: string, roleName: string) {
  return {
    permission,
    role_name: roleName,
    user: {
      login,
      id: 1,
      node_id: 'MDQ6VXNlcjE=',
      avatar_url: 'https://github.com/images/error/octocat_happy.gif',
      gravatar_id: '',
      url: `https://api.github.com/users/${login}`,
      html_url: `https://github.com/${login}`,
      type: 'User',
      site_admin: false,
      permissions: {
        pull: true,
        triage: true,
        push: permission !== 'read',
        maintain: false,
        admin: false,
      },
      role_name: roleName,
    },
  };
}

function replyPermission(login: string, permission: string, roleName: string): nock.Scope {
  return githubApi()
    .get(PERMISSION_PATH(login))
    .matchHeader('authorization', 'token test-token')
    .reply(200, permissionBody(login, permission, roleName));
}

describe('maintainer commands', () => {
  it("accepts the project's Octokit client", () => {
    expectTypeOf<GitHubClient>().toExtend<PermissionClient>();
    expectTypeOf<Octokit>().toExtend<PermissionClient>();
  });

  it.each([
    ['admin', 'admin', 'admin'],
    ['write', 'maintain', 'maintain'],
    ['write', 'write', 'write'],
    ['write', 'release-manager', 'write'],
  ])('allows permission %s with role %s', async (permission, role, level) => {
    const scope = replyPermission('alice', permission, role);
    const logger = memoryLogger();
    const result = await authorize(commentBy('alice'), {
      client: quietOctokit(),
      allowedBots: [],
      logger,
    });
    expect(result).toEqual({
      authorized: true,
      trust: 'maintainer',
      via: 'permission',
      permission: level,
      role,
      forkHead: false,
    });
    expect(logger.lines).toContainEqual({
      level: 'info',
      message: `@alice has ${role} permission on Codertocat/Hello-World.`,
    });
    scope.done();
  });

  it.each([
    ['read', 'triage'],
    ['read', 'read'],
    ['none', 'none'],
  ])('denies permission %s with role %s, even for a MEMBER', async (permission, role) => {
    const scope = replyPermission('bob', permission, role);
    const logger = memoryLogger();
    const result = await authorize(commentBy('bob'), {
      client: quietOctokit(),
      allowedBots: [],
      logger,
    });
    expect(result).toEqual({
      authorized: false,
      reason: `@bob has ${role} permission on Codertocat/Hello-World; write, maintain or admin is needed`,
    });
    expect(logger.lines.at(-1)?.message).toBe(
      `Not running: ${result.authorized ? '' : result.reason}.`,
    );
    scope.done();
  });

  it('denies a user who is not a collaborator (404)', async () => {
    const scope = githubApi()
      .get(PERMISSION_PATH('mallory'))
      .reply(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    const result = await authorize(commentBy('mallory'), {
      client: quietOctokit(),
      allowedBots: [],
      logger: memoryLogger(),
    });
    expect(result).toEqual({
      authorized: false,
      reason: '@mallory is not a collaborator on Codertocat/Hello-World',
    });
    scope.done();
  });

  it('fails closed with a clear error when GitHub fails (500)', async () => {
    const scope = githubApi().get(PERMISSION_PATH('alice')).reply(500, { message: 'Server Error' });
    const run = authorize(commentBy('alice'), {
      client: quietOctokit(),
      allowedBots: [],
      logger: memoryLogger(),
    });
    await expect(run).rejects.toThrow(PermissionCheckError);
    await expect(run).rejects.toThrow(
      /^Could not read @alice's permission on Codertocat\/Hello-World \(HTTP 500: Server Error.*\); not running without it\.$/,
    );
    scope.done();
  });

  it('fails closed when GitHub cannot be reached', async () => {
    const scope = githubApi().get(PERMISSION_PATH('alice')).replyWithError('socket hang up');
    await expect(
      authorize(commentBy('alice'), {
        client: quietOctokit(),
        allowedBots: [],
        logger: memoryLogger(),
      }),
    ).rejects.toThrow(/^Could not read @alice's permission on Codertocat\/Hello-World \(/);
    scope.done();
  });

  it('blames the token when GitHub refuses it (403), naming the input', async () => {
    const scope = githubApi()
      .get(PERMISSION_PATH('alice'))
      .reply(403, { message: 'Resource not accessible by integration' });
    const run = authorize(commentBy('alice'), {
      client: quietOctokit(),
      allowedBots: [],
      logger: memoryLogger(),
    });
    await expect(run).rejects.toThrow(ConfigurationError);
    await expect(run).rejects.toThrow(
      /^github_token: the token could not read @alice's permission on Codertocat\/Hello-World \(HTTP 403: Resource not accessible by integration/,
    );
    scope.done();
  });

  it('fails closed on an answer without a permission', async () => {
    const scope = githubApi().get(PERMISSION_PATH('alice')).reply(200, {});
    expect(
      await authorize(commentBy('alice'), {
        client: quietOctokit(),
        allowedBots: [],
        logger: memoryLogger(),
      }),
    ).toEqual({
      authorized: false,
      reason:
        '@alice has no permission on Codertocat/Hello-World; write, maintain or admin is needed',
    });
    scope.done();
  });

  it('checks the assigner of an issue and the dispatcher', async () => {
    const scope = replyPermission('Codertocat', 'read', 'read');
    const dispatchScope = githubApi()
      .get('/repos/octo-org/octo-repo/collaborators/octocat/permission')
      .reply(200, permissionBody('octocat', 'write', 'write'));
    const assigned = parsed('issues', webhookExample('issues', { action: 'assigned' }));
    expect(
      await authorize(assigned, {
        client: quietOctokit(),
        allowedBots: [],
        logger: memoryLogger(),
      }),
    ).toMatchObject({ authorized: false });
    const dispatch = webhookExample('workflow_dispatch', { ref: 'refs/heads/main' });
    const dispatched = parsed('workflow_dispatch', dispatch, { prompt: 'x' });
    expect(
      await authorize(dispatched, {
        client: quietOctokit(),
        allowedBots: [],
        logger: memoryLogger(),
      }),
    ).toMatchObject({ authorized: true, trust: 'maintainer', permission: 'write' });
    scope.done();
    dispatchScope.done();
  });
});

describe('bots', () => {
  function botComment(login: string): Trigger {
    return commentBy(login, 'Bot');
  }

  it('allows a bot only by its exact login, ignoring case as GitHub does', async () => {
    const logger = memoryLogger();
    const options = { client: quietOctokit(), allowedBots: ['dependabot[bot]'], logger };
    expect(await authorize(botComment('dependabot[bot]'), options)).toEqual({
      authorized: true,
      trust: 'maintainer',
      via: 'allowed_bot',
      permission: undefined,
      role: undefined,
      forkHead: false,
    });
    expect(await authorize(botComment('Dependabot[bot]'), options)).toMatchObject({
      authorized: true,
    });
  });

  it.each(['dependabot-bot[bot]', 'dependabot[bot][bot]', 'evil-dependabot[bot]', 'renovate[bot]'])(
    'denies the look-alike %s without asking GitHub',
    async (login) => {
      const result = await authorize(botComment(login), {
        client: quietOctokit(),
        allowedBots: ['dependabot[bot]'],
        logger: memoryLogger(),
      });
      expect(result).toEqual({
        authorized: false,
        reason: `@${login} is a bot and not in allowed_bots`,
      });
    },
  );

  it('hints at the [bot] suffix when the list names the bot without it', async () => {
    const result = await authorize(botComment('dependabot[bot]'), {
      client: quietOctokit(),
      allowedBots: ['dependabot'],
      logger: memoryLogger(),
    });
    expect(result).toEqual({
      authorized: false,
      reason:
        '@dependabot[bot] is a bot and not in allowed_bots (allowed_bots lists "dependabot"; ' +
        'bot logins end in [bot], so list "dependabot[bot]")',
    });
  });

  it('treats a login ending in [bot] as a bot whatever type the payload claims', async () => {
    const result = await authorize(commentBy('dependabot[bot]', 'User'), {
      client: quietOctokit(),
      allowedBots: [],
      logger: memoryLogger(),
    });
    expect(result).toEqual({
      authorized: false,
      reason: '@dependabot[bot] is a bot and not in allowed_bots',
    });
  });

  it('checks a user named like a listed bot as the user it is', async () => {
    const scope = githubApi().get(PERMISSION_PATH('dependabot')).reply(404, {});
    const result = await authorize(commentBy('dependabot'), {
      client: quietOctokit(),
      allowedBots: ['dependabot[bot]', 'dependabot'],
      logger: memoryLogger(),
    });
    expect(result).toEqual({
      authorized: false,
      reason: '@dependabot is not a collaborator on Codertocat/Hello-World',
    });
    scope.done();
  });
});

describe('automatic runs', () => {
  it('need no user check and are marked automatic', async () => {
    const logger = memoryLogger();
    const options = { client: quietOctokit(), allowedBots: [], logger };
    const runs: Trigger[] = [
      parsed('pull_request', webhookExample('pull_request', { action: 'opened' })),
      parsed('schedule', webhookExample('schedule'), { prompt: 'x' }),
      parsed('push', webhookExample('push', { ref: 'refs/heads/master' }), { prompt: 'x' }),
      parsed('issues', webhookExample('issues', { action: 'opened' })),
    ];
    for (const trigger of runs) {
      expect(needsPermissionCheck(trigger)).toBe(false);
      expect(await authorize(trigger, options)).toEqual({
        authorized: true,
        trust: 'automatic',
        via: 'automatic',
        permission: undefined,
        role: undefined,
        forkHead: false,
      });
    }
    // No request was made: nock would have refused it.
  });

  it('marks pull requests from forks, under pull_request and pull_request_target', async () => {
    const options = { client: quietOctokit(), allowedBots: [], logger: memoryLogger() };
    const fork = parsed(
      'pull_request',
      fromFork(webhookExample('pull_request', { action: 'opened' })),
    );
    expect(await authorize(fork, options)).toMatchObject({ trust: 'automatic', forkHead: true });
    const target = parsed(
      'pull_request_target',
      fromFork(webhookExample('pull_request_target', { action: 'opened' })),
    );
    expect(await authorize(target, options)).toMatchObject({ forkHead: true });
    const sameRepoTarget = parsed(
      'pull_request_target',
      webhookExample('pull_request_target', { action: 'opened' }),
    );
    expect(isForkHead(sameRepoTarget)).toBe(false);
  });

  it('asks who opened an issue before an invoke run on it', async () => {
    const trigger = parsed('issues', webhookExample('issues', { action: 'opened' }), {
      mode: 'invoke',
      prompt: 'Implement it.',
    });
    expect(needsPermissionCheck(trigger)).toBe(true);
    const scope = replyPermission('Codertocat', 'read', 'read');
    expect(
      await authorize(trigger, { client: quietOctokit(), allowedBots: [], logger: memoryLogger() }),
    ).toMatchObject({ authorized: false });
    scope.done();
  });
});

describe('fork heads of commands', () => {
  it('marks a review comment on a fork pull request', async () => {
    const payload = fromFork(webhookExample('pull_request_review_comment', { action: 'created' }));
    payload.comment.body = '/gemini fix';
    const scope = replyPermission('Codertocat', 'admin', 'admin');
    expect(
      await authorize(parsed('pull_request_review_comment', payload), {
        client: quietOctokit(),
        allowedBots: [],
        logger: memoryLogger(),
      }),
    ).toMatchObject({ authorized: true, trust: 'maintainer', forkHead: true });
    scope.done();
  });

  it('assumes a fork while the head of a PR comment is unknown, and says so', async () => {
    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini fix';
    const logger = memoryLogger();
    const scope = replyPermission('Codertocat', 'admin', 'admin');
    expect(
      await authorize(parsed('issue_comment', payload), {
        client: quietOctokit(),
        allowedBots: [],
        logger,
      }),
    ).toMatchObject({ authorized: true, forkHead: true });
    expect(logger.lines).toContainEqual({
      level: 'warning',
      message: "Pull request #2 was not looked up; treating its head as a fork's.",
    });
    scope.done();
  });
});
