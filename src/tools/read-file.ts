/**
 * `read_file`: text with line paging, media as inline data, everything else refused politely.
 * Strings the model reads follow the Gemini CLI, so prompts written for it keep working.
 */
import path from 'node:path';
import { z } from 'zod';
import { errorMessage } from '../platform/errors.js';
import { defineTool } from './define-tool.js';
import { PARAMETER_ALIASES } from './parameter-aliases.js';
import type { Tool, ToolResult } from './tool-types.js';
import type { FileFilterOptions, VerifiedOpenFailure, Workspace } from './workspace.js';

export const READ_FILE_TOOL_NAME = 'read_file';
export const DEFAULT_MAX_LINES = 2000;
export const MAX_LINE_LENGTH = 2000;
export const MAX_FILE_SIZE_MB = 20;
const SVG_MAX_BYTES = 1024 * 1024;

const parameters = z.object({
  absolute_path: z
    .string()
    .describe(
      "The path of the file to read: absolute (e.g. '/home/user/project/file.txt') or relative to the workspace root.",
    ),
  offset: z
    .number()
    .describe(
      "Optional: for text files, the 0-based line number to start reading from. Use with 'limit' to page through large files.",
    )
    .optional(),
  limit: z
    .number()
    .describe(
      `Optional: for text files, the maximum number of lines to read (default ${DEFAULT_MAX_LINES}). Use with 'offset' to page through large files.`,
    )
    .optional(),
});
export type ReadFileParams = z.infer<typeof parameters>;

export interface ReadFileToolOptions {
  workspace: Workspace;
  /** Files hidden by these rules cannot be read (as in the Gemini CLI); default: both respected. */
  fileFiltering?: FileFilterOptions;
}

export function createReadFileTool(options: ReadFileToolOptions): Tool<ReadFileParams> {
  const { workspace } = options;
  const filtering = options.fileFiltering ?? { respectGitIgnore: true, respectGeminiIgnore: true };

  return defineTool({
    name: READ_FILE_TOOL_NAME,
    displayName: 'ReadFile',
    description: `Reads and returns the content of a specified file. If the file is large, the content will be truncated; the response then says so and tells how to read more with the 'offset' and 'limit' parameters. Handles text, images (PNG, JPG, GIF, WEBP, SVG, BMP), audio (MP3, WAV, AIFF, AAC, OGG, FLAC), video and PDF files. For text files, it can read specific line ranges.`,
    kind: 'read',
    parameters,
    parameterAliases: PARAMETER_ALIASES.read_file,
    validate(params) {
      if (params.absolute_path.trim() === '') {
        return {
          message: "The 'absolute_path' parameter must be non-empty.",
          type: 'invalid_tool_params',
        };
      }
      const resolved = workspace.resolve(params.absolute_path, { purpose: 'read' });
      if (!resolved.ok) return resolved.error;
      if (params.offset !== undefined && (params.offset < 0 || !Number.isInteger(params.offset))) {
        return { message: 'Offset must be a non-negative integer', type: 'invalid_tool_params' };
      }
      if (params.limit !== undefined && (params.limit <= 0 || !Number.isInteger(params.limit))) {
        return { message: 'Limit must be a positive integer', type: 'invalid_tool_params' };
      }
      const filter = workspace.fileFilter(filtering);
      if (resolved.root === workspace.root && filter.isIgnored(resolved.relativePath)) {
        return {
          message: `File path '${resolved.absolutePath}' is ignored by configured ignore patterns.`,
          type: 'invalid_tool_params',
        };
      }
      return null;
    },
    invocation(params) {
      const resolved = workspace.resolve(params.absolute_path, { purpose: 'read' });
      const shown = resolved.ok
        ? workspace.displayPath(resolved.absolutePath)
        : params.absolute_path;
      const description = `Read ${shown}${describeRange(params)}`;
      return {
        describe: () => description,
        locations: () => [resolved.ok ? resolved.relativePath : params.absolute_path],
        confirmationDetails: () =>
          Promise.resolve({ type: 'info', title: 'Confirm Read File', prompt: description }),
        execute: () => readForModel(workspace, params),
      };
    },
  });
}

