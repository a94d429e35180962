/**
 * `write_todos`: the model keeps its plan as a todo list, replaced whole on every call. The list
 * is the call's display (`TodoListDisplay`), which the session reports as a `todo_update` event
 * for the progress comment. Result strings follow the Gemini CLI.
 */
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import type { Tool, TodoListDisplay } from './tool-types.js';

export const WRITE_TODOS_TOOL_NAME = 'write_todos';
const STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;

const parameters = z.object({
  todos: z
    .array(
      z
        .object({
          description: z.string().describe('The description of the task.'),
          status: z.enum(STATUSES).describe('The current status of the task.'),
        })
        .describe('A single todo item.'),
    )
    .describe('The complete list of todo items. This will replace the existing list.'),
});
export type WriteTodosParams = z.infer<typeof parameters>;

const DESCRIPTION = `This tool can help you list out the current subtasks that are required to be completed for a given user request. The list of subtasks helps you keep track of the current task, organize complex queries and help ensure that you don't miss any steps. With this list, the user can also see the current progress you are making in executing a given task.

Depending on the task complexity, you should first divide a given task into subtasks and then use this tool to list out the subtasks that are required to be completed for a given user request. Each of the subtasks should be clear and distinct.

Use this tool for complex queries that require multiple steps. If you find that the request is actually complex after you have started executing the user task, create a todo list and use it. If execution of the user task requires multiple steps, planning and generally is higher complexity than a simple Q&A, use this tool.

DO NOT use this tool for simple tasks that can be completed in less than 2 steps. If the user query is simple and straightforward, do not use the tool.

## Task state definitions

- pending: Work has not begun on a given subtask.
- in_progress: Marked just prior to beginning work on a given subtask. You should only have one subtask as in_progress at a time.
- completed: Subtask was successfully completed with no errors or issues. All steps should be identified as completed only when they are completed.
- cancelled: As you update the todo list, some tasks are not required anymore due to the dynamic nature of the task. In this case, mark the subtasks as cancelled.

## Methodology for using this tool
1. Use this todo list as soon as you receive a user request based on the complexity of the task.
2. Keep track of every subtask that you update the list with.
3. Mark a subtask as in_progress before you begin working on it. You should only have one subtask as in_progress at a time.
4. Update the subtask list as you proceed in executing the task. The subtask list is not static and should reflect your progress and current plans, which may evolve as you acquire new information.
5. Mark a subtask as completed when you have completed it.
6. Mark a subtask as cancelled if the subtask is no longer needed.
7. You must update the todo list as soon as you start, stop or cancel a subtask. Don't batch or wait to update the todo list.`;

export function createWriteTodosTool(): Tool<WriteTodosParams> {
  return defineTool({
    name: WRITE_TODOS_TOOL_NAME,
    displayName: 'WriteTodos',
    description: DESCRIPTION,
    kind: 'other',
    parameters,
    validate({ todos }) {
      if (todos.some((todo) => todo.description.trim() === '')) {
        return {
          message: 'Each todo must have a non-empty description string',
          type: 'invalid_tool_params',
        };
      }
      if (todos.filter((todo) => todo.status === 'in_progress').length > 1) {
        return {
          message: 'Invalid parameters: Only one task can be "in_progress" at a time.',
          type: 'invalid_tool_params',
        };
      }
      return null;
    },
    invocation({ todos }) {
      const description = todos.length === 0 ? 'Cleared todo list' : `Set ${todos.length} todo(s)`;
      return {
        describe: () => description,
        locations: () => [],
        confirmationDetails: () =>
          Promise.resolve({
            type: 'info',
            title: 'Confirm Todo List Update',
            prompt:
              todos.length === 0
                ? description
                : todos.map((todo) => `[${todo.status}] ${todo.description}`).join('\n'),
          }),
        execute: () => {
          const list = todos.map((todo, i) => `${i + 1}. [${todo.status}] ${todo.description}`);
          const llmContent =
            todos.length > 0
              ? `Successfully updated the todo list. The current list is now:\n${list.join('\n')}`
              : 'Successfully cleared the todo list.';
          const display: TodoListDisplay = {
            todos: todos.map(({ description: text, status }) => ({ description: text, status })),
          };
          return Promise.resolve({ llmContent, returnDisplay: display });
        },
      };
    },
  });
}
