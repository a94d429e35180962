import { describe, expect, it } from 'vitest';
import type { Confirmer } from '../../src/agent/confirmer.js';
import type { ToolKind } from '../../src/tools/tool-types.js';
import { deferred, fakeTool, manualClock, request, setup, tick } from './scheduler-fixtures.js';

/** A tool that logs when it starts and ends, with a couple of event-loop turns in between. */
function loggingTool(name: string, kind: ToolKind, log: string[]) {
  return fakeTool({
    name,
    kind,
    execute: async () => {
      log.push(`start ${name}`);
      await tick();
      await tick();
      log.push(`end ${name}`);
      return { llmContent: `${name} done`, returnDisplay: `${name} done` };
    },
  });
}

describe('ToolScheduler: execution order', () => {
  it('runs consecutive reads in parallel', { timeout: 5_000 }, async () => {
    // Each read waits until the other has started: run one after the other, they never finish.
    const aStarted = deferred();
    const bStarted = deferred();
    const readA = fakeTool({
      name: 'read_a',
      execute: async () => {
        aStarted.resolve();
        await bStarted.promise;
        return { llmContent: 'a', returnDisplay: 'a' };
      },
    });
    const readB = fakeTool({
      name: 'read_b',
      kind: 'search',
      execute: async () => {
        bStarted.resolve();
        await aStarted.promise;
        return { llmContent: 'b', returnDisplay: 'b' };
      },
    });
    const s = setup([readA, readB]);
    const completed = await s.run([request('c1', 'read_a'), request('c2', 'read_b')]);
    expect(completed.map((call) => call.status)).toEqual(['successful', 'successful']);
  });

  it('runs edits one at a time, in request order', async () => {
    const log: string[] = [];
    const s = setup([loggingTool('edit_1', 'edit', log), loggingTool('edit_2', 'edit', log)]);
    await s.run([request('c1', 'edit_1'), request('c2', 'edit_2')]);
    expect(log).toEqual(['start edit_1', 'end edit_1', 'start edit_2', 'end edit_2']);
  });

  it('makes reads after an edit wait for it, and asks about each call when its turn comes', async () => {
    const log: string[] = [];
    const confirmer: Confirmer = {
      confirm: (question) => {
        log.push(`confirm ${question.toolName}`);
        return Promise.resolve({ decision: 'allow' });
      },
    };
    const s = setup(
      [
        loggingTool('read_1', 'read', log),
        loggingTool('read_2', 'read', log),
        loggingTool('shell', 'execute', log),
        loggingTool('read_3', 'read', log),
      ],
      { confirmer },
    );
    await s.run([
      request('c1', 'read_1'),
      request('c2', 'read_2'),
      request('c3', 'shell'),
      request('c4', 'read_3'),
    ]);
    expect(log).toEqual([
      'confirm read_1',
      'confirm read_2',
      'start read_1',
      'start read_2',
      'end read_1',
      'end read_2',
      'confirm shell',
      'start shell',
      'end shell',
      'confirm read_3',
      'start read_3',
      'end read_3',
    ]);
  });

  it(
    'returns results and parts in request order, not completion order',
    { timeout: 5_000 },
    async () => {
      const fastDone = deferred();
      const slow = fakeTool({
        name: 'slow',
        execute: async () => {
          await fastDone.promise;
          return { llmContent: 'slow result', returnDisplay: 'slow' };
        },
      });
      const fast = fakeTool({
        name: 'fast',
        execute: () => {
          fastDone.resolve();
          return Promise.resolve({ llmContent: 'fast result', returnDisplay: 'fast' });
        },
      });
      const s = setup([slow, fast]);
      const completed = await s.run([request('c1', 'slow'), request('c2', 'fast')]);
      const finished = s.updates.filter((update) => update.phase === 'successful');
      expect(finished.map((update) => update.tool_call_id)).toEqual(['c2', 'c1']);
      expect(completed.map((call) => call.request.callId)).toEqual(['c1', 'c2']);
      expect(completed.flatMap((call) => call.responseParts)).toEqual([
        { functionResponse: { id: 'c1', name: 'slow', response: { output: 'slow result' } } },
        { functionResponse: { id: 'c2', name: 'fast', response: { output: 'fast result' } } },
      ]);
    },
  );
});

