// The Gemini CLI's trusted folders file, read and written as it does: which rule decides for a
// folder, what the flag and the variable do, and where a mistake in the file is.
import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decideFolderTrust,
  decidingRule,
  displayPath,
  parseTrustRules,
  readTrustRules,
  saveTrustRule,
  trustedFoldersFile,
} from '../../src/config/trusted-folders.js';
import type { TrustRule } from '../../src/config/trusted-folders.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { tempRepo } from '../support/temp-repo.js';

function thrown(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

describe('the trusted folders file', () => {
  it('is ~/.gemini/trustedFolders.json, or the file GEMINI_CLI_TRUSTED_FOLDERS_PATH names', () => {
    expect(trustedFoldersFile({ HOME: '/home/me' })).toBe('/home/me/.gemini/trustedFolders.json');
    expect(
      trustedFoldersFile({ HOME: '/home/me', GEMINI_CLI_TRUSTED_FOLDERS_PATH: '/etc/trust.json' }),
    ).toBe('/etc/trust.json');
  });

  it('reads comments, and each rule as an absolute path', () => {
    expect(
      parseTrustRules(
        '// mine\n{ "/src/app": "TRUST_FOLDER", /* all */ "/src/x": "TRUST_PARENT" }',
        'f',
      ),
    ).toEqual([
      { path: '/src/app', level: 'TRUST_FOLDER' },
      { path: '/src/x', level: 'TRUST_PARENT' },
    ]);
  });

  it('names the file, line and column of every mistake', () => {
    expect(
      thrown(() => parseTrustRules('{\n  "/a": "TRUST_FOLDER",\n  "/b": true\n}', 'T')).message,
    ).toBe('T:3:3: expected "TRUST_FOLDER", "TRUST_PARENT" or "DO_NOT_TRUST" for "/b", got true.');
    expect(thrown(() => parseTrustRules('["/a"]', 'T')).message).toContain(
      'T:1:1: expected a JSON object from folder paths to',
    );
    expect(thrown(() => parseTrustRules('{"/a": "TRUST_FOLDER",}', 'T')).message).toMatch(
      /^T:1:\d+: expected valid JSON/,
    );
    expect(thrown(() => parseTrustRules('{"": "TRUST_FOLDER"}', 'T')).message).toBe(
      'T:1:2: expected a folder path as the key, got "".',
    );
  });

  it('is no rules when missing, and an error naming it when it cannot be read', async () => {
    const dir = await tempRepo();
    expect(await readTrustRules(path.join(dir, 'none.json'))).toEqual([]);
    await expect(readTrustRules(dir)).rejects.toThrow(
      `${dir}: expected a readable trusted folders file; it could not be read`,
    );
  });
});

describe('the rule that decides', () => {
  const rules: TrustRule[] = [
    { path: '/src/projects/app', level: 'TRUST_PARENT' },
    { path: '/src/projects/evil', level: 'DO_NOT_TRUST' },
    { path: '/src/projects/evil/vendored', level: 'TRUST_FOLDER' },
  ];

  it('is the longest covering rule; TRUST_PARENT covers its parent', async () => {
    expect((await decidingRule(rules, '/src/projects/other'))?.level).toBe('TRUST_PARENT');
    expect((await decidingRule(rules, '/src/projects'))?.level).toBe('TRUST_PARENT');
    expect((await decidingRule(rules, '/src/projects/evil/x'))?.level).toBe('DO_NOT_TRUST');
    expect((await decidingRule(rules, '/src/projects/evil/vendored/y'))?.level).toBe(
      'TRUST_FOLDER',
    );
    expect(await decidingRule(rules, '/src')).toBeUndefined();
  });

  it('stops at a folder boundary, not at a prefix of the name', async () => {
    const folder: TrustRule[] = [{ path: '/src/app', level: 'TRUST_FOLDER' }];
    expect(await decidingRule(folder, '/src/app-evil')).toBeUndefined();
    expect(await decidingRule(folder, '/src/app/../evil')).toBeUndefined();
    expect((await decidingRule(folder, '/src/app/lib'))?.level).toBe('TRUST_FOLDER');
  });

  it('compares where links lead, on both sides', async () => {
    const root = await tempRepo();
    await mkdir(path.join(root, 'real'));
    await symlink(path.join(root, 'real'), path.join(root, 'alias'));
    const viaAlias: TrustRule[] = [{ path: path.join(root, 'alias'), level: 'TRUST_FOLDER' }];
    expect((await decidingRule(viaAlias, path.join(root, 'real')))?.level).toBe('TRUST_FOLDER');
    const viaReal: TrustRule[] = [{ path: path.join(root, 'real'), level: 'TRUST_FOLDER' }];
    expect((await decidingRule(viaReal, path.join(root, 'alias')))?.level).toBe('TRUST_FOLDER');
  });
});

describe('decideFolderTrust', () => {
  async function withFile(rules: Record<string, string>) {
    const dir = await tempRepo();
    const file = path.join(dir, 'trust.json');
    await writeFile(file, JSON.stringify(rules));
    return { dir, env: { GEMINI_CLI_TRUSTED_FOLDERS_PATH: file }, file };
  }

  it('--skip-trust and GEMINI_CLI_TRUST_WORKSPACE decide without the file', async () => {
    const env = { GEMINI_CLI_TRUSTED_FOLDERS_PATH: '/nonexistent/dir/file' };
    expect(await decideFolderTrust({ folder: '/x', env, skipTrust: true })).toMatchObject({
      trusted: true,
      reason: '--skip-trust',
    });
    for (const [value, trusted] of [
      ['true', true],
      ['false', false],
    ] as const) {
      expect(
        await decideFolderTrust({
          folder: '/x',
          env: { ...env, GEMINI_CLI_TRUST_WORKSPACE: value },
          skipTrust: false,
        }),
      ).toMatchObject({ trusted, reason: `GEMINI_CLI_TRUST_WORKSPACE=${value}` });
    }
  });

  it('takes the flag over GEMINI_CLI_TRUST_WORKSPACE=false, as the Gemini CLI sets the variable for it', async () => {
    const decided = await decideFolderTrust({
      folder: '/x',
      env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' },
      skipTrust: true,
    });
    expect(decided.trusted).toBe(true);
  });

  it('reads other values of the variable as nothing, as the Gemini CLI compares them exactly', async () => {
    const { dir, env } = await withFile({});
    for (const value of ['1', 'TRUE', 'yes', '']) {
      const decided = await decideFolderTrust({
        folder: dir,
        env: { ...env, GEMINI_CLI_TRUST_WORKSPACE: value },
        skipTrust: false,
      });
      expect(decided.trusted).toBe(false);
    }
  });

  it('follows the file: trusted, refused, or no rule', async () => {
    const { dir, env, file } = await withFile({});
    const trusted = await withFile({ [dir]: 'TRUST_FOLDER' });
    expect(
      await decideFolderTrust({ folder: dir, env: trusted.env, skipTrust: false }),
    ).toMatchObject({ trusted: true, rule: { path: dir, level: 'TRUST_FOLDER' } });
    const refused = await withFile({ [dir]: 'DO_NOT_TRUST' });
    expect(
      (await decideFolderTrust({ folder: dir, env: refused.env, skipTrust: false })).trusted,
    ).toBe(false);
    expect(await decideFolderTrust({ folder: dir, env, skipTrust: false })).toMatchObject({
      trusted: false,
      reason: `no rule for it in ${file}`,
    });
  });
});

describe('saveTrustRule', () => {
  it('keeps the other rules, replaces the folder’s, and leaves the file to its owner', async () => {
    const dir = await tempRepo();
    const file = path.join(dir, 'nested', 'trustedFolders.json');
    await saveTrustRule(file, '/src/a', 'DO_NOT_TRUST');
    await saveTrustRule(file, '/src/b', 'TRUST_FOLDER');
    await saveTrustRule(file, '/src/a', 'TRUST_PARENT');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      '/src/a': 'TRUST_PARENT',
      '/src/b': 'TRUST_FOLDER',
    });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses to rewrite a file it cannot read, naming the place', async () => {
    const dir = await tempRepo();
    const file = path.join(dir, 'trust.json');
    await writeFile(file, '{"/a": "MAYBE"}');
    await expect(saveTrustRule(file, '/b', 'TRUST_FOLDER')).rejects.toThrow(`${file}:1:2:`);
    expect(await readFile(file, 'utf8')).toBe('{"/a": "MAYBE"}');
  });
});

describe('displayPath', () => {
  it('shows a file in the home folder as ~/…', () => {
    expect(displayPath('/home/me/.gemini/trustedFolders.json', '/home/me')).toBe(
      '~/.gemini/trustedFolders.json',
    );
    expect(displayPath('/etc/trust.json', '/home/me')).toBe('/etc/trust.json');
  });
});
