import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowAllConfirmer } from '../../src/agent/confirmer.js';
import type { ToolCallData } from '../../src/agent/events.js';
import { ToolScheduler } from '../../src/agent/scheduler.js';
import { silentLogger } from '../../src/platform/logger.js';
import { isProcessRunning } from '../../src/platform/process-group.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { RunShellCommandToolOptions } from '../../src/tools/run-shell-command.js';
import { createRunShellCommandTool } from '../../src/tools/run-shell-command.js';
import type { Tool } from '../../src/tools/tool-types.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import { Workspace } from '../../src/tools/workspace.js';
import type { ToolHarness } from './tool-harness.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';
import { itNeeds } from '../support/needs.js';

const NAME = 'run_shell_command';
/** A plain environment for the tool: enough to find bash and coreutils. */
const BASE_ENV = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' };

let root: string;
let harness: ToolHarness;
let tools: Tool[];

async function setUp(options: Partial<RunShellCommandToolOptions> = {}): Promise<void> {
  harness = await toolHarness(root, {
    tools: (workspace) => {
      tools = [createRunShellCommandTool({ workspace, parentEnv: BASE_ENV, ...options })];
      return tools;
    },
  });
}

beforeEach(async () => {
  root = await makeTempDir('shell-');
  await setUp();
});
afterEach(async () => {
  // Nothing a test started may outlive it.
  for (const tool of tools) await tool.dispose?.();
  await removeTempDirs();
});

interface Report {
  command: string;
  directory?: string;
  output?: string;
  error?: string;
  exitCode?: number | '(none)';
  signal?: number;
  background?: number[];
  pgid: number;
}

/** The exact text the model reads for a command that ran to its end. */
function report(fields: Report): string {
  return [
    `Command: ${fields.command}`,
    `Directory: ${fields.directory ?? '(root)'}`,
    `Output: ${fields.output ?? '(empty)'}`,
    `Error: ${fields.error ?? '(none)'}`,
    `Exit Code: ${fields.exitCode ?? 0}`,
    `Signal: ${fields.signal ?? '(none)'}`,
    `Background PIDs: ${fields.background?.join(', ') ?? '(none)'}`,
    `Process Group PGID: ${fields.pgid}`,
  ].join('\n');
}

/** Runs a command through the scheduler; returns the text the model reads and the group id. */
async function run(
  args: Record<string, unknown>,
): Promise<{ content: string; pgid: number; status: string }> {
  const completed = await harness.call(NAME, args);
  const content = completed.result.llmContent;
  if (typeof content !== 'string') throw new Error('expected text content');
  const pgid = Number(/Process Group PGID: (\d+)$/.exec(content)?.[1] ?? Number.NaN);
  return { content, pgid, status: completed.status };
}

/** The PID a command printed as `child <pid>`. */
function childPid(text: string): number {
  const match = /child (\d+)/.exec(text);
  if (!match?.[1]) throw new Error(`no child PID in: ${text}`);
  return Number(match[1]);
}

describe('run_shell_command: results', () => {
  it('reports stdout and stderr interleaved in the order they were written', async () => {
    const command = 'echo one; echo two >&2; echo three; echo four >&2';
    const { content, pgid, status } = await run({ command });
    expect(status).toBe('successful');
    expect(pgid).toBeGreaterThan(1);
    expect(content).toBe(report({ command, output: 'one\ntwo\nthree\nfour', pgid }));
  });

  it('reports a non-zero exit code as a result, not a failure', async () => {
    const command = 'echo failing >&2; exit 3';
    const completed = await harness.call(NAME, { command });
    const content = completed.result.llmContent as string;
    const pgid = Number(/PGID: (\d+)$/.exec(content)?.[1]);
    expect(completed.responseParts).toEqual(
      outputPart('call-1', NAME, report({ command, output: 'failing', exitCode: 3, pgid })),
    );
  });

  it('reports the signal that ended the shell, by number', async () => {
    const command = 'kill -TERM $$';
    const completed = await harness.call(NAME, { command });
    const content = completed.result.llmContent as string;
    const pgid = Number(/PGID: (\d+)$/.exec(content)?.[1]);
    expect(content).toBe(report({ command, exitCode: '(none)', signal: 15, pgid }));
    expect(completed.result.returnDisplay).toBe('Command terminated by signal: 15');
  });

  it('passes the command to bash byte for byte', async () => {
    const command = `printf '%s|' "a  b" 'c\\d' $'e\\tf'; echo "$0"  # a trailing comment`;
    const { content, pgid } = await run({ command });
    expect(content).toBe(report({ command, output: 'a  b|c\\d|e\tf|bash', pgid }));
  });

  it('strips terminal escape codes from the output', async () => {
    const command = String.raw`printf '\033[1;31mred\033[0m plain \033]0;title\007done\n'`;
    const { content, pgid } = await run({ command });
    expect(content).toBe(report({ command, output: 'red plain done', pgid }));
  });

  it('summarises binary output instead of showing it', async () => {
    const command = String.raw`printf 'abc\000def'`;
    const { content, pgid } = await run({ command });
    expect(content).toBe(
      report({ command, output: '[Binary output detected: 7 B received, not shown.]', pgid }),
    );
  });

  it('keeps the first 20% and last 80% of 50 MB of output, with a marker', async () => {
    const command = 'head -c 52428800 /dev/zero | tr "\\0" a; echo; echo END';
    const { content, pgid } = await run({ command });
    // 52,428,800 + 5 characters ("\nEND\n"); 40,000 are kept.
    const output = `${'a'.repeat(8000)}\n\n... [52,388,805 characters omitted] ...\n\n${'a'.repeat(31_995)}\nEND`;
    expect(content).toBe(report({ command, output, pgid }));
    // Bounded: the 50 MB never reach the model (nor memory, as only head and tail are kept).
    expect(content.length).toBeLessThan(40_500);
  });
});

