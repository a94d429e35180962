/**
 * `gemini-agent policy …`: try policies before a workflow uses them.
 *
 * - `policy check FILE…` loads the files (every problem of every file, each at file:line:column)
 *   and lists the rules in the order the engine tries them, with their effective priority.
 * - `policy explain --tool NAME --args JSON …` judges one call the way a run would — same preset,
 *   files, flags and shell analysis — and prints the decision, the rule that decided, why, what
 *   the model would read, and for shell commands the verdict of every sub-command.
 */
import { parseArgs } from 'node:util';
import { errorMessage, UsageError } from '../../platform/errors.js';
import { silentLogger } from '../../platform/logger.js';
import { describeRule, loadPolicyFiles, ruleLocation } from '../../policy/load-policy.js';
import { outcomeOf } from '../../policy/policy-confirmer.js';
import { respellingWarnings } from '../../policy/respelling-coverage.js';
import { hasCommandConditions } from '../../policy/rule-matching.js';
import type {
  PolicyCall,
  PolicyContext,
  PolicyTier,
  PolicyVerdict,
  SubcommandVerdict,
} from '../../policy/policy-types.js';
import { TIER_BASE } from '../../policy/policy-types.js';
import { MODEL_ARGUMENT_LIMITS } from '../../agent/response-limits.js';
import { POLICY_DENIAL_PREFIX } from '../../agent/scheduler.js';
import { valueLimitProblem } from '../../platform/text-limits.js';
import { registerBuiltinTools } from '../../tools/builtin-tools.js';
import { ToolRegistry } from '../../tools/registry.js';
import { isBuildError } from '../../tools/tool-types.js';
import { Workspace } from '../../tools/workspace.js';
import { policyContext } from '../../session-setup/run-agent.js';
import { parseFlags, parseRunMode } from '../args.js';
import { ExitCode, exitCodeForError } from '../exit-codes.js';
import type { TextSink } from '../../platform/logger.js';
import { loadCliPolicy } from '../../session-setup/policy-setup.js';
import type { RunTrust } from '../../platform/run-mode.js';
import { RUN_TRUSTS } from '../../platform/run-mode.js';
import { requireRepoDirectory } from '../repo-directory.js';

/**
 * `policy explain`'s exit code for a denied call, so a script can assert a decision
 * (`policy explain … || echo denied`). Not 1, which any crash returns: a check that a deny rule
 * holds must not pass because the command failed.
 */
export const EXPLAIN_DENIED_EXIT = 3;

export const POLICY_USAGE = `Usage: gemini-agent policy check [--tier TIER] FILE...
       gemini-agent policy explain --tool NAME --args JSON [options]

check     Loads the policy files and lists their rules in the order they are tried, with their
          effective priority (tier + priority/1000). Exit 0 when every file is valid, 52 with
          each problem as file:line:column otherwise.
          --tier TIER   default | repository | workflow | admin (default: workflow)

explain   Judges one tool call as a run would, and prints the decision, the rule that decided
          and why; for run_shell_command also the verdict of every sub-command.
          --tool NAME           the tool, e.g. run_shell_command or write_file
          --args JSON           its arguments, e.g. '{"command":"npm test"}'
          --mode MODE           invoke | review | triage | maintenance (default: invoke)
          --trust TRUST         maintainer | automatic (default: maintainer)
          --policy FILE         a policy file over the preset (repeatable)
          --allow-command CMD   allow shell commands starting with CMD (repeatable)
          --yolo                allow what no rule decides (see gemini-agent --help)
          --server NAME         the MCP server providing the tool, for MCP tools
          --repo DIR            the workspace paths are resolved in (default: current directory)
          Exit 0 when the call is allowed, ${EXPLAIN_DENIED_EXIT} when it is denied (ask_user too: nobody can
          confirm in a run), 42 for bad flags, 52 for an invalid policy file.
`;

export interface PolicyCommandIo {
  stdout: TextSink;
  stderr: TextSink;
}

