// Misspelt tool names in policy rules: near misses of a known name are refused with the name they
// were meant as; MCP names, wildcards and other names (configured tools) pass.
import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../src/policy/parse-policy.js';
import { misspeltToolName } from '../../src/policy/tool-names.js';

describe('misspeltToolName', () => {
  it.each([
    ['run_shel_command', 'run_shell_command'],
    ['Read_File', 'read_file'],
    ['readFile', 'read_file'],
    ['run_shell', 'run_shell_command'],
    ['write_fle', 'write_file'],
    ['serach_file_content', 'search_file_content'],
    ['invoke_agnt', 'invoke_agent'],
    ['enter_plan_mod', 'enter_plan_mode'],
  ])('%s is a misspelling of %s', (name, meant) => {
    expect(misspeltToolName(name)).toBe(meant);
  });

  it.each([
    'read_file',
    'grep_search',
    'ask_user',
    'complete_task',
    'codebase_investigator',
    '*',
    'mcp_github_get_isue',
    'github__get_isue',
    'mcp_*',
    'my_linter',
    'reviewer',
    'ls',
  ])('%s passes', (name) => {
    expect(misspeltToolName(name)).toBeUndefined();
  });
});

describe('a policy naming a misspelt tool', () => {
  it('does not load, whatever the decision, with mcpName exempt', () => {
    for (const decision of ['allow', 'deny', 'ask_user']) {
      expect(() =>
        parsePolicy(`[[rule]]\ntoolName = "reed_file"\ndecision = "${decision}"\npriority = 1\n`, {
          file: 'p.toml',
          tier: 'workflow',
        }),
      ).toThrow(
        'p.toml:2:1: toolName names "reed_file", which is no tool\'s name; did you mean "read_file"?',
      );
    }
    expect(
      parsePolicy(
        '[[rule]]\nmcpName = "fs"\ntoolName = "reed_file"\ndecision = "allow"\npriority = 1\n',
        {
          file: 'p.toml',
          tier: 'workflow',
        },
      ),
    ).toHaveLength(1);
  });
});
