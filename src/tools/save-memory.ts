/**
 * `save_memory`: appends a fact under `## Gemini Added Memories` in the user's memory file
 * (`~/.gemini/GEMINI.md` by default), which later sessions load into their system instruction.
 * The file layout and the result JSON follow the Gemini CLI.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../platform/errors.js';
import { relativeInside } from '../platform/path-containment.js';
import { defineTool } from './define-tool.js';
import type { Tool, ToolResult } from './tool-types.js';

export const SAVE_MEMORY_TOOL_NAME = 'save_memory';
export const MEMORY_SECTION_HEADER = '## Gemini Added Memories';
/** The file name sessions load as user memory from `~/.gemini/` (see `agent/context-files.ts`). */
const DEFAULT_MEMORY_FILE_NAME = 'GEMINI.md';

const parameters = z.object({
  fact: z
    .string()
    .describe(
      'The specific fact or piece of information to remember. Should be a clear, self-contained statement.',
    ),
});
export type SaveMemoryParams = z.infer<typeof parameters>;

export interface SaveMemoryToolOptions {
  /** The memory file; default `~/.gemini/GEMINI.md` (the file sessions load as user memory). */
  memoryPath?: string;
  /** For `~/…` display paths and the default memory path; default the user's home directory. */
  homeDir?: string;
}

/**
 * One line, without leading list dashes, and without angle brackets, so a saved fact can neither
 * start new Markdown structure nor close the tags its file is wrapped in inside later prompts.
 */
export function sanitizeFact(fact: string): string {
  return fact
    .replace(/[\r\n]/g, ' ')
    .trim()
    .replace(/^(-+\s*)+/, '')
    .trim()
    .replace(/[<>]/g, ' ');
}

/**
 * The file with `- <fact>` added at the end of the memories section; the section is appended
 * (after a blank line) when the file has none. Everything else in the file is kept as it was.
 */
export function addMemoryEntry(current: string, fact: string): string {
  const item = `- ${sanitizeFact(fact)}`;
  const headerAt = current.indexOf(MEMORY_SECTION_HEADER);
  if (headerAt === -1) {
    return `${current}${separatorBefore(current)}${MEMORY_SECTION_HEADER}\n${item}\n`;
  }
  const sectionStart = headerAt + MEMORY_SECTION_HEADER.length;
  let sectionEnd = current.indexOf('\n## ', sectionStart);
  if (sectionEnd === -1) sectionEnd = current.length;
  const before = current.substring(0, sectionStart).trimEnd();
  const section = `${current.substring(sectionStart, sectionEnd).trimEnd()}\n${item}`;
  const after = current.substring(sectionEnd);
  return `${`${before}\n${section.trimStart()}\n${after}`.trimEnd()}\n`;
}

function separatorBefore(content: string): string {
  if (content.length === 0) return '';
  if (content.endsWith('\n\n') || content.endsWith('\r\n\r\n')) return '';
  if (content.endsWith('\n')) return '\n';
  return '\n\n';
}

export function createSaveMemoryTool(options: SaveMemoryToolOptions = {}): Tool<SaveMemoryParams> {
  const homeDir = options.homeDir ?? os.homedir();
  const memoryPath = path.resolve(
    options.memoryPath ?? path.join(homeDir, '.gemini', DEFAULT_MEMORY_FILE_NAME),
  );
  const shownPath = tildeify(memoryPath, homeDir);
  // Calls of this kind may run in parallel; each read-modify-write waits for the one before.
  let queue: Promise<unknown> = Promise.resolve();

  return defineTool({
    name: SAVE_MEMORY_TOOL_NAME,
    displayName: 'SaveMemory',
    description:
      'Saves a specific piece of information or fact to your long-term memory, for use across future sessions. Use this when the user explicitly asks you to remember something, or states a clear, concise fact about themselves or their preferences that seems important to keep. Do NOT use it for session-specific context or temporary data.',
    kind: 'think',
    parameters,
    validate(params) {
      if (sanitizeFact(params.fact) === '') {
        return {
          message: 'Parameter "fact" must be a non-empty string.',
          type: 'invalid_tool_params',
        };
      }
      return null;
    },
    invocation(params) {
      const fact = sanitizeFact(params.fact);
      return {
        describe: () => `Remember "${fact}" in ${shownPath}`,
        locations: () => [memoryPath],
        confirmationDetails: () =>
          Promise.resolve({
            type: 'info',
            title: `Confirm Memory Save: ${shownPath}`,
            prompt: `Add "- ${fact}" under "${MEMORY_SECTION_HEADER}" in ${shownPath}`,
          }),
        execute: () => {
          const run = queue.then(() => save(memoryPath, params.fact));
          queue = run.catch(() => undefined);
          return run;
        },
      };
    },
  });
}

async function save(memoryPath: string, fact: string): Promise<ToolResult> {
  try {
    const current = await readIfExists(memoryPath);
    await mkdir(path.dirname(memoryPath), { recursive: true, mode: 0o700 });
    await writeFile(memoryPath, addMemoryEntry(current, fact), { encoding: 'utf8', mode: 0o600 });
    const message = `Okay, I've remembered that: "${sanitizeFact(fact)}"`;
    return { llmContent: JSON.stringify({ success: true, message }), returnDisplay: message };
  } catch (error) {
    const message = errorMessage(error);
    return {
      llmContent: JSON.stringify({
        success: false,
        error: `Failed to save memory. Detail: ${message}`,
      }),
      returnDisplay: `Error saving memory: ${message}`,
      error: { message, type: 'memory_tool_execution_error' },
    };
  }
}

async function readIfExists(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

function tildeify(file: string, homeDir: string): string {
  const relative = relativeInside(file, path.resolve(homeDir));
  if (relative === undefined || relative === '') return file;
  return `~/${relative.split(path.sep).join('/')}`;
}
