/**
 * One agent session: a prompt in, the model and the tools in a loop, events out, until the model
 * answers in text or a budget, a block, an error, a loop or the caller stops it.
 *
 * Request shape (the Gemini CLI's): the system instruction is set once (core prompt + context
 * files + memory); the history starts with the environment message and the model's
 * acknowledgement, then the prompt. Every function call the model makes is answered, in order,
 * by one user content of function responses before the next request.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { FinishReason } from '../model/genai-values.js';
import type {
  Content,
  FunctionCall,
  GenerateContentConfig,
  GenerateContentResponseUsageMetadata,
} from '@google/genai';
import type { ContentGenerator } from '../model/content-generator.js';
import { ModelRequestError } from '../model/errors.js';
import type { ModelCall, ModelCalls } from '../model/model-calls.js';
import type { ModelChoice } from '../model/model-choice.js';
import type { RequestCost } from '../model/model-cost.js';
import { fallbackNotice, modelTableSources } from '../model/model-choice.js';
import type { ParameterSource } from '../model/rejected-parameter.js';
import { apiLifecycleNotice, lifecycleNotice, routedNotice } from '../model/model-notices.js';
import type { ModelConfigs, ModelRequest } from '../model/model-configs.js';
import { resolveModelConfig, resolveUserConfig } from '../model/model-configs.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { Tool } from '../tools/tool-types.js';
import type { SessionBudgets } from './budgets.js';
import { formatDuration } from '../platform/text.js';
import {
  BudgetTracker,
  RunSpend,
  addUsage,
  cancelledForBudget,
  defaultScheduleTimeout,
  resolveBudgets,
  toTokenUsage,
  untilAborted,
} from './budgets.js';
import type { ModelResponse } from './chat.js';
import { Chat, blockedMessage, describeModelError, judgeFinalAnswer } from './chat.js';
import type { CompressionOptions } from './compression.js';
import { compressHistory, needsCompression, resolveCompression } from './compression.js';
import type { Confirmer } from './confirmer.js';
import type { ExtensionContextFile } from './context-files.js';
import { normalizeContextFileNames } from './context-files.js';
import type { EnvironmentContextOptions } from './environment-context.js';
import { buildEnvironmentContext, initialHistory } from './environment-context.js';
import type {
  AgentEvent,
  AgentEventListener,
  Cancellation,
  ModelCallData,
  SessionEndReason,
  TaskState,
  TokenUsage,
} from './events.js';
import { cancellationOf, emptyUsage, promptIdFor } from './events.js';
import { userText, withAppendedText } from './history.js';
import type { LoopDetection, LoopDetectionOptions } from './loop-detector.js';
import { LoopDetector } from './loop-detector.js';
import type { CompletedToolCall, ToolCallRequest, ToolSchedulerOptions } from './scheduler.js';
import { ToolScheduler, toFunctionResponseContent } from './scheduler.js';
import { loadSystemInstruction } from './system-prompt.js';

/** What the session needs of a scheduler; tests may pass their own. */
export interface ToolCallRunner {
  run(requests: ToolCallRequest[], signal: AbortSignal): Promise<CompletedToolCall[]>;
}

