/**
 * Which files a command reads or writes through its arguments: for the programs a policy is
 * likely to allow for looking at files (`cat`, `head`, `grep`, `ls`, `jq` and the like; see
 * `file-readers.ts`), and for those that create, replace, remove, move or link the files they
 * name (`cp`, `mv`, `tee`, `touch`, `rm`, `dd`, `git checkout`, …; see `file-writers.ts`). The
 * engine checks every one against the workspace (see `shell-decision.ts`), so an allowed `cat`
 * reads what `read_file` may read and nothing more, sandbox or not, and judges every path written
 * the way a `write_file` call to it would be judged (`protected-writes.ts`).
 *
 * Each program's options are read the way GNU getopt reads them (options anywhere before `--`,
 * clusters of short letters, long options by unique prefix). The reading errs towards paths:
 * a word it cannot place is taken for a file (which only costs a refusal if it lies outside),
 * and a value attached to a long option it does not know (`--foo=/etc/x`) is checked as a path
 * too. What it cannot know before the command runs — a path built by `~`, braces or an
 * expansion, a list of names read from a file, a recursion that follows symlinks, the files a
 * patch names — is marked `unknown`, which the engine refuses.
 */
import path from 'node:path';
import { READERS } from './file-readers.js';
import { GIT_GLOBALS_WITH_VALUE } from './git-arguments.js';
import type { ReaderSpec, ValueRole } from './file-readers.js';
import { GIT_WRITERS, WRITERS } from './file-writers.js';
import type { WriterSpec } from './file-writers.js';
import type { FileAccessPurpose, ShellFileAccess } from './shell-analysis-types.js';
import type { WordValue } from './shell-words.js';

export { FILE_READERS } from './file-readers.js';

/** The programs whose written files are known from their arguments. */
export const FILE_WRITERS: readonly string[] = Object.keys(WRITERS);

/** One option as written, with the word its value came from. */
interface SeenOption {
  /** `-x` or `--name` (the full name an abbreviation stands for). */
  name: string;
  /** The word holding the value (the option's own word when attached). */
  value?: WordValue;
  /** The value when it was attached (`--x=v`, `-xv`). */
  attached?: string;
  /** The role of the value; `value` when it is not a file. */
  role: ValueRole;
}

/**
 * The files `program` reads or writes through its arguments, or undefined when the program is
 * not one whose arguments are known.
 */
export function fileAccesses(
  program: string,
  args: readonly WordValue[],
): ShellFileAccess[] | undefined {
  const spec = READERS[program];
  if (spec === undefined) {
    const writer = WRITERS[program];
    return writer === undefined ? undefined : writerAccesses(writer, args);
  }
  const { options, operands } = splitArguments(spec, args);
  const accesses: ShellFileAccess[] = [];
  const names = new Set(options.map((option) => option.name));

  for (const [option, reason] of Object.entries(spec.unknownWith ?? {})) {
    if (names.has(option)) accesses.push(unknown(option, reason));
  }
  for (const rule of spec.unknownWithAll ?? []) {
    const given = rule.options.every((option) => names.has(option));
    if (given && !(rule.unless ?? []).some((option) => names.has(option))) {
      accesses.push(unknown(rule.options.join(' '), rule.reason));
    }
  }
  for (const option of options) {
    if (option.value !== undefined && option.role !== 'value') {
      accesses.push(toAccess(option.value, option.role, option.attached));
    }
  }

  let files = operands;
  let script: WordValue | undefined;
  if (spec.scriptOperandUnless && !spec.scriptOperandUnless.some((name) => names.has(name))) {
    script = operands[0];
    files = operands.slice(1);
  }
  const extra = spec.extra?.(script, args);
  if (extra !== undefined) accesses.push(unknown(script?.text ?? program, extra));

  const inPlace = (spec.writesOperandsWith ?? []).some((name) => names.has(name));
  const roles = spec.operands ?? ['read'];
  files.forEach((word, index) => {
    const role = roles[Math.min(index, roles.length - 1)] ?? 'read';
    if (role === 'value') return;
    if (word.literal !== undefined && spec.isNotFile?.(word.literal) === true) return;
    accesses.push(toAccess(word, inPlace ? 'write' : role));
  });
  return accesses;
}

/** Git's own options that make relative paths lead elsewhere. */
const GIT_ELSEWHERE = new Set(['-C', '--git-dir', '--work-tree']);

/**
 * The files a writer (see `file-writers.ts`) writes, and reads, through its arguments; undefined
 * for a git subcommand whose writes are not known.
 */