describe('run_shell_command: directories and failures', () => {
  beforeEach(async () => {
    await mkdir(path.join(root, 'packages', 'app'), { recursive: true });
    await writeFile(path.join(root, 'file.txt'), 'x');
  });

  it('runs in a directory relative to the workspace (also given as dir_path)', async () => {
    const command = 'pwd';
    const first = await run({ command, directory: 'packages/app' });
    expect(first.content).toBe(
      report({
        command,
        directory: 'packages/app',
        output: path.join(root, 'packages', 'app'),
        pgid: first.pgid,
      }),
    );
    const second = await run({ command, dir_path: path.join(root, 'packages') });
    expect(second.content).toBe(
      report({
        command,
        directory: 'packages',
        output: path.join(root, 'packages'),
        pgid: second.pgid,
      }),
    );
  });

  it('refuses a directory outside the workspace', async () => {
    expect(await harness.respond(NAME, { command: 'ls', directory: '..' })).toEqual(
      errorPart(
        'call-1',
        NAME,
        `Path not in workspace: Attempted path "${path.dirname(root)}" resolves outside the allowed workspace directories: ${root}`,
      ),
    );
  });

  it('refuses a directory that does not exist or is a file', async () => {
    expect(await harness.respond(NAME, { command: 'ls', directory: 'missing' })).toEqual(
      errorPart(
        'call-1',
        NAME,
        `Directory does not exist: ${path.join(root, 'missing')}. The directory must already exist within the workspace.`,
      ),
    );
    expect(await harness.respond(NAME, { command: 'ls', directory: 'file.txt' })).toEqual(
      errorPart('call-2', NAME, `Path is not a directory: ${path.join(root, 'file.txt')}`),
    );
  });

  it('reports a shell that cannot be started as a failure', async () => {
    const shell = path.join(root, 'no-such-shell');
    await setUp({ shell });
    const command = 'echo hi';
    const failure = [
      `Command: ${command}`,
      'Directory: (root)',
      'Output: (empty)',
      `Error: spawn ${shell} ENOENT`,
      'Exit Code: (none)',
      'Signal: (none)',
      'Background PIDs: (none)',
      'Process Group PGID: (none)',
    ].join('\n');
    const completed = await harness.call(NAME, { command });
    expect(completed.responseParts).toEqual(errorPart('call-1', NAME, failure));
    expect(completed.result.error?.type).toBe('shell_execute_error');
  });

  it('refuses an empty command or one no program could receive', async () => {
    expect(await harness.respond(NAME, { command: '  ' })).toEqual(
      errorPart('call-1', NAME, 'Command cannot be empty.'),
    );
    expect(await harness.respond(NAME, { command: 'echo a\0b' })).toEqual(
      errorPart('call-2', NAME, 'Command cannot contain NUL characters.'),
    );
  });
});

