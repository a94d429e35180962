import { describe, expect, it } from 'vitest';
import { renderMarkdownForTerminal } from '../../src/local/terminal-markdown.js';

describe('comment Markdown in the terminal', () => {
  it("shows Markdown's backslash escapes as the characters they stand for, outside code", () => {
    expect(
      renderMarkdownForTerminal(
        'Set GOOGLE\\_GEMINI\\_BASE\\_URL to 2 \\* 3 \\[x\\] or run `a\\_b`.',
      ),
    ).toBe('Set GOOGLE_GEMINI_BASE_URL to 2 * 3 [x] or run `a\\_b`.');
  });

  it('shows a collapsed block as its summary line, and nothing of what it hides', () => {
    const text = renderMarkdownForTerminal(
      [
        'Before.',
        '',
        '<details><summary>Tool calls (2)</summary>',
        '',
        '- ✅ `read_file`',
        '<details><summary>Nested</summary>inner</details>',
        '</details>',
        '',
        'After.',
      ].join('\n'),
    );

    expect(text).toBe('Before.\n\n▸ Tool calls (2) (collapsed)\n\nAfter.');
  });

  it('drops hidden markers, underlines top headings, indents code and writes links out', () => {
    const text = renderMarkdownForTerminal(
      [
        '## Result',
        '',
        'See [the run](https://example.com/run) and **this** &lt;tag&gt; &amp; more.<br>Next',
        '',
        '```diff',
        '-old',
        '+new',
        '```',
        '<!-- gemini-agent:progress -->',
        '<sub>small</sub>',
      ].join('\n'),
      { indent: '  ' },
    );

    expect(text).toBe(
      [
        '  Result',
        '  ──────',
        '',
        '  See the run (https://example.com/run) and this <tag> & more. Next',
        '',
        '      -old',
        '      +new',
        '  small',
      ].join('\n'),
    );
  });

  it('keeps a block left open as one collapsed line', () => {
    expect(renderMarkdownForTerminal('<details>\n<summary>Diff</summary>\n\n+x')).toBe(
      '▸ Diff (collapsed)',
    );
  });
});
