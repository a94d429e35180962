/**
 * Whether one policy rule's conditions hold for a call. Every condition a rule has must hold for
 * it to match; a condition the rule does not have always holds. The engine decides what a match
 * means (first match wins); this file only answers "does it match".
 *
 * Pure: no I/O. Paths are compared as text (the workspace has already resolved symlinks for the
 * locations tools report).
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import picomatch from 'picomatch';
import { anchored } from './anchored-regex.js';
import { stableStringify } from './argument-text.js';
import type { ParsedCommand } from './deny-readings.js';
import { parsedReading } from './deny-readings.js';
import { ruleLocation, ruleOrigin } from './describe-rule.js';
import type { CommandReading, PolicyContext, PolicyRule } from './policy-types.js';
import type { RunMode, RunTrust } from '../platform/run-mode.js';
import { relativeInside } from '../platform/path-containment.js';

export { ruleLocation, stableStringify };

/** The shell tool: its calls are judged per sub-command. */
export const SHELL_TOOL_NAME = 'run_shell_command';

/**
 * The Gemini CLI approval mode this product runs in. A rule with `modes` applies only if they
 * include it: we never run in `yolo` or `autoEdit` (our `--yolo` is a rule, not a mode).
 */
export const APPROVAL_MODE = 'default';

/** The prefix of MCP tool names in the Gemini CLI's current naming (`mcp_<server>_<tool>`). */
const MCP_PREFIX = 'mcp_';

/** The tool a rule is matched against. */
export interface ToolIdentity {
  name: string;
  serverName?: string;
  /**
   * Other names the call answers to: a subagent's tool answers to `invoke_agent` too, and an
   * `invoke_agent` call to the agent it names (see `agent-names.ts`).
   */
  aliases?: readonly string[];
}

/** A path argument of a call, in the forms patterns are compared with. */
export interface CallPath {
  /** As the tool reported it. */
  written: string;
  /** Workspace-relative with `/` separators (`.` for the root); absent when outside the workspace. */
  relative?: string;
  /** Absolute. */
  absolute: string;
}

/** Everything about a call (or one shell sub-command of it) that a rule's conditions look at. */
export interface MatchSubject {
  tool: ToolIdentity;
  /**
   * The arguments as the texts an `argsPattern` is tried on (see `argumentTexts`); for a shell
   * sub-command, with its text as `command`.
   */
  argsTexts: readonly string[];
  annotations?: Readonly<Record<string, unknown>>;
  paths: readonly CallPath[];
}

/** A shell command (or one part of it) as `commandPrefix` and `commandRegex` see it. */
export interface CommandSubject {
  /** The command's exact text. */
  text: string;
  /** The arguments as the Gemini CLI writes them for this command (see `geminiCommandText`). */
  geminiText: string;
  /**
   * One sub-command's words as bash will run them (see deny-readings.ts): a third reading, for
   * deny and ask_user rules only. Absent for the whole command line.
   */
  parsed?: ParsedCommand;
}

/**
 * How a rule's command conditions matched: on the raw text (in either reading), or as bash reads
 * the command, which `reading` then describes for the model and `policy explain`.
 */
export interface CommandMatch {
  reading?: CommandReading;
}

// ---- locations and sources ------------------------------------------------------------------

/** `file:line:column (tier, priority N.NNN)`: what the transcript shows as `decided_by`. */
export function describeDecider(rule: PolicyRule | undefined): string {
  return rule ? ruleOrigin(rule) : 'default (no rule matched)';
}

/**
 * The forms of each path argument. Tools report paths relative to the workspace when they lie
 * inside it; anything else (absolute, or escaping with `..`) is kept absolute only, so a relative
 * pattern such as `**` never matches a path outside the workspace.
 */
export function callPaths(locations: readonly string[], workspaceRoot: string): CallPath[] {
  return locations.map((written) => {
    const absolute = path.resolve(workspaceRoot, written);
    const relative = relativeInside(absolute, workspaceRoot);
    if (relative === undefined) return { written, absolute };
    return {
      written,
      absolute,
      relative: relative === '' ? '.' : relative.split(path.sep).join('/'),
    };
  });
}

// ---- tool name, server, context -------------------------------------------------------------

/** The server-less name of an MCP tool (`mcp_srv_tool` and `srv__tool` both give `tool`). */
function shortMcpName(tool: ToolIdentity & { serverName: string }): string {
  for (const prefix of [`${MCP_PREFIX}${tool.serverName}_`, `${tool.serverName}__`]) {
    if (tool.name.startsWith(prefix) && tool.name.length > prefix.length) {
      return tool.name.slice(prefix.length);
    }
  }
  return tool.name;
}

