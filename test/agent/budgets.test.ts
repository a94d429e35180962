import { FinishReason } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { BudgetTracker, DEFAULT_BUDGETS, resolveBudgets } from '../../src/agent/budgets.js';
import { blockedMessage } from '../../src/agent/chat.js';
import type { ModelResponse } from '../../src/agent/chat.js';
import { formatDuration } from '../../src/platform/text.js';

describe('budgets', () => {
  it('defaults to 100 turns, 1000 tool calls, 30 minutes and no token limit', () => {
    expect(resolveBudgets()).toEqual({
      maxTurns: 100,
      maxToolCalls: 1000,
      timeoutMs: 1_800_000,
      tokenBudget: Number.POSITIVE_INFINITY,
      maxCostUsd: Number.POSITIVE_INFINITY,
    });
    expect(resolveBudgets({ maxTurns: 3, tokenBudget: undefined })).toEqual({
      ...DEFAULT_BUDGETS,
      maxTurns: 3,
    });
  });

  it('counts tool calls left and turns used', () => {
    let time = 0;
    const tracker = new BudgetTracker(
      resolveBudgets({ maxTurns: 1, maxToolCalls: 5 }),
      0,
      () => time,
    );
    expect(tracker.beforeRequest()).toBeUndefined();
    tracker.turns = 1;
    expect(tracker.beforeRequest()).toEqual({
      reason: 'max_turns',
      message: 'Stopped after 1 turn (max turns).',
    });
    tracker.toolCalls = 4;
    expect(tracker.toolCallsAllowed(3)).toBe(1);
    tracker.toolCalls = 5;
    expect(tracker.toolCallsAllowed(3)).toBe(0);
    time = 1_800_000;
    expect(tracker.beforeRequest()?.reason).toBe('timeout');
  });

  it('formats durations for messages', () => {
    expect(formatDuration(500)).toBe('500ms');
    expect(formatDuration(1500)).toBe('1.5s');
    expect(formatDuration(90_000)).toBe('1m 30s');
    expect(formatDuration(1_800_000)).toBe('30m');
    expect(formatDuration(3_660_000)).toBe('1h 1m');
  });
});

describe('blockedMessage', () => {
  const response = (overrides: Partial<ModelResponse>): ModelResponse => ({
    items: [],
    content: undefined,
    functionCalls: [],
    text: '',
    finishReason: undefined,
    finishMessage: undefined,
    blockReason: undefined,
    blockReasonMessage: undefined,
    usage: undefined,
    refusedArguments: new Map(),
    droppedParts: [],
    ...overrides,
  });

  it('explains each filter and ignores ordinary stops', () => {
    expect(
      blockedMessage(response({ finishReason: FinishReason.SPII, finishMessage: 'Details.' })),
    ).toBe(
      "The model's response was blocked for sensitive personal information (finish reason SPII). Details.",
    );
    expect(blockedMessage(response({ finishReason: FinishReason.BLOCKLIST }))).toContain(
      'forbidden terms',
    );
    expect(blockedMessage(response({ finishReason: FinishReason.STOP }))).toBeUndefined();
    expect(blockedMessage(response({ finishReason: FinishReason.MAX_TOKENS }))).toBeUndefined();
  });
});
