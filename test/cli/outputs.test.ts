import { describe, expect, it } from 'vitest';
import type { AgentEvent, ToolCallData } from '../../src/agent/events.js';
import { createJsonOutput } from '../../src/cli/output/json-output.js';
import { createStreamJsonOutput } from '../../src/cli/output/stream-json-output.js';
import { createTextOutput } from '../../src/cli/output/text-output.js';
import { SessionStatsCollector } from '../../src/report/session-stats.js';

function buffer() {
  let text = '';
  return {
    write: (chunk: string) => {
      text += chunk;
    },
    get text() {
      return text;
    },
  };
}

const base = { session_id: 's-1', turn: 1 };
let clock = Date.parse('2026-11-21T10:00:00.000Z');
const at = () => new Date((clock += 1000)).toISOString();

function call(overrides: Partial<ToolCallData>): AgentEvent {
  return {
    ...base,
    timestamp: at(),
    kind: 'tool_call_update',
    tool_call: {
      tool_call_id: 'c1',
      status: 'PENDING',
      phase: 'validating',
      tool_name: 'read_file',
      description: 'Read README.md',
      input_parameters: { absolute_path: 'README.md' },
      ...overrides,
    },
  };
}

const usage = {
  input_tokens: 100,
  output_tokens: 20,
  cached_tokens: 30,
  thoughts_tokens: 5,
  tool_use_prompt_tokens: 0,
  total_tokens: 125,
};

function session(): AgentEvent[] {
  clock = Date.parse('2026-11-21T10:00:00.000Z');
  return [
    {
      ...base,
      turn: 0,
      timestamp: at(),
      kind: 'state_change',
      state: 'submitted',
      final: false,
      model: 'gemini-2.5-pro',
    },
    {
      ...base,
      turn: 0,
      timestamp: at(),
      kind: 'state_change',
      state: 'working',
      final: false,
      model: 'gemini-2.5-pro',
    },
    { ...base, timestamp: at(), kind: 'text_content', text: 'Looking.' },
    call({}),
    call({ status: 'EXECUTING', phase: 'executing' }),
    call({
      status: 'SUCCEEDED',
      phase: 'successful',
      output: { text: '# temperature' },
      duration_ms: 4,
      confirmation_outcome: { decision: 'allow', decided_by: 'allow-all' },
    }),
    call({
      tool_call_id: 'c2',
      tool_name: 'write_file',
      description: 'Write a.txt',
      status: 'FAILED',
      phase: 'errored',
      error: {
        message: 'Tool execution denied by policy. No edits here.',
        type: 'policy_violation',
      },
      confirmation_outcome: {
        decision: 'deny',
        reason: 'No edits here.',
        decided_by: 'policy.toml:3',
      },
    }),
    { ...base, timestamp: at(), kind: 'token_usage', usage, total: usage },
    {
      ...base,
      timestamp: at(),
      kind: 'warning',
      code: 'max_tokens',
      message: 'The reply was cut at the token limit.',
    },
    { ...base, turn: 2, timestamp: at(), kind: 'text_content', text: 'Done.' },
    {
      ...base,
      timestamp: at(),
      kind: 'state_change',
      state: 'completed',
      final: true,
      model: 'gemini-2.5-pro',
      reason: 'completed',
    },
  ];
}

const outcome = {
  sessionId: 's-1',
  model: 'gemini-2.5-pro',
  response: 'Looking.Done.',
  reason: 'completed',
  error: undefined,
  exitCode: 0,
};

