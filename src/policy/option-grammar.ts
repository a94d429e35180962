/**
 * The option grammar of the programs a deny rule most often names, in one table: which short and
 * long spellings mean the same option, which options take a value and how, and whether options
 * may follow operands. `canonical-command.ts` reads a command and a deny prefix with it, so that
 * `rm -fr`, `rm -r -f`, `rm --recursive --force` and `rm x -rf` all compare equal to `rm -rf`.
 *
 * Each program is written as its own parser reads its arguments (GNU coreutils, GNU sed and find,
 * curl, git's parse-options for its subcommands and git.c for the options before them). An option
 * missing from a table is not a hole: it is still seen as an option, its spellings are just not
 * equated, and a word after it may be read as its value or as an operand alike (see
 * canonical-command.ts). Programs not in the table are matched word by word only, and
 * `gemini-agent policy check` warns about a deny prefix that gives them options.
 *
 * The entries of `flags`, `values` and `optional` are written `letters/long|synonym`:
 * `f/force` is `-f` and `--force`; `rR/recursive` is `-r`, `-R` and `--recursive`; `i/` is `-i`
 * alone; `one-file-system` has no short form. An option is named by its first long name, or by
 * `-x` when it has none.
 */

export interface OptionGrammar {
  /** Short letter → the option(s) it stands for (`git branch -D` is `--delete --force`). */
  short: ReadonlyMap<string, readonly string[]>;
  /** Long name → the option it stands for. */
  long: ReadonlyMap<string, string>;
  /** Options that take a value: attached (`-ofile`, `--out=file`) or the next word. */
  values: ReadonlySet<string>;
  /** Options whose value is optional, and then only attached (`sed -i.bak`, `--in-place=.bak`). */
  optional: ReadonlySet<string>;
  /** Options may follow operands (GNU getopt_long, git's parse-options, curl). */
  permute: boolean;
  /** `--recur` is accepted for `--recursive` when no other long option starts so. */
  abbreviations: boolean;
  /** Short options may be grouped (`-rf`). */
  clusters: boolean;
  /** Words that start with `-` and are operands all the same (chmod's `-w` mode). */
  operandLike?: RegExp;
}

interface GrammarSpec {
  flags?: string;
  values?: string;
  optional?: string;
  /** Short letters that stand for several options at once. */
  sets?: Readonly<Record<string, readonly string[]>>;
  permute?: boolean;
  abbreviations?: boolean;
  clusters?: boolean;
  operandLike?: RegExp;
}

function grammar(spec: GrammarSpec): OptionGrammar {
  const short = new Map<string, readonly string[]>();
  const long = new Map<string, string>();
  const values = new Set<string>();
  const optional = new Set<string>();
  const add = (entries: string | undefined, into?: Set<string>) => {
    for (const entry of (entries ?? '').split(/\s+/u).filter((e) => e !== '')) {
      const slash = entry.indexOf('/');
      const letters = slash < 0 ? '' : entry.slice(0, slash);
      const longs = (slash < 0 ? entry : entry.slice(slash + 1)).split('|').filter((l) => l !== '');
      const name = longs[0] ?? `-${letters[0] ?? ''}`;
      for (const letter of letters) short.set(letter, [name]);
      for (const written of longs) long.set(written, name);
      into?.add(name);
    }
  };
  add(spec.flags);
  add(spec.values, values);
  add(spec.optional, optional);
  for (const [letter, names] of Object.entries(spec.sets ?? {})) short.set(letter, names);
  return {
    short,
    long,
    values,
    optional,
    permute: spec.permute ?? true,
    abbreviations: spec.abbreviations ?? true,
    clusters: spec.clusters ?? true,
    ...(spec.operandLike ? { operandLike: spec.operandLike } : {}),
  };
}

// ---- GNU coreutils ----------------------------------------------------------------------------

const COMMON = 'help version';

const RM = grammar({
  flags: `f/force i/ I/ one-file-system no-preserve-root rR/recursive d/dir v/verbose ${COMMON}`,
  optional: 'interactive preserve-root',
});

const RMDIR = grammar({
  flags: `ignore-fail-on-non-empty p/parents v/verbose ${COMMON}`,
});

const OWNERSHIP = grammar({
  flags:
    `c/changes f/silent|quiet v/verbose dereference h/no-dereference H/ L/ P/ R/recursive ` +
    `preserve-root no-preserve-root ${COMMON}`,
  values: 'from reference',
});

