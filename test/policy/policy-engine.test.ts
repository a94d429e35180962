import { describe, expect, it } from 'vitest';
import type { PolicyEngine } from '../../src/policy/policy-engine.js';
import { createPolicyEngine, NO_RULE_REASON } from '../../src/policy/policy-engine.js';
import type { PolicyCall, PolicyContext, PolicyRule } from '../../src/policy/policy-types.js';
import { rule } from './support/rules.js';
import { simpleShell } from './support/simple-shell.js';

const context: PolicyContext = { runMode: 'invoke', trust: 'maintainer', workspaceRoot: '/ws' };

function engineOf(rules: PolicyRule[], options: { aliases?: Record<string, string> } = {}) {
  return createPolicyEngine({
    rules,
    analyzeShell: simpleShell,
    homeDir: '/home/runner',
    ...(options.aliases ? { toolAliases: options.aliases } : {}),
  });
}

function call(toolName: string, extra: Partial<PolicyCall> = {}): PolicyCall {
  return { toolName, args: {}, kind: 'read', locations: [], ...extra };
}

async function decision(engine: PolicyEngine, c: PolicyCall, ctx: PolicyContext = context) {
  return (await engine.decide(c, ctx)).decision;
}

describe('policy engine: which rule decides', () => {
  it('denies when no rule matches, saying so', async () => {
    const engine = engineOf([rule({ toolNames: ['read_file'], decision: 'allow' })]);
    const verdict = await engine.decide(call('write_file'), context);
    expect(verdict).toEqual({
      decision: 'deny',
      reason: NO_RULE_REASON,
      decidedBy: 'default (no rule matched)',
    });
  });

  it('lets the first matching rule by priority decide, and names it', async () => {
    const low = rule({ toolNames: ['read_file'], decision: 'deny', priority: 10, line: 3 });
    const high = rule({ toolNames: ['read_file'], decision: 'allow', priority: 500, line: 9 });
    const verdict = await engineOf([low, high]).decide(call('read_file'), context);
    expect(verdict.decision).toBe('allow');
    expect(verdict.rule).toBe(high);
    expect(verdict.decidedBy).toBe('policy.toml:9:1 (workflow, priority 3.500)');
    expect(verdict.reason).toBe('Allowed by the rule at policy.toml:9:1.');
  });

  it('keeps file order between rules of equal priority', async () => {
    const first = rule({ toolNames: ['read_file'], decision: 'deny', priority: 5 });
    const second = rule({ toolNames: ['read_file'], decision: 'allow', priority: 5 });
    expect(await decision(engineOf([first, second]), call('read_file'))).toBe('deny');
    expect(await decision(engineOf([second, first]), call('read_file'))).toBe('allow');
  });

  it('puts any rule of a higher tier above every rule of a lower one', async () => {
    const admin = rule({ toolNames: ['write_file'], decision: 'deny', priority: 0, tier: 'admin' });
    const workflow = rule({ toolNames: ['write_file'], decision: 'allow', priority: 999 });
    const defaults = rule({ toolNames: ['*'], decision: 'allow', priority: 999, tier: 'default' });
    const verdict = await engineOf([defaults, workflow, admin]).decide(call('write_file'), context);
    expect(verdict.decision).toBe('deny');
    expect(verdict.decidedBy).toMatch(/\(admin, priority 4\.000\)$/u);
    expect(await decision(engineOf([defaults, workflow]), call('write_file'))).toBe('allow');
  });

  it('shows the deny message of the deciding rule as the reason', async () => {
    const engine = engineOf([
      rule({ toolNames: ['web_fetch'], decision: 'deny', denyMessage: 'No network in CI.' }),
    ]);
    expect((await engine.decide(call('web_fetch'), context)).reason).toBe('No network in CI.');
  });

  it('answers ask_user when the deciding rule asks', async () => {
    const engine = engineOf([rule({ toolNames: ['write_file'], decision: 'ask_user', line: 4 })]);
    const verdict = await engine.decide(call('write_file'), context);
    expect(verdict.decision).toBe('ask_user');
    expect(verdict.reason).toBe('The rule at policy.toml:4:1 asks for confirmation.');
  });
});

