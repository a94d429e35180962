// The Action's whole run in-process: a real webhook payload, GitHub through nock (every request
// checked against GitHub's REST API description) and the model through the fake Gemini server.
import { readFile } from 'node:fs/promises';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { callsReply, httpError, textReply, usage, useFakeGemini } from '../support/fake-gemini.js';
import { githubApi } from '../support/github-api.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { runActionInProcess } from '../support/action-harness.js';
import type { HarnessRun } from '../support/action-harness.js';

const REPO = '/repos/Codertocat/Hello-World';
/** The trigger comment of the issue_comment example, on issue #1 by Codertocat. */
const TRIGGER_COMMENT_ID = 492700400;
const API_KEY = 'test-gemini-key-0123456789abcdef';
const GITHUB_TOKEN = 'ghs_TestJobToken0123456789abcdefABCDEF';
const RUN_URL = 'https://github.com/Codertocat/Hello-World/actions/runs/4242';
const COMMENT_ID = 900;
const COMMENT_URL = `https://github.com/Codertocat/Hello-World/issues/1#issuecomment-${COMMENT_ID}`;

afterEach(() => {
  nock.cleanAll();
});

interface GitHubRecord {
  /** Bodies sent to create the comment, then to edit it, in order. */
  commentBodies: string[];
  /** Every request body sent to GitHub, as JSON text. */
  requestBodies: string[];
  /** How many comments were created. */
  created: number;
}

/**
 * GitHub for an authorized run on issue #1: permission, reaction, context, one comment.
 * `beforeCommentCreated` runs before GitHub answers the comment's creation.
 */
function githubForRun(
  permission: string,
  options: { beforeCommentCreated?: () => Promise<void> } = {},
): GitHubRecord {
  const record: GitHubRecord = { commentBodies: [], requestBodies: [], created: 0 };
  const remember = (body: unknown) => {
    record.requestBodies.push(JSON.stringify(body));
    const text = (body as { body?: unknown }).body;
    if (typeof text === 'string') record.commentBodies.push(text);
  };
  githubApi()
    .get(`${REPO}/collaborators/Codertocat/permission`)
    .reply(200, { permission, role_name: permission, user: { login: 'Codertocat' } })
    .post(`${REPO}/issues/comments/${TRIGGER_COMMENT_ID}/reactions`)
    .reply(201, (_uri, body) => {
      remember(body);
      return { id: 1, content: 'eyes' };
    })
    .get(`${REPO}/issues/1`)
    .reply(200, {
      number: 1,
      title: 'Spelling error in the README file',
      body: 'It looks like you accidently spelled commit with two t.',
      state: 'open',
      html_url: 'https://github.com/Codertocat/Hello-World/issues/1',
      user: { login: 'Codertocat' },
      labels: [],
    })
    .get(`${REPO}/issues/1/comments`)
    .query(true)
    .reply(200, [])
    .post(`${REPO}/issues/1/comments`)
    .reply(async (_uri, body) => {
      await options.beforeCommentCreated?.();
      record.created++;
      remember(body);
      return [201, { id: COMMENT_ID, html_url: COMMENT_URL, body: '' }];
    })
    .patch(`${REPO}/issues/comments/${COMMENT_ID}`)
    .reply(200, (_uri, body) => {
      remember(body);
      return { id: COMMENT_ID, html_url: COMMENT_URL, body: '' };
    })
    .persist();
  return record;
}

/** The Action on an issue_comment event, with GitHub faked by nock (see githubForRun). */
async function run(
  server: FakeGeminiServer,
  options: {
    inputs?: Record<string, string>;
    commentBody?: string;
    event?: { name: string; payload: unknown };
    /** The event file's text, instead of the payload as JSON. */
    eventText?: string;
    /** Runner variables to set, or to remove (undefined). */
    env?: Record<string, string | undefined>;
  } = {},
): Promise<HarnessRun> {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = options.commentBody ?? '/gemini describe the README';
  return runActionInProcess({
    eventName: options.event?.name ?? 'issue_comment',
    payload: options.event?.payload ?? payload,
    ...(options.eventText === undefined ? {} : { eventText: options.eventText }),
    github: { url: 'https://api.github.com', token: GITHUB_TOKEN },
    gemini: server,
    workspace: await tempRepo({ 'README.md': '# Hello-World\n' }, { git: true }),
    inputs: { gemini_api_key: API_KEY, max_turns: '5', ...options.inputs },
    ...(options.env === undefined ? {} : { env: options.env }),
    modelAttempts: 3,
  });
}

