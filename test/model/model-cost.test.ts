// What a request costs from the model table's list prices, and a run's total: the tier by prompt
// size, cached input, thinking billed as output, the model that answered, and unknown prices that
// stay unknown (never 0).
import { describe, expect, it } from 'vitest';
import {
  addRequestCost,
  costTotal,
  describeCost,
  requestCost,
  requirePricedModels,
} from '../../src/model/model-cost.js';
import type { CostTally } from '../../src/model/model-cost.js';
import { MODEL_TABLE, parseModelTable } from '../../src/model/model-table.js';
import { ConfigurationError } from '../../src/platform/errors.js';

/** A table of its own: a tiered model, one with a cached price, one with an end date, one unpriced. */
const table = parseModelTable({
  ...MODEL_TABLE,
  default: 'gemini-3.8-flash',
  defaultFallback: 'gemini-3.8-flash',
  aliases: {},
  models: [
    { name: 'gemini-3.8-flash', family: 'gemini-3', stage: 'stable', released: '2026-09-02' },
    {
      name: 'gemini-3.1-pro-preview',
      family: 'gemini-3',
      stage: 'preview',
      released: '2026-02-19',
      price: {
        source: 'pricing',
        tiers: [
          { promptTokensUpTo: 200_000, input: 2, cachedInput: 0.2, output: 12 },
          { promptTokensUpTo: 1_000_000, input: 4, cachedInput: 0.4, output: 18 },
        ],
      },
    },
    {
      name: 'gemini-4-argon',
      family: 'gemini-4',
      stage: 'stable',
      released: '2026-10-13',
      price: { source: 'pricing', until: '2026-12-31', tiers: [{ input: 4, output: 20 }] },
    },
    {
      name: 'gemini-3.7-flash',
      family: 'gemini-3',
      stage: 'deprecated',
      released: '2026-08-13',
      routed: true,
      replacement: 'gemini-3.8-flash',
    },
    {
      name: 'gemini-3.5-flash',
      family: 'gemini-3',
      stage: 'deprecated',
      released: '2026-05-19',
      routed: true,
      replacement: 'gemini-4-argon',
    },
  ],
});
const day = new Date('2026-12-06T12:00:00Z');

