import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTolerantEdit } from '../../src/tools/edit-matching.js';

const lines = (...text: string[]) => text.join('\n');

describe('findTolerantEdit: exact', () => {
  it('replaces a verbatim occurrence and leaves everything else alone', () => {
    const content = lines('a', '  b  ', 'c', '');
    expect(findTolerantEdit(content, '  b  ', 'B')).toEqual({
      strategy: 'exact',
      occurrences: 1,
      newContent: lines('a', 'B', 'c', ''),
    });
  });

  it('inserts replacement text literally, `$&` and all', () => {
    expect(findTolerantEdit('price = 1\n', '1', '$& + $1').newContent).toBe('price = $& + $1\n');
  });

  it('reports every exact occurrence instead of guessing which one was meant', () => {
    const content = lines('x = 1;', 'y = 2;', 'x = 1;', '');
    expect(findTolerantEdit(content, 'x = 1;', 'x = 3;')).toEqual({
      strategy: 'exact',
      occurrences: 2,
      newContent: content,
    });
  });

  it('compares CRLF search text as LF', () => {
    expect(findTolerantEdit('a\nb\n', 'a\r\nb', 'A\r\nB').newContent).toBe('A\nB\n');
  });

  it('finds nothing for an empty or unmatched old_string', () => {
    expect(findTolerantEdit('abc\n', '', 'x')).toEqual({
      strategy: null,
      occurrences: 0,
      newContent: 'abc\n',
    });
    expect(findTolerantEdit('abc\n', 'xyz', 'q').occurrences).toBe(0);
  });

  it('behaves as a literal replacement whenever old_string occurs once verbatim', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\t', '(', 'x') }),
        fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom('Q', 'R', ' ', '\n', 'a') }),
        fc.string({ unit: fc.constantFrom('Z', ' ', '\n', '$') }),
        fc.string({ unit: fc.constantFrom('a', 'b', 'y') }),
        (before, needle, replacement, after) => {
          const content = `${before}${needle}${after}.\n`;
          // Exactly one place, overlapping ones included.
          fc.pre(
            content.indexOf(needle) === before.length &&
              content.indexOf(needle, before.length + 1) === -1,
          );
          const result = findTolerantEdit(content, needle, replacement);
          expect(result.strategy).toBe('exact');
          expect(result.newContent).toBe(`${before}${replacement}${after}.\n`);
        },
      ),
    );
  });
});

describe('findTolerantEdit: whole lines, whitespace ignored', () => {
  const file = lines(
    'class Runner {',
    '    run() {',
    '        if (ready) {',
    '            go();',
    '        }',
    '    }',
    '}',
    '',
  );

  it('matches lines written without the file indentation and re-indents the replacement', () => {
    const result = findTolerantEdit(
      file,
      lines('if (ready) {', '  go();', '}'),
      lines('if (ready) {', '  go();', '  report();', '}'),
    );
    expect(result.strategy).toBe('line');
    expect(result.newContent).toBe(
      lines(
        'class Runner {',
        '    run() {',
        '        if (ready) {',
        '            go();',
        '            report();',
        '        }',
        '    }',
        '}',
        '',
      ),
    );
  });

  it('carries a different indentation unit over (tabs in the file, spaces in the edit)', () => {
    const tabbed = lines('function f() {', '\tif (a) {', '\t\tb();', '\t}', '}', '');
    const result = findTolerantEdit(
      tabbed,
      lines('    if (a) {', '        b();', '    }'),
      lines(
        '    if (a) {',
        '        b();',
        '        c();',
        '    } else {',
        '        d();',
        '    }',
      ),
    );
    expect(result.newContent).toBe(
      lines(
        'function f() {',
        '\tif (a) {',
        '\t\tb();',
        '\t\tc();',
        '\t} else {',
        '\t\td();',
        '\t}',
        '}',
        '',
      ),
    );
  });

  it('ignores trailing whitespace on either side', () => {
    const content = lines('const a = 1;   ', 'const b = 2;', '');
    const result = findTolerantEdit(
      content,
      lines('const a = 1;', 'const b = 2;  '),
      'const a = 3;',
    );
    expect(result).toEqual({
      strategy: 'line',
      occurrences: 1,
      newContent: lines('const a = 3;', ''),
    });
  });

  it('keeps lines shallower than the edit base at their distance below it', () => {
    const content = lines('  begin', '    body', '  end', '');
    const result = findTolerantEdit(
      content,
      lines('    begin', '      body'),
      lines('    begin', '      body', '  outer'),
    );
    expect(result.newContent).toBe(lines('  begin', '    body', 'outer', '  end', ''));
  });

  it('removes the matched lines entirely when new_string is empty', () => {
    const content = lines('keep', '  drop me  ', 'keep too', '');
    expect(findTolerantEdit(content, 'drop me\n', '').newContent).toBe(
      lines('keep', 'keep too', ''),
    );
  });

  it('leaves blank replacement lines empty instead of indenting them', () => {
    const content = lines('  a();', '  b();', '');
    const result = findTolerantEdit(content, lines('a();  ', 'b();'), lines('a();', '', 'b();'));
    expect(result.newContent).toBe(lines('  a();', '', '  b();', ''));
  });

  it('reports several whitespace-insensitive matches as ambiguous', () => {
    const content = lines('  x();', '  y();', '', '    x();', '    y();', '');
    expect(findTolerantEdit(content, lines('x();  ', 'y();'), 'z();')).toEqual({
      strategy: 'line',
      occurrences: 2,
      newContent: content,
    });
  });
});

describe('findTolerantEdit: tokens with flexible whitespace', () => {
  it('matches inside a line when only the spacing around punctuation differs', () => {
    const content = 'const total = compute( a,b );\n';
    expect(findTolerantEdit(content, 'compute(a, b)', 'compute(a, b, c)')).toEqual({
      strategy: 'token',
      occurrences: 1,
      newContent: 'const total = compute(a, b, c);\n',
    });
  });

  it('matches across differently broken lines and re-indents later replacement lines', () => {
    const content = lines('  call(first,', '       second);', 'next();', '');
    const result = findTolerantEdit(
      content,
      'call(first, second);',
      lines('call(', '  first,', '  second,', ');'),
    );
    expect(result.strategy).toBe('token');
    expect(result.newContent).toBe(
      lines('  call(', '    first,', '    second,', '  );', 'next();', ''),
    );
  });

  it('still needs whitespace where old_string separated two words', () => {
    expect(findTolerantEdit('let intx = 1;\n', 'int x', 'int y').occurrences).toBe(0);
    expect(findTolerantEdit('let int\t x = 1;\n', 'int x', 'int y').newContent).toBe(
      'let int y = 1;\n',
    );
  });

  it('keeps the file without a trailing newline when it had none', () => {
    expect(findTolerantEdit('f( 1 )', 'f(1)', 'f(2)\n').newContent).toBe('f(2)');
    expect(findTolerantEdit('last line', 'last line', 'last line\n').newContent).toBe('last line');
  });

  it('keeps the trailing newline when the replacement drops it', () => {
    expect(findTolerantEdit('a\nb\n', 'b\n', 'c').newContent).toBe('a\nc\n');
  });
});
