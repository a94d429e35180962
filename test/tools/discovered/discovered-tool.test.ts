// Calling a discovered tool: `<callCommand> <name>` with the arguments as JSON on stdin, stdout as
// the result, and every failure (exit code, signal, stderr, time limit, abort) as a
// discovered_tool_execution_error in the Gemini CLI's format. Real bash scripts, real processes.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { isProcessRunning } from '../../../src/platform/process-group.js';
import { memoryLogger } from '../../../src/platform/logger.js';
import { discoverTools } from '../../../src/tools/discovered/discover-tools.js';
import { DiscoveredTool } from '../../../src/tools/discovered/discovered-tool.js';
import { ToolProcesses } from '../../../src/tools/tool-processes.js';
import type { Tool, ToolResult } from '../../../src/tools/tool-types.js';
import { isBuildError } from '../../../src/tools/tool-types.js';
import { callsReply, textReply } from '../../support/fake-gemini.js';
import { lastParts, runMcpSession, tempWorkspace } from '../../support/mcp-session.js';

const SECRET = 'ghs_job_token_that_must_stay_out';

/** The call command: one case per tool; `node` reads the JSON arguments from stdin. */
const CALL_SCRIPT = String.raw`
tool="$1"
case "$tool" in
  add) node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const a=JSON.parse(s);process.stdout.write(JSON.stringify({sum:a.a+a.b}))})' ;;
  where) pwd ;;
  environment) env ;;
  fails) echo "partial result"; echo "database unreachable" >&2; exit 3 ;;
  warns) echo "done"; echo "deprecated flag" >&2 ;;
  killed) kill -9 $$ ;;
  hangs) sleep 300 & echo $! > sleeper.pid; wait ;;
  chatty) head -c 100000 /dev/zero | tr '\0' 'x' ;;
  *) echo "unknown tool $tool" >&2; exit 2 ;;
esac
`;

async function workspace(parentEnv: Record<string, string> = {}) {
  const root = await tempWorkspace();
  await writeFile(path.join(root, 'call.sh'), CALL_SCRIPT);
  const processes = new ToolProcesses({
    workspaceRoot: root,
    parentEnv: { PATH: process.env['PATH'], ...parentEnv },
  });
  const tool = (name: string, options: { timeoutMs?: number } = {}) =>
    new DiscoveredTool({
      declaration: { name, description: `The ${name} tool.`, parametersJsonSchema: {} },
      discoveryCommand: 'bash list.sh',
      callCommand: 'bash call.sh',
      processes,
      ...options,
    });
  return { root, processes, tool };
}

async function call(
  tool: Tool,
  args: unknown = {},
  signal = new AbortController().signal,
): Promise<ToolResult> {
  const invocation = tool.build(args);
  if (isBuildError(invocation)) throw new Error(invocation.error);
  return invocation.execute(signal);
}