function describeRange({ offset, limit }: ReadFileParams): string {
  if (offset === undefined && limit === undefined) return '';
  const first = (offset ?? 0) + 1;
  if (limit === undefined) return ` (from line ${first})`;
  return ` (lines ${first}-${first + limit - 1})`;
}

function failure(
  llmContent: string,
  returnDisplay: string,
  message: string,
  type: NonNullable<ToolResult['error']>['type'],
): ToolResult {
  return { llmContent, returnDisplay, error: { message, type } };
}

async function readForModel(workspace: Workspace, params: ReadFileParams): Promise<ToolResult> {
  // Checked again, on the open handle: the file system may have changed since validation.
  const opened = await workspace.openVerified(params.absolute_path, { purpose: 'read' });
  if (!opened.ok) return openFailure(workspace, opened);
  const { handle, stats, absolutePath: filePath } = opened;
  const shown = workspace.displayPath(filePath);
  try {
    if (stats.isDirectory()) return directoryFailure(filePath);
    const sizeMb = stats.size / (1024 * 1024);
    if (sizeMb > MAX_FILE_SIZE_MB) {
      const limitText = `File size exceeds the ${MAX_FILE_SIZE_MB}MB limit`;
      return failure(
        `${limitText}.`,
        `${limitText}.`,
        `${limitText}: ${filePath} (${sizeMb.toFixed(2)}MB)`,
        'file_too_large',
      );
    }
    const bytes = await handle.readFile();
    return contentResult(bytes, { filePath, shown, params });
  } catch (error) {
    return readFailure(shown, filePath, errorMessage(error));
  } finally {
    await handle.close();
  }
}

function openFailure(workspace: Workspace, opened: VerifiedOpenFailure): ToolResult {
  if (opened.reason === 'not_in_workspace') {
    return failure(
      opened.message,
      'Path not in workspace.',
      opened.message,
      'path_not_in_workspace',
    );
  }
  const filePath = opened.absolutePath;
  switch (opened.reason) {
    case 'not_found':
      return failure(
        'Could not read file because no file was found at the specified path.',
        'File not found.',
        `File not found: ${filePath}`,
        'file_not_found',
      );
    case 'is_directory':
      return directoryFailure(filePath);
    case 'not_regular_file':
      // FIFOs and devices would block or never end.
      return failure(
        'Could not read file because the provided path is not a regular file.',
        'Path is not a regular file.',
        `Path is not a regular file: ${filePath}`,
        'read_content_failure',
      );
    case 'failed':
      return readFailure(workspace.displayPath(filePath), filePath, opened.message);
  }
}

function directoryFailure(filePath: string): ToolResult {
  return failure(
    'Could not read file because the provided path is a directory, not a file.',
    'Path is a directory.',
    `Path is a directory, not a file: ${filePath}`,
    'target_is_directory',
  );
}

function readFailure(shown: string, filePath: string, message: string): ToolResult {
  return failure(
    `Error reading file ${shown}: ${message}`,
    `Error reading file ${shown}: ${message}`,
    `Error reading file ${filePath}: ${message}`,
    'read_content_failure',
  );
}

interface FileContext {
  filePath: string;
  shown: string;
  params: ReadFileParams;
}

