/**
 * `read_many_files`: the contents of every file matching some paths or globs, concatenated with
 * `--- <path> ---` separators, in the format the Gemini CLI gives the model. Images, PDFs, audio
 * and video are sent as inline data, but only when a pattern names them (by name or extension).
 */
import type { Part, PartListUnion } from '@google/genai';
import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { z } from 'zod';
import { errorMessage } from '../platform/errors.js';
import { defineTool } from './define-tool.js';
import { relativePosix, walkFiles } from './file-walk.js';
import { isInsideOrSame } from '../platform/path-containment.js';
import { ignoresAnyBelow } from './ignore-rules.js';
import {
  DEFAULT_MAX_LINES,
  MAX_FILE_SIZE_MB,
  MAX_LINE_LENGTH,
  decodeText,
  detectFileType,
} from './read-file.js';
import type { Tool, ToolInvocation } from './tool-types.js';
import type { FileFilterOptions, Workspace } from './workspace.js';

export const READ_MANY_FILES_TOOL_NAME = 'read_many_files';

/** Directories skipped by default, wherever they are (dependencies, tool state, build output). */
const DEFAULT_EXCLUDED_DIRECTORY_NAMES = new Set([
  'node_modules',
  'bower_components',
  '.git',
  '.svn',
  '.hg',
  '.vscode',
  '.idea',
  'dist',
  'build',
  'coverage',
  '__pycache__',
]);
/** Files skipped by default: binary formats, compiled Python, system files, `.env`. */
const DEFAULT_EXCLUDED_FILES = [
  ...(
    '7z bin bz2 class db dll dmg doc docx dylib exe gz img iso jar lz4 mdb odp ods odt ppt pptx ' +
    'rar so sqlite tar war xls xlsx xz zip zst pyc pyo'
  )
    .split(' ')
    .map((extension) => `**/*.${extension}`),
  '**/.DS_Store',
  '**/.env',
];
const SEPARATOR = (filePath: string) => `--- ${filePath} ---`;
const TERMINATOR = '\n--- End of content ---';
const NOTHING_READ = 'No files matching the criteria were found or all were skipped.';
const TRUNCATION_WARNING = `[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]\n\n`;
const SVG_MAX_BYTES = 1024 * 1024;
const READ_CONCURRENCY = 8;

const patternList = z.array(z.string().min(1));
const parameters = z.object({
  paths: patternList
    .min(1)
    .describe(
      "Required. Paths or glob patterns relative to the workspace root, e.g. ['src/**/*.ts'], ['README.md', 'docs/']. A directory means every file below it.",
    ),
  include: patternList
    .describe('Optional. More glob patterns to read, combined with `paths`.')
    .optional(),
  exclude: patternList
    .describe("Optional. Glob patterns of files to leave out, e.g. ['**/*.log', 'temp/'].")
    .optional(),
  recursive: z
    .boolean()
    .describe('Optional. Kept for compatibility: recursion follows `**` in the patterns.')
    .optional(),
  useDefaultExcludes: z
    .boolean()
    .describe(
      'Optional. Whether to leave out dependency and build directories, binary files and the like. Defaults to true.',
    )
    .optional(),
  file_filtering_options: z
    .object({
      respect_git_ignore: z.boolean().optional(),
      respect_gemini_ignore: z.boolean().optional(),
    })
    .describe('Optional: whether to respect .gitignore and .geminiignore (both default to true).')
    .optional(),
});
export type ReadManyFilesParams = z.infer<typeof parameters>;

export interface ReadManyFilesToolOptions {
  workspace: Workspace;
  /** Context file names (already in the model's context) excluded by default. */
  contextFileNames?: readonly string[];
  fileFiltering?: FileFilterOptions;
}

export function createReadManyFilesTool(
  options: ReadManyFilesToolOptions,
): Tool<ReadManyFilesParams> {
  const tool = defineTool({
    name: READ_MANY_FILES_TOOL_NAME,
    displayName: 'ReadManyFiles',
    description: `Reads content from multiple files specified by paths or glob patterns within the workspace. For text files, it concatenates their content into a single string, with a '--- {filePath} ---' separator before each file and '--- End of content ---' after the last. It can also read images (e.g., .png, .jpg) and PDF files when their names or extensions are explicitly included in the patterns. Use it to get an overview of several files at once (e.g., all TypeScript files in 'src'). Default excludes (dependency and build directories, binary files) apply unless 'useDefaultExcludes' is false; ignored files are left out.`,
    kind: 'read',
    parameters,
    invocation: (params) => readManyInvocation(params, options),
  });
  // The current Gemini CLI sends the patterns as `include` alone; they are our `paths` then.
  return { ...tool, build: (args) => tool.build(withPaths(args)) };
}