describe('DiscoveredTool', () => {
  it('passes the arguments as JSON on stdin and returns stdout', async () => {
    const { tool } = await workspace();
    const result = await call(tool('add'), { a: 2, b: 3 });
    expect(result).toEqual({ llmContent: '{"sum":5}', returnDisplay: '{"sum":5}' });
  });

  it('runs in the workspace root', async () => {
    const { root, tool } = await workspace();
    expect((await call(tool('where'))).llmContent).toBe(root);
  });

  it('does not give the call command the run’s secrets', async () => {
    // In the run's environment and in this process's own: neither may reach the command.
    vi.stubEnv('GITHUB_TOKEN', SECRET);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const { tool } = await workspace({ GITHUB_TOKEN: SECRET, INPUT_GITHUB_TOKEN: SECRET });
    const result = await call(tool('environment'));
    expect(result.error).toBeUndefined();
    expect(result.llmContent).toContain('PATH=');
    expect(result.llmContent).not.toContain(SECRET);
    expect(result.llmContent).not.toContain('GITHUB_TOKEN');
  });

  it('reports a failure with stdout, stderr and the exit code, as the Gemini CLI does', async () => {
    const { tool } = await workspace();
    const result = await call(tool('fails'));
    const expected = [
      'Stdout: partial result',
      'Stderr: database unreachable',
      'Error: (none)',
      'Exit Code: 3',
      'Signal: (none)',
    ].join('\n');
    expect(result).toEqual({
      llmContent: expected,
      returnDisplay: expected,
      error: { message: expected, type: 'discovered_tool_execution_error' },
    });
  });

  it('counts output on stderr as a failure even with exit code 0 (the CLI’s rule)', async () => {
    const { tool } = await workspace();
    const result = await call(tool('warns'));
    expect(result.error?.type).toBe('discovered_tool_execution_error');
    expect(result.llmContent).toBe(
      'Stdout: done\nStderr: deprecated flag\nError: (none)\nExit Code: 0\nSignal: (none)',
    );
  });

  it('reports a signal', async () => {
    const { tool } = await workspace();
    const result = await call(tool('killed'));
    expect(result.llmContent).toBe(
      'Stdout: (empty)\nStderr: (empty)\nError: (none)\nExit Code: (none)\nSignal: SIGKILL',
    );
  });

  it('stops a call that runs too long, with what it started', async () => {
    const { root, tool } = await workspace();
    const result = await call(tool('hangs', { timeoutMs: 300 }));
    expect(result.error?.type).toBe('discovered_tool_execution_error');
    expect(result.llmContent).toContain(
      'Error: The call command did not finish within 300 ms and was stopped.',
    );
    expect(result.llmContent).toContain('Signal: SIGTERM');
    const sleeper = Number(await readFile(path.join(root, 'sleeper.pid'), 'utf8'));
    expect(await isProcessRunning(sleeper)).toBe(false);
  });

  it('an abort kills the call command and what it started', async () => {
    const { root, tool } = await workspace();
    const controller = new AbortController();
    const pending = call(tool('hangs'), {}, controller.signal);
    const pidFile = path.join(root, 'sleeper.pid');
    // Wait until the command has started its child, then cancel.
    for (;;) {
      const text = await readFile(pidFile, 'utf8').catch(() => '');
      if (text.trim() !== '') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    controller.abort();
    const result = await pending;
    expect(result.llmContent).toContain('Error: The call was cancelled.');
    expect(await isProcessRunning(Number(await readFile(pidFile, 'utf8')))).toBe(false);
  });

  it('cuts long output in the middle, like shell output', async () => {
    const { tool } = await workspace();
    const result = await call(tool('chatty'));
    const text = result.llmContent;
    if (typeof text !== 'string') throw new Error('expected text');
    expect(text).toContain('[60,000 characters omitted]');
    expect(text.replace(/[^x]/g, '')).toHaveLength(40_000);
  });

  it('refuses arguments that are not an object, and confirms by name', async () => {
    const { tool } = await workspace();
    const add = tool('add');
    expect(add.build([1, 2])).toEqual({
      error: 'Invalid parameters for add: expected an object of arguments.',
      type: 'invalid_tool_params',
    });
    const invocation = add.build({ a: 1, b: 2 });
    if (isBuildError(invocation)) throw new Error(invocation.error);
    expect(invocation.describe()).toBe('add {"a":1,"b":2}');
    expect(await invocation.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'info',
      title: 'Confirm: add',
      prompt: '{"a":1,"b":2}',
    });
  });

  it('is declared to the model and answers it through a scripted session', async () => {
    const { root, processes } = await workspace();
    await writeFile(
      path.join(root, 'list.sh'),
      `echo '[{"name":"add","description":"Adds.","parametersJsonSchema":{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}}}},{"name":"fails"}]'`,
    );
    const tools = await discoverTools({
      discoveryCommand: 'bash list.sh',
      callCommand: 'bash call.sh',
      processes,
      logger: memoryLogger(),
    });
    const run = await runMcpSession(tools, [
      callsReply([
        { id: 'c1', name: 'add', args: { a: 20, b: 22 } },
        { id: 'c2', name: 'fails', args: {} },
      ]),
      textReply('The sum is 42.'),
    ]);
    expect(run.result.reason).toBe('completed');
    expect(run.result.response).toBe('The sum is 42.');
    const declared = run.bodies[0]?.tools?.flatMap((t) => t.functionDeclarations ?? []) ?? [];
    expect(declared.map((d) => d.name)).toEqual(expect.arrayContaining(['add', 'fails']));
    expect(lastParts(run.bodies[1])).toEqual([
      { functionResponse: { id: 'c1', name: 'add', response: { output: '{"sum":42}' } } },
      {
        functionResponse: {
          id: 'c2',
          name: 'fails',
          response: {
            error:
              'Stdout: partial result\nStderr: database unreachable\nError: (none)\nExit Code: 3\nSignal: (none)',
          },
        },
      },
    ]);
    expect(run.calls.get('c1')?.status).toBe('SUCCEEDED');
    expect(run.calls.get('c2')?.status).toBe('FAILED');
  });
});
