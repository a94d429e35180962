import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePolicy, TOOLS_TABLE_PRIORITY } from '../../src/policy/parse-policy.js';
import type { PolicySource } from '../../src/policy/parse-policy.js';
import type { PolicyRule, PolicyTier } from '../../src/policy/policy-types.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/policies/${name}`, import.meta.url), 'utf8');
}

const repository: PolicySource = { file: 'policy.toml', tier: 'repository' };

function only(rules: PolicyRule[]): PolicyRule {
  expect(rules).toHaveLength(1);
  const [rule] = rules;
  if (!rule) throw new Error('no rule');
  return rule;
}

function rule(text: string, source: PolicySource = repository): PolicyRule {
  return only(parsePolicy(text, source));
}

/** What decides a call: everything but where the rule was written. */
function decisive(value: PolicyRule): Partial<PolicyRule> {
  const copy: Partial<PolicyRule> = { ...value };
  delete copy.id;
  delete copy.source;
  return copy;
}

describe('parsePolicy: the Gemini CLI [[rule]] format', () => {
  const rules = parsePolicy(fixture('gemini-cli-format.toml'), {
    file: 'gemini-cli-format.toml',
    tier: 'repository',
  });

  it('reads every rule, in source order, with its position and final priority', () => {
    expect(rules.map((r) => [r.id, r.source.line, r.source.column, r.effectivePriority])).toEqual([
      ['gemini-cli-format.toml#0', 3, 1, 2.1],
      ['gemini-cli-format.toml#1', 10, 1, 2.05],
      ['gemini-cli-format.toml#2', 16, 1, 2.2],
      ['gemini-cli-format.toml#3', 23, 1, 2.01],
      ['gemini-cli-format.toml#4', 32, 1, 2.005],
    ]);
    expect(rules[0]?.source).toEqual({
      file: 'gemini-cli-format.toml',
      line: 3,
      column: 1,
      tier: 'repository',
    });
  });

  it('reads shell rules: command prefixes, redirection, command regex and deny message', () => {
    expect(rules[0]).toMatchObject({
      toolNames: ['run_shell_command'],
      commandPrefixes: ['npm test', 'git status'],
      decision: 'allow',
      priority: 100,
      allowRedirection: true,
    });
    const deny = rules[2];
    expect(deny?.commandRegex?.test('git push origin main')).toBe(true);
    expect(deny?.commandRegex?.test('git status')).toBe(false);
    expect(deny).toMatchObject({ decision: 'deny', denyMessage: 'Commits happen after the run.' });
  });

  it('reads argsPattern as a regex over the arguments', () => {
    const edit = rules[1];
    expect(edit?.toolNames).toEqual(['write_file', 'replace']);
    expect(edit?.argsPattern?.test('{"content":"x","file_path":"src/a.ts"}')).toBe(true);
    expect(edit?.argsPattern?.test('{"content":"x","file_path":"test/a.ts"}')).toBe(false);
  });

  it('names MCP tools by their full name and keeps modes, interactive and annotations', () => {
    expect(rules[3]).toMatchObject({
      toolNames: ['mcp_github_create_issue'],
      mcpName: 'github',
      decision: 'ask_user',
      approvalModes: ['default', 'autoEdit'],
      interactive: false,
      toolAnnotations: { readOnlyHint: false },
    });
  });

  it('accepts the older snake_case spellings and both names of the search tool', () => {
    expect(rules[4]).toMatchObject({
      toolNames: ['search_file_content', 'grep_search'],
      denyMessage: 'snake_case spelling of denyMessage',
      allowRedirection: false,
    });
  });

  it('applies commandPrefix and commandRegex to the shell tool when toolName is left out', () => {
    const parsed = rule('[[rule]]\ncommandPrefix = "npm test"\ndecision = "allow"\npriority = 1\n');
    expect(parsed.toolNames).toEqual(['run_shell_command']);
    const regex = rule('[[rule]]\ncommandRegex = "^make "\ndecision = "allow"\npriority = 1\n');
    expect(regex.toolNames).toEqual(['run_shell_command']);
  });

  it('applies a rule without toolName to every tool, and mcpName alone to every tool of the server', () => {
    expect(rule('[[rule]]\ndecision = "deny"\npriority = 0\n').toolNames).toBeUndefined();
    expect(rule('[[rule]]\ntoolName = "*"\ndecision = "deny"\npriority = 0\n').toolNames).toEqual([
      '*',
    ]);
    const server = rule('[[rule]]\nmcpName = "github"\ndecision = "deny"\npriority = 0\n');
    expect(server.toolNames).toEqual(['mcp_github_*']);
    const anyServer = rule('[[rule]]\nmcpName = "*"\ndecision = "deny"\npriority = 0\n');
    expect(anyServer).toMatchObject({ mcpName: '*' });
    expect(anyServer.toolNames).toBeUndefined();
  });

  it('reads an empty modes list as "every mode", as the Gemini CLI does', () => {
    expect(
      rule('[[rule]]\nmodes = []\ndecision = "deny"\npriority = 0\n').approvalModes,
    ).toBeUndefined();
  });

  it('accepts rules written as an array of inline tables', () => {
    const rules = parsePolicy(
      'rule = [\n  { toolName = "glob", decision = "allow", priority = 1 },\n  { toolName = "ls", decision = "deny", priority = 2 },\n]\n',
      repository,
    );
    expect(rules.map((r) => [r.toolNames, r.source.line, r.source.column])).toEqual([
      [['glob'], 2, 3],
      [['ls'], 3, 3],
    ]);
  });
});

