/**
 * The policy engine: answers allow, deny or ask_user for a tool call, in place of the person the
 * Gemini CLI would ask. Pure and deterministic for the same rules, call and context (the only
 * state is the per-session `maxCalls` count); the shell analyser is passed in.
 *
 * Semantics:
 * - Rules are tried by effective priority, highest first (`tier + priority/1000`); ties keep the
 *   order they were given in (file order). The first rule whose conditions all hold decides
 *   ("first match wins"). When none does, the answer is deny: nobody is there to ask.
 * - A rule matches when every condition it has holds: tool name (`*`, `mcp_<server>_*`, aliases),
 *   `mcpName`, `argsPattern` (searched in the key-sorted JSON of the arguments), approval modes
 *   (we run in `default`), `interactive` (we never are, so `interactive = true` never matches),
 *   tool annotations, run modes, trust, `pathPatterns` (every path argument matches one), and a
 *   `maxCalls` budget that is not used up yet. Command conditions make a rule shell-only.
 * - An allow rule that matches a call with a path under one of its `excludedPaths` answers
 *   ask_user (a denial in CI) instead, naming the path and the rule.
 * - `maxCalls` counts the calls a rule allowed in this engine's lifetime (one session); a call
 *   that ends up denied is not counted.
 * - Shell calls are judged per sub-command (see `shell-decision.ts`); deny dominates. A path a
 *   sub-command writes gets the answer a `write_file` call to it would get from a rule that
 *   names paths (see `protected-writes.ts`).
 */
import os from 'node:os';
import type {
  PolicyCall,
  PolicyContext,
  PolicyDecision,
  PolicyRule,
  PolicyVerdict,
} from './policy-types.js';
import type { ShellAnalysis } from './shell/shell-analysis-types.js';
import type { ToolIdentity, MatchSubject } from './rule-matching.js';
import {
  CallCounter,
  SHELL_TOOL_NAME,
  callPaths,
  describeDecider,
  excludedPathHit,
  hasCommandConditions,
  matchesRun,
  matchesSubject,
  matchesTool,
  ruleLocation,
} from './rule-matching.js';
import { agentNameAliases } from './agent-names.js';
import { argumentTexts, geminiCommandText } from './argument-text.js';
import { decideShellCommand, excludedReason, shellDirectory } from './shell-decision.js';
import { parsedCommandOf } from './deny-readings.js';
import { createWriteGuard } from './protected-writes.js';
import type { WriteGuard } from './protected-writes.js';
import type { ToolKind } from '../tools/tool-types.js';
import { WRITE_FILE_TOOL_NAME } from '../tools/write-file.js';

/** Analyses a shell command; must not throw for bad input (a thrown error is read as a parse error). */
export type ShellAnalyzer = (command: string) => Promise<ShellAnalysis>;

/** The reason of the default decision. */
export const NO_RULE_REASON = 'No policy rule allows this call.';

export interface PolicyEngineOptions {
  rules: readonly PolicyRule[];
  analyzeShell: ShellAnalyzer;
  /**
   * Other names of tools (alias → canonical name), so a rule written with a name the Gemini CLI
   * uses today (`grep_search`) applies to the tool declared under the spec's name.
   */
  toolAliases?: Readonly<Record<string, string>>;
  /** What `~` in path patterns means. Default: the current user's home directory. */
  homeDir?: string;
}

/** A tool as declarations filtering sees it. */
export interface PolicyTool {
  name: string;
  serverName?: string;
  kind: ToolKind;
}

export type RunScope = Pick<PolicyContext, 'runMode' | 'trust' | 'subagent'>;

export interface PolicyEngine {
  /** The rules in the order they are tried. */
  readonly rules: readonly PolicyRule[];
  decide(call: PolicyCall, context: PolicyContext): Promise<PolicyVerdict>;
  /** True when every possible call of the tool would be denied in runs of this scope. */
  isUnconditionallyDenied(tool: PolicyTool, scope: RunScope): boolean;
  /** The tools worth declaring to the model: those some call of which could be allowed. */
  declaredTools<T extends PolicyTool>(tools: readonly T[], scope: RunScope): T[];
}

