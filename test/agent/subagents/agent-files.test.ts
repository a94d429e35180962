// Agent files in the Gemini CLI's format (docs/core/subagents.md, "File format"): the documented
// example loads with its fields; every mistake is reported at its file, line and column.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AGENT_MAX_TURNS,
  DEFAULT_AGENT_TIMEOUT_MS,
} from '../../../src/agent/subagents/agent-definition.js';
import { loadAgentFolders, parseAgentFile } from '../../../src/agent/subagents/agent-files.js';
import { toModelJsonSchema } from '../../../src/tools/define-tool.js';
import { tempRepo } from '../../support/temp-repo.js';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/agents/security-auditor.md');
const FILE = '.gemini/agents/x.md';

async function problem(text: string): Promise<string> {
  try {
    await parseAgentFile(text, FILE);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the file loaded');
}

const minimal = (frontmatter: string, body = 'You review code.\n') =>
  `---\n${frontmatter}\n---\n${body}`;

describe('agent files', () => {
  it('loads the documented example with its fields', async () => {
    const agent = await parseAgentFile(
      await readFile(FIXTURE, 'utf8'),
      '.gemini/agents/security-auditor.md',
    );
    expect(agent).toMatchObject({
      name: 'security-auditor',
      description: 'Specialized in finding security vulnerabilities in code.',
      tools: ['read_file', 'grep_search'],
      model: 'gemini-3-flash-preview',
      temperature: 0.2,
      maxTurns: 10,
      timeoutMs: DEFAULT_AGENT_TIMEOUT_MS,
      source: '.gemini/agents/security-auditor.md',
    });
    expect(agent.systemPrompt).toMatch(/^You are a Security Auditor\./);
    expect(agent.systemPrompt).toMatch(/do not\nchange any file\.$/);
    // The main agent passes one input, the task, as the Gemini CLI's Markdown agents take it.
    expect(toModelJsonSchema(agent.inputSchema)).toMatchObject({
      properties: { query: { type: 'string' } },
      required: ['query'],
    });
    expect(agent.query).toBe('${query}');
  });

  it('fills in the Gemini CLI’s defaults for what a file leaves out', async () => {
    const agent = await parseAgentFile(minimal('name: reviewer\ndescription: Reviews code.'), FILE);
    expect(agent).toMatchObject({
      model: 'inherit',
      maxTurns: DEFAULT_AGENT_MAX_TURNS,
      timeoutMs: 10 * 60_000,
    });
    expect(agent.tools).toBeUndefined();
    expect(agent.temperature).toBeUndefined();
    expect(
      (await parseAgentFile(minimal('name: r\ndescription: d\ntimeout_mins: 2'), FILE)).timeoutMs,
    ).toBe(120_000);
  });

  it.each([
    [
      'no frontmatter',
      'You review code.\n',
      '.gemini/agents/x.md:1:1: expected the agent file to start with YAML frontmatter',
    ],
    ['bad YAML', minimal('name: reviewer\ndescription: [unclosed'), '.gemini/agents/x.md:3:'],
    [
      'a name that is not a slug',
      minimal('name: My Agent\ndescription: d'),
      '.gemini/agents/x.md:2:7: name: expected a name of lower-case letters',
    ],
    [
      'an empty description',
      minimal('name: r\ndescription: ""'),
      '.gemini/agents/x.md:3:14: description: expected a description',
    ],
    [
      'a missing description',
      minimal('name: r'),
      '.gemini/agents/x.md:2:1: description: required, but the frontmatter has none.',
    ],
    [
      'the docs’ mcpServers spelling',
      minimal('name: r\ndescription: d\nmcpServers:\n  a: {}'),
      '.gemini/agents/x.md:4:1: unknown field "mcpServers"',
    ],
    [
      'servers of its own',
      minimal('name: r\ndescription: d\nmcp_servers:\n  a: {}'),
      ".gemini/agents/x.md:5:3: mcp_servers: servers of an agent's own are not supported here",
    ],
    [
      'a remote agent',
      minimal('kind: remote\nname: r\ndescription: d'),
      '.gemini/agents/x.md:2:7: kind: only local agents are supported here',
    ],
    [
      'a list of remote agents',
      '---\n- kind: remote\n  name: r\n---\nx\n',
      '.gemini/agents/x.md:2:1: expected the frontmatter to be a YAML mapping',
    ],
    [
      'a bad tool name',
      minimal('name: r\ndescription: d\ntools:\n  - read_file\n  - "rm -rf"'),
      '.gemini/agents/x.md:6:5: tools.1: expected a tool name',
    ],
    [
      'no system prompt',
      minimal('name: r\ndescription: d', '\n  \n'),
      ".gemini/agents/x.md:5:1: expected the agent's system prompt",
    ],
    [
      'a placeholder it cannot fill',
      minimal('name: r\ndescription: d', 'Review.\nUse ${cliVersion} here.\n'),
      '.gemini/agents/x.md:6:5: unknown placeholder ${cliVersion}',
    ],
  ])('reports %s at its place', async (_what, text, expected) => {
    expect(await problem(text)).toContain(expected);
  });

  it('reads a folder as the Gemini CLI does: top-level .md files, _drafts skipped, bad files reported', async () => {
    const root = await tempRepo({
      'agents/b-agent.md': minimal('name: b_agent\ndescription: B.'),
      'agents/a-agent.md': minimal('name: a_agent\ndescription: A.'),
      'agents/_draft.md': minimal('name: draft\ndescription: D.'),
      'agents/notes.txt': 'not an agent',
      'agents/nested/c.md': minimal('name: c_agent\ndescription: C.'),
      'agents/broken.md': minimal('name: Broken\ndescription: x'),
    });
    await mkdir(path.join(root, 'agents', 'folder.md'));
    await writeFile(path.join(root, 'ext-agents.md'), 'unused');
    const loaded = await loadAgentFolders([
      { path: path.join(root, 'agents'), shownAs: '.gemini/agents' },
      { path: path.join(root, 'missing') },
    ]);
    expect(loaded.agents.map((agent) => agent.name)).toEqual(['a_agent', 'b_agent']);
    expect(loaded.agents[0]?.source).toBe('.gemini/agents/a-agent.md');
    expect(loaded.problems.map((error) => error.message)).toEqual([
      expect.stringMatching(/^\.gemini\/agents\/broken\.md:2:7: name: /),
    ]);
  });
});