/** chmod reads `-w`, `-rwx`, `-755` as a mode, not as options. */
const CHMOD = grammar({
  flags:
    `c/changes f/silent|quiet v/verbose R/recursive preserve-root no-preserve-root ` +
    `dereference h/no-dereference ${COMMON}`,
  values: 'reference',
  operandLike: /^-[rwxXstugoa0-7,+=-]+$/u,
});

// ---- GNU sed ----------------------------------------------------------------------------------

const SED = grammar({
  flags:
    `n/quiet|silent Er/regexp-extended s/separate z/null-data|zero-terminated u/unbuffered ` +
    `b/binary debug posix sandbox follow-symlinks ${COMMON}`,
  values: 'e/expression f/file l/line-length',
  optional: 'i/in-place',
});

// ---- curl ---------------------------------------------------------------------------------------

const CURL = grammar({
  flags:
    'a/append B/use-ascii f/fail fail-with-body g/globoff G/get h/help i/include I/head ' +
    'j/junk-session-cookies J/remote-header-name k/insecure l/list-only L/location M/manual ' +
    'n/netrc N/no-buffer O/remote-name remote-name-all p/proxytunnel q/disable R/remote-time ' +
    's/silent S/show-error v/verbose V/version Z/parallel 0/http1.0 1/tlsv1 2/sslv2 3/sslv3 ' +
    '4/ipv4 6/ipv6 #/progress-bar compressed location-trusted create-dirs ' +
    'ftp-create-dirs ftp-pasv http1.1 http2 http3 no-keepalive no-progress-meter ' +
    'path-as-is post301 post302 post303 raw ssl ssl-reqd tcp-nodelay tr-encoding ' +
    'fail-early retry-all-errors retry-connrefused',
  values:
    'A/user-agent b/cookie c/cookie-jar C/continue-at d/data|data-ascii D/dump-header e/referer ' +
    'E/cert F/form H/header K/config m/max-time o/output P/ftp-port Q/quote r/range ' +
    't/telnet-option T/upload-file u/user U/proxy-user w/write-out x/proxy X/request ' +
    'y/speed-time Y/speed-limit z/time-cond data-binary data-raw data-urlencode json ' +
    'form-string url output-dir cacert capath key key-type cert-type pass ciphers ' +
    'connect-timeout connect-to resolve interface local-port limit-rate max-filesize ' +
    'max-redirs oauth2-bearer aws-sigv4 retry retry-delay retry-max-time trace trace-ascii ' +
    'stderr libcurl etag-save etag-compare hsts alt-svc proxy-header noproxy preproxy ' +
    'dns-servers unix-socket abstract-unix-socket variable expand-url request-target ' +
    'upload-flags',
});

// ---- find -------------------------------------------------------------------------------------

/**
 * find's expression: each primary with the number of words it takes (`-1` up to a `;` or `+`),
 * and the other spellings of the same primary.
 */
export const FIND_PRIMARIES: ReadonlyMap<string, number> = new Map([
  ...[
    'name',
    'iname',
    'path',
    'ipath',
    'regex',
    'iregex',
    'lname',
    'ilname',
    'type',
    'xtype',
    'user',
    'group',
    'uid',
    'gid',
    'perm',
    'size',
    'newer',
    'anewer',
    'cnewer',
    'samefile',
    'inum',
    'links',
    'mtime',
    'atime',
    'ctime',
    'mmin',
    'amin',
    'cmin',
    'used',
    'maxdepth',
    'mindepth',
    'fstype',
    'context',
    'regextype',
    'printf',
    'fprint',
    'fprint0',
    'fls',
    'files0-from',
  ].map((name) => [`-${name}`, 1] as const),
  ['-fprintf', 2],
  ...['exec', 'execdir', 'ok', 'okdir'].map((name) => [`-${name}`, -1] as const),
]);

export const FIND_SYNONYMS: ReadonlyMap<string, string> = new Map([
  ['-and', '-a'],
  ['-or', '-o'],
  ['-not', '!'],
  ['-wholename', '-path'],
  ['-iwholename', '-ipath'],
  ['-mount', '-xdev'],
  ['-d', '-depth'],
]);

/** `-newerXY` takes one word, for every pair of time letters. */
export function findArity(primary: string): number {
  if (/^-newer[aBcmt][aBcmt]$/u.test(primary)) return 1;
  return FIND_PRIMARIES.get(primary) ?? 0;
}

