/**
 * The readers whose file arguments are known, each described the way its own option parser reads
 * its arguments (GNU coreutils, grep, gawk, GNU sed, jq 1.7, mikefarah yq 4, ripgrep, tree): which
 * options take a value, which of those values are files, which options make the files it reads
 * unknowable. `file-operands.ts` reads a command's arguments with these.
 */
import type { FileAccessPurpose } from './shell-analysis-types.js';
import type { WordValue } from './shell-words.js';

/** What an option's value (or an operand) is. */
export type ValueRole = FileAccessPurpose | 'names' | 'value';

export interface ReaderSpec {
  /** Short letters that take a value: the rest of the cluster, or the next word. */
  shortValues?: Readonly<Record<string, ValueRole>>;
  /** Long options that take a value (`--x=v` or `--x v`). */
  longValues?: Readonly<Record<string, ValueRole>>;
  /** Long options whose value is optional (only `--x=v`). */
  longOptional?: readonly string[];
  /** Long options without a value that matter for abbreviations or `unknownWith`. */
  longFlags?: readonly string[];
  /** Long options with two values, a name and then a value of this role (`jq --rawfile n f`). */
  longPairs?: Readonly<Record<string, ValueRole>>;
  /** Long options that are another spelling of a short one (`--recursive` for `-R`). */
  longToShort?: Readonly<Record<string, string>>;
  /** Options (`-R`, `--check`) that make what the command reads unknowable, and why. */
  unknownWith?: Readonly<Record<string, string>>;
  /**
   * Options that together make it unknowable (`ls -R` with `-L`), unless one of `unless` is
   * given too (`diff -r --no-dereference`).
   */
  unknownWithAll?: readonly {
    options: readonly string[];
    unless?: readonly string[];
    reason: string;
  }[];
  /** Options that make the command write its operands in place (`yq -i`). */
  writesOperandsWith?: readonly string[];
  /** The first operand is a script or pattern (grep, awk, jq) unless one of these options is given. */
  scriptOperandUnless?: readonly string[];
  /** What the operands are, by position; the last entry repeats. Default: all read. */
  operands?: readonly ValueRole[];
  /** An operand that is not a file at all (awk's `var=value`). */
  isNotFile?: (literal: string) => boolean;
  /** Options end at the first operand (awk, xxd). */
  optionsFirst?: boolean;
  /** Words before the options to skip (`yq eval`). */
  subcommands?: readonly string[];
  /** Whole-command checks beyond options and operands (a jq filter that imports modules). */
  extra?: (script: WordValue | undefined, args: readonly WordValue[]) => string | undefined;
}

const SUMS: ReaderSpec = {
  longFlags: [
    'binary',
    'text',
    'tag',
    'zero',
    'ignore-missing',
    'quiet',
    'status',
    'strict',
    'warn',
    'check',
  ],
  longValues: { length: 'value', algorithm: 'value' },
  shortValues: { l: 'value', a: 'value' },
  longToShort: { check: '-c' },
  unknownWith: {
    '-c': 'it checks the files a list names, and those names are only known when it runs',
  },
};

const GREP: ReaderSpec = {
  shortValues: {
    e: 'value',
    f: 'read',
    m: 'value',
    A: 'value',
    B: 'value',
    C: 'value',
    d: 'value',
    D: 'value',
  },
  longValues: {
    regexp: 'value',
    file: 'read',
    'max-count': 'value',
    'after-context': 'value',
    'before-context': 'value',
    context: 'value',
    directories: 'value',
    devices: 'value',
    include: 'value',
    exclude: 'value',
    'exclude-from': 'read',
    'exclude-dir': 'value',
    label: 'value',
    'binary-files': 'value',
    'group-separator': 'value',
  },
  longOptional: ['color', 'colour'],
  longFlags: ['recursive', 'dereference-recursive', 'no-group-separator'],
  longToShort: { 'dereference-recursive': '-R' },
  unknownWith: {
    '-R': 'it follows every symlink while searching directories (use -r, which does not)',
  },
  scriptOperandUnless: ['-e', '--regexp', '-f', '--file'],
};

