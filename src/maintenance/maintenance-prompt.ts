/**
 * The task of a maintenance run (schedule, workflow_dispatch): the `prompt` input, or a Markdown
 * file in the repository named by `prompt_file` — so a long standing task can be reviewed and
 * changed like code. A prompt typed into the dispatch form wins over both, as for any
 * workflow_dispatch run.
 *
 * The file is read from the workspace, the checkout of the branch the workflow runs on (the
 * default branch for schedules). Its path must stay inside the repository: no absolute paths, no
 * `..`, no symlink leading out, nothing under `.git/` (where checkout may have left a credential).
 */
import { lstat, open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import { groupDigits } from '../platform/text.js';
import { climbsOut, relativeInside } from '../platform/path-containment.js';

/** A larger prompt file is almost certainly the wrong file. */
export const MAX_PROMPT_FILE_BYTES = 100_000;

export interface MaintenancePromptInputs {
  /** The `prompt` input; undefined or empty when unset. */
  prompt: string | undefined;
  /** The `prompt_file` input; undefined or empty when unset. */
  promptFile: string | undefined;
  /** The dispatch form's `prompt` (workflow_dispatch only). */
  dispatchPrompt?: string | undefined;
}

export interface MaintenancePromptOptions {
  /** The repository checkout (`GITHUB_WORKSPACE`). */
  workspaceRoot: string;
  /** The event, for messages (`schedule`, `workflow_dispatch`, …). */
  eventName: string;
}

export interface MaintenancePrompt {
  text: string;
  source: 'prompt' | 'prompt_file' | 'dispatch_input';
  /** The file, relative to the repository root, when read from one. */
  file?: string;
}

/** The task, or a `ConfigurationError` naming the input to fix. */
export async function resolveMaintenancePrompt(
  inputs: MaintenancePromptInputs,
  options: MaintenancePromptOptions,
): Promise<MaintenancePrompt> {
  const prompt = inputs.prompt?.trim() ?? '';
  const file = inputs.promptFile?.trim() ?? '';
  if (prompt !== '' && file !== '') {
    throw new ConfigurationError(
      'expected either prompt or prompt_file, not both: keep the one that holds the task.',
      { input: 'prompt_file' },
    );
  }
  const dispatched = inputs.dispatchPrompt?.trim() ?? '';
  if (dispatched !== '') return { text: dispatched, source: 'dispatch_input' };
  if (prompt !== '') return { text: prompt, source: 'prompt' };
  if (file !== '') {
    return { text: await readPromptFile(file, options.workspaceRoot), source: 'prompt_file', file };
  }
  throw new ConfigurationError(
    `a maintenance run on the ${options.eventName} event needs a task: expected the prompt input, or prompt_file with the path of a Markdown file in the repository${options.eventName === 'workflow_dispatch' ? ', or a "prompt" input of the dispatch form' : ''}.`,
    { input: 'prompt' },
  );
}

async function readPromptFile(file: string, workspaceRoot: string): Promise<string> {
  const relative = checkRelativePath(file);
  const root = await realpath(workspaceRoot);
  const absolute = path.join(root, relative);
  let resolved: string;
  try {
    resolved = await realpath(absolute);
  } catch (error) {
    throw fileError(
      file,
      (error as NodeJS.ErrnoException | null)?.code === 'ENOENT'
        ? `does not exist in the checkout (${relative}); expected a file committed to the branch the workflow runs on.`
        : `cannot be read: ${errorMessage(error)}`,
      error,
    );
  }
  const inside = relativeInside(resolved, root);
  if (inside === undefined || inside === '') {
    throw fileError(file, 'leads outside the repository through a symbolic link.');
  }
  if (isUnderGit(inside))
    throw fileError(file, 'is inside .git/, which is not part of the repository.');
  const info = await lstat(resolved);
  if (!info.isFile()) throw fileError(file, 'is not a file.');
  if (info.size > MAX_PROMPT_FILE_BYTES) {
    throw fileError(
      file,
      `is ${groupDigits(info.size)} bytes; expected at most ${groupDigits(MAX_PROMPT_FILE_BYTES)}.`,
    );
  }
  // Read through one handle, at most the limit, so a file growing meanwhile changes nothing.
  const handle = await open(resolved, 'r');
  let text: string;
  try {
    const buffer = Buffer.alloc(MAX_PROMPT_FILE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_PROMPT_FILE_BYTES) {
      throw fileError(file, `is over ${groupDigits(MAX_PROMPT_FILE_BYTES)} bytes.`);
    }
    text = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  text = text.replace(/^\uFEFF/, '').trim();
  if (text === '') throw fileError(file, 'is empty; expected the task for the agent.');
  if (text.includes('\u0000'))
    throw fileError(file, 'is a binary file; expected Markdown or text.');
  return text;
}

/** The path as a normalized relative POSIX path, or a `ConfigurationError`. */
function checkRelativePath(file: string): string {
  if (/[\r\n]/.test(file)) throw fileError(file, 'spans several lines; expected one path.');
  if (path.isAbsolute(file) || path.win32.isAbsolute(file)) {
    throw fileError(file, 'is absolute; expected a path relative to the repository root.');
  }
  const normalized = path.posix.normalize(file.replace(/\\/g, '/'));
  if (climbsOut(normalized, path.posix)) {
    throw fileError(
      file,
      'leaves the repository; expected a path relative to the repository root.',
    );
  }
  if (normalized === '.' || normalized.endsWith('/')) {
    throw fileError(file, 'names a folder; expected a file.');
  }
  if (isUnderGit(normalized))
    throw fileError(file, 'is inside .git/, which is not part of the repository.');
  return normalized;
}

function isUnderGit(relative: string): boolean {
  const first = relative.split(/[\\/]/)[0] ?? '';
  return first.toLowerCase() === '.git';
}

function fileError(file: string, problem: string, cause?: unknown): ConfigurationError {
  return new ConfigurationError(
    `${JSON.stringify(file)} ${problem}`,
    { input: 'prompt_file' },
    cause === undefined ? undefined : { cause },
  );
}
