/**
 * Protected paths are protected from shell commands too. A path a shell command writes (a file
 * redirection's target; a write operand of a program whose operands are known, see
 * `file-operands.ts`) is judged the way a `write_file` call to that path would be: when a rule
 * that names paths would refuse that call (`pathPattern` of a deny or ask_user rule, an allow's
 * `excludedPaths`), the command gets the same answer and the same explanation, naming the path.
 *
 * So the rule that opens a protected path for the file tools (docs/policy.md's example for
 * `.github/ISSUE_TEMPLATE/**`) opens it for the shell, and a policy that protects more paths
 * protects them from the shell too. Where `write_file` is refused by a rule that names no path
 * (the read-only preset's "files cannot be changed"), shell writes are governed as before
 * (`allowRedirection`, the rules allowing the program): that refusal says nothing about paths.
 *
 * A path is judged by its text (`..` removed) and, where the context can resolve it, by where
 * its symlinks lead, as the file tools report theirs. What the text does not settle is judged by
 * what it could be: a glob by every path the policy's patterns and it could both be (and, where
 * the context expands globs, by every match), a recursive write (`rm -r`, `mv`, `cp -r`'s
 * destination) by what lies below it at a place a pattern fixes (`.github/**` below `.`). A name
 * some file system opens as `.gemini` or `.github` (`.GEMINI`, `GEMINI~1`) is refused as the
 * workspace refuses it for the file tools.
 */
import path from 'node:path';
import { relativeInside } from '../platform/path-containment.js';
import { respelledProtectedFolder } from '../tools/protected-paths.js';
import { pathAsOpened } from './file-access-check.js';
import { reach } from './glob-reach.js';
import type { PolicyContext, PolicyRule } from './policy-types.js';
import type { MatchSubject } from './rule-matching.js';
import {
  excludedPathHit,
  expandHome,
  hasCommandConditions,
  ruleLocation,
} from './rule-matching.js';

/** How a `write_file` call to a path would be refused by a rule that names paths. */
export interface PathRefusal {
  decision: 'deny' | 'ask_user';
  reason: string;
  rule: PolicyRule;
}

/** The session's answer to "would `write_file` to this path be refused by a path rule?". */
export interface WriteGuard {
  /** For a workspace-relative path (`/`-separated, `.` for the root). */
  refusal(relative: string): PathRefusal | undefined;
  /** The path patterns (workspace-relative) of the rules that could refuse a write, in order. */
  readonly patterns: readonly { pattern: string; rule: PolicyRule }[];
}

export interface WriteGuardOptions {
  /** Sorted by effective priority, highest first. */
  rules: readonly PolicyRule[];
  /** A `write_file` call to this workspace-relative path, as the rules see it. */
  subjectFor: (relative: string) => MatchSubject;
  /** Every condition except the command's (see `matchesSubject`). */
  matches: (rule: PolicyRule, subject: MatchSubject) => boolean;
  /** Whether the rule applies to `write_file` calls of this run, whatever their path. */
  appliesToWrites: (rule: PolicyRule) => boolean;
  homeDir: string;
  workspaceRoot: string;
}

export function excludedReason(hit: { path: string; pattern: string }, rule: PolicyRule): string {
  return `"${hit.path}" matches the excluded path "${hit.pattern}" of the rule at ${ruleLocation(rule)}.`;
}

/**
 * Walks the rules as the engine walks them for a `write_file` call: an allow that covers the path
 * ends the walk (the path is open, or excluded from it); a deny or ask_user rule with a
 * `pathPattern` refuses it; one without names no path, and the walk goes on to the rules about
 * this path below it.
 */
