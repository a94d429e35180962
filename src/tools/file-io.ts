/**
 * Reading a text file the way an edit needs it and writing it back the way it was: the encoding
 * and byte-order mark kept, CRLF line endings restored, the permission bits kept, and every write
 * atomic (a temporary file in the same directory renamed over the target), so a crash or a full
 * disk never leaves half a file behind.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { errorCode, errorMessage } from '../platform/errors.js';
import type { ToolErrorType } from './tool-types.js';
import type { Workspace } from './workspace.js';

/** What reading and writing need of the workspace: its checked open, and its record of writes. */
export type FileOpener = Pick<Workspace, 'openVerified' | 'recordWritten'>;

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'utf32le' | 'utf32be';

/** How a file's text is stored, so a rewrite keeps everything the edit did not mean to change. */
export interface TextFormat {
  encoding: TextEncoding;
  /** Whether the file starts with a byte-order mark (always true for UTF-16 and UTF-32 here). */
  bom: boolean;
  /**
   * `'\r\n'` only when every line break in the file is CRLF: the content is then handled with LF
   * and CRLF is restored on write. Files with mixed breaks keep their bytes as they are.
   */
  lineEnding: '\n' | '\r\n';
}

/** New files: UTF-8 without a byte-order mark, the content written exactly as given. */
export const NEW_FILE_FORMAT: TextFormat = { encoding: 'utf8', bom: false, lineEnding: '\n' };

/** Files larger than this are not read for editing (the same limit `read_file` applies). */
export const MAX_EDITABLE_FILE_BYTES = 20 * 1024 * 1024;

export type ExistingFile =
  | { kind: 'missing' }
  | { kind: 'directory' }
  /** A FIFO, socket or device: reading it could block forever or never end. */
  | { kind: 'not_regular' }
  /** The workspace boundary refused the path (it changed since it was checked, for example). */
  | { kind: 'refused'; message: string }
  | { kind: 'too_large'; size: number }
  | {
      kind: 'file';
      /** The decoded text, with LF line breaks when `format.lineEnding` is CRLF. */
      content: string;
      format: TextFormat;
      /** Permission bits, kept when the file is rewritten. */
      mode: number;
      /** False when the bytes are not valid text in `format` (a binary file, Latin-1 text). */
      lossless: boolean;
    };

/** Thrown when the file exists but could not be opened or read for another reason. */
export class FileReadError extends Error {
  override readonly name = 'FileReadError';
}

/**
 * Reads the file at `absolutePath` (a path `Workspace.resolve` returned for writing) for editing,
 * through the workspace's checked open, so the text shown in a diff is the file that was checked.
 */
export async function readExistingFile(
  workspace: FileOpener,
  absolutePath: string,
  options: { maxBytes?: number } = {},
): Promise<ExistingFile> {
  const maxBytes = options.maxBytes ?? MAX_EDITABLE_FILE_BYTES;
  const opened = await workspace.openVerified(absolutePath, { purpose: 'write', flags: 'r' });
  if (!opened.ok) {
    switch (opened.reason) {
      case 'not_found':
        return { kind: 'missing' };
      case 'is_directory':
        return { kind: 'directory' };
      case 'not_regular_file':
        return { kind: 'not_regular' };
      case 'not_in_workspace':
        return { kind: 'refused', message: opened.message };
      case 'failed':
        throw new FileReadError(opened.message);
    }
  }
  const { handle, stats } = opened;
  try {
    if (stats.isDirectory()) return { kind: 'directory' };
    if (!stats.isFile()) return { kind: 'not_regular' };
    if (stats.size > maxBytes) return { kind: 'too_large', size: stats.size };
    const decoded = decodeText(await handle.readFile());
    const lineEnding = detectLineEnding(decoded.text);
    return {
      kind: 'file',
      content: lineEnding === '\r\n' ? decoded.text.replace(/\r\n/g, '\n') : decoded.text,
      format: { encoding: decoded.encoding, bom: decoded.bom, lineEnding },
      mode: stats.mode & 0o777,
      lossless: decoded.lossless,
    };
  } finally {
    await handle.close();
  }
}