/** Runs `policy <subcommand> …` and returns the exit code; never throws. */
export async function runPolicyCommand(
  argv: readonly string[],
  io: PolicyCommandIo,
): Promise<number> {
  const [subcommand, ...rest] = argv;
  try {
    switch (subcommand) {
      case 'check':
        return await check(rest, io);
      case 'explain':
        return await explain(rest, io);
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.stdout.write(POLICY_USAGE);
        return subcommand === undefined ? ExitCode.INPUT : ExitCode.OK;
      default:
        throw new UsageError(
          `Unknown policy command "${subcommand}"; expected "check" or "explain". Run "gemini-agent policy --help" for usage.`,
        );
    }
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
}

async function check(argv: readonly string[], io: PolicyCommandIo): Promise<number> {
  const { values, positionals } = parseFlags('policy', () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: { tier: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }),
  );
  if (values.help) return printUsage(io);
  if (positionals.length === 0) {
    throw new UsageError('policy check expects at least one policy file.');
  }
  const tier = parseTier(values.tier);
  // Every problem of every file comes back at once, each as file:line:column: message.
  const loaded = await loadPolicyFiles(positionals.map((path) => ({ path, tier })));
  for (const file of loaded.files) {
    const count = `${file.ruleCount} rule${file.ruleCount === 1 ? '' : 's'}`;
    io.stdout.write(`${file.file}: valid, ${count} (tier ${file.tier})\n`);
  }
  for (const warning of loaded.warnings) io.stderr.write(`warning: ${warning}\n`);
  // A deny that a respelled command could slip past is worth knowing before a run relies on it.
  for (const warning of respellingWarnings(loaded.rules)) io.stderr.write(`warning: ${warning}\n`);
  if (loaded.rules.length > 0) {
    io.stdout.write('\nRules in the order they are tried (first match wins):\n');
    for (const rule of loaded.rules) io.stdout.write(`  ${describeRule(rule)}\n`);
  }
  return ExitCode.OK;
}