const AWK: ReaderSpec = {
  shortValues: { f: 'read', E: 'read', i: 'read', e: 'value', v: 'value', F: 'value', l: 'value' },
  longValues: {
    file: 'read',
    exec: 'read',
    include: 'read',
    source: 'value',
    assign: 'value',
    'field-separator': 'value',
    load: 'value',
  },
  // gawk writes these where its option says (awkCheck reports them); only `--x=file` names one.
  longOptional: ['profile', 'dump-variables', 'pretty-print', 'debug', 'lint'],
  scriptOperandUnless: ['-f', '--file', '-E', '--exec', '-e', '--source'],
  isNotFile: (literal) => /^[A-Za-z_][A-Za-z0-9_]*=/u.test(literal),
  optionsFirst: true,
};

const SED: ReaderSpec = {
  shortValues: { e: 'value', f: 'read', l: 'value' },
  longValues: { expression: 'value', file: 'read', 'line-length': 'value' },
  longOptional: ['in-place'],
  longToShort: { 'in-place': '-i' },
  scriptOperandUnless: ['-e', '--expression', '-f', '--file'],
  writesOperandsWith: ['-i'],
};

/** Modules a jq filter loads are looked up on disk; we cannot tell where. */
function jqFilterProblem(script: WordValue | undefined): string | undefined {
  const filter = script?.literal;
  if (filter === undefined || !/\b(import|include)\b/u.test(filter)) return undefined;
  return 'its filter loads modules or data files (`import`, `include`), which are looked up outside the command line';
}

