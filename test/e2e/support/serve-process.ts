// `gemini-agent serve` from the built bundle, as a child process answering from the fake Gemini
// server, and the `@a2a-js/sdk` clients that talk to it: the 1.x client (`ClientFactory`, A2A
// 1.0) and the v0.3 compatibility client (the 0.3 wire, translated back to 1.x objects).
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { Role, StreamResponse, TaskState } from '@a2a-js/sdk';
import type { Message, Part, SendMessageRequest } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  withA2AExtensions,
  Client as A2AClient,
} from '@a2a-js/sdk/client';
import type { RequestOptions } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport } from '@a2a-js/sdk/compat/v0_3/client';
import type { FakeGeminiServer } from '../../support/fake-gemini.js';

const root = path.resolve(import.meta.dirname, '../../..');
export const CLI = path.join(root, 'dist/cli.js');

export const EXTENSION_URI =
  'https://github.com/google-gemini/gemini-cli/blob/main/docs/a2a/developer-profile/v0/spec.md';

export interface ServeProcess {
  url: string;
  cardUrl: string;
  token: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

/** A scratch HOME, so the server reads no memory or settings of the machine's user. */
export function scratchHome(): string {
  const home = realpathSync(mkdtempSync(path.join(tmpdir(), 'serve-home-')));
  mkdirSync(path.join(home, '.gemini'));
  onTestFinished(() => {
    rmSync(home, { recursive: true, force: true });
  });
  return home;
}

export async function startServe(options: {
  /** The model; without one the server has no credentials (with `--replay`, it needs none). */
  gemini?: FakeGeminiServer;
  repo: string;
  args?: readonly string[];
  env?: Record<string, string>;
  /** Default: a new random token in GEMINI_AGENT_A2A_TOKEN; `null` lets the server make one. */
  token?: string | null;
  /** Where the process is stopped once the caller is done; default the end of the test. */
  onFinished?: (cleanup: () => Promise<unknown>) => void;
}): Promise<ServeProcess> {
  const onFinished = options.onFinished ?? onTestFinished;
  const token = options.token === undefined ? randomBytes(24).toString('hex') : options.token;
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--repo', options.repo, ...(options.args ?? [])],
    {
      cwd: options.repo,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: options.env?.['HOME'] ?? scratchHome(),
        ...(options.gemini === undefined
          ? {}
          : { GEMINI_API_KEY: 'test-key-0123456789', GOOGLE_GEMINI_BASE_URL: options.gemini.url }),
        ...(token === null ? {} : { GEMINI_AGENT_A2A_TOKEN: token }),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  onFinished(async () => {
    await stop();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`serve did not start within 15 s.\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 15_000);
    const check = () => {
      const match = /A2A server listening on (\S+)/.exec(stdout);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${String(code)}.\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });
  const printed = /token: +(\S+) +\(generated/.exec(stdout)?.[1];
  return {
    url,
    cardUrl: `${url}/.well-known/agent-card.json`,
    token: token ?? printed ?? '',
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    stop,
  };
}

export function authFetch(token: string): typeof fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers });
  };
}

/** The 1.x client, built from the card as a client would (the card is fetched without a token). */
export async function v1Client(server: { url: string; token: string }): Promise<Client> {
  // The SDK types its options as a class without a constructor of its own; a plain object is
  // what its own examples pass.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  const transportOptions: ConstructorParameters<typeof JsonRpcTransportFactory>[0] = {
    fetchImpl: authFetch(server.token),
  };
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory(transportOptions)],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: fetch }),
    }),
  );
  return factory.createFromUrl(server.url);
}

/** The SDK's v0.3 compatibility client: it speaks the 0.3 wire (`message/stream`, …). */
export async function compatClient(server: ServeProcess): Promise<Client> {
  const card = await new DefaultAgentCardResolver({ fetchImpl: fetch }).resolve(server.url);
  const endpoint = card.supportedInterfaces.find((entry) => entry.protocolVersion === '0.3')?.url;
  if (endpoint === undefined) throw new Error('The card lists no 0.3 interface.');
  return new A2AClient(
    new LegacyJsonRpcTransport({ endpoint, fetchImpl: authFetch(server.token) }),
    card,
  );
}

/** Request options that activate the development-tool extension. */
export function withExtension(): RequestOptions {
  const serviceParameters: Record<string, string> = {};
  withA2AExtensions(EXTENSION_URI)(serviceParameters);
  return { serviceParameters };
}

export function textPart(text: string): Part {
  return {
    content: { $case: 'text', value: text },
    metadata: undefined,
    filename: '',
    mediaType: '',
  };
}

export function dataPart(data: Record<string, unknown>): Part {
  return {
    content: { $case: 'data', value: data },
    metadata: undefined,
    filename: '',
    mediaType: '',
  };
}

export function send(
  parts: Part[],
  extra: Partial<Pick<Message, 'taskId' | 'contextId' | 'metadata'>> = {},
): SendMessageRequest {
  return {
    tenant: '',
    message: {
      messageId: randomUUID(),
      contextId: '',
      taskId: '',
      role: Role.ROLE_USER,
      parts,
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
      ...extra,
    },
    configuration: undefined,
    metadata: undefined,
  };
}

/** A prompt that picks its workspace with `AgentSettings`, under the extension's URI. */
export function prompt(text: string, workspace?: string): SendMessageRequest {
  return send(
    [textPart(text)],
    workspace === undefined ? {} : { metadata: { [EXTENSION_URI]: { workspace_path: workspace } } },
  );
}

export function confirmationOf(
  ids: { taskId: string; contextId: string },
  toolCallId: string,
  option: 'proceed_once' | 'proceed_always' | 'cancel',
  newContent?: string,
): SendMessageRequest {
  return send(
    [
      dataPart({
        tool_call_id: toolCallId,
        selected_option_id: option,
        ...(newContent === undefined ? {} : { file_details: { new_content: newContent } }),
      }),
    ],
    ids,
  );
}

export async function collect(stream: AsyncIterable<StreamResponse>): Promise<StreamResponse[]> {
  const events: StreamResponse[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Every event as the 1.0 wire writes it (proto JSON), for exact comparisons. */
export function wire(events: readonly StreamResponse[]): Record<string, unknown>[] {
  return events.map((event) => StreamResponse.toJSON(event) as Record<string, unknown>);
}

/** What a status update tells a client, in one line: `KIND STATE [ToolCall status]`. */
export function outline(events: readonly StreamResponse[]): string[] {
  return events.map((event) => {
    const payload = event.payload;
    if (payload?.$case === 'task') return `task ${stateName(payload.value.status?.state)}`;
    if (payload?.$case !== 'statusUpdate') return payload?.$case ?? 'nothing';
    const update = payload.value;
    const kind = (update.metadata?.[EXTENSION_URI] as { kind?: string } | undefined)?.kind;
    const part = update.status?.message?.parts[0]?.content;
    let detail = '';
    if (part?.$case === 'data') {
      const data = part.value as { tool_name?: string; status?: string; subject?: string };
      detail =
        data.tool_name !== undefined ? ` ${data.tool_name} ${data.status ?? ''}` : ' thought';
    } else if (part?.$case === 'text') {
      detail = ` "${part.value}"`;
    }
    return `${kind ?? '?'} ${stateName(update.status?.state)}${detail}`;
  });
}

export function stateName(state: TaskState | undefined): string {
  return state === undefined ? 'none' : TaskState[state].replace('TASK_STATE_', '').toLowerCase();
}

/** The data of the DataParts of the status updates, in order. */
export function dataParts(events: readonly StreamResponse[]): Record<string, unknown>[] {
  return events.flatMap((event) => {
    const payload = event.payload;
    if (payload?.$case !== 'statusUpdate') return [];
    return (payload.value.status?.message?.parts ?? []).flatMap((part) =>
      part.content?.$case === 'data' ? [part.content.value as Record<string, unknown>] : [],
    );
  });
}

export function taskIds(events: readonly StreamResponse[]): { taskId: string; contextId: string } {
  const first = events[0]?.payload;
  if (first?.$case !== 'task')
    throw new Error(`The first event is ${first?.$case ?? 'missing'}, not the task.`);
  return { taskId: first.value.id, contextId: first.value.contextId };
}

/** The process ids whose command line contains `marker`. */
export async function processesWith(marker: string): Promise<string[]> {
  const ps = spawn('ps', ['-eo', 'pid=,args='], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  ps.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => ps.once('exit', resolve));
  return out
    .split('\n')
    .filter((line) => line.includes(marker) && !line.includes('ps -eo'))
    .map((line) => line.trim().split(/\s+/)[0] ?? '');
}

/** Polls `check` until it holds; throws when it has not within `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('The condition did not hold in time.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