function contentResult(bytes: Buffer, context: FileContext): ToolResult {
  const { filePath, shown } = context;
  const type = detectFileType(filePath, bytes);
  switch (type.kind) {
    case 'binary':
      return {
        llmContent: `Cannot display content of binary file: ${shown}`,
        returnDisplay: `Skipped binary file: ${shown}`,
      };
    case 'svg':
      if (bytes.length > SVG_MAX_BYTES) {
        return {
          llmContent: `Cannot display content of SVG file larger than 1MB: ${shown}`,
          returnDisplay: `Skipped large SVG file (>1MB): ${shown}`,
        };
      }
      return { llmContent: decodeText(bytes), returnDisplay: `Read SVG as text: ${shown}` };
    case 'unsupported_audio': {
      const supported = 'Supported audio formats are MP3, WAV, AIFF, AAC, OGG, and FLAC.';
      return failure(
        `Could not read audio file because its format is not supported. ${supported}`,
        `Unsupported audio file format: ${shown}`,
        `Unsupported audio file format for ${filePath}. ${supported}`,
        'read_content_failure',
      );
    }
    case 'media':
      return {
        llmContent: { inlineData: { mimeType: type.mimeType, data: bytes.toString('base64') } },
        returnDisplay: `Read ${type.label} file: ${shown}`,
      };
    case 'text':
      return textResult(decodeText(bytes), context);
  }
}

function textResult(content: string, { shown, params }: FileContext): ToolResult {
  const lines = content.split(/\r?\n/);
  const total = lines.length;
  const start = Math.min(params.offset ?? 0, total);
  const end = Math.min(start + (params.limit ?? DEFAULT_MAX_LINES), total);
  let shortened = false;
  const selected: string[] = [];
  for (const line of lines.slice(start, end)) {
    if (line.length <= MAX_LINE_LENGTH) {
      selected.push(line);
      continue;
    }
    shortened = true;
    selected.push(`${line.slice(0, MAX_LINE_LENGTH)}... [truncated]`);
  }
  const rangeCut = start > 0 || end < total;
  const body = selected.join('\n');
  const note = shortened ? ' (some lines were shortened)' : '';
  if (!rangeCut && !shortened) {
    return { llmContent: body, returnDisplay: `Read all ${total} lines from ${shown}` };
  }
  const returnDisplay = rangeCut
    ? `Read lines ${start + 1}-${end} of ${total} from ${shown}${note}`
    : `Read all ${total} lines from ${shown}${note}`;
  const llmContent = `
IMPORTANT: The file content has been truncated.
Status: Showing lines ${start + 1}-${end} of ${total} total lines.
Action: To read more of the file, you can use the 'offset' and 'limit' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use offset: ${end}.

--- FILE CONTENT (truncated) ---
${body}`;
  return { llmContent, returnDisplay };
}

export type FileType =
  | { kind: 'text' | 'svg' | 'binary' | 'unsupported_audio' }
  | { kind: 'media'; mimeType: string; label: 'image' | 'pdf' | 'audio' | 'video' };

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/vnd.microsoft.icon',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
  '.avif': 'image/avif',
};
const AUDIO_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.aiff': 'audio/aiff',
  '.aif': 'audio/aiff',
  '.aac': 'audio/aac',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
};
/** Audio formats the model cannot take. */
const OTHER_AUDIO = new Set(['.m4a', '.mid', '.midi', '.opus', '.weba', '.wma']);
const VIDEO_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mpeg': 'video/mpeg',
  '.mpg': 'video/mpeg',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.3gp': 'video/3gpp',
  '.avi': 'video/x-msvideo',
  '.flv': 'video/x-flv',
  '.wmv': 'video/x-ms-wmv',
  '.mkv': 'video/x-matroska',
};
/** Known binary formats, refused without looking at their bytes. */
const BINARY_EXTENSIONS = new Set(
  (
    '.7z .a .bin .bz2 .class .dat .dll .doc .docx .dylib .exe .gz .jar .lib .o .obj .odp .ods ' +
    '.odt .pak .ppt .pptx .pyc .pyo .rar .rpa .so .tar .war .wasm .xls .xlsx .zip'
  ).split(' '),
);

