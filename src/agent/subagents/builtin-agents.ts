/**
 * The subagents every run offers. `codebase_investigator` is the Gemini CLI's built-in agent of
 * that name, with its inputs, tools, limits and report shape (packages/core/src/agents/
 * codebase-investigator.ts): read-only, so several investigations run in parallel. The review's
 * own agents are defined where the review is (review/review-agents.ts) and offered in reviews.
 */
import { z } from 'zod';
import type { AgentDefinition } from './agent-definition.js';
import { defineAgent } from './agent-definition.js';
import { CODEBASE_INVESTIGATOR_AGENT_NAME } from '../../tools/reserved-names.js';

export const CODEBASE_INVESTIGATOR = CODEBASE_INVESTIGATOR_AGENT_NAME;

const report = z.object({
  SummaryOfFindings: z
    .string()
    .min(1)
    .describe('The answer to the objective: what you found, in a few paragraphs of Markdown.'),
  ExplorationTrace: z
    .array(z.string())
    .describe('The steps you took, in order, one line each (what you looked at and why).'),
  RelevantLocations: z
    .array(
      z.object({
        FilePath: z.string().min(1),
        Reasoning: z.string().min(1).describe('Why this file matters for the objective.'),
        KeySymbols: z.array(z.string()).describe('Functions, types or settings to look at.'),
      }),
    )
    .describe('The files that matter, most important first.'),
});

const SYSTEM_PROMPT = `You are the **Codebase Investigator**, a subagent whose only job is to build an accurate picture of the code that matters for one objective, and report it. You do not change anything and you do not write implementation code.

# How you investigate
- Start from the objective: list the questions you must answer, then find where the answers live with glob and search_file_content before reading whole files.
- Read the code itself. Follow calls, imports, types and configuration until you understand how the relevant parts fit together; do not stop at the first file that looks right.
- Keep a short checklist of open questions as you go; drop leads that turn out irrelevant.
- Be precise: name files, functions, types and settings exactly as they are in the code. Say what you could not determine rather than guessing.

# Your report
When your questions are answered — or no further reading would help — hand in the report with complete_task: the summary of your findings, the trace of what you explored, and the relevant locations with why each matters.`;

export const codebaseInvestigator: AgentDefinition = defineAgent({
  name: CODEBASE_INVESTIGATOR,
  displayName: 'Codebase Investigator',
  description:
    'Investigates the codebase for one objective and reports the relevant files, symbols and how they fit together. Use it for questions that need many files read (architecture, where something is implemented, what a change would affect) before you act; it only reads, and several can run at once.',
  systemPrompt: SYSTEM_PROMPT,
  query:
    'Investigate the codebase for this objective and hand in your report:\n<objective>\n${objective}\n</objective>',
  inputSchema: z.object({
    objective: z
      .string()
      .min(1)
      .describe(
        'What to find out, in full: the question, the context you have, and what the answer is for.',
      ),
  }),
  output: {
    name: 'report',
    description: 'The final investigation report.',
    schema: report,
  },
  tools: ['list_directory', 'read_file', 'read_many_files', 'glob', 'search_file_content'],
  maxTurns: 50,
  source: 'built-in',
});

/** Every run's built-in subagents, first in precedence. */
export const BUILTIN_AGENTS: readonly AgentDefinition[] = [codebaseInvestigator];
