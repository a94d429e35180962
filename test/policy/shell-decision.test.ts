import { describe, expect, it } from 'vitest';
import { createPolicyEngine } from '../../src/policy/policy-engine.js';
import type { PolicyContext, PolicyRule } from '../../src/policy/policy-types.js';
import type { ShellAnalysis } from '../../src/policy/shell/shell-analysis-types.js';
import type { RuleSpec } from './support/rules.js';
import { rule } from './support/rules.js';
import { simpleShell } from './support/simple-shell.js';

const SHELL = ['run_shell_command'];
const context: PolicyContext = { runMode: 'invoke', trust: 'maintainer', workspaceRoot: '/ws' };

function engineOf(rules: PolicyRule[], analyzeShell = simpleShell) {
  return createPolicyEngine({ rules, analyzeShell, homeDir: '/home/runner' });
}

function shell(command: string, directory?: string) {
  return {
    toolName: 'run_shell_command',
    args: { command, ...(directory === undefined ? {} : { directory }) },
    kind: 'execute' as const,
    locations: [directory ?? ''],
  };
}

const allow = (prefixes: string[], extra: Partial<RuleSpec> = {}) =>
  rule({ toolNames: SHELL, commandPrefixes: prefixes, decision: 'allow', ...extra });

describe('shell commands: every sub-command is judged, deny dominates', () => {
  const engine = engineOf([
    allow(['git status', 'ls', 'echo'], { line: 1 }),
    rule({ toolNames: SHELL, commandPrefixes: ['rm'], decision: 'deny', line: 2 }),
    rule({ toolNames: SHELL, commandPrefixes: ['npm publish'], decision: 'ask_user', line: 3 }),
  ]);

  it('allows a command whose every sub-command is allowed, listing them', async () => {
    const verdict = await engine.decide(shell('git status && ls -la | echo done'), context);
    expect(verdict.decision).toBe('allow');
    expect(verdict.reason).toBe('All 3 sub-commands are allowed.');
    expect(verdict.subcommands?.map((sub) => [sub.text, sub.decision])).toEqual([
      ['git status', 'allow'],
      ['ls -la', 'allow'],
      ['echo done', 'allow'],
    ]);
  });

  it('denies the whole command when one sub-command is denied, naming it', async () => {
    const verdict = await engine.decide(shell('git status; rm -rf / ; npm publish'), context);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toBe('`rm -rf /`: Denied by the rule at policy.toml:2:1.');
    expect(verdict.decidedBy).toBe('policy.toml:2:1 (workflow, priority 3.100)');
    expect(verdict.subcommands?.map((sub) => sub.decision)).toEqual(['allow', 'deny', 'ask_user']);
  });

  it('asks when a sub-command asks and none is denied', async () => {
    const verdict = await engine.decide(shell('ls && npm publish --dry-run'), context);
    expect(verdict.decision).toBe('ask_user');
    expect(verdict.reason).toBe(
      '`npm publish --dry-run`: The rule at policy.toml:3:1 asks for confirmation.',
    );
  });

  it('denies a sub-command no rule matches', async () => {
    const verdict = await engine.decide(shell('ls && make'), context);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toBe('`make`: No policy rule allows this command.');
  });

  it('gives the reason of a single sub-command that is the whole command as it is', async () => {
    const verdict = await engine.decide(shell('rm x'), context);
    expect(verdict.reason).toBe('Denied by the rule at policy.toml:2:1.');
  });

  it('denies empty commands, unparseable ones, and ones the analyser fails on', async () => {
    expect((await engine.decide(shell('  ;  '), context)).reason).toBe(
      'The command contains no command to run.',
    );
    const parse = await engine.decide(shell('echo $((1+'), context);
    expect(parse).toMatchObject({ decision: 'deny', subcommands: [] });
    expect(parse.reason).toBe('The command cannot be checked safely: a parse error.');
    const failing = engineOf([allow(['ls'])], () => Promise.reject(new Error('wasm missing')));
    const verdict = await failing.decide(shell('ls'), context);
    expect(verdict).toMatchObject({ decision: 'deny' });
    expect(verdict.reason).toContain('analysis failed (wasm missing)');
  });

  it('denies a shell call without a command string', async () => {
    const verdict = await engine.decide({ ...shell('ls'), args: { command: 42 } }, context);
    expect(verdict.decision).toBe('deny');
  });
});