export interface AgentSessionOptions {
  /** Default: a random UUID. */
  sessionId?: string;
  model: string;
  /**
   * Where `model` was chosen: a model the API does not serve then ends the session with a message
   * that says so and how to choose another. Its `name` is `model`.
   */
  modelChoice?: ModelChoice;
  /**
   * Used once, for the rest of the session, when `model` is not found or its quota is exhausted;
   * the switch is reported as a `model_fallback` warning.
   */
  fallbackModel?: ModelChoice;
  contentGenerator: ContentGenerator;
  /**
   * The reports of `contentGenerator`'s requests (`onModelCall` of createContentGenerator): while
   * the session runs, each one becomes a `model_call` event.
   */
  modelCalls?: Pick<ModelCalls, 'subscribe'>;
  registry: ToolRegistry;
  confirmer: Confirmer;
  workspaceRoot: string;
  logger?: Logger;
  onEvent?: AgentEventListener;
  budgets?: Partial<SessionBudgets>;
  /** Context file name(s) looked for from the git root down to the workspace. Default `GEMINI.md`. */
  contextFileName?: string | string[];
  /**
   * Read the project's context files from this directory only, not from the workspace (the Action
   * passes the base branch's copies on pull requests).
   */
  contextDirectory?: string;
  /** `false`: the project's context files are not read (a folder that is not trusted). */
  projectContext?: boolean;
  /** Extensions' context files, read after the memory file and before the project's. */
  extensionContextFiles?: readonly ExtensionContextFile[];
  /** Default `~/.gemini/GEMINI.md`; `null` leaves the memory file out. */
  userMemoryPath?: string | null;
  /**
   * The conversation so far (an earlier completed session's `SessionResult.history`): the prompt
   * continues it instead of starting a new conversation.
   */
  history?: readonly Content[];
  compression?: Partial<CompressionOptions>;
  loopDetection?: Partial<LoopDetectionOptions>;
  /** Use `generateContentStream` (default true) or `generateContent`. */
  streaming?: boolean;
  /** Merged over the model's settings from the model table (thinking, sampling where allowed). */
  generationConfig?: GenerateContentConfig;
  /** settings.json's `modelConfigs`: the user's aliases and overrides, over all of the above. */
  modelConfigs?: ModelConfigs;
  /** Which `overrideScope` the requests are in: a subagent's name; unset for the main agent. */
  overrideScope?: string;
  /** Replaces our core prompt (context files are still appended). */
  corePrompt?: string;
  /** Platform, time zone, folder-structure limit and ignore rules of the first message. */
  environment?: Omit<EnvironmentContextOptions, 'workspaceRoot' | 'now'>;
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /** Starts the wall-clock timer; returns a function that stops it. Default `setTimeout`. */
  scheduleTimeout?: (callback: () => void, ms: number) => () => void;
  /** Default: a `ToolScheduler` over `registry` and `confirmer`. */
  createScheduler?: (options: ToolSchedulerOptions) => ToolCallRunner;
  liveOutputIntervalMs?: number;
  /**
   * Which registered tools are declared to the model (default: all). The policy leaves out tools
   * it denies unconditionally, so the model does not spend turns on calls that cannot run; a call
   * to a tool left out still reaches the confirmer and is refused there.
   */
  declarationFilter?: (tool: Tool) => boolean;
  /**
   * Shared with the run's other sessions (a subagent's and its parent's): the token budget is
   * checked against what all of them spent. Default: this session's own.
   */
  spend?: RunSpend;
  /**
   * The session ends when this says the task is complete (a subagent handed in its result with
   * `complete_task`), not when the model answers in text: such an answer is reminded once that
   * it must hand in its result, and ends the session as `no_complete_task` the second time.
   */
  completion?: SessionCompletion;
}

/** When a session that must hand in a result is done. */
export interface SessionCompletion {
  /** True once the result was handed in and accepted. */
  isComplete(): boolean;
  /** What the model is told when it answers without a tool call before it is complete. */
  reminder: string;
}

export interface SessionResult {
  sessionId: string;
  reason: SessionEndReason;
  /** All the model's text of the session, each turn's text separated by a blank line. */
  response: string;
  /** Model requests made. */
  turns: number;
  /** Tool calls executed (including failed and denied ones). */
  toolCalls: number;
  usage: TokenUsage;
  durationMs: number;
  /** A readable explanation when the session did not complete. */
  error?: string;
  /** By what and when, when the session was cancelled by a caller's abort that said so. */
  cancellation?: Cancellation;
  history: Content[];
}

interface Outcome {
  reason: SessionEndReason;
  message?: string;
}

/** Why the caller's or the timer's abort stopped the session. */
type AbortCause = { kind: 'timeout' } | { kind: 'cancelled'; cancellation?: Cancellation };

