import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearerChecker, resolveToken } from '../../src/cli/a2a-server/bearer-token.js';
import { UsageError } from '../../src/platform/errors.js';
import { tempRepo } from '../support/temp-repo.js';

describe('the server token', () => {
  it('comes from --token-file, else GEMINI_AGENT_A2A_TOKEN, else is generated', async () => {
    const dir = await tempRepo();
    const file = path.join(dir, 'token');
    await writeFile(file, 'from-the-file-0123456789\n');
    const env = { GEMINI_AGENT_A2A_TOKEN: 'from-the-environment-0123' };
    expect(await resolveToken({ tokenFile: file, env })).toEqual({
      value: 'from-the-file-0123456789',
      source: 'file',
    });
    expect(await resolveToken({ tokenFile: undefined, env })).toEqual({
      value: 'from-the-environment-0123',
      source: 'environment',
    });
    const made = await resolveToken({ tokenFile: undefined, env: {} });
    const again = await resolveToken({ tokenFile: undefined, env: {} });
    expect(made.source).toBe('generated');
    expect(made.value).toMatch(/^[\w-]{43}$/);
    expect(again.value).not.toBe(made.value);
  });

  it('refuses short tokens and files it cannot read, naming where they came from', async () => {
    await expect(
      resolveToken({ tokenFile: undefined, env: { GEMINI_AGENT_A2A_TOKEN: 'short' } }),
    ).rejects.toThrow('GEMINI_AGENT_A2A_TOKEN expects a token of at least 16 characters');
    await expect(resolveToken({ tokenFile: '/no/such/token', env: {} })).rejects.toThrow(
      UsageError,
    );
  });

  it('accepts exactly `Bearer <token>`', () => {
    const check = bearerChecker('the-right-token-0123');
    expect(check('Bearer the-right-token-0123')).toBe(true);
    expect(check('bearer the-right-token-0123')).toBe(true);
    expect(check('Bearer the-right-token-0124')).toBe(false);
    expect(check('Bearer the-right-token-0123 ')).toBe(false);
    expect(check('Basic the-right-token-0123')).toBe(false);
    expect(check('the-right-token-0123')).toBe(false);
    expect(check(undefined)).toBe(false);
    expect(check('Bearer ')).toBe(false);
  });
});