export function createPolicyEngine(options: PolicyEngineOptions): PolicyEngine {
  const rules = sortRules(options.rules);
  const aliases = options.toolAliases ?? {};
  const homeDir = options.homeDir ?? os.homedir();
  const counter = new CallCounter();

  const matcher =
    (context: RunScope) =>
    (rule: PolicyRule, subject: MatchSubject): boolean =>
      matchesSubject(rule, subject, { context, aliases, homeDir, counter });

  const verdict = (
    decision: PolicyDecision,
    reason: string,
    rule: PolicyRule | undefined,
    extra: Partial<PolicyVerdict> = {},
  ): PolicyVerdict => ({
    decision,
    ...(rule ? { rule } : {}),
    reason,
    decidedBy: describeDecider(rule),
    ...extra,
  });

  /** Every tool except the shell: the first matching rule decides. */
  const decideTool = (call: PolicyCall, context: PolicyContext): PolicyVerdict => {
    const subject = subjectOf(call, call.args, context);
    const matches = matcher(context);
    for (const rule of rules) {
      // Command conditions describe shell commands; other tools have none, so they cannot hold.
      if (hasCommandConditions(rule) || !matches(rule, subject)) continue;
      if (rule.decision === 'deny') {
        return verdict(
          'deny',
          rule.denyMessage ?? `Denied by the rule at ${ruleLocation(rule)}.`,
          rule,
        );
      }
      if (rule.decision === 'ask_user') {
        return verdict(
          'ask_user',
          `The rule at ${ruleLocation(rule)} asks for confirmation.`,
          rule,
        );
      }
      const excluded = excludedPathHit(rule, subject.paths, homeDir);
      if (excluded) return verdict('ask_user', excludedReason(excluded, rule), rule);
      counter.record([rule]);
      return verdict('allow', `Allowed by the rule at ${ruleLocation(rule)}.`, rule);
    }
    return verdict('deny', NO_RULE_REASON, undefined);
  };

  /**
   * Would a `write_file` call to this path be refused by a rule that names paths? The shell
   * decision asks it of every path a command writes (see protected-writes.ts).
   */
  const writeGuard = (context: PolicyContext): WriteGuard =>
    createWriteGuard({
      rules,
      homeDir,
      workspaceRoot: context.workspaceRoot,
      subjectFor: (relative) =>
        subjectOf(
          { toolName: WRITE_FILE_TOOL_NAME, args: {}, kind: 'edit', locations: [relative] },
          { file_path: relative },
          context,
        ),
      matches: matcher(context),
      appliesToWrites: (rule) =>
        matchesTool(rule, { name: WRITE_FILE_TOOL_NAME }, aliases) && matchesRun(rule, context),
    });

  const decideShell = (
    call: PolicyCall,
    command: string,
    analysis: ShellAnalysis,
    context: PolicyContext,
  ): PolicyVerdict => {
    const decision = decideShellCommand(analysis, {
      writes: writeGuard(context),
      rules,
      context,
      directory: shellDirectory(call.args),
      homeDir,
      subjectFor: (piece) => subjectOf(call, { ...call.args, command: piece.text }, context),
      commandFor: (piece) => {
        const parsed = parsedCommandOf(piece);
        return {
          text: piece.text,
          geminiText: geminiCommandText(call.args, piece.text),
          ...(parsed === undefined ? {} : { parsed }),
        };
      },
      whole: {
        subject: subjectOf(call, call.args, context),
        command: { text: command, geminiText: geminiCommandText(call.args) },
      },
      matches: matcher(context),
    });
    if (decision.decision === 'allow') {
      counter.record(decision.subcommands.flatMap((sub) => (sub.rule ? [sub.rule] : [])));
    }
    const deciders = [
      ...new Set(
        decision.subcommands
          .filter((sub) => sub.decision === decision.decision)
          .map((sub) => sub.decidedBy ?? describeDecider(sub.rule)),
      ),
    ];
    return verdict(decision.decision, decision.reason, decision.rule, {
      subcommands: decision.subcommands,
      ...(decision.decidedBy === undefined ? {} : { decidedBy: decision.decidedBy }),
      // An allowed command may owe its answer to several rules; name them all.
      ...(decision.decision === 'allow' && deciders.length > 1
        ? { decidedBy: deciders.join('; ') }
        : {}),
    });
  };

  return {
    rules,
    async decide(call, context) {
      if (call.toolName !== SHELL_TOOL_NAME) return decideTool(call, context);
      const command = call.args.command;
      if (typeof command !== 'string') {
        return verdict('deny', 'The shell call has no command to check.', undefined);
      }
      // The only await: everything after it, including the maxCalls check and count, runs
      // without interruption, so parallel decisions cannot both take a rule's last call.
      const analysis = await analyzeSafely(options.analyzeShell, command);
      return decideShell(call, command, analysis, context);
    },
    isUnconditionallyDenied: (tool, scope) =>
      isUnconditionallyDenied(rules, tool, { ...scope, aliases }),
    declaredTools(tools, scope) {
      return tools.filter((tool) => !isUnconditionallyDenied(rules, tool, { ...scope, aliases }));
    },
  };
}

