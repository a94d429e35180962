// The one list of reserved tool names: every tool a session's registry can hold is on it (so a
// new tool cannot be forgotten), and names compare without case and separators.
import { describe, expect, it } from 'vitest';
import { BUILTIN_AGENTS } from '../../src/agent/subagents/builtin-agents.js';
import { createCompleteTask } from '../../src/agent/subagents/complete-task.js';
import { createInvokeAgentTool } from '../../src/agent/subagents/invoke-agent.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { FindingsLedger } from '../../src/review/findings-ledger.js';
import { reviewAgents } from '../../src/review/review-agents.js';
import { createReviewCollector } from '../../src/review/submit-review.js';
import {
  BUILTIN_TOOL_ALIASES,
  BUILTIN_TOOL_NAMES,
  createBuiltinTools,
} from '../../src/tools/builtin-tools.js';
import {
  normalizedToolName,
  RESERVED_TOOL_NAMES,
  reservedToolName,
} from '../../src/tools/reserved-names.js';
import { Workspace } from '../../src/tools/workspace.js';
import { createLabelCollector } from '../../src/triage/set-labels.js';
import { genaiClientFor, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

describe('the reserved names', () => {
  it('names every built-in tool, result tool, subagent tool and built-in agent', async () => {
    const workspace = await Workspace.create(await tempRepo());
    const gemini = await useFakeGemini([]);
    const registrable = [
      ...createBuiltinTools({
        workspace,
        logger: memoryLogger(),
        model: { contentGenerator: genaiClientFor(gemini), name: 'gemini-2.5-flash' },
      }).map((tool) => tool.name),
      ...Object.keys(BUILTIN_TOOL_ALIASES),
      createCompleteTask(undefined).tool.name,
      createInvokeAgentTool(new Map()).name,
      createReviewCollector().tool.name,
      createLabelCollector({ labels: [{ name: 'bug' }] }).tool.name,
      ...BUILTIN_AGENTS.map((agent) => agent.name),
      ...reviewAgents({
        groups: [],
        pullRequest: { number: 1, title: '', body: '', baseRef: 'main', headRef: 'x' },
        checkPlacement: () => ({ placed: true, notes: [] }),
        ledger: new FindingsLedger(0),
      }).map((agent) => agent.name),
    ];
    const listed = new Set(RESERVED_TOOL_NAMES.map((reserved) => reserved.name));
    expect(registrable.filter((name) => !listed.has(name))).toEqual([]);
    expect(listed.size).toBe(RESERVED_TOOL_NAMES.length);
  });
});

describe('names compare without case and separators', () => {
  it.each([
    ['Complete_Task', 'complete_task'],
    ['complete.task', 'complete_task'],
    ['COMPLETE-TASK', 'complete_task'],
    ['read file', 'read_file'],
    ['grep:search', 'grep_search'],
  ])('%s is %s', (spelling, name) => {
    expect(reservedToolName(spelling)?.name).toBe(name);
    expect(normalizedToolName(spelling)).toBe(normalizedToolName(name));
  });
});

describe('the built-in tool names', () => {
  it('are the names of the tools createBuiltinTools makes', async () => {
    const workspace = await Workspace.create(await tempRepo());
    const gemini = await useFakeGemini([]);
    const tools = createBuiltinTools({
      workspace,
      logger: memoryLogger(),
      model: { contentGenerator: genaiClientFor(gemini), name: 'gemini-2.5-flash' },
    });
    expect(tools.map((tool) => tool.name)).toEqual([...BUILTIN_TOOL_NAMES]);
  });
});