/** How long running tools may take to stop after the session is cancelled or times out. */
const TOOL_STOP_GRACE_MS = 5000;

const LOOP_NOTE = (detail: string) =>
  `System note: you are repeating yourself (${detail}). Repeating the same actions will not make progress. Stop, reconsider what you have learned so far, and take a different approach. If you are blocked, say what is blocking you in a short summary and finish.`;

export class AgentSession {
  readonly sessionId: string;
  /** The model requests go to: the chosen one, or the fallback once it took over. */
  private model: string;
  private fellBack = false;
  /** The model notices already given (see model-notices.ts): each is said once. */
  private readonly notices = new Set<string>();
  private readonly workspaceRoot: string;
  private readonly logger: Logger;
  private readonly budgets: SessionBudgets;
  private readonly compression: CompressionOptions;
  private readonly contextFileNames: string[];
  private readonly now: () => number;
  private readonly loopDetector: LoopDetector;
  private readonly scheduler: ToolCallRunner;
  private started = false;
  private finished = false;
  private turn = 0;
  private usage: TokenUsage = emptyUsage();
  private readonly texts: string[] = [];
  private chat: Chat | undefined;
  private lastPromptTokens: number | undefined;
  /** The least the next prompt is long: the last one's size, or the compressed history's. */
  private promptFloor = 0;
  private compressionFailed = false;
  private pendingNote: string | undefined;
  private budget: BudgetTracker | undefined;
  private readonly spend: RunSpend;
  /** Consecutive answers without a call while a result is still owed (see `completion`). */
  private answersWithoutResult = 0;

  constructor(private readonly options: AgentSessionOptions) {
    this.sessionId = options.sessionId ?? randomUUID();
    this.model = options.model;
    this.workspaceRoot = path.resolve(options.workspaceRoot);
    this.logger = options.logger ?? silentLogger;
    this.now = options.now ?? Date.now;
    // Configuration problems surface here, before anything runs.
    this.budgets = resolveBudgets(options.budgets);
    this.compression = resolveCompression(options.model, options.compression);
    this.contextFileNames = normalizeContextFileNames(options.contextFileName);
    this.loopDetector = new LoopDetector(options.loopDetection);
    this.spend = options.spend ?? new RunSpend();
    if (this.budgets.maxCostUsd !== Number.POSITIVE_INFINITY && options.modelCalls === undefined) {
      // Without the model layer's reports the cost is never counted: the cap would fail open.
      throw new Error('A session with a cost cap needs the reports of its model requests.');
    }
    const schedulerOptions: ToolSchedulerOptions = {
      registry: options.registry,
      confirmer: options.confirmer,
      logger: this.logger,
      onUpdate: (call) => {
        this.emit({ kind: 'tool_call_update', tool_call: call });
        // The todo list gets its own event so reporters need not know which tool keeps it.
        if (call.status === 'SUCCEEDED' && call.output && 'structured_data' in call.output) {
          this.emit({ kind: 'todo_update', todos: call.output.structured_data.todos });
        }
      },
      now: this.now,
      ...(options.liveOutputIntervalMs === undefined
        ? {}
        : { liveOutputIntervalMs: options.liveOutputIntervalMs }),
    };
    this.scheduler = options.createScheduler
      ? options.createScheduler(schedulerOptions)
      : new ToolScheduler(schedulerOptions);
  }

  /**
   * Emits an event of a subagent's session, nested under this session's call that runs it. Like
   * every event of this session, none is emitted once it has ended.
   */
  emitNested(parentCallId: string, agentName: string, event: AgentEvent): void {
    this.emit({
      kind: 'subagent_event',
      parent_call_id: parentCallId,
      agent_name: agentName,
      event,
    });
  }

  /** Emits a warning into the event stream (e.g. from the model layer's retry hook). */
  reportWarning(code: Extract<AgentEvent, { kind: 'warning' }>['code'], message: string): void {
    this.emit({ kind: 'warning', code, message });
  }

