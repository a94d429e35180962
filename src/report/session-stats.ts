/**
 * Session statistics gathered from the event stream, in the shape the Gemini CLI prints in its
 * `--output-format json` `stats` (so scripts written for it keep working), plus the flat
 * `stream-json` result stats.
 */
import type { AgentEvent, SessionEndReason, TokenUsage } from '../agent/events.js';
import { emptyUsage } from '../agent/events.js';
import { addUsage } from '../agent/budgets.js';
import type { CostTally } from '../model/model-cost.js';
import { addRequestCost, costTotal } from '../model/model-cost.js';

/** USD to the millionth: what a list price can say, without float noise. */
function roundUsd(usd: number): number {
  return Number(usd.toFixed(6));
}

interface Decisions {
  accept: number;
  reject: number;
  modify: number;
  auto_accept: number;
}

interface ToolCallStats {
  count: number;
  success: number;
  fail: number;
  durationMs: number;
  decisions: Decisions;
}

export interface SessionMetrics {
  models: Record<
    string,
    {
      api: { totalRequests: number; totalErrors: number; totalLatencyMs: number };
      tokens: {
        input: number;
        prompt: number;
        candidates: number;
        total: number;
        cached: number;
        thoughts: number;
        tool: number;
      };
    }
  >;
  tools: {
    totalCalls: number;
    totalSuccess: number;
    totalFail: number;
    totalDurationMs: number;
    totalDecisions: Decisions;
    byName: Record<string, ToolCallStats>;
  };
  files: { totalLinesAdded: number; totalLinesRemoved: number };
  /** Ours, beside the Gemini CLI's fields: what the run cost (see {@link CostStats}). */
  cost: CostStats;
}

/**
 * The run's cost, estimated from the model table's list prices. `usd` is `null` when any
 * request's price is unknown (never 0): `known_usd` is then the part that could be priced, and
 * `unknown` says which models and why. `models` is keyed by the model each request is priced by
 * (the one that answered, when the table knows it).
 */
export interface CostStats {
  estimate: 'list prices';
  usd: number | null;
  known_usd: number;
  /** Cached input was counted at the input price (no cached price listed): an upper bound. */
  upper_bound: boolean;
  unknown: { model: string; reason: string }[];
  models: Record<string, { requests: number; usd: number | null; known_usd: number }>;
}

/** The `stats` of the stream-json `result` event. */
export interface StreamStats {
  total_tokens: number;
  input_tokens: number;
  output_tokens: number;
  cached: number;
  input: number;
  duration_ms: number;
  tool_calls: number;
  /** Ours: the run's estimated cost in USD from list prices; `null` when unknown. */
  cost_usd: number | null;
  cached_input_tokens: number;
  thought_tokens: number;
}

const noDecisions = (): Decisions => ({ accept: 0, reject: 0, modify: 0, auto_accept: 0 });

/** Ends that count as a failed model request in the statistics. */
const MODEL_FAILURES: ReadonlySet<SessionEndReason> = new Set([
  'model_error',
  'model_not_found',
  'auth_error',
]);

/** One session's share: the main agent's, or a subagent's. */
interface SessionShare {
  model: string;
  requests: number;
  errors: number;
  total: TokenUsage;
}

/**
 * Consumes AgentEvents; read `metrics()` / `streamStats()` at any time. A subagent's events count
 * too (its requests, tokens and tool calls are the run's), each session's tokens once.
 */
export class SessionStatsCollector {
  private readonly sessions = new Map<string, SessionShare>();
  private readonly tools: SessionMetrics['tools'] = {
    totalCalls: 0,
    totalSuccess: 0,
    totalFail: 0,
    totalDurationMs: 0,
    totalDecisions: noDecisions(),
    byName: {},
  };
  private readonly files = { totalLinesAdded: 0, totalLinesRemoved: 0 };
  private costs: CostTally = {};
  private startedAt: number | undefined;
  private endedAt: number | undefined;

  readonly listener = (event: AgentEvent): void => {
    const time = Date.parse(event.timestamp);
    this.startedAt ??= time;
    // The run ends with the main session's final state; a subagent's is nested.
    if (event.kind === 'state_change' && event.final) this.endedAt = time;
    this.record(event);
  };

  private record(event: AgentEvent, nested?: string): void {
    switch (event.kind) {
      case 'state_change': {
        const share = this.share(event.session_id);
        share.model = event.model;
        if (event.final && event.reason !== undefined && MODEL_FAILURES.has(event.reason)) {
          share.errors++;
        }
        break;
      }
      case 'token_usage': {
        const share = this.share(event.session_id);
        share.requests++;
        share.total = event.total;
        break;
      }
      case 'tool_call_update':
        this.recordToolCall(event.tool_call);
        break;
      case 'model_call':
        // The top-level report only: a subagent's requests reach its parent's stream as well.
        if (nested === undefined && event.call.cost !== undefined) {
          this.costs = addRequestCost(this.costs, event.call.cost);
        }
        break;
      case 'subagent_event':
        this.record(event.event, event.agent_name);
        break;
      default:
        break;
    }
  }

