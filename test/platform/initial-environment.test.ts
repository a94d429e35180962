// The environment a process started with, as /proc/<pid>/environ shows it to every process of the
// same user: wiped at start on Linux, handed over through a private file elsewhere.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  environmentBounds,
  HANDOVER_VARIABLE,
  protectInitialEnvironment,
  receiveHandover,
  wipeEnvironmentBlock,
} from '../../src/platform/initial-environment.js';
import { describeNeeds } from '../support/needs.js';

const onLinux = process.platform === 'linux';
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A /proc/self stand-in whose memory file cannot be written, as where the kernel refuses. */
function refusingProc(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-proc-'));
  scratch.push(dir);
  const fields = Array.from({ length: 52 }, (_, i) => String(i + 1));
  writeFileSync(path.join(dir, 'stat'), `42 (node) ${fields.slice(2).join(' ')}\n`);
  writeFileSync(path.join(dir, 'environ'), 'GEMINI_API_KEY=k\0');
  writeFileSync(path.join(dir, 'mem'), '');
  chmodSync(path.join(dir, 'mem'), 0o400);
  return dir;
}

describe('environmentBounds', () => {
  it('reads env_start and env_end after a command name holding spaces and parentheses', () => {
    const rest = Array.from({ length: 49 }, (_, i) => String(i + 3));
    rest[50 - 3] = '140737488347000';
    rest[51 - 3] = '140737488348000';
    expect(environmentBounds(`1234 (my (odd) name) S ${rest.slice(1).join(' ')}`)).toEqual([
      140737488347000, 140737488348000,
    ]);
  });

  it('refuses a stat line without them', () => {
    expect(() => environmentBounds('1 (x) S 1 2 3')).toThrow(/no environment bounds/u);
  });
});

describeNeeds(
  onLinux ? undefined : 'needs Linux, whose /proc/self/environ this wipes',
  'wiping the initial environment on Linux',
  () => {
    it('leaves /proc/self/environ empty and every variable where process.env finds it', () => {
      const before = readFileSync('/proc/self/environ');
      const path = process.env.PATH;
      expect(before.includes(`PATH=${path ?? ''}`)).toBe(true);
      const names = Object.keys(process.env).sort();

      expect(wipeEnvironmentBlock(process.env, '/proc/self')).toBeUndefined();

      expect(readFileSync('/proc/self/environ').every((byte) => byte === 0)).toBe(true);
      expect(process.env.PATH).toBe(path);
      expect(Object.keys(process.env).sort()).toEqual(names);
    });

    it('says why when the kernel refuses the write', () => {
      expect(wipeEnvironmentBlock({ X: '1' }, refusingProc())).toMatch(
        /^the kernel refused to rewrite it|^the environment in memory is not what \/proc shows/u,
      );
    });
  },
);

describe('handing the credentials over to a new image', () => {
  it('re-executes with the credentials in a private file, which the new image takes and deletes', () => {
    const env: NodeJS.ProcessEnv = { PATH: '/bin', GEMINI_API_KEY: 'key-canary', LANG: 'C' };
    let started: { file: string; args: string[]; env: Record<string, string> } | undefined;
    const execve = (file: string, args: string[], newEnv: Record<string, string>): never => {
      started = { file, args, env: newEnv };
      throw new Error('stop here');
    };
    const handover = mkdtempSync(path.join(tmpdir(), 'gemini-agent-env-'));
    scratch.push(handover);
    expect(() => protectInitialEnvironment({ env, platform: 'darwin', execve })).toThrow(
      'stop here',
    );
    // The failed exec removed its file again; do it for real with a file we keep.
    expect(started?.file).toBe(process.execPath);
    expect(started?.env).toMatchObject({ PATH: '/bin', LANG: 'C' });
    expect(started?.env.GEMINI_API_KEY).toBeUndefined();
    const file = started?.env[HANDOVER_VARIABLE] ?? '';
    expect(existsSync(file)).toBe(false);

    const kept = path.join(handover, 'environment.json');
    writeFileSync(kept, JSON.stringify({ GEMINI_API_KEY: 'key-canary' }), { mode: 0o600 });
    const next: NodeJS.ProcessEnv = { PATH: '/bin', [HANDOVER_VARIABLE]: kept };
    expect(protectInitialEnvironment({ env: next, platform: 'darwin', execve })).toEqual({
      outcome: 'handed_over',
    });
    expect(next).toEqual({ PATH: '/bin', GEMINI_API_KEY: 'key-canary' });
    expect(existsSync(handover)).toBe(false);
  });

  it('reads no file the variable points at unless this program wrote it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'someone-else-'));
    scratch.push(dir);
    const file = path.join(dir, 'environment.json');
    writeFileSync(file, JSON.stringify({ GEMINI_API_KEY: 'planted' }));
    const env: NodeJS.ProcessEnv = { [HANDOVER_VARIABLE]: file };
    expect(receiveHandover(env)).toBe(false);
    expect(env).toEqual({});
    expect(existsSync(file)).toBe(true);
  });

  it('has nothing to do without credentials, and says so when it cannot protect them', () => {
    expect(protectInitialEnvironment({ env: { PATH: '/bin' }, platform: 'win32' })).toEqual({
      outcome: 'nothing_to_hide',
    });
    const result = protectInitialEnvironment({
      env: { GITHUB_TOKEN: 't' },
      platform: 'win32',
      execve: null,
    });
    expect(result).toEqual({
      outcome: 'not_protected',
      reason: expect.stringMatching(
        /^the environment cannot be rewritten in place on win32, and this Node .* cannot re-execute itself/u,
      ) as string,
    });
  });
});