function writerAccesses(
  spec: WriterSpec,
  args: readonly WordValue[],
): ShellFileAccess[] | undefined {
  if (spec.targets === 'subcommand') return gitAccesses(args);
  const { options, operands } = splitArguments(spec, args);
  const names = new Set(options.map((option) => option.name));
  const given = (list: readonly string[] | undefined) =>
    (list ?? []).some((name) => names.has(name));
  const tree = spec.recursive === true || given(spec.recursiveWith);
  const accesses: ShellFileAccess[] = [];
  for (const option of options) {
    if (option.value !== undefined && option.role !== 'value') {
      accesses.push(toAccess(option.value, option.role, option.attached));
    }
  }
  switch (spec.targets) {
    case 'operands':
      for (const word of operands) accesses.push(written(toAccess(word, 'write'), tree));
      break;
    case 'keyValue':
      accesses.push(...keyValueAccesses(spec, operands));
      break;
    case 'pathspecs':
      for (const word of operands) accesses.push(pathspecAccess(word));
      break;
    case 'unnamed':
      if (!given(spec.unknownUnless) || given(spec.unknownAgainWith)) {
        const text = args.map((arg) => arg.text).join(' ');
        accesses.push({
          text: text === '' ? '(no arguments)' : text,
          purpose: 'write',
          unknown: spec.unnamedReason ?? 'what it writes is only known when it runs',
        });
      }
      break;
    case 'destination': {
      const target = options.find((option) => spec.targetDirectory?.includes(option.name));
      accesses.push(...destinationAccesses(spec, operands, { target, given, tree }));
      break;
    }
  }
  return accesses;
}

/** A write access, reaching everything below its path when `tree`. */
function written(access: ShellFileAccess, tree: boolean): ShellFileAccess {
  return tree && access.unknown === undefined ? { ...access, tree: true } : access;
}

/**
 * `cp`, `mv`, `install`, `ln`: the sources, the destination, and `<destination>/<source's name>`
 * (the whole source path with `--parents`) for when the destination is a folder.
 */
function destinationAccesses(
  spec: WriterSpec,
  operands: readonly WordValue[],
  how: {
    target: SeenOption | undefined;
    given: (list: readonly string[] | undefined) => boolean;
    tree: boolean;
  },
): ShellFileAccess[] {
  if (how.given(spec.operandsWrittenWith)) {
    return operands.map((word) => toAccess(word, 'write'));
  }
  let destination: ShellFileAccess | undefined;
  let sources = operands;
  if (how.target?.value !== undefined) {
    destination = toAccess(how.target.value, 'write', how.target.attached);
  } else if (operands.length >= 2) {
    const last = operands[operands.length - 1];
    destination = last === undefined ? undefined : toAccess(last, 'write');
    sources = operands.slice(0, -1);
  } else if (spec.oneOperandInCurrentFolder === true && operands.length === 1) {
    destination = { text: '.', purpose: 'write', path: '.' };
  }
  const sourcesWritten = spec.sourcesWritten === true || how.given(spec.sourcesWrittenWith);
  const intoFolder = !how.given(spec.noTargetDirectory);
  const symbolic = how.given(spec.symbolicWith);
  const accesses = sources.flatMap((word) =>
    symbolic
      ? linkTargetAccesses(word, destination, intoFolder)
      : [sourcesWritten ? written(toAccess(word, 'write'), how.tree) : toAccess(word, 'read')],
  );
  if (destination === undefined) return accesses;
  // A destination that is surely a folder is not replaced: only the entries made inside it are.
  const surelyFolder =
    intoFolder &&
    (how.target !== undefined ||
      sources.length > 1 ||
      /(^|\/)\.{0,2}$/u.test(destination.path ?? destination.glob ?? 'x'));
  accesses.push(written(destination, how.tree && !surelyFolder));
  if (!intoFolder) return accesses;
  const parents = how.given(spec.parentsWith);
  for (const source of sources) {
    const inside = joinedAccess(destination, source, parents);
    if (inside !== undefined) accesses.push(written(inside, how.tree));
  }
  return accesses;
}

/**
 * A symbolic link's target, as a path it gives another name to: a relative one is looked up from
 * the link's folder, which is the destination's own folder or, when the destination is a folder,
 * the destination itself.
 */
function linkTargetAccesses(
  target: WordValue,
  destination: ShellFileAccess | undefined,
  intoFolder: boolean,
): ShellFileAccess[] {
  const access = toAccess(target, 'write');
  const written = access.path ?? access.glob;
  const link = destination?.path ?? destination?.glob;
  if (written === undefined || path.posix.isAbsolute(written) || link === undefined) {
    return [access];
  }
  const folders = new Set([path.posix.dirname(link), ...(intoFolder ? [link] : [])]);
  return [...folders].map((folder): ShellFileAccess => {
    const joined = path.posix.join(folder, written);
    return access.glob === undefined
      ? { text: access.text, purpose: 'write', path: joined }
      : { text: access.text, purpose: 'write', glob: joined };
  });
}

