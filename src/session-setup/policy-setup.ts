/**
 * The run's policy: the preset of the run mode, the `--allow-command` rules and the `--policy`
 * files (workflow tier), or with `--yolo` an allow-everything rule instead of the preset; and
 * what settings.json implies (trusted MCP servers, excluded commands) and what extensions exclude.
 * Shared by runs and by `gemini-agent policy explain`, so explain answers what a run would.
 */
import type { PolicyEngine } from '../policy/policy-engine.js';
import { createPolicyEngine } from '../policy/policy-engine.js';
import type { LoadedPolicyFile } from '../policy/load-policy.js';
import { loadPolicyFiles } from '../policy/load-policy.js';
import { PolicyFileError } from '../policy/policy-file-error.js';
import type { AgentSettings } from '../config/settings-types.js';
import type { PolicyRule, PolicyTier } from '../policy/policy-types.js';
import { TIER_BASE } from '../policy/policy-types.js';
import { SHELL_TOOL_NAME } from '../policy/parse-policy.js';
import { commandAllowRules, loadPreset, presetForMode } from '../policy/presets.js';
import { analyzeShellCommand } from '../policy/shell/shell-analysis.js';
import { BUILTIN_TOOL_ALIASES } from '../tools/builtin-tools.js';
import { toolArgumentOf, toolNameOf } from '../tools/tool-selection.js';
import type { RunMode } from '../platform/run-mode.js';
import { extensionPolicyRules } from '../custom-commands/extensions/extension-config.js';
import type { LoadedExtension } from '../custom-commands/extensions/load-extensions.js';

export interface CliPolicyOptions {
  mode: RunMode;
  policyFiles: readonly string[];
  allowCommands: readonly string[];
  yolo: boolean;
  /**
   * The workspace holds code nobody with write access wrote (a fork's pull request head): no
   * command may run at all, whatever the preset, `allowCommands` or the policy files allow,
   * because running it would run that code beside the run's credentials.
   */
  untrustedWorkspace?: boolean;
  /**
   * Policy files that may only narrow (a fleet campaign's): deny and ask_user rules, in the admin
   * tier so they beat every other rule. An allow rule in one is refused, with its place.
   */
  narrowingPolicyFiles?: readonly string[];
  /** settings.json: trusted MCP servers are allowed, `tools.exclude` command entries denied. */
  settings?: AgentSettings;
  /** Extensions: their `excludeTools` are denied in the admin tier. */
  extensions?: readonly LoadedExtension[];
}

export interface CliPolicy {
  engine: PolicyEngine;
  /** Every rule, in the order the engine tries them. */
  rules: readonly PolicyRule[];
  /** Where the rules came from: the preset (or `--yolo`) first, then the `--policy` files. */
  sources: string[];
  /**
   * What the policy files hold that loads but is not acted on (Gemini CLI safety checkers,
   * ignored keys), as `file:line:column: message` lines for the log.
   */
  warnings: string[];
}

/** The label `--yolo`'s rule carries as its source. */
export const YOLO_SOURCE = '--yolo';

/**
 * `--yolo`: allow every call no other rule decides. It sits below every rule (effective priority
 * 0, under the lowest tier), so `--policy` files and `--allow-command` still decide first. It is a
 * rule like any other: shell commands are still analysed sub-command by sub-command, so
 * substitutions, wrappers, non-literal names and redirections outside the workspace stay denied.
 * (The presets end in catch-all denials, which would leave nothing for this rule, so `--yolo`
 * takes the preset's place instead of being added below it.)
 */
export function yoloRule(): PolicyRule {
  return {
    id: YOLO_SOURCE,
    toolNames: ['*'],
    decision: 'allow',
    priority: 0,
    effectivePriority: 0,
    source: { file: YOLO_SOURCE, line: 1, column: 1, tier: 'default' },
  };
}

/** The label of the rule that stops commands in a workspace holding a fork's code. */
export const UNTRUSTED_WORKSPACE_SOURCE = 'fork code in the workspace';

/** Denies every shell command, in the admin tier at the highest priority, so nothing overrides it. */
function untrustedWorkspaceRule(): PolicyRule {
  const priority = 999;
  return {
    id: UNTRUSTED_WORKSPACE_SOURCE,
    toolNames: [SHELL_TOOL_NAME],
    decision: 'deny',
    priority,
    effectivePriority: TIER_BASE.admin + priority / 1000,
    denyMessage:
      "The workspace holds a fork's pull request code, which must not run in this workflow: no shell commands are allowed. Read and search the files instead.",
    source: { file: UNTRUSTED_WORKSPACE_SOURCE, line: 1, column: 1, tier: 'admin' },
  };
}

