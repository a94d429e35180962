/**
 * The A2A server assembled: the HTTP listener, the agent card naming the address it listens on,
 * the SDK's request handler over an in-memory task store, and the task executor.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemoryTaskStore } from '@a2a-js/sdk/server';
import type { Cancellation } from '../../agent/events.js';
import { errorMessage } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { Redact } from '../../platform/redaction.js';
import { buildAgentCard } from './agent-card.js';
import { bearerChecker } from './bearer-token.js';
import { AGENT_CARD_PATH, httpRoutes, internalCallContext, JSON_RPC_PATH } from './http-routes.js';
import { DevelopmentToolRequestHandler } from './request-handler.js';
import type { CommandCatalog } from './slash-commands.js';
import { slashCommandMethods } from './slash-commands.js';
import type { StartTurn } from './task-executor.js';
import { DevelopmentToolExecutor } from './task-executor.js';
import type { Workspaces } from './workspaces.js';

/** Prompts and edits with their whole new file content fit; anything larger is refused. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface A2AServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The address clients reach the server at, when it is not `http://host:port`. */
  publicUrl?: string;
  token: string;
  workspaces: Workspaces;
  startTurn: StartTurn;
  commands: CommandCatalog;
  redact: Redact;
  confirmationTimeoutMs: number;
  /** The model named in events until a session names its own. */
  model: string;
  logger: Logger;
  maxBodyBytes?: number;
}

export interface RunningA2AServer {
  /** The base URL: the card is at `${url}/.well-known/agent-card.json`. */
  url: string;
  cardUrl: string;
  /** Where it listens, as this machine reaches it (`url` unless a public URL was given). */
  listenUrl: string;
  /** How many tasks are running or waiting for a confirmation. */
  runningTasks(): number;
  /**
   * Cancels the running tasks (their tools stop; each ends `canceled`, saying by what and when,
   * with the files it left changed) and stops listening.
   */
  close(cancellation?: Cancellation): Promise<void>;
}

export async function startA2AServer(options: A2AServerOptions): Promise<RunningA2AServer> {
  const server = http.createServer();
  // Receiving a request may take this long; the event streams answering them are not limited.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const listenUrl = `http://${urlHost(options.host)}:${port}`;
  const url = (options.publicUrl ?? listenUrl).replace(/\/+$/, '');
  const card = buildAgentCard(`${url}${JSON_RPC_PATH}`);
  const executor = new DevelopmentToolExecutor({
    workspaces: options.workspaces,
    startTurn: options.startTurn,
    redact: options.redact,
    confirmationTimeoutMs: options.confirmationTimeoutMs,
    model: options.model,
    logger: options.logger,
  });
  const requestHandler = new DevelopmentToolRequestHandler(card, new InMemoryTaskStore(), executor);
  executor.cancelThroughHandler = (taskId) =>
    requestHandler.cancelTask(
      { tenant: '', id: taskId, metadata: undefined },
      internalCallContext(),
    );
  const handle = httpRoutes({
    card,
    requestHandler,
    extensionMethods: slashCommandMethods({
      catalog: options.commands,
      requestHandler,
      workspaceOf: (metadata) => executor.requestedWorkspace(metadata),
    }),
    authorized: bearerChecker(options.token),
    maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    logger: options.logger,
  });
  server.on('request', (req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger.warning(`A request failed: ${errorMessage(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    });
  });
  return {
    url,
    cardUrl: `${url}${AGENT_CARD_PATH}`,
    listenUrl,
    runningTasks: () => executor.runningTasks(),
    async close(cancellation) {
      await executor.stopAll(
        cancellation === undefined
          ? 'The server stopped.'
          : `The server stopped (${cancellation.by === 'terminate' ? 'SIGTERM' : 'Ctrl-C'}), so the task was cancelled.`,
        cancellation,
      );
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
    },
  };
}

/** `::1` as `[::1]`; an any-address as loopback, which at least works from this machine. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
