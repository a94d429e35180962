import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/platform/redaction.js';
import { renderLabelComment } from '../../src/triage/label-comment.js';

const { redact } = createRedactor({ secrets: ['canary-Secret-42/xyz'] });
const MARKER = '<!-- gemini-agent:triage -->';

function body(text: string): string {
  const rendered = renderLabelComment(text, { redact });
  if (rendered === undefined) throw new Error('nothing rendered');
  expect(rendered.endsWith(`\n\n${MARKER}`)).toBe(true);
  return rendered.slice(0, -`\n\n${MARKER}`.length);
}

describe('the triage note', () => {
  it('pings nobody: mentions, team mentions and cross-repository references are broken', () => {
    expect(body('Thanks @octocat, cc @my-org/core, see other/repo#12 and #3.')).toBe(
      'Thanks @\u200Boctocat, cc @\u200Bmy-org/core, see other/repo#\u200B12 and #3.',
    );
  });

  it('renders as plain text: no images, HTML, links with misleading text or headings', () => {
    expect(
      body(
        '# Title\n![pixel](https://evil.example/p.png) <img src=x> [click](https://github.com/o/r)',
      ),
    ).toBe(
      '\\# Title\n!\\[pixel\\](`https://evil.example/p.png`) &lt;img src=x&gt; \\[click\\](https://github.com/o/r)',
    );
  });

  it('keeps GitHub links clickable and shows other hosts as code', () => {
    expect(
      body(
        'See https://github.com/o/r/issues/1, https://docs.example.com/setup and www.evil.example. Also http://github.com/x.',
      ),
    ).toBe(
      'See https://github.com/o/r/issues/1, `https://docs.example.com/setup` and `www.evil.example`. Also `http://github.com/x`.',
    );
    expect(body('https://github.com@evil.example/x')).toBe('`https://github.com@evil.example/x`');
  });

  it('redacts secrets, drops trailing spaces and extra blank lines, and caps the length', () => {
    expect(body('token canary-Secret-42/xyz  \n\n\n\nbye')).toBe('token \\*\\*\\*\n\nbye');
    const long = body('a'.repeat(5000));
    expect(long.length).toBe(2000);
    expect(long.endsWith('…')).toBe(true);
  });

  it('posts nothing for a blank note', () => {
    expect(renderLabelComment(' \n\t ', { redact })).toBeUndefined();
  });
});
