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
import { registerBuiltinTools } from './tools/builtin-tools.js';
import type { BuiltinToolsOptions } from './tools/builtin-tools.js';
import { ToolRegistry } from './tools/registry.js';
import { deniedPathsFromEnvironment, Workspace } from './tools/workspace.js';

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
  /**
   * The user memory file: loaded into the system instruction and appended to by `save_memory`
   * (default `~/.gemini/GEMINI.md`).
   */
  userMemoryPath?: string;
  /** The environment the run started in: denied paths (runner temp, file commands) come from it. */
  env: NodeJS.ProcessEnv;
  /** Environment, allow-list and timeouts of the shell tool (the environment defaults to `env`). */
  shell?: BuiltinToolsOptions['shell'];
}

export interface AgentRun {
  session: AgentSession;
  result: Promise<SessionResult>;
}

/** Builds the session (so callers can hook into it) and starts it. */
export async function startAgent(options: RunAgentOptions): Promise<AgentRun> {
  const workspace = await Workspace.create(options.workspaceRoot, {
    deniedPaths: deniedPathsFromEnvironment(options.env),
  });
  const registry = new ToolRegistry();
  registerBuiltinTools(registry, {
    workspace,
    logger: options.logger,
    model: { contentGenerator: options.contentGenerator, name: options.model },
    ...(options.userMemoryPath !== undefined ? { memoryPath: options.userMemoryPath } : {}),
    shell: { parentEnv: options.env, ...options.shell },
  });
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
