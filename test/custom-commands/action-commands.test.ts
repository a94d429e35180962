// Custom commands and extensions in a real Action run (in-process, against the fake GitHub and the
// fake Gemini server): a vendored extension whose MCP server is the reference server from npm
// (@modelcontextprotocol/server-everything), with its context file, its excluded tool and its
// subagents; and the replies to a command that does not exist or whose file does not load.
import { describe, expect, it } from 'vitest';
import { runActionInProcess } from '../support/action-harness.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { EVERYTHING_SERVER } from '../support/mcp-session.js';
import { seedFromPayload } from '../support/payload-seeds.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';

/**
 * The reference server lives in this checkout's node_modules, which a sandbox hides when the
 * checkout is under a temporary directory; the sandbox's handling of MCP servers is tested in
 * test/tools/mcp/mcp-sandbox.test.ts.
 */
const SANDBOX = 'none';

function commentEvent(body: string) {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = body;
  return payload;
}

/** A vendored extension as a team would check it out: manifest, context file, agents. */
const EXTENSION_FILES = {
  'vendor/everything-tools/gemini-extension.json': `${JSON.stringify(
    {
      name: 'everything-tools',
      version: '2.1.0',
      description: 'The MCP reference server',
      mcpServers: {
        everything: {
          command: process.execPath,
          args: [EVERYTHING_SERVER, 'stdio'],
          cwd: '${extensionPath}',
        },
      },
      contextFileName: 'TOOLS.md',
      excludeTools: ['get-env'],
    },
    null,
    2,
  )}\n`,
  'vendor/everything-tools/TOOLS.md': 'For arithmetic, call get-sum rather than counting.\n',
  'vendor/everything-tools/agents/arithmetic.md': [
    '---',
    'name: arithmetic',
    'description: Adds numbers with the get-sum tool.',
    'tools:',
    '  - get-sum',
    '---',
    'You add numbers. Task: ${query}',
    '',
  ].join('\n'),
  'vendor/everything-tools/agents/broken.md': [
    '---',
    'name: broken',
    'description: [unclosed',
    '---',
    'Never loaded.',
    '',
  ].join('\n'),
  // The workflow lets the model use the server's tools; the extension still keeps one back.
  '.gemini/policies/mcp.toml': [
    '[[rule]]',
    'mcpName = "everything"',
    'toolName = "*"',
    'decision = "allow"',
    'priority = 100',
    '',
  ].join('\n'),
};

interface RequestBody {
  systemInstruction?: { parts?: { text?: string }[] };
  tools?: { functionDeclarations?: { name: string }[] }[];
  contents?: { parts?: { functionResponse?: { name: string; response: unknown } }[] }[];
}

function body(gemini: FakeGeminiServer, index: number): RequestBody {
  return gemini.generateRequests()[index]?.body ?? {};
}

function declared(request: RequestBody): string[] {
  return (request.tools ?? []).flatMap((tool) =>
    (tool.functionDeclarations ?? []).map((declaration) => declaration.name),
  );
}

function responses(request: RequestBody): Record<string, unknown> {
  const parts = (request.contents ?? []).flatMap((content) => content.parts ?? []);
  return Object.fromEntries(
    parts.flatMap((part) =>
      part.functionResponse ? [[part.functionResponse.name, part.functionResponse.response]] : [],
    ),
  );
}