describe('parsePolicy: our additions', () => {
  const rules = parsePolicy(fixture('mixed.toml'), { file: 'mixed.toml', tier: 'workflow' });

  it('reads path patterns (workspace-relative), exclusions, call limits, run modes and trust', () => {
    expect(rules[1]).toMatchObject({
      toolNames: ['write_file', 'replace', 'smart_edit'],
      pathPatterns: ['docs/**', '*.md'],
      excludedPaths: ['docs/secret/**'],
      maxCalls: 20,
      runModes: ['invoke', 'maintenance'],
      trust: ['maintainer'],
      decision: 'allow',
      effectivePriority: 3.3,
    });
  });

  it('accepts a single run mode as a string', () => {
    expect(rules[3]).toMatchObject({ toolNames: ['run_shell_command'], runModes: ['maintenance'] });
  });
});

describe('parsePolicy: the spec [tools.<name>] format', () => {
  const rules = parsePolicy(fixture('spec-format.toml'), { file: 'spec.toml', tier: 'repository' });

  it('turns each tool table into one rule at the fixed priority', () => {
    expect(TOOLS_TABLE_PRIORITY).toBe(0);
    expect(rules.map((r) => [r.toolNames, r.decision, r.priority, r.source.line])).toEqual([
      [['run_shell_command'], 'ask_user', 0, 3],
      [['write_file'], 'allow', 0, 6],
      [['replace'], 'allow', 0, 13],
    ]);
    expect(rules.every((r) => r.effectivePriority === 2)).toBe(true);
  });

  it('keeps excluded_paths for every path argument of the call', () => {
    expect(rules[1]?.excludedPaths).toEqual(['~/.ssh/*', '/etc/*']);
  });

  it('maps always_deny to deny, with its denyMessage', () => {
    const denied = rule('[tools.web_fetch]\nmode = "always_deny"\ndenyMessage = "No web."\n');
    expect(denied).toMatchObject({
      toolNames: ['web_fetch'],
      decision: 'deny',
      denyMessage: 'No web.',
    });
  });

  it('accepts dotted keys and inline tables, and points at where each tool is written', () => {
    const rules = parsePolicy(
      '[tools]\nwrite_file.mode = "always_allow"\n  replace = { mode = "always_deny" }\n',
      repository,
    );
    expect(rules.map((r) => [r.toolNames, r.decision, r.source.line, r.source.column])).toEqual([
      [['write_file'], 'allow', 2, 1],
      [['replace'], 'deny', 3, 3],
    ]);
    const dotted = rule('# a comment\ntools.glob.mode = "always_allow"\n');
    expect([dotted.toolNames, dotted.source.line, dotted.source.column]).toEqual([['glob'], 2, 1]);
  });

  it('mixes with [[rule]] tables, ordered and numbered by position in the file', () => {
    const mixed = parsePolicy(fixture('mixed.toml'), { file: 'mixed.toml', tier: 'workflow' });
    expect(mixed.map((r) => [r.id, r.toolNames?.[0], r.source.line])).toEqual([
      ['mixed.toml#0', 'web_fetch', 3],
      ['mixed.toml#1', 'write_file', 7],
      ['mixed.toml#2', 'read_file', 17],
      ['mixed.toml#3', 'run_shell_command', 20],
    ]);
  });
});

