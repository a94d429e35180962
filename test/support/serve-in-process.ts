// `gemini-agent serve` as its command runs it (`runServeCommand`: flags, every workspace's
// settings, extensions, commands and policy, real sessions), but in this process, so tests judge
// the sources rather than the committed bundle. The model is the fake Gemini server reached
// through the real `@google/genai` client; clients are the SDK's (test/e2e/support/serve-process.ts).
// Each server gets a home and a state folder of its own, removed when the test ends, and is
// stopped (Ctrl-C) then too.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { runServeCommand } from '../../src/cli/a2a-server/serve-command.js';
import type { FakeGeminiServer } from './fake-gemini.js';

export interface ServeOptions {
  /** The model; without it the server has no model address (for tests that never ask one). */
  gemini?: FakeGeminiServer;
  /** `--repo`: the default workspace. */
  repo: string;
  /** More flags, after `--port 0 --repo <repo> --sandbox none` (a later `--sandbox` wins). */
  args?: readonly string[];
  /**
   * The server's environment over the defaults (PATH, a fresh HOME and XDG_STATE_HOME, a model
   * key, the model's address, the token); a variable given as `undefined` is left unset.
   */
  env?: Record<string, string | undefined>;
  /** The bearer token, passed in GEMINI_AGENT_A2A_TOKEN (a random one unless given). */
  token?: string;
}

export interface InProcessServer {
  url: string;
  token: string;
  /** The server's home folder (fresh, removed when the test ends). */
  home: string;
  stdout: () => string;
  stderr: () => string;
  /** Ctrl-C: the server cancels its tasks and stops; resolves with its exit code. */
  stop: () => Promise<number>;
}

export type ServeOutcome =
  | { started: true; server: InProcessServer }
  | { started: false; code: number; stdout: string; stderr: string };

/** Starts the server, or returns the exit code and output when it stops before listening. */
export async function runServeInProcess(options: ServeOptions): Promise<ServeOutcome> {
  const token = options.token ?? randomBytes(24).toString('hex');
  const home = realpathSync(mkdtempSync(path.join(tmpdir(), 'serve-home-')));
  mkdirSync(path.join(home, '.gemini'));
  const env = definedValues({
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    GEMINI_API_KEY: 'test-key-0123456789',
    GOOGLE_GEMINI_BASE_URL: options.gemini?.url,
    GEMINI_AGENT_A2A_TOKEN: token,
    ...options.env,
  });
  let stdout = '';
  let stderr = '';
  let interrupt: (() => void) | undefined;
  let listening: (url: string) => void = () => undefined;
  const started = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const argv = [
    '--port',
    '0',
    '--repo',
    options.repo,
    '--sandbox',
    'none',
    ...(options.args ?? []),
  ];
  const exited = runServeCommand(argv, {
    env,
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
  const first = await Promise.race([started, exited.then((code) => ({ code }))]);
  if (typeof first !== 'string') return { started: false, code: first.code, stdout, stderr };
  const server: InProcessServer = {
    url: first,
    token: env.GEMINI_AGENT_A2A_TOKEN ?? token,
    home,
    stdout: () => stdout,
    stderr: () => stderr,
    stop,
  };
  return { started: true, server };
}

/** Starts the server; rejects with its exit code and what it printed when it does not start. */
export async function serveInProcess(options: ServeOptions): Promise<InProcessServer> {
  const outcome = await runServeInProcess(options);
  if (!outcome.started) {
    throw new Error(
      `serve exited with ${outcome.code} before listening.\n${outcome.stdout}\n${outcome.stderr}`,
    );
  }
  return outcome.server;
}

function definedValues(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
