import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import {
  describeRule,
  loadPolicyFiles,
  mergePolicies,
  ruleOrigin,
} from '../../src/policy/load-policy.js';
import { PolicyFileError } from '../../src/policy/policy-file-error.js';
import { tempRepo } from '../support/temp-repo.js';

const allowGlob = (priority: number) =>
  `[[rule]]\ntoolName = "glob"\ndecision = "allow"\npriority = ${priority}\n`;

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected a rejection');
}

describe('loadPolicyFiles', () => {
  it('orders rules by final priority; ties keep file order, then source order', async () => {
    const dir = await tempRepo({
      'repo.toml': `${allowGlob(900)}\n${allowGlob(5)}\n${allowGlob(5)}`,
      'workflow.toml': `${allowGlob(0)}\n${allowGlob(5)}`,
      'later.toml': allowGlob(5),
    });
    const loaded = await loadPolicyFiles([
      { path: path.join(dir, 'repo.toml'), tier: 'repository', label: 'repo.toml' },
      { path: path.join(dir, 'workflow.toml'), tier: 'workflow', label: 'workflow.toml' },
      { path: path.join(dir, 'later.toml'), tier: 'repository', label: 'later.toml' },
    ]);
    expect(loaded.rules.map((rule) => [rule.id, rule.effectivePriority])).toEqual([
      ['workflow.toml#1', 3.005],
      ['workflow.toml#0', 3],
      ['repo.toml#0', 2.9],
      ['repo.toml#1', 2.005],
      ['repo.toml#2', 2.005],
      ['later.toml#0', 2.005],
    ]);
    expect(loaded.files).toEqual([
      { path: path.join(dir, 'repo.toml'), file: 'repo.toml', tier: 'repository', ruleCount: 3 },
      {
        path: path.join(dir, 'workflow.toml'),
        file: 'workflow.toml',
        tier: 'workflow',
        ruleCount: 2,
      },
      { path: path.join(dir, 'later.toml'), file: 'later.toml', tier: 'repository', ruleCount: 1 },
    ]);
  });

  it('names rules and problems by the path when no label is given', async () => {
    const dir = await tempRepo({ 'p.toml': allowGlob(1) });
    const file = path.join(dir, 'p.toml');
    const loaded = await loadPolicyFiles([{ path: file, tier: 'admin' }]);
    expect(loaded.rules[0]?.source).toEqual({ file, line: 1, column: 1, tier: 'admin' });
  });

  it('reads the .toml files of a directory in name order', async () => {
    const dir = await tempRepo({
      'policies/b.toml': allowGlob(1),
      'policies/a.toml': allowGlob(1),
      'policies/notes.md': 'not a policy',
    });
    const loaded = await loadPolicyFiles([
      { path: path.join(dir, 'policies'), tier: 'repository', label: '.gemini/policies' },
    ]);
    expect(loaded.rules.map((rule) => rule.source.file)).toEqual([
      path.join('.gemini/policies', 'a.toml'),
      path.join('.gemini/policies', 'b.toml'),
    ]);
  });

  it('names a missing file', async () => {
    const dir = await tempRepo();
    const missing = path.join(dir, 'nope.toml');
    const error = await rejection(
      loadPolicyFiles([{ path: missing, tier: 'repository', label: 'nope.toml' }]),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe(
      `nope.toml: policy file not found: expected a TOML policy file at ${missing}`,
    );
  });

  it('reports the problems of every file in one error', async () => {
    const dir = await tempRepo({
      'one.toml': '[[rule]]\ndecision = "allow"\n',
      'good.toml': allowGlob(1),
      'two.toml': '[tools.glob]\nmod = "always_allow"\n',
    });
    const error = await rejection(
      loadPolicyFiles(
        ['one.toml', 'good.toml', 'two.toml'].map((name) => ({
          path: path.join(dir, name),
          tier: 'repository' as const,
          label: name,
        })),
      ),
    );
    expect(error).toBeInstanceOf(PolicyFileError);
    expect(error.message.split('\n')).toEqual([
      'one.toml:1:1: this [[rule]] has no priority; add priority = <an integer from 0 to 999>',
      'two.toml:1:1: [tools.glob] has no mode; add mode = "always_allow", "always_deny" or "ask_user"',
      'two.toml:2:1: unknown field "mod" in [tools.glob]; did you mean "mode"?',
    ]);
  });

  it('ignores a byte-order mark without shifting columns', async () => {
    const dir = await tempRepo({ 'bom.toml': `\uFEFF[[rule]]\ndecision = 5\npriority = 1\n` });
    const error = await rejection(
      loadPolicyFiles([
        { path: path.join(dir, 'bom.toml'), tier: 'repository', label: 'bom.toml' },
      ]),
    );
    expect(error.message).toBe(
      'bom.toml:2:1: decision must be "allow", "deny" or "ask_user", but is 5 (an integer)',
    );
  });

  it('reports an unreadable path as a configuration error', async () => {
    const dir = await tempRepo();
    await mkdir(path.join(dir, 'sub.toml', 'inner.toml'), { recursive: true });
    const error = await rejection(
      loadPolicyFiles([
        { path: path.join(dir, 'sub.toml'), tier: 'repository', label: 'sub.toml' },
      ]),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toBe(
      `${path.join('sub.toml', 'inner.toml')}: policy file is a directory: expected a TOML policy file at ${path.join(dir, 'sub.toml', 'inner.toml')}`,
    );
  });
});

describe('mergePolicies', () => {
  it('orders the rules of several loaded policies together', async () => {
    const dir = await tempRepo({ 'a.toml': allowGlob(1), 'b.toml': allowGlob(2) });
    const a = await loadPolicyFiles([
      { path: path.join(dir, 'a.toml'), tier: 'default', label: 'a' },
    ]);
    const b = await loadPolicyFiles([
      { path: path.join(dir, 'b.toml'), tier: 'admin', label: 'b' },
    ]);
    const merged = mergePolicies(a, b);
    expect(merged.rules.map((rule) => rule.id)).toEqual(['b#0', 'a#0']);
    expect(merged.files.map((file) => file.file)).toEqual(['a', 'b']);
  });
});

describe('describeRule', () => {
  it('lists where a rule is, its final priority, decision, tools and conditions on one line', async () => {
    const dir = await tempRepo({
      'ci.toml': [
        '# CI policy',
        '',
        '[[rule]]',
        'toolName = "run_shell_command"',
        'commandPrefix = ["npm test", "npm run lint"]',
        'decision = "allow"',
        'priority = 100',
        'allowRedirection = true',
        '',
        '[[rule]]',
        'toolName = ["write_file", "replace"]',
        'pathPattern = "src/**"',
        'excludedPaths = ["src/generated/**"]',
        'decision = "allow"',
        'priority = 50',
        'maxCalls = 10',
        'runModes = ["invoke"]',
        'trust = ["maintainer"]',
        '',
        '[[rule]]',
        'decision = "deny"',
        'priority = 0',
        'denyMessage = "No."',
        '',
        '[tools.web_fetch]',
        'mode = "ask_user"',
      ].join('\n'),
    });
    const loaded = await loadPolicyFiles([
      { path: path.join(dir, 'ci.toml'), tier: 'workflow', label: 'ci.toml' },
    ]);
    expect(loaded.rules.map(describeRule)).toEqual([
      'ci.toml:3:1  priority 3.100  allow  run_shell_command  commandPrefix ["npm test","npm run lint"]  allowRedirection true',
      'ci.toml:10:1  priority 3.050  allow  write_file,replace  pathPattern ["src/**"]  excludedPaths ["src/generated/**"]  runModes ["invoke"]  trust ["maintainer"]  maxCalls 10',
      'ci.toml:20:1  priority 3.000  deny  *  denyMessage "No."',
      'ci.toml:25:1  priority 3.000  ask_user  web_fetch',
    ]);
    const first = loaded.rules[0];
    if (!first) throw new Error('no rule');
    expect(ruleOrigin(first)).toBe('ci.toml:3:1 (workflow, priority 3.100)');
  });
});
