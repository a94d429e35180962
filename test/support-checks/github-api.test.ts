// The GitHub fake checks requests against GitHub's REST API description; these tests show that it
// catches what GitHub would reject, so the tests relying on it can be trusted.
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/github/octokit.js';
import { silentLogger } from '../../src/platform/logger.js';
import { GITHUB_API, assertGitHubRequest, githubApi } from '../support/github-api.js';

const repo = { owner: 'octo-org', repo: 'hello-world' };

function octokit(baseUrl = GITHUB_API) {
  return createOctokit({
    token: 'ghs_test',
    baseUrl,
    logger: silentLogger,
    retry: { retries: 0 },
    throttle: { enabled: false },
  });
}

/**
 * A route typed as a plain string, so the request parameters are not checked at compile time:
 * these tests send what a buggy caller (or an untyped `octokit.request`) might.
 */
function untyped(route: string): string {
  return route;
}

afterEach(() => {
  nock.cleanAll();
});

describe('assertGitHubRequest', () => {
  it('accepts requests GitHub accepts', () => {
    const valid: [string, string, unknown?][] = [
      ['POST', '/repos/o/r/issues/1/comments', { body: 'Working on it…' }],
      ['PATCH', '/repos/o/r/issues/comments/42', '{"body":"Done"}'],
      ['POST', '/repos/o/r/issues/comments/42/reactions', { content: 'eyes' }],
      ['GET', '/repos/o/r/collaborators/octocat/permission'],
      ['GET', '/repos/o/r/pulls/7/files?per_page=100&page=2'],
      ['GET', '/search/issues?q=is%3Apr%20repo%3Ao%2Fr'],
      ['GET', '/repos/o/r/contents/.gemini%2Fsettings.json?ref=main'],
      ['GET', '/repos/o/r/contents/.gemini/settings.json?ref=main'],
      ['PATCH', '/repos/o/r/git/refs/heads%2Fgemini%2Fissue-7', { sha: 'a'.repeat(40) }],
      [
        'POST',
        '/repos/o/r/pulls/7/reviews',
        {
          commit_id: 'b'.repeat(40),
          event: 'COMMENT',
          body: 'Two suggestions.',
          comments: [{ path: 'src/a.ts', line: 3, side: 'RIGHT', body: 'Typo.' }],
        },
      ],
    ];
    for (const [method, path, body] of valid) {
      expect(() => {
        assertGitHubRequest(method, path, body);
      }, `${method} ${path}`).not.toThrow();
    }
  });

  it('rejects a body without a required property, naming it', () => {
    expect(() => {
      assertGitHubRequest('POST', '/repos/o/r/issues/1/comments', { text: 'hi' });
    }).toThrow(
      "GitHub API request POST /repos/o/r/issues/1/comments does not match GitHub's REST API: issues/create-comment: body must have required property 'body'; body must NOT have additional properties (text)",
    );
  });

  it('rejects a property GitHub would silently ignore', () => {
    expect(() => {
      assertGitHubRequest('POST', '/repos/o/r/pulls/7/reviews', { body: 'x', evnt: 'COMMENT' });
    }).toThrow(/body must NOT have additional properties \(evnt\)/);
  });

  it('rejects values outside an enum and of the wrong type', () => {
    expect(() => {
      assertGitHubRequest('POST', '/repos/o/r/pulls/7/reviews', { event: 'MERGE' });
    }).toThrow(
      /body\/event must be equal to one of the allowed values \(\["APPROVE","REQUEST_CHANGES","COMMENT"\]\)/,
    );
    expect(() => {
      assertGitHubRequest('POST', '/repos/o/r/issues/comments/1/reactions', {
        content: 'thumbsup',
      });
    }).toThrow(/body\/content must be equal to one of the allowed values/);
    expect(() => {
      assertGitHubRequest('PATCH', '/repos/o/r/issues/comments/1', { body: 42 });
    }).toThrow(/body\/body must be string/);
  });

  it('rejects a body that is not JSON, or a body where none is taken', () => {
    expect(() => {
      assertGitHubRequest('POST', '/repos/o/r/issues/1/comments', 'body=hi');
    }).toThrow(/the body is not JSON/);
    expect(() => {
      assertGitHubRequest('GET', '/repos/o/r/issues/1', { body: 'x' });
    }).toThrow(/issues\/get takes no body, but one was sent/);
  });

  it('rejects an unknown endpoint with a pointer to the script', () => {
    expect(() => {
      assertGitHubRequest('GET', '/repos/o/r/issue/1');
    }).toThrow(
      /not an operation of GitHub's REST API description \(test\/fixtures\/github-openapi\.json\)\. If the code should call it, add it to OPERATIONS in scripts\/update-github-openapi\.mjs/,
    );
  });

  it('rejects a method the endpoint does not have', () => {
    expect(() => {
      assertGitHubRequest('PUT', '/repos/o/r/issues/1/comments', { body: 'x' });
    }).toThrow(
      /\/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}\/comments has no PUT \(only GET, POST\)/,
    );
  });

  it('rejects path parameters of the wrong type', () => {
    expect(() => {
      assertGitHubRequest('GET', '/repos/o/r/issues/first');
    }).toThrow(/path parameter issue_number="first": issue_number must be integer/);
  });

  it('checks query parameter names, values and required ones', () => {
    expect(() => {
      assertGitHubRequest('GET', '/repos/o/r/pulls/7/files?perpage=100');
    }).toThrow(
      /unknown query parameter perpage \(\/repos\/\{owner\}\/\{repo\}\/pulls\/\{pull_number\}\/files takes: per_page, page\)/,
    );
    expect(() => {
      assertGitHubRequest('GET', '/repos/o/r/pulls/7/files?per_page=all');
    }).toThrow(/query parameter per_page="all": per_page must be integer/);
    expect(() => {
      assertGitHubRequest('GET', '/search/issues?per_page=5');
    }).toThrow(/missing required query parameter q/);
  });
});