describe('ToolScheduler: cancellation', () => {
  it('cancels every call when the signal is already aborted, running nothing', async () => {
    const log: string[] = [];
    const s = setup([loggingTool('reader', 'read', log), loggingTool('editor', 'edit', log)]);
    const controller = new AbortController();
    controller.abort('Wall-clock budget exhausted');
    const completed = await s.run(
      [request('c1', 'reader'), request('c2', 'editor')],
      controller.signal,
    );
    const message = '[Operation Cancelled] Reason: Wall-clock budget exhausted';
    expect(log).toEqual([]);
    expect(s.phasesOf('c1')).toEqual(['validating', 'cancelled']);
    expect(completed.map((call) => call.status)).toEqual(['cancelled', 'cancelled']);
    expect(completed.map((call) => call.responseParts)).toEqual([
      [{ functionResponse: { id: 'c1', name: 'reader', response: { error: message } } }],
      [{ functionResponse: { id: 'c2', name: 'editor', response: { error: message } } }],
    ]);
    expect(s.updates.at(-1)).toMatchObject({
      status: 'CANCELLED',
      error: { message, type: 'cancelled' },
    });
  });

  it('says "Operation cancelled" when the signal gives no reason', async () => {
    const s = setup([fakeTool({ name: 'reader' })]);
    const controller = new AbortController();
    controller.abort();
    const [completed] = await s.run([request('c1', 'reader')], controller.signal);
    expect(completed?.result.error?.message).toBe(
      '[Operation Cancelled] Reason: Operation cancelled',
    );
  });

  it('gives the running call the signal, keeps what it produced, and skips the rest', async () => {
    const controller = new AbortController();
    const seenAborted: boolean[] = [];
    const shell = fakeTool({
      name: 'shell',
      kind: 'execute',
      execute: async (_params, signal) => {
        const stopped = new Promise<void>((done) => {
          signal.addEventListener('abort', () => {
            done();
          });
        });
        controller.abort(new Error('Turn limit reached'));
        await stopped;
        seenAborted.push(signal.aborted);
        return { llmContent: 'partial output', returnDisplay: 'partial output' };
      },
    });
    const log: string[] = [];
    const s = setup([shell, loggingTool('editor', 'edit', log)]);
    const [running, waiting] = await s.run(
      [request('c1', 'shell'), request('c2', 'editor')],
      controller.signal,
    );
    const message = '[Operation Cancelled] Reason: Turn limit reached';
    expect(seenAborted).toEqual([true]);
    expect(log).toEqual([]);
    expect(s.phasesOf('c1')).toEqual([
      'validating',
      'awaiting_approval',
      'scheduled',
      'executing',
      'cancelled',
    ]);
    expect(running?.status).toBe('cancelled');
    expect(running?.responseParts).toEqual([
      {
        functionResponse: {
          id: 'c1',
          name: 'shell',
          response: { output: 'partial output', error: message },
        },
      },
    ]);
    expect(s.phasesOf('c2')).toEqual(['validating', 'cancelled']);
    expect(waiting?.responseParts).toEqual([
      { functionResponse: { id: 'c2', name: 'editor', response: { error: message } } },
    ]);
  });

  it('cancels (not errors) a running call that throws because of the signal', async () => {
    const controller = new AbortController();
    const tool = fakeTool({
      name: 'fetcher',
      kind: 'fetch',
      execute: (_params, signal) => {
        controller.abort('Stopped by the user');
        signal.throwIfAborted();
        return Promise.resolve({ llmContent: 'never', returnDisplay: 'never' });
      },
    });
    const s = setup([tool]);
    const [completed] = await s.run([request('c1', 'fetcher')], controller.signal);
    expect(completed?.status).toBe('cancelled');
    expect(completed?.result.error).toEqual({
      message: '[Operation Cancelled] Reason: Stopped by the user',
      type: 'cancelled',
    });
  });

  it('stops before asking about calls once the signal fires during a confirmation', async () => {
    const controller = new AbortController();
    const asked: string[] = [];
    const confirmer: Confirmer = {
      confirm: (question) => {
        asked.push(question.callId);
        controller.abort('Cancelled during approval');
        return Promise.resolve({ decision: 'allow' });
      },
    };
    const s = setup([fakeTool({ name: 'reader' })], { confirmer });
    const completed = await s.run(
      [request('c1', 'reader'), request('c2', 'reader')],
      controller.signal,
    );
    expect(asked).toEqual(['c1']);
    expect(s.phasesOf('c1')).toEqual(['validating', 'awaiting_approval', 'cancelled']);
    expect(completed.map((call) => call.status)).toEqual(['cancelled', 'cancelled']);
  });
});