/** CRLF when the text has line breaks and all of them are CRLF. */
export function detectLineEnding(text: string): '\n' | '\r\n' {
  const breaks = countOf(text, '\n');
  return breaks > 0 && countOf(text, '\r\n') === breaks ? '\r\n' : '\n';
}

function countOf(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    count += 1;
  }
  return count;
}

interface DecodedText {
  text: string;
  encoding: TextEncoding;
  bom: boolean;
  /** Whether encoding `text` again gives back exactly the bytes read. */
  lossless: boolean;
}

/** UTF-8 unless a byte-order mark names another Unicode encoding. */
export function decodeText(bytes: Buffer): DecodedText {
  const [b0, b1, b2, b3] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) return decodeUtf32(bytes, true);
  if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return decodeUtf32(bytes, false);
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
    return { ...strictDecode(bytes.subarray(3), 'utf-8'), encoding: 'utf8', bom: true };
  }
  if (b0 === 0xff && b1 === 0xfe) {
    return { ...strictDecode(bytes.subarray(2), 'utf-16le'), encoding: 'utf16le', bom: true };
  }
  if (b0 === 0xfe && b1 === 0xff) {
    const body = bytes.subarray(2);
    const even = Buffer.from(body.subarray(0, body.length - (body.length % 2))).swap16();
    const decoded = strictDecode(even, 'utf-16le');
    return {
      text: decoded.text,
      lossless: decoded.lossless && body.length % 2 === 0,
      encoding: 'utf16be',
      bom: true,
    };
  }
  return { ...strictDecode(bytes, 'utf-8'), encoding: 'utf8', bom: false };
}

function strictDecode(bytes: Uint8Array, label: 'utf-8' | 'utf-16le') {
  try {
    const text = new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
    return { text, lossless: true };
  } catch {
    return { text: new TextDecoder(label, { ignoreBOM: true }).decode(bytes), lossless: false };
  }
}

function decodeUtf32(bytes: Buffer, littleEndian: boolean): DecodedText {
  const body = bytes.subarray(4);
  let text = '';
  let lossless = body.length % 4 === 0;
  for (let i = 0; i + 4 <= body.length; i += 4) {
    const code = littleEndian ? body.readUInt32LE(i) : body.readUInt32BE(i);
    const valid = code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    if (!valid) lossless = false;
    text += valid ? String.fromCodePoint(code) : '\uFFFD';
  }
  return { text, encoding: littleEndian ? 'utf32le' : 'utf32be', bom: true, lossless };
}

/** The bytes to store for `text` in `format` (CRLF restored, byte-order mark put back). */
export function encodeText(text: string, format: TextFormat): Buffer {
  const withBreaks = format.lineEnding === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;
  switch (format.encoding) {
    case 'utf8':
      return Buffer.concat([
        Buffer.from(format.bom ? [0xef, 0xbb, 0xbf] : []),
        Buffer.from(withBreaks, 'utf8'),
      ]);
    case 'utf16le':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(withBreaks, 'utf16le')]);
    case 'utf16be':
      return Buffer.concat([
        Buffer.from([0xfe, 0xff]),
        Buffer.from(withBreaks, 'utf16le').swap16(),
      ]);
    case 'utf32le':
    case 'utf32be': {
      const codePoints = Array.from(withBreaks, (char) => char.codePointAt(0) ?? 0xfffd);
      const out = Buffer.alloc(4 + codePoints.length * 4);
      const littleEndian = format.encoding === 'utf32le';
      const write = (value: number, at: number) =>
        littleEndian ? out.writeUInt32LE(value, at) : out.writeUInt32BE(value, at);
      write(0xfeff, 0);
      codePoints.forEach((code, index) => write(code, 4 + index * 4));
      return out;
    }
  }
}

/** Thrown when a directory on the way to the file turned out to be somewhere else. */
export class PathChangedError extends Error {
  override readonly name = 'PathChangedError';
}

