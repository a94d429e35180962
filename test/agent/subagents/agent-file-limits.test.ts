// The limits of an agent file's frontmatter at their boundary: 32 levels and 1,000 entries load,
// one more is refused at the collection that went over.
import { describe, expect, it } from 'vitest';
import { parseAgentFile } from '../../../src/agent/subagents/agent-files.js';

const file = (frontmatter: string) =>
  `---\nname: limits\ndescription: At the limits.\n${frontmatter}\n---\nYou are at the limits.\n`;

async function outcome(text: string): Promise<string> {
  return parseAgentFile(text, 'a.md').then(
    (agent) => `loaded ${agent.name}`,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

describe('agent file limits', () => {
  it('loads a value nested to level 32 and refuses level 33', async () => {
    // The frontmatter is level 1, so 31 lists under a key reach level 32.
    const deep = (lists: number) => `mcp_x: ${'['.repeat(lists)}${']'.repeat(lists)}`;
    expect(await outcome(file(deep(31)))).toMatch(/^a\.md:4:1: unknown field "mcp_x"/);
    expect(await outcome(file(deep(32)))).toBe(
      'a.md:4:39: expected YAML nested at most 32 levels deep; the list here is level 33.',
    );
  });

  it('loads 1,000 tools and refuses 1,001', async () => {
    const tools = (count: number) =>
      `tools:\n${Array.from({ length: count }, () => '  - read_file').join('\n')}`;
    expect(await outcome(file(tools(1000)))).toBe('loaded limits');
    expect(await outcome(file(tools(1001)))).toBe(
      'a.md:5:3: expected at most 1000 items in one list; this list has 1001.',
    );
  });

  it('refuses an agent named like a tool in any spelling, at its name', async () => {
    expect(await outcome(file('').replace('name: limits', 'name: save-memory'))).toBe(
      'a.md:2:7: name: "save-memory" is a reserved name (it is "save_memory" spelled differently): a built-in tool has it, and rules and prompts written for that one would apply to this. Rename the agent.',
    );
  });
});