  /** Runs the prompt to the end. Never throws for model, tool or budget problems. */
  async run(prompt: string, options: { signal?: AbortSignal } = {}): Promise<SessionResult> {
    if (this.started) throw new Error('An AgentSession runs once; create a new one per prompt.');
    this.started = true;
    const startedAt = this.now();
    this.budget = new BudgetTracker(this.budgets, startedAt, this.now);
    this.emitState('submitted');
    this.emitState('working');

    const controller = new AbortController();
    let abortCause: AbortCause | undefined;
    const abort = (cause: AbortCause) => {
      abortCause ??= cause;
      // The reason is what running tools report to the model as why they were cancelled.
      controller.abort(
        cause.kind === 'timeout'
          ? `the session's time limit (${formatDuration(this.budgets.timeoutMs)}) was reached`
          : 'the session was cancelled',
      );
    };
    // The caller's reason may say by what and when (`cancellationReason`); the final event
    // carries it.
    const onCallerAbort = () => {
      const cancellation = cancellationOf(options.signal?.reason);
      abort(
        cancellation === undefined ? { kind: 'cancelled' } : { kind: 'cancelled', cancellation },
      );
    };
    if (options.signal?.aborted) onCallerAbort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const schedule = this.options.scheduleTimeout ?? defaultScheduleTimeout;
    const stopTimer = schedule(() => {
      abort({ kind: 'timeout' });
    }, this.budgets.timeoutMs);

    this.noteLifecycle(this.model);
    const unsubscribe = this.options.modelCalls?.subscribe((call) => {
      const cost = this.spend.cost.price(call);
      this.emit({ kind: 'model_call', call: toModelCallData(call, cost) });
      this.noteModelCall(call);
    });
    let outcome: Outcome;
    try {
      outcome = await this.loop(prompt, controller.signal, () => abortCause);
    } catch (error) {
      this.logger.error(`The agent session failed unexpectedly: ${describeError(error)}`);
      outcome = { reason: 'internal_error', message: `Internal error: ${errorMessage(error)}` };
    } finally {
      stopTimer();
      unsubscribe?.();
      options.signal?.removeEventListener('abort', onCallerAbort);
    }

    const completed = outcome.reason === 'completed';
    const cancellation =
      outcome.reason === 'cancelled' && abortCause?.kind === 'cancelled'
        ? abortCause.cancellation
        : undefined;
    this.emitState(completed ? 'completed' : 'failed', {
      final: true,
      reason: outcome.reason,
      ...(outcome.message === undefined ? {} : { message: outcome.message }),
      ...(cancellation === undefined ? {} : { cancellation }),
    });
    this.finished = true;
    return {
      sessionId: this.sessionId,
      reason: outcome.reason,
      response: this.texts.join('\n\n'),
      turns: this.turn,
      toolCalls: this.budget.toolCalls,
      usage: { ...this.usage },
      durationMs: this.now() - startedAt,
      ...(completed || outcome.message === undefined ? {} : { error: outcome.message }),
      ...(cancellation === undefined ? {} : { cancellation }),
      history: this.chat?.getHistory() ?? [],
    };
  }

