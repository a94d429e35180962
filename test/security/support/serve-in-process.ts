/**
 * `gemini-agent serve` run in this process through its composition root (`runServeCommand`), so
 * a test sees what the server does with a workspace's configuration without building the bundle:
 * whether it starts, with which exit code and message, and what its tasks answer. Talk to it with
 * the SDK clients of test/e2e/support/serve-process.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { runServeCommand } from '../../../src/cli/serve/serve-command.js';
import type { FakeGeminiServer } from '../../support/fake-gemini.js';

export interface InProcessServe {
  url: string;
  token: string;
  stderr(): string;
  /** Ctrl-C, then the exit code. */
  stop(): Promise<number>;
}

export type ServeOutcome =
  | { started: true; server: InProcessServe }
  | { started: false; code: number; stdout: string; stderr: string };

/** Starts the server, or returns the exit code and output when it refuses to start. */
export async function runServeInProcess(options: {
  gemini: FakeGeminiServer;
  repo: string;
  args?: readonly string[];
}): Promise<ServeOutcome> {
  const token = randomBytes(24).toString('hex');
  let stdout = '';
  let stderr = '';
  let interrupt: (() => void) | undefined;
  let listening: (() => void) | undefined;
  const started = new Promise<void>((resolve) => (listening = resolve));
  const done = runServeCommand(
    ['--port', '0', '--repo', options.repo, '--sandbox', 'none', ...(options.args ?? [])],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: await mkdtemp(path.join(tmpdir(), 'serve-home-')),
        GEMINI_API_KEY: 'test-key-0123456789',
        GOOGLE_GEMINI_BASE_URL: options.gemini.url,
        GEMINI_AGENT_A2A_TOKEN: token,
      },
      stdout: {
        write: (text: string) => {
          stdout += text;
          if (stdout.includes('A2A server listening on')) listening?.();
        },
      },
      stderr: { write: (text: string) => (stderr += text) },
      onInterrupt(handler) {
        interrupt = handler;
        return () => {
          interrupt = undefined;
        };
      },
    },
  );
  const first = await Promise.race([started.then(() => 'started' as const), done]);
  if (first !== 'started') return { started: false, code: first, stdout, stderr };
  const url = /A2A server listening on (\S+)/.exec(stdout)?.[1] ?? '';
  const stop = async () => {
    interrupt?.();
    return done;
  };
  onTestFinished(async () => {
    await stop();
  });
  return { started: true, server: { url, token, stderr: () => stderr, stop } };
}