// ---- git --------------------------------------------------------------------------------------

/**
 * git's own options, before the subcommand (git.c): each written out whole, never grouped or
 * abbreviated; the first word that is not one is the subcommand.
 */
export const GIT_GLOBAL = grammar({
  flags:
    'p/paginate P/no-pager bare no-replace-objects literal-pathspecs glob-pathspecs ' +
    'noglob-pathspecs icase-pathspecs no-optional-locks no-lazy-fetch no-advice v/version ' +
    'h/help html-path man-path info-path',
  values: 'C/ c/ config-env git-dir work-tree namespace super-prefix attr-source list-cmds',
  optional: 'exec-path',
  permute: false,
  abbreviations: false,
  clusters: false,
});

const QUIET = 'q/quiet';
const PATHSPEC = 'pathspec-from-file';

/** The subcommands' options (parse-options: grouped short options, abbreviations, any order). */
const GIT_SUBCOMMANDS: Readonly<Record<string, OptionGrammar>> = {
  push: grammar({
    flags:
      `all branches prune mirror n/dry-run porcelain d/delete tags follow-tags atomic ` +
      `no-atomic f/force force-if-includes u/set-upstream thin no-thin ${QUIET} v/verbose ` +
      `progress no-recurse-submodules verify no-verify 4/ipv4 6/ipv6 no-signed ` +
      `no-force-with-lease`,
    values: 'o/push-option receive-pack|exec repo recurse-submodules',
    optional: 'signed force-with-lease',
  }),
  reset: grammar({
    flags:
      `${QUIET} no-refresh refresh soft mixed hard merge keep no-recurse-submodules ` +
      `p/patch N/intent-to-add pathspec-file-nul`,
    values: PATHSPEC,
    optional: 'recurse-submodules',
  }),
  clean: grammar({
    flags: `d/ f/force i/interactive n/dry-run ${QUIET} x/ X/`,
    values: 'e/exclude',
  }),
  checkout: grammar({
    flags:
      `${QUIET} progress no-progress f/force ours theirs no-track guess no-guess l/ d/detach ` +
      `ignore-skip-worktree-bits m/merge p/patch ignore-other-worktrees overwrite-ignore ` +
      `no-overwrite-ignore no-recurse-submodules overlay no-overlay pathspec-file-nul`,
    values: `b/ B/ orphan conflict ${PATHSPEC}`,
    optional: 't/track recurse-submodules',
  }),
  switch: grammar({
    flags:
      `d/detach guess no-guess f/force|discard-changes m/merge ${QUIET} progress no-progress ` +
      `no-track ignore-other-worktrees no-recurse-submodules`,
    values: 'c/create C/force-create orphan conflict',
    optional: 't/track recurse-submodules',
  }),
  restore: grammar({
    flags:
      `p/patch W/worktree S/staged ${QUIET} progress no-progress ours theirs m/merge ` +
      `ignore-unmerged ignore-skip-worktree-bits no-recurse-submodules overlay no-overlay ` +
      `pathspec-file-nul`,
    values: `s/source conflict ${PATHSPEC}`,
    optional: 'recurse-submodules',
  }),
  branch: grammar({
    flags:
      `d/delete create-reflog f/force m/move c/copy no-color i/ignore-case omit-empty ` +
      `no-column r/remotes a/all l/list show-current v/verbose ${QUIET} no-abbrev no-track ` +
      `unset-upstream edit-description no-contains no-merged recurse-submodules`,
    values: 'u/set-upstream-to sort points-at format',
    optional: 'color column abbrev t/track contains merged',
    sets: { D: ['delete', 'force'], M: ['move', 'force'], C: ['copy', 'force'] },
  }),
  commit: grammar({
    flags:
      `a/all p/patch reset-author short branch porcelain long z/null s/signoff no-signoff ` +
      `n/no-verify verify allow-empty allow-empty-message e/edit no-edit amend ` +
      `no-post-rewrite i/include o/only pathspec-file-nul v/verbose ${QUIET} dry-run status ` +
      `no-status no-gpg-sign`,
    values:
      `C/reuse-message c/reedit-message fixup squash F/file author date m/message ` +
      `t/template trailer cleanup ${PATHSPEC}`,
    optional: 'u/untracked-files S/gpg-sign',
  }),
  rebase: grammar({
    flags:
      `keep-base continue abort quit skip edit-todo show-current-patch m/merge ${QUIET} ` +
      `v/verbose stat n/no-stat no-verify verify f/force-rebase|no-ff fork-point ` +
      `no-fork-point ignore-whitespace committer-date-is-author-date ` +
      `ignore-date|reset-author-date signoff i/interactive no-rebase-merges root autosquash ` +
      `no-autosquash autostash no-autostash reschedule-failed-exec update-refs apply ` +
      `keep-empty no-keep-empty no-gpg-sign`,
    values: 'onto s/strategy X/strategy-option x/exec C/ whitespace empty',
    optional: 'S/gpg-sign r/rebase-merges',
  }),
  merge: grammar({
    flags:
      `commit no-commit e/edit no-edit ff no-ff ff-only no-gpg-sign no-log signoff ` +
      `no-signoff stat n/no-stat squash no-squash verify no-verify verify-signatures ` +
      `no-verify-signatures ${QUIET} v/verbose progress no-progress autostash no-autostash ` +
      `allow-unrelated-histories rerere-autoupdate no-rerere-autoupdate overwrite-ignore ` +
      `abort quit continue`,
    values: 's/strategy X/strategy-option m/ F/file into-name cleanup',
    optional: 'S/gpg-sign log',
  }),
  tag: grammar({
    flags:
      `a/annotate s/sign no-sign f/force d/delete v/verify l/list i/ignore-case omit-empty ` +
      `no-column e/edit create-reflog no-contains no-merged`,
    values: 'u/local-user sort m/message F/file trailer cleanup format points-at',
    optional: 'n/ color column contains merged',
  }),
  stash: grammar({
    flags:
      `p/patch S/staged k/keep-index no-keep-index u/include-untracked no-include-untracked ` +
      `only-untracked a/all ${QUIET} index pathspec-file-nul`,
    values: `m/message ${PATHSPEC}`,
  }),
  add: grammar({
    flags:
      `n/dry-run v/verbose f/force i/interactive p/patch e/edit u/update A/all|no-ignore-removal ` +
      `no-all|ignore-removal N/intent-to-add refresh ignore-errors ignore-missing ` +
      `no-warn-embedded-repo renormalize sparse pathspec-file-nul`,
    values: `chmod ${PATHSPEC}`,
  }),
  rm: grammar({
    flags: `f/force n/dry-run r/ cached ignore-unmatch sparse ${QUIET} pathspec-file-nul`,
    values: PATHSPEC,
  }),
  gc: grammar({
    flags: `aggressive auto no-prune ${QUIET} force keep-largest-pack`,
    optional: 'prune',
  }),
};

