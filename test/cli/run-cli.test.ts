import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { DEFAULT_MODEL } from '../../src/model/model-table.js';
import { callsReply, textReply, useFakeGemini, usage } from '../support/fake-gemini.js';
import { testIo } from '../support/cli-io.js';
import { tempRepo } from '../support/temp-repo.js';

const repoFiles = {
  'README.md': '# demo\n\nA demo project.\n',
  'src/app.js': 'export const answer = 42;\n',
};

describe('gemini-agent against a fake Gemini server (GOOGLE_GEMINI_BASE_URL)', () => {
  it('runs a multi-turn tool session and prints the answer', async () => {
    const repo = await tempRepo(repoFiles);
    const server = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'list_directory', args: { path: '.' } }], {
        text: 'Let me look around.',
        usage: usage({ prompt: 100, candidates: 10 }),
      }),
      callsReply([
        { id: 'c2', name: 'read_file', args: { absolute_path: path.join(repo, 'src/app.js') } },
      ]),
      textReply('The project exports `answer = 42`.', {
        usage: usage({ prompt: 300, candidates: 12 }),
      }),
    ]);
    const run = testIo({ GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: server.url });

    const code = await runCli(['-p', 'What does this project export?', '--repo', repo], run.io);

    expect(code).toBe(0);
    expect(run.stdout).toBe('Let me look around.\n\nThe project exports `answer = 42`.\n');
    expect(run.stderr).toContain('✓ list_directory');
    expect(run.stderr).toContain('✓ read_file: Read src/app.js');
    const requests = server.generateRequests();
    expect(requests).toHaveLength(3);
    expect(requests[0]?.path).toBe(`/v1beta/models/${DEFAULT_MODEL}:streamGenerateContent`);
    expect(requests[0]?.headers['x-goog-api-key']).toBe('test-key');
    const last = requests[2]?.body as {
      contents: { role: string; parts: Record<string, unknown>[] }[];
    };
    const toolResponse = last.contents[last.contents.length - 1];
    expect(toolResponse).toEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'c2',
            name: 'read_file',
            response: { output: 'export const answer = 42;\n' },
          },
        },
      ],
    });
  });

  it('reads the prompt from standard input and honours -m', async () => {
    const repo = await tempRepo(repoFiles);
    const server = await useFakeGemini([textReply('Hello.')]);
    const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url }, 'say hello\n');

    const code = await runCli(['--repo', repo, '-m', 'gemini-2.5-flash', '-o', 'json'], run.io);

    expect(code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ response: 'Hello.' });
    const body = server.generateRequests()[0]?.body as {
      contents: { parts: { text?: string }[] }[];
    };
    expect(server.generateRequests()[0]?.path).toContain('gemini-2.5-flash');
    expect(body.contents.at(-1)?.parts[0]?.text).toBe('say hello');
  });

  it('exits 53 when the turn limit is reached, saying so', async () => {
    const repo = await tempRepo(repoFiles);
    const server = await useFakeGemini([
      callsReply([{ id: 'a', name: 'list_directory', args: { path: '.' } }]),
      callsReply([{ id: 'b', name: 'read_file', args: { absolute_path: 'README.md' } }]),
    ]);
    const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });

    const code = await runCli(
      ['-p', 'loop', '--repo', repo, '--max-turns', '2', '-o', 'stream-json'],
      run.io,
    );

    expect(code).toBe(53);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(result).toMatchObject({ type: 'result', status: 'error', error: { type: 'max_turns' } });
  });

  it('exits 130 when interrupted', async () => {
    const repo = await tempRepo(repoFiles);
    const server = await useFakeGemini([textReply('never seen', { delayMs: 5_000 })]);
    const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });

    const pending = runCli(['-p', 'wait', '--repo', repo], run.io);
    await server.waitForRequests(1);
    run.interrupt();

    expect(await pending).toBe(130);
  });

  it('writes the transcript and records a session that replays to the same answer', async () => {
    const repo = await tempRepo(repoFiles);
    const server = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }]),
      textReply('It is a demo.'),
    ]);
    const beside = await tempRepo();
    const recording = path.join(beside, 'recording.jsonl');
    const transcript = path.join(beside, 'transcript.jsonl');
    const live = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });
    expect(
      await runCli(
        ['-p', 'what is it?', '--repo', repo, '--record', recording, '--transcript', transcript],
        live.io,
      ),
    ).toBe(0);

    const events = (await readFile(transcript, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; state?: string });
    expect(events[0]).toMatchObject({ kind: 'state_change', state: 'submitted' });
    expect(events.at(-1)).toMatchObject({ kind: 'state_change', state: 'completed' });
    expect(events.some((event) => event.kind === 'tool_call_update')).toBe(true);

    const recorded = (await readFile(recording, 'utf8')).trim().split('\n');
    expect(recorded.map((line) => (JSON.parse(line) as { method: string }).method)).toEqual([
      'generateContentStream',
      'generateContentStream',
    ]);

    const replay = testIo({});
    expect(
      await runCli(['-p', 'what is it?', '--repo', repo, '--replay', recording], replay.io),
    ).toBe(0);
    expect(replay.stdout).toBe(live.stdout);
  });
});

describe('gemini-agent errors', () => {
  it.each([
    [[], {}, 42, /No prompt given/],
    [
      ['-p', 'x', '--repo', '/nonexistent/dir'],
      { GEMINI_API_KEY: 'k' },
      42,
      /--repo expects an existing directory/,
    ],
    [['-p', 'x'], {}, 41, /No model credentials found\. Set GEMINI_API_KEY/],
    [['-p', 'x', '--replay', '/nonexistent.jsonl'], {}, 42, /--replay:/],
    [
      ['-p', 'x'],
      { GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: 'not a url' },
      52,
      /GOOGLE_GEMINI_BASE_URL: expected an http\(s\) URL/,
    ],
  ])('%j with %j exits %i with one clear line', async (argv, env, code, message) => {
    const run = testIo(env);
    expect(await runCli(argv, run.io)).toBe(code);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a --transcript or --record path it cannot write before the session starts', async () => {
    const repo = await tempRepo({ 'README.md': '# x\n' });
    const underAFile = path.join(repo, 'README.md', 'transcript.jsonl');
    const cases: [string[], string][] = [
      [['--transcript', repo], `--transcript expects a file, but "${repo}" is a directory.`],
      [['--transcript', underAFile], `--transcript: cannot write "${underAFile}" (`],
      [['--record', repo], `--record expects a file, but "${repo}" is a directory.`],
    ];
    for (const [flags, message] of cases) {
      // No credentials: had the session started, the exit code would be 41.
      const run = testIo({});
      expect(await runCli(['-p', 'x', '--repo', repo, ...flags], run.io), flags.join(' ')).toBe(42);
      expect(run.stderr).toContain(`error: ${message}`);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('prints a JSON error object in json mode', async () => {
    const run = testIo({});
    expect(await runCli(['-p', 'x', '-o', 'json'], run.io)).toBe(41);
    expect(JSON.parse(run.stdout)).toMatchObject({
      error: { type: 'AuthenticationError', code: 41 },
    });
  });
});
