import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../src/platform/logger.js';
import {
  headerCredentials,
  hideCheckoutCredential,
} from '../../src/publish/checkout-credential.js';
import { tempRepo } from '../support/temp-repo.js';

const HEADER = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2NhbmFyeQ==';
const KEY = 'http.https://github.com/.extraheader';
/** The header, and the user:token pair and the token inside it. */
const SECRETS = [HEADER, 'x-access-token:ghs_canary', 'ghs_canary'];

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

describe('headerCredentials', () => {
  it('finds the token inside a basic or bearer header', () => {
    expect(headerCredentials(HEADER)).toEqual(SECRETS.slice(1));
    expect(headerCredentials('Authorization: Bearer ghp_abc123')).toEqual(['ghp_abc123']);
    expect(headerCredentials('X-Custom: value')).toEqual([]);
  });
});

describe('hideCheckoutCredential', () => {
  it("takes checkout's header out of .git/config for the session and puts it back", async () => {
    const repo = await tempRepo({ 'a.txt': 'a\n' }, { git: true });
    git(repo, 'config', '--local', KEY, HEADER);

    const hidden = await hideCheckoutCredential(repo, { logger: memoryLogger() });

    expect(hidden.values).toEqual(SECRETS);
    // What a test script could read during the session: no header anywhere in the config.
    expect(await readFile(path.join(repo, '.git/config'), 'utf8')).not.toContain('basic');
    await hidden.restore();
    expect(git(repo, 'config', '--local', '--get', KEY)).toBe(HEADER);
  });

  it('also finds it in a file the config includes (newer checkouts keep it there)', async () => {
    const repo = await tempRepo({ 'a.txt': 'a\n' }, { git: true });
    const credentials = path.join(await tempRepo(), 'git-credentials.config');
    await writeFile(credentials, `[http "https://github.com/"]\n\textraheader = ${HEADER}\n`);
    git(repo, 'config', '--local', 'include.path', credentials);

    const hidden = await hideCheckoutCredential(repo, { logger: memoryLogger() });

    expect(hidden.values).toEqual(SECRETS);
    expect(await readFile(credentials, 'utf8')).not.toContain('basic');
    await hidden.restore();
    expect(await readFile(credentials, 'utf8')).toContain(HEADER);
  });

  it('does nothing without a stored credential or outside a repository', async () => {
    const repo = await tempRepo({ 'a.txt': 'a\n' }, { git: true });
    const before = await readFile(path.join(repo, '.git/config'), 'utf8');
    expect((await hideCheckoutCredential(repo, { logger: memoryLogger() })).values).toEqual([]);
    expect(await readFile(path.join(repo, '.git/config'), 'utf8')).toBe(before);
    const plain = await tempRepo();
    expect((await hideCheckoutCredential(plain, { logger: memoryLogger() })).values).toEqual([]);
  });
});