export function createWriteGuard(options: WriteGuardOptions): WriteGuard {
  const { rules, homeDir } = options;
  const patterns: { pattern: string; rule: PolicyRule }[] = [];
  for (const rule of rules) {
    if (hasCommandConditions(rule) || !options.appliesToWrites(rule)) continue;
    const named = rule.decision === 'allow' ? rule.excludedPaths : rule.pathPatterns;
    for (const pattern of named ?? []) {
      const relative = workspacePattern(pattern, homeDir, options.workspaceRoot);
      if (relative !== undefined) patterns.push({ pattern: relative, rule });
    }
  }
  return {
    patterns,
    refusal(relative) {
      const subject = options.subjectFor(relative);
      for (const rule of rules) {
        if (hasCommandConditions(rule) || !options.matches(rule, subject)) continue;
        if (rule.decision === 'allow') {
          const hit = excludedPathHit(rule, subject.paths, homeDir);
          return hit === undefined
            ? undefined
            : { decision: 'ask_user', reason: excludedReason(hit, rule), rule };
        }
        if (rule.pathPatterns === undefined) continue;
        return rule.decision === 'deny'
          ? {
              decision: 'deny',
              reason: rule.denyMessage ?? `Denied by the rule at ${ruleLocation(rule)}.`,
              rule,
            }
          : {
              decision: 'ask_user',
              reason: `The rule at ${ruleLocation(rule)} asks for confirmation.`,
              rule,
            };
      }
      return undefined;
    },
  };
}

/** A pattern as a workspace-relative one: absolute ones inside the workspace lose the root. */
function workspacePattern(pattern: string, homeDir: string, root: string): string | undefined {
  const expanded = expandHome(pattern, homeDir);
  if (!path.isAbsolute(expanded)) return expanded;
  const relative = relativeInside(expanded, root);
  if (relative === undefined) return undefined;
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}

/** A path a sub-command writes. */
export interface WriteTarget {
  /** How the command names it (`> .gemini/x`, `.gemini`). */
  text: string;
  /** Exactly one of `path` (literal) and `glob` (bash expands it) is set. */
  path?: string;
  glob?: string;
  /** The write reaches everything below the path too. */
  tree?: boolean;
  /** A file redirection (`text` is its operator and target). */
  redirect?: boolean;
}

export interface ProtectedWriteOptions {
  guard: WriteGuard;
  context: PolicyContext;
  /** The call's `directory` argument, which relative paths resolve against. */
  directory: string | undefined;
}

/** What a sub-command gets when it writes a protected path. */
export interface ProtectedWrite {
  decision: 'deny' | 'ask_user';
  reason: string;
  rule?: PolicyRule;
}

/** The decider the transcript names for a protected folder in another spelling. */
export const RESPELLED_DECIDER = 'workspace boundary (protected folders in other spellings)';

/**
 * The first write of `targets` that the file tools could not make either, as the sub-command's
 * answer; undefined when every one could be made. Targets outside the workspace are left to the
 * workspace boundary, which refuses them.
 */
export function protectedWrite(
  command: string,
  targets: readonly WriteTarget[],
  options: ProtectedWriteOptions,
): ProtectedWrite | undefined {
  const root = options.context.workspaceRoot;
  const base = options.directory === undefined ? root : path.resolve(root, options.directory);
  let asking: ProtectedWrite | undefined;
  for (const target of targets) {
    const found = targetProblem(command, target, base, options);
    if (found?.decision === 'deny') return found;
    asking ??= found;
  }
  return asking;
}

