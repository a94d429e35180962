// Tool names the Gemini API accepts, and which name each MCP tool is offered under; the policy
// must find the tools under those names (`mcp_<server>_*`, `server__tool`, `mcpName`).
import { describe, expect, it } from 'vitest';
import { matchesTool } from '../../../src/policy/rule-matching.js';
import {
  assignExposedNames,
  qualifiedMcpToolName,
  sanitizeMcpToolName,
} from '../../../src/tools/mcp/mcp-names.js';
import { rule } from '../../policy/support/rules.js';

describe('sanitizeMcpToolName', () => {
  it('keeps names of letters, digits, `_`, `.` and `-` as they are', () => {
    expect(sanitizeMcpToolName('validTool')).toBe('validTool');
    expect(sanitizeMcpToolName('get-sum_v2.1')).toBe('get-sum_v2.1');
  });

  it('replaces every other character with `_`', () => {
    expect(sanitizeMcpToolName('my tool/with:odd@chars')).toBe('my_tool_with_odd_chars');
    expect(sanitizeMcpToolName('naïve 🚀')).toBe('na_ve___');
  });

  it('keeps 63 characters, and cuts longer names to the first 28 + `___` + the last 32', () => {
    const exact = 'a'.repeat(63);
    expect(sanitizeMcpToolName(exact)).toBe(exact);
    const long = `${'h'.repeat(28)}${'m'.repeat(10)}${'t'.repeat(32)}`;
    const cut = sanitizeMcpToolName(long);
    expect(cut).toBe(`${'h'.repeat(28)}___${'t'.repeat(32)}`);
    expect(cut).toHaveLength(63);
  });

  it('sanitizes before measuring the length', () => {
    const name = `${'x'.repeat(30)} ${'y'.repeat(40)}`;
    expect(sanitizeMcpToolName(name)).toBe(`${'x'.repeat(28)}___${'y'.repeat(32)}`);
  });
});

describe('qualifiedMcpToolName', () => {
  it('is `server__tool`, sanitized as a whole', () => {
    expect(qualifiedMcpToolName('pythonTools', 'validTool')).toBe('pythonTools__validTool');
    expect(qualifiedMcpToolName('my server', 'do it')).toBe('my_server__do_it');
  });
});

describe('assignExposedNames', () => {
  const tool = (serverName: string, toolName: string) => ({ serverName, toolName });

  it('offers a tool under its own (sanitized) name when nothing else has it', () => {
    const names = assignExposedNames(
      [tool('github', 'create issue'), tool('github', 'search')],
      new Set(['read_file']),
    );
    expect(names.map((entry) => entry.name)).toEqual(['create_issue', 'search']);
  });

  it('qualifies a tool whose name a built-in tool has', () => {
    const [entry] = assignExposedNames([tool('fs', 'read_file')], new Set(['read_file']));
    expect(entry).toMatchObject({ name: 'fs__read_file', qualified: true });
  });

  it('qualifies every tool of a name that several servers offer, whatever their order', () => {
    const forward = assignExposedNames(
      [tool('a', 'search'), tool('b', 'search'), tool('b', 'other')],
      new Set(),
    );
    expect(forward.map((entry) => entry.name)).toEqual(['a__search', 'b__search', 'other']);
    const backward = assignExposedNames([tool('b', 'search'), tool('a', 'search')], new Set());
    expect(backward.map((entry) => entry.name)).toEqual(['b__search', 'a__search']);
  });

  it('leaves out a tool whose name is still taken, with the reason', () => {
    const names = assignExposedNames([tool('s', 'a b'), tool('s', 'a_b')], new Set());
    expect(names[0]).toMatchObject({ name: 'a_b' });
    expect(names[1]).toEqual({
      tool: tool('s', 'a_b'),
      name: undefined,
      reason: 'its name "a_b" is already taken by another tool',
    });
  });
});

describe('policy rules find MCP tools under the names they are offered under', () => {
  const plain = { name: 'create_issue', serverName: 'github' };
  const qualified = { name: 'github__search', serverName: 'github' };

  it('matches `mcp_<server>_*` and `mcp_*` for every tool of the server', () => {
    for (const identity of [plain, qualified]) {
      expect(matchesTool(rule({ toolNames: ['mcp_github_*'], decision: 'allow' }), identity)).toBe(
        true,
      );
      expect(matchesTool(rule({ toolNames: ['mcp_*'], decision: 'allow' }), identity)).toBe(true);
      expect(matchesTool(rule({ toolNames: ['mcp_gitlab_*'], decision: 'allow' }), identity)).toBe(
        false,
      );
    }
  });

  it('matches the offered name, `server__tool`, `mcp_<server>_<tool>` and `mcpName`', () => {
    for (const entry of ['create_issue', 'github__create_issue', 'mcp_github_create_issue']) {
      expect(matchesTool(rule({ toolNames: [entry], decision: 'allow' }), plain)).toBe(true);
    }
    expect(matchesTool(rule({ toolNames: ['github__search'], decision: 'allow' }), qualified)).toBe(
      true,
    );
    expect(
      matchesTool(rule({ mcpName: 'github', toolNames: ['search'], decision: 'allow' }), qualified),
    ).toBe(true);
    expect(matchesTool(rule({ mcpName: 'github', decision: 'deny' }), plain)).toBe(true);
    expect(matchesTool(rule({ mcpName: 'gitlab', decision: 'deny' }), plain)).toBe(false);
  });

  it('does not let a rule for a built-in name match a qualified MCP tool without mcpName', () => {
    const fsRead = { name: 'fs__read_file', serverName: 'fs' };
    expect(matchesTool(rule({ toolNames: ['read_file'], decision: 'allow' }), fsRead)).toBe(false);
  });
});