function withPaths(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const record = args as Record<string, unknown>;
  if ('paths' in record || !('include' in record)) return args;
  const { include, ...rest } = record;
  return { ...rest, paths: include };
}

function readManyInvocation(
  params: ReadManyFilesParams,
  options: ReadManyFilesToolOptions,
): Omit<ToolInvocation<ReadManyFilesParams>, 'params'> {
  const patterns = [...params.paths, ...(params.include ?? [])];
  const description = `Read files matching ${patterns.join(', ')}`;
  return {
    describe: () => description,
    locations: () => patterns,
    confirmationDetails: () =>
      Promise.resolve({ type: 'info', title: 'Confirm Read Many Files', prompt: description }),
    execute: (signal) => readMany(params, patterns, { ...options, signal }),
  };
}

interface Skipped {
  path: string;
  reason: string;
}

interface Candidate {
  /** The path as found (symlinks not resolved), for the separator. */
  absolutePath: string;
  root: string;
  /** Named literally by a pattern rather than found by a glob. */
  explicit: boolean;
}

interface ReadContext extends ReadManyFilesToolOptions {
  signal: AbortSignal;
}

async function readMany(
  params: ReadManyFilesParams,
  patterns: string[],
  context: ReadContext,
): Promise<{ llmContent: PartListUnion; returnDisplay: string }> {
  const { workspace } = context;
  const useDefaults = params.useDefaultExcludes ?? true;
  const excluded = exclusionMatcher(params.exclude ?? [], useDefaults, context.contextFileNames);
  const skipped: Skipped[] = [];
  const candidates = new Map<string, Candidate>();
  for (const pattern of patterns) {
    await collectCandidates(pattern, { ...context, useDefaults, candidates, skipped });
  }

  const defaults = context.fileFiltering ?? { respectGitIgnore: true, respectGeminiIgnore: true };
  const filter = workspace.fileFilter({
    respectGitIgnore:
      params.file_filtering_options?.respect_git_ignore ?? defaults.respectGitIgnore,
    respectGeminiIgnore:
      params.file_filtering_options?.respect_gemini_ignore ?? defaults.respectGeminiIgnore,
  });
  const toRead: { shown: string; absolutePath: string; realPath: string }[] = [];
  const seen = new Set<string>();
  let ignoredCount = 0;
  for (const candidate of [...candidates.values()].sort((a, b) =>
    a.absolutePath < b.absolutePath ? -1 : a.absolutePath > b.absolutePath ? 1 : 0,
  )) {
    const shown = workspace.displayPath(candidate.absolutePath);
    if (excluded(relativePosix(candidate.root, candidate.absolutePath))) {
      if (candidate.explicit) skipped.push({ path: shown, reason: 'matches an exclude pattern' });
      continue;
    }
    const resolved = workspace.resolve(candidate.absolutePath, { purpose: 'read' });
    if (!resolved.ok) {
      skipped.push({ path: shown, reason: resolved.error.message });
      continue;
    }
    if (ignoresAnyBelow(filter, workspace.root, [candidate.absolutePath, resolved.absolutePath])) {
      ignoredCount += 1;
      continue;
    }
    if (seen.has(resolved.absolutePath)) continue;
    seen.add(resolved.absolutePath);
    toRead.push({ shown, absolutePath: candidate.absolutePath, realPath: resolved.absolutePath });
  }
  if (ignoredCount > 0) {
    skipped.push({ path: `${ignoredCount} file(s)`, reason: 'ignored by project ignore files' });
  }

  const contents: (FileContent | Skipped)[] = [];
  for (let index = 0; index < toRead.length; index += READ_CONCURRENCY) {
    context.signal.throwIfAborted();
    const batch = toRead.slice(index, index + READ_CONCURRENCY);
    contents.push(...(await Promise.all(batch.map((file) => readOne(workspace, file, patterns)))));
  }
  const parts: (string | Part)[] = [];
  const processed: string[] = [];
  for (const content of contents) {
    if ('reason' in content) {
      skipped.push(content);
      continue;
    }
    parts.push(content.part);
    processed.push(content.shown);
  }
  parts.push(parts.length > 0 ? TERMINATOR : NOTHING_READ);
  return { llmContent: parts, returnDisplay: display(workspace.root, processed, skipped) };
}

