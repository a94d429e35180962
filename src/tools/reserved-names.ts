/**
 * The one list of names nothing a repository, an extension or a server declares may take: every
 * tool and agent this product defines, in any run mode, and the Gemini CLI's own built-in tools.
 * Policy rules name tools by name — every preset allows `complete_task` and `invoke_agent`, a
 * review allows `submit_review` — so a tool of someone else's under one of these names would be
 * judged by rules written for ours, and the model would call it believing it was ours.
 *
 * Checked where each kind of name is made: agent files (agent/subagents/agent-files.ts) are
 * refused at the `name:` line; an MCP tool (mcp/mcp-names.ts) is offered under its qualified name
 * `server__tool`, or left out when that is reserved too; a discovered tool
 * (discovered/declarations.ts) is left out. The comparison ignores case and the separators `_`,
 * `-`, `.`, `:` and spaces: `Complete-Task` is `complete_task` to a reader and to a model, and
 * both must not be offered side by side.
 *
 * The tools and agents of the layers above (the subagents', the modes' result tools, the agents
 * defined in code) take their names from the constants here, so each name is written once and
 * cannot be missing from the list; test/security/reserved-names.test.ts builds every tool a
 * session's registry can hold and checks that it is listed.
 */
import { BUILTIN_TOOL_ALIASES, BUILTIN_TOOL_NAMES } from './builtin-tools.js';

/** The tool a subagent hands in its result with (agent/subagents/complete-task.ts). */
export const COMPLETE_TASK_TOOL_NAME = 'complete_task';
/** The Gemini CLI's one tool for calling any subagent (agent/subagents/invoke-agent.ts). */
export const INVOKE_AGENT_TOOL_NAME = 'invoke_agent';
/** The review's result tool (review/submit-review.ts). */
export const SUBMIT_REVIEW_TOOL_NAME = 'submit_review';
/** Triage's result tool (triage/set-labels.ts). */
export const SET_LABELS_TOOL_NAME = 'set_labels';
/** The built-in subagent of every run (agent/subagents/builtin-agents.ts). */
export const CODEBASE_INVESTIGATOR_AGENT_NAME = 'codebase_investigator';
/** The review's subagents when it fans out (review/review-agents.ts). */
export const REVIEWER_AGENT_NAME = 'pr_reviewer';
export const VERIFIER_AGENT_NAME = 'finding_verifier';

/**
 * The Gemini CLI's built-in tools and agents this product does not have
 * (packages/core/src/tools/tool-names.ts `ALL_BUILTIN_TOOL_NAMES`, and its `cli_help` agent). A
 * policy written for the Gemini CLI may allow them by name; such a rule must never apply to
 * another tool that took the name.
 */
const GEMINI_CLI_NAMES = [
  'activate_skill',
  'ask_user',
  'cli_help',
  'enter_plan_mode',
  'exit_plan_mode',
  'get_internal_docs',
  'list_mcp_resources',
  'read_mcp_resource',
  'tracker_add_dependency',
  'tracker_create_task',
  'tracker_get_task',
  'tracker_list_tasks',
  'tracker_update_task',
  'tracker_visualize',
  'update_topic',
];

export interface ReservedName {
  name: string;
  /** An agent's name is reserved for that agent (defined in code); a tool's for no agent at all. */
  kind: 'tool' | 'agent';
  /** What holds it, for messages: "a built-in tool". */
  holder: string;
}

export const RESERVED_TOOL_NAMES: readonly ReservedName[] = [
  ...BUILTIN_TOOL_NAMES.map((name) => tool(name, 'a built-in tool')),
  ...Object.entries(BUILTIN_TOOL_ALIASES).map(([name, target]) =>
    tool(name, `another name of the built-in tool ${target}`),
  ),
  tool(COMPLETE_TASK_TOOL_NAME, 'the tool a subagent hands in its result with'),
  tool(INVOKE_AGENT_TOOL_NAME, 'the tool that calls a subagent by its name'),
  tool(SUBMIT_REVIEW_TOOL_NAME, "the review's result tool"),
  tool(SET_LABELS_TOOL_NAME, "triage's result tool"),
  agent(CODEBASE_INVESTIGATOR_AGENT_NAME, 'a built-in agent'),
  agent(REVIEWER_AGENT_NAME, "one of the review's agents"),
  agent(VERIFIER_AGENT_NAME, "one of the review's agents"),
  ...GEMINI_CLI_NAMES.map((name) =>
    tool(name, 'a built-in tool of the Gemini CLI, which policies written for it name'),
  ),
];

function tool(name: string, holder: string): ReservedName {
  return { name, kind: 'tool', holder };
}

function agent(name: string, holder: string): ReservedName {
  return { name, kind: 'agent', holder };
}

/** A name as the comparison sees it: lower case, without `_`, `-`, `.`, `:` and spaces. */
export function normalizedToolName(name: string): string {
  return name.toLowerCase().replace(/[\s_.:-]/g, '');
}

const BY_NORMALIZED = new Map(
  RESERVED_TOOL_NAMES.map((reserved) => [normalizedToolName(reserved.name), reserved]),
);

/** The reserved name `name` is, in any spelling the comparison ignores; undefined when none. */
export function reservedToolName(name: string): ReservedName | undefined {
  return BY_NORMALIZED.get(normalizedToolName(name));
}

/** `"Complete-Task" is reserved: it is complete_task, the tool a subagent hands in …`. */
export function describeReservedName(name: string, reserved: ReservedName): string {
  const spelled = name === reserved.name ? '' : ` (it is "${reserved.name}" spelled differently)`;
  return `"${name}" is a reserved name${spelled}: ${reserved.holder} has it, and rules and prompts written for that one would apply to this`;
}
