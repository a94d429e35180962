/**
 * The programs whose writes are known from their arguments, in one table: which arguments name
 * the files they create, replace, remove, move, link or change, read the way each program's own
 * option parser reads them (GNU coreutils, git's parse-options, GNU patch). `file-operands.ts`
 * turns a command of one of them into the files it writes, which must lie inside the workspace
 * (`file-access-check.ts`) and are judged like a `write_file` call to the same path
 * (`protected-writes.ts`). Writes in place by the readers (`sed -i`, `yq -i`, `sort -o`) are in
 * `file-readers.ts`.
 *
 * Where a program writes files its arguments do not name (`git apply`, `patch`: those its patch
 * names), the write is marked unknown, which the workspace boundary refuses.
 */
import type { ReaderSpec } from './file-readers.js';

/** What a writer's operands are. */
export type WriterTargets =
  /** Every operand is a path it writes. */
  | 'operands'
  /**
   * The last operand (or the value of `targetDirectory`) receives the others: it is written, and
   * so is `<destination>/<source's name>` unless `noTargetDirectory` is given.
   */
  | 'destination'
  /** `key=value` operands; `fileKeys` says which keys name files (dd's `of=`, `if=`). */
  | 'keyValue'
  /**
   * Git pathspecs: every operand (the tree-ish before `--` too, read as a path) names paths git
   * writes, with all they hold; one with git's own glob characters or `:` magic is unknown.
   */
  | 'pathspecs'
  /** Git: the subcommand after git's own options picks the entry of `GIT_WRITERS`. */
  | 'subcommand'
  /** It writes files no argument names; `unknownUnless` lists options that make it write none. */
  | 'unnamed';

export interface WriterSpec extends ReaderSpec {
  targets: WriterTargets;
  /** Options whose value is the destination folder (`-t`, `--target-directory`). */
  targetDirectory?: readonly string[];
  /** Options that say the destination is never a folder (`-T`). */
  noTargetDirectory?: readonly string[];
  /** For `destination`: the sources are written too (moved away, given another name). */
  sourcesWritten?: boolean;
  /** Options that make the sources written too (`cp -l`, `cp -s`: linked, not copied). */
  sourcesWrittenWith?: readonly string[];
  /**
   * Options that make each source a symbolic link's target, which is looked up from the link's
   * folder rather than the current one (`ln -s ../x app/y` points at `app/../x`).
   */
  symbolicWith?: readonly string[];
  /** Options that make every operand a path written (`install -d`). */
  operandsWrittenWith?: readonly string[];
  /** Every path written reaches everything below it too (a move). */
  recursive?: boolean;
  /** Options that make it recursive (`rm -r`, `chmod -R`, `cp -a`). */
  recursiveWith?: readonly string[];
  /** Options that put each source's whole path below the destination (`cp --parents`). */
  parentsWith?: readonly string[];
  /** With one operand, the destination is the current folder (`ln -s ../x` links `./x`). */
  oneOperandInCurrentFolder?: boolean;
  /** For `keyValue`: the keys that name files, and what the program does with them. */
  fileKeys?: Readonly<Record<string, 'read' | 'write'>>;
  /** For `unnamed`: why its writes are unknown. */
  unnamedReason?: string;
  /** For `unnamed`: options that make it write nothing (`git apply --check`). */
  unknownUnless?: readonly string[];
  /** For `unnamed`: options that make it write again despite `unknownUnless` (`--apply`). */
  unknownAgainWith?: readonly string[];
}

/** `--backup[=CONTROL]`, `-S SUFFIX`: spelled the same by cp, mv, install and ln. */
const BACKUP: Pick<ReaderSpec, 'shortValues' | 'longValues' | 'longOptional'> = {
  shortValues: { S: 'value', t: 'value' },
  longValues: { suffix: 'value', 'target-directory': 'value' },
  longOptional: ['backup'],
};

const TARGET = ['-t', '--target-directory'];
const NO_TARGET = ['-T', '--no-target-directory'];

/** chown and chgrp: the owner operand is read as a path too, which errs on the safe side. */
const OWNERSHIP: WriterSpec = {
  targets: 'operands',
  longValues: { from: 'value', reference: 'read' },
  longFlags: ['recursive', 'dereference', 'no-dereference'],
  longToShort: { recursive: '-R' },
  recursiveWith: ['-R'],
};