/**
 * Whether an MCP tool's name is not dressed as another server's tool: a name in the qualified
 * forms (`mcp_<server>_…`, `<server>__…`) must carry its own server's name. A server-wide allow
 * (`mcp_<server>_*`, or `mcpName` with every tool) covers only such names, as the Gemini CLI's
 * does, where every MCP tool's name is `mcp_<server>_<tool>`.
 */
function carriesOwnServerName(tool: ToolIdentity & { serverName: string }): boolean {
  if (tool.name.startsWith(MCP_PREFIX)) {
    return tool.name.startsWith(`${MCP_PREFIX}${tool.serverName}_`);
  }
  if (tool.name.includes('__')) return tool.name.startsWith(`${tool.serverName}__`);
  return true;
}

/**
 * Whether one `toolName` entry names the tool. `*` is every tool; `mcp_*` every MCP tool;
 * `mcp_<server>_*` every tool of that server (for an allow, only names that carry the server's
 * own; see `carriesOwnServerName`). An MCP tool answers to the name it is registered under and to
 * its qualified names (`mcp_<server>_<tool>`, `<server>__<tool>`); to the server's own name for it
 * (registered as `mcp_github_read_file`, called `read_file` by the server) only when the rule pins
 * the server with `mcpName` — otherwise an allow for the built-in `read_file` would also allow
 * that server's tool.
 */
function nameEntryMatches(
  entry: string,
  tool: ToolIdentity,
  rule: PolicyRule,
  aliases: Readonly<Record<string, string>>,
): boolean {
  if (entry === '*') return serverWideMatches(rule, tool);
  const { serverName } = tool;
  if (serverName === undefined) {
    return entry === tool.name || aliases[entry] === tool.name || !!tool.aliases?.includes(entry);
  }
  if (entry === `${MCP_PREFIX}*`) return true;
  if (entry.startsWith(MCP_PREFIX) && entry.endsWith('_*')) {
    if (entry.slice(MCP_PREFIX.length, -2) !== serverName) return false;
    return rule.decision !== 'allow' || carriesOwnServerName({ ...tool, serverName });
  }
  const short = shortMcpName({ ...tool, serverName });
  if (entry === tool.name) return true;
  if (entry === `${MCP_PREFIX}${serverName}_${short}` || entry === `${serverName}__${short}`) {
    return true;
  }
  return rule.mcpName === serverName && entry === short;
}

/**
 * Every tool of the rule's scope. With `mcpName = "<server>"` that is the Gemini CLI's
 * `mcp_<server>_*`, so an allow covers only names that carry the server's own; `mcpName = "*"`
 * (or none) has no such condition.
 */
function serverWideMatches(rule: PolicyRule, tool: ToolIdentity): boolean {
  if (rule.mcpName === undefined || rule.mcpName === '*' || rule.decision !== 'allow') return true;
  if (tool.serverName === undefined) return true;
  return carriesOwnServerName({ ...tool, serverName: tool.serverName });
}

/** `toolNames` and `mcpName` (`mcpName = "*"`: any MCP tool). */
export function matchesTool(
  rule: PolicyRule,
  tool: ToolIdentity,
  aliases: Readonly<Record<string, string>> = {},
): boolean {
  if (rule.mcpName !== undefined) {
    if (tool.serverName === undefined) return false;
    if (rule.mcpName !== '*' && rule.mcpName !== tool.serverName) return false;
  }
  if (rule.toolNames === undefined) return serverWideMatches(rule, tool);
  return rule.toolNames.some((entry) => nameEntryMatches(entry, tool, rule, aliases));
}

/**
 * The conditions about the run rather than the call: approval modes (we run in `default`),
 * `interactive` (we never are: a rule for interactive sessions never matches), the subagent making
 * the call, run modes, trust.
 */
export function matchesRun(
  rule: PolicyRule,
  run: { runMode: RunMode; trust: RunTrust; subagent?: string | undefined },
): boolean {
  if (rule.approvalModes && rule.approvalModes.length > 0) {
    if (!rule.approvalModes.includes(APPROVAL_MODE)) return false;
  }
  if (rule.interactive === true) return false;
  // A subagent's rule holds only for the calls that subagent makes.
  if (rule.subagent !== undefined && rule.subagent !== run.subagent) return false;
  if (rule.runModes && !rule.runModes.includes(run.runMode)) return false;
  if (rule.trust && !rule.trust.includes(run.trust)) return false;
  return true;
}

/** Every annotation the rule names has that value on the tool; a tool without annotations fails. */
export function matchesAnnotations(
  rule: PolicyRule,
  annotations: Readonly<Record<string, unknown>> | undefined,
): boolean {
  if (!rule.toolAnnotations) return true;
  if (!annotations) return false;
  return Object.entries(rule.toolAnnotations).every(([key, value]) =>
    isDeepStrictEqual(annotations[key], value),
  );
}

