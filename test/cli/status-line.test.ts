import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AgentEvent, TaskState, ToolCallData } from '../../src/agent/events.js';
import { createTextOutput } from '../../src/cli/output/text-output.js';
import type { IntervalHandle } from '../../src/cli/output/status-line.js';
import {
  applyStatusEvent,
  createTerminalProgress,
  formatElapsed,
  initialStatusState,
  renderStatusLine,
} from '../../src/cli/output/status-line.js';
import type { StatusState } from '../../src/cli/output/status-line.js';
import { displayWidth, truncateToWidth } from '../../src/cli/output/terminal-text.js';
import type { CliIo } from '../../src/cli/run-cli.js';
import { runCli } from '../../src/cli/run-cli.js';
import { callsReply, textReply, useFakeGemini, usage } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

// --- events -------------------------------------------------------------------------------

const base = { session_id: 's-1', timestamp: '2026-11-21T10:00:00.000Z' };

function state(turn: number, value: TaskState, final = false): AgentEvent {
  return { ...base, turn, kind: 'state_change', state: value, final, model: 'gemini-2.5-pro' };
}

function tool(turn: number, overrides: Partial<ToolCallData>): AgentEvent {
  return {
    ...base,
    turn,
    kind: 'tool_call_update',
    tool_call: {
      tool_call_id: 'c1',
      status: 'EXECUTING',
      phase: 'executing',
      tool_name: 'run_shell_command',
      description: 'npm test',
      input_parameters: {},
      ...overrides,
    },
  };
}

function tokens(turn: number, input: number, output: number): AgentEvent {
  const total = {
    input_tokens: input,
    output_tokens: output,
    cached_tokens: 0,
    thoughts_tokens: 0,
    tool_use_prompt_tokens: 0,
    total_tokens: input + output,
  };
  return { ...base, turn, kind: 'token_usage', usage: total, total };
}

function text(turn: number, value: string): AgentEvent {
  return { ...base, turn, kind: 'text_content', text: value };
}

function fold(events: AgentEvent[], startedAt = 0): StatusState {
  return events.reduce(applyStatusEvent, initialStatusState(startedAt));
}

// --- a small terminal: what a user would see after the bytes were written -------------------

function terminal(options: { columns?: number } = {}) {
  const lines: string[][] = [[]];
  let row = 0;
  let col = 0;
  let raw = '';
  const write = (chunk: string) => {
    raw += chunk;
    let rest = chunk;
    while (rest !== '') {
      if (rest.startsWith('\u001b[')) {
        // CSI: parameters, then one final letter.
        let end = 2;
        while (end < rest.length && /[0-9;]/.test(rest.charAt(end))) end += 1;
        const command = rest.charAt(end);
        if (command === 'K') (lines[row] ?? []).length = col;
        else if (command !== 'm') throw new Error(`unexpected escape ${JSON.stringify(rest)}`);
        rest = rest.slice(end + 1);
        continue;
      }
      if (rest.startsWith('\u001b')) throw new Error(`unexpected escape ${JSON.stringify(rest)}`);
      const char = String.fromCodePoint(rest.codePointAt(0) ?? 0);
      rest = rest.slice(char.length);
      if (char === '\r') col = 0;
      else if (char === '\n') {
        row += 1;
        col = 0;
        lines[row] ??= [];
      } else {
        const line = lines[row] ?? [];
        while (line.length < col) line.push(' ');
        line[col] = char;
        col += 1;
      }
    }
  };
  return {
    stream: { isTTY: true, columns: options.columns ?? 80, write },
    /** The screen, one string per line. */
    get screen() {
      return lines.map((line) => line.join(''));
    },
    get raw() {
      return raw;
    },
  };
}

