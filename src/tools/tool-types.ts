import type { FunctionDeclaration, PartListUnion } from '@google/genai';

/** What a tool does, which decides how the scheduler runs it and how a policy treats it. */
export type ToolKind =
  | 'read'
  | 'edit'
  | 'delete'
  | 'move'
  | 'search'
  | 'execute'
  | 'think'
  | 'fetch'
  /** A subagent: a whole agent loop of its own behind one call (the Gemini CLI's `Kind.Agent`). */
  | 'agent'
  | 'other';

/** Kinds that only observe: calls of these kinds in one turn run in parallel. */
export const READ_ONLY_KINDS: ReadonlySet<ToolKind> = new Set(['read', 'search', 'fetch', 'think']);

/**
 * Whether a call of the tool only observes, so it may run beside other such calls: a read-only
 * kind, or a tool that says so itself (a subagent whose own tools are all read-only).
 */
export function isReadOnlyTool(tool: Pick<Tool, 'kind' | 'readOnly'>): boolean {
  return READ_ONLY_KINDS.has(tool.kind) || tool.readOnly === true;
}

/** The Gemini CLI's `ToolErrorType` values; the model and transcripts see these strings. */
export const ToolErrorType = {
  POLICY_VIOLATION: 'policy_violation',
  INVALID_TOOL_PARAMS: 'invalid_tool_params',
  TOOL_NOT_REGISTERED: 'tool_not_registered',
  EXECUTION_FAILED: 'execution_failed',
  CANCELLED: 'cancelled',
  FILE_NOT_FOUND: 'file_not_found',
  FILE_WRITE_FAILURE: 'file_write_failure',
  READ_CONTENT_FAILURE: 'read_content_failure',
  FILE_TOO_LARGE: 'file_too_large',
  PERMISSION_DENIED: 'permission_denied',
  NO_SPACE_LEFT: 'no_space_left',
  TARGET_IS_DIRECTORY: 'target_is_directory',
  PATH_NOT_IN_WORKSPACE: 'path_not_in_workspace',
  SEARCH_PATH_NOT_FOUND: 'search_path_not_found',
  SEARCH_PATH_NOT_A_DIRECTORY: 'search_path_not_a_directory',
  EDIT_PREPARATION_FAILURE: 'edit_preparation_failure',
  EDIT_NO_OCCURRENCE_FOUND: 'edit_no_occurrence_found',
  EDIT_EXPECTED_OCCURRENCE_MISMATCH: 'edit_expected_occurrence_mismatch',
  EDIT_NO_CHANGE: 'edit_no_change',
  ATTEMPT_TO_CREATE_EXISTING_FILE: 'attempt_to_create_existing_file',
  GLOB_EXECUTION_ERROR: 'glob_execution_error',
  GREP_EXECUTION_ERROR: 'grep_execution_error',
  LS_EXECUTION_ERROR: 'ls_execution_error',
  PATH_IS_NOT_A_DIRECTORY: 'path_is_not_a_directory',
  MCP_TOOL_ERROR: 'mcp_tool_error',
  SHELL_EXECUTE_ERROR: 'shell_execute_error',
  DISCOVERED_TOOL_EXECUTION_ERROR: 'discovered_tool_execution_error',
  WEB_FETCH_NO_URL_IN_PROMPT: 'web_fetch_no_url_in_prompt',
  WEB_FETCH_FALLBACK_FAILED: 'web_fetch_fallback_failed',
  WEB_FETCH_PROCESSING_ERROR: 'web_fetch_processing_error',
  WEB_SEARCH_FAILED: 'web_search_failed',
  MEMORY_TOOL_EXECUTION_ERROR: 'memory_tool_execution_error',
} as const;
export type ToolErrorType = (typeof ToolErrorType)[keyof typeof ToolErrorType];

/** The display of a file change: what the transcript and progress comment render as a diff. */
export interface FileDiff {
  fileName: string;
  filePath: string;
  /** Unified diff text. */
  fileDiff: string;
  /** Null when the file did not exist before. */
  originalContent: string | null;
  newContent: string;
  diffStat?: DiffStat;
}

export interface DiffStat {
  model_added_lines: number;
  model_removed_lines: number;
  model_added_chars: number;
  model_removed_chars: number;
}

/** The agent's todo list as `write_todos` left it; the session turns it into a `todo_update`. */
export interface TodoListDisplay {
  todos: { description: string; status: 'pending' | 'in_progress' | 'completed' | 'cancelled' }[];
}