describe('policy engine: rule conditions', () => {
  it('matches tool names exactly, with * for every tool and aliases for renamed tools', async () => {
    const exact = engineOf([rule({ toolNames: ['read_file', 'glob'], decision: 'allow' })]);
    expect(await decision(exact, call('glob'))).toBe('allow');
    expect(await decision(exact, call('read_file_x'))).toBe('deny');
    expect(
      await decision(engineOf([rule({ toolNames: ['*'], decision: 'allow' })]), call('x')),
    ).toBe('allow');
    const aliased = engineOf([rule({ toolNames: ['grep_search'], decision: 'allow' })], {
      aliases: { grep_search: 'search_file_content' },
    });
    expect(await decision(aliased, call('search_file_content'))).toBe('allow');
  });

  it('matches MCP tools by server wildcard, qualified name and mcpName', async () => {
    const mcp = (name: string, serverName: string) => call(name, { serverName, kind: 'other' });
    const wildcard = engineOf([rule({ toolNames: ['mcp_github_*'], decision: 'allow' })]);
    expect(await decision(wildcard, mcp('mcp_github_list_issues', 'github'))).toBe('allow');
    expect(await decision(wildcard, mcp('list_issues', 'github'))).toBe('allow');
    expect(await decision(wildcard, mcp('mcp_gitlab_list_issues', 'gitlab'))).toBe('deny');
    // A built-in tool is never an MCP tool.
    expect(await decision(wildcard, call('mcp_github_list_issues'))).toBe('deny');

    const qualified = engineOf([
      rule({ toolNames: ['mcp_github_list_issues'], decision: 'allow' }),
    ]);
    expect(await decision(qualified, mcp('list_issues', 'github'))).toBe('allow');
    expect(await decision(qualified, mcp('list_issues', 'other'))).toBe('deny');

    const server = engineOf([rule({ mcpName: 'github', decision: 'allow' })]);
    expect(await decision(server, mcp('anything', 'github'))).toBe('allow');
    expect(await decision(server, call('read_file'))).toBe('deny');

    const short = engineOf([
      rule({ mcpName: 'github', toolNames: ['list_issues'], decision: 'allow' }),
    ]);
    expect(await decision(short, mcp('mcp_github_list_issues', 'github'))).toBe('allow');
  });

  it('does not let a rule for a built-in tool name allow an MCP tool of the same name', async () => {
    const engine = engineOf([rule({ toolNames: ['read_file'], decision: 'allow' })]);
    expect(await decision(engine, call('mcp_evil_read_file', { serverName: 'evil' }))).toBe('deny');
  });

  it('matches argsPattern against the arguments as key-sorted JSON', async () => {
    const engine = engineOf([
      rule({
        toolNames: ['write_file'],
        argsPattern: /"content":"x","file_path":"src\//u,
        decision: 'allow',
      }),
    ]);
    const args = { file_path: 'src/a.ts', content: 'x' };
    expect(await decision(engine, call('write_file', { args }))).toBe('allow');
    const other = { file_path: 'lib/a.ts', content: 'x' };
    expect(await decision(engine, call('write_file', { args: other }))).toBe('deny');
  });

  it('applies a rule with approval modes only when they include default', async () => {
    const yoloOnly = rule({ toolNames: ['*'], decision: 'allow', approvalModes: ['yolo'] });
    expect(await decision(engineOf([yoloOnly]), call('read_file'))).toBe('deny');
    const withDefault = rule({ toolNames: ['*'], decision: 'allow', approvalModes: ['default'] });
    expect(await decision(engineOf([withDefault]), call('read_file'))).toBe('allow');
  });

  it('never applies a rule meant for interactive sessions', async () => {
    const interactive = rule({ toolNames: ['*'], decision: 'allow', interactive: true });
    expect(await decision(engineOf([interactive]), call('read_file'))).toBe('deny');
    const headless = rule({ toolNames: ['*'], decision: 'allow', interactive: false });
    expect(await decision(engineOf([headless]), call('read_file'))).toBe('allow');
  });

  it('matches tool annotations only on tools that have them with the same values', async () => {
    const engine = engineOf([
      rule({ toolNames: ['*'], toolAnnotations: { readOnlyHint: true }, decision: 'allow' }),
    ]);
    const readOnly = call('q', { serverName: 's', annotations: { readOnlyHint: true } });
    const writing = call('q', { serverName: 's', annotations: { readOnlyHint: false } });
    expect(await decision(engine, readOnly)).toBe('allow');
    expect(await decision(engine, writing)).toBe('deny');
    expect(await decision(engine, call('q', { serverName: 's' }))).toBe('deny');
  });

  it('scopes rules to run modes and trust', async () => {
    const engine = engineOf([
      rule({ toolNames: ['write_file'], decision: 'allow', runModes: ['invoke', 'maintenance'] }),
      rule({ toolNames: ['run_shell_command'], decision: 'allow', trust: ['maintainer'] }),
    ]);
    expect(await decision(engine, call('write_file'))).toBe('allow');
    expect(await decision(engine, call('write_file'), { ...context, runMode: 'review' })).toBe(
      'deny',
    );
    const shell = call('run_shell_command', { args: { command: 'ls' }, kind: 'execute' });
    expect(await decision(engine, shell)).toBe('allow');
    expect(await decision(engine, shell, { ...context, trust: 'automatic' })).toBe('deny');
  });

  it('requires every path argument to match a path pattern', async () => {
    const engine = engineOf([
      rule({
        toolNames: ['read_many_files'],
        pathPatterns: ['src/**', 'docs/*.md'],
        decision: 'allow',
      }),
    ]);
    const many = (...locations: string[]) => call('read_many_files', { locations });
    expect(await decision(engine, many('src/a/b.ts', 'docs/x.md'))).toBe('allow');
    expect(await decision(engine, many('src/a.ts', 'package.json'))).toBe('deny');
    expect(await decision(engine, many('docs/deep/x.md'))).toBe('deny');
  });

  it('never lets a relative path pattern cover a path outside the workspace', async () => {
    const engine = engineOf([
      rule({ toolNames: ['read_file'], pathPatterns: ['**'], decision: 'allow' }),
    ]);
    expect(await decision(engine, call('read_file', { locations: ['README.md'] }))).toBe('allow');
    expect(await decision(engine, call('read_file', { locations: [''] }))).toBe('allow');
    expect(await decision(engine, call('read_file', { locations: ['../other/x'] }))).toBe('deny');
    expect(await decision(engine, call('read_file', { locations: ['/etc/passwd'] }))).toBe('deny');
    // An absolute path inside the workspace counts as the workspace-relative path.
    expect(await decision(engine, call('read_file', { locations: ['/ws/src/a.ts'] }))).toBe(
      'allow',
    );
  });

  it('turns an allow into ask_user for an excluded path, naming the path and the rule', async () => {
    const engine = engineOf([
      rule({
        toolNames: ['write_file'],
        decision: 'allow',
        excludedPaths: ['~/.ssh/*', '/etc/*', '.github/workflows/**'],
        line: 12,
      }),
    ]);
    const write = (location: string) => call('write_file', { kind: 'edit', locations: [location] });
    expect(await decision(engine, write('src/app.ts'))).toBe('allow');
    const workflow = await engine.decide(write('.github/workflows/ci.yml'), context);
    expect(workflow).toMatchObject({ decision: 'ask_user' });
    expect(workflow.reason).toBe(
      '".github/workflows/ci.yml" matches the excluded path ".github/workflows/**" of the rule at policy.toml:12:1.',
    );
    expect(await decision(engine, write('/home/runner/.ssh/authorized_keys'))).toBe('ask_user');
    expect(await decision(engine, write('/etc/hosts'))).toBe('ask_user');
    // Excluded paths hold whatever the case, as a case-insensitive file system would see them.
    expect(await decision(engine, write('.GitHub/Workflows/ci.yml'))).toBe('ask_user');
  });

  it('stops applying a rule once its maxCalls allowed calls are used up', async () => {
    const limited = rule({
      toolNames: ['web_fetch'],
      decision: 'allow',
      maxCalls: 2,
      priority: 500,
    });
    const fallback = rule({
      toolNames: ['web_fetch'],
      decision: 'deny',
      denyMessage: 'Enough fetching.',
    });
    const engine = engineOf([limited, fallback]);
    expect(await decision(engine, call('web_fetch'))).toBe('allow');
    expect(await decision(engine, call('web_fetch'))).toBe('allow');
    const third = await engine.decide(call('web_fetch'), context);
    expect(third).toMatchObject({ decision: 'deny', reason: 'Enough fetching.', rule: fallback });
    // Another engine (another session) starts counting afresh.
    expect(await decision(engineOf([limited, fallback]), call('web_fetch'))).toBe('allow');
  });

  it('does not count calls that were not allowed against maxCalls', async () => {
    const engine = engineOf([
      rule({
        toolNames: ['write_file'],
        decision: 'allow',
        maxCalls: 1,
        excludedPaths: ['secret/*'],
      }),
    ]);
    const write = (location: string) => call('write_file', { locations: [location] });
    expect(await decision(engine, write('secret/key'))).toBe('ask_user');
    expect(await decision(engine, write('a.txt'))).toBe('allow');
    expect(await decision(engine, write('b.txt'))).toBe('deny');
  });

  it('never applies shell command conditions to other tools', async () => {
    const engine = engineOf([
      rule({ toolNames: ['*'], commandPrefixes: ['ls'], decision: 'allow' }),
    ]);
    expect(await decision(engine, call('read_file'))).toBe('deny');
  });
});