describe('run_shell_command: input and timeouts', () => {
  it('closes stdin, so commands reading it finish at once', async () => {
    // A generous inactivity timeout: if stdin were open, the result would be a timeout message.
    await setUp({ inactivityTimeoutMs: 10_000 });
    const command = 'cat; read x; echo "read=$?"';
    const { content, pgid } = await run({ command });
    expect(content).toBe(report({ command, output: 'read=1', pgid }));
  });

  it('stops a silent command after the inactivity timeout, with its whole group', async () => {
    await setUp({ inactivityTimeoutMs: 300, killGraceMs: 200 });
    const { content, status } = await run({ command: 'sleep 60 & echo "child $!"; wait' });
    const pid = childPid(content);
    expect(status).toBe('successful');
    expect(content).toBe(
      `Command was automatically cancelled because it exceeded the timeout of 0.3 seconds without output. Below is the output before it was cancelled:\nchild ${pid}`,
    );
    expect(await isProcessRunning(pid)).toBe(false);
  });

  it('kills processes that ignore SIGTERM after the grace period', async () => {
    await setUp({ inactivityTimeoutMs: 200, killGraceMs: 100 });
    const { content } = await run({ command: 'trap "" TERM; sleep 60 & echo "child $!"; wait' });
    const pid = childPid(content);
    expect(content).toMatch(/^Command was automatically cancelled because it exceeded the timeout/);
    expect(await isProcessRunning(pid)).toBe(false);
  });

  it('stops a command that keeps printing after the total timeout', async () => {
    await setUp({ inactivityTimeoutMs: 0, totalTimeoutMs: 500, killGraceMs: 200 });
    const { content } = await run({
      command: 'sleep 60 & echo "child $!"; while true; do echo tick; sleep 0.05; done',
    });
    const pid = childPid(content);
    expect(content).toMatch(
      new RegExp(
        `^Command was automatically cancelled because it exceeded the total time limit of 0\\.5 seconds\\. Below is the output before it was cancelled:\\nchild ${pid}(\\ntick)+$`,
      ),
    );
    expect(await isProcessRunning(pid)).toBe(false);
  });

  it('reports when a stopped command printed nothing', async () => {
    await setUp({ inactivityTimeoutMs: 200, killGraceMs: 100 });
    const { content } = await run({ command: 'sleep 60' });
    expect(content).toBe(
      'Command was automatically cancelled because it exceeded the timeout of 0.2 seconds without output. There was no output before it was cancelled.',
    );
  });
});

describe('run_shell_command: abort', () => {
  it('kills the whole group and sends the output so far, marked cancelled', async () => {
    const workspace = await Workspace.create(root);
    const tool = createRunShellCommandTool({ workspace, parentEnv: BASE_ENV, killGraceMs: 200 });
    tools = [tool];
    const registry = new ToolRegistry();
    registry.register(tool);
    const controller = new AbortController();
    const scheduler = new ToolScheduler({
      registry,
      confirmer: allowAllConfirmer,
      logger: silentLogger,
      liveOutputIntervalMs: 0,
      onUpdate: (update: ToolCallData) => {
        if (update.live_content?.includes('child')) controller.abort('The session was stopped.');
      },
    });
    const [completed] = await scheduler.run(
      [{ callId: 'c1', name: NAME, args: { command: 'sleep 60 & echo "child $!"; wait' } }],
      controller.signal,
    );
    const output = completed?.result.llmContent as string;
    const pid = childPid(output);
    expect(completed?.status).toBe('cancelled');
    expect(completed?.responseParts).toEqual([
      {
        functionResponse: {
          id: 'c1',
          name: NAME,
          response: {
            output: `Command was cancelled by user before it could complete. Below is the output before it was cancelled:\nchild ${pid}`,
            error: '[Operation Cancelled] Reason: The session was stopped.',
          },
        },
      },
    ]);
    expect(await isProcessRunning(pid)).toBe(false);
  });

  it('does not start a command when the signal is already aborted', async () => {
    const workspace = await Workspace.create(root);
    const tool = createRunShellCommandTool({ workspace, parentEnv: BASE_ENV });
    tools = [tool];
    const marker = path.join(root, 'ran');
    const invocation = tool.build({ command: `touch ${marker}` });
    if (isBuildError(invocation)) throw new Error(invocation.error);
    const result = await invocation.execute(AbortSignal.abort());
    expect(result.llmContent).toBe('Command was cancelled by user before it could start.');
    await expect(access(marker)).rejects.toThrow();
  });
});

describe('run_shell_command: background processes', () => {
  it('returns when the shell exits, reports background PIDs and kills them on dispose', async () => {
    // `sleep` inherits the output pipe and holds it open: the call must not wait for it.
    const command = 'sleep 100 & echo "child $!"';
    const { content, pgid } = await run({ command });
    const pid = childPid(content);
    expect(content).toBe(report({ command, output: `child ${pid}`, background: [pid], pgid }));
    expect(await isProcessRunning(pid)).toBe(true);

    await tools[0]?.dispose?.();
    expect(await isProcessRunning(pid)).toBe(false);
  });
});