describe('githubApi', () => {
  it('lets requests that GitHub accepts through to the interceptor', async () => {
    const scope = githubApi()
      .post('/repos/octo-org/hello-world/issues/7/comments', { body: 'Working on it…' })
      .reply(201, { id: 99, html_url: 'https://github.com/octo-org/hello-world/issues/7#c99' });
    const { data } = await octokit().rest.issues.createComment({
      ...repo,
      issue_number: 7,
      body: 'Working on it…',
    });
    expect(data.id).toBe(99);
    scope.done();
  });

  it("accepts Octokit's own requests for the endpoints the project uses", async () => {
    const problems: string[] = [];
    githubApi({ onProblem: (message) => problems.push(message) })
      .persist()
      .intercept(/.*/, 'GET')
      .reply(200, {})
      .intercept(/.*/, 'POST')
      .reply(201, {})
      .intercept(/.*/, 'PATCH')
      .reply(200, {})
      .intercept(/.*/, 'DELETE')
      .reply(204);
    const { rest } = octokit();
    await Promise.all([
      rest.repos.getContent({ ...repo, path: '.gemini/settings.json', ref: 'main' }),
      rest.pulls.get({ ...repo, pull_number: 7, mediaType: { format: 'diff' } }),
      rest.pulls.listFiles({ ...repo, pull_number: 7, per_page: 100 }),
      rest.pulls.createReplyForReviewComment({ ...repo, pull_number: 7, comment_id: 3, body: 'x' }),
      rest.reactions.createForPullRequestReviewComment({ ...repo, comment_id: 3, content: 'eyes' }),
      rest.reactions.createForIssue({ ...repo, issue_number: 7, content: 'eyes' }),
      rest.issues.addLabels({ ...repo, issue_number: 7, labels: ['bug', 'area/api'] }),
      rest.issues.removeLabel({ ...repo, issue_number: 7, name: 'needs triage' }),
      rest.issues.updateComment({ ...repo, comment_id: 9, body: 'Done.' }),
      rest.git.createRef({ ...repo, ref: 'refs/heads/gemini/issue-7', sha: 'a'.repeat(40) }),
      rest.git.updateRef({ ...repo, ref: 'heads/gemini/issue-7', sha: 'b'.repeat(40) }),
      rest.pulls.create({ ...repo, title: 'Fix', head: 'gemini/issue-7', base: 'main', body: '' }),
      rest.search.issuesAndPullRequests({ q: 'repo:octo-org/hello-world is:pr', per_page: 5 }),
    ]);
    expect(problems).toEqual([]);
  });

  it('fails a request with a wrong body and reports why', async () => {
    const problems: string[] = [];
    githubApi({ onProblem: (message) => problems.push(message) })
      .post('/repos/octo-org/hello-world/issues/comments/5/reactions')
      .reply(201, {});
    await expect(
      octokit().request(
        untyped('POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions'),
        {
          ...repo,
          comment_id: 5,
          content: 'thumbsup',
        },
      ),
    ).rejects.toThrow(/body\/content must be equal to one of the allowed values/);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^GitHub API request POST \/repos\/octo-org\/hello-world\/issues\/comments\/5\/reactions does not match GitHub's REST API: reactions\/create-for-issue-comment: body\/content must be equal to one of the allowed values/,
    );
  });

  it('refuses to define an interceptor for an endpoint GitHub does not have', () => {
    expect(() => githubApi().get('/repos/octo-org/hello-world/issue/7')).toThrow(
      /^nock interceptor GET \/repos\/octo-org\/hello-world\/issue\/7: not an operation of GitHub's REST API description/,
    );
    expect(() => githubApi().delete('/repos/octo-org/hello-world/issues/7')).toThrow(
      /has no DELETE \(only GET, PATCH\)/,
    );
  });

  it('reports a request to an unknown endpoint even when the code swallows the error', async () => {
    const problems: string[] = [];
    githubApi({ onProblem: (message) => problems.push(message) });
    await octokit()
      .request('GET /repos/{owner}/{repo}/secrets-of-the-universe', repo)
      .catch(() => undefined);
    expect(problems).toEqual([
      expect.stringMatching(
        /^GitHub API request GET \/repos\/octo-org\/hello-world\/secrets-of-the-universe: not an operation/,
      ),
    ]);
  });

  it('checks GitHub Enterprise requests below /api/v3', async () => {
    const scope = githubApi({ baseUrl: 'https://ghe.example.com/api/v3' })
      .get('/api/v3/repos/octo-org/hello-world/collaborators/octocat/permission')
      .reply(200, { permission: 'write' });
    const { data } = await octokit(
      'https://ghe.example.com/api/v3',
    ).rest.repos.getCollaboratorPermissionLevel({
      ...repo,
      username: 'octocat',
    });
    expect(data.permission).toBe('write');
    scope.done();
    expect(() =>
      githubApi({ baseUrl: 'https://ghe.example.com/api/v3' }).get('/api/v3/nope'),
    ).toThrow(/not an operation/);
  });

  // Without `onProblem` the running test fails when it finishes, even though the code under
  // test caught the failed request: `it.fails` expects exactly that.
  it.fails('fails the running test when a request does not match', async () => {
    githubApi().post('/repos/octo-org/hello-world/issues/7/comments').reply(201, {});
    await octokit()
      .request(untyped('POST /repos/{owner}/{repo}/issues/{issue_number}/comments'), {
        ...repo,
        issue_number: 7,
        text: 'wrong field',
      })
      .catch(() => undefined);
  });
});