describe('policy engine: tools left out of the declarations', () => {
  const scope = { runMode: 'invoke', trust: 'maintainer' } as const;
  const tool = (name: string, serverName?: string) => ({
    name,
    kind: 'other' as const,
    ...(serverName ? { serverName } : {}),
  });

  it('leaves out tools no rule can allow', () => {
    const engine = engineOf([
      rule({ toolNames: ['read_file'], decision: 'allow' }),
      rule({ toolNames: ['write_file'], decision: 'deny' }),
      rule({ toolNames: ['web_fetch'], decision: 'allow', runModes: ['review'] }),
    ]);
    const tools = ['read_file', 'write_file', 'web_fetch', 'glob'].map((name) => tool(name));
    expect(engine.declaredTools(tools, scope).map((t) => t.name)).toEqual(['read_file']);
    expect(engine.declaredTools(tools, { ...scope, runMode: 'review' }).map((t) => t.name)).toEqual(
      ['read_file', 'web_fetch'],
    );
  });

  it('keeps tools that some call could pass, and looks past conditional denials', () => {
    const engine = engineOf([
      rule({ toolNames: ['write_file'], argsPattern: /secret/u, decision: 'deny', priority: 900 }),
      rule({
        toolNames: ['write_file'],
        pathPatterns: ['src/**'],
        decision: 'allow',
        priority: 800,
      }),
      rule({ toolNames: ['replace'], argsPattern: /x/u, decision: 'deny', priority: 900 }),
      rule({ toolNames: ['replace'], decision: 'deny', priority: 800 }),
      rule({ toolNames: ['save_memory'], decision: 'ask_user' }),
      rule({ toolNames: ['*'], decision: 'deny', priority: 1 }),
    ]);
    expect(engine.isUnconditionallyDenied(tool('write_file'), scope)).toBe(false);
    expect(engine.isUnconditionallyDenied(tool('replace'), scope)).toBe(true);
    // Asking still tells the model something: the tool stays declared.
    expect(engine.isUnconditionallyDenied(tool('save_memory'), scope)).toBe(false);
    expect(engine.isUnconditionallyDenied(tool('glob'), scope)).toBe(true);
  });

  it('treats an allow with a call budget as conditional and a rule for interactive runs as absent', () => {
    const engine = engineOf([
      rule({ toolNames: ['web_fetch'], decision: 'allow', maxCalls: 3 }),
      rule({ toolNames: ['glob'], decision: 'allow', interactive: true }),
      rule({
        toolNames: ['run_shell_command'],
        commandPrefixes: ['git status'],
        decision: 'allow',
      }),
      rule({ mcpName: 'github', decision: 'allow' }),
    ]);
    expect(engine.isUnconditionallyDenied(tool('web_fetch'), scope)).toBe(false);
    expect(engine.isUnconditionallyDenied(tool('glob'), scope)).toBe(true);
    expect(engine.isUnconditionallyDenied(tool('run_shell_command'), scope)).toBe(false);
    expect(engine.isUnconditionallyDenied(tool('mcp_github_x', 'github'), scope)).toBe(false);
    expect(engine.isUnconditionallyDenied(tool('mcp_other_x', 'other'), scope)).toBe(true);
  });
});
