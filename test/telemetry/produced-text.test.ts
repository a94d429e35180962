// The filter telemetry's events pass through with logPrompts off, fed what no fake model sends
// easily: text where a code or a name belongs, nested subagent events, fields it does not know.
import { describe, expect, it } from 'vitest';
import type { AgentEvent, ToolCallData } from '../../src/agent/events.js';
import { ProducedTextFilter, UNKNOWN_TOOL } from '../../src/telemetry/otel/produced-text.js';

const CANARY = 'cnry-produced-5e1f';
const base = { session_id: 's1', timestamp: '2026-01-01T00:00:00.000Z', turn: 1 };

function toolCall(overrides: Partial<ToolCallData>): AgentEvent {
  return {
    ...base,
    kind: 'tool_call_update',
    tool_call: {
      tool_call_id: `id ${CANARY}`,
      status: 'FAILED',
      phase: 'errored',
      tool_name: 'read_file',
      kind: 'read',
      description: `Read ${CANARY}`,
      input_parameters: { path: CANARY },
      live_content: CANARY,
      output: { text: CANARY },
      error: { message: `File not found: ${CANARY}`, type: 'file_not_found' },
      confirmation_request: { options: [], details: { generic_details: { description: CANARY } } },
      confirmation_outcome: {
        decision: 'deny',
        reason: `refused ${CANARY}`,
        decided_by: 'p.toml:1:1',
      },
      duration_ms: 3,
      ...overrides,
    },
  };
}

function expectNoCanary(value: unknown): void {
  expect(JSON.stringify(value)).not.toContain(CANARY);
}

describe('the produced-text filter', () => {
  it('keeps a tool call as its kind, status, decision and error kind', () => {
    const shown = new ProducedTextFilter().apply(toolCall({}));
    expectNoCanary(shown);
    expect(shown).toEqual({
      ...base,
      kind: 'tool_call_update',
      tool_call: {
        tool_call_id: 'tool-call-1',
        status: 'FAILED',
        phase: 'errored',
        tool_name: 'read_file',
        kind: 'read',
        input_parameters: {},
        error: { message: 'file_not_found', type: 'file_not_found' },
        confirmation_outcome: { decision: 'deny', decided_by: 'p.toml:1:1' },
        duration_ms: 3,
      },
    });
  });

  it('gives each call id of the model one id of its own, the same on every update', () => {
    const filter = new ProducedTextFilter();
    const first = filter.apply(toolCall({ tool_call_id: `a ${CANARY}` }));
    const again = filter.apply(toolCall({ tool_call_id: `a ${CANARY}`, status: 'SUCCEEDED' }));
    const other = filter.apply(toolCall({ tool_call_id: `b ${CANARY}` }));
    const id = (event: AgentEvent | undefined) =>
      event?.kind === 'tool_call_update' ? event.tool_call.tool_call_id : undefined;
    expect([id(first), id(again), id(other)]).toEqual([
      'tool-call-1',
      'tool-call-1',
      'tool-call-2',
    ]);
  });

  const replaced: [string, Partial<ToolCallData>, boolean][] = [
    ['a tool name the model made up', { kind: undefined, tool_name: `${CANARY}_tool` }, true],
    ['prose where an error type belongs', { error: { message: 'x', type: `no ${CANARY}` } }, false],
    ['prose where an MCP server name belongs', { server_name: `srv ${CANARY}` }, false],
    ['prose where a registered name belongs', { tool_name: `read file ${CANARY}` }, true],
  ];
  it.each(replaced)('replaces %s', (_what, overrides, unknownName) => {
    const shown = new ProducedTextFilter().apply(toolCall(overrides));
    expectNoCanary(shown);
    if (unknownName && shown?.kind === 'tool_call_update') {
      expect(shown.tool_call.tool_name).toBe(UNKNOWN_TOOL);
    }
  });

  it('keeps a model request as its model, timing, usage and error kind', () => {
    const shown = new ProducedTextFilter().apply({
      ...base,
      kind: 'model_call',
      call: {
        model: 'gemini-2.5-pro',
        prompt_id: 's1########1',
        started_at: base.timestamp,
        duration_ms: 12,
        response_model: `model ${CANARY}`,
        finish_reasons: ['STOP', `why ${CANARY}`],
        error: { message: `400: your request said ${CANARY}`, type: 'http', http_status: 400 },
      },
    });
    expectNoCanary(shown);
    expect(shown).toMatchObject({
      call: {
        model: 'gemini-2.5-pro',
        prompt_id: 's1########1',
        response_model: 'model',
        finish_reasons: ['STOP', 'OTHER'],
        error: { message: 'http', type: 'http', http_status: 400 },
      },
    });
  });

  it('drops text, thoughts and todos, and the message of warnings and of the end', () => {
    const filter = new ProducedTextFilter();
    expect(filter.apply({ ...base, kind: 'text_content', text: CANARY })).toBeUndefined();
    expect(
      filter.apply({ ...base, kind: 'thought', thought: { subject: CANARY, description: CANARY } }),
    ).toBeUndefined();
    expect(
      filter.apply({
        ...base,
        kind: 'todo_update',
        todos: [{ description: CANARY, status: 'pending' }],
      }),
    ).toBeUndefined();
    const warning = filter.apply({
      ...base,
      kind: 'warning',
      code: 'model_retry',
      message: CANARY,
    });
    const end = filter.apply({
      ...base,
      kind: 'state_change',
      state: 'failed',
      final: true,
      model: 'gemini-2.5-pro',
      reason: 'model_error',
      message: `The model said ${CANARY}`,
    });
    expectNoCanary([warning, end]);
    expect(end).toMatchObject({ reason: 'model_error' });
  });

  it("filters a subagent's nested events as its own", () => {
    const filter = new ProducedTextFilter();
    const nested = (event: AgentEvent): AgentEvent => ({
      ...base,
      kind: 'subagent_event',
      parent_call_id: `parent ${CANARY}`,
      agent_name: 'auditor',
      event,
    });
    expect(filter.apply(nested({ ...base, kind: 'text_content', text: CANARY }))).toBeUndefined();
    const call = filter.apply(nested(toolCall({})));
    expectNoCanary(call);
    expect(call).toMatchObject({
      agent_name: 'auditor',
      parent_call_id: expect.stringMatching(/^tool-call-\d+$/) as unknown,
    });
  });
});
