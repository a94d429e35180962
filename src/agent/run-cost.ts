/**
 * What a run's model requests cost, in one account for every session of the run (the main agent,
 * its subagents, a review's fan-out, the tools that call the model, each batch of a triage), and
 * the cost cap checked against it. The cap is checked between turns only — before a request,
 * with the least the request can cost, and after each response — never while a tool runs, so a
 * stop never cuts a write in half.
 */
import type { ModelCall } from '../model/model-calls.js';
import type { CostTally, RequestCost } from '../model/model-cost.js';
import {
  addRequestCost,
  costTotal,
  formatUsd,
  nextRequestFloor,
  requestCost,
} from '../model/model-cost.js';
import type { ModelTable } from '../model/model-table.js';
import { MODEL_TABLE } from '../model/model-table.js';

/** Why a cost cap stopped the session, in words with the estimate and the cap. */
export interface CostStop {
  reason: 'cost_budget';
  message: string;
}

export class RunCost {
  /** The run's requests so far, by the model each is priced by. */
  tally: CostTally = {};
  private readonly counted = new WeakSet<ModelCall>();

  constructor(readonly table: ModelTable = MODEL_TABLE) {}

  /**
   * The cost of a request the model layer reported, counted once however many sessions of the
   * run saw it (a subagent's requests reach its parent's subscription too). A request without
   * usage (it failed before the reply) costs nothing and has no cost.
   */
  price(call: ModelCall): RequestCost | undefined {
    if (call.usage === undefined) return undefined;
    const cost = requestCost(
      {
        model: call.model,
        ...(call.responseModel === undefined ? {} : { responseModel: call.responseModel }),
        usage: call.usage,
        at: new Date(call.startedAt),
      },
      this.table,
    );
    if (!this.counted.has(call)) {
      this.counted.add(call);
      this.tally = addRequestCost(this.tally, cost);
    }
    return cost;
  }

  /**
   * Before a request to `model` whose prompt is at least `promptTokens` long: would it pass the
   * cap? Also when the cost so far cannot be estimated any more.
   */
  beforeRequest(
    maxUsd: number,
    next: { model: string; promptTokens: number; now: Date },
  ): CostStop | undefined {
    if (maxUsd === Number.POSITIVE_INFINITY) return undefined;
    const total = costTotal(this.tally);
    if (total.usd === null) return this.unknownStop(maxUsd);
    const floor = nextRequestFloor(next.model, next.promptTokens, next.now, this.table);
    if (floor.usd === null) {
      return {
        reason: 'cost_budget',
        message: `Stopped before the next model request: its cost cannot be estimated (${floor.unknown}), so the cost cap of ${formatUsd(maxUsd)} (max cost) cannot be kept. Estimated so far: ${formatUsd(total.usd)} (list prices).`,
      };
    }
    if (total.usd + floor.usd <= maxUsd) return undefined;
    return {
      reason: 'cost_budget',
      message: `Stopped before the next model request: the run has cost an estimated ${formatUsd(total.usd)} (list prices), and the next request would cost at least ${formatUsd(floor.usd)}, which would pass the cost cap of ${formatUsd(maxUsd)} (max cost).`,
    };
  }

  /** After a response: has the run passed the cap, or become impossible to estimate? */
  afterResponse(maxUsd: number): CostStop | undefined {
    if (maxUsd === Number.POSITIVE_INFINITY) return undefined;
    const total = costTotal(this.tally);
    if (total.usd === null) return this.unknownStop(maxUsd);
    if (total.usd <= maxUsd) return undefined;
    return {
      reason: 'cost_budget',
      message: `Stopped after an estimated ${formatUsd(total.usd)} (list prices), past the cost cap of ${formatUsd(maxUsd)} (max cost).`,
    };
  }

  private unknownStop(maxUsd: number): CostStop {
    const total = costTotal(this.tally);
    const why = total.unknown.map((entry) => entry.reason).join('; ');
    return {
      reason: 'cost_budget',
      message: `Stopped: the run's cost can no longer be estimated (${why}), so the cost cap of ${formatUsd(maxUsd)} (max cost) cannot be kept. Estimated before that: ${formatUsd(total.knownUsd)} (list prices).`,
    };
  }
}