describe('run_shell_command: live output', () => {
  it('reports the accumulated output as it arrives', async () => {
    const workspace = await Workspace.create(root);
    const tool = createRunShellCommandTool({ workspace, parentEnv: BASE_ENV });
    tools = [tool];
    const invocation = tool.build({
      command: 'echo first; sleep 0.3; printf "\\033[32msecond\\033[0m\\n" >&2',
    });
    if (isBuildError(invocation)) throw new Error(invocation.error);
    const seen: string[] = [];
    await invocation.execute(new AbortController().signal, (text) => seen.push(text));
    expect(seen).toEqual(['first', 'first\nsecond']);
  });

  it('shows live output in the scheduler updates', async () => {
    await run({ command: 'echo hello' });
    expect(harness.updates.map((update) => update.live_content).filter(Boolean)).toEqual(['hello']);
  });
});

describe('run_shell_command: environment', () => {
  const CANARIES = {
    GITHUB_TOKEN: 'canary-github-token',
    GH_TOKEN: 'canary-gh-token',
    INPUT_GITHUB_TOKEN: 'canary-input-github-token',
    GEMINI_API_KEY: 'canary-gemini-key',
    GOOGLE_API_KEY: 'canary-google-key',
    ACTIONS_RUNTIME_TOKEN: 'canary-actions-runtime',
    ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'canary-oidc',
    GITHUB_ENV: '/tmp/canary-github-env',
    GITHUB_OUTPUT: '/tmp/canary-github-output',
    NPM_TOKEN: 'canary-npm-token',
  };
  const command = 'env; printenv; tr "\\0" "\\n" < /proc/self/environ';
  const readsProc = process.platform === 'linux';

  function expectScrubbed(content: string): void {
    expect(content).not.toContain('canary');
    // The command did print an environment, so the assertion above could have failed.
    expect(content).toContain('GEMINI_CLI=1');
    expect(content).toContain('PAGER=cat');
    expect(content).toContain('GIT_TERMINAL_PROMPT=0');
    expect(content).toContain('NO_COLOR=1');
    expect(content).toContain(`PATH=${process.env.PATH ?? ''}`);
  }

  const procProblem = readsProc ? undefined : 'needs Linux, whose /proc shows the environment';
  itNeeds(procProblem, 'keeps secrets of the given parent environment from tools', async () => {
    await setUp({
      parentEnv: { ...BASE_ENV, ...CANARIES },
      // Even listed explicitly, secrets are not passed.
      envAllow: ['GITHUB_TOKEN', 'INPUT_*', 'ACTIONS_*', 'GITHUB_*'],
    });
    expectScrubbed((await run({ command })).content);
  });

  itNeeds(procProblem, 'scrubs process.env when no parent environment is given', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, CANARIES);
    try {
      harness = await toolHarness(root, {
        tools: (workspace) => {
          tools = [createRunShellCommandTool({ workspace })];
          return tools;
        },
      });
      expectScrubbed((await run({ command })).content);
    } finally {
      for (const name of Object.keys(CANARIES)) {
        if (saved[name] === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = saved[name];
      }
    }
  });
});

describe('run_shell_command: what a human sees', () => {
  it('describes the call and what a human would have confirmed', async () => {
    await mkdir(path.join(root, 'web'));
    const workspace = await Workspace.create(root);
    const tool = createRunShellCommandTool({ workspace });
    expect(tool.kind).toBe('execute');
    expect(Object.keys(tool.parametersJsonSchema.properties as object)).toEqual([
      'command',
      'description',
      'directory',
    ]);
    const command = 'npm test && git status | head -5; FOO=1 make lint || (npm run fix)';
    const invocation = tool.build({ command, directory: 'web' });
    if (isBuildError(invocation)) throw new Error(invocation.error);
    expect(invocation.describe()).toBe(`Run: ${command} in web`);
    expect(invocation.locations()).toEqual(['web']);
    expect(await invocation.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'exec',
      title: 'Confirm Shell Command',
      command,
      rootCommand: 'npm, git, head, make',
      workingDirectory: path.join(root, 'web'),
    });

    const atRoot = tool.build({ command: 'ls' });
    if (isBuildError(atRoot)) throw new Error(atRoot.error);
    expect(atRoot.describe()).toBe('Run: ls');
    expect(atRoot.locations()).toEqual(['.']);
  });
});