describe('parsePolicy: equivalent rules in the two formats', () => {
  const cases: [string, string, string][] = [
    [
      'always_allow with excluded paths',
      '[tools.write_file]\nmode = "always_allow"\nexcluded_paths = ["~/.ssh/*", "/etc/*"]\n',
      '[[rule]]\ntoolName = "write_file"\ndecision = "allow"\npriority = 0\nexcluded_paths = ["~/.ssh/*", "/etc/*"]\n',
    ],
    [
      'always_deny with a message',
      '[tools.web_fetch]\nmode = "always_deny"\ndenyMessage = "No web."\n',
      '[[rule]]\ntoolName = "web_fetch"\ndecision = "deny"\npriority = 0\ndenyMessage = "No web."\n',
    ],
    [
      'ask_user for the search tool under its other name',
      '[tools.grep_search]\nmode = "ask_user"\n',
      '[[rule]]\ntoolName = "search_file_content"\ndecision = "ask_user"\npriority = 0\n',
    ],
  ];

  it.each(cases)('%s', (_name, toolsTable, ruleTable) => {
    const fromTools = rule(toolsTable);
    const fromRule = rule(ruleTable);
    expect(decisive(fromTools)).toEqual(decisive(fromRule));
  });
});

describe('parsePolicy: tiers', () => {
  const text = '[[rule]]\ntoolName = "glob"\ndecision = "allow"\npriority = 100\n';
  const tiers: [PolicyTier, number][] = [
    ['default', 1.1],
    ['repository', 2.1],
    ['workflow', 3.1],
    ['admin', 4.1],
  ];

  it.each(tiers)(
    'a rule of priority 100 in the %s tier has final priority %d',
    (tier, expected) => {
      const parsed = rule(text, { file: 'p.toml', tier });
      expect(parsed.effectivePriority).toBe(expected);
      expect(parsed.source.tier).toBe(tier);
      expect(parsed.priority).toBe(100);
    },
  );

  it('puts the highest rule of a tier below the lowest rule of the next', () => {
    const top = rule('[[rule]]\ndecision = "allow"\npriority = 999\n', {
      file: 'a',
      tier: 'repository',
    });
    const bottom = rule('[[rule]]\ndecision = "deny"\npriority = 0\n', {
      file: 'b',
      tier: 'workflow',
    });
    expect(top.effectivePriority).toBeLessThan(bottom.effectivePriority);
  });
});

describe('docs/policy.md', () => {
  const guide = readFileSync(new URL('../../docs/policy.md', import.meta.url), 'utf8');
  const examples = [...guide.matchAll(/```toml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');

  it('has TOML examples, and every one of them loads', () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
    examples.forEach((example, index) => {
      const rules = parsePolicy(example, { file: `example-${index + 1}.toml`, tier: 'workflow' });
      expect(rules.length, example).toBeGreaterThan(0);
    });
  });
});
