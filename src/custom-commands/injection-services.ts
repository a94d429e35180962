/**
 * What expanding a command needs from the session it starts: its tools, run exactly as the model's
 * calls run — validated, answered by the policy, executed in the sandbox with the scrubbed
 * environment, through the same `ToolScheduler` — and its workspace, for `@{…}` paths. The
 * composition root that owns the session builds them (src/session-setup/run-agent.ts), so `!{…}` can never
 * take a path of its own around the policy.
 */
import type { Confirmer } from '../agent/confirmer.js';
import type { ToolCallData } from '../agent/events.js';
import type { CompletedToolCall } from '../agent/scheduler.js';
import { ToolScheduler } from '../agent/scheduler.js';
import type { Logger } from '../platform/logger.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { Workspace } from '../tools/workspace.js';

export interface InjectionServices {
  /** Runs one tool call through the session's scheduler, policy and sandbox. */
  runTool(name: string, args: Record<string, unknown>): Promise<CompletedToolCall>;
  workspace: Workspace;
  logger: Logger;
  /**
   * How the entry point lets a shell command run, for the refusal of a `!{…}` block's command:
   * "with --allow-command or a --policy file" for the CLI (see `RunAgentOptions`).
   */
  allowCommandHint?: string;
}

/**
 * The prompt a session starts with: text, or text built once the session's tools exist (a custom
 * command whose `!{…}` blocks run through them).
 */
export type SessionPrompt = string | ((services: InjectionServices) => Promise<string>);

export interface InjectionServicesOptions {
  registry: ToolRegistry;
  /** The session's confirmer: the policy in a run. */
  confirmer: Confirmer;
  workspace: Workspace;
  logger: Logger;
  signal?: AbortSignal;
  allowCommandHint?: string;
}

/** Services whose tool calls go through a scheduler of their own over the session's tools. */
export function createInjectionServices(options: InjectionServicesOptions): InjectionServices {
  const { registry, confirmer, workspace, logger } = options;
  let calls = 0;
  return {
    workspace,
    logger,
    ...(options.allowCommandHint !== undefined
      ? { allowCommandHint: options.allowCommandHint }
      : {}),
    async runTool(name, args) {
      const callId = `command-injection-${++calls}`;
      let last: ToolCallData | undefined;
      const scheduler = new ToolScheduler({
        registry,
        confirmer,
        logger,
        onUpdate: (call) => {
          last = call;
        },
      });
      const [completed] = await scheduler.run(
        [{ callId, name, args }],
        options.signal ?? new AbortController().signal,
      );
      if (completed === undefined) throw new Error(`the scheduler gave no result for ${callId}`);
      const decision = last?.confirmation_outcome;
      logger.info(
        `Custom command: ${last?.description ?? name} — ${decision === undefined ? completed.status : `${decision.decision === 'allow' ? 'allowed' : 'denied'} by ${decision.decided_by ?? 'the policy'}`}${exitNote(completed)}.`,
      );
      return completed;
    },
  };
}

function exitNote(completed: CompletedToolCall): string {
  const code = completed.result.data?.exitCode;
  return typeof code === 'number' && code !== 0 ? `, exit code ${code}` : '';
}
