// The Node.js versions the CLI accepts, and the repository's own statements of them agreeing:
// package.json's engines, .nvmrc, the Action's runtime and the license file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import {
  checkNodeVersion,
  minimumNodeVersion,
  supportedNodeVersions,
  TESTED_NODE_MAJORS,
} from '../../src/platform/node-version.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('checkNodeVersion', () => {
  it('refuses a Node.js older than engines, naming the supported versions', () => {
    expect(checkNodeVersion('20.18.0')).toEqual({
      verdict: 'unsupported',
      message:
        'gemini-agent needs Node.js 22 (22.13 or later) or 24; this is Node.js 20.18.0. Install one of those and run it again.',
    });
    expect(checkNodeVersion('22.12.0').verdict).toBe('unsupported');
    expect(checkNodeVersion('18.20.4').verdict).toBe('unsupported');
  });

  it('accepts the tested majors from the engines minimum on', () => {
    expect(checkNodeVersion('22.13.0')).toEqual({ verdict: 'supported' });
    expect(checkNodeVersion('22.23.3')).toEqual({ verdict: 'supported' });
    expect(checkNodeVersion('24.0.0')).toEqual({ verdict: 'supported' });
  });

  it('lets an untested major through with a warning', () => {
    expect(checkNodeVersion('23.11.0')).toMatchObject({ verdict: 'untested' });
    expect(checkNodeVersion('26.1.0')).toEqual({
      verdict: 'untested',
      message:
        'gemini-agent is tested on Node.js 22 (22.13 or later) or 24; Node.js 26.1.0 may work but is not tested.',
    });
  });

  it('reads the minimum from package.json, and refuses an engines range it cannot read', () => {
    expect(minimumNodeVersion()).toEqual([22, 13]);
    expect(() => minimumNodeVersion('^22 || ^24')).toThrow('not ">=X.Y"');
    expect(supportedNodeVersions()).toBe('Node.js 22 (22.13 or later) or 24');
  });
});

describe("the repository's Node.js and license statements", () => {
  it('.nvmrc names the Action runtime, a tested major that engines accepts', async () => {
    const nvmrc = (await readFile(path.join(root, '.nvmrc'), 'utf8')).trim();
    const action = await readFile(path.join(root, 'action.yml'), 'utf8');
    expect(action).toContain(`using: node${nvmrc}`);
    expect(TESTED_NODE_MAJORS).toContain(Number(nvmrc));
    expect(checkNodeVersion(`${nvmrc}.0.0`).verdict).toBe('supported');
    expect(Math.min(...TESTED_NODE_MAJORS)).toBe(minimumNodeVersion()[0]);
  });

  it('ships the Apache License 2.0 that package.json names', async () => {
    expect(packageJson.license).toBe('Apache-2.0');
    const license = await readFile(path.join(root, 'LICENSE'), 'utf8');
    expect(license).toContain(
      'Apache License\n                           Version 2.0, January 2004',
    );
    expect(license).toContain('END OF TERMS AND CONDITIONS');
  });
});