async function collectCandidates(
  pattern: string,
  context: {
    workspace: Workspace;
    useDefaults: boolean;
    candidates: Map<string, Candidate>;
    skipped: Skipped[];
    signal: AbortSignal;
  },
): Promise<void> {
  const { workspace, candidates, skipped } = context;
  const normalized = pattern.replace(/\\/gu, '/');
  const lexical = path.resolve(workspace.root, normalized);
  const root = workspace.roots.find((candidate) => isInsideOrSame(lexical, candidate));
  if (root === undefined) {
    const refused = workspace.resolve(normalized, { purpose: 'read' });
    const reason = refused.ok ? 'outside the workspace' : refused.error.message;
    skipped.push({ path: pattern, reason });
    return;
  }
  const add = (absolutePath: string, explicit: boolean) => {
    if (!candidates.has(absolutePath))
      candidates.set(absolutePath, { absolutePath, root, explicit });
  };
  const walk = async (base: string, matches: (rootRelative: string) => boolean) => {
    const files = walkFiles(base, {
      signal: context.signal,
      skipDirectory: (relative) =>
        context.useDefaults &&
        relativePosix(root, path.join(base, relative))
          .split('/')
          .some((name) => DEFAULT_EXCLUDED_DIRECTORY_NAMES.has(name)),
    });
    for await (const file of files) {
      if (!matches(relativePosix(root, file.absolutePath))) continue;
      // A symlink to a directory is not a file to read (and is never walked into).
      if (file.isSymbolicLink && !(await stat(file.absolutePath).catch(() => null))?.isFile()) {
        continue;
      }
      add(file.absolutePath, false);
    }
  };

  const existing = await lstat(lexical).catch(() => null);
  if (existing) {
    // A symlink to a directory counts as that directory once the workspace check allows it.
    const resolved = workspace.resolve(lexical, { purpose: 'read' });
    const target = resolved.ok ? await stat(resolved.absolutePath).catch(() => null) : null;
    if (target?.isDirectory() && resolved.ok) await walk(resolved.absolutePath, () => true);
    else add(lexical, true);
    return;
  }
  // Not an existing path: a glob, or a name in another letter case (matching ignores case).
  const relative = relativePosix(root, lexical);
  const scan = picomatch.scan(relative);
  await walk(
    await existingAncestor(workspace, root, scan.isGlob ? scan.base : path.posix.dirname(relative)),
    picomatch(relative, { dot: true, nocase: true }),
  );
}

/**
 * The deepest existing directory on the way from `root` to `root/relative` that is reached
 * without a symlink, so the walk never starts outside the workspace.
 */
async function existingAncestor(
  workspace: Workspace,
  root: string,
  relative: string,
): Promise<string> {
  for (let dir = relative; dir !== '' && dir !== '.'; dir = path.posix.dirname(dir)) {
    const absolutePath = path.join(root, dir);
    const resolved = workspace.resolve(absolutePath, { purpose: 'read' });
    if (!resolved.ok || resolved.absolutePath !== absolutePath) continue;
    const stats = await stat(absolutePath).catch(() => null);
    if (stats?.isDirectory()) return absolutePath;
  }
  return root;
}

