// docs/a2a.md's examples, run as written against the built server: the client in a few lines
// (with `@a2a-js/sdk` resolved from this repository), the curl lines, and the offline example
// (also in the README) that starts the server itself on a recorded session.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from '../docs/markdown.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { scratchHome, startServe } from './support/serve-process.js';
import { itNeeds } from '../support/needs.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'docs/a2a.md'), 'utf8');
const DEFAULT_URL = 'http://127.0.0.1:41242';

async function server() {
  const gemini = await useFakeGemini([textReply('A small demo repository.')]);
  const repo = await tempRepo({ 'README.md': '# demo\n' });
  const served = await startServe({
    gemini,
    repo,
    args: ['--sandbox', 'none', '-m', 'gemini-2.5-flash'],
  });
  return Object.assign(served, { gemini, repo });
}

describe('docs/a2a.md', () => {
  it('runs the client example as written', async () => {
    const served = await server();
    const [example] = codeBlocks(doc).filter((block) => block.lang === 'js');
    expect(example).toBeDefined();
    // The example imports the SDK by name; here it is resolved from this repository.
    const script = (example?.text ?? '').replace(
      /from '(@a2a-js\/sdk[^']*)'/g,
      (_match, name: string) => `from '${import.meta.resolve(name)}'`,
    );
    const file = path.join(await tempRepo(), 'client.mjs');
    writeFileSync(file, script);
    const { stdout } = await run(process.execPath, [file], {
      env: {
        PATH: process.env.PATH ?? '',
        GEMINI_AGENT_A2A_TOKEN: served.token,
        AGENT_URL: served.url,
      },
    });
    const events = stdout.trim().split('\n');
    expect(events[0]).toContain('"$case":"task"');
    expect(stdout).toContain('A small demo repository.');
    expect(events.at(-1)).toContain('"state":3');
  });

  itNeeds(curlProblem(), 'runs the curl lines as written', async () => {
    const served = await server();
    const [block] = codeBlocks(doc).filter(
      (candidate) =>
        candidate.lang === 'sh' &&
        candidate.text.includes('curl -sN') &&
        !candidate.text.includes('--replay'),
    );
    const commands = (block?.text ?? '').replaceAll(DEFAULT_URL, served.url);
    const { stdout } = await run('sh', ['-c', commands], {
      env: { PATH: process.env.PATH ?? '', GEMINI_AGENT_A2A_TOKEN: served.token },
    });
    // The card has no newline of its own; the event stream follows it directly.
    const streamStart = stdout.indexOf('data: ');
    expect(JSON.parse(stdout.slice(0, streamStart))).toMatchObject({ url: `${served.url}/a2a` });
    const results = stdout
      .slice(streamStart)
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => (JSON.parse(line.slice(6)) as { result: Record<string, unknown> }).result);
    expect(results[0]).toMatchObject({ kind: 'task' });
    expect(results.at(-1)).toMatchObject({ status: { state: 'completed' }, final: true });
    expect(JSON.stringify(results)).toContain('A small demo repository.');
  });

  itNeeds(
    curlProblem(),
    'lists and runs the slash command it shows, with the curl lines as written',
    async () => {
      // The server reads the command file the documentation writes into the workspace.
      const served = await server();
      const [writeCommand] = codeBlocks(doc).filter(
        (candidate) => candidate.lang === 'sh' && candidate.text.includes('.gemini/commands/'),
      );
      await run('sh', ['-c', writeCommand?.text ?? 'false'], {
        cwd: served.repo,
        env: { PATH: process.env.PATH ?? '' },
      });
      const [block] = codeBlocks(doc).filter(
        (candidate) => candidate.lang === 'sh' && candidate.text.includes('commands/get'),
      );
      const commands = (block?.text ?? '').replaceAll(DEFAULT_URL, served.url);
      const { stdout } = await run('sh', ['-c', commands], {
        env: { PATH: process.env.PATH ?? '', GEMINI_AGENT_A2A_TOKEN: served.token },
      });
      const [listed, started] = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { result: Record<string, unknown> });
      expect(listed?.result).toEqual({
        commands: [
          {
            name: 'docs',
            description: '',
            arguments: [],
            sub_commands: [
              expect.objectContaining({
                name: 'summary',
                description: 'Summarise the README for a reader.',
              }) as unknown,
            ],
          },
        ],
      });
      expect(started?.result).toMatchObject({ status: 'STARTED', message: '' });
      await served.gemini.waitForRequests(1);
      expect(JSON.stringify(served.gemini.generateRequests()[0]?.body)).toContain(
        'Summarise the README for a new contributor.',
      );
    },
  );
});

// The offline example, in README.md and docs/a2a.md alike: the server started from this clone on
// a recorded session, with no key and no model, and a task sent with curl.
describe.each(['README.md', 'docs/a2a.md'])('%s: serve --replay, offline', (file) => {
  itNeeds(curlProblem(), 'runs a task end to end with no key, as written', async () => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const [block] = codeBlocks(text).filter(
      (candidate) =>
        candidate.lang === 'sh' &&
        candidate.text.includes('serve --repo') &&
        candidate.text.includes('--replay'),
    );
    expect(block, `${file}: the offline serve example`).toBeDefined();
    // Another port than the default, which a server of the user's may hold.
    const port = await freePort();
    const script = (block?.text ?? '')
      .replaceAll('127.0.0.1:41242', `127.0.0.1:${port}`)
      .replace('node dist/cli.js serve', `node dist/cli.js serve --port ${port}`);
    const { stdout } = await run('sh', ['-c', script], {
      cwd: root,
      timeout: 30_000,
      env: { PATH: process.env.PATH ?? '', HOME: scratchHome() },
    });
    const results = stdout
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => (JSON.parse(line.slice(6)) as { result: Record<string, unknown> }).result);
    expect(results[0]).toMatchObject({ kind: 'task' });
    expect(results.at(-1)).toMatchObject({ status: { state: 'completed' }, final: true });
    expect(JSON.stringify(results)).toContain('This is a small JavaScript package');
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function curlProblem(): string | undefined {
  return hasCurl() ? undefined : 'curl is not on PATH';
}

function hasCurl(): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && existsSync(path.join(dir, 'curl')));
}