/**
 * `argsPattern`: searched (not anchored) in the stable JSON, as the Gemini CLI does — in each of
 * the call's texts (ours, and the Gemini CLI's names and markers), matching when any holds it. A
 * deny written for either spelling therefore denies.
 */
export function matchesArgs(rule: PolicyRule, argsTexts: readonly string[]): boolean {
  if (!rule.argsPattern) return true;
  // A global or sticky regex remembers `lastIndex` between calls; a fresh one never does.
  const pattern = withoutState(rule.argsPattern);
  return argsTexts.some((text) => pattern.test(text));
}

// ---- paths ----------------------------------------------------------------------------------

const matcherCache = new Map<string, (candidate: string) => boolean>();

function globMatcher(
  pattern: string,
  options: { nocase: boolean },
): (candidate: string) => boolean {
  const key = `${options.nocase ? 'i' : 's'}:${pattern}`;
  let matcher = matcherCache.get(key);
  if (!matcher) {
    matcher = picomatch(pattern, { dot: true, nocase: options.nocase });
    matcherCache.set(key, matcher);
  }
  return matcher;
}

/** `~` and `~/…` as the home directory; everything else as written. */
export function expandHome(pattern: string, homeDir: string): string {
  if (pattern === '~') return homeDir;
  if (pattern.startsWith('~/')) return path.join(homeDir, pattern.slice(2));
  return pattern;
}

/**
 * Whether one path matches one glob. Absolute patterns are compared with the absolute path;
 * relative ones with the workspace-relative path (a path outside the workspace has none). The
 * workspace root itself is `.`, which `**` also covers.
 */
function pathMatches(
  pattern: string,
  candidate: CallPath,
  options: { homeDir: string; nocase: boolean },
): boolean {
  const expanded = expandHome(pattern, options.homeDir);
  if (path.isAbsolute(expanded)) {
    return globMatcher(expanded, options)(candidate.absolute);
  }
  if (candidate.relative === undefined) return false;
  if (candidate.relative === '.' && (expanded === '**' || expanded === '.')) return true;
  return globMatcher(expanded, options)(candidate.relative);
}

/** `pathPatterns`: every path argument matches one of them (a call without paths matches). */
export function matchesPaths(
  rule: PolicyRule,
  paths: readonly CallPath[],
  homeDir: string,
): boolean {
  const patterns = rule.pathPatterns;
  if (!patterns) return true;
  return paths.every((candidate) =>
    patterns.some((pattern) => pathMatches(pattern, candidate, { homeDir, nocase: false })),
  );
}

/**
 * The first path argument that one of the rule's `excludedPaths` covers. Compared without regard
 * to case, so an exclusion also holds on case-insensitive file systems.
 */
export function excludedPathHit(
  rule: PolicyRule,
  paths: readonly CallPath[],
  homeDir: string,
): { path: string; pattern: string } | undefined {
  for (const candidate of paths) {
    for (const pattern of rule.excludedPaths ?? []) {
      if (pathMatches(pattern, candidate, { homeDir, nocase: true })) {
        return { path: candidate.written, pattern };
      }
    }
  }
  return undefined;
}

// ---- shell commands -------------------------------------------------------------------------

/**
 * `commandPrefix` on a word boundary: the text is the prefix, or continues after it with
 * whitespace (`echo` matches `echo hi`, not `echoes`). A prefix that itself ends in whitespace
 * needs no further boundary.
 */
export function prefixMatches(prefix: string, text: string): boolean {
  if (prefix === '' || !text.startsWith(prefix)) return false;
  if (text.length === prefix.length) return true;
  return /\s$/u.test(prefix) || /^\s/u.test(text.slice(prefix.length));
}

/** Whether a rule has conditions on the shell command's text. */
export function hasCommandConditions(rule: PolicyRule): boolean {
  return rule.commandPrefixes !== undefined || rule.commandRegex !== undefined;
}

/** Our reading: the prefix on a word boundary, the regex from the start of the text. */
function matchesOurReading(rule: PolicyRule, text: string): boolean {
  if (rule.commandPrefixes && !rule.commandPrefixes.some((prefix) => prefixMatches(prefix, text))) {
    return false;
  }
  if (rule.commandRegex && !anchored(rule.commandRegex).start.test(text)) return false;
  return true;
}