/** What a tool shows a human: Markdown text, a file diff, or the todo list. */
export type ToolDisplay = string | FileDiff | TodoListDisplay;

export function isFileDiff(display: ToolDisplay): display is FileDiff {
  return typeof display === 'object' && 'fileDiff' in display;
}

export function isTodoList(display: ToolDisplay): display is TodoListDisplay {
  return typeof display === 'object' && 'todos' in display;
}

/**
 * The outcome of one tool call. A failure is data (`error`), never a thrown exception that would
 * end the session: the model reads `llmContent` either way.
 */
export interface ToolResult {
  /** What goes back to the model (see `function-response.ts` for how it is wrapped). */
  llmContent: PartListUnion;
  /** What a human sees in the transcript. */
  returnDisplay: ToolDisplay;
  error?: { message: string; type: ToolErrorType };
  /**
   * What trusted code may read of the outcome besides the text for the model (the Gemini CLI's
   * `ToolResult.data`), e.g. a shell command's plain output and exit code.
   */
  data?: Readonly<Record<string, unknown>>;
}

/**
 * What a human would have been asked before this call ran. In CI the policy answers instead, and
 * the transcript records the question and the answer.
 */
export type ConfirmationDetails =
  | {
      type: 'edit';
      title: string;
      fileName: string;
      filePath: string;
      fileDiff: string;
      originalContent: string | null;
      newContent: string;
    }
  | {
      type: 'exec';
      title: string;
      command: string;
      /** The first word of each sub-command, for allow-lists. */
      rootCommand: string;
      workingDirectory?: string;
    }
  | { type: 'mcp'; title: string; serverName: string; toolName: string; toolDisplayName: string }
  | { type: 'info'; title: string; prompt: string; urls?: string[] };

/** Streams partial output (shell output, progress) while a tool runs. */
export type OutputCallback = (output: string) => void;

/** Which call of the session is running: work a tool does on its behalf is reported under it. */
export interface ToolCallContext {
  /** The call's id in the session's event stream (`tool_call_id`). */
  callId: string;
}

/** One validated call of a tool, ready to be confirmed and executed. */
export interface ToolInvocation<P = unknown> {
  readonly params: P;
  /** One human sentence for the transcript, e.g. "Read src/index.ts (lines 1-200)". */
  describe(): string;
  /** Paths the call touches, relative to the workspace where possible (for policy path rules). */
  locations(): string[];
  confirmationDetails(signal: AbortSignal): Promise<ConfirmationDetails>;
  execute(
    signal: AbortSignal,
    onOutput?: OutputCallback,
    call?: ToolCallContext,
  ): Promise<ToolResult>;
}

/** A tool the model can call. Built with `defineTool` from a zod schema. */
export interface Tool<P = unknown> {
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  readonly kind: ToolKind;
  /** Sent to the model as `parametersJsonSchema`. */
  readonly parametersJsonSchema: Record<string, unknown>;
  /** The MCP server that provides the tool, for policy `mcpName` rules and the transcript. */
  readonly serverName?: string;
  /** Only observes, whatever its kind (see {@link isReadOnlyTool}). */
  readonly readOnly?: boolean;
  /**
   * Found by name (old prompts may call it) but never declared to the model, like an alias that
   * needs its own arguments.
   */
  readonly undeclared?: boolean;
  /**
   * Validates raw model arguments and builds an invocation, or returns the error the model should
   * read (`invalid_tool_params`).
   */
  build(args: unknown): ToolInvocation<P> | BuildError;
  /**
   * The arguments of the same call once a person replaced the proposed file content with their
   * own (an `edit` confirmation answered with changes). Only tools that show `edit`
   * confirmations have it; the result goes through `build` again.
   */
  withModifiedContent?(params: P, change: ModifiedContent): Record<string, unknown>;
  declaration(): FunctionDeclaration;
  /**
   * Releases what the tool holds when the session ends (background processes the shell tool
   * started, connections). Called once by `ToolRegistry.dispose()`.
   */
  dispose?(): Promise<void>;
}

/** The file as the `edit` confirmation showed it, and the content a person wrote instead. */
export interface ModifiedContent {
  originalContent: string | null;
  newContent: string;
}

/** Why a call could not be built: shown to the model as a failed call of that type. */
export interface BuildError {
  error: string;
  type: ToolErrorType;
}

export function isBuildError<P>(built: ToolInvocation<P> | BuildError): built is BuildError {
  return 'error' in built;
}