describe('ToolScheduler: live output', () => {
  it('reports live output at most once per interval and always its last state', async () => {
    const clock = manualClock();
    const timers: { callback: () => void; delayMs: number; cancelled: boolean }[] = [];
    const setTimer = (callback: () => void, delayMs: number) => {
      const timer = { callback, delayMs, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    };
    const shell = fakeTool({
      name: 'shell',
      kind: 'execute',
      execute: (_params, _signal, onOutput) => {
        const emit = onOutput ?? (() => undefined);
        emit('a'); // reported at once: nothing was reported yet
        clock.advance(100);
        emit('ab'); // held back, a timer is set for the rest of the interval
        clock.advance(400);
        emit('abc'); // replaces the held-back text
        clock.advance(500);
        timers[0]?.callback(); // the interval is over: 'abc' is reported
        clock.advance(1_100);
        emit('abcd'); // more than an interval since the last report: reported at once
        clock.advance(200);
        emit('abcde'); // held back until the tool finishes
        return Promise.resolve({ llmContent: 'abcde', returnDisplay: 'abcde' });
      },
    });
    const s = setup([shell], { clock, setTimer, liveOutputIntervalMs: 1_000 });
    await s.run([request('c1', 'shell')]);

    const live = s.updates
      .filter((update) => update.live_content !== undefined)
      .map((update) => [update.phase, update.live_content]);
    expect(live).toEqual([
      ['executing', 'a'],
      ['executing', 'abc'],
      ['executing', 'abcd'],
      ['executing', 'abcde'],
    ]);
    expect(timers.map((timer) => timer.delayMs)).toEqual([900, 800]);
    expect(timers[1]?.cancelled).toBe(true);
    expect(s.updates.at(-1)).toMatchObject({ phase: 'successful', output: { text: 'abcde' } });
    expect(s.updates.at(-1)?.live_content).toBeUndefined();
  });

  it('ignores output that arrives after the tool finished', async () => {
    let late: ((text: string) => void) | undefined;
    const shell = fakeTool({
      name: 'shell',
      kind: 'execute',
      execute: (_params, _signal, onOutput) => {
        late = onOutput;
        return Promise.resolve({ llmContent: 'done', returnDisplay: 'done' });
      },
    });
    const s = setup([shell]);
    await s.run([request('c1', 'shell')]);
    const count = s.updates.length;
    late?.('too late');
    expect(s.updates).toHaveLength(count);
  });
});

describe('ToolScheduler: updates', () => {
  it('sends each listener a snapshot that later updates do not change', async () => {
    const s = setup([fakeTool({ name: 'reader' })]);
    await s.run([request('c1', 'reader')]);
    expect(s.updates[0]?.phase).toBe('validating');
    expect(s.updates[0]?.output).toBeUndefined();
    expect(new Set(s.updates).size).toBe(s.updates.length);
  });
});
