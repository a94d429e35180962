// `gemini-agent serve` from the built bundle: the address it advertises when it listens beyond
// this machine, and `--replay`, which answers every task from a recorded session with no key.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempRepo } from '../support/temp-repo.js';
import {
  CLI,
  collect,
  outline,
  prompt,
  scratchHome,
  startServe,
  v1Client,
  waitFor,
  withExtension,
} from './support/serve-process.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const SESSION = path.join(root, 'test/fixtures/sessions/summarise-sample-repo.jsonl');
const ANSWER = 'This is a small JavaScript package, **temperature**';

describe('gemini-agent serve --host', () => {
  it.each(['0.0.0.0', '::'])(
    'refuses --host %s without --public-url, which the card would need',
    async (host) => {
      const repo = await tempRepo({ 'README.md': '# demo\n' });
      const failure = await run(
        process.execPath,
        [CLI, 'serve', '--host', host, '--port', '0', '--repo', repo],
        {
          env: {
            PATH: process.env.PATH ?? '',
            HOME: scratchHome(),
            GEMINI_API_KEY: 'k-0123456789abcdef',
          },
        },
      ).catch((error: unknown) => error as { code: number; stdout: string; stderr: string });
      expect(failure).toMatchObject({ code: 42, stdout: '' });
      expect((failure as { stderr: string }).stderr).toMatch(
        new RegExp(
          `^error: --host ${host.replace(/\./g, '\\.')} listens on every address.*--public-url`,
        ),
      );
    },
  );

  it('advertises --public-url in its banner and card, and the plain-HTTP warning names it', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const publicUrl = 'http://agent.example.test:8080';
    const server = await startServe({
      repo,
      args: ['--host', '0.0.0.0', '--public-url', publicUrl, '--replay', SESSION],
    });
    expect(server.stdout()).toContain(`agent card: ${publicUrl}/.well-known/agent-card.json`);
    // The warning follows the banner.
    await waitFor(() => Promise.resolve(server.stderr().includes('warning: --host')));
    expect(server.stderr()).toContain(
      "warning: --host 0.0.0.0 makes the server reachable from other machines, over plain HTTP: the token and every task travel unencrypted. Put it behind a TLS proxy and pass the proxy's https:// address as --public-url",
    );
    // The banner says where it listens; the card, fetched there, sends clients to the public URL.
    expect(server.stdout()).toMatch(
      new RegExp(
        `A2A server listening on http://127\\.0\\.0\\.1:\\d+ \\(--public-url sends clients to ${publicUrl}\\)`,
      ),
    );
    const card = (await (await fetch(server.cardUrl)).json()) as { url: string };
    expect(card.url).toBe(`${publicUrl}/a2a`);
  });
});

describe('gemini-agent serve --replay', () => {
  it('runs tasks end to end from a recorded session, with no key, each from its start', async () => {
    const repo = path.join(root, 'test/fixtures/sample-repo');
    const server = await startServe({ repo, args: ['--replay', SESSION, '--sandbox', 'none'] });
    expect(server.stderr()).toContain(
      `Every task is answered from the recorded session ${SESSION}`,
    );
    const client = await v1Client(server);
    for (const attempt of [1, 2]) {
      const events = await collect(
        client.sendMessageStream(prompt('Summarise this repository'), withExtension()),
      );
      const lines = outline(events);
      expect(lines[0], `task ${attempt}`).toBe('task submitted');
      expect(lines.at(-1), `task ${attempt}`).toBe('STATE_CHANGE completed');
      expect(lines, `task ${attempt}`).toContain('TOOL_CALL_UPDATE working read_file SUCCEEDED');
      expect(
        lines.some((line) => line.startsWith(`TEXT_CONTENT working "${ANSWER}`)),
        `task ${attempt}`,
      ).toBe(true);
    }
  });

  it('stops at start on a recording it cannot read, naming --replay', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const failure = await run(
      process.execPath,
      [CLI, 'serve', '--port', '0', '--repo', repo, '--replay', path.join(repo, 'missing.jsonl')],
      { env: { PATH: process.env.PATH ?? '', HOME: scratchHome() } },
    ).catch((error: unknown) => error as { code: number; stderr: string });
    expect(failure).toMatchObject({ code: 42 });
    expect((failure as { stderr: string }).stderr).toMatch(/^error: --replay: /);
  });
});
