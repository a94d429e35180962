/**
 * The agent executor (the design's first level of execution): runs one subagent on its inputs in
 * a session of its own — its system prompt, model, tools, turn and time limits — on the same
 * model transport, scheduler, policy, sandbox and redaction as the main agent, until it hands in
 * output valid against its schema with `complete_task`. Its events go into the run's stream
 * nested under the parent's call; its tokens count against the run's token budget.
 *
 * Never throws for what the agent does: a limit, a refused or failed call, a model error all come
 * back as an `AgentRunResult` the caller (and its model) reads.
 */
import { randomUUID } from 'node:crypto';
import type { GenerateContentConfig } from '@google/genai';
import type { ModelChoice } from '../../model/model-choice.js';
import { resolveModelConfig } from '../../model/model-configs.js';
import { errorMessage } from '../../platform/errors.js';
import type { ToolRegistry } from '../../tools/registry.js';
import type { RunSpend, SessionBudgets } from '../budgets.js';
import { formatDuration } from '../../platform/text.js';
import type { Confirmer } from '../confirmer.js';
import type { AgentEvent, SessionEndReason, TokenUsage } from '../events.js';
import { emptyUsage } from '../events.js';
import type { AgentSessionOptions } from '../session.js';
import { AgentSession } from '../session.js';
import type { AgentDefinition } from './agent-definition.js';
import { INHERIT_MODEL, defaultQuery, fillTemplate } from './agent-definition.js';
import { onlyReads, selectAgentTools } from './agent-tools.js';
import { COMPLETE_TASK_TOOL_NAME, createCompleteTask } from './complete-task.js';

/** The main session's settings every subagent session shares. */
export type SharedSessionOptions = Pick<
  AgentSessionOptions,
  | 'model'
  | 'modelChoice'
  | 'fallbackModel'
  | 'contentGenerator'
  | 'modelCalls'
  | 'confirmer'
  | 'workspaceRoot'
  | 'logger'
  | 'contextFileName'
  | 'contextDirectory'
  | 'projectContext'
  | 'extensionContextFiles'
  | 'userMemoryPath'
  | 'streaming'
  | 'environment'
  | 'now'
  | 'scheduleTimeout'
  | 'createScheduler'
  | 'declarationFilter'
  | 'liveOutputIntervalMs'
  | 'compression'
  | 'loopDetection'
  | 'modelConfigs'
>;

export interface SubagentRuntime {
  session: SharedSessionOptions;
  /** The tools a subagent may be given: the session's, without its result tools and subagents. */
  shareable: ToolRegistry;
  /** Shared with the main session: the run's token budget covers every subagent. */
  spend: RunSpend;
  /** The run's limits that hold inside a subagent too. */
  budgets?: Partial<Pick<SessionBudgets, 'tokenBudget' | 'maxToolCalls'>>;
  /** Puts a subagent's event into the run's stream under the parent's call. */
  emitNested(parentCallId: string, agentName: string, event: AgentEvent): void;
}

export interface AgentRunOptions {
  signal?: AbortSignal;
  /** The parent's call that runs the agent; its events are nested under it. */
  parentCallId: string;
}

export interface AgentRunResult {
  agent: string;
  /** The subagent's own session. */
  sessionId: string;
  /** `completed` only when output was handed in and accepted. */
  reason: SessionEndReason;
  /** The accepted output, as the schema parsed it. */
  output?: unknown;
  /** What the caller's model reads: the output, or why there is none. */
  text: string;
  /** Why it did not complete, in words. */
  error?: string;
  turns: number;
  toolCalls: number;
  usage: TokenUsage;
  durationMs: number;
}

/** Rules every subagent gets after its own instructions (the Gemini CLI gives the same). */
const SUBAGENT_RULES = `# Important rules

- You are a subagent: another agent gave you this task and reads only what you hand in. You run non-interactively; nobody can answer questions, so never ask for clarification: choose the most reasonable interpretation and say so in your result.
- A policy decides which tool calls may run. When a call is denied, read the reason, do not retry it, and work with what you may use.
- Use absolute paths inside the workspace.
- When you are done — or cannot get further — you MUST call the \`${COMPLETE_TASK_TOOL_NAME}\` tool with your result. It is the ONLY way to finish: text you write outside it is never read. Do not call other tools in the same turn as \`${COMPLETE_TASK_TOOL_NAME}\`.`;

const REMINDER = `You answered without calling a tool, but your task is only complete when you call \`${COMPLETE_TASK_TOOL_NAME}\`. Call it now with your result (if your work was interrupted, hand in what you have and say so). Do not call other tools.`;

export class AgentExecutor {
  constructor(private readonly runtime: SubagentRuntime) {}

  /** Whether the agent's tools all only observe (then several of its calls run in parallel). */
  isReadOnly(definition: Pick<AgentDefinition, 'tools'>): boolean {
    return onlyReads(selectAgentTools(definition.tools, this.runtime.shareable).tools);
  }

  /** Tool names in the definition that match nothing the agent can be given. */
  unknownTools(definition: Pick<AgentDefinition, 'tools'>): string[] {
    return selectAgentTools(definition.tools, this.runtime.shareable).unknown;
  }

