// Builds policy rules the way the loader would, so engine tests can state only what matters.
import type { PolicyRule, PolicyTier } from '../../../src/policy/policy-types.js';
import { TIER_BASE } from '../../../src/policy/policy-types.js';

let nextLine = 1;

export type RuleSpec = Omit<PolicyRule, 'id' | 'priority' | 'effectivePriority' | 'source'> & {
  priority?: number;
  tier?: PolicyTier;
  file?: string;
  line?: number;
};

/** A rule as loaded from `file` (default `policy.toml`) at the next line, tier `workflow`. */
export function rule(spec: RuleSpec): PolicyRule {
  const { priority = 100, tier = 'workflow', file = 'policy.toml', line, ...rest } = spec;
  const at = line ?? nextLine++;
  return {
    ...rest,
    id: `${file}#${at}`,
    priority,
    effectivePriority: TIER_BASE[tier] + priority / 1000,
    source: { file, line: at, column: 1, tier },
  };
}
