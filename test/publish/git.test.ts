import { describe, expect, it } from 'vitest';
import type { GitCommandRecord } from '../../src/publish/git.js';
import {
  GitCommandError,
  HARDENING_CONFIG,
  createGit,
  remoteProtocol,
} from '../../src/publish/git.js';
import { git, repoWithRemote, tempDir } from './git-fixtures.js';

describe('createGit', () => {
  it('passes no secrets or git variables of the parent environment', async () => {
    const { root } = await repoWithRemote();
    const elsewhere = await tempDir();
    git(elsewhere, 'init', '-q');
    const commands: GitCommandRecord[] = [];
    const runner = createGit({
      parentEnv: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        GITHUB_TOKEN: 'ghs_parentToken000000000000000000000000',
        INPUT_GITHUB_TOKEN: 'x',
        GEMINI_API_KEY: 'y',
        GIT_DIR: `${elsewhere}/.git`,
        GIT_INDEX_FILE: `${elsewhere}/index`,
        HTTPS_PROXY: 'http://proxy.internal:3128',
      },
      onCommand: (command) => commands.push(command),
    });

    const top = await runner.run(['rev-parse', '--show-toplevel'], { cwd: root });

    // GIT_DIR from the parent would have pointed at the other repository.
    expect(top.trim()).toBe(root);
    const env = commands[0]?.env ?? {};
    expect(Object.keys(env)).not.toEqual(
      expect.arrayContaining(['GITHUB_TOKEN', 'INPUT_GITHUB_TOKEN', 'GEMINI_API_KEY', 'GIT_DIR']),
    );
    expect(env).toMatchObject({
      GIT_TERMINAL_PROMPT: '0',
      GIT_ALLOW_PROTOCOL: '',
      LC_ALL: 'C',
      HTTPS_PROXY: 'http://proxy.internal:3128',
    });
    expect(commands[0]?.args.slice(0, 2)).toEqual(['-c', 'core.hooksPath=/dev/null']);
    expect(HARDENING_CONFIG).toEqual(
      expect.arrayContaining([
        'core.fsmonitor=false',
        'commit.gpgSign=false',
        'credential.helper=',
      ]),
    );
  });

  it('allows only the remote’s own protocol on network commands', async () => {
    const { root } = await repoWithRemote();
    const runner = createGit();
    const marker = `${root}/ran`;
    const ext = runner.run(['ls-remote', `ext::sh -c touch% ${marker}`], {
      cwd: root,
      network: { protocol: 'https' },
    });
    await expect(ext).rejects.toThrow(/transport 'ext' not allowed/);
    await expect(
      runner.run(['ls-remote', `file://${root}`], { cwd: root, network: { protocol: 'https' } }),
    ).rejects.toThrow(/transport 'file' not allowed/);
    // Local commands may use no transport at all.
    await expect(runner.run(['ls-remote', `file://${root}`], { cwd: root })).rejects.toThrow(
      /not allowed/,
    );
    expect(remoteProtocol('https://github.com/o/r.git')).toBe('https');
    expect(remoteProtocol('/tmp/remote.git')).toBe('file');
  });

  it('fails with git’s own message, redacted', async () => {
    const { root } = await repoWithRemote();
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const runner = createGit({ redact: (text) => text.replaceAll('secret-word', '***') });
    const error = (await runner
      .run(['cat-file', '-t', `${token}-secret-word`], { cwd: root })
      .catch((caught: unknown) => caught)) as GitCommandError;
    expect(error).toBeInstanceOf(GitCommandError);
    expect(error.exitCode).toBe(128);
    expect(error.message).toBe(
      'git cat-file failed (exit code 128): fatal: Not a valid object name ***-***',
    );
    expect(JSON.stringify([error.message, error.args, error.stderr])).not.toMatch(
      /ghp_|secret-word/,
    );
  });
});