/** The Gemini CLI's escaping of a literal inside a pattern (its policy/utils.ts, escapeRegex). */
function escapeGeminiLiteral(text: string): string {
  return text.replace(/[-[\]{}()*+?.,\\^$|#\s"]/gu, '\\$&');
}

const geminiPatternCache = new WeakMap<PolicyRule, RegExp[]>();

/**
 * The patterns the Gemini CLI makes of a rule's command conditions (its policy/utils.ts,
 * buildArgsPatterns): `"command":"<prefix>` followed by whitespace or a quote, and
 * `"command":"<regex>`, both searched in its JSON arguments.
 */
function geminiPatterns(rule: PolicyRule): RegExp[] {
  let patterns = geminiPatternCache.get(rule);
  if (patterns === undefined) {
    patterns = [];
    for (const prefix of rule.commandPrefixes ?? []) {
      const open = JSON.stringify(prefix).slice(0, -1);
      patterns.push(new RegExp(`${escapeGeminiLiteral(`"command":${open}`)}(?:[\\s"]|\\\\")`));
    }
    if (rule.commandRegex) patterns.push(new RegExp(`"command":"${rule.commandRegex.source}`));
    geminiPatternCache.set(rule, patterns);
  }
  return patterns;
}

function matchesGeminiReading(rule: PolicyRule, geminiText: string): boolean {
  return geminiPatterns(rule).some((pattern) => pattern.test(geminiText));
}

/**
 * `commandPrefix` / `commandRegex` against a command (or one sub-command). The raw text has two
 * readings: ours, on the command's own text, where the regex must match from its start; and the
 * Gemini CLI's, where the patterns are searched in its JSON arguments right after `"command":"`
 * (so there `^` never matches, and `$` only at the end of the whole JSON). A policy file may have
 * been written for either, so an allow holds only when both readings match — it never allows what
 * the Gemini CLI would refuse.
 *
 * A deny or ask_user holds when either does, or when the sub-command's parsed words match (see
 * deny-readings.ts): quotes, escapes, whitespace, a path to the program and, for the programs
 * whose options are known, the spelling of the options do not take a command out of its reach.
 * Undefined when the rule does not match.
 */
export function commandMatch(rule: PolicyRule, command: CommandSubject): CommandMatch | undefined {
  if (!hasCommandConditions(rule)) return {};
  const ours = matchesOurReading(rule, command.text);
  if (rule.decision === 'allow') {
    return ours && matchesGeminiReading(rule, command.geminiText) ? {} : undefined;
  }
  if (ours || matchesGeminiReading(rule, command.geminiText)) return {};
  const reading = command.parsed ? parsedReading(rule, command.parsed) : undefined;
  return reading === undefined ? undefined : { reading };
}

/** Whether the rule's command conditions hold (see `commandMatch`). */
export function matchesCommand(rule: PolicyRule, command: CommandSubject): boolean {
  return commandMatch(rule, command) !== undefined;
}

/**
 * Whether the rule names this exact sub-command: a `commandPrefix` equal to the whole text, or a
 * `commandRegex` matching all of it. Only such a rule can allow a sub-command with hazards.
 */
export function matchesCommandExactly(rule: PolicyRule, text: string): boolean {
  if (!hasCommandConditions(rule)) return false;
  if (rule.commandPrefixes && !rule.commandPrefixes.includes(text)) return false;
  if (rule.commandRegex && !anchored(rule.commandRegex).whole.test(text)) return false;
  return true;
}

// ---- maxCalls -------------------------------------------------------------------------------

/**
 * How often each rule with `maxCalls` has allowed a call, per engine (i.e. per session). A rule
 * whose budget is used up no longer matches, so later calls fall through to other rules.
 */
export class CallCounter {
  private readonly used = new Map<string, number>();

  hasRoom(rule: PolicyRule): boolean {
    return rule.maxCalls === undefined || (this.used.get(rule.id) ?? 0) < rule.maxCalls;
  }

  /** Counts one allowed call against each rule (a rule allowing several sub-commands counts once). */
  record(rules: Iterable<PolicyRule>): void {
    for (const rule of new Set(rules)) {
      if (rule.maxCalls !== undefined) this.used.set(rule.id, (this.used.get(rule.id) ?? 0) + 1);
    }
  }
}

/** Every condition except the shell command's: tool, run, annotations, arguments, paths, budget. */
export function matchesSubject(
  rule: PolicyRule,
  subject: MatchSubject,
  options: {
    context: Pick<PolicyContext, 'runMode' | 'trust' | 'subagent'>;
    aliases: Readonly<Record<string, string>>;
    homeDir: string;
    counter: CallCounter;
  },
): boolean {
  return (
    matchesTool(rule, subject.tool, options.aliases) &&
    matchesRun(rule, options.context) &&
    matchesAnnotations(rule, subject.annotations) &&
    matchesArgs(rule, subject.argsTexts) &&
    matchesPaths(rule, subject.paths, options.homeDir) &&
    options.counter.hasRoom(rule)
  );
}

function withoutState(regex: RegExp): RegExp {
  return regex.global || regex.sticky
    ? new RegExp(regex.source, regex.flags.replace(/[gy]/gu, ''))
    : regex;
}
