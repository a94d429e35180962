// The CLI under a policy, end to end: flags → preset and policy files → engine → session against
// the fake Gemini server → what stream-json shows and what the model reads.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { testIo } from '../support/cli-io.js';
import { tempRepo } from '../support/temp-repo.js';

interface StreamLine {
  type: string;
  tool_id?: string;
  status?: string;
  output?: string;
  error?: { type: string; message: string };
  decision?: { decision: string; reason?: string; decided_by?: string };
}

function lines(stdout: string): StreamLine[] {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as StreamLine);
}

function resultOf(stdout: string, toolId: string): StreamLine | undefined {
  return lines(stdout).find((line) => line.type === 'tool_result' && line.tool_id === toolId);
}

interface Body {
  contents: { role: string; parts: { functionResponse?: { id: string; response: unknown } }[] }[];
  tools?: { functionDeclarations?: { name: string }[] }[];
}

function declared(body: unknown): string[] {
  return ((body as Body).tools ?? []).flatMap((tool) =>
    (tool.functionDeclarations ?? []).map((declaration) => declaration.name),
  );
}

const POLICY = `# CI policy
[[rule]]
toolName = "run_shell_command"
commandPrefix = ["echo"]
decision = "allow"
priority = 100

[[rule]]
toolName = "run_shell_command"
commandPrefix = "rm"
decision = "deny"
priority = 200
denyMessage = "Never delete files with rm; explain what should go instead."
`;

async function setUp(script: Parameters<typeof useFakeGemini>[0], policy = POLICY) {
  const repo = await tempRepo({ 'README.md': '# demo\n', 'src/app.js': 'export {};\n' });
  const policyFile = path.join(await tempRepo(), 'policy.toml');
  await writeFile(policyFile, policy);
  const server = await useFakeGemini(script);
  const run = testIo({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url });
  return { repo, policyFile, server, run };
}

