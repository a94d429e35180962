import { describe, expect, it } from 'vitest';
import {
  defaultInstruction,
  findCommand,
  validateTriggerPhrase,
} from '../../src/github/command.js';
import { ConfigurationError } from '../../src/platform/errors.js';

const PHRASE = '/gemini';

describe('findCommand: where the phrase counts', () => {
  it.each([
    ['/gemini fix the typo', 'fix the typo'],
    ['/GEMINI fix the typo', 'fix the typo'],
    ['/Gemini: fix the typo', 'fix the typo'],
    ['Hey /gemini, fix the typo', 'fix the typo'],
    ['(/gemini fix the typo)', 'fix the typo)'],
    ['Thanks!\n\n/gemini fix the typo', 'fix the typo'],
    ['/gemini\tfix the typo', 'fix the typo'],
  ])('finds the command in %j', (text, instruction) => {
    expect(findCommand(text, PHRASE)).toMatchObject({ kind: 'invoke', instruction });
  });

  it.each([
    ['/geminis fix it'],
    ['/gemini-cli fix it'],
    ['/gemini_bot fix it'],
    ['x/gemini fix it'],
    ['see https://example.com/gemini for details'],
    ['path/to//gemini fix'],
    ['open src/gemini.ts'],
    ['/gemini.js is broken'],
    ['mail me at me@/gemini'],
    ['gemini fix it'],
    [''],
  ])('does not take %j as a command', (text) => {
    expect(findCommand(text, PHRASE)).toBeUndefined();
  });

  it('returns nothing for a null or missing body (a review without text)', () => {
    expect(findCommand(null, PHRASE)).toBeUndefined();
    expect(findCommand(undefined, PHRASE)).toBeUndefined();
  });

  it('accepts the phrase at the very end, with a sentence full stop after it', () => {
    expect(findCommand('please look, /gemini.', PHRASE)).toMatchObject({
      kind: 'invoke',
      instruction: '',
    });
    expect(findCommand('/gemini!!', PHRASE)).toMatchObject({ instruction: '' });
    expect(findCommand('please look, /gemini', PHRASE)).toMatchObject({ instruction: '' });
  });

  it('ignores the phrase in fenced code blocks, but not after them', () => {
    const text = 'Run this:\n```sh\n/gemini fix everything\n```\nand that was it.';
    expect(findCommand(text, PHRASE)).toBeUndefined();
    const tilde = '~~~\n/gemini a\n~~~\n/gemini b';
    expect(findCommand(tilde, PHRASE)).toMatchObject({ instruction: 'b' });
    const longer = '````\n```\n/gemini inner\n```\n````\n/gemini outer';
    expect(findCommand(longer, PHRASE)).toMatchObject({ instruction: 'outer' });
  });

  it('treats an unclosed fence as code to the end, as GitHub renders it', () => {
    expect(findCommand('```\ncode\n/gemini fix', PHRASE)).toBeUndefined();
  });

  it('ignores the phrase in inline code spans, matched by backtick count', () => {
    expect(findCommand('Type `/gemini fix` to ask me.', PHRASE)).toBeUndefined();
    expect(findCommand('Type ``a ` /gemini b`` to ask.', PHRASE)).toBeUndefined();
    expect(findCommand('`code` then /gemini go', PHRASE)).toMatchObject({ instruction: 'go' });
  });

  it('counts the phrase after an unmatched or escaped backtick', () => {
    expect(findCommand('a lone ` then /gemini go', PHRASE)).toMatchObject({ instruction: 'go' });
    expect(findCommand('\\`/gemini go\\`', PHRASE)).toMatchObject({ instruction: 'go\\`' });
  });

  it('does not let an inline code span run across a blank line', () => {
    expect(findCommand('a ` b\n\n/gemini go `', PHRASE)).toMatchObject({ instruction: 'go `' });
  });

  it('ignores the phrase in indented code blocks', () => {
    expect(findCommand('Example:\n\n    /gemini fix\n', PHRASE)).toBeUndefined();
    // Indented text continuing a paragraph is not code.
    expect(findCommand('Example:\n    /gemini fix', PHRASE)).toMatchObject({ instruction: 'fix' });
  });

  it('ignores the phrase in HTML comments, which readers never see', () => {
    expect(findCommand('Looks good <!-- /gemini push to main -->', PHRASE)).toBeUndefined();
    expect(findCommand('<!--\n/gemini a\n-->\n/gemini b', PHRASE)).toMatchObject({
      instruction: 'b',
    });
  });

  it('ignores quoted lines, so a reply quoting a command does not repeat it', () => {
    const reply = '> /gemini fix the tests\n\nI disagree with this.';
    expect(findCommand(reply, PHRASE)).toBeUndefined();
    const nested = '>> /gemini a\n> quoted\n\nno command';
    expect(findCommand(nested, PHRASE)).toBeUndefined();
  });

  it('treats lines a quote swallows (no blank line after it) as quoted', () => {
    expect(findCommand('> earlier text\n/gemini fix', PHRASE)).toBeUndefined();
    expect(findCommand('> earlier text\n\n/gemini fix', PHRASE)).toMatchObject({
      instruction: 'fix',
    });
  });

  it('takes the first counting phrase and everything after it, code blocks included', () => {
    const text = '`/gemini x`\n/gemini fix this error:\n```\nTypeError: boom\n```\n> quoted';
    expect(findCommand(text, PHRASE)).toMatchObject({
      kind: 'invoke',
      instruction: 'fix this error:\n```\nTypeError: boom\n```\n> quoted',
    });
  });

  it('reports where the phrase starts in the original text', () => {
    const text = '`/gemini` is the command. /gemini go';
    expect(findCommand(text, PHRASE)?.index).toBe(text.lastIndexOf('/gemini'));
  });
});

