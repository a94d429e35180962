/**
 * `replace`: exact text replacement in one file (the Gemini CLI's `edit` tool), and the machinery
 * `smart_edit` shares with it: plan the change from the file as it is now, show it as an `edit`
 * confirmation, then plan it again at execution (the file may have changed since) and write it
 * atomically, keeping the file's encoding, byte-order mark, CRLF line endings and mode.
 */
import { z } from 'zod';
import { errorMessage } from '../platform/errors.js';
import type { ValidationFailure } from './define-tool.js';
import { defineTool } from './define-tool.js';
import type { ProposedChange } from './file-diff.js';
import { buildEditConfirmation, buildFileDiff } from './file-diff.js';
import type { FileErrorDescription, FileWriter, TextFormat } from './file-io.js';
import {
  MAX_EDITABLE_FILE_BYTES,
  NEW_FILE_FORMAT,
  atomicWriter,
  describeWriteError,
  ensureParentDirectory,
  encodeText,
  readExistingFile,
} from './file-io.js';
import type {
  ConfirmationDetails,
  ModifiedContent,
  Tool,
  ToolInvocation,
  ToolResult,
} from './tool-types.js';
import type { Workspace } from './workspace.js';

export const REPLACE_TOOL_NAME = 'replace';
const READ_FILE_TOOL_NAME = 'read_file';

const parameters = z.object({
  file_path: z
    .string()
    .describe('The path of the file to modify: absolute, or relative to the workspace root.'),
  old_string: z
    .string()
    .describe(
      'The exact literal text to replace, preferably unescaped. For single replacements (default), include at least 3 lines of context BEFORE and AFTER the target text, matching whitespace and indentation precisely. For multiple replacements, specify expected_replacements parameter. If this string is not the exact literal text (i.e. you escaped it) or does not match exactly, the tool will fail. An empty old_string creates a new file whose content is new_string.',
    ),
  new_string: z
    .string()
    .describe(
      'The exact literal text to replace `old_string` with, preferably unescaped. Provide the EXACT text. Ensure the resulting code is correct and idiomatic.',
    ),
  expected_replacements: z
    .number()
    .min(1)
    .describe(
      'Number of replacements expected. Defaults to 1 if not specified. Use when you want to replace multiple occurrences.',
    )
    .optional(),
});
export type ReplaceParams = z.infer<typeof parameters>;

/**
 * A replacement of the whole file, as the confirmation showed it, by the content a person wrote
 * instead (an empty `old_string` creates a file that did not exist).
 */
export function wholeFileReplacement(change: ModifiedContent): {
  old_string: string;
  new_string: string;
} {
  return { old_string: change.originalContent ?? '', new_string: change.newContent };
}

export interface ReplaceToolOptions {
  workspace: Workspace;
  /** Replaces the atomic write (tests use it to produce disk-full and permission errors). */
  writeFile?: FileWriter;
}

export function createReplaceTool(options: ReplaceToolOptions): Tool<ReplaceParams> {
  const { workspace } = options;
  return defineTool({
    name: REPLACE_TOOL_NAME,
    displayName: 'Edit',
    description: `Replaces text within a file. By default, replaces a single occurrence, but can replace multiple occurrences when \`expected_replacements\` is specified. This tool requires providing significant context around the change to ensure precise targeting. Always use the ${READ_FILE_TOOL_NAME} tool to examine the file's current content before attempting a text replacement.

Expectation for required parameters:
1. \`file_path\` is the file to modify, absolute or relative to the workspace root.
2. \`old_string\` MUST be the exact literal text to replace (including all whitespace, indentation, newlines, and surrounding code etc.).
3. \`new_string\` MUST be the exact literal text to replace \`old_string\` with (also including all whitespace, indentation, newlines, and surrounding code etc.). Ensure the resulting code is correct and idiomatic.
4. NEVER escape \`old_string\` or \`new_string\`, that would break the exact literal text requirement.
**Important:** If ANY of the above are not satisfied, the tool will fail. CRITICAL for \`old_string\`: Must uniquely identify the single instance to change. Include at least 3 lines of context BEFORE and AFTER the target text, matching whitespace and indentation precisely. If this string matches multiple locations, or does not match exactly, the tool will fail.
**Multiple replacements:** Set \`expected_replacements\` to the number of occurrences you want to replace. The tool will replace ALL occurrences that match \`old_string\` exactly. Ensure the number of replacements matches your expectation.`,
    kind: 'edit',
    parameters,
    withModifiedContent: (params, change) => ({
      file_path: params.file_path,
      ...wholeFileReplacement(change),
    }),
    validate(params) {
      const count = params.expected_replacements;
      if (count !== undefined && !Number.isInteger(count)) {
        return {
          message: 'expected_replacements must be a positive integer.',
          type: 'invalid_tool_params',
        };
      }
      return validateEditPath(workspace, params.file_path);
    },
    invocation: (params) =>
      textEditInvocation({
        workspace,
        params,
        match: (content) => exactReplacement(content, params.old_string, params.new_string),
        expectedReplacements: params.expected_replacements ?? 1,
        ...(options.writeFile ? { writeFile: options.writeFile } : {}),
      }),
  });
}

