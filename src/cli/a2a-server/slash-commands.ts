/**
 * The extension's methods `commands/get` and `command/execute` (spec/002 §3.3), over the custom
 * commands of a workspace (`.gemini/commands/*.toml` and its extensions' commands).
 *
 * `commands/get` lists them as a tree: `git:commit` is `commit` under `git`, and is run with
 * `command_path: ["git", "commit"]`. `command/execute` starts a task with the message
 * `/git:commit <args>`, which the task expands as any message invoking a command (its `!{…}`
 * blocks run through that task's policy and sandbox), and answers at once with the task's id as
 * `execution_id`; the client follows it with `tasks/resubscribe` (`SubscribeToTask`), or
 * `tasks/get` once it has ended.
 *
 * Both take the workspace as a message does: `metadata` with `AgentSettings` under the
 * extension's URI; without it, the server's default workspace.
 */
import { randomUUID } from 'node:crypto';
import { Role } from '@a2a-js/sdk';
import type { Message, Task } from '@a2a-js/sdk';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import type { A2ARequestHandler, ServerCallContext } from '@a2a-js/sdk/server';
import { errorMessage } from '../../platform/errors.js';
import { textPart } from './a2a-objects.js';
import type { ExtensionMethods } from './http-routes.js';
import { isRecord } from '../../platform/records.js';

/** One custom command, by its `:`-separated name. */
export interface CatalogCommand {
  name: string;
  description: string;
}

/** What the server needs of the custom commands of a workspace. */
export interface CommandCatalog {
  list(workspace: string): Promise<readonly CatalogCommand[]>;
  /**
   * Why `/name` cannot be run in `workspace` (there is no such command, or its file did not
   * load), or undefined when it can.
   */
  problemWith(workspace: string, name: string): Promise<string | undefined>;
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

export interface SlashCommandOptions {
  catalog: CommandCatalog;
  requestHandler: A2ARequestHandler;
  /** The workspace a request's metadata picks; throws a JSON-RPC error for one it may not. */
  workspaceOf: (metadata: Record<string, unknown> | undefined) => Promise<string>;
}

export function slashCommandMethods(options: SlashCommandOptions): ExtensionMethods {
  return {
    handles: (method) => method === GET || method === EXECUTE,
    async call(method, params, context) {
      const record = isRecord(params) ? params : {};
      const metadata = readMetadata(record);
      const workspace = await options.workspaceOf(metadata);
      if (method === GET) {
        return { commands: commandTree(await options.catalog.list(workspace)) };
      }
      return execute(options, { ...readExecuteRequest(record), workspace, metadata }, context);
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
  workspace: string;
  metadata: Record<string, unknown> | undefined;
}

function readMetadata(params: Record<string, unknown>): Record<string, unknown> | undefined {
  const metadata = params['metadata'];
  if (metadata === undefined || metadata === null) return undefined;
  if (!isRecord(metadata)) {
    throw new RequestMalformedError(
      'metadata must be an object, e.g. {"<extension URI>": {"workspace_path": "/abs/path"}}.',
    );
  }
  return metadata;
}

function readExecuteRequest(
  record: Record<string, unknown>,
): Omit<ExecuteRequest, 'workspace' | 'metadata'> {
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
  options: SlashCommandOptions,
  request: ExecuteRequest,
  context: ServerCallContext,
): Promise<ExecuteSlashCommandResponse> {
  const name = request.path.join(':');
  const failed = (message: string): ExecuteSlashCommandResponse => ({
    execution_id: '',
    status: 'FAILED_TO_START',
    message,
  });
  const problem = await options.catalog.problemWith(request.workspace, name);
  if (problem !== undefined) return failed(problem);
  // The task expands the invocation once its tools exist, as for any message that invokes one.
  const invocation = request.args.trim() === '' ? `/${name}` : `/${name} ${request.args}`;
  try {
    const started = await options.requestHandler.sendMessage(
      {
        tenant: '',
        message: userMessage(invocation, request.metadata),
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

function userMessage(text: string, metadata: Record<string, unknown> | undefined): Message {
  return {
    messageId: randomUUID(),
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [textPart(text)],
    metadata,
    extensions: [],
    referenceTaskIds: [],
  };
}
