/**
 * One prompt, run to the end: the workspace, its tools and a session, wired the same way for the
 * CLI and the Action so both behave alike.
 */
import type { SessionBudgets } from './agent/budgets.js';
import type { Confirmer } from './agent/confirmer.js';
import type { AgentEventListener } from './agent/events.js';
import type { SessionResult } from './agent/session.js';
import { AgentSession } from './agent/session.js';
import type { ContentGenerator } from './model/content-generator.js';
import type { Logger } from './platform/logger.js';
import { createBuiltinTools } from './tools/builtin-tools.js';
import { ToolRegistry } from './tools/registry.js';
import { Workspace } from './tools/workspace.js';

export interface RunAgentOptions {
  prompt: string;
  workspaceRoot: string;
  model: string;
  sessionId: string;
  contentGenerator: ContentGenerator;
  confirmer: Confirmer;
  logger: Logger;
  onEvent: AgentEventListener;
  budgets?: Partial<SessionBudgets>;
  signal?: AbortSignal;
  /** The user memory file loaded into the system instruction; `null` for none. */
  userMemoryPath?: string | null;
}

export interface AgentRun {
  session: AgentSession;
  result: Promise<SessionResult>;
}

/** Builds the session (so callers can hook into it) and starts it. */
export async function startAgent(options: RunAgentOptions): Promise<AgentRun> {
  const workspace = await Workspace.create(options.workspaceRoot);
  const registry = new ToolRegistry();
  for (const tool of createBuiltinTools({ workspace, logger: options.logger })) {
    registry.register(tool);
  }
  const session = new AgentSession({
    sessionId: options.sessionId,
    model: options.model,
    contentGenerator: options.contentGenerator,
    registry,
    confirmer: options.confirmer,
    workspaceRoot: workspace.root,
    logger: options.logger,
    onEvent: options.onEvent,
    ...(options.budgets ? { budgets: options.budgets } : {}),
    ...(options.userMemoryPath !== undefined ? { userMemoryPath: options.userMemoryPath } : {}),
  });
  const result = session
    .run(options.prompt, options.signal ? { signal: options.signal } : {})
    // Background processes and connections the tools hold end with the session.
    .finally(() => registry.dispose());
  return { session, result };
}
