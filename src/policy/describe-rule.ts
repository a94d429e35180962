/**
 * One-line descriptions of rules, for `policy check` listings, `policy explain` and the transcript.
 * Pure.
 */
import type { PolicyRule } from './policy-types.js';

/** `3.100`: the final priority as the engine orders rules. */
export function formatPriority(rule: PolicyRule): string {
  return rule.effectivePriority.toFixed(3);
}

/** `file:line:column`. */
export function ruleLocation(rule: PolicyRule): string {
  return `${rule.source.file}:${rule.source.line}:${rule.source.column}`;
}

/** `file:line:column (tier, priority 3.100)`: which rule decided, for verdicts and events. */
export function ruleOrigin(rule: PolicyRule): string {
  return `${ruleLocation(rule)} (${rule.source.tier}, priority ${formatPriority(rule)})`;
}

/**
 * `policies/ci.toml:4:1  priority 3.100  allow  run_shell_command  commandPrefix ["npm test"]`:
 * where the rule is, its final priority, its decision, the tools it names (`*` for every tool)
 * and each condition it has.
 */
export function describeRule(rule: PolicyRule): string {
  const tools = rule.toolNames ? rule.toolNames.join(',') : '*';
  const conditions = ruleConditions(rule);
  return [
    ruleLocation(rule),
    `priority ${formatPriority(rule)}`,
    rule.decision,
    tools,
    ...conditions,
  ].join('  ');
}

function ruleConditions(rule: PolicyRule): string[] {
  const list = (values: readonly string[]) => JSON.stringify(values);
  const parts: string[] = [];
  if (rule.mcpName !== undefined) parts.push(`mcpName ${JSON.stringify(rule.mcpName)}`);
  if (rule.commandPrefixes) parts.push(`commandPrefix ${list(rule.commandPrefixes)}`);
  if (rule.commandRegex) parts.push(`commandRegex /${rule.commandRegex.source}/`);
  if (rule.argsPattern) parts.push(`argsPattern /${rule.argsPattern.source}/`);
  if (rule.pathPatterns) parts.push(`pathPattern ${list(rule.pathPatterns)}`);
  if (rule.excludedPaths) parts.push(`excludedPaths ${list(rule.excludedPaths)}`);
  if (rule.toolAnnotations) parts.push(`toolAnnotations ${JSON.stringify(rule.toolAnnotations)}`);
  if (rule.approvalModes) parts.push(`modes ${list(rule.approvalModes)}`);
  if (rule.interactive !== undefined) parts.push(`interactive ${String(rule.interactive)}`);
  if (rule.runModes) parts.push(`runModes ${list(rule.runModes)}`);
  if (rule.trust) parts.push(`trust ${list(rule.trust)}`);
  if (rule.maxCalls !== undefined) parts.push(`maxCalls ${rule.maxCalls}`);
  if (rule.allowRedirection !== undefined)
    parts.push(`allowRedirection ${String(rule.allowRedirection)}`);
  if (rule.denyMessage !== undefined) parts.push(`denyMessage ${JSON.stringify(rule.denyMessage)}`);
  return parts;
}