/** Every non-overlapping occurrence replaced literally (no `$&` patterns), on LF text. */
function exactReplacement(content: string, oldString: string, newString: string): TextMatch {
  const search = oldString.replace(/\r\n/g, '\n');
  const replacement = newString.replace(/\r\n/g, '\n');
  const pieces = content.split(search);
  return { occurrences: pieces.length - 1, newContent: pieces.join(replacement) };
}

// ---------------------------------------------------------------------------------------------
// Shared by `replace` and `smart_edit`.

export interface TextEditParams {
  file_path: string;
  old_string: string;
  new_string: string;
}

/** How many places a matcher found and the content with them replaced. */
export interface TextMatch {
  occurrences: number;
  newContent: string;
}

export interface TextEditInvocationOptions {
  workspace: Workspace;
  params: TextEditParams;
  /** Finds `old_string` in the file's text (LF line breaks) and replaces it. */
  match: (content: string) => TextMatch;
  expectedReplacements: number;
  writeFile?: FileWriter;
}

/** Checks done when the call is built; execution checks again. */
export function validateEditPath(workspace: Workspace, filePath: string): ValidationFailure | null {
  if (filePath.trim() === '') {
    return { message: "The 'file_path' parameter must be non-empty.", type: 'invalid_tool_params' };
  }
  const resolved = workspace.resolve(filePath, { purpose: 'write' });
  return resolved.ok ? null : resolved.error;
}

type EditPlan =
  | {
      ok: true;
      change: ProposedChange;
      format: TextFormat;
      mode: number | undefined;
      occurrences: number;
    }
  | { ok: false; error: FileErrorDescription };

export function textEditInvocation(
  options: TextEditInvocationOptions,
): Omit<ToolInvocation<TextEditParams>, 'params'> {
  const { workspace, params } = options;
  const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
  const shown = resolved.ok ? workspace.displayPath(resolved.absolutePath) : params.file_path;
  const description = `${params.old_string === '' ? 'Create' : 'Edit'} ${shown}`;
  const title = `Confirm Edit: ${shown}`;
  return {
    describe: () => description,
    locations: () => [resolved.ok ? resolved.relativePath : params.file_path],
    async confirmationDetails(): Promise<ConfirmationDetails> {
      const plan = await planTextEdit(options);
      if (!plan.ok) {
        // Nothing would be written; the call still runs to give the model the reason.
        return {
          type: 'info',
          title,
          prompt: `${description}: the edit cannot be applied (${plan.error.message})`,
        };
      }
      return buildEditConfirmation(plan.change, title);
    },
    async execute(signal) {
      const plan = await planTextEdit(options);
      if (!plan.ok) return failure(plan.error);
      const { change } = plan;
      const written = await commitChange(change, {
        format: plan.format,
        mode: plan.mode,
        signal,
        writeFile: options.writeFile ?? atomicWriter(options.workspace),
      });
      if (written) return failure(written);
      const message =
        change.originalContent === null
          ? `Created new file: ${change.absolutePath} with provided content.`
          : `Successfully modified file: ${change.absolutePath} (${plan.occurrences} replacements).`;
      return { llmContent: message, returnDisplay: buildFileDiff(change) };
    },
  };
}

