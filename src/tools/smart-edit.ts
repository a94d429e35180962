/**
 * `smart_edit`: one replacement in one file, tolerant of whitespace and indentation differences
 * between `old_string` and the file (see `edit-matching.ts`). The result strings are `replace`'s.
 * There is no second model call to repair a failed match: the model reads why and retries.
 */
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { findTolerantEdit } from './edit-matching.js';
import type { FileWriter } from './file-io.js';
import { textEditInvocation, validateEditPath, wholeFileReplacement } from './replace.js';
import type { Tool } from './tool-types.js';
import type { Workspace } from './workspace.js';

export const SMART_EDIT_TOOL_NAME = 'smart_edit';

const parameters = z.object({
  file_path: z
    .string()
    .describe('The path of the file to modify: absolute, or relative to the workspace root.'),
  instruction: z
    .string()
    .describe(
      `A clear, semantic instruction for the code change: why it is needed, where it happens, what changes and what the outcome should be. Example: "In the 'calculateTotal' function, correct the sales tax calculation by updating the 'taxRate' constant from 0.05 to 0.075 to reflect the new regional tax laws."`,
    ),
  old_string: z
    .string()
    .describe(
      'The text to replace, unescaped, copied from the file. Include at least 3 lines of context BEFORE and AFTER the target text so that it matches exactly one place. Indentation and other whitespace may differ from the file; everything else must match. An empty old_string creates a new file whose content is new_string.',
    ),
  new_string: z
    .string()
    .describe(
      'The text to replace `old_string` with, unescaped. It is re-indented to the indentation found in the file. Ensure the resulting code is correct and idiomatic.',
    ),
});
export type SmartEditParams = z.infer<typeof parameters>;

export interface SmartEditToolOptions {
  workspace: Workspace;
  /** Replaces the atomic write (tests use it to produce disk-full and permission errors). */
  writeFile?: FileWriter;
}

export function createSmartEditTool(options: SmartEditToolOptions): Tool<SmartEditParams> {
  const { workspace } = options;
  return defineTool({
    name: SMART_EDIT_TOOL_NAME,
    displayName: 'SmartEdit',
    description: `Replaces a single occurrence of text within a file. Always use the read_file tool to examine the file's current content before attempting a replacement.

Expectation for parameters:
1. \`file_path\` is the file to modify, absolute or relative to the workspace root.
2. \`old_string\` must match the file's text. Differences in indentation and other whitespace are tolerated (the match ignores them and \`new_string\` is re-indented to the file's indentation), but every other character must be as in the file.
3. \`new_string\` is the text to put in its place. Ensure the resulting code is correct and idiomatic, and that \`old_string\` and \`new_string\` differ.
4. \`instruction\` says what the change is for, specifically enough that a reviewer understands it.
5. NEVER escape \`old_string\` or \`new_string\`.
**Important:** \`old_string\` must identify a single place: include at least 3 lines of context BEFORE and AFTER the target text. If it matches several places, or none, the tool fails and nothing is changed; there is no automatic correction, so read the file again and retry with the exact text. Prefer several small edits to one large one.`,
    kind: 'edit',
    parameters,
    withModifiedContent: (params, change) => ({
      file_path: params.file_path,
      instruction: params.instruction,
      ...wholeFileReplacement(change),
    }),
    validate: (params) => validateEditPath(workspace, params.file_path),
    invocation: (params) =>
      textEditInvocation({
        workspace,
        params,
        match: (content) => findTolerantEdit(content, params.old_string, params.new_string),
        expectedReplacements: 1,
        ...(options.writeFile ? { writeFile: options.writeFile } : {}),
      }),
  });
}
