/**
 * `@{path}`: a file's content, or every file of a directory, put into a command's prompt. Each file
 * is read by a `read_file` call through the session's policy and workspace, so `@{…}` reaches
 * exactly what the model's own reads could: nothing outside the workspace (symlinks resolved),
 * nothing under `.git`, no file the policy denies, and no file `.gitignore` or `.geminiignore`
 * hides.
 *
 * Formats are the Gemini CLI's (packages/cli/src/services/prompt-processors/atFileProcessor.ts and
 * packages/core/src/utils/pathReader.ts): a file's text as it is; a directory as
 * `--- Start of content for directory: <path> ---`, then `--- <file> ---` and its content for
 * each file, then `--- End of content for directory: <path> ---`. An ignored file named on its
 * own is left out with a notice in the log, as there.
 */
import type { PartListUnion } from '@google/genai';
import { stat } from 'node:fs/promises';
import { ConfigurationError } from '../platform/errors.js';
import { inDefaultExcludedDirectory, walkFiles } from '../tools/file-walk.js';
import { READ_FILE_TOOL_NAME } from '../tools/read-file.js';
import type { InjectionServices } from './injection-services.js';

/** A directory with more files than this is not what a prompt should hold. */
const MAX_DIRECTORY_FILES = 200;
/** Nor this much text, all files together. */
const MAX_DIRECTORY_CHARS = 1_000_000;

const FILTERING = { respectGitIgnore: true, respectGeminiIgnore: true };

interface Where {
  command: string;
  file: string;
}

/** The text for `@{requested}`, or undefined when ignore rules leave it out. */
export async function injectPath(
  requested: string,
  where: Where,
  services: InjectionServices,
): Promise<string | undefined> {
  const { workspace } = services;
  const fail = (message: string): never => {
    throw new ConfigurationError(`/${where.command}: @{${requested}} ${message}`, {
      file: where.file,
    });
  };
  const resolved = workspace.resolve(requested, { purpose: 'read' });
  if (!resolved.ok) return fail(`is refused: ${resolved.error.message}`);
  const info = await stat(resolved.absolutePath).catch(() => undefined);
  if (info === undefined) return fail('names a path that does not exist in the workspace.');
  const filter = workspace.fileFilter(FILTERING);
  const inPrimaryRoot = resolved.root === workspace.root;
  if (!info.isDirectory()) {
    if (inPrimaryRoot && filter.isIgnored(resolved.relativePath)) {
      services.logger.warning(
        `/${where.command}: the file '@{${requested}}' was ignored by .gitignore or .geminiignore and was not included in the prompt.`,
      );
      return undefined;
    }
    return readThroughTool(resolved.absolutePath, services, fail);
  }
  const lines = [`--- Start of content for directory: ${requested} ---\n`];
  let files = 0;
  let chars = 0;
  const base = resolved.relativePath;
  const skipped = (relative: string, isDirectory: boolean) => {
    const inRoot = base === '' ? relative : `${base}/${relative}`;
    return (
      // Dependencies, build output and tool state below the directory asked for are left out.
      (isDirectory && inDefaultExcludedDirectory(relative)) ||
      (inPrimaryRoot && filter.isIgnored(inRoot, { isDirectory }))
    );
  };
  for await (const file of walkFiles(resolved.absolutePath, {
    skipDirectory: (relative) => skipped(relative, true),
  })) {
    if (skipped(file.relativePath, false)) continue;
    if (++files > MAX_DIRECTORY_FILES) {
      fail(
        `holds more than ${MAX_DIRECTORY_FILES} files; name a smaller directory or single files.`,
      );
    }
    const checked = workspace.resolve(file.absolutePath, { purpose: 'read' });
    if (!checked.ok) {
      lines.push(`--- Skipped ${file.relativePath}: traverses outside workspace ---\n\n`);
      continue;
    }
    const text = await readThroughTool(checked.absolutePath, services, fail);
    chars += text.length;
    if (chars > MAX_DIRECTORY_CHARS) {
      fail(`holds more than ${MAX_DIRECTORY_CHARS} characters of text; name a smaller directory.`);
    }
    lines.push(`--- ${file.relativePath} ---\n`, text, '\n');
  }
  lines.push(`--- End of content for directory: ${requested} ---`);
  return lines.join('');
}

/** One file through `read_file`: the policy's answer, the workspace's checks, its text. */
async function readThroughTool(
  absolutePath: string,
  services: InjectionServices,
  fail: (message: string) => never,
): Promise<string> {
  const completed = await services.runTool(READ_FILE_TOOL_NAME, { absolute_path: absolutePath });
  const { result } = completed;
  if (result.error !== undefined) return fail(`cannot be read: ${result.error.message}`);
  return textOf(result.llmContent, services.workspace.displayPath(absolutePath));
}

/** Text as read; media, which a prompt of text cannot carry, as a note naming the file. */
function textOf(content: PartListUnion, shown: string): string {
  if (typeof content === 'string') return content;
  const parts = Array.isArray(content) ? content : [content];
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if (part.text !== undefined) return part.text;
      const mime = part.inlineData?.mimeType ?? 'binary';
      return `[${shown}: ${mime} content is not included in a command's prompt]`;
    })
    .join('');
}
