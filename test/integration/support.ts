// An agent session wired as in production (real workspace, registry, built-in tools, scheduler and
// content generator with retries) talking over HTTP to the fake Gemini server.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createPartFromFunctionResponse } from '@google/genai';
import type { Content, GenerateContentConfig, Part } from '@google/genai';
import { allowAllConfirmer } from '../../src/agent/confirmer.js';
import { ENVIRONMENT_ACK } from '../../src/agent/environment-context.js';
import type { AgentEvent } from '../../src/agent/events.js';
import type { AgentSessionOptions, SessionResult } from '../../src/agent/session.js';
import { AgentSession } from '../../src/agent/session.js';
import type { CodeAssistCredentials } from '../../src/model/code-assist-generator.js';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import type { RetryOptions } from '../../src/model/retry.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { registerBuiltinTools } from '../../src/tools/builtin-tools.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { Workspace } from '../../src/tools/workspace.js';
import type { FakeGeminiServer, FakeRequest, FakeStep } from '../support/fake-gemini.js';
import { instantRetry, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

export const SESSION_ID = 'it-session';
export const MODEL = 'gemini-2.5-test';
/** Monday, June 2, 2025, 10:00 UTC: the date the environment message shows. */
export const START = Date.parse('2025-06-02T10:00:00.000Z');
export const OAUTH_TOKEN = 'oauth-test-token';

/** OAuth credentials as google-auth-library's clients provide them, without any Google account. */
export const fakeCredentials: CodeAssistCredentials = {
  getAccessToken: () => Promise.resolve({ token: OAUTH_TOKEN }),
};

/** The request body the Gemini API receives from `@google/genai`. */
export interface GeminiBody {
  contents: Content[];
  systemInstruction?: Content;
  tools?: { functionDeclarations?: { name: string }[] }[];
  generationConfig?: Record<string, unknown>;
}

/** The request body Code Assist receives. */
export interface CodeAssistBody {
  model: string;
  project?: string;
  user_prompt_id: string;
  request: GeminiBody & { session_id?: string };
}

export interface IntegrationOptions {
  script: FakeStep[];
  /** Files of the workspace (a real git repository). */
  files?: Record<string, string>;
  /** Binary files of the workspace. */
  binaryFiles?: Record<string, Buffer>;
  transport?: 'gemini-api' | 'code-assist';
  /** Code Assist: the configured project; when absent it is asked from `loadCodeAssist`. */
  project?: string;
  retry?: RetryOptions;
  session?: Partial<
    Pick<
      AgentSessionOptions,
      'budgets' | 'compression' | 'loopDetection' | 'streaming' | 'generationConfig'
    >
  >;
}

export interface Integration {
  server: FakeGeminiServer;
  /** The workspace's real path (what the model and the tools see). */
  workspace: string;
  /** The registered tool names, in declaration order. */
  toolNames: string[];
  session: AgentSession;
  events: AgentEvent[];
  logger: ReturnType<typeof memoryLogger>;
  retry: ReturnType<typeof instantRetry>;
  /** The abort signal of every HTTP request the transport made, in order. */
  fetchSignals: AbortSignal[];
  run(prompt: string): Promise<SessionResult>;
  /** The generate requests the server received, in order. */
  generateRequests(): FakeRequest[];
  /** Their bodies, as the Gemini API receives them. */
  bodies(): GeminiBody[];
  /** Their bodies, as Code Assist receives them. */
  codeAssistBodies(): CodeAssistBody[];
}

/**
 * A clock that starts at `START` and runs in real time, so the environment message shows a known
 * date while the wall-clock timeout and durations stay real.
 */
function clockFromStart(): () => number {
  const realStart = Date.now();
  return () => START + (Date.now() - realStart);
}

export async function startIntegration(options: IntegrationOptions): Promise<Integration> {
  const server = await useFakeGemini(options.script);
  const dir = await tempRepo(options.files ?? {}, { git: true });
  for (const [name, bytes] of Object.entries(options.binaryFiles ?? {})) {
    await writeFile(path.join(dir, name), bytes);
  }
  const workspace = await Workspace.create(dir);
  const retry = instantRetry(options.retry);
  // The real fetch, with each request's abort signal remembered so tests can see it was aborted.
  const fetchSignals: AbortSignal[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    if (init?.signal) fetchSignals.push(init.signal);
    return fetch(input, init);
  };
  const contentGenerator =
    options.transport === 'code-assist'
      ? await createContentGenerator(
          {
            type: 'code-assist',
            baseUrl: server.url,
            ...(options.project !== undefined ? { project: options.project } : {}),
          },
          {
            codeAssistCredentials: fakeCredentials,
            sessionId: SESSION_ID,
            retry,
            fetch: recordingFetch,
          },
        )
      : await createContentGenerator(
          { type: 'gemini-api-key', apiKey: 'test-key', baseUrl: server.url },
          { retry, fetch: recordingFetch },
        );

  const logger = memoryLogger();
  const registry = new ToolRegistry();
  registerBuiltinTools(registry, {
    workspace,
    logger,
    model: { contentGenerator, name: MODEL },
    memoryPath: path.join(dir, '.memory.md'),
  });
  const events: AgentEvent[] = [];
  const session = new AgentSession({
    sessionId: SESSION_ID,
    model: MODEL,
    contentGenerator,
    registry,
    confirmer: allowAllConfirmer,
    workspaceRoot: workspace.root,
    userMemoryPath: null,
    logger,
    onEvent: (event) => events.push(event),
    environment: { platform: 'linux', timeZone: 'UTC' },
    now: clockFromStart(),
    ...options.session,
  });

  const generateRequests = () => server.generateRequests();
  return {
    server,
    workspace: workspace.root,
    toolNames: registry.names(),
    session,
    events,
    logger,
    retry,
    fetchSignals,
    run: (prompt) => session.run(prompt),
    generateRequests,
    bodies: () => generateRequests().map((r) => r.body as GeminiBody),
    codeAssistBodies: () => generateRequests().map((r) => r.body as CodeAssistBody),
  };
}

export function eventsOf<K extends AgentEvent['kind']>(
  events: readonly AgentEvent[],
  kind: K,
): Extract<AgentEvent, { kind: K }>[] {
  return events.filter((event): event is Extract<AgentEvent, { kind: K }> => event.kind === kind);
}

/** The environment message for a workspace (a git repository, its `.git` folded) and its tree lines. */
export function environmentText(workspace: string, tree: string[]): string {
  return [
    'This is the Gemini CLI. We are setting up the context for our chat.',
    "Today's date is Monday, June 2, 2025.",
    'My operating system is: linux',
    `I'm currently working in the directory: ${workspace}`,
    'Here is the folder structure of the current working directories:',
    '',
    'Showing up to 200 items (files + folders). Folders or files indicated with ... contain more items not shown, were ignored, or the display limit (200 items) was reached.',
    '',
    `${workspace}/`,
    ...tree,
  ].join('\n');
}

/** The first three contents of every session: environment, acknowledgement, prompt. */
export function startOfHistory(environment: string, prompt: string): Content[] {
  return [
    { role: 'user', parts: [{ text: environment }] },
    { role: 'model', parts: [{ text: ENVIRONMENT_ACK }] },
    { role: 'user', parts: [{ text: prompt }] },
  ];
}

export const user = (...parts: Part[]): Content => ({ role: 'user', parts });
export const model = (...parts: Part[]): Content => ({ role: 'model', parts });

/** A `{functionResponse: {id, name, response: {output}}}` part. */
export function output(id: string, name: string, text: string): Part {
  return createPartFromFunctionResponse(id, name, { output: text });
}

/** The generation config the session sends for `MODEL`. */
export const GENERATION_CONFIG: GenerateContentConfig = {
  temperature: 0,
  topP: 1,
  thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 },
};
