// The engine's verdict on one shell command under `rules`, read by the real shell analysis, in a
// maintainer's invoke run on /ws: what the deny-reading tests judge every spelling by.
import { createPolicyEngine } from '../../../src/policy/policy-engine.js';
import type { PolicyContext, PolicyRule, PolicyVerdict } from '../../../src/policy/policy-types.js';
import { analyzeShellCommand } from '../../../src/policy/shell/shell-analysis.js';

const CONTEXT: PolicyContext = { runMode: 'invoke', trust: 'maintainer', workspaceRoot: '/ws' };

export async function shellVerdict(
  rules: readonly PolicyRule[],
  command: string,
): Promise<PolicyVerdict> {
  const engine = createPolicyEngine({
    rules,
    analyzeShell: (text) => analyzeShellCommand(text),
    homeDir: '/home/runner',
  });
  return engine.decide(
    { toolName: 'run_shell_command', args: { command }, kind: 'execute', locations: [] },
    CONTEXT,
  );
}
