// Runs the committed Action bundle as the runner would — a child process with the runner's
// environment, an event payload file, INPUT_* variables and GITHUB_OUTPUT / GITHUB_STEP_SUMMARY
// files — against a local fake GitHub and the fake Gemini server.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { FakeGitHub } from '../support/fake-github-server.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';

const execFileAsync = promisify(execFile);
const action = path.resolve(import.meta.dirname, '../../dist/index.js');

const API_KEY = 'e2e-gemini-key-0123456789abcdef';
const RUN_URL = 'https://github.com/Codertocat/Hello-World/actions/runs/777';

/** Parses the runner's GITHUB_OUTPUT file (`name<<delimiter` blocks). */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!match?.[1] || !match[2]) continue;
    const value: string[] = [];
    while (++i < lines.length && lines[i] !== match[2]) value.push(lines[i] ?? '');
    outputs[match[1]] = value.join('\n');
  }
  return outputs;
}

/** `/gemini …` by `login` on issue #1 of Codertocat/Hello-World (the real example payload). */
function commentEvent(login: string, body: string) {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = body;
  payload.comment.user.login = login;
  payload.sender.login = login;
  return payload;
}

async function fakeGitHubFor(
  payload: ReturnType<typeof commentEvent>,
  permissions: Record<string, 'read' | 'write'>,
): Promise<FakeGitHub> {
  return useFakeGitHub({
    repo: { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' },
    permissions,
    issues: [
      {
        number: payload.issue.number,
        title: payload.issue.title,
        body: payload.issue.body ?? '',
        user: 'Codertocat',
        createdAt: payload.issue.created_at,
        comments: [
          {
            id: payload.comment.id,
            user: payload.comment.user.login,
            body: payload.comment.body,
            createdAt: payload.comment.created_at,
          },
        ],
      },
    ],
  });
}

async function runAction(options: {
  payload: unknown;
  inputs: Record<string, string>;
  github: FakeGitHub | undefined;
  gemini: FakeGeminiServer;
}) {
  const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
  const runnerTemp = await tempRepo();
  const outputFile = path.join(runnerTemp, 'output');
  const summaryFile = path.join(runnerTemp, 'summary');
  const eventFile = path.join(runnerTemp, 'event.json');
  await writeFile(outputFile, '');
  await writeFile(summaryFile, '');
  await writeFile(eventFile, JSON.stringify(options.payload));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: runnerTemp,
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'issue_comment',
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_RUN_ID: '777',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: options.github?.url ?? 'http://127.0.0.1:9',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GOOGLE_GEMINI_BASE_URL: options.gemini.url,
    INPUT_GITHUB_TOKEN: options.github?.token ?? 'ghs_unused0123456789abcdefABCDEF0123',
  };
  for (const [name, value] of Object.entries(options.inputs)) {
    env[`INPUT_${name.toUpperCase()}`] = value;
  }
  const result = await execFileAsync(process.execPath, [action], { env, cwd: workspace }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: unknown) => {
      const failure = error as { code: number; stdout: string };
      return { code: failure.code, stdout: failure.stdout };
    },
  );
  return {
    ...result,
    outputs: parseOutputs(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
  };
}

describe('dist/index.js', () => {
  it('answers a /gemini comment: reaction, one comment edited in place, outputs', async () => {
    const payload = commentEvent('Codertocat', '/gemini describe the README');
    const github = await fakeGitHubFor(payload, {});
    const gemini = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }]),
      textReply('The README is a one-line heading.'),
    ]);

    const result = await runAction({
      payload,
      inputs: { gemini_api_key: API_KEY, max_turns: '5' },
      github,
      gemini,
    });

    expect(result.code).toBe(0);
    expect(github.violations).toEqual([]);
    expect(github.unexpected).toEqual([]);
    expect(github.reactions).toContainEqual(expect.objectContaining({ content: 'eyes' }));
    const posted = github.comments(1).filter((comment) => !comment.seeded);
    expect(posted).toHaveLength(1);
    const comment = posted[0];
    expect(comment?.bodies.length).toBeGreaterThan(1);
    expect(comment?.body).toContain("finished @Codertocat's task");
    expect(comment?.body).toContain('The README is a one-line heading.');
    expect(comment?.body).toContain(RUN_URL);
    expect(result.outputs).toMatchObject({
      conclusion: 'success',
      summary: 'The README is a one-line heading.',
      tool_calls: '1',
      error: '',
    });
    expect(result.outputs.comment_url).toMatch(/#issuecomment-\d+$/);
    expect(await readFile(result.outputs.transcript_file ?? '', 'utf8')).toContain(
      '"kind":"state_change"',
    );
    expect(result.summary).toContain('The README is a one-line heading.');
    expect(result.stdout).toContain(`::add-mask::${API_KEY}`);
    expect(gemini.generateRequests()[0]?.headers['x-goog-api-key']).toBe(API_KEY);
    const sent = github.requests.map((request) => JSON.stringify(request.body ?? '')).join('\n');
    expect(sent).not.toContain(API_KEY);
  });

  it('skips a commenter without write access: no comment, a job-summary line', async () => {
    const payload = commentEvent('rob', '/gemini describe the README');
    const github = await fakeGitHubFor(payload, { rob: 'read' });
    const gemini = await useFakeGemini([]);

    const result = await runAction({
      payload,
      inputs: { gemini_api_key: API_KEY },
      github,
      gemini,
    });

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('skipped');
    expect(github.comments(1).filter((comment) => !comment.seeded)).toEqual([]);
    expect(github.reactions).toEqual([]);
    expect(result.summary).toContain('⏭️ Skipped:');
    expect(result.summary).toContain('read permission');
    expect(gemini.requests).toEqual([]);
  });

  it('fails naming the input when an input is invalid', async () => {
    const gemini = await useFakeGemini([]);
    const result = await runAction({
      payload: commentEvent('Codertocat', '/gemini hi'),
      inputs: { gemini_api_key: 'k', max_turns: 'lots' },
      github: undefined,
      gemini,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '::error::max_turns: expected a positive whole number, got "lots".',
    );
    expect(result.outputs.conclusion).toBe('failure');
  });
});