describe('gemini-agent --policy', () => {
  it('allows and denies as the file says, with the deciding rule in stream-json', async () => {
    const { repo, policyFile, server, run } = await setUp([
      callsReply([
        { id: 'ok', name: 'run_shell_command', args: { command: 'echo hello' } },
        { id: 'rm', name: 'run_shell_command', args: { command: 'echo bye && rm -rf src' } },
        { id: 'sub', name: 'run_shell_command', args: { command: 'echo $(env)' } },
      ]),
      textReply('Done.'),
    ]);

    const code = await runCli(
      ['-p', 'clean up', '--repo', repo, '--policy', policyFile, '-o', 'stream-json'],
      run.io,
    );

    expect(code).toBe(0);
    expect(resultOf(run.stdout, 'ok')).toMatchObject({ status: 'success' });
    expect(resultOf(run.stdout, 'ok')?.output).toContain('hello');
    expect(resultOf(run.stdout, 'rm')).toMatchObject({
      status: 'error',
      error: {
        type: 'policy_violation',
        message:
          'Tool execution denied by policy. `rm -rf src`: Never delete files with rm; explain what should go instead.',
      },
      decision: {
        decision: 'deny',
        decided_by: `${policyFile}:8:1 (workflow, priority 3.200)`,
      },
    });
    const substitution = resultOf(run.stdout, 'sub');
    expect(substitution).toMatchObject({
      status: 'error',
      error: { type: 'policy_violation' },
      decision: { decision: 'deny' },
    });
    expect(substitution?.error?.message).toMatch(/^Tool execution denied by policy\. /u);
    // The model read the same denial.
    const last = server.generateRequests()[1]?.body as Body;
    const responses = last.contents.at(-1)?.parts.map((part) => part.functionResponse);
    expect(responses?.[1]).toEqual({
      id: 'rm',
      name: 'run_shell_command',
      response: {
        error:
          'Tool execution denied by policy. `rm -rf src`: Never delete files with rm; explain what should go instead.',
      },
    });
  });

  it('stops before any model request when a policy file is invalid, naming file:line:column', async () => {
    const { repo, policyFile, server, run } = await setUp(
      [textReply('never')],
      '[[rule]]\ntoolName = "read_file"\ndecision = "allow"\npriority = 100\nprefix = "x"\n',
    );

    const code = await runCli(['-p', 'x', '--repo', repo, '--policy', policyFile], run.io);

    expect(code).toBe(52);
    expect(run.stderr).toContain(`${policyFile}:5:1:`);
    expect(server.generateRequests()).toHaveLength(0);
  });

  it('stops before any model request when a deny rule names a misspelt tool', async () => {
    const { repo, policyFile, server, run } = await setUp(
      [textReply('never')],
      '[[rule]]\ntoolName = "run_shel_command"\ndecision = "deny"\npriority = 900\n',
    );

    const code = await runCli(['-p', 'x', '--repo', repo, '--policy', policyFile], run.io);

    expect(code).toBe(52);
    expect(run.stderr).toContain(
      `${policyFile}:2:1: toolName names "run_shel_command", which is no tool's name; did you mean "run_shell_command"?`,
    );
    expect(server.generateRequests()).toHaveLength(0);
  });

  it("tells a local run of the preset's denial without a workflow's words", async () => {
    const { repo, run } = await setUp([
      callsReply([{ id: 'c', name: 'run_shell_command', args: { command: 'git commit -m x' } }]),
      textReply('Done.'),
    ]);

    expect(await runCli(['-p', 'commit', '--repo', repo, '--sandbox', 'none'], run.io)).toBe(0);

    expect(run.stderr).toContain('and the test commands this run allows may run.');
    expect(run.stderr).not.toMatch(/workflow|allowed_commands/u);
  });

  it('offers a review run only the tools the read-only preset can allow', async () => {
    const { repo, server, run } = await setUp([
      callsReply([{ id: 'w', name: 'write_file', args: { file_path: 'README.md', content: 'x' } }]),
      textReply('I may not write.'),
    ]);

    const code = await runCli(
      ['-p', 'x', '--repo', repo, '--mode', 'review', '-o', 'stream-json'],
      run.io,
    );

    expect(code).toBe(0);
    const names = declared(server.generateRequests()[0]?.body);
    expect(names).toContain('read_file');
    expect(names).not.toContain('write_file');
    expect(resultOf(run.stdout, 'w')).toMatchObject({
      status: 'error',
      error: { type: 'policy_violation' },
      decision: { decision: 'deny' },
    });
    expect(resultOf(run.stdout, 'w')?.decision?.decided_by).toMatch(/^preset:read-only:\d+:\d+ /u);
  });

  it('allows listed commands with --allow-command, and only those', async () => {
    const { repo, run } = await setUp([
      callsReply([
        { id: 'a', name: 'run_shell_command', args: { command: 'echo listed' } },
        { id: 'b', name: 'run_shell_command', args: { command: 'touch x' } },
      ]),
      textReply('ok'),
    ]);

    const code = await runCli(
      ['-p', 'x', '--repo', repo, '--allow-command', 'echo', '-o', 'stream-json'],
      run.io,
    );

    expect(code).toBe(0);
    expect(resultOf(run.stdout, 'a')).toMatchObject({ status: 'success' });
    expect(resultOf(run.stdout, 'a')?.output).toContain('listed');
    expect(resultOf(run.stdout, 'b')).toMatchObject({ error: { type: 'policy_violation' } });
  });

  it('with --yolo allows plain commands but still denies substitutions and wrappers', async () => {
    const { repo, run } = await setUp([
      callsReply([
        { id: 'plain', name: 'run_shell_command', args: { command: 'touch made-by-yolo' } },
        { id: 'subst', name: 'run_shell_command', args: { command: 'echo $(env)' } },
        { id: 'wrap', name: 'run_shell_command', args: { command: 'env ls' } },
      ]),
      textReply('ok'),
    ]);

    const code = await runCli(['-p', 'x', '--repo', repo, '--yolo', '-o', 'stream-json'], run.io);

    expect(code).toBe(0);
    expect(resultOf(run.stdout, 'plain')).toMatchObject({ status: 'success' });
    expect(existsSync(path.join(repo, 'made-by-yolo'))).toBe(true);
    expect(resultOf(run.stdout, 'subst')).toMatchObject({
      error: { type: 'policy_violation' },
      decision: { decision: 'deny', decided_by: '--yolo:1:1 (default, priority 0.000)' },
    });
    expect(resultOf(run.stdout, 'wrap')).toMatchObject({ error: { type: 'policy_violation' } });
  });
});