describe('the cost of one request', () => {
  it('bills the uncached prompt and tool-use tokens at input, cached at cached input, answer and thinking at output', () => {
    const cost = requestCost(
      {
        model: 'gemini-3.1-pro-preview',
        usage: {
          promptTokenCount: 100_000,
          cachedContentTokenCount: 40_000,
          toolUsePromptTokenCount: 1_000,
          candidatesTokenCount: 2_000,
          thoughtsTokenCount: 3_000,
        },
        at: day,
      },
      table,
    );
    // 61,000 × $2 + 40,000 × $0.20 + 5,000 × $12, per million.
    expect(cost).toEqual({ model: 'gemini-3.1-pro-preview', usd: 0.122 + 0.008 + 0.06 });
  });

  it('takes the tier that holds the prompt, and has no price for a prompt past every tier', () => {
    const at = (prompt: number) =>
      requestCost(
        {
          model: 'models/gemini-3.1-pro-preview',
          usage: { promptTokenCount: prompt, candidatesTokenCount: 0 },
          at: day,
        },
        table,
      );
    expect(at(200_000).usd).toBeCloseTo(0.4);
    expect(at(200_001).usd).toBeCloseTo(0.800004);
    expect(at(1_000_001)).toEqual({
      model: 'gemini-3.1-pro-preview',
      usd: null,
      unknown:
        'gemini-3.1-pro-preview has no list price for a prompt of 1000001 tokens (its prices go up to 1000000)',
    });
  });

  it('counts cached tokens at the input price where none is listed, and says it is an upper bound', () => {
    const cost = requestCost(
      {
        model: 'gemini-4-argon',
        usage: {
          promptTokenCount: 10_000,
          cachedContentTokenCount: 2_000,
          candidatesTokenCount: 1_000,
        },
        at: day,
      },
      table,
    );
    expect(cost).toEqual({ model: 'gemini-4-argon', usd: 0.04 + 0.02, cachedAtInputRate: true });
    expect(describeCost(costTotal(addRequestCost({}, cost)))).toBe(
      '$0.060 (estimate from list prices, cached input counted at the input price)',
    );
  });

  it('prices by the model that answered when the table knows it, else by the one asked for', () => {
    const usage = { promptTokenCount: 1_000_000, candidatesTokenCount: 0 };
    expect(
      requestCost(
        { model: 'gemini-3.5-flash', responseModel: 'gemini-4-argon', usage, at: day },
        table,
      ),
    ).toEqual({ model: 'gemini-4-argon', usd: 4 });
    expect(
      requestCost(
        { model: 'gemini-4-argon', responseModel: 'gemini-4-argon-002', usage, at: day },
        table,
      ),
    ).toEqual({ model: 'gemini-4-argon', usd: 4 });
  });

  it('is unknown, never 0, for a model without a price, one not in the table, and after its until date', () => {
    const usage = { promptTokenCount: 10, candidatesTokenCount: 10 };
    expect(requestCost({ model: 'gemini-3.8-flash', usage, at: day }, table)).toEqual({
      model: 'gemini-3.8-flash',
      usd: null,
      unknown: 'gemini-3.8-flash has no list price in the model table',
    });
    expect(requestCost({ model: 'gemini-9-x', usage, at: day }, table).usd).toBeNull();
    expect(
      requestCost({ model: 'gemini-4-argon', usage, at: new Date('2027-01-01T00:00:00Z') }, table),
    ).toEqual({
      model: 'gemini-4-argon',
      usd: null,
      unknown: "gemini-4-argon's list price in the model table held until 2026-12-31",
    });
  });
});

describe("a run's total", () => {
  it('sums per model, and is unknown when any request is, with the part known and the models unknown', () => {
    let tally: CostTally = {};
    tally = addRequestCost(tally, { model: 'gemini-4-argon', usd: 0.25 });
    tally = addRequestCost(tally, { model: 'gemini-4-argon', usd: 0.5 });
    expect(costTotal(tally)).toEqual({
      usd: 0.75,
      knownUsd: 0.75,
      unknown: [],
      cachedAtInputRate: false,
    });
    tally = addRequestCost(tally, {
      model: 'gemini-3.8-flash',
      usd: null,
      unknown: 'gemini-3.8-flash has no list price in the model table',
    });
    const total = costTotal(tally);
    expect(total.usd).toBeNull();
    expect(total.knownUsd).toBe(0.75);
    expect(describeCost(total)).toBe(
      'unknown (gemini-3.8-flash has no list price in the model table; $0.750 known)',
    );
    expect(tally['gemini-4-argon']?.requests).toBe(2);
  });
});

describe('a cost cap over models of unknown price', () => {
  it('is refused, naming the models, the input and the models that have a price', () => {
    const refuse = () => {
      requirePricedModels(
        ['gemini-4-argon', 'gemini-3.8-flash', 'gemini-3.7-flash'],
        { setBy: 'max_cost_usd' },
        day,
        table,
      );
    };
    expect(refuse).toThrow(ConfigurationError);
    expect(refuse).toThrow(
      'max_cost_usd is set, but gemini-3.8-flash, gemini-3.7-flash (answered by gemini-3.8-flash) have no list price in the model table (src/model/model-table.json), so their cost cannot be capped; choose a model with a price (gemini-3.1-pro-preview, gemini-4-argon) or remove max_cost_usd.',
    );
  });

  it('accepts priced models, a routed one priced by the model that answers it', () => {
    expect(() => {
      requirePricedModels(
        ['gemini-4-argon', 'gemini-3.5-flash'],
        { setBy: '--max-cost' },
        day,
        table,
      );
    }).not.toThrow();
  });
});
