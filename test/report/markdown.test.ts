import { describe, expect, it } from 'vitest';
import {
  codeBlock,
  codeSpan,
  escapeHtml,
  inlineText,
  modelMarkdown,
  neutralizeMentions,
  truncate,
} from '../../src/report/markdown.js';

const Z = '\u200B';

describe('neutralizeMentions', () => {
  it('breaks user and team mentions and cross-repository references', () => {
    expect(neutralizeMentions('cc @alice, (@org/team) and @bob-2')).toBe(
      `cc @${Z}alice, (@${Z}org/team) and @${Z}bob-2`,
    );
    expect(neutralizeMentions('see other/repo#12 and octo/x@abcdef1')).toBe(
      `see other/repo#${Z}12 and octo/x@${Z}abcdef1`,
    );
  });

  it('leaves e-mail addresses, same-repository references and URL fragments alone', () => {
    const text = 'mail me@example.com, fixes #12, https://github.com/o/r#readme';
    expect(neutralizeMentions(text)).toBe(text);
  });
});

describe('inlineText', () => {
  it('shows the text as written on one line, with nothing that renders', () => {
    expect(inlineText('a *b* _c_ `d` [e](f) <img> | ~g~ \\ &amp;\nnext')).toBe(
      'a \\*b\\* \\_c\\_ \\`d\\` \\[e\\](f) &lt;img&gt; \\| \\~g\\~ \\\\ &amp;amp; next',
    );
  });

  it('neutralises a reference that escaping would hide from the check', () => {
    expect(inlineText('my_org/repo#1')).toBe(`my\\_org/repo#${Z}1`);
  });

  it('truncates long text', () => {
    expect(inlineText('x'.repeat(300), { maxLength: 10 })).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('codeSpan and codeBlock', () => {
  it('choose a fence longer than any backtick run inside', () => {
    expect(codeSpan('a `b` c')).toBe('``a `b` c``');
    expect(codeSpan('`x')).toBe('`` `x ``');
    expect(codeSpan('   ')).toBe('');
    expect(codeBlock('```\nnested\n```', 'md')).toBe('````md\n```\nnested\n```\n````');
  });
});

describe('escapeHtml', () => {
  it('escapes tags, quotes and mentions', () => {
    expect(escapeHtml('<a href="x">@bob</a> & co')).toBe(
      `&lt;a href=&quot;x&quot;&gt;@${Z}bob&lt;/a&gt; &amp; co`,
    );
  });
});

describe('truncate', () => {
  it('never splits a surrogate pair', () => {
    expect(truncate('ab😀cd', 4)).toBe('ab…');
    expect(truncate('abc', 3)).toBe('abc');
  });
});

describe('modelMarkdown', () => {
  it('keeps Markdown, shows HTML as text outside code and keeps code verbatim', () => {
    const text = [
      '**Fixed** <details> in `Array<string>` and ``a ` <b>``',
      '<!-- hidden --> &#64;admin ![x](https://e.example/p.png)',
      '```html',
      '<b>@keep</b>',
      '```',
      'unclosed `tick <i>',
    ].join('\n');
    expect(modelMarkdown(text)).toBe(
      [
        '**Fixed** &lt;details> in `Array<string>` and ``a ` <b>``',
        `&lt;!-- hidden --> &amp;#64;admin !\\[x](https://e.example/p.png)`,
        '```html',
        '<b>@keep</b>',
        '```',
        'unclosed `tick &lt;i>',
      ].join('\n'),
    );
  });

  it('neutralises mentions in prose and closes a fence left open', () => {
    expect(modelMarkdown('thanks @bob\r\n~~~~\ncode @x\n~~~')).toBe(
      `thanks @${Z}bob\n~~~~\ncode @x\n~~~\n~~~~`,
    );
  });
});