/** Git's own option parser, for the subcommands whose writes are known (see `gitWriter`). */
export const GIT_WRITERS: Readonly<Record<string, WriterSpec>> = {
  // `git checkout [<tree-ish>] [--] <pathspec>…` writes the paths; a branch switch writes files
  // it does not name, which docs/policy.md lists among the writes this cannot see.
  checkout: {
    targets: 'pathspecs',
    shortValues: { b: 'value', B: 'value' },
    longValues: { orphan: 'value', 'pathspec-from-file': 'names' },
    longOptional: ['conflict', 'track', 'recurse-submodules'],
  },
  // `git restore [--source=<tree>] <pathspec>…`.
  restore: {
    targets: 'pathspecs',
    shortValues: { s: 'value' },
    longValues: { source: 'value', 'pathspec-from-file': 'names' },
    longOptional: ['conflict', 'recurse-submodules'],
  },
  // Writes what its patch names; `--check`, `--stat`, `--numstat` and `--summary` only look at
  // the patch unless `--apply` is given too, and `--cached` writes the index alone.
  apply: {
    targets: 'unnamed',
    unnamedReason: 'it writes the files its patch names, which are only known when it runs',
    shortValues: { p: 'value', C: 'value' },
    longValues: { exclude: 'value', include: 'value', directory: 'value', whitespace: 'value' },
    longFlags: ['check', 'stat', 'numstat', 'summary', 'apply', 'cached'],
    unknownUnless: ['--check', '--stat', '--numstat', '--summary', '--cached'],
    unknownAgainWith: ['--apply'],
  },
  // `git mv SRC… DEST`: as mv.
  mv: {
    targets: 'destination',
    sourcesWritten: true,
    recursive: true,
  },
  // `git rm <pathspec>…` removes the paths from the work tree.
  rm: { targets: 'pathspecs', longValues: { 'pathspec-from-file': 'names' } },
  // Applies mailed patches to the work tree: the files they name.
  am: {
    targets: 'unnamed',
    unnamedReason: 'it writes the files its patches name, which are only known when it runs',
  },
};