describe('runAction', () => {
  it('answers an authorized /gemini comment in one comment edited in place', async () => {
    const github = githubForRun('write');
    const server = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }], {
        usage: usage({ prompt: 100, candidates: 10 }),
      }),
      // The model repeats the key it must never see published.
      textReply(`The README is a one-line heading. (key ${API_KEY})`, {
        usage: usage({ prompt: 150, candidates: 20 }),
      }),
    ]);

    const { result, outputs, summary, failed, secrets, logs } = await run(server);

    expect(failed).toEqual([]);
    expect(result.conclusion).toBe('success');
    // One comment: created once, then only edited.
    expect(github.requestBodies[0]).toBe(JSON.stringify({ content: 'eyes' }));
    const bodies = github.commentBodies;
    expect(bodies.length).toBeGreaterThan(1);
    const final = bodies.at(-1) ?? '';
    expect(final).toMatch(/finished @Codertocat's task in \d+m? ?\d*s?/);
    expect(final).toContain('The README is a one-line heading.');
    expect(final).toContain(RUN_URL);
    expect(final).toContain('read_file');
    expect(outputs).toMatchObject({
      conclusion: 'success',
      comment_url: COMMENT_URL,
      tool_calls: '1',
      error: '',
    });
    expect(outputs).toMatchObject({ input_tokens: '250', output_tokens: '30' });
    expect(outputs.summary).toContain('The README is a one-line heading.');
    const transcript = await readFile(outputs.transcript_file ?? '', 'utf8');
    expect(transcript).toContain('"kind":"state_change"');
    expect(summary).toContain('The README is a one-line heading.');
    // The trigger comment is the task; the model was told it.
    expect(JSON.stringify(server.generateRequests()[0]?.body)).toContain('describe the README');

    // The key never leaves: not to GitHub, not in outputs, summary, transcript or logs.
    expect(secrets).toContain(API_KEY);
    expect(secrets).toContain(GITHUB_TOKEN);
    const published = [
      ...github.requestBodies,
      JSON.stringify(outputs),
      summary,
      transcript,
      ...logs,
      ...server.requests.map((request) => JSON.stringify(request.body)),
    ].join('\n');
    expect(published).toContain('***');
    expect(published).not.toContain(API_KEY);
    expect(published).not.toContain(GITHUB_TOKEN);
  });

  it('works on the task while the progress comment is still being posted, and ends in that comment', async () => {
    const server = await useFakeGemini([textReply('The README is a one-line heading.')]);
    // GitHub holds the comment's creation until the model is asked (or 5 s have passed, when
    // the run would wait for the comment first).
    let modelAskedFirst = false;
    const github = githubForRun('write', {
      beforeCommentCreated: async () => {
        modelAskedFirst = await Promise.race([
          server.waitForRequests(1).then(() => true),
          new Promise<false>((resolve) => {
            setTimeout(() => {
              resolve(false);
            }, 5000);
          }),
        ]);
      },
    });

    const { result, outputs } = await run(server);

    expect(modelAskedFirst).toBe(true);
    expect(result.conclusion).toBe('success');
    // Still one comment: created with the progress, then edited to the answer.
    expect(github.created).toBe(1);
    expect(github.commentBodies.length).toBeGreaterThan(1);
    expect(github.commentBodies.at(-1)).toContain('The README is a one-line heading.');
    expect(outputs.comment_url).toBe(COMMENT_URL);
  });

  it('skips quietly when the commenter cannot write to the repository', async () => {
    const github = githubForRun('read');
    const server = await useFakeGemini([]);

    const { result, outputs, summary, failed, logs } = await run(server);

    expect(result.conclusion).toBe('skipped');
    expect(outputs.conclusion).toBe('skipped');
    expect(failed).toEqual([]);
    expect(github.requestBodies).toEqual([]);
    // One line; the mention is escaped so the summary pings no one.
    expect(summary.trim().split('\n')).toHaveLength(1);
    expect(summary).toMatch(
      /^⏭️ Skipped: @\u200b?Codertocat has read permission on Codertocat\/Hello-World; write, maintain or admin is needed$/m,
    );
    expect(logs.some((line) => line.includes('has read permission'))).toBe(true);
    expect(server.requests).toEqual([]);
  });

  it('skips comments without the trigger phrase without calling GitHub', async () => {
    const server = await useFakeGemini([]);
    const { result, summary } = await run(server, { commentBody: 'nice work' });
    expect(result.conclusion).toBe('skipped');
    expect(summary).toContain('⏭️ Skipped:');
  });

  it('ends the comment with the model error when the model keeps failing', async () => {
    const github = githubForRun('admin');
    const server = await useFakeGemini([
      httpError(500, 'backend exploded'),
      httpError(500, 'backend exploded'),
      httpError(500, 'backend exploded'),
    ]);

    const { result, outputs, failed } = await run(server);

    expect(result.conclusion).toBe('failure');
    expect(server.generateRequests()).toHaveLength(3);
    const final = github.commentBodies.at(-1) ?? '';
    expect(final).toContain("failed @Codertocat's task");
    expect(final).toContain('Model error');
    expect(final).toContain(RUN_URL);
    expect(outputs.conclusion).toBe('failure');
    expect(outputs.error).not.toBe('');
    expect(failed).toEqual([outputs.error]);
  });

  it('says which budget stopped the run', async () => {
    const github = githubForRun('write');
    const server = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }]),
      textReply('never reached'),
    ]);

    const { result, outputs, failed } = await run(server, { inputs: { max_turns: '1' } });

    expect(result.conclusion).toBe('failure');
    const final = github.commentBodies.at(-1) ?? '';
    expect(final).toContain('Budget reached: the turn limit');
    expect(final).toContain(RUN_URL);
    expect(outputs.conclusion).toBe('failure');
    expect(failed).toHaveLength(1);
  });

  it('fails with the input named when an input is invalid, before calling anything', async () => {
    const server = await useFakeGemini([]);
    const { result, outputs, failed, summary } = await run(server, {
      inputs: { max_turns: 'lots' },
    });
    expect(result.conclusion).toBe('failure');
    expect(failed).toEqual(['max_turns: expected a positive whole number, got "lots".']);
    expect(outputs).toEqual({ conclusion: 'failure', error: failed[0] });
    // The job summary says it too (as Markdown): the README sends users there first.
    expect(summary.replaceAll('\\_', '_')).toBe(`❌ Failed: ${failed[0] ?? ''}\n`);
  });

  it("names the runner variable and the file when the event can't be read", async () => {
    const server = await useFakeGemini([]);
    const missing = '/nonexistent/event.json';
    const cases: [Parameters<typeof run>[1], RegExp][] = [
      [
        { env: { GITHUB_EVENT_PATH: missing } },
        /^GITHUB_EVENT_PATH: \/nonexistent\/event\.json does not exist; expected the event's JSON payload there\.$/,
      ],
      [
        { eventText: '{\n  "action": "created",\n  "comment": }' },
        /^GITHUB_EVENT_PATH: \S+event\.json is not JSON: line 3, column 14: Unexpected token/,
      ],
      [
        { env: { GITHUB_EVENT_PATH: undefined } },
        /^GITHUB_EVENT_PATH: expected the path of the issue_comment event's JSON payload, which the runner sets with GITHUB_EVENT_NAME; it is empty\.$/,
      ],
      [
        { env: { GITHUB_EVENT_NAME: '' } },
        /^GITHUB_EVENT_NAME: expected the name of the event whose payload is \S+event\.json/,
      ],
      [
        { env: { GITHUB_EVENT_NAME: undefined, GITHUB_EVENT_PATH: undefined } },
        /^GITHUB_EVENT_NAME: expected a GitHub Actions runner environment: GITHUB_EVENT_NAME and GITHUB_EVENT_PATH are not set\.$/,
      ],
    ];
    for (const [options, message] of cases) {
      const { result, failed, summary } = await run(server, options);
      expect(result.conclusion).toBe('failure');
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatch(message);
      expect(summary.replaceAll('\\_', '_')).toBe(`❌ Failed: ${failed[0] ?? ''}\n`);
    }
  });

  it("skips a fork's pull_request run, which GitHub gives no secrets, and says how to review forks", async () => {
    const server = await useFakeGemini([]);
    const payload = webhookExample('pull_request', { action: 'opened' });
    payload.pull_request.head.repo = { ...payload.repository, full_name: 'mallory/Hello-World' };
    const fork = await run(server, {
      inputs: { gemini_api_key: '' },
      event: { name: 'pull_request', payload },
    });
    expect(fork.result.conclusion).toBe('skipped');
    expect(fork.failed).toEqual([]);
    expect(fork.summary).toContain('GitHub gives such runs no secrets');
    expect(fork.summary).toContain('a maintainer comments /gemini review');

    // The same missing key on the repository's own pull request is a failure to fix.
    const own = await run(server, {
      inputs: { gemini_api_key: '' },
      event: {
        name: 'pull_request',
        payload: webhookExample('pull_request', { action: 'opened' }),
      },
    });
    expect(own.result.conclusion).toBe('failure');
    expect(own.failed[0]).toMatch(/^gemini_api_key: expected model credentials/);
  });
});