  private async loop(
    prompt: string,
    signal: AbortSignal,
    abortCause: () => AbortCause | undefined,
  ): Promise<Outcome> {
    const budget = this.requireBudget();
    const stopped = (): Outcome | undefined => {
      if (!signal.aborted) return undefined;
      const cause = abortCause();
      if (cause?.kind === 'timeout') return budget.timeoutStop();
      return {
        reason: 'cancelled',
        message: cause?.cancellation?.message ?? 'The session was cancelled.',
      };
    };

    const chat = await this.startChat(prompt);
    for (;;) {
      const beforeRequest = stopped() ?? budget.beforeRequest() ?? this.costBeforeRequest();
      if (beforeRequest) return beforeRequest;
      await this.maybeCompress(chat, signal);
      // Compression is a request of its own: the cap is checked again before the turn's.
      const afterCompression = stopped() ?? this.costBeforeRequest();
      if (afterCompression) return afterCompression;

      this.turn++;
      budget.turns = this.turn;
      let response: ModelResponse;
      try {
        response = await this.send(chat, signal);
      } catch (error) {
        return (
          stopped() ?? describeModelError(error, this.currentChoice(), this.parameterSources())
        );
      }

      this.reportResponse(response);
      const overBudget =
        budget.afterResponse(this.spend.tokens) ??
        this.spend.cost.afterResponse(this.budgets.maxCostUsd);
      if (overBudget) return overBudget;
      const blocked = blockedMessage(response);
      if (blocked) return { reason: 'model_blocked', message: blocked };
      if (response.finishReason === FinishReason.MAX_TOKENS) {
        this.emit({
          kind: 'warning',
          code: 'max_tokens',
          message: `The model's response was cut off at its output token limit (turn ${this.turn}).`,
        });
      }

      const textLoop = this.loopDetector.recordResponseText(response.text);
      if (response.functionCalls.length === 0) {
        if (textLoop) {
          const loopOutcome = this.onLoop(textLoop);
          if (loopOutcome) return loopOutcome;
          chat.addUserContent(userText(this.takeNote() ?? ''));
          continue;
        }
        const completion = this.options.completion;
        if (completion === undefined) return this.finishWithoutCalls(response);
        if (++this.answersWithoutResult >= 2) return noResultOutcome();
        chat.addUserContent(userText(completion.reminder));
        continue;
      }
      this.answersWithoutResult = 0;

      const requests = response.functionCalls.map((call, index) =>
        this.toRequest(call, index, response.refusedArguments.get(call)),
      );
      const loops = [
        textLoop,
        ...requests.map((r) => this.loopDetector.recordToolCall(r.name, r.args)),
      ];
      for (const detection of loops) {
        const loopOutcome = detection && this.onLoop(detection);
        if (loopOutcome) return loopOutcome;
      }

      let toolOutcome: Outcome | undefined;
      try {
        // Tools get a moment to stop and report cancelled, so their answers reach the history.
        toolOutcome = await untilAborted(this.runTools(chat, requests, signal), signal, {
          graceMs: TOOL_STOP_GRACE_MS,
        });
      } catch (error) {
        const aborted = stopped();
        if (aborted) return aborted;
        throw error;
      }
      const afterTools = toolOutcome ?? stopped();
      if (afterTools) return afterTools;
      if (this.options.completion?.isComplete()) return { reason: 'completed' };
    }
  }

  /** The cost cap, before a request at least as long as the last prompt (run-cost.ts). */
  private costBeforeRequest(): Outcome | undefined {
    return this.spend.cost.beforeRequest(this.budgets.maxCostUsd, {
      model: this.model,
      promptTokens: this.promptFloor,
      now: new Date(this.now()),
    });
  }

  /** One request; when the model is not found or out of quota, once more on the fallback model. */
  private async send(chat: Chat, signal: AbortSignal): Promise<ModelResponse> {
    const request = () =>
      untilAborted(
        chat.send({
          promptId: this.promptId(),
          signal,
          declarations: this.options.registry.declarations(this.options.declarationFilter),
        }),
        signal,
        { graceMs: 0 },
      );
    try {
      return await request();
    } catch (error) {
      const fallback = this.options.fallbackModel;
      const eligible =
        error instanceof ModelRequestError && (error.isModelNotFound || error.isQuotaExhausted);
      if (signal.aborted || !eligible || fallback === undefined || this.fellBack) throw error;
      this.emit({
        kind: 'warning',
        code: 'model_fallback',
        message: fallbackNotice(this.currentChoice() ?? { name: this.model }, fallback, error),
      });
      this.fellBack = true;
      this.model = fallback.name;
      this.noteLifecycle(fallback.name);
      chat.switchModel(fallback.name, this.generationConfig(fallback.name));
      this.emitState('working');
      return request();
    }
  }