function exclusionMatcher(
  exclude: readonly string[],
  useDefaults: boolean,
  contextFileNames: readonly string[] = ['GEMINI.md'],
): (rootRelative: string) => boolean {
  const patterns = exclude.map((pattern) => {
    const normalized = pattern.replace(/\\/gu, '/').replace(/^\.\//u, '');
    return normalized.endsWith('/') ? `${normalized}**` : normalized;
  });
  if (useDefaults) {
    patterns.push(...DEFAULT_EXCLUDED_FILES, ...contextFileNames.map((name) => `**/${name}`));
  }
  const matcher =
    patterns.length === 0 ? () => false : picomatch(patterns, { dot: true, nocase: true });
  return (rootRelative) =>
    matcher(rootRelative) ||
    (useDefaults &&
      rootRelative
        .split('/')
        .slice(0, -1)
        .some((name) => DEFAULT_EXCLUDED_DIRECTORY_NAMES.has(name)));
}

interface FileContent {
  shown: string;
  part: string | Part;
}

/**
 * Whether a pattern asks for this media file: it mentions the extension (`*.png`), or its last
 * segment starts with the file's name (`logo.*`, `diagram.png`).
 */
function requestedExplicitly(filePath: string, patterns: readonly string[]): boolean {
  const extension = path.extname(filePath).toLowerCase();
  const stem = path.basename(filePath, path.extname(filePath)).toLowerCase();
  return patterns.some((pattern) => {
    const lower = pattern.toLowerCase();
    const last = lower.split(/[\\/]/u).pop() ?? '';
    return (
      (extension !== '' && lower.includes(extension)) ||
      last === stem ||
      last.startsWith(`${stem}.`)
    );
  });
}

async function readOne(
  workspace: Workspace,
  file: { shown: string; absolutePath: string; realPath: string },
  patterns: readonly string[],
): Promise<FileContent | Skipped> {
  const { shown } = file;
  // Opened and checked again: the file may have been swapped for a symlink since it was found.
  const opened = await workspace.openVerified(file.absolutePath, { purpose: 'read' });
  if (!opened.ok) {
    const reason =
      opened.reason === 'not_in_workspace' ? opened.message : `Read error: ${opened.message}`;
    return { path: shown, reason };
  }
  try {
    if (!opened.stats.isFile()) return { path: shown, reason: 'Read error: not a regular file' };
    const sizeMb = opened.stats.size / (1024 * 1024);
    if (sizeMb > MAX_FILE_SIZE_MB) {
      const detail = `${file.realPath} (${sizeMb.toFixed(2)}MB)`;
      return {
        path: shown,
        reason: `Read error: File size exceeds the ${MAX_FILE_SIZE_MB}MB limit: ${detail}`,
      };
    }
    const bytes = await opened.handle.readFile();
    const type = detectFileType(file.realPath, bytes);
    const text = (content: string): FileContent => ({
      shown,
      part: `${SEPARATOR(file.absolutePath)}\n\n${content}\n\n`,
    });
    switch (type.kind) {
      case 'media': {
        if (!requestedExplicitly(file.absolutePath, patterns)) {
          const kinds =
            type.label === 'image' || type.label === 'pdf' ? 'image/pdf' : 'audio/video';
          return {
            path: shown,
            reason: `asset file (${kinds}) was not explicitly requested by name or extension`,
          };
        }
        const data = bytes.toString('base64');
        return { shown, part: { inlineData: { mimeType: type.mimeType, data } } };
      }
      case 'unsupported_audio':
        return { path: shown, reason: 'Read error: Unsupported audio file format' };
      case 'binary':
        return text(`Cannot display content of binary file: ${shown}`);
      case 'svg':
        return bytes.length > SVG_MAX_BYTES
          ? text(`Cannot display content of SVG file larger than 1MB: ${shown}`)
          : text(decodeText(bytes));
      case 'text':
        return text(truncated(decodeText(bytes)));
    }
  } catch (error) {
    return { path: shown, reason: `Read error: ${errorMessage(error)}` };
  } finally {
    await opened.handle.close();
  }
}

/** The first lines of a text, long lines cut, as `read_file` would show them by default. */
function truncated(content: string): string {
  const lines = content.split(/\r?\n/u);
  let cut = lines.length > DEFAULT_MAX_LINES;
  const shown = lines.slice(0, DEFAULT_MAX_LINES).map((line) => {
    if (line.length <= MAX_LINE_LENGTH) return line;
    cut = true;
    return `${line.slice(0, MAX_LINE_LENGTH)}... [truncated]`;
  });
  return `${cut ? TRUNCATION_WARNING : ''}${shown.join('\n')}`;
}

function display(root: string, processed: readonly string[], skipped: readonly Skipped[]): string {
  let text = `### ReadManyFiles Result (Target Dir: \`${root}\`)\n\n`;
  if (processed.length > 0) {
    text += `Successfully read and concatenated content from **${processed.length} file(s)**.\n`;
    text +=
      processed.length <= 10
        ? '\n**Processed Files:**\n'
        : '\n**Processed Files (first 10 shown):**\n';
    for (const file of processed.slice(0, 10)) text += `- \`${file}\`\n`;
    if (processed.length > 10) text += `- ...and ${processed.length - 10} more.\n`;
  }
  if (skipped.length > 0) {
    if (processed.length === 0)
      text += 'No files were read and concatenated based on the criteria.\n';
    text +=
      skipped.length <= 5
        ? `\n**Skipped ${skipped.length} item(s):**\n`
        : `\n**Skipped ${skipped.length} item(s) (first 5 shown):**\n`;
    for (const item of skipped.slice(0, 5)) text += `- \`${item.path}\` (Reason: ${item.reason})\n`;
    if (skipped.length > 5) text += `- ...and ${skipped.length - 5} more.\n`;
  } else if (processed.length === 0) {
    text += 'No files were read and concatenated based on the criteria.\n';
  }
  return text.trim();
}
