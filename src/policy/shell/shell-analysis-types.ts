/**
 * What the shell analysis finds in a command: every simple command at any depth, and every
 * construct that makes the bytes run differ from the words a rule can see. The engine denies a
 * command with any hazard unless a rule explicitly allows that exact form.
 */

export type ShellHazardKind =
  /** The command could not be parsed, or parsing took too long, or it is too big to judge. */
  | 'parse_error'
  /** `$(…)` or backticks. */
  | 'command_substitution'
  /** `<(…)` or `>(…)`. */
  | 'process_substitution'
  /** `$x`, `${x}`, `${x@P}`, `$'…'` ANSI-C strings, arithmetic expansion in a command word. */
  | 'expansion'
  /** The command name is not a plain literal word: quoting, escapes, globs or braces in it. */
  | 'dynamic_command_name'
  /** `VAR=value cmd …` (e.g. `GIT_SSH_COMMAND=…`, `LD_PRELOAD=…`, `BASH_ENV=…`). */
  | 'assignment_prefix'
  /** A command that runs another command: env, command, exec, eval, source, ., xargs, timeout,
   * nice, nohup, sudo, … (`bash|sh -c 'literal'` is unwrapped instead and its commands checked). */
  | 'wrapper'
  /** An interpreter given inline code: `python -c`, `node -e`, `perl -e`, `bash -c "$x"`, … */
  | 'inline_code'
  /** An argument that makes an allowed binary run code or write files: `git -c`, `--output`,
   * `--ext-diff`, `--upload-pack`, `ext::`, `find -exec`/`-delete`, `sed e`, `rg --pre`, … */
  | 'dangerous_argument'
  /** Function definitions, here-documents feeding an interpreter, and other constructs we do not judge. */
  | 'unsupported_construct';

export interface ShellHazard {
  kind: ShellHazardKind;
  /** What was found, quoted from the command, e.g. "command substitution `$(env)`". */
  detail: string;
}

export interface ShellRedirect {
  /** `>`, `>>`, `<`, `&>`, `>|`, `2>`, … */
  operator: string;
  /** The target as written. */
  target: string;
  /** The target's literal value when it has no expansions (undefined otherwise). */
  literalTarget?: string;
  /** Duplication of a descriptor (`2>&1`, `>&2`) rather than a file. */
  isDescriptorDuplication: boolean;
}

export type FileAccessPurpose = 'read' | 'write';

/**
 * A file a command reads or writes through its arguments (see `file-operands.ts`): exactly one of
 * `path`, `glob` and `unknown` is set.
 */
export interface ShellFileAccess {
  /** The argument as written (or the options that make the access unknowable). */
  text: string;
  purpose: FileAccessPurpose;
  /** The path bash passes on, as written (relative to the command's directory, or absolute). */
  path?: string;
  /** A glob pattern bash expands against the file system before the command runs. */
  glob?: string;
  /** Why the files reached cannot be known before the command runs. */
  unknown?: string;
  /**
   * A write that reaches everything below the path too: a recursive removal or mode change, a
   * move, a recursive copy's destination (see `file-writers.ts`).
   */
  tree?: boolean;
}

/**
 * What bash may turn an argument that is not literal into, for matching deny rules (see
 * command-words.ts): `any` words at all, options included (an expansion, which word splitting may
 * cut into several words; braces); file names matching a `glob` (`pattern` is the source of a
 * regular expression over one name, and `mayBeOption` says whether a name could start with `-`);
 * or one `operand` that is no option (`~/x`).
 */
export type WordReach =
  | { kind: 'any'; text: string }
  | { kind: 'glob'; text: string; pattern: string; mayBeOption: boolean }
  | { kind: 'operand'; text: string };

/**
 * One simple command (a pipeline stage, a list element, a command inside `$(…)` …).
 *
 * Constructs that are not simple commands but carry a hazard are pieces too, so that the hazard
 * can be judged: a `for` header over `$(…)`, `[[ … ]]` with expansions, `(( … ))`, a variable
 * assignment, a function definition, a redirection without a command (`text` is then the
 * construct's source, `name` its keyword when it has one). A `bash -c '<literal>'` without hazards
 * of its own is not a piece: its commands are, one level deeper, carrying its redirections.
 */
export interface ShellCommandPiece {
  /**
   * Exact source text of this simple command (without redirections), for prefix/regex rules.
   * Where a redirection stands between words (`echo a > f b`), the words are joined by a space.
   */
  text: string;
  /** The command name's literal value; undefined when it is not a literal word. */
  name?: string;
  /** Literal values of the arguments (undefined for an argument that is not a literal word). */
  args: readonly (string | undefined)[];
  /**
   * For a simple command, what each argument that is not literal may become (parallel to `args`,
   * undefined for literal ones); absent for other constructs.
   */
  unknownArgs?: readonly (WordReach | undefined)[];
  redirects: readonly ShellRedirect[];
  hazards: readonly ShellHazard[];
  /**
   * The files it reads or writes through its arguments, for the programs whose arguments are
   * known (`cat`, `grep`, `ls`, …; see `file-operands.ts`); absent for every other program.
   */
  files?: readonly ShellFileAccess[];
  /** How deep inside substitutions / `bash -c` strings this command sits (0 = top level). */
  depth: number;
}

export interface ShellAnalysis {
  /** Every simple command found, in source order (outer before inner). */
  commands: readonly ShellCommandPiece[];
  /** Hazards that belong to no single command (parse errors, timeouts, size limit). */
  hazards: readonly ShellHazard[];
}