/** yq's `load` operators read any file the expression names. */
function yqExpressionProblem(script: WordValue | undefined): string | undefined {
  const expression = script?.literal;
  if (expression === undefined || !/\bload(_[a-z0-9]+)?\s*\(/u.test(expression)) return undefined;
  return 'its expression reads files itself (`load`)';
}

export const READERS: Readonly<Record<string, ReaderSpec>> = {
  cat: {},
  tac: { shortValues: { s: 'value' }, longValues: { separator: 'value' } },
  head: {
    shortValues: { c: 'value', n: 'value' },
    longValues: { bytes: 'value', lines: 'value' },
  },
  tail: {
    shortValues: { c: 'value', n: 'value', s: 'value' },
    longValues: {
      bytes: 'value',
      lines: 'value',
      'sleep-interval': 'value',
      pid: 'value',
      'max-unchanged-stats': 'value',
    },
    longOptional: ['follow'],
  },
  less: {
    shortValues: {
      b: 'value',
      h: 'value',
      j: 'value',
      k: 'read',
      o: 'write',
      O: 'write',
      p: 'value',
      P: 'value',
      t: 'value',
      T: 'read',
      x: 'value',
      y: 'value',
      z: 'value',
      '#': 'value',
      D: 'value',
    },
    longValues: {
      'log-file': 'write',
      'LOG-FILE': 'write',
      'lesskey-file': 'read',
      'tag-file': 'read',
      pattern: 'value',
      prompt: 'value',
      tag: 'value',
    },
  },
  more: { shortValues: { n: 'value' }, longValues: { lines: 'value' } },
  wc: {
    longValues: { 'files0-from': 'names', total: 'value' },
  },
  sort: {
    shortValues: { k: 'value', o: 'write', S: 'value', t: 'value', T: 'write' },
    longValues: {
      key: 'value',
      output: 'write',
      'buffer-size': 'value',
      'field-separator': 'value',
      'temporary-directory': 'write',
      'batch-size': 'value',
      'compress-program': 'value',
      'files0-from': 'names',
      parallel: 'value',
      'random-source': 'read',
      sort: 'value',
    },
    longOptional: ['check'],
  },
  uniq: {
    shortValues: { f: 'value', s: 'value', w: 'value' },
    longValues: { 'skip-fields': 'value', 'skip-chars': 'value', 'check-chars': 'value' },
    longOptional: ['all-repeated', 'group'],
    operands: ['read', 'write', 'value'],
  },
  cut: {
    shortValues: { b: 'value', c: 'value', d: 'value', f: 'value' },
    longValues: {
      bytes: 'value',
      characters: 'value',
      delimiter: 'value',
      fields: 'value',
      'output-delimiter': 'value',
    },
  },
  diff: {
    shortValues: {
      C: 'value',
      U: 'value',
      D: 'value',
      F: 'value',
      I: 'value',
      L: 'value',
      S: 'value',
      W: 'value',
      x: 'value',
      X: 'read',
    },
    longValues: {
      ifdef: 'value',
      'show-function-line': 'value',
      'ignore-matching-lines': 'value',
      label: 'value',
      'starting-file': 'value',
      width: 'value',
      exclude: 'value',
      'exclude-from': 'read',
      'from-file': 'read',
      'to-file': 'read',
      tabsize: 'value',
      'horizon-lines': 'value',
      'line-format': 'value',
      'old-line-format': 'value',
      'new-line-format': 'value',
      'unchanged-line-format': 'value',
      'old-group-format': 'value',
      'new-group-format': 'value',
      'changed-group-format': 'value',
      'unchanged-group-format': 'value',
      palette: 'value',
    },
    longOptional: ['context', 'unified', 'color'],
    longFlags: ['recursive', 'no-dereference'],
    longToShort: { recursive: '-r' },
    unknownWithAll: [
      {
        options: ['-r'],
        unless: ['--no-dereference'],
        reason:
          'it follows symlinks while comparing directories (add --no-dereference, or compare files)',
      },
    ],
  },
  cmp: {
    shortValues: { i: 'value', n: 'value' },
    longValues: { 'ignore-initial': 'value', bytes: 'value' },
    operands: ['read', 'read', 'value'],
  },
  file: {
    shortValues: { e: 'value', f: 'names', F: 'value', m: 'read', P: 'value' },
    longValues: {
      exclude: 'value',
      'exclude-quiet': 'value',
      'files-from': 'names',
      separator: 'value',
      'magic-file': 'read',
      parameter: 'value',
    },
  },
  stat: {
    shortValues: { c: 'value' },
    longValues: { format: 'value', printf: 'value', cached: 'value' },
  },
  nl: {
    shortValues: {
      b: 'value',
      d: 'value',
      f: 'value',
      h: 'value',
      i: 'value',
      l: 'value',
      n: 'value',
      s: 'value',
      v: 'value',
      w: 'value',
    },
    longValues: {
      'body-numbering': 'value',
      'section-delimiter': 'value',
      'footer-numbering': 'value',
      'header-numbering': 'value',
      'line-increment': 'value',
      'join-blank-lines': 'value',
      'number-format': 'value',
      'number-separator': 'value',
      'starting-line-number': 'value',
      'number-width': 'value',
    },
  },
  od: {
    shortValues: { A: 'value', j: 'value', N: 'value', S: 'value', t: 'value' },
    longValues: {
      'address-radix': 'value',
      'skip-bytes': 'value',
      'read-bytes': 'value',
      format: 'value',
      endian: 'value',
    },
    longOptional: ['strings', 'width'],
  },
  xxd: {
    shortValues: {
      c: 'value',
      g: 'value',
      l: 'value',
      o: 'value',
      s: 'value',
      n: 'value',
      R: 'value',
    },
    operands: ['read', 'write', 'value'],
    optionsFirst: true,
  },
  hexdump: {
    shortValues: { e: 'value', f: 'read', n: 'value', s: 'value' },
  },
  hd: {
    shortValues: { e: 'value', f: 'read', n: 'value', s: 'value' },
  },
  strings: {
    shortValues: { n: 'value', t: 'value', e: 'value', T: 'value', s: 'value' },
    longValues: {
      bytes: 'value',
      radix: 'value',
      encoding: 'value',
      target: 'value',
      'output-separator': 'value',
    },
  },
  base64: { shortValues: { w: 'value' }, longValues: { wrap: 'value' } },
  base32: { shortValues: { w: 'value' }, longValues: { wrap: 'value' } },
  md5sum: SUMS,
  sha1sum: SUMS,
  sha224sum: SUMS,
  sha256sum: SUMS,
  sha384sum: SUMS,
  sha512sum: SUMS,
  b2sum: SUMS,
  cksum: SUMS,
  sum: {},
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  awk: AWK,
  gawk: AWK,
  mawk: AWK,
  nawk: AWK,
  sed: SED,
  jq: {
    shortValues: { L: 'read' },
    longPairs: { arg: 'value', argjson: 'value', slurpfile: 'read', rawfile: 'read' },
    longValues: {
      indent: 'value',
      'library-path': 'read',
      'from-file': 'read',
    },
    longFlags: ['args', 'jsonargs', 'seq', 'stream', 'tab', 'null-input', 'raw-input', 'slurp'],
    // `-f` makes the first operand the filter's file (jq 1.6) or names it (1.7): a file either way.
    scriptOperandUnless: ['-f', '--from-file'],
    extra: jqFilterProblem,
  },
  yq: {
    subcommands: ['eval', 'e', 'eval-all', 'ea'],
    shortValues: { o: 'value', p: 'value', I: 'value', s: 'write' },
    longValues: {
      'output-format': 'value',
      'input-format': 'value',
      indent: 'value',
      expression: 'value',
      'from-file': 'read',
      'front-matter': 'value',
      'split-exp': 'write',
      'csv-separator': 'value',
      'properties-separator': 'value',
      'xml-attribute-prefix': 'value',
      'xml-content-name': 'value',
    },
    longFlags: ['inplace'],
    longToShort: { inplace: '-i' },
    scriptOperandUnless: ['--expression', '--from-file'],
    writesOperandsWith: ['-i'],
    extra: yqExpressionProblem,
  },
  ls: {
    shortValues: { I: 'value', w: 'value', T: 'value' },
    longValues: {
      ignore: 'value',
      hide: 'value',
      width: 'value',
      tabsize: 'value',
      'block-size': 'value',
      format: 'value',
      sort: 'value',
      time: 'value',
      'time-style': 'value',
      'indicator-style': 'value',
      'quoting-style': 'value',
    },
    longOptional: ['color', 'hyperlink'],
    longFlags: ['recursive', 'dereference'],
    longToShort: { recursive: '-R', dereference: '-L' },
    unknownWithAll: [
      {
        options: ['-R', '-L'],
        reason: 'it follows symlinks while listing directories recursively (leave out -L)',
      },
    ],
  },
  tree: {
    shortValues: { L: 'value', P: 'value', I: 'value', o: 'write', H: 'value', T: 'value' },
    longValues: {
      charset: 'value',
      filelimit: 'value',
      timefmt: 'value',
      sort: 'value',
      gitfile: 'read',
      hintro: 'read',
      houtro: 'read',
      infofile: 'read',
    },
    longFlags: ['fromfile', 'fromtabfile', 'gitignore'],
    unknownWith: { '-l': 'it follows symlinks to directories (leave out -l)' },
  },
  rg: {
    shortValues: {
      e: 'value',
      f: 'read',
      g: 'value',
      t: 'value',
      T: 'value',
      m: 'value',
      A: 'value',
      B: 'value',
      C: 'value',
      M: 'value',
      E: 'value',
      r: 'value',
      j: 'value',
      d: 'value',
    },
    longValues: {
      regexp: 'value',
      file: 'read',
      glob: 'value',
      iglob: 'value',
      type: 'value',
      'type-not': 'value',
      'type-add': 'value',
      'max-count': 'value',
      'after-context': 'value',
      'before-context': 'value',
      context: 'value',
      'max-columns': 'value',
      encoding: 'value',
      replace: 'value',
      threads: 'value',
      'max-depth': 'value',
      'ignore-file': 'read',
      'max-filesize': 'value',
      'context-separator': 'value',
      'field-match-separator': 'value',
      'field-context-separator': 'value',
      'path-separator': 'value',
      sort: 'value',
      sortr: 'value',
      colors: 'value',
      color: 'value',
      engine: 'value',
    },
    longFlags: ['follow'],
    longToShort: { follow: '-L' },
    unknownWith: {
      '-L': 'it follows symlinks while searching (leave out -L and --follow)',
    },
    scriptOperandUnless: ['-e', '--regexp', '-f', '--file'],
  },
};

/** The programs whose file arguments are known. */
export const FILE_READERS: readonly string[] = Object.keys(READERS);
