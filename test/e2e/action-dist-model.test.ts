// The committed Action bundle and the model: a model the API does not serve, the fallback model
// taking over, and an AI Studio auth key (`AQ.…`) that must reach the API as the API key and
// nothing else. Run as the runner would (support/run-action-dist.ts), against the fake GitHub and
// the fake Gemini server.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { httpError, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { MODEL_TABLE, describeAliases } from '../../src/model/model-table.js';
import { commentEvent, fakeGitHubFor } from './support/comment-run.js';
import { runActionDist } from './support/run-action-dist.js';

/** An AI Studio auth key in its real shape (https://ai.google.dev/gemini-api/docs/api-key). */
const AUTH_KEY = 'AQ.' + 'Ab8RN6LmZq3vT0xKp_7sYc2dWfH9uJeB-4gNaQiXoV1rE5tMwZ';

const notFound = (name: string) =>
  httpError(
    404,
    `models/${name} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
  );

/** Every file under `dir`, as text. */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(file, await readFile(file, 'latin1'));
  }
  return files;
}

async function commentRun(
  inputs: Record<string, string>,
  script: Parameters<typeof useFakeGemini>[0],
) {
  const payload = commentEvent('Codertocat', '/gemini describe the README');
  const github = await fakeGitHubFor(payload, {});
  const gemini = await useFakeGemini(script);
  const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
  const result = await runActionDist({ payload, inputs, github, gemini, workspace });
  const comments = github.comments(1).filter((comment) => !comment.seeded);
  return { result, github, gemini, workspace, comments };
}

const FLASH = MODEL_TABLE.aliases['flash'] ?? '';

describe('dist/index.js and the model', () => {
  it('says once, in the comment, the job summary and the log, that its model was shut down', async () => {
    const { result, comments } = await commentRun(
      { gemini_api_key: AUTH_KEY, model: 'gemini-2.5-pro' },
      [textReply('The README is a one-line heading.')],
    );

    expect(result.code).toBe(0);
    const said =
      'The model gemini-2.5-pro is deprecated and was shut down on 2026-06-17; Google recommends gemini-3.8-flash (https://ai.google.dev/gemini-api/docs/deprecations).';
    const line = `> ⚠️ ${said}`;
    const body = comments[0]?.body ?? '';
    expect(body.split(line)).toHaveLength(2);
    // Above the footer: the last lines of the comment.
    expect(body.indexOf(line)).toBeGreaterThan(body.indexOf('**Tokens:**') - line.length - 5);
    expect(result.summary.split(line)).toHaveLength(2);
    expect(result.stdout.split(`::warning::${said}`)).toHaveLength(2);
  });

  it('fails a run whose model is not found at once: the comment names it and how to choose another', async () => {
    const { result, gemini, comments } = await commentRun(
      { gemini_api_key: AUTH_KEY, model: 'gemini-9-ultra' },
      [notFound('gemini-9-ultra')],
    );

    expect(result.code).toBe(1);
    expect(gemini.generateRequests()).toHaveLength(1);
    expect(comments).toHaveLength(1);
    const body = comments[0]?.body ?? '';
    expect(body).toContain("failed @Codertocat's task");
    expect(body).toContain('**Model not found**');
    expect(body).toContain('The model gemini-9-ultra was not found (HTTP 404 NOT\\_FOUND)');
    expect(body).toContain('It was set by the model input.');
    expect(body).toContain(
      `Choose another with the model input (or the GEMINI\\_MODEL variable, or model.name in the settings): an alias (${describeAliases()})`,
    );
    expect(result.outputs).toMatchObject({ conclusion: 'failure' });
    expect(result.outputs.error).toContain('The model gemini-9-ultra was not found');
    expect(result.stdout).toContain('::error::The model gemini-9-ultra was not found');
    // No retries and no stack trace, anywhere.
    expect(result.stdout).not.toMatch(/retry \d+\/\d+/);
    for (const text of [body, result.stdout, result.summary]) {
      expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
    }
  });

  it.each([
    ['is not found', notFound('gemini-9-ultra'), 'was not found (HTTP 404 NOT\\_FOUND)'],
    [
      'has no quota left',
      httpError(
        429,
        'You exceeded your current quota, please check your plan and billing details.',
        {
          quotaIds: ['GenerateRequestsPerDayPerProjectPerModel-FreeTier'],
        },
      ),
      'has no quota left (HTTP 429 RESOURCE\\_EXHAUSTED)',
    ],
  ])(
    'goes on once with fallback_model when the model %s, and the reports say so',
    async (_what, failure, why) => {
      const { result, gemini, comments } = await commentRun(
        { gemini_api_key: AUTH_KEY, model: 'gemini-9-ultra', fallback_model: 'flash' },
        [failure, textReply('The README is a one-line heading.')],
      );

      expect(result.code).toBe(0);
      expect(result.outputs.conclusion).toBe('success');
      expect(gemini.generateRequests().map((request) => request.model)).toEqual([
        'gemini-9-ultra',
        FLASH,
      ]);
      const notice = `> ⚠️ The model gemini-9-ultra ${why}; continuing with the fallback model ${FLASH} (flash) (set by the fallback\\_model input).`;
      const comment = comments[0];
      expect(comment?.body).toContain(notice);
      expect(result.summary).toContain(notice);
      expect(result.stdout).toContain(`continuing with the fallback model ${FLASH}`);
    },
  );

  it('sends an AQ. auth key as the API key, and nowhere else: no output, comment, file or body', async () => {
    // The model (hostile, or just careless) repeats the key it must never have seen.
    const { result, github, gemini, workspace, comments } = await commentRun(
      { gemini_api_key: AUTH_KEY },
      [
        textReply(
          `Done. The key is ${AUTH_KEY}, also as ${Buffer.from(AUTH_KEY).toString('base64')}.`,
        ),
      ],
    );

    expect(result.code).toBe(0);
    const [request] = gemini.generateRequests();
    expect(request?.headers['x-goog-api-key']).toBe(AUTH_KEY);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.query).toEqual({ alt: 'sse' });
    expect(JSON.stringify(request?.body)).not.toContain(AUTH_KEY);
    // Masked in the runner's log: the one place it may appear is the mask command itself.
    expect(result.stdout).toContain(`::add-mask::${AUTH_KEY}`);
    expect(result.stdout.replaceAll(`::add-mask::${AUTH_KEY}`, '')).not.toContain(AUTH_KEY);
    const base64 = Buffer.from(AUTH_KEY).toString('base64');
    const leaks = (text: string) => text.includes(AUTH_KEY) || text.includes(base64);
    for (const comment of comments) {
      for (const body of comment.bodies) expect(leaks(body)).toBe(false);
    }
    expect(comments[0]?.body).toContain('Done. The key is ***');
    expect(github.requests.some((r) => leaks(JSON.stringify(r.body ?? '')))).toBe(false);
    expect(Object.values(result.outputs).some(leaks)).toBe(false);
    expect(leaks(result.summary)).toBe(false);
    const runnerTemp = path.dirname(result.outputs.transcript_file ?? '');
    for (const dir of [runnerTemp, workspace]) {
      for (const [file, text] of await filesUnder(dir)) expect(leaks(text), file).toBe(false);
    }
  });
});