async function explain(argv: readonly string[], io: PolicyCommandIo): Promise<number> {
  const { values, positionals } = parseFlags('policy', () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        tool: { type: 'string' },
        args: { type: 'string' },
        mode: { type: 'string' },
        trust: { type: 'string' },
        policy: { type: 'string', multiple: true },
        'allow-command': { type: 'string', multiple: true },
        yolo: { type: 'boolean' },
        server: { type: 'string' },
        repo: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (values.help) return printUsage(io);
  if (positionals.length > 0) {
    throw new UsageError(
      `policy explain takes no positional arguments (got "${positionals[0] ?? ''}").`,
    );
  }
  if (values.tool === undefined || values.tool.trim() === '') {
    throw new UsageError('policy explain expects --tool NAME, e.g. --tool run_shell_command.');
  }
  if (values.args === undefined) {
    throw new UsageError(
      `--args is required: the call's arguments as a JSON object, e.g. --args '{"command":"npm test"}' ('{}' for none).`,
    );
  }
  const runMode = parseRunMode('--mode', values.mode);
  const trust = parseTrust(values.trust);
  const rawArgs = parseJsonObject(values.args);
  const policy = await loadCliPolicy({
    mode: runMode,
    policyFiles: values.policy ?? [],
    allowCommands: values['allow-command'] ?? [],
    yolo: values.yolo ?? false,
  });
  const repo = values.repo ?? process.cwd();
  await requireRepoDirectory(repo);
  const workspace = await Workspace.create(repo);
  const call = await policyCallFor(values.tool, rawArgs, workspace, values.server);
  const context = policyContext(workspace, { runMode, trust });
  const verdict = await policy.engine.decide(call, context);
  const declared = !policy.engine.isUnconditionallyDenied(
    {
      name: call.toolName,
      kind: call.kind,
      ...(call.serverName ? { serverName: call.serverName } : {}),
    },
    context,
  );
  io.stdout.write(formatExplanation({ call, verdict, declared, sources: policy.sources, context }));
  return outcomeOf(call.toolName, verdict).decision === 'allow' ? ExitCode.OK : EXPLAIN_DENIED_EXIT;
}

function printUsage(io: PolicyCommandIo): number {
  io.stdout.write(POLICY_USAGE);
  return ExitCode.OK;
}

/**
 * The call as a run's policy would see it: for a built-in tool, its arguments validated and under
 * their canonical names, with the paths it touches; for any other tool, the arguments as given.
 */
async function policyCallFor(
  toolName: string,
  args: Record<string, unknown>,
  workspace: Workspace,
  serverName: string | undefined,
): Promise<PolicyCall> {
  const registry = new ToolRegistry();
  registerBuiltinTools(registry, { workspace, logger: silentLogger });
  try {
    const tool = serverName === undefined ? registry.get(toolName) : undefined;
    if (!tool) {
      return {
        toolName,
        args,
        kind: 'other',
        locations: [],
        ...(serverName === undefined ? {} : { serverName }),
      };
    }
    const built = tool.build(args);
    if (isBuildError(built)) {
      throw new UsageError(`--args are not valid for ${tool.name}: ${built.error}`);
    }
    return {
      toolName: tool.name,
      args: built.params as Record<string, unknown>,
      kind: tool.kind,
      locations: built.locations(),
    };
  } finally {
    await registry.dispose();
  }
}

function formatExplanation(input: {
  call: PolicyCall;
  verdict: PolicyVerdict;
  declared: boolean;
  sources: readonly string[];
  context: PolicyContext;
}): string {
  const { call, verdict, declared, sources, context } = input;
  const outcome = outcomeOf(call.toolName, verdict);
  const lines = [
    `Tool:        ${call.toolName}${call.serverName ? ` (MCP server ${call.serverName})` : ''}`,
    `Arguments:   ${JSON.stringify(call.args)}`,
    `Run:         mode ${context.runMode}, trust ${context.trust}`,
    `Policy:      ${sources.join('; ')}`,
    `Decision:    ${verdict.decision}${verdict.decision === 'ask_user' ? ' (a denial: nobody can confirm in a non-interactive run)' : ''}`,
    `Decided by:  ${verdict.decidedBy}`,
  ];
  if (verdict.rule) lines.push(`Rule:        ${describeRule(verdict.rule)}`);
  lines.push(`Reason:      ${verdict.reason}`);
  if (outcome.decision === 'deny') {
    const message = outcome.reason
      ? `${POLICY_DENIAL_PREFIX} ${outcome.reason}`
      : POLICY_DENIAL_PREFIX;
    lines.push(`Model reads: ${message}`);
  }
  if (verdict.subcommands && verdict.subcommands.length > 0) {
    lines.push('Sub-commands:');
    for (const sub of verdict.subcommands) {
      const at = sub.rule ? ruleLocation(sub.rule) : undefined;
      // A deny message does not say where it comes from; the built-in reasons do.
      const where = at === undefined || sub.reason.includes(at) ? '' : ` (${at})`;
      lines.push(`  ${sub.decision.padEnd(8)} ${sub.text}`, `           ${sub.reason}${where}`);
      const matchedOn = readingOf(sub);
      if (matchedOn !== undefined) lines.push(`           matched on: ${matchedOn}`);
    }
  }
  lines.push(
    `Declared:    ${declared ? 'yes' : 'no — the policy denies every call of this tool, so it is left out of the declarations sent to the model'}`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * Which reading of the command a deny or ask_user rule on its text matched: the raw text, the
 * words bash will run, or a known program's options in canonical form.
 */
function readingOf(sub: SubcommandVerdict): string | undefined {
  if (sub.decision === 'allow' || sub.rule === undefined || !hasCommandConditions(sub.rule)) {
    return undefined;
  }
  const reading = sub.reading;
  if (reading === undefined) return 'the raw text';
  return reading.on === 'words'
    ? `the parsed words \`${reading.form}\``
    : `the options in canonical form \`${reading.form}\``;
}

function parseTier(value: string | undefined): PolicyTier {
  if (value === undefined) return 'workflow';
  const tiers = Object.keys(TIER_BASE) as PolicyTier[];
  if (!tiers.includes(value as PolicyTier)) {
    throw new UsageError(`--tier expects one of ${tiers.join(', ')}, got "${value}".`);
  }
  return value as PolicyTier;
}

function parseTrust(value: string | undefined): RunTrust {
  if (value === undefined) return 'maintainer';
  if (!RUN_TRUSTS.includes(value as RunTrust)) {
    throw new UsageError(`--trust expects one of ${RUN_TRUSTS.join(', ')}, got "${value}".`);
  }
  return value as RunTrust;
}

function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `--args expects a JSON object, e.g. '{"command":"npm test"}': ${errorMessage(error)}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`--args expects a JSON object, e.g. '{"command":"npm test"}'.`);
  }
  // A run refuses such arguments before the policy sees them (agent/response-limits.ts).
  const problem = valueLimitProblem(value, MODEL_ARGUMENT_LIMITS, 'arguments');
  if (problem !== undefined) throw new UsageError(`--args: ${problem.message}`);
  return value as Record<string, unknown>;
}