/** What git's parse-options accepts for a subcommand whose options are not in the table. */
const GIT_ANY_SUBCOMMAND = grammar({});

/** The subcommand's grammar, and whether its options are known. */
export function gitSubcommandGrammar(subcommand: string): {
  grammar: OptionGrammar;
  known: boolean;
} {
  const known = GIT_SUBCOMMANDS[subcommand];
  return known ? { grammar: known, known: true } : { grammar: GIT_ANY_SUBCOMMAND, known: false };
}

/** The programs whose options are read by a grammar of this table (besides git and find). */
const PROGRAMS: Readonly<Record<string, OptionGrammar>> = {
  rm: RM,
  rmdir: RMDIR,
  chmod: CHMOD,
  chown: OWNERSHIP,
  chgrp: OWNERSHIP,
  sed: SED,
  curl: CURL,
};

export type ProgramGrammar =
  { kind: 'options'; grammar: OptionGrammar } | { kind: 'git' } | { kind: 'find' };

/** How a program's options are read, or undefined when this table does not know it. */
export function programGrammar(program: string): ProgramGrammar | undefined {
  const name = program.toLowerCase();
  if (name === 'git') return { kind: 'git' };
  if (name === 'find') return { kind: 'find' };
  const found = PROGRAMS[name];
  return found ? { kind: 'options', grammar: found } : undefined;
}

/** The names of every program the table knows, for the documentation and warnings. */
export const KNOWN_PROGRAMS: readonly string[] = ['git', 'find', ...Object.keys(PROGRAMS)];

/** The git subcommands whose options the table knows. */
export const KNOWN_GIT_SUBCOMMANDS: readonly string[] = Object.keys(GIT_SUBCOMMANDS);