function fakeClock() {
  let time = 0;
  const timers: { callback: () => void; ms: number; unref: boolean; cleared: boolean }[] = [];
  return {
    now: () => time,
    set: (ms: number) => {
      time = ms;
    },
    setInterval: (callback: () => void, ms: number): IntervalHandle => {
      const timer = { callback, ms, unref: false, cleared: false };
      timers.push(timer);
      return {
        unref() {
          timer.unref = true;
        },
        timer,
      } as IntervalHandle;
    },
    clearInterval: (handle: IntervalHandle) => {
      (handle as { timer: { cleared: boolean } }).timer.cleared = true;
    },
    /** Moves the clock and fires every live timer once, as the real interval would. */
    tick(toMs: number) {
      time = toMs;
      for (const timer of timers) if (!timer.cleared) timer.callback();
    },
    timers,
  };
}

function progressOn(screen: ReturnType<typeof terminal>, clock = fakeClock(), env = {}) {
  const progress = createTerminalProgress({
    stream: screen.stream,
    env,
    now: clock.now,
    setInterval: clock.setInterval,
    clearInterval: clock.clearInterval,
  });
  return { progress, clock };
}

// --- rendering ------------------------------------------------------------------------------

describe('renderStatusLine', () => {
  it('shows the turn, the running tool with its description, the elapsed time and tokens', () => {
    const status = fold([state(0, 'working'), tokens(2, 12_345, 845), tool(2, {})]);

    expect(renderStatusLine(status, { columns: 120, now: 65_000 })).toBe(
      'turn 2 · run_shell_command: npm test · 1m 05s · 12k in / 845 out',
    );
  });

  it('says what the model is doing when no tool runs', () => {
    expect(renderStatusLine(fold([]), { columns: 80, now: 0 })).toBe('starting · 0s');
    const waiting = fold([state(0, 'working'), state(1, 'working')]);
    expect(renderStatusLine(waiting, { columns: 80, now: 3_000 })).toBe(
      'turn 1 · waiting for the model · 3s',
    );
    const thinking = applyStatusEvent(waiting, {
      ...base,
      turn: 1,
      kind: 'thought',
      thought: { subject: 'Reading the tests', description: '…' },
    });
    expect(renderStatusLine(thinking, { columns: 80, now: 3_000 })).toBe(
      'turn 1 · thinking: Reading the tests · 3s',
    );
    // The next model request no longer shows the last turn's thought.
    const next = applyStatusEvent(thinking, state(2, 'working'));
    expect(renderStatusLine(next, { columns: 80, now: 3_000 })).toContain('waiting for the model');
  });

  it('drops a tool once it finished and counts the other calls still running', () => {
    const both = fold([
      tool(1, {
        tool_call_id: 'a',
        tool_name: 'read_file',
        description: 'a.ts',
        status: 'PENDING',
        phase: 'scheduled',
      }),
      tool(1, { tool_call_id: 'b', tool_name: 'grep', description: 'TODO' }),
    ]);
    // The one executing is shown, not the one still waiting its turn.
    expect(renderStatusLine(both, { columns: 80, now: 0 })).toBe(
      'turn 1 · grep: TODO (+1 more) · 0s',
    );

    const done = fold([
      tool(1, {}),
      tool(1, { status: 'SUCCEEDED', phase: 'successful', output: { text: 'ok' } }),
    ]);
    expect(renderStatusLine(done, { columns: 80, now: 0 })).toBe(
      'turn 1 · waiting for the model · 0s',
    );
  });

  it('cuts the tool description to the terminal width first, keeping clock and tokens', () => {
    const status = fold([
      tokens(3, 1_200, 40),
      tool(3, { description: 'npm test -- --reporter=verbose --coverage src/very/long/path' }),
    ]);

    const line = renderStatusLine(status, { columns: 60, now: 12_000 });

    expect(displayWidth(line)).toBeLessThanOrEqual(59);
    expect(line).toBe('turn 3 · run_shell_command: npm t… · 12s · 1.2k in / 40 out');
  });

  it('cuts the whole line with an ellipsis on a very narrow terminal', () => {
    const status = fold([tokens(3, 1_200, 40), tool(3, {})]);

    const line = renderStatusLine(status, { columns: 20, now: 12_000 });

    expect(line).toBe('turn 3 · run_shell…');
    expect(renderStatusLine(status, { columns: 1, now: 0 })).toBe('');
  });

  it('counts wide characters as two columns', () => {
    const status = fold([
      tool(1, { tool_name: 'read_file', description: '日本語のファイルを読む' }),
    ]);

    const fits = renderStatusLine(status, { columns: 80, now: 0 });
    expect(fits).toBe('turn 1 · read_file: 日本語のファイルを読む · 0s');
    expect(displayWidth(fits)).toBe(47);

    const cut = renderStatusLine(status, { columns: 34, now: 0 });
    // 33 columns at most; the fourth wide character would need two and only one is left.
    expect(cut).toBe('turn 1 · read_file: 日本語… · 0s');
    expect(displayWidth(cut)).toBe(32);
  });

  it('keeps escape sequences and newlines chosen by the model out of the line', () => {
    const status = fold([
      tool(1, { description: 'ls\u001b[2J\u001b]0;pwned\u0007\nrm -rf x\u202e\tdone' }),
    ]);

    const line = renderStatusLine(status, { columns: 80, now: 0 });

    expect(line).toBe('turn 1 · run_shell_command: ls rm -rf x done · 0s');
  });

  it('formats the elapsed time as seconds, minutes or hours', () => {
    expect(formatElapsed(4_999)).toBe('4s');
    expect(formatElapsed(65_000)).toBe('1m 05s');
    expect(formatElapsed(3_723_000)).toBe('1h 02m');
  });
});