describe('a vendored extension in an Action run', () => {
  it('offers its MCP tools and agents, reads its context file, refuses its excluded tool, and names it', async () => {
    const payload = commentEvent('/gemini add 2 and 3');
    const github = await useFakeGitHub(seedFromPayload(payload));
    const workspace = await tempRepo(
      { 'README.md': '# demo\n', ...EXTENSION_FILES },
      { git: true },
    );
    // A hostile model calls the excluded tool anyway: the policy has to refuse it.
    const gemini = await useFakeGemini([
      callsReply([
        { id: 's1', name: 'get-sum', args: { a: 2, b: 3 } },
        { id: 'x1', name: 'get-env', args: {} },
      ]),
      textReply('2 and 3 make 5.'),
    ]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
      inputs: {
        extensions: 'vendor/everything-tools',
        policy: '.gemini/policies/mcp.toml',
        sandbox: SANDBOX,
      },
    });

    expect(run.failed).toEqual([]);
    expect(run.result.conclusion).toBe('success');
    const first = body(gemini, 0);
    // The server's tools are offered, the excluded one is not; the extension's agent is too.
    expect(declared(first)).toEqual(expect.arrayContaining(['get-sum', 'echo', 'arithmetic']));
    expect(declared(first)).not.toContain('get-env');
    // Its context file reaches the system instruction, like GEMINI.md.
    expect(first.systemInstruction?.parts?.map((part) => part.text).join('\n')).toContain(
      'For arithmetic, call get-sum rather than counting.',
    );
    // The server answered the allowed call; the policy refused the excluded one, with the reason.
    const answered = responses(body(gemini, 1));
    expect(JSON.stringify(answered['get-sum'])).toContain('The sum of 2 and 3 is 5.');
    expect(JSON.stringify(answered['get-env'])).toContain(
      'The extension everything-tools excludes this tool (excludeTools in its gemini-extension.json).',
    );
    const final = github.comments(payload.issue.number).find((comment) => !comment.seeded);
    expect(final?.body).toMatch(/`get-env`.* — denied by policy/);
    // The report names the extension with its version; the broken agent file is named where it breaks.
    expect(run.summary).toContain(
      'Extensions: `everything-tools` 2.1.0 (`vendor/everything-tools`).',
    );
    expect(run.logs.join('\n')).toMatch(
      /The agent file was not loaded: vendor\/everything-tools\/agents\/broken\.md:3:\d+: /,
    );
    expect(run.logs.join('\n')).toContain(
      'Agents: arithmetic (vendor/everything-tools/agents/arithmetic.md).',
    );
  });
});

describe('commands a comment asks for', () => {
  const COMMANDS = {
    'README.md': '# demo\n',
    '.gemini/commands/review-security.toml':
      'description = "Reviews the change for security problems"\nprompt = "Review for security: {{args}}"\n',
    '.gemini/commands/git/changelog.toml': 'prompt = "Add a changelog entry."\n',
    '.gemini/commands/broken.toml': 'description = "Broken"\nprompt = """never closed\n',
  };

  /** Runs the Action on an issue comment `body` in a repository with COMMANDS. */
  async function runComment(body: string, answer: string) {
    const payload = commentEvent(body);
    const github = await useFakeGitHub(seedFromPayload(payload));
    const gemini = await useFakeGemini([textReply(answer)]);
    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace: await tempRepo(COMMANDS, { git: true }),
    });
    const final = github.comments(payload.issue.number).find((comment) => !comment.seeded);
    return { run, gemini, final };
  }

  it('answers an unknown command with the commands there are, without asking the model', async () => {
    const { run, gemini, final } = await runComment('/gemini /deploy to production', 'unused');

    expect(run.result.conclusion).toBe('failure');
    expect(gemini.generateRequests()).toEqual([]);
    expect(final?.body).toContain('There is no command /deploy.');
    expect(final?.body).toContain(
      [
        'The available commands:',
        '',
        '- `/git:changelog`: Custom command from changelog.toml',
        '- `/review-security`: Reviews the change for security problems',
      ].join('\n'),
    );
  });

  it('fails visibly, at file:line:column, when the command asked for does not load', async () => {
    const { run, gemini, final } = await runComment('/gemini /broken now', 'unused');

    expect(run.result.conclusion).toBe('failure');
    expect(gemini.generateRequests()).toEqual([]);
    expect(final?.body).toMatch(
      /\.gemini\/commands\/broken\.toml:2:\d+: expected a TOML command file;/,
    );
    expect(run.failed.join('\n')).toContain('.gemini/commands/broken.toml:2:');
  });

  it('runs another command while one file is broken, and warns about that file', async () => {
    const { run, gemini } = await runComment(
      '/gemini /review-security focus on auth',
      'No problems found.',
    );

    expect(run.result.conclusion).toBe('success');
    expect(JSON.stringify(body(gemini, 0).contents)).toContain(
      'Review for security: focus on auth',
    );
    expect(run.logs.join('\n')).toMatch(
      /The command \/broken is not available: \.gemini\/commands\/broken\.toml:2:\d+: /,
    );
    expect(run.summary).toContain(
      'Custom command: `/review-security` from `.gemini/commands/review-security.toml`.',
    );
  });
});