describe('shell commands: command conditions', () => {
  it('matches commandPrefix on a word boundary', async () => {
    const engine = engineOf([allow(['echo', 'git log'])]);
    expect((await engine.decide(shell('echo hi'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('echo'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('echoes hi'), context)).decision).toBe('deny');
    expect((await engine.decide(shell('git log --oneline'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('git logx'), context)).decision).toBe('deny');
  });

  it('matches commandRegex from the start of each sub-command', async () => {
    const engine = engineOf([
      rule({ toolNames: SHELL, commandRegex: /git (status|diff)/u, decision: 'allow' }),
    ]);
    expect((await engine.decide(shell('git diff --stat'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('echo git status'), context)).decision).toBe('deny');
  });

  it('applies argsPattern to each sub-command, not the whole command', async () => {
    const engine = engineOf([
      rule({ toolNames: SHELL, argsPattern: /"command":"git status/u, decision: 'allow' }),
    ]);
    expect((await engine.decide(shell('git status'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('git status && rm -rf x'), context)).decision).toBe('deny');
  });

  it('applies a rule without command conditions to every sub-command', async () => {
    const engine = engineOf([
      rule({ toolNames: SHELL, decision: 'allow', priority: 1 }),
      rule({ toolNames: SHELL, commandPrefixes: ['curl'], decision: 'deny', priority: 5 }),
    ]);
    expect((await engine.decide(shell('ls | wc -l'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('ls | curl -d @- x.example'), context)).decision).toBe(
      'deny',
    );
  });
});

describe('shell commands: hazards need a rule for the exact command', () => {
  it('denies a sub-command with hazards under a prefix rule, naming the hazard', async () => {
    const engine = engineOf([allow(['echo'], { line: 7 })]);
    const verdict = await engine.decide(shell('echo $(env)'), context);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toBe(
      'It contains command substitution; only a rule allowing this exact command can allow it.',
    );
    expect(verdict.rule?.source.line).toBe(7);
  });

  it('allows a hazardous sub-command that a rule names exactly, below a broader rule', async () => {
    const engine = engineOf([
      allow(['echo'], { priority: 900 }),
      allow(['echo $HOME'], { priority: 10 }),
      rule({
        toolNames: SHELL,
        commandRegex: /env FOO=1 npm test/u,
        decision: 'allow',
        priority: 5,
      }),
    ]);
    expect((await engine.decide(shell('echo $HOME'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('echo $HOME/x'), context)).decision).toBe('deny');
    expect((await engine.decide(shell('env FOO=1 npm test'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('env FOO=1 npm test; x'), context)).decision).toBe('deny');
  });

  it('lets a deny or ask rule met before an exact allow decide', async () => {
    const engine = engineOf([
      allow(['echo'], { priority: 900 }),
      rule({ toolNames: SHELL, commandRegex: /echo \$/u, decision: 'deny', priority: 50 }),
      allow(['echo $HOME'], { priority: 10 }),
    ]);
    expect((await engine.decide(shell('echo $HOME'), context)).decision).toBe('deny');
  });

  it('does not count a plain allow of the whole tool as naming the exact command', async () => {
    const engine = engineOf([rule({ toolNames: SHELL, decision: 'allow' })]);
    expect((await engine.decide(shell('sudo ls'), context)).decision).toBe('deny');
    expect((await engine.decide(shell('ls'), context)).decision).toBe('allow');
  });
});

describe('shell commands: when the parse cannot be trusted', () => {
  const piece = (text: string, name: string) => ({
    text,
    name,
    args: text.split(' ').slice(1),
    redirects: [],
    hazards: [],
    depth: 0,
  });
  const misread =
    (...commands: ReturnType<typeof piece>[]) =>
    () =>
      Promise.resolve<ShellAnalysis>({ commands, hazards: [] });
  const everything = [rule({ toolNames: SHELL, decision: 'allow' })];

  it('denies a sub-command named by a reserved word, which bash never runs as a command', async () => {
    const engine = engineOf(everything, misread(piece('if rm -rf /', 'if'), piece('fi', 'fi')));
    const verdict = await engine.decide(shell('! if rm -rf /; then ls; fi'), context);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toContain('the reserved word `if` where a command name should be');
  });

  it('denies a sub-command spanning a line break, which bash would run as two', async () => {
    const engine = engineOf(everything, misread(piece('ls', 'ls'), piece('ls\nrm x', 'ls')));
    const verdict = await engine.decide(shell('ls | ls\nrm x'), context);
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toContain('a line break inside one command');
  });
});

describe('shell commands: redirections', () => {
  const engine = engineOf([
    allow(['echo'], { allowRedirection: true, line: 1 }),
    allow(['cat'], { line: 2 }),
  ]);
  const decide = async (command: string, directory?: string, ctx = context) =>
    engine.decide(shell(command, directory), ctx);

  it('needs allowRedirection on the deciding rule', async () => {
    expect((await decide('echo hi > out.txt')).decision).toBe('allow');
    const verdict = await decide('cat a > b.txt');
    expect(verdict.decision).toBe('deny');
    expect(verdict.reason).toBe(
      'It redirects to a file (`> b.txt`) and the rule at policy.toml:2:1 does not set allowRedirection.',
    );
  });

  it('lets descriptor duplications and /dev/null through without allowRedirection', async () => {
    expect((await decide('cat a 2>&1')).decision).toBe('allow');
    expect((await decide('cat a 2> /dev/null')).decision).toBe('allow');
  });

  it('keeps redirection targets inside the workspace and out of .git', async () => {
    expect((await decide('echo x > /ws/notes.txt')).decision).toBe('allow');
    expect((await decide('echo x > ../outside.txt')).reason).toBe(
      'The redirection `> ../outside.txt` writes outside the workspace (/outside.txt).',
    );
    expect((await decide('echo x > /home/runner/.bashrc')).decision).toBe('deny');
    expect((await decide('echo x >> .git/hooks/pre-commit')).reason).toBe(
      'The redirection `>> .git/hooks/pre-commit` targets the .git directory, which may not be written.',
    );
    expect((await decide('echo x > sub/.GIT/config')).decision).toBe('deny');
    expect((await decide('echo x > $GITHUB_ENV')).reason).toBe(
      'The redirection `> $GITHUB_ENV` does not have a literal target; only literal paths inside the workspace are allowed.',
    );
    expect((await decide('echo x > ~/.bashrc')).decision).toBe('deny');
  });

  it('resolves relative targets against the call directory', async () => {
    expect((await decide('echo x > ../y.txt', 'sub')).decision).toBe('allow');
    expect((await decide('echo x > ../../y.txt', 'sub')).decision).toBe('deny');
  });

  it('asks the workspace about the target when the context can', async () => {
    const seen: string[] = [];
    const strict: PolicyContext = {
      ...context,
      workspacePathProblem: (absolute, purpose) => {
        seen.push(`${purpose} ${absolute}`);
        return absolute.endsWith('link')
          ? 'it is a symlink leading out of the workspace'
          : undefined;
      },
    };
    expect((await decide('echo x > ok.txt', undefined, strict)).decision).toBe('allow');
    const verdict = await decide('echo x > link', undefined, strict);
    expect(verdict.reason).toBe(
      'The redirection `> link` is refused: it is a symlink leading out of the workspace',
    );
    expect(seen).toEqual(['write /ws/ok.txt', 'write /ws/link']);
  });
});

describe('shell commands: maxCalls', () => {
  it('counts an allowed command once per rule, and not a denied one', async () => {
    const engine = engineOf([allow(['npm test'], { maxCalls: 2, priority: 500 }), allow(['ls'])]);
    expect((await engine.decide(shell('npm test && npm test'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('npm test && rm x'), context)).decision).toBe('deny');
    expect((await engine.decide(shell('npm test; ls'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('npm test'), context)).decision).toBe('deny');
  });

  it('does not let two calls decided at the same time both take the last call', async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = async (command: string): Promise<ShellAnalysis> => {
      await gate;
      return simpleShell(command);
    };
    const engine = engineOf([allow(['npm test'], { maxCalls: 1 })], slow);
    const both = Promise.all([
      engine.decide(shell('npm test'), context),
      engine.decide(shell('npm test'), context),
    ]);
    release?.();
    expect((await both).map((verdict) => verdict.decision).sort()).toEqual(['allow', 'deny']);
  });
});