async function planTextEdit(options: TextEditInvocationOptions): Promise<EditPlan> {
  const { workspace, params, expectedReplacements } = options;
  // Resolved again: the tree may have changed since the call was validated.
  const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
  if (!resolved.ok) return { ok: false, error: resolved.error };
  const filePath = resolved.absolutePath;
  const refuse = (message: string, type: FileErrorDescription['type']): EditPlan => ({
    ok: false,
    error: { message, type },
  });
  const proposed = (originalContent: string | null, newContent: string): ProposedChange => ({
    absolutePath: filePath,
    displayPath: workspace.displayPath(filePath),
    originalContent,
    newContent,
  });

  let existing;
  try {
    existing = await readExistingFile(workspace, filePath);
  } catch (error) {
    return refuse(`Error preparing edit: ${errorMessage(error)}`, 'edit_preparation_failure');
  }
  switch (existing.kind) {
    case 'missing':
      if (params.old_string !== '') {
        return refuse(`File not found: ${filePath}`, 'file_not_found');
      }
      return {
        ok: true,
        change: proposed(null, params.new_string),
        format: NEW_FILE_FORMAT,
        mode: undefined,
        occurrences: 1,
      };
    case 'directory':
      return refuse(`Path is a directory, not a file: ${filePath}`, 'target_is_directory');
    case 'refused':
      return refuse(existing.message, 'path_not_in_workspace');
    case 'not_regular':
      return refuse(notRegularMessage(filePath), 'edit_preparation_failure');
    case 'too_large':
      return refuse(tooLargeMessage(filePath, existing.size), 'file_too_large');
    case 'file':
      break;
  }
  if (params.old_string === '') {
    return refuse(
      `File already exists, cannot create: ${filePath}`,
      'attempt_to_create_existing_file',
    );
  }
  if (!existing.lossless) {
    return refuse(
      `Cannot edit ${filePath}: it is not text in a supported encoding (UTF-8, or UTF-16/UTF-32 with a byte-order mark). No edits made. Use write_file to replace its whole content.`,
      'read_content_failure',
    );
  }
  const { occurrences, newContent } = options.match(existing.content);
  const error = occurrenceError({ filePath, occurrences, expectedReplacements, params });
  if (error) return { ok: false, error };
  if (newContent === existing.content) {
    return refuse(
      `No changes to apply. The new content is identical to the current content in file: ${filePath}`,
      'edit_no_change',
    );
  }
  return {
    ok: true,
    change: proposed(existing.content, newContent),
    format: existing.format,
    mode: existing.mode,
    occurrences,
  };
}

function occurrenceError(context: {
  filePath: string;
  occurrences: number;
  expectedReplacements: number;
  params: TextEditParams;
}): FileErrorDescription | null {
  const { filePath, occurrences, expectedReplacements, params } = context;
  if (occurrences === 0) {
    return {
      message: `Failed to edit, 0 occurrences found for old_string in ${filePath}. No edits made. The exact text in old_string was not found. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use ${READ_FILE_TOOL_NAME} tool to verify.`,
      type: 'edit_no_occurrence_found',
    };
  }
  if (occurrences !== expectedReplacements) {
    const term = expectedReplacements === 1 ? 'occurrence' : 'occurrences';
    return {
      message: `Failed to edit, Expected ${expectedReplacements} ${term} but found ${occurrences} for old_string in file: ${filePath}`,
      type: 'edit_expected_occurrence_mismatch',
    };
  }
  if (params.old_string.replace(/\r\n/g, '\n') === params.new_string.replace(/\r\n/g, '\n')) {
    return {
      message: `No changes to apply. The old_string and new_string are identical in file: ${filePath}`,
      type: 'edit_no_change',
    };
  }
  return null;
}

/**
 * Writes a planned change: parent directories for a new file, then the bytes atomically. Returns
 * the error the model should read, or null once the file is written. Nothing is written after
 * the call was cancelled.
 */
export async function commitChange(
  change: ProposedChange,
  options: {
    format: TextFormat;
    mode: number | undefined;
    signal: AbortSignal;
    writeFile: FileWriter;
  },
): Promise<FileErrorDescription | null> {
  if (options.signal.aborted) {
    return { message: 'The call was cancelled before the file was written.', type: 'cancelled' };
  }
  try {
    if (change.originalContent === null) await ensureParentDirectory(change.absolutePath);
    await options.writeFile(
      change.absolutePath,
      encodeText(change.newContent, options.format),
      options.mode === undefined ? {} : { mode: options.mode },
    );
    return null;
  } catch (error) {
    return describeWriteError(error, change.absolutePath);
  }
}

export function failure(error: FileErrorDescription): ToolResult {
  return { llmContent: error.message, returnDisplay: `Error: ${error.message}`, error };
}

export function tooLargeMessage(filePath: string, size: number): string {
  const limitMb = MAX_EDITABLE_FILE_BYTES / (1024 * 1024);
  return `File size exceeds the ${limitMb}MB limit: ${filePath} (${(size / (1024 * 1024)).toFixed(2)}MB)`;
}

export function notRegularMessage(filePath: string): string {
  return `Path is not a regular file: ${filePath}. Only regular files can be written.`;
}
