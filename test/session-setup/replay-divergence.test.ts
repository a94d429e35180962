// The replayed session's tool calls against the recording's: a call that fails where the
// recorded one succeeded (or where a recording without outcomes says nothing) is a divergence,
// once per call; one that failed when recorded too is not.
import { describe, expect, it } from 'vitest';
import type { AgentEvent, ToolCallData } from '../../src/agent/events.js';
import { parseRecordedSession } from '../../src/model/recording.js';
import {
  divergenceSummary,
  divergenceWarning,
  ReplayComparison,
} from '../../src/session-setup/replay-divergence.js';

const base = { session_id: 's', timestamp: '2026-01-01T00:00:00Z', turn: 1 };

function ended(id: string, name: string, error?: string): AgentEvent {
  const call: ToolCallData = {
    tool_call_id: id,
    tool_name: name,
    status: error === undefined ? 'SUCCEEDED' : 'FAILED',
    phase: error === undefined ? 'successful' : 'errored',
    input_parameters: {},
    ...(error === undefined ? {} : { error: { message: error, type: 'policy_violation' } }),
  };
  return { ...base, kind: 'tool_call_update', tool_call: call };
}

const reply = '{"candidates":[{"content":{"role":"model","parts":[{"text":"x"}]}}]}';

describe('ReplayComparison', () => {
  it('compares failed calls with the outcomes the recording holds', () => {
    const calls = parseRecordedSession(
      [
        `{"method":"generateContentStream","response":[${reply}]}`,
        `{"method":"generateContentStream","response":[${reply}],"toolResults":[{"id":"a","name":"read_file","outcome":"ok"},{"id":"b","name":"run_shell_command","outcome":"error"}]}`,
      ].join('\n'),
      'session.jsonl',
    );
    const comparison = new ReplayComparison(calls);

    expect(comparison.observe(ended('b', 'run_shell_command', 'denied'))).toBeUndefined();
    expect(comparison.observe(ended('c', 'glob', 'no match'))).toBeUndefined();
    const divergence = comparison.observe(ended('a', 'read_file', 'File not found: x'));
    expect(divergence).toEqual({
      callId: 'a',
      tool: 'read_file',
      error: 'File not found: x',
      recorded: 'succeeded',
    });
    expect(comparison.observe(ended('a', 'read_file', 'File not found: x'))).toBeUndefined();
    expect(comparison.divergences).toHaveLength(1);
    if (divergence === undefined) throw new Error('no divergence');
    expect(divergenceWarning(divergence)).toContain(
      'read_file failed here (File not found: x) where it succeeded when the session was recorded.',
    );
  });

  it("takes every call of a recording without outcomes to have succeeded, a subagent's too", () => {
    const calls = parseRecordedSession(
      `{"method":"generateContentStream","response":[${reply}]}\n`,
      'session.jsonl',
    );
    const comparison = new ReplayComparison(calls);
    expect(comparison.observe(ended('a', 'read_file'))).toBeUndefined();
    comparison.observe({
      ...base,
      kind: 'subagent_event',
      parent_call_id: 'p',
      agent_name: 'codebase_investigator',
      event: ended('s1', 'run_shell_command', 'denied by policy'),
    });
    expect(comparison.divergences).toMatchObject([
      { tool: 'run_shell_command', recorded: 'not recorded' },
    ]);
    expect(divergenceSummary(comparison.divergences)).toBe(
      'the replay diverged from its recording: 1 tool call failed that the recording did not (run_shell_command)',
    );
  });

  it('refuses malformed toolResults at their line', () => {
    expect(() =>
      parseRecordedSession(
        `{"method":"generateContentStream","response":[${reply}],"toolResults":[{"id":"a","outcome":"maybe"}]}\n`,
        'session.jsonl',
      ),
    ).toThrow('session.jsonl:1: expected "toolResults" to be an array of');
  });
});