describe('displayWidth and truncateToWidth', () => {
  it('measures what a terminal draws', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('👍')).toBe(2);
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('ＡＢ')).toBe(4);
  });

  it('never splits a wide character and always leaves room for the ellipsis', () => {
    expect(truncateToWidth('日本語', 5)).toBe('日本…');
    expect(truncateToWidth('日本語', 4)).toBe('日…');
    expect(truncateToWidth('abcdef', 4)).toBe('abc…');
    expect(truncateToWidth('abc', 3)).toBe('abc');
    expect(truncateToWidth('ab cd', 4)).toBe('ab…');
  });
});

// --- the terminal writer --------------------------------------------------------------------

describe('createTerminalProgress on a terminal', () => {
  it('draws the status line in place and moves the clock with the timer', () => {
    const screen = terminal();
    const { progress, clock } = progressOn(screen);

    progress.listener(state(0, 'working'));
    expect(screen.screen).toEqual(['waiting for the model · 0s']);

    clock.tick(3_000);
    expect(screen.screen).toEqual(['waiting for the model · 3s']);
    clock.tick(65_000);
    expect(screen.screen).toEqual(['waiting for the model · 1m 05s']);
    // Redrawn in place: a carriage return and a clear to the end of the line, dimmed.
    expect(screen.raw.endsWith('\r\u001b[2mwaiting for the model · 1m 05s\u001b[22m\u001b[K')).toBe(
      true,
    );
    expect(clock.timers).toHaveLength(1);
    expect(clock.timers[0]?.unref).toBe(true);
  });

  it('redraws at most once per interval and only when the line changed', () => {
    const screen = terminal();
    const { progress, clock } = progressOn(screen);
    const draws = () => screen.raw.split('\r').length - 1;

    progress.listener(state(1, 'working'));
    clock.set(40);
    progress.listener(tool(1, {}));
    // Held back: the last redraw was 40 ms ago.
    expect(draws()).toBe(1);
    expect(screen.screen).toEqual(['turn 1 · waiting for the model · 0s']);

    clock.tick(100);
    expect(draws()).toBe(2);
    expect(screen.screen).toEqual(['turn 1 · run_shell_command: npm test · 0s']);

    clock.tick(200);
    clock.tick(900);
    expect(draws()).toBe(2);
  });

  it('prints final lines above the status line, which follows them down', () => {
    const screen = terminal();
    const { progress, clock } = progressOn(screen);
    const output = createTextOutput({ stdout: screen.stream, stderr: screen.stream, progress });

    output.listener(state(1, 'working'));
    output.listener(tool(1, {}));
    clock.set(2_000);
    output.listener(tool(1, { status: 'SUCCEEDED', phase: 'successful', output: { text: 'ok' } }));

    expect(screen.screen).toEqual([
      '✓ run_shell_command: npm test',
      'turn 1 · waiting for the model · 2s',
    ]);
  });

  it('keeps the status line off a line the model is still writing', () => {
    const screen = terminal();
    const { progress, clock } = progressOn(screen);
    const output = createTextOutput({ stdout: screen.stream, stderr: screen.stream, progress });

    output.listener(state(1, 'working'));
    output.listener(text(1, 'Hello, '));
    clock.tick(1_000);
    expect(screen.screen).toEqual(['Hello, ']);
    output.listener(text(1, 'world.\n'));
    clock.tick(2_000);

    expect(screen.screen).toEqual(['Hello, world.', 'turn 1 · writing · 2s']);
  });

  it('clears the line and stops the clock at the final state', () => {
    const screen = terminal();
    const { progress, clock } = progressOn(screen);
    const output = createTextOutput({ stdout: screen.stream, stderr: screen.stream, progress });

    output.listener(state(1, 'working'));
    output.listener(text(1, 'Done.\n'));
    output.listener(state(1, 'completed', true));
    const written = screen.raw;
    clock.tick(5_000);
    output.finish({
      sessionId: 's-1',
      model: 'gemini-2.5-pro',
      response: 'Done.',
      reason: 'completed',
      error: undefined,
      exitCode: 0,
    });

    expect(screen.screen).toEqual(['Done.', '']);
    expect(screen.raw).toBe(written);
    expect(clock.timers[0]?.cleared).toBe(true);
  });

  it('clears the line when the run ends without a final event', () => {
    const screen = terminal();
    const { progress, clock } = progressOn(screen);

    progress.listener(state(1, 'working'));
    progress.stop();
    progress.stop();

    expect(screen.screen).toEqual(['']);
    expect(clock.timers[0]?.cleared).toBe(true);
    // Nothing is drawn after the stop, and sinks write straight through.
    progress.listener(tool(1, {}));
    progress.above(screen.stream).write('late\n');
    expect(screen.screen).toEqual(['late', '']);
  });

  it('fits the line to the columns the terminal reports', () => {
    const screen = terminal({ columns: 30 });
    const { progress, clock } = progressOn(screen);

    progress.listener(tokens(4, 150_000, 2_000));
    progress.listener(tool(4, { description: 'a command much longer than the terminal is wide' }));
    clock.tick(100);

    const line = screen.screen[0] ?? '';
    expect(line).toBe('turn 4 · run_shell_command:…');
    expect(displayWidth(line)).toBeLessThanOrEqual(29);
  });

  it('draws without colour under NO_COLOR', () => {
    const screen = terminal();
    const { progress } = progressOn(screen, fakeClock(), { NO_COLOR: '1' });

    progress.listener(state(1, 'working'));

    expect(screen.raw).toBe('\rturn 1 · waiting for the model · 0s\u001b[K');
  });

  it('leaves a redirected stdout alone while the status line is on stderr', () => {
    const stderr = terminal();
    let stdout = '';
    const { progress } = progressOn(stderr);
    const output = createTextOutput({
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: stderr.stream,
      progress,
    });

    output.listener(state(1, 'working'));
    output.listener(text(1, 'The answer'));
    output.listener(tool(1, {}));

    expect(stdout).toBe('The answer');
    // The open line on stdout is in a file, so the status line keeps drawing on the terminal.
    expect(stderr.screen).toEqual(['turn 1 · waiting for the model · 0s']);
  });
});