/** By effective priority, highest first; `Array.prototype.sort` is stable, so ties keep file order. */
export function sortRules(rules: readonly PolicyRule[]): PolicyRule[] {
  return [...rules].sort((a, b) => b.effectivePriority - a.effectivePriority);
}

function subjectOf(
  call: PolicyCall,
  args: Readonly<Record<string, unknown>>,
  context: PolicyContext,
): MatchSubject {
  const aliases = agentNameAliases(call.toolName, call.kind, args);
  const tool: ToolIdentity = {
    name: call.toolName,
    ...(call.serverName === undefined ? {} : { serverName: call.serverName }),
    ...(aliases.length === 0 ? {} : { aliases }),
  };
  return {
    tool,
    argsTexts: argumentTexts(call.toolName, args),
    ...(call.annotations ? { annotations: call.annotations } : {}),
    paths: callPaths(call.locations, context.workspaceRoot),
  };
}

async function analyzeSafely(analyze: ShellAnalyzer, command: string): Promise<ShellAnalysis> {
  try {
    return await analyze(command);
  } catch (error) {
    // Fail closed: a command we could not analyse is a command we cannot allow.
    const detail = error instanceof Error ? error.message : String(error);
    return {
      commands: [],
      hazards: [{ kind: 'parse_error', detail: `analysis failed (${detail})` }],
    };
  }
}

/**
 * Whether no call of the tool can be allowed (or asked about) in this scope: walking the rules in
 * order, the first one that can apply to the tool by name, server, mode and trust alone and has
 * no further conditions decides deny — or no rule can apply at all. Rules with further conditions
 * (arguments, command, paths, annotations, an allow budget) apply to some calls only: a deny of
 * that kind lets others fall through, anything else may let some call through.
 */
function isUnconditionallyDenied(
  rules: readonly PolicyRule[],
  tool: PolicyTool,
  scope: RunScope & { aliases: Readonly<Record<string, string>> },
): boolean {
  const aliases = agentNameAliases(tool.name, tool.kind, {});
  const identity: ToolIdentity = {
    name: tool.name,
    ...(tool.serverName === undefined ? {} : { serverName: tool.serverName }),
    ...(aliases.length === 0 ? {} : { aliases }),
  };
  const isShell = tool.name === SHELL_TOOL_NAME;
  for (const rule of rules) {
    if (!matchesTool(rule, identity, scope.aliases) || !matchesRun(rule, scope)) continue;
    if (!isShell && hasCommandConditions(rule)) continue;
    const conditional =
      rule.argsPattern !== undefined ||
      hasCommandConditions(rule) ||
      rule.pathPatterns !== undefined ||
      rule.toolAnnotations !== undefined ||
      (rule.maxCalls !== undefined && rule.decision !== 'deny');
    if (conditional) {
      if (rule.decision === 'deny') continue;
      return false;
    }
    return rule.decision === 'deny';
  }
  return true;
}