describe('stream-json output', () => {
  it('prints the Gemini CLI event names, one JSON object a line', () => {
    const stdout = buffer();
    const stats = new SessionStatsCollector();
    const output = createStreamJsonOutput({
      stdout,
      prompt: 'explain',
      stats,
      now: () => new Date(0),
    });
    for (const event of session()) {
      stats.listener(event);
      output.listener(event);
    }
    output.finish(outcome);
    const lines = stdout.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.type)).toEqual([
      'init',
      'message',
      'message',
      'tool_use',
      'tool_result',
      'tool_use',
      'tool_result',
      'error',
      'message',
      'result',
    ]);
    expect(lines[0]).toEqual({
      type: 'init',
      session_id: 's-1',
      model: 'gemini-2.5-pro',
      timestamp: '1970-01-01T00:00:00.000Z',
    });
    expect(lines[1]).toMatchObject({ role: 'user', content: 'explain' });
    expect(lines[2]).toMatchObject({ role: 'assistant', content: 'Looking.', delta: true });
    expect(lines[3]).toMatchObject({
      tool_name: 'read_file',
      tool_id: 'c1',
      parameters: { absolute_path: 'README.md' },
    });
    expect(lines[4]).toMatchObject({ tool_id: 'c1', status: 'success', output: '# temperature' });
    expect(lines[6]).toMatchObject({
      tool_id: 'c2',
      status: 'error',
      error: {
        type: 'policy_violation',
        message: 'Tool execution denied by policy. No edits here.',
      },
      decision: { decision: 'deny', decided_by: 'policy.toml:3' },
    });
    expect(lines[7]).toMatchObject({
      severity: 'warning',
      message: 'The reply was cut at the token limit.',
    });
    expect(lines[9]).toMatchObject({
      status: 'success',
      stats: {
        total_tokens: 125,
        input_tokens: 100,
        output_tokens: 20,
        cached: 30,
        input: 70,
        tool_calls: 2,
      },
    });
  });

  it('reports a failed session with its reason', () => {
    const stdout = buffer();
    const output = createStreamJsonOutput({
      stdout,
      prompt: 'x',
      stats: new SessionStatsCollector(),
    });
    output.finish({
      ...outcome,
      reason: 'max_turns',
      error: 'Stopped after 2 turns (max turns).',
      exitCode: 53,
    });
    expect(JSON.parse(stdout.text)).toMatchObject({
      type: 'result',
      status: 'error',
      error: { type: 'max_turns', message: 'Stopped after 2 turns (max turns).' },
    });
  });
});

describe('json output', () => {
  it('prints session_id, all the response text and Gemini-CLI-shaped stats', () => {
    const stdout = buffer();
    const stats = new SessionStatsCollector();
    const output = createJsonOutput({ stdout, stderr: buffer(), stats });
    for (const event of session()) stats.listener(event);
    output.finish(outcome);
    const json = JSON.parse(stdout.text) as Record<string, unknown>;
    expect(json).toMatchObject({
      session_id: 's-1',
      response: 'Looking.Done.',
      stats: {
        models: {
          'gemini-2.5-pro': {
            api: { totalRequests: 1 },
            tokens: { prompt: 100, candidates: 20, total: 125, cached: 30, input: 70, thoughts: 5 },
          },
        },
        tools: {
          totalCalls: 2,
          totalSuccess: 1,
          totalFail: 1,
          totalDecisions: { auto_accept: 1, reject: 1 },
          byName: { read_file: { count: 1, success: 1 }, write_file: { count: 1, fail: 1 } },
        },
      },
    });
    expect(json).not.toHaveProperty('error');
  });

  it('adds an error object when the session did not complete', () => {
    const stdout = buffer();
    const output = createJsonOutput({
      stdout,
      stderr: buffer(),
      stats: new SessionStatsCollector(),
    });
    output.finish({
      ...outcome,
      reason: 'timeout',
      error: 'Stopped after 60 s (timeout).',
      exitCode: 1,
    });
    expect(JSON.parse(stdout.text)).toMatchObject({
      error: { type: 'timeout', message: 'Stopped after 60 s (timeout).', code: 1 },
    });
  });
});

describe('text output', () => {
  it('writes the answer to stdout and tool lines and warnings to stderr', () => {
    const stdout = buffer();
    const stderr = buffer();
    const output = createTextOutput({ stdout, stderr });
    for (const event of session()) output.listener(event);
    output.finish(outcome);
    expect(stdout.text).toBe('Looking.\n\nDone.\n');
    expect(stderr.text).toBe(
      '✓ read_file: Read README.md\n' +
        '✗ write_file: Write a.txt — Tool execution denied by policy. No edits here.\n' +
        'warning: The reply was cut at the token limit.\n',
    );
  });
});
