// A replay whose tool calls fail where the recorded session's did not is marked as diverged:
// a warning on the terminal (and in the reports), and with --strict a run that does not succeed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { testIo } from '../support/cli-io.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { tempDir, testTerminal } from '../local/support.js';

const root = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(root, 'test/fixtures/sessions/summarise-sample-repo.jsonl');
const SAMPLE_REPO = path.join(root, 'test/fixtures/sample-repo');

describe('gemini-agent -p --replay', () => {
  it('replays on the repository it was recorded on without a warning, --strict or not', async () => {
    const run = testIo({});
    const code = await runCli(
      ['-p', 'Summarise this repository', '--repo', SAMPLE_REPO, '--replay', FIXTURE, '--strict'],
      run.io,
    );
    expect(code).toBe(0);
    expect(run.stderr).not.toContain('diverged');
  });

  it('warns when replayed on another repository, and fails with --strict', async () => {
    const other = await tempRepo({ 'notes.txt': 'Something else.\n' });

    const loose = testIo({});
    const argv = ['-p', 'Summarise this repository', '--repo', other, '--replay', FIXTURE];
    expect(await runCli(argv, loose.io)).toBe(0);
    expect(loose.stdout).toContain('This is a small JavaScript package, **temperature**');
    expect(loose.stderr).toContain(
      'warning: The replay diverged from its recording: read_file failed here (File not found:',
    );
    expect(loose.stderr.match(/warning: The replay diverged/g)).toHaveLength(2);

    const strict = testIo({});
    expect(await runCli([...argv, '--strict'], strict.io)).toBe(1);
    expect(strict.stderr).toContain(
      'error: --strict: the replay diverged from its recording: 2 tool calls failed that the recording did not (read_file).',
    );

    const json = testIo({});
    expect(await runCli([...argv, '--strict', '-o', 'json'], json.io)).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 1 } });
  });

  it('records how each tool call went, and a replay that fails the same way has not diverged', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await useFakeGemini([
      callsReply([
        { id: 'r1', name: 'read_file', args: { absolute_path: 'README.md' } },
        { id: 'r2', name: 'read_file', args: { absolute_path: 'MISSING.md' } },
      ]),
      textReply('Read one of two.'),
    ]);
    const recording = path.join(await tempRepo(), 'session.jsonl');
    const live = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });
    expect(await runCli(['-p', 'read', '--repo', repo, '--record', recording], live.io)).toBe(0);
    const lines = (await readFile(recording, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { toolResults?: unknown });
    expect(lines[0]?.toolResults).toBeUndefined();
    expect(lines[1]?.toolResults).toEqual([
      { id: 'r1', name: 'read_file', outcome: 'ok' },
      { id: 'r2', name: 'read_file', outcome: 'error' },
    ]);

    const same = testIo({});
    const argv = ['-p', 'read', '--repo', repo, '--replay', recording, '--strict'];
    expect(await runCli(argv, same.io)).toBe(0);
    expect(same.stderr).not.toContain('diverged');

    // Replayed where README.md is missing too: the call the recording read now fails.
    const elsewhere = testIo({});
    const other = await tempRepo({ 'notes.txt': 'x\n' });
    expect(
      await runCli(
        ['-p', 'read', '--repo', other, '--replay', recording, '--strict'],
        elsewhere.io,
      ),
    ).toBe(1);
    expect(elsewhere.stderr).toContain(
      `read_file failed here (File not found: ${path.join(other, 'README.md')}) where it succeeded when the session was recorded.`,
    );
    expect(elsewhere.stderr.match(/warning: The replay diverged/g)).toHaveLength(1);
  });

  it('refuses --strict without --replay', async () => {
    const run = testIo({ GEMINI_API_KEY: 'k' });
    expect(await runCli(['-p', 'x', '--strict'], run.io)).toBe(42);
    expect(run.stderr).toBe('error: --strict applies to a replay: use it with --replay FILE.\n');
  });
});

describe('gemini-agent run --replay and demo', () => {
  const demo = path.join(root, 'examples/demo');

  it("warns in the final comment when the demo's session is replayed on another repository, and fails with --strict", async () => {
    const other = await tempRepo({ 'README.md': '# Another project\n' }, { git: true });
    const argv = [
      'run',
      '--event',
      path.join(demo, 'event.json'),
      '--event-name',
      'issue_comment',
      '--repo',
      other,
      '--input',
      'allowed_commands=node --test',
      '--input',
      'sandbox=none',
      '--replay',
      path.join(demo, 'session.jsonl'),
    ];

    const loose = testTerminal();
    const out = await tempDir();
    expect(await runCli([...argv, '--out', path.join(out, 'loose')], loose.io)).toBe(0);
    const comment = await readFile(path.join(out, 'loose', 'comment-1.md'), 'utf8');
    expect(comment).toContain(
      '> ⚠️ The replay diverged from its recording: read\\_file failed here (File not found:',
    );
    expect(loose.stdout).toContain('── Result: success');
    expect(loose.stdout).toMatch(
      /warning: the replay diverged from its recording: \d+ tool calls? failed that the recording did not \(read_file[^)]*\); --strict fails such a run/,
    );
    const summary = await readFile(path.join(out, 'loose', 'job-summary.md'), 'utf8');
    expect(summary).toContain('The replay diverged from its recording');

    const strict = testTerminal();
    expect(await runCli([...argv, '--out', path.join(out, 'strict'), '--strict'], strict.io)).toBe(
      1,
    );
    expect(strict.stdout).toMatch(
      /── Result: failure — --strict: the replay diverged from its recording: \d+ tool calls? failed/,
    );
  });

  it('runs the demo with --strict: its recorded session follows its own repository', async () => {
    const out = await tempDir('gemini-agent-demo-test-');
    const terminal = testTerminal();
    expect(await runCli(['demo', '--out', out, '--strict'], terminal.io), terminal.stderr).toBe(0);
    expect(terminal.stdout).toContain('── Result: success');
    expect(terminal.stdout + terminal.stderr).not.toContain('diverged');
  });
});
