// What a reader sees of subagents, from the event stream of a real run with two parallel
// subagents: the progress comment lists each subagent's calls under the call that runs it, with
// its turn and tokens while it works and its cost when done; the transcript, stream-json and the
// statistics keep them apart from the main agent and count what they spent.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/events.js';
import { createTranscriptWriter } from '../../src/agent/transcript.js';
import { DEFAULT_MODEL } from '../../src/model/model-table.js';
import { createStreamJsonOutput } from '../../src/cli/output/stream-json-output.js';
import { renderFinalComment, renderProgressComment } from '../../src/report/progress-comment.js';
import { progressFromEvents } from '../../src/report/progress-state.js';
import { SessionStatsCollector } from '../../src/report/session-stats.js';
import { callsReply, lane, textReply, usage } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { inspector, runWithSubagents } from '../agent/subagents/support.js';

const INSPECTOR = 'You are the Inspector';
const options = { redact: (text: string) => text };

async function parallelRun() {
  const tokens = (prompt: number) => ({ usage: usage({ prompt, candidates: 10 }) });
  return runWithSubagents({
    agents: [inspector({ tools: ['glob', 'read_file'] })],
    script: [
      callsReply(
        [
          { id: 'a', name: 'inspector', args: { question: 'alpha' } },
          { id: 'b', name: 'inspector', args: { question: 'beta' } },
        ],
        tokens(100),
      ),
      textReply('Both answered.', tokens(200)),
    ],
    lanes: [
      lane('alpha', { instruction: INSPECTOR, userText: 'Question: alpha' }, [
        callsReply([{ id: 'a1', name: 'glob', args: { pattern: 'src/*.ts' } }], {
          ...tokens(1_000),
          delayMs: 300,
        }),
        callsReply(
          [{ id: 'a2', name: 'complete_task', args: { answer: { text: 'alpha', files: ['x'] } } }],
          tokens(1_000),
        ),
      ]),
      lane('beta', { instruction: INSPECTOR, userText: 'Question: beta' }, [
        callsReply(
          [{ id: 'b1', name: 'complete_task', args: { answer: { text: 'beta', files: ['y'] } } }],
          tokens(500),
        ),
      ]),
    ],
  });
}

describe('subagents in the reports', () => {
  it('lists what each subagent does under its call, and what it cost', async () => {
    const { events } = await parallelRun();

    // While alpha's glob runs (beta finished long before), the live comment shows both.
    const alphaGlob = events.findIndex(
      (event) =>
        event.kind === 'subagent_event' &&
        event.parent_call_id === 'a' &&
        event.event.kind === 'tool_call_update' &&
        event.event.tool_call.status === 'EXECUTING',
    );
    const live = renderProgressComment(
      progressFromEvents(events.slice(0, alphaGlob + 1)),
      {},
      options,
    );
    expect(live).toContain(
      '- 🔄 `inspector` inspector: alpha — running… turn 1 · 1,010 tokens\n  - 🔄 `glob`',
    );
    expect(live).toMatch(
      /- ✅ `inspector` inspector: beta — Result handed in \(1 turn · 1 tool call · 510 tokens · [\d.]+m?s\)\n {2}- ✅ `complete_task`/,
    );

    const final = renderFinalComment(progressFromEvents(events), {}, {}, options);
    const lines = final.split('\n');
    const alpha = lines.findIndex((line) => line.startsWith('- ✅ `inspector` inspector: alpha'));
    expect(lines[alpha]).toMatch(/— Result handed in \(2 turns · 2 tool calls · 2,020 tokens · /);
    expect(lines[alpha + 1]).toMatch(/^ {2}- ✅ `glob` /);
    expect(lines[alpha + 2]).toMatch(
      /^ {2}- ✅ `complete_task` Hand in the result — Result handed in/,
    );
    const beta = lines.findIndex((line) => line.startsWith('- ✅ `inspector` inspector: beta'));
    expect(lines[beta]).toMatch(/\(1 turn · 1 tool call · 510 tokens · /);
    // The run's tokens: 110 + 210 of the main agent, 2,020 + 510 of the subagents.
    expect(final).toContain('2,850 total (2,530 by subagents) · **Tool calls:** 2');
  });

  it('nests subagent events in the transcript and stream-json, and counts them in the stats', async () => {
    const { events } = await parallelRun();
    const dir = await tempRepo();
    const transcript = createTranscriptWriter(path.join(dir, 'transcript.jsonl'), {
      redact: (line) => line,
    });
    let stdout = '';
    const stats = new SessionStatsCollector();
    const output = createStreamJsonOutput({
      stdout: { write: (text: string) => (stdout += text) },
      prompt: 'How many retries?',
      stats,
      now: () => new Date(0),
    });
    for (const event of events) {
      transcript(event);
      stats.listener(event);
      output.listener(event);
    }
    transcript.close();
    output.finish({
      sessionId: 'main-session',
      model: 'm',
      response: '',
      reason: 'completed',
      error: undefined,
      exitCode: 0,
    });

    const recorded = (await readFile(path.join(dir, 'transcript.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AgentEvent);
    const nestedLines = recorded.flatMap((event) =>
      event.kind === 'subagent_event' ? [event] : [],
    );
    expect(nestedLines.length).toBeGreaterThan(0);
    expect(new Set(nestedLines.map((event) => event.session_id))).toEqual(
      new Set(['main-session']),
    );
    expect(new Set(nestedLines.map((event) => event.parent_call_id))).toEqual(new Set(['a', 'b']));

    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({
        type: 'tool_use',
        tool_name: 'glob',
        tool_id: 'a/a1',
        parent_tool_id: 'a',
        agent_name: 'inspector',
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        type: 'tool_result',
        tool_id: 'b/b1',
        parent_tool_id: 'b',
        status: 'success',
      }),
    );
    // The main agent's own lines carry no parent.
    expect(lines.find((line) => line.tool_id === 'a')).not.toHaveProperty('parent_tool_id');
    const result = lines.at(-1);
    expect(result).toMatchObject({
      type: 'result',
      stats: { total_tokens: 2_850, tool_calls: 2 + 3 },
    });
    expect(stats.metrics().models[DEFAULT_MODEL]?.api.totalRequests).toBe(2 + 3);
  });
});