  async run<I extends Record<string, unknown>>(
    definition: AgentDefinition<I>,
    inputs: I,
    options: AgentRunOptions,
  ): Promise<AgentRunResult> {
    const { runtime } = this;
    const shared = runtime.session;
    const now = shared.now ?? Date.now;
    const startedAt = now();
    const sessionId = randomUUID();
    const failed = (reason: SessionEndReason, error: string): AgentRunResult => ({
      agent: definition.name,
      sessionId,
      reason,
      text: `Subagent '${definition.name}' failed: ${error}`,
      error,
      turns: 0,
      toolCalls: 0,
      usage: emptyUsage(),
      durationMs: now() - startedAt,
    });

    let model: ReturnType<AgentExecutor['model']>;
    try {
      model = this.model(definition);
    } catch (error) {
      // An alias of the user's that names no model.
      return failed('internal_error', errorMessage(error));
    }
    // The Gemini CLI's template values beside the inputs (`${today}`, `${activeModel}`).
    const values = {
      today: new Date(startedAt).toISOString().slice(0, 10),
      activeModel: model.model,
      ...inputs,
    };
    let query: string;
    try {
      query = definition.buildQuery
        ? definition.buildQuery(inputs)
        : fillTemplate(definition.query ?? defaultQuery(inputs), values);
    } catch (error) {
      // What code builds from the inputs may refuse them (a group that does not exist).
      return failed('internal_error', errorMessage(error));
    }

    const completion = createCompleteTask(definition.output);
    const selection = selectAgentTools(definition.tools, runtime.shareable);
    const chosen = new Set(selection.tools.map((tool) => tool.name));
    const registry = runtime.shareable.subset((tool) => chosen.has(tool.name));
    registry.register(completion.tool);

    const session = new AgentSession({
      ...shared,
      ...model,
      sessionId,
      registry,
      confirmer: asSubagent(shared.confirmer, definition.name),
      budgets: {
        maxTurns: definition.maxTurns,
        timeoutMs: definition.timeoutMs,
        ...runtime.budgets,
      },
      spend: runtime.spend,
      completion: {
        isComplete: () => completion.output() !== undefined,
        reminder: REMINDER,
      },
      corePrompt: `${fillTemplate(definition.systemPrompt, values).trim()}\n\n${SUBAGENT_RULES}`,
      generationConfig: generationOf(definition),
      overrideScope: definition.name,
      onEvent: (event) => {
        runtime.emitNested(options.parentCallId, definition.name, event);
      },
    });
    const result = await session.run(query, options.signal ? { signal: options.signal } : {});
    const accepted = completion.output();
    const common = {
      agent: definition.name,
      sessionId,
      turns: result.turns,
      toolCalls: result.toolCalls,
      usage: result.usage,
      durationMs: result.durationMs,
    };
    if (result.reason === 'completed' && accepted !== undefined) {
      return {
        ...common,
        reason: 'completed',
        output: accepted.value,
        text: outputText(definition, accepted.value, inputs),
      };
    }
    const error = stopMessage(definition, result.reason, result.error);
    return {
      ...common,
      reason: result.reason === 'completed' ? 'no_complete_task' : result.reason,
      text: `Subagent '${definition.name}' stopped without a result: ${error}`,
      error,
    };
  }

  /**
   * `inherit` is the main session's model (and fallback); anything else through the user's
   * aliases and the table. Either way the overrides of the agent's scope may send it elsewhere.
   */
  private model(
    definition: Pick<AgentDefinition, 'name' | 'model' | 'source'>,
  ): Pick<AgentSessionOptions, 'model' | 'modelChoice' | 'fallbackModel'> {
    const shared = this.runtime.session;
    const inherit = definition.model === INHERIT_MODEL;
    const requested = inherit ? (shared.modelChoice?.alias ?? shared.model) : definition.model;
    const { name, alias } = resolveModelConfig(shared.modelConfigs, {
      requested,
      scope: definition.name,
    });
    if (inherit && name === shared.model) {
      return {
        model: shared.model,
        ...(shared.modelChoice ? { modelChoice: shared.modelChoice } : {}),
        ...(shared.fallbackModel ? { fallbackModel: shared.fallbackModel } : {}),
      };
    }
    const choice: ModelChoice = {
      name,
      ...(alias === undefined ? {} : { alias }),
      setBy: inherit
        ? `modelConfigs.overrides for ${definition.name} in ${shared.modelConfigs?.source ?? 'the settings'}`
        : `the model of agent ${definition.name} (${definition.source})`,
      howToChoose: `the model field of agent ${definition.name} (${definition.source}), or model: inherit`,
    };
    return {
      model: name,
      modelChoice: choice,
      ...(shared.fallbackModel ? { fallbackModel: shared.fallbackModel } : {}),
    };
  }
}

/** Every question the subagent's calls raise names it, for the policy's `subagent` rules. */
function asSubagent(confirmer: Confirmer, name: string): Confirmer {
  return {
    confirm: (question, signal) => confirmer.confirm({ ...question, subagent: name }, signal),
  };
}

function generationOf(
  definition: Pick<AgentDefinition, 'temperature' | 'topP'>,
): GenerateContentConfig {
  return {
    ...(definition.temperature === undefined ? {} : { temperature: definition.temperature }),
    ...(definition.topP === undefined ? {} : { topP: definition.topP }),
  };
}

function outputText<I extends Record<string, unknown>>(
  definition: AgentDefinition<I>,
  value: unknown,
  inputs: I,
): string {
  if (definition.onOutput) return definition.onOutput(value, inputs);
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function stopMessage(
  definition: Pick<AgentDefinition, 'maxTurns' | 'timeoutMs'>,
  reason: SessionEndReason,
  error: string | undefined,
): string {
  switch (reason) {
    case 'max_turns':
      return `it reached its limit of ${definition.maxTurns} turns (max_turns).`;
    case 'timeout':
      return `it reached its time limit of ${formatDuration(definition.timeoutMs)}.`;
    case 'completed':
    case 'no_complete_task':
      return 'it stopped calling tools without handing in its result with complete_task.';
    default:
      return error ?? reason;
  }
}