describe('findCommand: what is asked', () => {
  it.each([
    ['/gemini review', 'review', ''],
    ['/gemini Review', 'review', ''],
    ['/gemini review.', 'review', ''],
    ['/gemini review: focus on the SQL', 'review', 'focus on the SQL'],
    ['/gemini review focus on error handling', 'review', 'focus on error handling'],
    ['/gemini triage', 'triage', ''],
    ['/gemini TRIAGE please', 'triage', 'please'],
    ['/gemini reviewer notes please', 'invoke', 'reviewer notes please'],
    ['/gemini review-bot is broken', 'invoke', 'review-bot is broken'],
    ['/gemini please review this', 'invoke', 'please review this'],
    ['/gemini add tests for parse()', 'invoke', 'add tests for parse()'],
  ])('%j → %s with %j', (text, kind, instruction) => {
    expect(findCommand(text, PHRASE)).toMatchObject({ kind, instruction });
  });

  it('keeps the keyword in `text`, for a workflow whose mode input overrides the command', () => {
    expect(findCommand('/gemini review the parser', PHRASE)).toMatchObject({
      kind: 'review',
      instruction: 'the parser',
      text: 'review the parser',
    });
  });

  it('gives an empty instruction for a bare phrase, which the trigger fills in', () => {
    expect(findCommand('/gemini', PHRASE)).toEqual({
      kind: 'invoke',
      instruction: '',
      text: '',
      index: 0,
    });
    expect(findCommand('/gemini   \n\n', PHRASE)).toMatchObject({ instruction: '' });
  });

  it('keeps the instruction multi-line', () => {
    expect(findCommand('/gemini do this:\n- one\n- two', PHRASE)?.instruction).toBe(
      'do this:\n- one\n- two',
    );
  });
});

describe('custom trigger phrases', () => {
  it('matches other phrases the same way, with special characters taken literally', () => {
    expect(findCommand('@gemini-bot fix it', '@gemini-bot')).toMatchObject({
      instruction: 'fix it',
    });
    expect(findCommand('me@gemini-bot fix it', '@gemini-bot')).toBeUndefined();
    expect(findCommand('hey AI: (please) fix', 'AI: (please)')).toMatchObject({
      instruction: 'fix',
    });
    expect(findCommand('hey AI: please fix', 'AI: (please)')).toBeUndefined();
    expect(findCommand('/ai+ go', '/ai+')).toMatchObject({ instruction: 'go' });
    expect(findCommand('/aii go', '/ai+')).toBeUndefined();
  });

  it('rejects an empty or multi-line phrase as a configuration error naming the input', () => {
    expect(() => validateTriggerPhrase('  ')).toThrow(ConfigurationError);
    expect(() => findCommand('/gemini go', '')).toThrow(/trigger_phrase/);
    expect(() => validateTriggerPhrase('/a\n/b')).toThrow(/trigger_phrase/);
    expect(validateTriggerPhrase(' /bot ')).toBe('/bot');
  });
});

describe('defaultInstruction', () => {
  it('derives the task from where the bare command was written', () => {
    expect(defaultInstruction('invoke', { scope: 'issue', number: 7 })).toBe(
      'Look into issue #7 and resolve what it reports or requests.',
    );
    expect(defaultInstruction('invoke', { scope: 'pull_request', number: 8 })).toContain(
      'pull request #8',
    );
    expect(
      defaultInstruction('invoke', { scope: 'review_thread', number: 8, path: 'a.ts', line: 3 }),
    ).toBe('Address the review comment thread on a.ts:3 in pull request #8.');
    expect(
      defaultInstruction('invoke', {
        scope: 'review_thread',
        number: 8,
        path: 'a.ts',
        line: undefined,
      }),
    ).toContain('on a.ts in');
    expect(defaultInstruction('invoke', { scope: 'review', number: 8 })).toContain('review');
    expect(defaultInstruction('maintenance', { scope: 'issue', number: 7 })).toContain('issue #7');
  });

  it('names the review and triage tasks', () => {
    expect(defaultInstruction('review', { scope: 'pull_request', number: 2 })).toBe(
      'Review pull request #2.',
    );
    expect(defaultInstruction('triage', { scope: 'issue', number: 1 })).toBe('Triage issue #1.');
    expect(defaultInstruction('triage', { scope: 'pull_request', number: 2 })).toBe(
      'Triage pull request #2.',
    );
  });
});
