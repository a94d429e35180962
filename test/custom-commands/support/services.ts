// Injection services over a real workspace, the built-in tools and the run's real policy (the
// preset of the mode, `--allow-command` rules), wired as run-agent.ts wires them for a session.
import { onTestFinished } from 'vitest';
import type { InjectionServices } from '../../../src/custom-commands/injection-services.js';
import { createInjectionServices } from '../../../src/custom-commands/injection-services.js';
import { memoryLogger } from '../../../src/platform/logger.js';
import { createPolicyConfirmer } from '../../../src/policy/policy-confirmer.js';
import type { RunMode } from '../../../src/platform/run-mode.js';
import { loadCliPolicy } from '../../../src/session-setup/policy-setup.js';
import { policyContext } from '../../../src/session-setup/run-agent.js';
import { registerBuiltinTools } from '../../../src/tools/builtin-tools.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import { ToolProcesses } from '../../../src/tools/tool-processes.js';
import { Workspace } from '../../../src/tools/workspace.js';

export async function sessionServices(
  workspaceRoot: string,
  options: { allowCommands?: string[]; mode?: RunMode; policyFiles?: string[] } = {},
): Promise<InjectionServices & { log: ReturnType<typeof memoryLogger> }> {
  const log = memoryLogger();
  const workspace = await Workspace.create(workspaceRoot);
  const processes = new ToolProcesses({
    workspaceRoot: workspace.root,
    parentEnv: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  const registry = new ToolRegistry();
  registerBuiltinTools(registry, { workspace, logger: log, shell: { processes } });
  onTestFinished(async () => {
    await registry.dispose();
    await processes.close();
  });
  const runMode = options.mode ?? 'invoke';
  const policy = await loadCliPolicy({
    mode: runMode,
    policyFiles: options.policyFiles ?? [],
    allowCommands: options.allowCommands ?? [],
    yolo: false,
  });
  const confirmer = createPolicyConfirmer({
    engine: policy.engine,
    context: policyContext(workspace, { runMode, trust: 'maintainer' }),
  });
  return { ...createInjectionServices({ registry, confirmer, workspace, logger: log }), log };
}