  /** Says once that `model` is deprecated or shuts down soon, when the model table says so. */
  private noteLifecycle(model: string): void {
    this.sayOnce('model_lifecycle', lifecycleNotice(model, new Date(this.now())));
  }

  /**
   * Says once which model answered when it is another than the one asked for, and what the API
   * reports of a model on its way out (unless the table said so already).
   */
  private noteModelCall(call: ModelCall): void {
    const today = new Date(this.now());
    this.sayOnce('model_routed', routedNotice(call.model, call.responseModel));
    if (lifecycleNotice(call.model, today) !== undefined) return;
    this.sayOnce('model_lifecycle', apiLifecycleNotice(call.model, call.modelStatus, today));
  }

  /** A model notice as a warning, unless the session gave it already. */
  private sayOnce(code: 'model_lifecycle' | 'model_routed', notice: string | undefined): void {
    if (notice === undefined || this.notices.has(notice)) return;
    this.notices.add(notice);
    this.emit({ kind: 'warning', code, message: notice });
  }

  /** Where the model requests go to now was chosen, when the caller said. */
  private currentChoice(): ModelChoice | undefined {
    return this.fellBack ? this.options.fallbackModel : this.options.modelChoice;
  }

  /**
   * The settings for `model`: the table's, the caller's over them, the user's `modelConfigs` over
   * both — resolved from what was asked for (an alias), as when the model was chosen.
   */
  private generationConfig(model: string): GenerateContentConfig {
    return resolveModelConfig(this.options.modelConfigs, this.modelRequest(model))
      .generateContentConfig;
  }

  /** What a request to `model` asks for: the alias it was chosen by, the scope, our settings. */
  private modelRequest(model: string): ModelRequest {
    const choice = this.currentChoice();
    const { overrideScope, generationConfig } = this.options;
    return {
      requested: choice?.name === model ? (choice.alias ?? model) : model,
      ...(overrideScope === undefined ? {} : { scope: overrideScope }),
      ...(generationConfig === undefined ? {} : { own: generationConfig }),
    };
  }

  /** Where each of the current model's generation settings came from, in the order merged. */
  private parameterSources(): ParameterSource[] {
    const configs = this.options.modelConfigs;
    const { generationConfig } = this.options;
    // The user's modelConfigs over ours: a parameter they set is fixed where they set it.
    const request = { ...this.modelRequest(this.model), own: {} };
    return [
      ...modelTableSources(this.model),
      { config: generationConfig, setBy: 'the generation settings of this run' },
      ...(configs === undefined
        ? []
        : [
            {
              config: resolveUserConfig(configs, request).generateContentConfig,
              setBy: `modelConfigs in ${configs.source}`,
              user: true,
            },
          ]),
    ];
  }

  /** Builds the system instruction and the seeded (or continued) history, then adds the prompt. */
  private async startChat(prompt: string): Promise<Chat> {
    // The context files and the environment (a walk of the top folders) are read side by side:
    // both are on the way to the first request.
    const instruction = loadSystemInstruction({
      workspaceRoot: this.workspaceRoot,
      contextFileNames: this.contextFileNames,
      ...(this.options.contextDirectory === undefined
        ? {}
        : { contextDirectory: this.options.contextDirectory }),
      ...(this.options.projectContext === false ? { projectContext: false } : {}),
      ...(this.options.extensionContextFiles === undefined
        ? {}
        : { extensionContextFiles: this.options.extensionContextFiles }),
      ...(this.options.userMemoryPath === undefined
        ? {}
        : { userMemoryPath: this.options.userMemoryPath }),
      toolNames: this.options.registry.names(),
      ...(this.options.corePrompt === undefined ? {} : { corePrompt: this.options.corePrompt }),
      logger: this.logger,
    });
    const earlier = this.options.history;
    const environment =
      earlier === undefined
        ? buildEnvironmentContext({
            ...this.options.environment,
            workspaceRoot: this.workspaceRoot,
            now: this.now,
          })
        : undefined;
    const [systemInstruction, environmentText] = await Promise.all([instruction, environment]);
    const seeded =
      environmentText === undefined ? [...(earlier ?? [])] : initialHistory(environmentText);
    const chat = new Chat({
      generator: this.options.contentGenerator,
      model: this.model,
      systemInstruction,
      generationConfig: this.generationConfig(this.model),
      streaming: this.options.streaming ?? true,
      history: [...seeded, userText(prompt)],
    });
    this.chat = chat;
    return chat;
  }

