/**
 * The extension's methods `commands/get` and `command/execute` (spec/002 §3.3), over the custom
 * commands of the server's workspace (`.gemini/commands/*.toml` and extensions' commands).
 *
 * `commands/get` lists them as a tree: `git:commit` is `commit` under `git`, and is run with
 * `command_path: ["git", "commit"]`. `command/execute` starts a task whose prompt is the
 * command's, and answers at once with the task's id as `execution_id`; the client follows it
 * with `tasks/resubscribe` (`SubscribeToTask`), or `tasks/get` once it has ended.
 */
import { randomUUID } from 'node:crypto';
import { Role } from '@a2a-js/sdk';
import type { Message, Task } from '@a2a-js/sdk';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { A2ARequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { errorMessage } from '../../platform/errors.js';
import { textPart } from './a2a-objects.js';
import type { ExtensionMethods } from './http-routes.js';

/** One custom command, by its `:`-separated name. */
export interface CatalogCommand {
  name: string;
  description: string;
}

/** What the server needs of the custom commands: the registry of the commands room fits it. */
export interface CommandCatalog {
  list(): Promise<readonly CatalogCommand[]>;
  /**
   * The prompt of `/name args` (placeholders filled, files and command output injected), or
   * undefined when there is no such command. Throws when the command cannot be expanded.
   */
  expand(name: string, args: string): Promise<string | undefined>;
}

/** `SlashCommand`, with the spec's field names. */
export interface SlashCommand {
  name: string;
  description: string;
  arguments: { name: string; description: string; is_required: boolean }[];
  sub_commands: SlashCommand[];
}

export type CommandExecutionStatus = 'STARTED' | 'FAILED_TO_START';

export interface ExecuteSlashCommandResponse {
  execution_id: string;
  status: CommandExecutionStatus;
  message: string;
}

const GET = 'commands/get';
const EXECUTE = 'command/execute';

/** Every custom command takes its arguments as one free text (`{{args}}` in its prompt). */
const ARGS = {
  name: 'args',
  description: 'Free text after the command name; the command prompt places it.',
  is_required: false,
};

export function slashCommandMethods(options: {
  catalog: CommandCatalog;
  requestHandler: A2ARequestHandler;
}): ExtensionMethods {
  return {
    handles: (method) => method === GET || method === EXECUTE,
    async call(method, params, context) {
      if (method === GET) return { commands: commandTree(await options.catalog.list()) };
      return execute(options, readExecuteRequest(params), context);
    },
  };
}

/** The flat `a:b` names as the tree `commands/get` returns. */
export function commandTree(commands: readonly CatalogCommand[]): SlashCommand[] {
  const roots: SlashCommand[] = [];
  const sorted = [...commands].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const command of sorted) {
    let level = roots;
    const segments = command.name.split(':');
    segments.forEach((segment, index) => {
      let node = level.find((entry) => entry.name === segment);
      if (node === undefined) {
        node = { name: segment, description: '', arguments: [], sub_commands: [] };
        level.push(node);
      }
      if (index === segments.length - 1) {
        node.description = command.description;
        node.arguments = [{ ...ARGS }];
      }
      level = node.sub_commands;
    });
  }
  return roots;
}

interface ExecuteRequest {
  path: string[];
  args: string;
}

function readExecuteRequest(params: unknown): ExecuteRequest {
  const record = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >;
  const path = record['command_path'] ?? record['commandPath'];
  const args = record['args'] ?? '';
  const expected =
    'command/execute expects {"command_path": ["name", …], "args": "text"}, e.g. {"command_path": ["git", "commit"], "args": "the message"}';
  if (
    !Array.isArray(path) ||
    path.length === 0 ||
    !path.every((segment) => typeof segment === 'string' && segment !== '')
  ) {
    throw new RequestMalformedError(`${expected}; command_path is missing or not a list of names.`);
  }
  if (typeof args !== 'string') {
    throw new RequestMalformedError(`${expected}; args must be one string.`);
  }
  return { path: path as string[], args };
}

async function execute(
  options: { catalog: CommandCatalog; requestHandler: A2ARequestHandler },
  request: ExecuteRequest,
  context: ServerCallContext,
): Promise<ExecuteSlashCommandResponse> {
  const name = request.path.join(':');
  const failed = (message: string): ExecuteSlashCommandResponse => ({
    execution_id: '',
    status: 'FAILED_TO_START',
    message,
  });
  let prompt: string | undefined;
  try {
    prompt = await options.catalog.expand(name, request.args);
  } catch (error) {
    return failed(errorMessage(error));
  }
  if (prompt === undefined) {
    const known = (await options.catalog.list()).map((command) => `/${command.name}`);
    return failed(
      `There is no command /${name}. ${known.length === 0 ? 'This workspace has no custom commands.' : `Commands: ${known.join(', ')}.`}`,
    );
  }
  try {
    const started = await options.requestHandler.sendMessage(
      {
        tenant: '',
        message: userMessage(prompt),
        configuration: {
          acceptedOutputModes: [],
          taskPushNotificationConfig: undefined,
          returnImmediately: true,
        },
        metadata: undefined,
      },
      context,
    );
    return { execution_id: (started as Task).id, status: 'STARTED', message: '' };
  } catch (error) {
    return failed(errorMessage(error));
  }
}

function userMessage(text: string): Message {
  return {
    messageId: randomUUID(),
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [textPart(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}