export async function loadCliPolicy(options: CliPolicyOptions): Promise<CliPolicy> {
  const sources: string[] = [];
  const warnings: string[] = [];
  const rules: PolicyRule[] = [];
  if (options.yolo) {
    rules.push(yoloRule());
    sources.push(YOLO_SOURCE);
  } else {
    const preset = presetForMode(options.mode);
    const loaded = await loadPreset(preset);
    rules.push(...loaded.rules);
    sources.push(...loaded.files.map((file) => describeFile(file)));
  }
  if (options.allowCommands.length > 0) {
    // In the presets' tier: above their allows and explained denials, below their hard denials.
    rules.push(
      ...commandAllowRules(options.allowCommands, { file: '--allow-command', tier: 'default' }),
    );
    sources.push(`--allow-command (default, ${options.allowCommands.length} rules)`);
  }
  if (options.policyFiles.length > 0) {
    const loaded = await loadPolicyFiles(
      options.policyFiles.map((path) => ({ path, tier: 'workflow' as const })),
    );
    rules.push(...loaded.rules);
    sources.push(...loaded.files.map((file) => describeFile(file)));
    warnings.push(...loaded.warnings);
  }
  if ((options.narrowingPolicyFiles?.length ?? 0) > 0) {
    const loaded = await loadPolicyFiles(
      (options.narrowingPolicyFiles ?? []).map((path) => ({ path, tier: 'admin' as const })),
    );
    refuseWidening(loaded.rules);
    rules.push(...loaded.rules);
    sources.push(...loaded.files.map((file) => describeFile(file)));
    warnings.push(...loaded.warnings);
  }
  if (options.settings !== undefined) {
    const fromSettings = settingsRules(options.settings);
    if (fromSettings.length > 0) {
      rules.push(...fromSettings);
      sources.push(`${options.settings.source} (settings, ${fromSettings.length} rules)`);
    }
  }
  for (const extension of options.extensions ?? []) {
    const fromExtension = extensionPolicyRules([extension]);
    if (fromExtension.length > 0) {
      rules.push(...fromExtension);
      sources.push(`extension ${extension.name} (admin, ${fromExtension.length} rules)`);
    }
  }
  if (options.untrustedWorkspace === true) {
    rules.push(untrustedWorkspaceRule());
    sources.push(`${UNTRUSTED_WORKSPACE_SOURCE} (admin, 1 rule)`);
  }
  const engine = createPolicyEngine({
    rules,
    analyzeShell: (command) => analyzeShellCommand(command),
    toolAliases: BUILTIN_TOOL_ALIASES,
  });
  return { engine, rules: engine.rules, sources, warnings };
}

/** Priority of a trusted server's allow: with the presets' own allows, below every policy file. */
const TRUSTED_SERVER_PRIORITY = 100;
/** Priority of a `tools.exclude` command denial: above everything but a fork's hard stop. */
const EXCLUDED_COMMAND_PRIORITY = 900;

/**
 * The rules settings.json implies. A server with `trust: true` is one the maintainer lets run
 * without asking in the Gemini CLI: its tools are allowed at the presets' level, so a policy file
 * can still deny them. `run_shell_command(rm)` in `tools.exclude` denies that command in the admin
 * tier, as the CLI never runs it whatever else allows it.
 */
export function settingsRules(settings: AgentSettings): PolicyRule[] {
  const source = (tier: PolicyTier) => ({ file: settings.source, line: 1, column: 1, tier });
  const rules: PolicyRule[] = [];
  for (const [server, config] of Object.entries(settings.mcpServers)) {
    if (config.trust !== true) continue;
    rules.push({
      id: `settings:trust:${server}`,
      mcpName: server,
      decision: 'allow',
      priority: TRUSTED_SERVER_PRIORITY,
      effectivePriority: TIER_BASE.default + TRUSTED_SERVER_PRIORITY / 1000,
      source: source('default'),
    });
  }
  const commands = (settings.excludeTools ?? [])
    .filter((entry) => toolNameOf(entry) === SHELL_TOOL_NAME)
    .map(toolArgumentOf)
    .filter((command): command is string => command !== undefined);
  if (commands.length > 0) {
    rules.push({
      id: 'settings:exclude-commands',
      toolNames: [SHELL_TOOL_NAME],
      commandPrefixes: commands,
      decision: 'deny',
      priority: EXCLUDED_COMMAND_PRIORITY,
      effectivePriority: TIER_BASE.admin + EXCLUDED_COMMAND_PRIORITY / 1000,
      denyMessage: `The settings exclude these commands: ${commands.join(', ')}.`,
      source: source('admin'),
    });
  }
  return rules;
}

function describeFile(file: LoadedPolicyFile): string {
  const count = `${file.ruleCount} rule${file.ruleCount === 1 ? '' : 's'}`;
  return `${file.file} (${file.tier}, ${count})`;
}

/**
 * A narrowing policy (a fleet campaign's) holds no allow: loaded above every other tier, one
 * would let a campaign run what a repository's own policy refuses.
 */
function refuseWidening(rules: readonly PolicyRule[]): void {
  const problems = rules
    .filter((rule) => rule.decision === 'allow')
    .map((rule) => ({
      file: rule.source.file,
      line: rule.source.line,
      column: rule.source.column,
      message:
        'expected deny or ask_user rules only: a campaign policy can narrow what a repository allows, never widen it; this rule allows.',
    }));
  if (problems.length > 0) throw new PolicyFileError(problems);
}