  /** Emits what the response showed: thoughts, text and token usage. */
  private reportResponse(response: ModelResponse): void {
    for (const message of response.droppedParts) {
      this.emit({ kind: 'warning', code: 'invalid_response', message });
    }
    for (const item of response.items) {
      if (item.kind === 'thought') this.emit({ kind: 'thought', thought: item.thought });
      else this.emit({ kind: 'text_content', text: item.text });
    }
    const text = response.text.trim();
    if (text !== '') this.texts.push(text);
    this.recordUsage(response.usage);
  }

  private recordUsage(metadata: GenerateContentResponseUsageMetadata | undefined): void {
    const usage = toTokenUsage(metadata);
    this.usage = addUsage(this.usage, usage);
    this.spend.tokens += usage.total_tokens;
    if (metadata?.promptTokenCount !== undefined) {
      this.lastPromptTokens = metadata.promptTokenCount;
      this.promptFloor = metadata.promptTokenCount;
    }
    this.emit({ kind: 'token_usage', usage, total: { ...this.usage } });
  }

  private finishWithoutCalls(response: ModelResponse): Outcome {
    const { error, warnings } = judgeFinalAnswer(response);
    if (error !== undefined) return { reason: 'model_error', message: error };
    for (const warning of warnings) this.emit({ kind: 'warning', ...warning });
    return { reason: 'completed' };
  }

  /** Runs the calls within budget, answers every call, and says whether the session must end. */
  private async runTools(
    chat: Chat,
    requests: ToolCallRequest[],
    signal: AbortSignal,
  ): Promise<Outcome | undefined> {
    const budget = this.requireBudget();
    const allowed = budget.toolCallsAllowed(requests.length);
    const toRun = requests.slice(0, allowed);
    const overBudget = requests.slice(allowed);
    budget.toolCalls += toRun.length;
    const completed = toRun.length > 0 ? await this.scheduler.run(toRun, signal) : [];
    const cancelled = overBudget.map((request) => this.cancelForBudget(request));

    let answer = toFunctionResponseContent([...completed, ...cancelled]);
    const note = this.takeNote();
    if (note !== undefined) answer = withAppendedText(answer, note);
    chat.addUserContent(answer);

    const fatal = completed.find(
      (call) => call.fatal === true || call.result.error?.type === 'no_space_left',
    );
    if (fatal) {
      return {
        reason: 'fatal_tool_error',
        message: `Stopped: ${fatal.request.name} failed because the disk is full (${fatal.result.error?.message ?? 'no space left'}).`,
      };
    }
    if (overBudget.length > 0 && !signal.aborted) return budget.toolCallStop();
    return undefined;
  }

  private cancelForBudget(request: ToolCallRequest): CompletedToolCall {
    const cancelled = cancelledForBudget(
      request,
      this.options.registry.get(request.name),
      this.budgets.maxToolCalls,
    );
    this.emit({ kind: 'tool_call_update', tool_call: cancelled.update });
    return cancelled.completed;
  }

  /** First detection: warn and queue a note for the model. Second: end the session. */
  private onLoop(detection: LoopDetection): Outcome | undefined {
    if (detection.count >= 2) {
      return {
        reason: 'loop_detected',
        message: `Stopped: the model kept repeating itself after a warning (${detection.detail}).`,
      };
    }
    this.emit({
      kind: 'warning',
      code: 'loop_detected',
      message: `Possible loop: ${detection.detail}. The model was told to change its approach.`,
    });
    this.pendingNote = LOOP_NOTE(detection.detail);
    return undefined;
  }

