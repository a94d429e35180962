// The second line behind the sandbox: a policy that allows `cat`, `head`, `ls` and friends allows
// them inside the workspace only, checked on the real file system through the workspace resolver
// (symlinks, `..` after a link, globs, /proc), whatever the rules say.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicyEngine } from '../../src/policy/policy-engine.js';
import type { PolicyContext } from '../../src/policy/policy-types.js';
import { analyzeShellCommand } from '../../src/policy/shell/shell-analysis.js';
import { policyContext } from '../../src/session-setup/run-agent.js';
import { Workspace } from '../../src/tools/workspace.js';
import { rule } from './support/rules.js';

let base: string;
let context: PolicyContext;

beforeAll(async () => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'file-access-')));
  const ws = path.join(base, 'ws');
  mkdirSync(path.join(ws, 'src', 'deep'), { recursive: true });
  mkdirSync(path.join(base, 'other'));
  writeFileSync(path.join(base, 'other', 'secret.txt'), 'canary\n');
  writeFileSync(path.join(ws, 'notes.txt'), 'notes\n');
  // A name that starts with `..` is still a child of the workspace.
  writeFileSync(path.join(ws, '..notes'), 'notes\n');
  writeFileSync(path.join(ws, 'src', 'a.ts'), 'a\n');
  writeFileSync(path.join(ws, 'src', 'b.ts'), 'b\n');
  symlinkSync(path.join(base, 'other', 'secret.txt'), path.join(ws, 'src', 'c.ts'));
  symlinkSync(path.join(base, 'other', 'secret.txt'), path.join(ws, 'link.txt'));
  symlinkSync(path.join(base, 'other'), path.join(ws, 'dirlink'));
  // Inside the workspace by its text, outside by the kernel's reading: `deeplink/..` is `other/..`.
  symlinkSync(path.join(base, 'other', 'sub'), path.join(ws, 'deeplink'));
  mkdirSync(path.join(base, 'other', 'sub'));
  const workspace = await Workspace.create(ws);
  context = policyContext(workspace, { runMode: 'invoke', trust: 'maintainer' });
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** Every shell command allowed, as a user who trusts their model might write. */
const engine = createPolicyEngine({
  rules: [rule({ toolNames: ['run_shell_command'], decision: 'allow' })],
  analyzeShell: (command) => analyzeShellCommand(command),
  homeDir: '/home/someone',
});

async function decide(command: string, directory?: string) {
  return engine.decide(
    {
      toolName: 'run_shell_command',
      args: { command, ...(directory === undefined ? {} : { directory }) },
      kind: 'execute',
      locations: [],
    },
    context,
  );
}

describe('files named in shell commands must lie in the workspace', () => {
  it.each([
    'cat ../other/secret.txt',
    'cat ~/.npmrc',
    'cat /etc/passwd',
    'cat /proc/self/environ',
    `cat -v /proc/${process.pid}/environ`,
    'head -c 100 /proc/1/environ',
    'cat link.txt',
    'cat dirlink/secret.txt',
    'cat deeplink/../secret.txt',
    'ls ..',
    'ls -la ~',
    'ls dirlink',
    'cat src/*.ts',
    'cat ../*/secret.txt',
    // `.*` matches `..` in bash before 5.2: the expansion climbs out.
    'cat .*/other/secret.txt',
    'grep -r canary ..',
    'grep -R canary .',
    'wc -l notes.txt /etc/hostname',
    'cd .. && cat other/secret.txt',
    "bash -c 'cat ../other/secret.txt'",
    'cat notes.txt | head -1 /etc/passwd',
    'sort -o /tmp/out.txt notes.txt',
    'cat /dev/zero',
  ])('%s is denied', async (command) => {
    const verdict = await decide(command);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toContain(
      `Shell commands may only read and write files inside the workspace (${path.join(base, 'ws')})`,
    );
    expect(verdict.decidedBy).toBe('workspace boundary (files named in shell commands)');
  });

  it('says which argument and why, so the model can act on it', async () => {
    expect((await decide('cat ../other/secret.txt')).reason).toMatch(
      /^`\.\.\/other\/secret\.txt` is outside the workspace \(.*\/other\/secret\.txt\)\./u,
    );
    expect((await decide('cat link.txt')).reason).toMatch(
      /^`link\.txt` is refused: Path not in workspace: Attempted path ".*link\.txt" resolves outside/u,
    );
    expect((await decide('cat ~/.npmrc')).reason).toContain(
      '`~/.npmrc` cannot be checked before it runs: `~` stands for the home directory',
    );
    expect((await decide('cat src/*.ts')).reason).toContain(
      '`src/*.ts` matches a path that is refused',
    );
  });

  it.each([
    'cat notes.txt',
    'cat -v notes.txt',
    'head -n 1 src/a.ts',
    'ls',
    'ls -la src',
    'cat src/a*.ts',
    'grep -rn notes .',
    'wc -l notes.txt > /dev/null',
    'cat ./src/../notes.txt',
    "jq '.' notes.txt",
    'cat ..notes',
  ])('%s inside the workspace is allowed', async (command) => {
    expect((await decide(command)).decision).toBe('allow');
  });

  it('resolves relative paths against the directory argument', async () => {
    expect((await decide('cat a.ts', 'src')).decision).toBe('allow');
    expect((await decide('cat ../../other/secret.txt', 'src')).decision).toBe('deny');
  });

  it('holds whatever the rules say, an exact allow included', async () => {
    const exact = createPolicyEngine({
      rules: [
        rule({
          toolNames: ['run_shell_command'],
          commandPrefixes: ['cat /etc/passwd'],
          decision: 'allow',
        }),
      ],
      analyzeShell: (command) => analyzeShellCommand(command),
    });
    const verdict = await exact.decide(
      {
        toolName: 'run_shell_command',
        args: { command: 'cat /etc/passwd' },
        kind: 'execute',
        locations: [],
      },
      context,
    );
    expect(verdict.decision).toBe('deny');
  });

  it('leaves programs it does not know to the rules', async () => {
    expect((await decide('npm test -- ../other')).decision).toBe('allow');
  });
});
