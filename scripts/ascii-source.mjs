// Writes a bundle's JavaScript in ASCII, with the same meaning.
//
// V8 keeps a script's source as a one-byte string only when every character fits in Latin-1; a
// single em dash in a comment makes the whole chunk a two-byte string, which node decodes and V8
// scans more slowly. The bundles hold a few hundred such characters (comments, messages, regular
// expressions) in megabytes of ASCII. Measured on the CLI's start → first model request: about
// 10 ms (bench/cold-start.mjs, median of five, 231 → 221 ms).
//
// Each character is escaped where the language gives the escape the same meaning: in comments,
// string literals, regular expressions, identifiers and the text of untagged template literals.
// A tagged template's tag can read the raw text, so its text is left as it is, as is a
// non-ASCII character used as whitespace; such a file simply stays two-byte.
import { Parser } from 'acorn';

const NON_ASCII = /[\u0080-\uffff]/;

/** `code` with every non-ASCII character escaped where that keeps its meaning. */
export function asciiSource(code) {
  if (!NON_ASCII.test(code)) return code;
  // Only the comments and tokens that hold a non-ASCII character are kept: a bundle has millions
  // of tokens, and an object for each took gigabytes of heap.
  const ranges = [];
  const program = Parser.parse(code, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    allowHashBang: true,
    onComment: (_block, text, start, end) => {
      if (NON_ASCII.test(text)) ranges.push({ start, end, escapes: false });
    },
    onToken: (token) => {
      if (!ESCAPABLE_TOKENS.has(token.type.label)) return;
      if (!NON_ASCII.test(code.slice(token.start, token.end))) return;
      ranges.push({ start: token.start, end: token.end, escapes: true, token: true });
    },
  });
  const tagged = taggedTemplateRanges(program);
  const escapable = ranges
    .filter(
      (range) =>
        !range.token || !tagged.some(([start, end]) => range.start >= start && range.end <= end),
    )
    .sort((a, b) => a.start - b.start);

  let out = '';
  let at = 0;
  for (const range of escapable) {
    const text = code.slice(range.start, range.end);
    out += code.slice(at, range.start) + escapeText(text, range.escapes);
    at = range.end;
  }
  return out + code.slice(at);
}

/** Tokens whose non-ASCII characters can be written as `\uXXXX` (acorn's token labels). */
const ESCAPABLE_TOKENS = new Set(['string', 'regexp', 'template', 'name', 'privateId']);

/**
 * Each non-ASCII UTF-16 unit as `\uXXXX`. Where backslash escapes apply (`escapes`), an escaped
 * character (`\é`, which means `é`) loses its backslash; an escaped line separator is a line
 * continuation, which means nothing, so it is kept.
 */
function escapeText(text, escapes) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      out += text[i];
      continue;
    }
    const escape = `\\u${unit.toString(16).padStart(4, '0')}`;
    if (escapes && endsInOddBackslashes(out)) {
      if (unit === 0x2028 || unit === 0x2029) out += text[i];
      else out = out.slice(0, -1) + escape;
    } else {
      out += escape;
    }
  }
  return out;
}

function endsInOddBackslashes(text) {
  let count = 0;
  for (let i = text.length - 1; i >= 0 && text[i] === '\\'; i--) count++;
  return count % 2 === 1;
}

/** `[start, end]` of every tagged template literal in the program. */
function taggedTemplateRanges(program) {
  const ranges = [];
  const visit = (node) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (node.type === 'TaggedTemplateExpression') ranges.push([node.quasi.start, node.quasi.end]);
    for (const key in node) {
      if (key !== 'loc') visit(node[key]);
    }
  };
  visit(program);
  return ranges;
}