  private takeNote(): string | undefined {
    const note = this.pendingNote;
    this.pendingNote = undefined;
    return note;
  }

  private async maybeCompress(chat: Chat, signal: AbortSignal): Promise<void> {
    const promptTokens = this.lastPromptTokens;
    if (this.compressionFailed || promptTokens === undefined) return;
    if (!needsCompression(promptTokens, this.compression)) return;
    try {
      const result = await compressHistory({
        history: chat.contents(),
        generator: this.options.contentGenerator,
        model: this.model,
        // The summary belongs to the request it prepares.
        promptId: this.promptId(this.turn + 1),
        signal,
        preserveFraction: this.compression.preserveFraction,
        tokensBefore: promptTokens,
      });
      chat.setHistory(result.history);
      this.lastPromptTokens = undefined;
      this.emit({
        kind: 'chat_compressed',
        tokens_before: result.tokensBefore,
        tokens_after_estimate: result.tokensAfterEstimate,
      });
      this.recordUsage(result.usage);
      this.promptFloor = result.tokensAfterEstimate;
    } catch (error) {
      if (signal.aborted) return;
      // Without compression the next request may still fit; trying again every turn would only
      // spend tokens on the same failure.
      this.compressionFailed = true;
      this.logger.warning(`Chat compression failed; continuing without it: ${errorMessage(error)}`);
    }
  }

  private toRequest(
    call: FunctionCall,
    index: number,
    refusedArguments: string | undefined,
  ): ToolCallRequest {
    const name = call.name ?? 'undefined_tool_name';
    return {
      callId: call.id ?? `${name}-${this.turn}-${index}`,
      name,
      args: call.args ?? {},
      ...(refusedArguments === undefined ? {} : { refusedArguments }),
    };
  }

  private promptId(turn: number = this.turn): string {
    return promptIdFor(this.sessionId, turn);
  }

  private requireBudget(): BudgetTracker {
    if (!this.budget) throw new Error('The session has not started.');
    return this.budget;
  }

  private emitState(
    state: TaskState,
    extra: {
      final?: boolean;
      reason?: SessionEndReason;
      message?: string;
      cancellation?: Cancellation;
    } = {},
  ): void {
    this.emit({ kind: 'state_change', state, final: false, model: this.model, ...extra });
  }

  private emit(event: DistributiveOmit<AgentEvent, 'session_id' | 'timestamp' | 'turn'>): void {
    const listener = this.options.onEvent;
    // The final state change is the last event: a straggler (a tool that ignored cancellation)
    // must not report after it.
    if (!listener || this.finished) return;
    const full = {
      session_id: this.sessionId,
      timestamp: new Date(this.now()).toISOString(),
      turn: this.turn,
      ...event,
    };
    try {
      listener(full);
    } catch (error) {
      // A broken reporter must not end the agent's work.
      this.logger.warning(`An event listener failed: ${errorMessage(error)}`);
    }
  }
}

function toModelCallData(call: ModelCall, cost: RequestCost | undefined): ModelCallData {
  return {
    model: call.model,
    prompt_id: call.promptId,
    started_at: new Date(call.startedAt).toISOString(),
    duration_ms: call.durationMs,
    ...(call.responseModel === undefined ? {} : { response_model: call.responseModel }),
    finish_reasons: call.finishReasons,
    ...(call.usage === undefined ? {} : { usage: toTokenUsage(call.usage) }),
    ...(cost === undefined ? {} : { cost }),
    ...(call.error === undefined
      ? {}
      : {
          error: {
            message: call.error.message,
            type: call.error.kind,
            ...(call.error.status === undefined ? {} : { http_status: call.error.status }),
          },
        }),
  };
}

function noResultOutcome(): Outcome {
  return {
    reason: 'no_complete_task',
    message:
      'The agent stopped calling tools without handing in its result with complete_task, after a reminder.',
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function describeError(error: unknown): string {
  return error instanceof Error && error.stack ? error.stack : errorMessage(error);
}
