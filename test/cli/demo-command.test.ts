// `gemini-agent demo` end to end, in-process and offline: the sample project copied and made a
// repository, the recorded session replayed through the whole pipeline, and the result checked
// where a user would look — the final comment, the diff and the commit on the bot's branch.
import { realpathSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findDemoFiles, invokedAs, sandboxUserNotice } from '../../src/cli/subcommands/demo.js';
import { runCli } from '../../src/cli/run-cli.js';
import { git, tempDir, testTerminal } from '../local/support.js';

const BRANCH = 'gemini/issue-1-tocelsius-returns-the-wrong-temperature';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One demo run that several tests read, made on first use. */
let demoRun: Promise<{ out: string; terminal: ReturnType<typeof testTerminal> }> | undefined;
function sharedDemo() {
  demoRun ??= (async () => {
    const out = await tempDir('gemini-agent-demo-test-');
    const terminal = testTerminal();
    const code = await runCli(['demo', '--out', out], terminal.io);
    if (code !== 0) throw new Error(`the demo exited ${code}: ${terminal.stderr}`);
    return { out, terminal };
  })();
  return demoRun;
}

describe('gemini-agent demo', () => {
  it('fixes the sample bug offline and shows the comment, the diff and the commit', async () => {
    const out = await tempDir('gemini-agent-demo-test-');
    const terminal = testTerminal();

    const code = await runCli(['demo', '--out', out], terminal.io);

    expect(code, terminal.stderr).toBe(0);
    // The final comment: the answer, the tests it ran, the branch and the pull request.
    const comment = await readFile(path.join(out, 'run', 'comment-1.md'), 'utf8');
    expect(comment).toContain("Gemini finished @octocat's task");
    expect(comment).toContain('Fixed `toCelsius` in `src/convert.js`');
    expect(comment).toContain('`run_shell_command` Run: node --test');
    expect(comment).toContain(`Changes pushed** to [\`${BRANCH}\`]`);
    expect(comment).toContain('Opened draft pull request [#2]');
    // The diff and the commit on the bot's branch of the sample repository.
    const repo = path.join(out, 'temperature');
    const diff = git(repo, 'diff', `main...${BRANCH}`);
    expect(diff).toContain('-  return ((fahrenheit - 32) * 9) / 5;');
    expect(diff).toContain('+  return ((fahrenheit - 32) * 5) / 9;');
    expect(git(repo, 'diff', '--stat', `main...${BRANCH}`)).toContain('1 file changed');
    expect(git(repo, 'log', '-1', '--format=%an%n%s%n%b', BRANCH)).toMatch(
      /^github-actions\[bot\]\ntoCelsius returns the wrong temperature\n[\s\S]*Co-authored-by: octocat/,
    );
    expect(git(repo, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');
    expect(git(repo, 'status', '--porcelain')).toBe('');
    // The story on the terminal, in order.
    const story = [
      'Gemini agent demo',
      '💬 Comment 1 posted on #1',
      '✎ Comment 1 edited (state 2)',
      '── Final comment 1 on #1',
      '── Result: success',
      `── The commit on branch ${BRANCH}`,
      '+  return ((fahrenheit - 32) * 5) / 9;',
      'Try it on your own repository',
    ];
    const positions = story.map((text) => terminal.stdout.indexOf(text));
    expect(
      positions.every((position) => position >= 0),
      terminal.stdout,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('tells the same elapsed time in every comment state, and lists the todo updates once', async () => {
    const { out } = await sharedDemo();

    const final = await readFile(path.join(out, 'run', 'comment-1.md'), 'utf8');
    const elapsed = /finished @octocat's task in (\d+s)/.exec(final)?.[1];
    expect(elapsed).toBeDefined();
    const statesDir = path.join(out, 'run', 'comment-1.states');
    for (const name of await readdir(statesDir)) {
      const state = await readFile(path.join(statesDir, name), 'utf8');
      for (const time of state.matchAll(
        /(?:finished|failed) @octocat's task (?:in|after) (\S+)\*\*/g,
      )) {
        expect(time[1], name).toBe(elapsed);
      }
    }
    // The agent updated its todo list four times; the list of calls shows one line for them.
    const calls = final.split('\n').filter((line) => /^- \S+ `\w+`/.test(line));
    expect(calls.filter((line) => line.includes('`write_todos`'))).toEqual([
      expect.stringMatching(/^- ✅ `write_todos` Set 3 todo\(s\) \(4 updates\)/),
    ]);
    expect(final).toContain('Tool calls (8 calls in 5 lines)');
  });

  it('names the sandbox user in its first lines when it runs as root', async () => {
    const { terminal } = await sharedDemo();
    const opening = terminal.stdout.split('\n').slice(0, 5).join('\n');
    const root = process.getuid?.() === 0 && process.platform === 'linux';
    expect(opening.includes('system user gemini-agent-sandbox')).toBe(root);
    if (root) expect(opening).toContain('"userdel gemini-agent-sandbox" removes it');
    expect(sandboxUserNotice(false)).toContain('created now');
    expect(sandboxUserNotice(true)).toContain('exists\nalready');
  });

  it('closes with a command that runs from any folder: gemini-agent on PATH, else an absolute path', async () => {
    const dir = await tempDir('gemini-agent-demo-test-');
    const clone = path.join(dir, 'my clone');
    const script = path.join(clone, 'dist', 'cli.js');
    const bin = path.join(dir, 'prefix', 'bin');
    await mkdir(path.dirname(script), { recursive: true });
    await mkdir(bin, { recursive: true });
    await writeFile(script, '');
    await symlink(script, path.join(bin, 'gemini-agent'));
    // Started from the clone, and `gemini-agent` on PATH is another program (or none).
    expect(invokedAs(script, { PATH: '/usr/bin' })).toBe(`node '${realpathSync(script)}'`);
    expect(invokedAs('dist/cli.js', {})).toBe(`node ${path.resolve('dist/cli.js')}`);
    // The same program installed and on PATH, however it was started.
    expect(invokedAs(script, { PATH: `/usr/bin:${bin}` })).toBe('gemini-agent');
    expect(invokedAs(path.join(bin, 'gemini-agent'), { PATH: bin })).toBe('gemini-agent');
    // Installed but not on PATH: the command's own path.
    expect(invokedAs(path.join(bin, 'gemini-agent'), { PATH: '/usr/bin' })).toBe(
      path.join(bin, 'gemini-agent'),
    );
  });

  it('says it can run live when credentials are set, and still replays without --live', async () => {
    const out = await tempDir('gemini-agent-demo-test-');
    const terminal = testTerminal({ GEMINI_API_KEY: 'a-real-looking-key-1234567890' });

    const code = await runCli(['demo', '--out', out], terminal.io);

    expect(code, terminal.stderr).toBe(0);
    expect(terminal.stdout).toContain('"gemini-agent demo --live" runs the same task live');
  });

  it('refuses --live without model credentials, before copying anything', async () => {
    const out = await tempDir('gemini-agent-demo-test-');
    const terminal = testTerminal();

    const code = await runCli(['demo', '--live', '--out', out], terminal.io);

    expect(code).toBe(41);
    expect(terminal.stderr).toContain('No model credentials found');
  });

  it('finds its files from the bundle layout (dist/cli/) as from the sources', async () => {
    const fromBundle = pathToFileURL(path.join(ROOT, 'dist', 'cli', 'index.js')).href;
    const fromSource = pathToFileURL(path.join(ROOT, 'src', 'cli', 'demo-command.ts')).href;

    for (const moduleUrl of [fromBundle, fromSource]) {
      const folder = await findDemoFiles(moduleUrl);
      // Beside the bundle if the build copied them there, else in the package's examples/.
      expect([
        path.join(ROOT, 'dist', 'cli', 'demo'),
        path.join(ROOT, 'examples', 'demo'),
      ]).toContain(folder);
      for (const file of ['event.json', 'session.jsonl', 'repo/src/convert.js']) {
        await expect(readFile(path.join(folder, file), 'utf8')).resolves.not.toBe('');
      }
    }
    await expect(findDemoFiles('file:///nowhere/dist/cli/index.js')).rejects.toThrow(
      /The demo's files were not found/,
    );
  });
});