describe('createTerminalProgress off a terminal', () => {
  function plainRun(progress: ReturnType<typeof createTerminalProgress> | undefined) {
    let stdout = '';
    let stderr = '';
    const output = createTextOutput({
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: { write: (chunk: string) => (stderr += chunk) },
      ...(progress ? { progress } : {}),
    });
    for (const event of [
      state(0, 'submitted'),
      state(1, 'working'),
      text(1, 'Looking.'),
      tool(1, {}),
      tool(1, { status: 'SUCCEEDED', phase: 'successful', output: { text: 'ok' } }),
      tokens(1, 100, 20),
      text(2, 'Done.'),
      state(2, 'completed', true),
    ]) {
      output.listener(event);
    }
    output.finish({
      sessionId: 's-1',
      model: 'gemini-2.5-pro',
      response: 'Done.',
      reason: 'completed',
      error: undefined,
      exitCode: 0,
    });
    return { stdout, stderr };
  }

  it('prints the same plain lines as without it, with no control characters', () => {
    const clock = fakeClock();
    const notATerminal = { write: () => true };
    const progress = createTerminalProgress({
      stream: notATerminal,
      now: clock.now,
      setInterval: clock.setInterval,
      clearInterval: clock.clearInterval,
    });

    const run = plainRun(progress);

    expect(progress.live).toBe(false);
    expect(run).toEqual(plainRun(undefined));
    expect(run.stderr).toBe('✓ run_shell_command: npm test\n');
    expect(run.stdout + run.stderr).not.toContain('\u001b');
    expect(run.stdout + run.stderr).not.toContain('\r');
    expect(clock.timers).toHaveLength(0);
  });

  it('treats TERM=dumb as no terminal', () => {
    const screen = terminal();
    const { progress, clock } = progressOn(screen, fakeClock(), { TERM: 'dumb' });

    progress.listener(state(1, 'working'));
    progress.above(screen.stream).write('✓ read_file\n');
    clock.tick(5_000);

    expect(progress.live).toBe(false);
    expect(screen.raw).toBe('✓ read_file\n');
  });
});