/**
 * Creates the directories above `absolutePath` one at a time. The path was resolved without
 * symlinks, so every directory on the way must be a real directory: a symlink found there now
 * appeared since the check, and nothing is created or written through it (`mkdir -p` would
 * follow it and create directories wherever it leads).
 */
export async function ensureParentDirectory(absolutePath: string): Promise<void> {
  const directory = path.dirname(absolutePath);
  const { root } = path.parse(directory);
  let current = root;
  for (const part of directory.slice(root.length).split(path.sep)) {
    if (part === '') continue;
    current = path.join(current, part);
    let stats = await lstat(current).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    });
    if (stats === null) {
      await mkdir(current).catch((error: unknown) => {
        if (errorCode(error) !== 'EEXIST') throw error;
      });
      stats = await lstat(current);
    }
    if (stats.isSymbolicLink()) {
      throw new PathChangedError(
        `The directory ${current} changed while the file was being written (it is now a symlink); nothing was written.`,
      );
    }
    if (!stats.isDirectory()) {
      throw Object.assign(new Error(`Not a directory: ${current}`), { code: 'ENOTDIR' });
    }
  }
}

/** Temporary names stay well under the usual 255-byte limit on a file name. */
const MAX_TEMP_BASE = 100;

/** Writes the bytes of one file; tools take one of these so tests can make writes fail. */
export type FileWriter = (
  absolutePath: string,
  data: Uint8Array,
  options: { mode?: number },
) => Promise<void>;

/**
 * Writes by creating a new temporary file next to the target (through the workspace's checked
 * open, so it is created where the check says), flushing it, and renaming it over the target. The
 * rename replaces the directory entry, so a symlink or hard link that appeared at the target is
 * replaced rather than written through. `mode` sets the permission bits exactly (the old file's);
 * without it the new file gets the usual default. The file is recorded as written by the Action
 * (`Workspace.recordWritten`).
 */
export function atomicWriter(workspace: FileOpener): FileWriter {
  return async (absolutePath, data, options) => {
    const base = path.basename(absolutePath).slice(0, MAX_TEMP_BASE);
    const temporary = path.join(
      path.dirname(absolutePath),
      `.${base}.${randomBytes(6).toString('hex')}.tmp`,
    );
    const opened = await workspace.openVerified(temporary, {
      purpose: 'write',
      flags: 'wx',
      mode: options.mode ?? 0o666,
    });
    if (!opened.ok) {
      if (opened.reason === 'not_in_workspace') throw new PathChangedError(opened.message);
      throw new Error(opened.message);
    }
    const { handle } = opened;
    try {
      try {
        await handle.writeFile(data);
        // The umask applied at creation; an existing file's bits are restored exactly.
        if (options.mode !== undefined) await handle.chmod(options.mode);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, absolutePath);
      workspace.recordWritten(absolutePath);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw error;
    }
  };
}

export interface FileErrorDescription {
  message: string;
  type: ToolErrorType;
}

/** The message and error type the model reads when writing `absolutePath` failed. */
export function describeWriteError(error: unknown, absolutePath: string): FileErrorDescription {
  const code = errorCode(error);
  if (error instanceof PathChangedError) {
    return { message: error.message, type: 'path_not_in_workspace' };
  }
  switch (code) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return {
        message: `Permission denied writing to file: ${absolutePath} (${code})`,
        type: 'permission_denied',
      };
    case 'ENOSPC':
    case 'EDQUOT':
      return {
        message: `No space left on device: ${absolutePath} (${code})`,
        type: 'no_space_left',
      };
    case 'EISDIR':
      return {
        message: `Target is a directory, not a file: ${absolutePath} (${code})`,
        type: 'target_is_directory',
      };
    case undefined:
      return {
        message: `Error writing to file: ${errorMessage(error)}`,
        type: 'file_write_failure',
      };
    default:
      return {
        message: `Error writing to file '${absolutePath}': ${errorMessage(error)} (${code})`,
        type: 'file_write_failure',
      };
  }
}