export function detectFileType(filePath: string, bytes: Buffer): FileType {
  const ext = path.extname(filePath).toLowerCase();
  if (ext === '.svg') return { kind: 'svg' };
  const image = IMAGE_TYPES[ext];
  if (image) return { kind: 'media', mimeType: image, label: 'image' };
  if (ext === '.pdf') return { kind: 'media', mimeType: 'application/pdf', label: 'pdf' };
  const audio = AUDIO_TYPES[ext];
  const video = VIDEO_TYPES[ext];
  if (audio || video || OTHER_AUDIO.has(ext)) {
    // A text file with a media extension (a playlist, a transcript) is still read as text.
    if (!looksBinary(bytes)) return { kind: 'text' };
    if (audio) return { kind: 'media', mimeType: audio, label: 'audio' };
    if (video) return { kind: 'media', mimeType: video, label: 'video' };
    return { kind: 'unsupported_audio' };
  }
  if (BINARY_EXTENSIONS.has(ext) || looksBinary(bytes)) return { kind: 'binary' };
  return { kind: 'text' };
}

const SNIFF_BYTES = 512;

/**
 * The usual heuristic over the first 512 bytes: a NUL byte, or more than 10% of bytes that are
 * neither printable ASCII, common control characters nor valid UTF-8 sequences, means binary.
 */
export function looksBinary(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  if (bomOf(bytes)) return false;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return true;
  const scan = Math.min(bytes.length, SNIFF_BYTES);
  let suspicious = 0;
  for (let i = 0; i < scan; i += 1) {
    const byte = bytes[i] ?? 0;
    if (byte === 0) return true;
    const plain = (byte >= 7 && byte <= 14) || (byte >= 32 && byte <= 127);
    if (plain) continue;
    const sequence = utf8SequenceLength(bytes, i);
    if (sequence > 0) {
      i += sequence - 1;
      continue;
    }
    suspicious += 1;
    if (i >= 32 && (suspicious * 100) / scan > 10) return true;
  }
  return (suspicious * 100) / scan > 10;
}

/** The length of a valid multi-byte UTF-8 sequence starting at `index`, or 0. */
function utf8SequenceLength(bytes: Buffer, index: number): number {
  const lead = bytes[index] ?? 0;
  const length = lead >= 0xc0 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : 0;
  const total = lead >= 0xf0 && lead <= 0xf7 ? 4 : length;
  if (total === 0 || index + total > bytes.length) return 0;
  for (let k = 1; k < total; k += 1) {
    const next = bytes[index + k] ?? 0;
    if (next < 0x80 || next > 0xbf) return 0;
  }
  return total;
}

type Bom = { encoding: 'utf8' | 'utf16le' | 'utf16be' | 'utf32le' | 'utf32be'; length: number };

function bomOf(bytes: Buffer): Bom | null {
  const [b0, b1, b2, b3] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) return { encoding: 'utf32le', length: 4 };
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return { encoding: 'utf32be', length: 4 };
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { encoding: 'utf8', length: 3 };
  if (b0 === 0xff && b1 === 0xfe) return { encoding: 'utf16le', length: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { encoding: 'utf16be', length: 2 };
  return null;
}

/** UTF-8 unless a byte-order mark says otherwise; the mark itself is dropped. */
export function decodeText(bytes: Buffer): string {
  const bom = bomOf(bytes);
  if (!bom) return bytes.toString('utf8');
  const body = bytes.subarray(bom.length);
  switch (bom.encoding) {
    case 'utf8':
      return body.toString('utf8');
    case 'utf16le':
      return body.toString('utf16le');
    case 'utf16be': {
      const swapped = Buffer.from(body.subarray(0, body.length - (body.length % 2)));
      return swapped.swap16().toString('utf16le');
    }
    case 'utf32le':
    case 'utf32be': {
      const littleEndian = bom.encoding === 'utf32le';
      let text = '';
      for (let i = 0; i + 4 <= body.length; i += 4) {
        const code = littleEndian ? body.readUInt32LE(i) : body.readUInt32BE(i);
        const valid = code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
        text += valid ? String.fromCodePoint(code) : '\uFFFD';
      }
      return text;
    }
  }
}