// --- the -p run --------------------------------------------------------------------------------

describe('gemini-agent -p in a terminal', () => {
  async function run(options: { isTTY: boolean; lead?: string }) {
    const repo = await tempRepo({ 'README.md': '# demo\n' });
    const server = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'list_directory', args: { path: '.' } }], {
        usage: usage({ prompt: 100, candidates: 10 }),
        ...(options.lead !== undefined ? { text: options.lead } : {}),
      }),
      textReply('It has a README.', { usage: usage({ prompt: 200, candidates: 8 }) }),
    ]);
    // stdout and stderr on one terminal, as in an interactive shell.
    const screen = terminal();
    screen.stream.isTTY = options.isTTY;
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    const io: CliIo = {
      env: { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: server.url },
      stdout: screen.stream,
      stderr: screen.stream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      onInterrupt: () => () => undefined,
    };
    const code = await runCli(['-p', 'What is here?', '--repo', repo], io);
    return { code, screen };
  }

  it('shows a status line while it works and leaves only the final lines behind', async () => {
    const live = await run({ isTTY: true });
    const plain = await run({ isTTY: false });

    expect(live.code).toBe(0);
    // The first event is drawn at once; later ones may fall within the redraw interval.
    expect(live.screen.raw).toContain('\r\u001b[2mstarting · ');
    expect(live.screen.screen).toEqual(plain.screen.screen);
    expect(plain.screen.raw).not.toContain('\u001b');
    expect(plain.screen.raw).not.toContain('\r');
    expect(plain.screen.screen).toEqual([
      '✓ list_directory: List directory .',
      'It has a README.',
      '',
    ]);
  });

  it("starts a tool's line on a line of its own after the model's unfinished sentence", async () => {
    const { code, screen } = await run({ isTTY: true, lead: "I'll look at what it contains." });
    expect(code).toBe(0);
    expect(screen.screen.slice(0, 2)).toEqual([
      "I'll look at what it contains.",
      '✓ list_directory: List directory .',
    ]);
  });
});
