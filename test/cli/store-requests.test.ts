// Not stored unless asked, from every command line: `gemini-agent -p`, `gemini-agent run` and
// `serve` send the Gemini API store: false on every model request, and store: true with
// --store-requests; Vertex AI runs say once that their requests cannot carry the setting.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/args.js';
import { runCli } from '../../src/cli/run-cli.js';
import { parseRunArgs } from '../../src/cli/subcommands/run.js';
import { parseServeArgs } from '../../src/cli/a2a-server/serve-args.js';
import { runCliWithModel } from '../support/cli-run.js';
import { testIo } from '../support/cli-io.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { callsReply, lane, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { serveInProcess } from '../support/serve-in-process.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { runArgs, tempDir, testTerminal, writeJson } from '../local/support.js';
import { collect, prompt, v1Client } from '../e2e/support/serve-process.js';

/** The top-level `store` of every generate request the model received. */
function storeOf(gemini: FakeGeminiServer): unknown[] {
  return gemini.generateRequests().map((sent) => (sent.body as Record<string, unknown>)['store']);
}

describe('gemini-agent -p', () => {
  it('sends store: false with every request by default', async () => {
    const run = await runCliWithModel({
      script: [textReply('Done.')],
      args: ['-p', 'Say done.', '--repo', await tempRepo({ 'README.md': '# x\n' })],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(storeOf(run.gemini)).toEqual([false]);
    expect(run.stderr).not.toContain('store setting');
  });

  it("sends store: false with a subagent's requests too, not only the session's", async () => {
    const gemini = await useFakeGemini(
      [
        callsReply([
          { id: 'i1', name: 'codebase_investigator', args: { objective: 'Map a.txt.' } },
        ]),
        textReply('Done.'),
      ],
      {
        lanes: [
          lane('investigator', { instruction: 'Codebase Investigator' }, [
            callsReply([
              {
                id: 'c1',
                name: 'complete_task',
                args: {
                  report: {
                    SummaryOfFindings: 'a.txt holds one letter.',
                    ExplorationTrace: ['Read a.txt.'],
                    RelevantLocations: [],
                  },
                },
              },
            ]),
          ]),
        ],
      },
    );
    const io = testIo({
      PATH: process.env.PATH ?? '',
      HOME: await tempRepo(),
      GEMINI_API_KEY: 'test-key',
      GOOGLE_GEMINI_BASE_URL: gemini.url,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    });
    const code = await runCli(
      ['-p', 'Investigate.', '--repo', await tempRepo({ 'a.txt': 'a' })],
      io.io,
    );
    const run = { code, stderr: io.stderr, gemini };
    expect(run.code, run.stderr).toBe(0);
    expect(run.gemini.remaining('investigator')).toBe(0);
    expect(run.gemini.generateRequests().map((r) => r.lane ?? 'session')).toEqual([
      'session',
      'investigator',
      'session',
    ]);
    expect(storeOf(run.gemini)).toEqual([false, false, false]);
  });

  it('sends store: true with --store-requests', async () => {
    const run = await runCliWithModel({
      script: [textReply('Done.')],
      args: ['-p', 'Say done.', '--store-requests', '--repo', await tempRepo({ 'a.txt': 'a' })],
    });
    expect(run.code, run.stderr).toBe(0);
    expect(storeOf(run.gemini)).toEqual([true]);
  });

  it('on Vertex AI sends no store and says so once on stderr', async () => {
    const gemini = await useFakeGemini([textReply('Done.')]);
    const run = testIo({
      PATH: process.env.PATH ?? '',
      HOME: await tempRepo(),
      GOOGLE_GENAI_USE_VERTEXAI: 'true',
      GOOGLE_API_KEY: 'express-key',
      GOOGLE_VERTEX_BASE_URL: gemini.url,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    });
    const code = await runCli(
      ['-p', 'Say done.', '--repo', await tempRepo({ 'a.txt': 'a' })],
      run.io,
    );
    expect(code, run.stderr).toBe(0);
    expect(gemini.generateRequests().map((r) => r.api)).toEqual(['vertex']);
    expect(gemini.generateRequests()[0]?.body).not.toHaveProperty('store');
    expect(run.stderr.match(/Vertex AI requests carry no store setting/g)).toHaveLength(1);
  });

  it('takes no value: --store-requests=maybe is a one-line usage error (exit code 42)', async () => {
    expect(() => parseCliArgs(['-p', 'x', '--store-requests=maybe'])).toThrow(
      /^Option '--store-requests' does not take an argument\. Run "gemini-agent --help" for usage\.$/,
    );
    const terminal = testTerminal({});
    const code = await runCli(['-p', 'x', '--store-requests=maybe'], terminal.io);
    expect(code).toBe(42);
    expect(terminal.stderr.trim().split('\n')).toHaveLength(1);
    expect(parseCliArgs(['-p', 'x']).storeRequests).toBe(false);
  });
});

describe('gemini-agent run', () => {
  async function runFor(extra: string[]) {
    const dir = await tempDir();
    const gemini = await useFakeGemini([textReply('Nothing to change.')]);
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini say hello';
    const event = await writeJson(dir, 'event.json', payload);
    const repo = await tempRepo({ 'README.md': '# x\n' }, { git: true });
    const terminal = testTerminal({
      GEMINI_API_KEY: 'test-key',
      GOOGLE_GEMINI_BASE_URL: gemini.url,
    });
    const code = await runCli(
      [
        'run',
        ...runArgs(
          { event, eventName: 'issue_comment', repo, out: path.join(dir, 'out') },
          ...extra,
        ),
      ],
      terminal.io,
    );
    return { code, stderr: terminal.stderr, gemini };
  }

  it('sends store: false by default and store: true with --store-requests', async () => {
    const plain = await runFor([]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(storeOf(plain.gemini)).toEqual([false]);

    const asked = await runFor(['--store-requests']);
    expect(asked.code, asked.stderr).toBe(0);
    expect(storeOf(asked.gemini)).toEqual([true]);
  });

  it('refuses a bad store_requests input as the Action would, and the flag beside the input', () => {
    const base = ['--event', 'e.json', '--event-name', 'issue_comment'];
    expect(() => parseRunArgs([...base, '--input', 'store_requests=maybe'], '/')).toThrow(
      '--input store_requests: expected true or false, got "maybe".',
    );
    expect(() =>
      parseRunArgs([...base, '--store-requests', '--input', 'store_requests=false'], '/'),
    ).toThrow('Give --store-requests or --input store_requests=…, not both');
    const parsed = parseRunArgs([...base, '--store-requests'], '/');
    expect(parsed !== 'help' && parsed.inputs?.store_requests).toBe('true');
  });
});

describe('gemini-agent serve', () => {
  async function taskThrough(args: string[]): Promise<FakeGeminiServer> {
    const gemini = await useFakeGemini([textReply('Hello.')]);
    const repo = await tempRepo({ 'README.md': '# served\n' });
    const server = await serveInProcess({ gemini, repo, args });
    const client = await v1Client(server);
    await collect(client.sendMessageStream(prompt('Say hello.')));
    return gemini;
  }

  it('sends store: false by default and store: true with --store-requests', async () => {
    expect(storeOf(await taskThrough([]))).toEqual([false]);
    expect(storeOf(await taskThrough(['--store-requests']))).toEqual([true]);
  });

  it('on Vertex AI says once, at start, that its requests cannot carry the setting', async () => {
    const server = await serveInProcess({
      repo: await tempRepo({ 'README.md': '# served\n' }),
      env: { GEMINI_API_KEY: undefined, GOOGLE_GENAI_USE_VERTEXAI: 'true', GOOGLE_API_KEY: 'k' },
    });
    expect(server.stderr().match(/Vertex AI requests carry no store setting/g)).toHaveLength(1);
  });

  it('parses the flag, and refuses a value for it', () => {
    expect(parseServeArgs([], '/').storeRequests).toBe(false);
    expect(parseServeArgs(['--store-requests'], '/').storeRequests).toBe(true);
    expect(() => parseServeArgs(['--store-requests=yes'], '/')).toThrow(
      /^Option '--store-requests' does not take an argument\. Run "gemini-agent serve --help"/,
    );
  });
});
