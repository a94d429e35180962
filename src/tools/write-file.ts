/**
 * `write_file`: the whole content of one file, created (with missing directories) or overwritten.
 * An overwritten file keeps its encoding, byte-order mark, CRLF line endings and mode; the write is
 * atomic. Strings the model reads follow the Gemini CLI.
 */
import { z } from 'zod';
import { errorCode, errorMessage } from '../platform/errors.js';
import { defineTool } from './define-tool.js';
import type { ProposedChange } from './file-diff.js';
import { buildEditConfirmation, buildFileDiff } from './file-diff.js';
import type { ExistingFile, FileErrorDescription, TextFormat } from './file-io.js';
import type { FileWriter } from './file-io.js';
import { NEW_FILE_FORMAT, atomicWriter, readExistingFile } from './file-io.js';
import {
  REPLACE_TOOL_NAME,
  commitChange,
  failure,
  notRegularMessage,
  tooLargeMessage,
} from './replace.js';
import type { ConfirmationDetails, Tool } from './tool-types.js';
import type { Workspace } from './workspace.js';

export const WRITE_FILE_TOOL_NAME = 'write_file';

const parameters = z.object({
  file_path: z
    .string()
    .describe('The path of the file to write: absolute, or relative to the workspace root.'),
  content: z
    .string()
    .describe(
      "The complete content to write. Provide the full file; do not use placeholders like '// ... rest of code'.",
    ),
});
export type WriteFileParams = z.infer<typeof parameters>;

export interface WriteFileToolOptions {
  workspace: Workspace;
  /** Replaces the atomic write (tests use it to produce disk-full and permission errors). */
  writeFile?: FileWriter;
}

type WritePlan =
  | { ok: true; change: ProposedChange; format: TextFormat; mode: number | undefined }
  | { ok: false; error: FileErrorDescription };

export function createWriteFileTool(options: WriteFileToolOptions): Tool<WriteFileParams> {
  const { workspace } = options;
  const writeFile = options.writeFile ?? atomicWriter(workspace);
  return defineTool({
    name: WRITE_FILE_TOOL_NAME,
    displayName: 'WriteFile',
    description: `Writes the complete content to a file, creating missing parent directories. Overwrites an existing file (keeping its encoding and CRLF line endings). Best for new or small files; use '${REPLACE_TOOL_NAME}' for targeted edits to large files.`,
    kind: 'edit',
    parameters,
    withModifiedContent: (params, change) => ({
      file_path: params.file_path,
      content: change.newContent,
    }),
    validate(params) {
      if (params.file_path.trim() === '') {
        return { message: 'Missing or empty "file_path"', type: 'invalid_tool_params' };
      }
      const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
      return resolved.ok ? null : resolved.error;
    },
    invocation(params) {
      const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
      const shown = resolved.ok ? workspace.displayPath(resolved.absolutePath) : params.file_path;
      const description = `Write ${shown}`;
      const title = `Confirm Write: ${shown}`;
      return {
        describe: () => description,
        locations: () => [resolved.ok ? resolved.relativePath : params.file_path],
        async confirmationDetails(): Promise<ConfirmationDetails> {
          const plan = await planWrite(workspace, params);
          if (!plan.ok) {
            // Nothing would be written; the call still runs to give the model the reason.
            return {
              type: 'info',
              title,
              prompt: `${description}: the file cannot be written (${plan.error.message})`,
            };
          }
          return buildEditConfirmation(plan.change, title);
        },
        async execute(signal) {
          const plan = await planWrite(workspace, params);
          if (!plan.ok) return failure(plan.error);
          const { change } = plan;
          const error = await commitChange(change, {
            format: plan.format,
            mode: plan.mode,
            signal,
            writeFile,
          });
          if (error) return failure(error);
          const message =
            change.originalContent === null
              ? `Successfully created and wrote to new file: ${change.absolutePath}.`
              : `Successfully overwrote file: ${change.absolutePath}.`;
          return { llmContent: message, returnDisplay: buildFileDiff(change) };
        },
      };
    },
  });
}

async function planWrite(workspace: Workspace, params: WriteFileParams): Promise<WritePlan> {
  // Resolved again: the tree may have changed since the call was validated.
  const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
  if (!resolved.ok) return { ok: false, error: resolved.error };
  const filePath = resolved.absolutePath;
  let existing: ExistingFile;
  try {
    existing = await readExistingFile(workspace, filePath);
  } catch (error) {
    const code = errorCode(error);
    return {
      ok: false,
      error: {
        message: code
          ? `Error checking existing file '${filePath}': ${errorMessage(error)} (${code})`
          : `Error checking existing file: ${errorMessage(error)}`,
        type: code === 'EACCES' || code === 'EPERM' ? 'permission_denied' : 'file_write_failure',
      },
    };
  }
  const refuse = (message: string, type: FileErrorDescription['type']): WritePlan => ({
    ok: false,
    error: { message, type },
  });
  const change = (originalContent: string | null, newContent: string): ProposedChange => ({
    absolutePath: filePath,
    displayPath: workspace.displayPath(filePath),
    originalContent,
    newContent,
  });
  switch (existing.kind) {
    case 'missing':
      return {
        ok: true,
        change: change(null, params.content),
        format: NEW_FILE_FORMAT,
        mode: undefined,
      };
    case 'directory':
      return refuse(`Path is a directory, not a file: ${filePath}`, 'target_is_directory');
    case 'refused':
      return refuse(existing.message, 'path_not_in_workspace');
    case 'not_regular':
      return refuse(notRegularMessage(filePath), 'file_write_failure');
    case 'too_large':
      return refuse(tooLargeMessage(filePath, existing.size), 'file_too_large');
    case 'file': {
      // A file that is not valid text (a binary file) is replaced by plain UTF-8.
      const format = existing.lossless ? existing.format : NEW_FILE_FORMAT;
      const content =
        format.lineEnding === '\r\n' ? params.content.replace(/\r\n/g, '\n') : params.content;
      return {
        ok: true,
        change: change(existing.content, content),
        format,
        mode: existing.mode,
      };
    }
  }
}