function targetProblem(
  text: string,
  target: WriteTarget,
  base: string,
  options: ProtectedWriteOptions,
): ProtectedWrite | undefined {
  // A redirection is not part of the sub-command's text; the model is shown it too.
  const command = target.redirect === true ? `${text} ${target.text}` : text;
  const root = options.context.workspaceRoot;
  const written = target.path ?? target.glob;
  if (written === undefined) return undefined;
  const relative = workspaceRelative(path.resolve(base, written), root);
  if (relative === undefined) return undefined;
  const refused = (where: string, refusal: PathRefusal): ProtectedWrite => ({
    decision: refusal.decision,
    rule: refusal.rule,
    reason: `\`${command}\` writes ${where}, which the file tools may not write either: ${refusal.reason}`,
  });
  const checkPath = (candidate: string, shown: string): ProtectedWrite | undefined => {
    const respelled = respelledProtectedFolder(candidate);
    if (respelled !== undefined) {
      return {
        decision: 'deny',
        reason: `\`${command}\` writes ${shown}, which names "${respelled.segment}": some file systems open that as ${respelled.folder}, a protected folder, which the policy protects under its own name only, so this spelling cannot be written.`,
      };
    }
    const exact = options.guard.refusal(candidate);
    if (exact !== undefined) return refused(shown, exact);
    return target.tree === true ? reachProblem(candidate, shown, true) : undefined;
  };
  /**
   * The folders a path goes through before a `..` (`app/.gemini/../x`): the kernel enters each,
   * and `mkdir -p` creates them.
   */
  const passedThrough = (writtenPath: string): ProtectedWrite | undefined => {
    const segments = writtenPath.split('/');
    for (let index = 1; index < segments.length; index += 1) {
      if (segments[index] !== '..') continue;
      const folder = workspaceRelative(
        path.resolve(base, segments.slice(0, index).join('/') || '/'),
        root,
      );
      const problem = folder === undefined ? undefined : checkPath(folder, folder);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
  const reachProblem = (
    written: string,
    shown: string,
    below: boolean,
  ): ProtectedWrite | undefined => {
    for (const { pattern, rule } of options.guard.patterns) {
      // Below a folder, only patterns that fix where they match: `**/.gemini/**` could match
      // below any folder, which says nothing about this one.
      if (below && pattern.startsWith('**')) continue;
      const found = reach(written, pattern, below);
      if (found === undefined) continue;
      if (found === 'unsure') {
        return {
          decision: rule.decision === 'ask_user' ? 'ask_user' : 'deny',
          rule,
          reason: `\`${command}\` writes ${shown}, which could be a path the pattern "${pattern}" of the rule at ${ruleLocation(rule)} keeps the file tools from writing; name the path.`,
        };
      }
      for (const witness of found.witnesses) {
        const refusal = options.guard.refusal(witness);
        if (refusal === undefined) continue;
        const where = below ? `everything below ${shown}` : `${shown}, which can be ${witness}`;
        return refused(where, refusal);
      }
    }
    return undefined;
  };

  if (target.path !== undefined) {
    const shown = relative === '.' ? 'the workspace root' : relative;
    const problem = checkPath(relative, shown) ?? passedThrough(target.path);
    if (problem !== undefined) return problem;
    const real = options.context.realWorkspacePath?.(pathAsOpened(base, target.path));
    return real === undefined || real === relative
      ? undefined
      : checkPath(real, `${relative} (which leads to ${real === '.' ? 'the root' : real})`);
  }
  const textual = reachProblem(relative, relative, false);
  if (textual !== undefined) return textual;
  if (target.tree === true) {
    const below = reachProblem(relative, relative, true);
    if (below !== undefined) return below;
  }
  // Where the context expands globs, every path the pattern matches now is judged as well.
  const matches = options.context.expandGlob?.(pathAsOpened(base, written)) ?? [];
  for (const match of matches) {
    const matched = workspaceRelative(path.resolve(match), root);
    if (matched === undefined || matched === relative) continue;
    const problem =
      checkPath(matched, matched) ??
      (() => {
        const real = options.context.realWorkspacePath?.(match);
        return real === undefined || real === matched
          ? undefined
          : checkPath(real, `${matched} (which leads to ${real})`);
      })();
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** `/`-separated and relative to the workspace root (`.` for the root), or undefined outside it. */
function workspaceRelative(absolute: string, root: string): string | undefined {
  const relative = relativeInside(absolute, root);
  if (relative === undefined) return undefined;
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}
