import { afterEach, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/tools/registry.js';
import { createWriteTodosTool } from '../../src/tools/write-todos.js';
import { createHarness, eventsOf } from '../agent/support/harness.js';
import { call, reply, text } from '../agent/support/scripted-generator.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

afterEach(removeTempDirs);

async function todosHarness() {
  return toolHarness(await makeTempDir(), { tools: () => [createWriteTodosTool()] });
}

const TODOS = [
  { description: 'Read the failing test', status: 'completed' },
  { description: 'Fix the parser', status: 'in_progress' },
  { description: 'Run the suite', status: 'pending' },
  { description: 'Rewrite the lexer', status: 'cancelled' },
] as const;

describe('write_todos', () => {
  it('replaces the list and tells the model what it now is', async () => {
    const harness = await todosHarness();

    const completed = await harness.call('write_todos', { todos: TODOS });

    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'write_todos',
        'Successfully updated the todo list. The current list is now:\n' +
          '1. [completed] Read the failing test\n' +
          '2. [in_progress] Fix the parser\n' +
          '3. [pending] Run the suite\n' +
          '4. [cancelled] Rewrite the lexer',
      ),
    );
    expect(completed.result.returnDisplay).toEqual({ todos: TODOS });
    expect(harness.updates.at(-1)?.output).toEqual({ structured_data: { todos: TODOS } });
  });

  it('clears the list', async () => {
    const harness = await todosHarness();
    expect(await harness.respond('write_todos', { todos: [] })).toEqual(
      outputPart('call-1', 'write_todos', 'Successfully cleared the todo list.'),
    );
  });

  it('refuses more than one task in progress', async () => {
    const harness = await todosHarness();
    const completed = await harness.call('write_todos', {
      todos: [
        { description: 'a', status: 'in_progress' },
        { description: 'b', status: 'in_progress' },
      ],
    });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        'write_todos',
        'Invalid parameters: Only one task can be "in_progress" at a time.',
      ),
    );
    expect(completed.result.error?.type).toBe('invalid_tool_params');
  });

  it('refuses an empty description and an unknown status', async () => {
    const harness = await todosHarness();
    expect(
      await harness.respond('write_todos', { todos: [{ description: ' ', status: 'pending' }] }),
    ).toEqual(
      errorPart('call-1', 'write_todos', 'Each todo must have a non-empty description string'),
    );
    const completed = await harness.call('write_todos', {
      todos: [{ description: 'x', status: 'blocked' }],
    });
    expect(completed.result.error).toMatchObject({ type: 'invalid_tool_params' });
    expect(completed.result.error?.message).toMatch(
      /^Invalid parameters for write_todos: todos\.0\.status: /,
    );
  });

  it('describes the call for the transcript', () => {
    const tool = createWriteTodosTool();
    expect(tool.kind).toBe('other');
    const set = tool.build({ todos: TODOS });
    const cleared = tool.build({ todos: [] });
    if ('error' in set || 'error' in cleared) throw new Error('build failed');
    expect(set.describe()).toBe('Set 4 todo(s)');
    expect(set.locations()).toEqual([]);
    expect(cleared.describe()).toBe('Cleared todo list');
  });

  it('reaches a session’s listeners as a todo_update event', async () => {
    const registry = new ToolRegistry();
    registry.register(createWriteTodosTool());
    const plan = [
      { description: 'Inspect the code', status: 'in_progress' },
      { description: 'Write the fix', status: 'pending' },
    ];
    const h = await createHarness(
      [
        reply([call('write_todos', { todos: plan }, { id: 't1' })]),
        reply([
          call(
            'write_todos',
            {
              todos: [
                { description: 'Inspect the code', status: 'completed' },
                { description: 'Write the fix', status: 'in_progress' },
              ],
            },
            { id: 't2' },
          ),
        ]),
        reply([text('Planned.')]),
      ],
      { registry },
    );

    const result = await h.session.run('Fix the bug');

    expect(result.reason).toBe('completed');
    expect(eventsOf(h.events, 'todo_update').map((event) => event.todos)).toEqual([
      plan,
      [
        { description: 'Inspect the code', status: 'completed' },
        { description: 'Write the fix', status: 'in_progress' },
      ],
    ]);
  });
});