  private share(sessionId: string): SessionShare {
    let share = this.sessions.get(sessionId);
    if (share === undefined) {
      share = { model: 'unknown', requests: 0, errors: 0, total: emptyUsage() };
      this.sessions.set(sessionId, share);
    }
    return share;
  }

  private recordToolCall(call: Extract<AgentEvent, { kind: 'tool_call_update' }>['tool_call']) {
    const finished = call.status === 'SUCCEEDED' || call.status === 'FAILED';
    if (!finished && call.status !== 'CANCELLED') return;
    const byName = (this.tools.byName[call.tool_name] ??= {
      count: 0,
      success: 0,
      fail: 0,
      durationMs: 0,
      decisions: noDecisions(),
    });
    const duration = call.duration_ms ?? 0;
    this.tools.totalCalls++;
    byName.count++;
    this.tools.totalDurationMs += duration;
    byName.durationMs += duration;
    if (call.status === 'SUCCEEDED') {
      this.tools.totalSuccess++;
      byName.success++;
    } else {
      this.tools.totalFail++;
      byName.fail++;
    }
    const decision = call.confirmation_outcome?.decision;
    if (decision) {
      const key = decision === 'allow' ? 'auto_accept' : 'reject';
      this.tools.totalDecisions[key]++;
      byName.decisions[key]++;
    }
    if (call.output && 'diff' in call.output) {
      const stat = call.output.diff.diffStat;
      this.files.totalLinesAdded += stat?.model_added_lines ?? 0;
      this.files.totalLinesRemoved += stat?.model_removed_lines ?? 0;
    }
  }

  get toolCalls(): number {
    return this.tools.totalCalls;
  }

  /** The tokens of every session of the run. */
  get usage(): TokenUsage {
    let total = emptyUsage();
    for (const share of this.sessions.values()) total = addUsage(total, share.total);
    return total;
  }

  metrics(): SessionMetrics {
    const models: SessionMetrics['models'] = {};
    for (const share of this.sessions.values()) {
      if (share.requests + share.errors === 0) continue;
      const t = share.total;
      const entry = (models[share.model] ??= {
        api: { totalRequests: 0, totalErrors: 0, totalLatencyMs: 0 },
        tokens: { input: 0, prompt: 0, candidates: 0, total: 0, cached: 0, thoughts: 0, tool: 0 },
      });
      entry.api.totalRequests += share.requests + share.errors;
      entry.api.totalErrors += share.errors;
      entry.tokens.input += Math.max(0, t.input_tokens - t.cached_tokens);
      entry.tokens.prompt += t.input_tokens;
      entry.tokens.candidates += t.output_tokens;
      entry.tokens.total += t.total_tokens;
      entry.tokens.cached += t.cached_tokens;
      entry.tokens.thoughts += t.thoughts_tokens;
      entry.tokens.tool += t.tool_use_prompt_tokens;
    }
    return {
      models,
      tools: structuredClone(this.tools),
      files: { ...this.files },
      cost: this.costStats(),
    };
  }

  /** The run's cost so far (see {@link CostStats}). */
  costStats(): CostStats {
    const total = costTotal(this.costs);
    const models: CostStats['models'] = {};
    for (const [model, share] of Object.entries(this.costs)) {
      models[model] = {
        requests: share.requests,
        usd: share.unknownRequests > 0 ? null : roundUsd(share.knownUsd),
        known_usd: roundUsd(share.knownUsd),
      };
    }
    return {
      estimate: 'list prices',
      usd: total.usd === null ? null : roundUsd(total.usd),
      known_usd: roundUsd(total.knownUsd),
      upper_bound: total.cachedAtInputRate,
      unknown: total.unknown,
      models,
    };
  }

  streamStats(): StreamStats {
    const t = this.usage;
    return {
      total_tokens: t.total_tokens,
      input_tokens: t.input_tokens,
      output_tokens: t.output_tokens,
      cached: t.cached_tokens,
      input: Math.max(0, t.input_tokens - t.cached_tokens),
      duration_ms:
        this.startedAt === undefined ? 0 : (this.endedAt ?? this.startedAt) - this.startedAt,
      tool_calls: this.tools.totalCalls,
      cost_usd: this.costStats().usd,
      cached_input_tokens: t.cached_tokens,
      thought_tokens: t.thoughts_tokens,
    };
  }
}
