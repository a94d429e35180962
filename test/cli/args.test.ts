import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/args.js';
import { UsageError } from '../../src/platform/errors.js';

describe('parseCliArgs', () => {
  it('reads every documented flag', () => {
    const options = parseCliArgs([
      '-p',
      'fix the bug',
      '--repo',
      '/tmp/repo',
      '-m',
      'gemini-2.5-flash',
      '--output-format',
      'stream-json',
      '--transcript',
      't.jsonl',
      '--max-turns',
      '7',
      '--timeout',
      '90',
      '--record',
      'r.jsonl',
    ]);
    expect(options).toMatchObject({
      prompt: 'fix the bug',
      repo: '/tmp/repo',
      model: 'gemini-2.5-flash',
      outputFormat: 'stream-json',
      transcript: 't.jsonl',
      maxTurns: 7,
      timeoutSeconds: 90,
      record: 'r.jsonl',
      replay: undefined,
    });
  });

  it('reads --skip-trust, which trusts the workspace for this run only', () => {
    expect(parseCliArgs(['-p', 'x']).skipTrust).toBe(false);
    expect(parseCliArgs(['-p', 'x', '--skip-trust']).skipTrust).toBe(true);
  });

  it('reads the model flags as written, leaving the rest to GEMINI_MODEL and the settings', () => {
    expect(parseCliArgs(['-p', 'x', '-m', 'flash', '--fallback-model', 'pro'])).toMatchObject({
      model: 'flash',
      fallbackModel: 'pro',
    });
    const unset = parseCliArgs(['-p', 'x']);
    expect(unset.model).toBeUndefined();
    expect(unset.fallbackModel).toBeUndefined();
  });

  it('takes a positional prompt and leaves it undefined when absent (stdin)', () => {
    expect(parseCliArgs(['explain', 'this']).prompt).toBe('explain this');
    expect(parseCliArgs([]).prompt).toBeUndefined();
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'.*gemini-agent --help/],
    [
      ['-p', 'x', '--output-format', 'yaml'],
      /--output-format expects one of text, json, stream-json, got "yaml"/,
    ],
    [['-p', 'x', '--max-turns', '0'], /--max-turns expects a positive whole number, got "0"/],
    [['-p', 'x', '--max-turns', 'ten'], /--max-turns expects a positive whole number/],
    [['-p', 'x', '--timeout=-5'], /--timeout expects a positive number of seconds/],
    // A negative value after a space gets the same message as after `=` (node:util alone calls
    // it ambiguous and suggests `--max-turns=-XYZ`).
    [['-p', 'x', '--max-turns', '-1'], /^--max-turns expects a positive whole number, got "-1"/],
    [['-p', 'x', '--timeout', '-5'], /^--timeout expects a positive number of seconds, got "-5"/],
    [['-p', 'x', '--timeout', '-.5'], /^--timeout expects a positive number of seconds/],
    [['-p', '   '], /The prompt is empty/],
    [['-p', 'x', '-m', ' '], /--model expects a model name or an alias \(pro = /],
    [['-p', 'x', '--fallback-model', 'gemini 3'], /--fallback-model expects a model name/],
    [['-p', 'x', 'y'], /either with -p or as an argument/],
    [
      ['-p', 'x', '--replay', 'a', '--record', 'b'],
      /--replay and --record cannot be used together/,
    ],
    [['-p'], /argument missing/],
    [
      ['-p', 'x', '--mode', 'deploy'],
      /--mode expects one of invoke, review, triage, maintenance, got "deploy"/,
    ],
    [['-p', 'x', '--allow-command', ' '], /--allow-command expects a command such as "npm test"/],
    [
      ['-p', 'x', '--sandbox', 'docker'],
      /--sandbox expects one of auto, namespace, user, none, got "docker"/,
    ],
  ])('rejects %j with one clear line', (argv, message) => {
    let thrown: unknown;
    try {
      parseCliArgs(argv);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).not.toContain('\n');
  });

  it('reads the policy flags: repeatable files and commands, the mode and --yolo', () => {
    const options = parseCliArgs([
      '-p',
      'x',
      '--policy',
      'a.toml',
      '--policy',
      'b.toml',
      '--allow-command',
      'npm test',
      '--allow-command',
      'npm run lint',
      '--mode',
      'review',
      '--yolo',
    ]);
    expect(options).toMatchObject({
      policyFiles: ['a.toml', 'b.toml'],
      allowCommands: ['npm test', 'npm run lint'],
      mode: 'review',
      yolo: true,
    });
    expect(parseCliArgs(['-p', 'x'])).toMatchObject({
      policyFiles: [],
      allowCommands: [],
      mode: 'invoke',
      yolo: false,
    });
  });

  it('runs shell commands in the strongest sandbox that works unless --sandbox none asks for none', () => {
    expect(parseCliArgs(['-p', 'x']).sandbox).toBe('auto');
    expect(parseCliArgs(['-p', 'x', '--sandbox', 'none']).sandbox).toBe('none');
    expect(parseCliArgs(['-p', 'x', '--sandbox=namespace']).sandbox).toBe('namespace');
  });
});
