// The A2A server in this process, for tests that need to put something of their own in it (a
// command catalog): real sessions through `startAgent`, the real genai client and the fake Gemini
// server, the real SDK clients over HTTP.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { chooseModel } from '../../src/model/model-choice.js';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import { silentLogger } from '../../src/platform/logger.js';
import { createRedactor } from '../../src/platform/redaction.js';
import { loadCliPolicy } from '../../src/session-setup/policy-setup.js';
import { startAgent } from '../../src/session-setup/run-agent.js';
import type { RunningA2AServer } from '../../src/cli/a2a-server/a2a-server.js';
import { startA2AServer } from '../../src/cli/a2a-server/a2a-server.js';
import type { CommandCatalog } from '../../src/cli/a2a-server/slash-commands.js';
import { Workspaces } from '../../src/cli/a2a-server/workspaces.js';
import type { FakeGeminiServer } from '../support/fake-gemini.js';
import { instantRetry } from '../support/fake-gemini.js';

export interface TestServer extends RunningA2AServer {
  token: string;
}

export async function startTestServer(options: {
  gemini: FakeGeminiServer;
  repo: string;
  commands?: CommandCatalog;
  confirmationTimeoutMs?: number;
  /** The server's workspaces (default: `repo` as the one root). */
  workspaces?: Workspaces;
}): Promise<TestServer> {
  const token = randomBytes(16).toString('hex');
  const policy = await loadCliPolicy({
    mode: 'invoke',
    policyFiles: [],
    allowCommands: ['echo'],
    yolo: false,
  });
  const server = await startA2AServer({
    host: '127.0.0.1',
    port: 0,
    token,
    workspaces: options.workspaces ?? (await Workspaces.create([options.repo])),
    commands: options.commands ?? {
      list: () => Promise.resolve([]),
      problemWith: (_workspace, name) => Promise.resolve(`There is no command /${name}.`),
    },
    redact: createRedactor({ secrets: [token] }).redact,
    confirmationTimeoutMs: options.confirmationTimeoutMs ?? 60_000,
    model: 'gemini-2.5-flash',
    logger: silentLogger,
    startTurn: async (turn) =>
      startAgent({
        prompt: turn.prompt,
        workspaceRoot: turn.workspace,
        model: chooseModel([{ value: 'gemini-2.5-flash', setBy: '--model' }], '--model'),
        sessionId: randomUUID(),
        contentGenerator: await createContentGenerator(
          { type: 'gemini-api-key', apiKey: 'test-key', baseUrl: options.gemini.url },
          { retry: instantRetry() },
        ),
        policy: {
          engine: policy.engine,
          runMode: 'invoke',
          trust: 'maintainer',
          askUser: turn.askUser,
        },
        logger: silentLogger,
        onEvent: turn.onEvent,
        signal: turn.signal,
        env: {},
        userMemoryPath: path.join(turn.workspace, '..', 'no-memory.md'),
        ...(turn.history === undefined ? {} : { history: turn.history }),
      }),
  });
  onTestFinished(() => server.close());
  return { ...server, token };
}
