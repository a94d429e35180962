/**
 * The shapes of the policy: rules as loaded from TOML (both the Gemini CLI's `[[rule]]` tables and
 * the spec's `[tools.<name>]` tables become these), the call being judged, and the answer.
 * The engine is pure: no I/O, deterministic for the same rules, call and context.
 */
import type { ToolKind } from '../tools/tool-types.js';
import type { RunMode, RunTrust } from '../platform/run-mode.js';

export type PolicyDecision = 'allow' | 'deny' | 'ask_user';

/**
 * Where a policy file came from. The final priority of a rule is `tier + priority / 1000`, so any
 * rule of a higher tier beats every rule of a lower one.
 */
export type PolicyTier = 'default' | 'repository' | 'workflow' | 'admin';
export const TIER_BASE: Readonly<Record<PolicyTier, number>> = {
  default: 1,
  repository: 2,
  workflow: 3,
  admin: 4,
};

export interface RuleSource {
  /** The policy file (or a label such as `preset:read-only` or `--allow-command`). */
  file: string;
  /** 1-based position of the rule's table header (or of the generating entry). */
  line: number;
  column: number;
  tier: PolicyTier;
}

export interface PolicyRule {
  /** Stable within one loaded policy; used for `maxCalls` counting. */
  id: string;
  /**
   * Tool names the rule applies to; `undefined` means every tool. Entries may be `*` or
   * `mcp_<server>_*` wildcards.
   */
  toolNames?: readonly string[];
  /** Only tools of this MCP server. */
  mcpName?: string;
  /** Matched against the call's arguments as stable (key-sorted) JSON. */
  argsPattern?: RegExp;
  /** Shell tool only: the command (each sub-command) starts with one of these, on a word boundary. */
  commandPrefixes?: readonly string[];
  /** Shell tool only: a regex each sub-command must match. */
  commandRegex?: RegExp;
  decision: PolicyDecision;
  /** 0–999 as written in the file. */
  priority: number;
  /** `TIER_BASE[tier] + priority / 1000`. */
  effectivePriority: number;
  /** Gemini CLI approval modes the rule applies in; this product always runs in `default`. */
  approvalModes?: readonly string[];
  /** Whether the rule applies to interactive or non-interactive runs; ours are non-interactive. */
  interactive?: boolean;
  /** Matched against the tool's annotations (MCP tool hints such as `readOnlyHint`). */
  toolAnnotations?: Readonly<Record<string, unknown>>;
  /** Shell tool: an allow that also covers redirections (to targets inside the workspace). */
  allowRedirection?: boolean;
  /** Shown to the model when this rule denies. */
  denyMessage?: string;
  // ---- our additions -------------------------------------------------------------------------
  /** Glob patterns (workspace-relative); the rule applies only if every path argument matches one. */
  pathPatterns?: readonly string[];
  /**
   * Glob patterns (workspace-relative or absolute, `~` expanded); a call with any path argument
   * matching one is not covered by this rule's allow: it becomes `ask_user` (a denial in CI).
   */
  excludedPaths?: readonly string[];
  /** The rule allows at most this many calls per session; later calls fall through to other rules. */
  maxCalls?: number;
  /** Only in these run modes. */
  runModes?: readonly RunMode[];
  /** Only for runs of this trust. */
  trust?: readonly RunTrust[];
  /** The Gemini CLI's `subagent`: only for calls a subagent of this name makes. */
  subagent?: string;
  source: RuleSource;
}

/** A tool call as the policy sees it: the validated parameters that will be executed. */
export interface PolicyCall {
  toolName: string;
  args: Readonly<Record<string, unknown>>;
  kind: ToolKind;
  serverName?: string;
  /** Workspace-relative paths the call touches (from the tool's `locations()`). */
  locations: readonly string[];
  /** MCP tool annotations, when known. */
  annotations?: Readonly<Record<string, unknown>>;
}

export interface PolicyContext {
  runMode: RunMode;
  trust: RunTrust;
  /** The subagent making the call; absent for the main agent's calls. */
  subagent?: string;
  /** Absolute real path of the workspace root (redirection targets must lie inside it). */
  workspaceRoot: string;
  /**
   * Checks a path a shell command opens (a redirection target, a file it names) the way the tools
   * check their paths — symlinks, denied places such as `/proc`, `.git` in any spelling — and
   * returns why it may not be used, or undefined. The path is absolute but may still hold `..`,
   * which is resolved as the kernel resolves it (after the symlink before it). Without it only
   * the text is checked, which keeps the engine free of I/O in tests and in `policy explain`.
   */
  workspacePathProblem?: (absolutePath: string, purpose: 'read' | 'write') => string | undefined;
  /**
   * The paths an absolute glob pattern matches, as bash expands it (undefined when there are too
   * many to check). Without it a pattern is only checked by its text.
   */
  expandGlob?: (absolutePattern: string) => readonly string[] | undefined;
  /**
   * Where a path a shell command writes leads: workspace-relative (`/`-separated, `.` for a root)
   * after its symlinks are resolved as the kernel resolves them (dangling ones too), or undefined
   * when it leads out of the workspace or cannot be resolved. Such a path is judged by this as
   * well as by its text, as the file tools report the paths they write. Without it only the text
   * is judged.
   */
  realWorkspacePath?: (absolutePath: string) => string | undefined;
}

/** How one sub-command of a shell command was judged. */
export interface SubcommandVerdict {
  /** The sub-command's exact source text. */
  text: string;
  decision: PolicyDecision;
  rule?: PolicyRule;
  reason: string;
  /** What decided when it was not a rule (the workspace boundary). */
  decidedBy?: string;
  /**
   * How a deny or ask_user rule matched when it matched the command only as bash reads it, not
   * its raw text.
   */
  reading?: CommandReading;
}

/** A deny or ask_user rule that matched a command as bash reads it (see deny-readings.ts). */
export interface CommandReading {
  /**
   * `words`: the parsed words (quotes removed, whitespace collapsed, the program by its name);
   * `options`: the canonical form of a known program's options.
   */
  on: 'words' | 'options';
  /** The command in that reading: `rm -rf x`, or `rm --force --recursive x`. */
  form: string;
  /** What the model and `policy explain` are told. */
  sentence: string;
}

export interface PolicyVerdict {
  decision: PolicyDecision;
  /** The rule that decided; absent when no rule matched (the default decision). */
  rule?: PolicyRule;
  /** Why, in words a maintainer (and the model) can act on. */
  reason: string;
  /** `file:line:column (tier, priority N.NNN)` or `default (no rule matched)`. */
  decidedBy: string;
  /** For shell commands: each sub-command's verdict, in source order. */
  subcommands?: readonly SubcommandVerdict[];
}