/**
 * `<destination>/<source's name>`: the destination itself for a source's contents (`app/.`),
 * undefined for a name that says nothing (`..`).
 */
function joinedAccess(
  destination: ShellFileAccess,
  source: WordValue,
  parents: boolean,
): ShellFileAccess | undefined {
  const from = toAccess(source, 'write');
  const sourcePath = from.path ?? from.glob;
  const base = destination.path ?? destination.glob;
  if (base === undefined) return undefined;
  if (sourcePath === undefined) {
    return { text: `${destination.text}/${source.text}`, purpose: 'write', unknown: from.unknown };
  }
  const name = parents ? sourcePath.replace(/^\/+/u, '') : path.posix.basename(sourcePath);
  // `cp -r app/. dest` puts what `app` holds straight into `dest`: the destination itself.
  if (name === '.') return { ...destination };
  if (name === '' || name === '..') return undefined;
  const joined = path.posix.join(base, name);
  const glob = from.glob !== undefined || destination.glob !== undefined;
  return glob
    ? { text: joined, purpose: 'write', glob: joined }
    : { text: joined, purpose: 'write', path: joined };
}

/** `dd if=IN of=OUT`: the keys that name files. */
function keyValueAccesses(spec: WriterSpec, operands: readonly WordValue[]): ShellFileAccess[] {
  const accesses: ShellFileAccess[] = [];
  for (const word of operands) {
    const equals = word.literalPrefix.indexOf('=');
    if (equals < 0) continue;
    const role = spec.fileKeys?.[word.literalPrefix.slice(0, equals)];
    if (role === undefined) continue;
    if (word.literal === undefined) {
      accesses.push({ text: word.text, purpose: role, unknown: dynamicReason(word) });
    } else {
      accesses.push(toAccess(word, role, word.literal.slice(equals + 1)));
    }
  }
  return accesses;
}

/**
 * A git pathspec: a path with all it holds. Git matches `*`, `?` and `[` itself, across `/`,
 * and `:` starts pathspec magic, so such a pathspec names paths only known when it runs.
 */
