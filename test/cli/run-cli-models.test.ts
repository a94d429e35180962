// The CLI's model choice, end to end against the fake Gemini server: what the API receives for
// each kind of model (the model table's settings), where the model comes from, and how a run ends
// when the model is not found, its fallback takes over, or the API host cannot be reached.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { DEFAULT_MODEL, MODEL_TABLE, describeAliases } from '../../src/model/model-table.js';
import { testIo } from '../support/cli-io.js';
import { httpError, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

const { flash: FLASH = '', pro: PRO = '' } = MODEL_TABLE.aliases;

/** `text` as a regular expression that matches it literally. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface SentBody {
  generationConfig?: Record<string, unknown>;
}

async function runOnce(args: string[], env: NodeJS.ProcessEnv = {}) {
  const repo = await tempRepo({ 'README.md': '# demo\n' });
  const server = await useFakeGemini([textReply('Hello.')]);
  const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url, ...env });
  const code = await runCli(['-p', 'Say hello', '--repo', repo, ...args], run.io);
  const request = server.generateRequests()[0];
  return { code, run, model: request?.model, body: request?.body as SentBody };
}

describe('what the API receives for each model (the model table)', () => {
  it.each<[string, string[], string, Record<string, unknown>]>([
    [
      'the default',
      [],
      DEFAULT_MODEL,
      { thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' } },
    ],
    [
      'the flash alias',
      ['-m', 'flash'],
      FLASH,
      { thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' } },
    ],
    [
      'the pro alias',
      ['-m', 'pro'],
      PRO,
      { thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' } },
    ],
    [
      'the flash-lite alias, with its own thinking level',
      ['-m', 'flash-lite'],
      'gemini-3.5-flash-lite',
      { thinkingConfig: { includeThoughts: true, thinkingLevel: 'LOW' } },
    ],
    [
      'a Gemini 3 model the table does not list yet',
      ['--model', 'gemini-3.9-flash'],
      'gemini-3.9-flash',
      { thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' } },
    ],
    [
      'a Gemini 4 model the table does not list yet: its family, no budget, no sampling',
      ['--model', 'gemini-4-krypton'],
      'gemini-4-krypton',
      { thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' } },
    ],
    [
      'a Gemini 2.5 model: a thinking budget and sampling parameters',
      ['-m', 'gemini-2.5-flash-lite'],
      'gemini-2.5-flash-lite',
      { temperature: 0, topP: 1, thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 } },
    ],
    [
      'a model of no known family: the API defaults',
      ['-m', 'gemini-5-ultra'],
      'gemini-5-ultra',
      {},
    ],
  ])('%s', async (_what, args, model, generationConfig) => {
    const sent = await runOnce(args);
    expect(sent.code).toBe(0);
    expect(sent.model).toBe(model);
    expect(sent.body.generationConfig ?? {}).toEqual(generationConfig);
  });

  it('never sends sampling parameters to a Gemini 3 model, whatever else is sent', async () => {
    const sent = await runOnce(['-m', 'flash']);
    expect(JSON.stringify(sent.body)).not.toMatch(/"(temperature|topP|topK)"/);
  });

  it('takes GEMINI_MODEL, then model.name in the repository settings', async () => {
    expect((await runOnce([], { GEMINI_MODEL: 'gemini-3.7-flash' })).model).toBe(
      'gemini-3.7-flash',
    );
    const repo = await tempRepo({
      'README.md': '# demo\n',
      '.gemini/settings.json': '{"model": {"name": "flash-lite"}}',
    });
    const server = await useFakeGemini([textReply('Hello.')]);
    const run = testIo({
      GEMINI_API_KEY: 'k',
      GOOGLE_GEMINI_BASE_URL: server.url,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    });
    expect(await runCli(['-p', 'hi', '--repo', repo], run.io)).toBe(0);
    expect(server.generateRequests()[0]?.model).toBe('gemini-3.5-flash-lite');
  });
});

describe('a model that is not found', () => {
  it('exits 52 with one line naming the model, --model and GEMINI_MODEL; no retry, no stack', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await useFakeGemini([
      httpError(404, 'models/gemini-9-ultra is not found for API version v1beta.'),
    ]);
    const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });

    const code = await runCli(['-p', 'hi', '--repo', repo, '-m', 'gemini-9-ultra'], run.io);

    expect(code).toBe(52);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^error: The model gemini-9-ultra was not found \\(HTTP 404 NOT_FOUND\\): .*It was set by --model\\. Choose another with --model \\(-m\\) or GEMINI_MODEL .*${literal(describeAliases())}`,
      ),
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(server.generateRequests()).toHaveLength(1);
  });

  it('goes on with --fallback-model once, saying so', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await useFakeGemini([
      httpError(404, 'models/gemini-9-ultra is not found for API version v1beta.'),
      textReply('Hello.'),
    ]);
    const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });

    const code = await runCli(
      ['-p', 'hi', '--repo', repo, '-m', 'gemini-9-ultra', '--fallback-model', 'flash'],
      run.io,
    );

    expect(code).toBe(0);
    expect(run.stdout).toBe('Hello.\n');
    expect(run.stderr).toContain(
      `warning: The model gemini-9-ultra was not found (HTTP 404 NOT_FOUND); continuing with the fallback model ${FLASH} (flash) (set by --fallback-model).`,
    );
    expect(server.generateRequests().map((request) => request.model)).toEqual([
      'gemini-9-ultra',
      FLASH,
    ]);
  });
});

describe('a model API host that cannot be reached', () => {
  it('retries twice, quickly, then ends with one line naming the base URL and its variable', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const closed = await useFakeGemini();
    await closed.close();
    const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: closed.url });

    const code = await runCli(['-p', 'hi', '--repo', repo], run.io);

    expect(code).toBe(1);
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('warning:'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/ECONNREFUSED.*attempt 2 of 3 in 0\.5 s\.$/);
    expect(warnings[1]).toMatch(/attempt 3 of 3 in 1 s\.$/);
    const errors = run.stderr.split('\n').filter((line) => line.startsWith('error:'));
    expect(errors).toEqual([
      `error: The model API host could not be reached at ${closed.url} (set by GOOGLE_GEMINI_BASE_URL): connect ECONNREFUSED 127.0.0.1:${new URL(closed.url).port}. Check that GOOGLE_GEMINI_BASE_URL names a host that is up and reachable from here, and the network (DNS, proxy, firewall).`,
    ]);
  });
});

describe('what a run says about its model', () => {
  it('warns once on stderr of a model the table says was shut down, naming the replacement', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await useFakeGemini([textReply('Hello.')]);
    const run = testIo({ GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: server.url });
    const code = await runCli(['-p', 'hi', '--repo', repo, '-m', 'gemini-2.5-pro'], run.io);
    expect(code).toBe(0);
    const warnings = run.stderr.split('\n').filter((line) => line.includes('gemini-2.5-pro'));
    expect(warnings).toEqual([
      'warning: The model gemini-2.5-pro is deprecated and was shut down on 2026-06-17; Google recommends gemini-3.8-flash (https://ai.google.dev/gemini-api/docs/deprecations).',
    ]);
  });

  it('names the model that answered, and what the API reports of its retirement', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await useFakeGemini([
      textReply('Hello.', {
        modelVersion: 'gemini-4-hydrogen',
        modelStatus: {
          modelStage: 'LEGACY' as never,
          retirementTime: '2027-01-15T00:00:00Z',
          message: 'Use gemini-4-neon.',
        },
      }),
    ]);
    const run = testIo({ GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: server.url });
    const code = await runCli(['-p', 'hi', '--repo', repo, '-m', 'gemini-flash-latest'], run.io);
    expect(code).toBe(0);
    expect(run.stderr).toContain(
      'warning: The model gemini-flash-latest was asked for, and gemini-4-hydrogen answered (the API routed the request to it).\n',
    );
    expect(run.stderr).toContain(
      'warning: The API reports the model gemini-flash-latest as legacy, retiring on 2027-01-15: Use gemini-4-neon.\n',
    );
  });
});

describe('what a run says about its model, with --output-format json', () => {
  it('says it on stderr and keeps stdout one JSON object', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await useFakeGemini([textReply('Hello.')]);
    const run = testIo({ GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: server.url });
    const code = await runCli(
      ['-p', 'hi', '--repo', repo, '-m', 'gemini-2.5-pro', '-o', 'json'],
      run.io,
    );
    expect(code).toBe(0);
    expect((JSON.parse(run.stdout) as { response: string }).response).toBe('Hello.');
    expect(run.stderr).toContain(
      'warning: The model gemini-2.5-pro is deprecated and was shut down on 2026-06-17;',
    );
  });
});