export const WRITERS: Readonly<Record<string, WriterSpec>> = {
  // `cp SRC… DEST`, `cp -t DIR SRC…`: the destination (and `DEST/<name>` when it is a folder);
  // hard and symbolic links (`-l`, `-s`) give the sources another name, so they count as written.
  cp: {
    targets: 'destination',
    ...BACKUP,
    longOptional: ['backup', 'preserve', 'reflink', 'sparse', 'update', 'context'],
    longValues: { ...BACKUP.longValues, 'no-preserve': 'value' },
    longFlags: ['recursive', 'archive', 'link', 'symbolic-link', 'parents', 'no-target-directory'],
    longToShort: {
      recursive: '-r',
      archive: '-a',
      link: '-l',
      'symbolic-link': '-s',
      'target-directory': '-t',
      'no-target-directory': '-T',
    },
    targetDirectory: TARGET,
    noTargetDirectory: NO_TARGET,
    recursiveWith: ['-r', '-R', '-a'],
    sourcesWrittenWith: ['-l', '-s'],
    parentsWith: ['--parents'],
  },
  // `mv SRC… DEST`: the sources are moved away and the destination replaced, each with all it holds.
  mv: {
    targets: 'destination',
    ...BACKUP,
    longOptional: ['backup', 'update', 'context'],
    longFlags: ['no-target-directory'],
    longToShort: { 'target-directory': '-t', 'no-target-directory': '-T' },
    targetDirectory: TARGET,
    noTargetDirectory: NO_TARGET,
    sourcesWritten: true,
    recursive: true,
  },
  // `install SRC… DEST`, `install -t DIR SRC…`; `install -d DIR…` creates every operand.
  install: {
    targets: 'destination',
    shortValues: { ...BACKUP.shortValues, m: 'value', o: 'value', g: 'value' },
    longValues: {
      ...BACKUP.longValues,
      mode: 'value',
      owner: 'value',
      group: 'value',
      'strip-program': 'value',
    },
    longOptional: ['backup', 'context'],
    longFlags: ['directory', 'no-target-directory'],
    longToShort: {
      directory: '-d',
      'target-directory': '-t',
      'no-target-directory': '-T',
    },
    targetDirectory: TARGET,
    noTargetDirectory: NO_TARGET,
    operandsWrittenWith: ['-d'],
  },
  // `ln TARGET… LINK`: the link; the targets get another name (a hard link is the same file, a
  // symbolic one a way into it), so they count as written, a symbolic link's relative target as
  // seen from the link's folder. `ln -s TARGET` links `./<name>`.
  ln: {
    targets: 'destination',
    ...BACKUP,
    longFlags: ['symbolic', 'no-target-directory'],
    longToShort: { symbolic: '-s', 'target-directory': '-t', 'no-target-directory': '-T' },
    targetDirectory: TARGET,
    noTargetDirectory: NO_TARGET,
    sourcesWritten: true,
    symbolicWith: ['-s'],
    oneOperandInCurrentFolder: true,
  },
  // `tee FILE…` writes every operand.
  tee: { targets: 'operands', longOptional: ['output-error'] },
  // `touch FILE…` creates or changes every operand; `-r` reads a reference file.
  touch: {
    targets: 'operands',
    shortValues: { d: 'value', t: 'value', r: 'read' },
    longValues: { date: 'value', reference: 'read', time: 'value' },
  },
  // `truncate -s SIZE FILE…`.
  truncate: {
    targets: 'operands',
    shortValues: { s: 'value', r: 'read', o: 'value' },
    longValues: { size: 'value', reference: 'read' },
  },
  // `mkdir DIR…` (`-p` creates the parents too, each of which is the path's own or above it).
  mkdir: {
    targets: 'operands',
    shortValues: { m: 'value' },
    longValues: { mode: 'value' },
    longOptional: ['context'],
  },
  // `rm FILE…`; `-r` removes everything below.
  rm: {
    targets: 'operands',
    longOptional: ['interactive', 'preserve-root'],
    longFlags: ['recursive'],
    longToShort: { recursive: '-r' },
    recursiveWith: ['-r', '-R'],
  },
  // `rmdir DIR…` removes empty folders (`-p`: and their parents, the path's own or above it).
  rmdir: { targets: 'operands' },
  // `unlink FILE`.
  unlink: { targets: 'operands' },
  // `shred FILE…` overwrites them (and removes them with `-u`).
  shred: {
    targets: 'operands',
    shortValues: { n: 'value', s: 'value' },
    longValues: { iterations: 'value', size: 'value', 'random-source': 'read' },
    longOptional: ['remove'],
  },
  // `chmod MODE FILE…`: the mode is read as a path too (it never names a protected one);
  // `-R` changes everything below.
  chmod: {
    targets: 'operands',
    longValues: { reference: 'read' },
    longFlags: ['recursive'],
    longToShort: { recursive: '-R' },
    recursiveWith: ['-R'],
  },
  // `chown OWNER FILE…`, `chgrp GROUP FILE…`.
  chown: OWNERSHIP,
  chgrp: OWNERSHIP,
  // `dd if=IN of=OUT`: operands are `key=value`.
  dd: { targets: 'keyValue', fileKeys: { of: 'write', if: 'read' } },
  // `patch` writes the files its patch names (`-o FILE` too); `--dry-run` writes nothing.
  patch: {
    targets: 'unnamed',
    unnamedReason: 'it writes the files its patch names, which are only known when it runs',
    shortValues: {
      p: 'value',
      i: 'read',
      o: 'write',
      r: 'write',
      d: 'value',
      D: 'value',
      F: 'value',
      B: 'value',
      V: 'value',
      Y: 'value',
      z: 'value',
    },
    longValues: {
      strip: 'value',
      input: 'read',
      output: 'write',
      'reject-file': 'write',
      directory: 'value',
      ifdef: 'value',
      fuzz: 'value',
      prefix: 'value',
      'version-control': 'value',
      'basename-prefix': 'value',
      suffix: 'value',
      quoting_style: 'value',
    },
    longFlags: ['dry-run'],
    unknownUnless: ['--dry-run'],
  },
  // `git checkout`, `git restore`, `git mv`, `git rm`, `git apply`, `git am` (see `GIT_WRITERS`).
  git: { targets: 'subcommand' },
};
