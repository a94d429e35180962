// Shared pieces of the sandbox tests: a stand-in for the Action's process holding a canary, a
// look at every process on the machine, and the shell tool wired to a sandbox.
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { Sandbox } from '../../../src/platform/sandbox/sandbox-types.js';
import type { RunShellCommandToolOptions } from '../../../src/tools/run-shell-command.js';
import { createRunShellCommandTool } from '../../../src/tools/run-shell-command.js';
import type { Tool } from '../../../src/tools/tool-types.js';
import { createWriteFileTool } from '../../../src/tools/write-file.js';
import { toolHarness } from '../../tools/tool-harness.js';

export function uniqueCanary(label: string): string {
  return `${label}-canary-${randomBytes(8).toString('hex')}`;
}

/** A sleep duration no other process uses, so the process can be found by its command line. */
export function uniqueSleep(): string {
  return `${600 + Math.floor(Math.random() * 300)}.${randomBytes(3).readUIntBE(0, 3)}`;
}

export interface StandIn {
  pid: number;
  /** The sleep argument, unique to this process. */
  marker: string;
  stop(): void;
}

/**
 * A process of the test's own user standing in for the Action: its environment holds `canary`,
 * as the Action's holds the model key and the GitHub token.
 */
export async function startStandIn(canary: string): Promise<StandIn> {
  const marker = uniqueSleep();
  const child: ChildProcess = spawn('sleep', [marker], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GEMINI_API_KEY: canary },
    stdio: 'ignore',
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the stand-in process');
  // Wait until it runs `sleep` itself (its environment is set at exec).
  for (let i = 0; i < 100 && !(await commandLineOf(pid)).includes(marker); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    pid,
    marker,
    stop: () => {
      child.kill('SIGKILL');
    },
  };
}

async function commandLineOf(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** The PIDs of every process on the machine whose command line contains `text`. */
export async function processesWith(text: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const status = await readFile(`/proc/${name}/status`, 'utf8').catch(() => '');
    if (/^State:\s+Z/m.test(status)) continue;
    if ((await commandLineOf(Number(name))).includes(text)) found.push(Number(name));
  }
  return found;
}

/** The start address of the first mapping of `pid` (its executable), as a decimal number. */
export async function firstMappedAddress(pid: number): Promise<bigint> {
  const maps = await readFile(`/proc/${pid}/maps`, 'utf8');
  const start = /^([0-9a-f]+)-/.exec(maps)?.[1];
  if (start === undefined) throw new Error(`no mappings for ${pid}`);
  return BigInt(`0x${start}`);
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

export interface SandboxedShell {
  /** What the model reads for one command. */
  run(command: string): Promise<string>;
  /** A `write_file` call of the same session (the Action's own write, as the model asks it). */
  write(filePath: string, content: string): Promise<void>;
  tool: Tool;
}

/** `run_shell_command` and `write_file` over `root`, run through the scheduler as a session would. */
export async function sandboxedShell(
  root: string,
  sandbox: Sandbox,
  options: Partial<RunShellCommandToolOptions> = {},
): Promise<SandboxedShell> {
  let created: Tool | undefined;
  const harness = await toolHarness(root, {
    tools: (workspace) => {
      created = createRunShellCommandTool({
        workspace,
        parentEnv: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' },
        sandbox,
        ...options,
      });
      return [created, createWriteFileTool({ workspace })];
    },
  });
  if (created === undefined) throw new Error('the tool was not created');
  const tool = created;
  return {
    tool,
    run: async (command) => {
      const completed = await harness.call('run_shell_command', { command });
      const content = completed.result.llmContent;
      if (typeof content !== 'string') throw new Error('expected text content');
      return content;
    },
    write: async (filePath, content) => {
      const completed = await harness.call('write_file', { file_path: filePath, content });
      if (completed.result.error) throw new Error(completed.result.error.message);
    },
  };
}

/** The `Output:` part of a report, up to the `Error:` line. */
export function outputOf(report: string): string {
  const match = /^Output: ([\s\S]*?)\nError: /m.exec(report);
  return match?.[1] ?? report;
}