function pathspecAccess(word: WordValue): ShellFileAccess {
  const literal = word.literal;
  if (literal !== undefined && (/[*?[]/u.test(literal) || literal.startsWith(':'))) {
    return {
      text: word.text,
      purpose: 'write',
      unknown:
        'git matches it as a pattern itself, so the paths it names are only known when it runs (name the files)',
    };
  }
  return written(toAccess(word, 'write'), true);
}

/** `git [options] <subcommand> …`: the subcommands of `GIT_WRITERS`. */
function gitAccesses(args: readonly WordValue[]): ShellFileAccess[] | undefined {
  let i = 0;
  let elsewhere: string | undefined;
  for (; i < args.length; i++) {
    const literal = args[i]?.literal;
    if (literal === undefined || !literal.startsWith('-')) break;
    const name = literal.startsWith('--') ? literal.replace(/=.*$/su, '') : literal;
    if (GIT_ELSEWHERE.has(name)) elsewhere = literal;
    if (GIT_GLOBALS_WITH_VALUE.has(literal)) i++;
  }
  const spec = GIT_WRITERS[args[i]?.literal ?? ''];
  if (spec === undefined) return undefined;
  if (elsewhere !== undefined) {
    return [
      {
        text: elsewhere,
        purpose: 'write',
        unknown:
          'git works in another folder, so where the paths it writes lie is only known when it runs',
      },
    ];
  }
  return writerAccesses(spec, args.slice(i + 1));
}

function unknown(text: string, reason: string): ShellFileAccess {
  return { text, purpose: 'read', unknown: reason };
}

/**
 * An access for a word: its literal path, its glob pattern, or why neither can be known. A value
 * attached to an option (`--file=x`, `-fx`) is passed as `attached`; options are only read from
 * literal words, so it is literal too.
 */
function toAccess(
  word: WordValue,
  role: FileAccessPurpose | 'names',
  attached?: string,
): ShellFileAccess {
  const purpose: FileAccessPurpose = role === 'write' ? 'write' : 'read';
  const text = attached ?? word.text;
  if (role === 'names') {
    return {
      text,
      purpose,
      unknown:
        'it reads the names of the files to open from a file, and those are only known when it runs',
    };
  }
  if (attached !== undefined) return { text, purpose, path: attached };
  if (word.literal !== undefined) return { text, purpose, path: word.literal };
  const pattern = globPattern(word);
  if (pattern !== undefined) return { text, purpose, glob: pattern };
  return { text, purpose, unknown: dynamicReason(word) };
}

function dynamicReason(word: WordValue): string {
  if (word.dynamism.includes('tilde')) {
    return '`~` stands for the home directory, which is outside the workspace';
  }
  if (word.dynamism.includes('brace')) {
    return 'brace expansion makes paths that are only known when it runs (write each path out)';
  }
  if (word.dynamism.includes('glob')) {
    return 'a quoted or escaped glob is only known when it runs (write the paths out)';
  }
  return 'the path is only known when it runs (write it out literally)';
}

/** A glob bash expands against the file system: only unquoted `*`, `?` and `[…]`, nothing else. */
function globPattern(word: WordValue): string | undefined {
  if (word.dynamism.length !== 1 || word.dynamism[0] !== 'glob') return undefined;
  if (/['"\\()]/u.test(word.text)) return undefined;
  return word.text;
}

function knownLongs(spec: ReaderSpec): string[] {
  return [
    ...Object.keys(spec.longValues ?? {}),
    ...Object.keys(spec.longPairs ?? {}),
    ...(spec.longOptional ?? []),
    ...(spec.longFlags ?? []),
  ];
}

/** The long option `written` (without dashes) stands for: exact, or a unique prefix. */
function resolveLong(spec: ReaderSpec, written: string): string | undefined {
  const names = knownLongs(spec);
  if (names.includes(written)) return written;
  const matches = names.filter((name) => name.startsWith(written));
  return matches.length === 1 ? matches[0] : undefined;
}

/** Options (with their values) and operands, as getopt_long would split them. */
function splitArguments(
  spec: ReaderSpec,
  args: readonly WordValue[],
): { options: SeenOption[]; operands: WordValue[] } {
  const options: SeenOption[] = [];
  const operands: WordValue[] = [];
  let i = 0;
  while (i < args.length && spec.subcommands?.includes(args[i]?.literal ?? '') === true) i++;
  let optionsDone = false;
  const take = (): WordValue | undefined => {
    i++;
    return args[i];
  };
  for (; i < args.length; i++) {
    const word = args[i];
    if (word === undefined) continue;
    const literal = word.literal;
    if (optionsDone || literal === undefined || !literal.startsWith('-') || literal === '-') {
      // `-` is standard input; a word that is not literal is an operand (its hazard is reported).
      if (literal !== '-') operands.push(word);
      if (spec.optionsFirst) optionsDone = true;
      continue;
    }
    if (literal === '--') {
      optionsDone = true;
      continue;
    }
    if (literal.startsWith('--')) {
      options.push(...longOption(spec, word, literal, take));
      continue;
    }
    for (let j = 1; j < literal.length; j++) {
      const letter = literal[j] ?? '';
      const role = spec.shortValues?.[letter];
      if (role === undefined) {
        options.push({ name: `-${letter}`, role: 'value' });
        continue;
      }
      const stuck = literal.slice(j + 1);
      const value = stuck === '' ? take() : word;
      options.push({
        name: `-${letter}`,
        role,
        ...(value ? { value } : {}),
        ...(stuck === '' ? {} : { attached: stuck }),
      });
      break;
    }
  }
  return { options, operands };
}

/**
 * One long option and its value. One we do not know, written with a value (`--foo=/etc/x`), has
 * that value checked as a path: nothing says it is not one.
 */
function longOption(
  spec: ReaderSpec,
  word: WordValue,
  literal: string,
  take: () => WordValue | undefined,
): SeenOption[] {
  const equals = literal.indexOf('=');
  const written = equals < 0 ? literal.slice(2) : literal.slice(2, equals);
  const known = resolveLong(spec, written);
  const name = known === undefined ? `--${written}` : (spec.longToShort?.[known] ?? `--${known}`);
  const attached = equals < 0 ? undefined : literal.slice(equals + 1);
  if (known === undefined) {
    return [
      attached === undefined
        ? { name, role: 'value' }
        : { name, role: 'read', value: word, attached },
    ];
  }
  const pair = spec.longPairs?.[known];
  if (pair !== undefined) {
    // A name, then the value: `--rawfile name file`, `--arg=name value`.
    if (attached === undefined) take();
    const value = take();
    return [{ name, role: pair, ...(value ? { value } : {}) }];
  }
  const role = spec.longValues?.[known];
  if (role === undefined) {
    return [{ name, role: 'value', ...(attached === undefined ? {} : { value: word, attached }) }];
  }
  if (attached !== undefined) return [{ name, role, value: word, attached }];
  const value = take();
  return [{ name, role, ...(value ? { value } : {}) }];
}
