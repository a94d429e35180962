import { describe, expect, it } from 'vitest';
import { finalText, progressFromEvents } from '../../src/report/progress-state.js';
import { START, eventLog } from './agent-events.js';

describe('progress state', () => {
  it('follows a call from pending to done, with its timing and a one-line result', () => {
    const log = eventLog();
    log.started();
    log.nextTurn();
    log.call('c1', 'read_file', {
      status: 'PENDING',
      phase: 'validating',
      kind: 'read',
      description: 'src/a.ts',
    });
    const pending = progressFromEvents(log.events);
    expect(pending.toolCalls).toMatchObject([{ id: 'c1', state: 'pending', turn: 1 }]);

    log.call('c1', 'read_file', {
      status: 'EXECUTING',
      phase: 'executing',
      description: 'src/a.ts',
    });
    log.advance(250);
    log.call('c1', 'read_file', {
      status: 'SUCCEEDED',
      phase: 'successful',
      description: 'src/a.ts',
      output: { text: '\n  Read 12 lines.\nline two' },
      confirmation_outcome: { decision: 'allow', decided_by: 'read-only.toml:1:1' },
    });
    const state = progressFromEvents(log.events);
    expect(state.toolCalls).toHaveLength(1);
    expect(state.toolCalls[0]).toMatchObject({
      state: 'done',
      result: 'Read 12 lines.',
      decision: 'allow',
      decidedBy: 'read-only.toml:1:1',
      startedAt: START,
      durationMs: 250,
    });
  });

  it('tells a policy denial from a failure and keeps the rule and the reason', () => {
    const log = eventLog();
    log.call('d', 'run_shell_command', {
      status: 'FAILED',
      phase: 'errored',
      error: { message: 'Tool execution denied by policy. No network.', type: 'policy_violation' },
      confirmation_outcome: { decision: 'deny', reason: 'No network.', decided_by: 'ci.toml:4:1' },
      duration_ms: 3,
    });
    log.call('f', 'edit', {
      status: 'FAILED',
      phase: 'errored',
      error: { message: 'No occurrence found\nmore detail', type: 'edit_no_occurrence_found' },
    });
    const [denied, failed] = progressFromEvents(log.events).toolCalls;
    expect(denied).toMatchObject({
      state: 'denied',
      decidedBy: 'ci.toml:4:1',
      denialReason: 'No network.',
    });
    expect(failed).toMatchObject({ state: 'failed', result: 'No occurrence found' });
  });

  it('summarises edits and todo lists, and shows the last line of live output', () => {
    const log = eventLog();
    log.call('e', 'replace', {
      status: 'SUCCEEDED',
      phase: 'successful',
      output: {
        diff: {
          fileName: 'a.ts',
          filePath: '/w/a.ts',
          fileDiff: '',
          originalContent: '',
          newContent: '',
          diffStat: {
            model_added_lines: 3,
            model_removed_lines: 1,
            model_added_chars: 0,
            model_removed_chars: 0,
          },
        },
      },
    });
    log.call('t', 'write_todos', {
      status: 'SUCCEEDED',
      phase: 'successful',
      output: { structured_data: { todos: [{ description: 'x', status: 'pending' }] } },
    });
    log.call('s', 'run_shell_command', {
      status: 'EXECUTING',
      phase: 'executing',
      live_content: 'installing\nrunning tests\n\n',
    });
    const [edit, todos, shell] = progressFromEvents(log.events).toolCalls;
    expect(edit?.result).toBe('a.ts (+3 −1)');
    expect(todos?.result).toBe('1 todo');
    expect(shell).toMatchObject({ state: 'running', liveOutput: 'running tests' });
    expect(shell?.durationMs).toBeUndefined();
  });

  it('keeps the todo list, the latest thought, the tokens and the end', () => {
    const log = eventLog();
    log.started();
    log.todos([{ description: 'Fix it', status: 'in_progress' }]);
    log.thought('Planning');
    log.nextTurn();
    log.text('Looking at ');
    log.text('the code.');
    log.usage(100, 20);
    log.nextTurn();
    log.text('All done.\n');
    log.usage(300, 50);
    let state = progressFromEvents(log.events);
    expect(state).toMatchObject({
      status: 'working',
      todos: [{ description: 'Fix it', status: 'in_progress' }],
      thought: { subject: 'Planning' },
      usage: { input_tokens: 300, output_tokens: 50, total_tokens: 350 },
    });
    expect(state.texts.map((t) => t.text)).toEqual(['Looking at the code.', 'All done.\n']);
    expect(finalText(state)).toBe('All done.');

    log.advance(65_000);
    log.ended('failed', 'max_turns', 'Stopped after 2 turns (max turns).');
    state = progressFromEvents(log.events);
    expect(state).toMatchObject({
      status: 'failed',
      endReason: 'max_turns',
      endMessage: 'Stopped after 2 turns (max turns).',
      startedAt: START,
      endedAt: START + 65_000,
    });
    expect(state.thought).toBeUndefined();
  });
});
