// Helpers for the local run's tests: an in-process terminal, git, and recorded sessions written
// as the {method, response} JSON lines `--replay` reads.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { CliIo } from '../../src/cli/run-cli.js';

export interface TestTerminal {
  io: CliIo;
  readonly stdout: string;
  readonly stderr: string;
}

export function testTerminal(env: NodeJS.ProcessEnv = {}): TestTerminal {
  let stdout = '';
  let stderr = '';
  return {
    io: {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      stdin: process.stdin,
      onInterrupt: () => () => undefined,
    },
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** Commits everything in `dir` as `message` (with a fixed identity). */
export function commitAll(dir: string, message: string): string {
  const identity = ['-c', 'user.name=t', '-c', 'user.email=t@example.com'];
  execFileSync('git', [...identity, 'add', '-A'], { cwd: dir });
  execFileSync('git', [...identity, 'commit', '-qm', message], { cwd: dir });
  return git(dir, 'rev-parse', 'HEAD');
}

export async function tempDir(prefix = 'gemini-agent-local-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export interface RecordedTurn {
  text?: string;
  calls?: { id: string; name: string; args: Record<string, unknown> }[];
}

/** A recorded session file: one streamed reply per turn. */
export async function writeSession(dir: string, turns: RecordedTurn[]): Promise<string> {
  const file = path.join(dir, 'session.jsonl');
  const lines = turns.map((turn, index) => {
    const parts = [
      ...(turn.text !== undefined ? [{ text: turn.text }] : []),
      ...(turn.calls ?? []).map((call) => ({ functionCall: call })),
    ];
    const response = [
      {
        candidates: [{ content: { role: 'model', parts }, index: 0, finishReason: 'STOP' }],
        usageMetadata: {
          promptTokenCount: 1000 + index * 100,
          candidatesTokenCount: 20,
          totalTokenCount: 1020 + index * 100,
        },
      },
    ];
    return `${JSON.stringify({ method: 'generateContentStream', response })}\n`;
  });
  await writeFile(file, lines.join(''));
  return file;
}

export async function writeJson(dir: string, name: string, value: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(value, null, 2));
  return file;
}

export interface RunArgs {
  /** The event payload file (`--event`). */
  event: string;
  eventName: string;
  repo: string;
  /** A recorded session the model is served from. */
  replay?: string;
  /** Where the live model's replies are recorded. */
  record?: string;
  out?: string;
}

/** The arguments of `gemini-agent run` for an event, then `extra` flags as written. */
export function runArgs(options: RunArgs, ...extra: string[]): string[] {
  const flags: [string, string | undefined][] = [
    ['--event', options.event],
    ['--event-name', options.eventName],
    ['--repo', options.repo],
    ['--replay', options.replay],
    ['--record', options.record],
    ['--out', options.out],
  ];
  return [
    ...flags.flatMap(([flag, value]) => (value === undefined ? [] : [flag, value])),
    ...extra,
  ];
}
