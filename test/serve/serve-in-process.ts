// `gemini-agent serve` as its command runs it (`runServeCommand`: flags, every workspace's
// settings, extensions, commands and policy, real sessions), but in this process, so tests judge
// the sources rather than the committed bundle. The model is the fake Gemini server reached
// through the real `@google/genai` client; clients are the SDK's (test/e2e/support/serve-process.ts).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { runServeCommand } from '../../src/cli/serve/serve-command.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';

export interface InProcessServer {
  url: string;
  token: string;
  stdout: () => string;
  stderr: () => string;
  /** Ctrl-C: the server cancels its tasks and stops; resolves with its exit code. */
  stop: () => Promise<number>;
}

/** Starts the server; rejects with what it printed when it stops before listening. */
export async function serveInProcess(options: {
  gemini: FakeGeminiServer;
  repo: string;
  args?: readonly string[];
  env?: Record<string, string>;
}): Promise<InProcessServer> {
  const token = randomBytes(24).toString('hex');
  const home = realpathSync(mkdtempSync(path.join(tmpdir(), 'serve-home-')));
  mkdirSync(path.join(home, '.gemini'));
  let stdout = '';
  let stderr = '';
  let interrupt: (() => void) | undefined;
  let listening: (url: string) => void = () => undefined;
  const started = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const exited = runServeCommand(['--port', '0', '--repo', options.repo, ...(options.args ?? [])], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      GEMINI_API_KEY: 'test-key-0123456789',
      GOOGLE_GEMINI_BASE_URL: options.gemini.url,
      GEMINI_AGENT_A2A_TOKEN: token,
      ...options.env,
    },
    stdout: {
      write: (text: string) => {
        stdout += text;
        const url = /A2A server listening on (\S+)/.exec(stdout)?.[1];
        if (url !== undefined) listening(url);
      },
    },
    stderr: { write: (text: string) => (stderr += text) },
    onInterrupt: (handler) => {
      interrupt = handler;
      return () => {
        interrupt = undefined;
      };
    },
  });
  let stopped: Promise<number> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      interrupt?.();
      return exited;
    })();
    return stopped;
  };
  onTestFinished(async () => {
    await stop();
    rmSync(home, { recursive: true, force: true });
  });
  const url = await Promise.race([
    started,
    exited.then((code) => {
      throw new Error(`serve exited with ${code} before listening.\n${stdout}\n${stderr}`);
    }),
  ]);
  return { url, token, stdout: () => stdout, stderr: () => stderr, stop };
}
