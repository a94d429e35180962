/**
 * `telemetry.outfile`, checked before any signal is made: its folder made and the file opened
 * for appending once, so a path that cannot be written costs one warning that names it and says
 * why, and telemetry stays off, rather than a failure in the middle of the run or at its end.
 */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { DirectoryError, makeDirectory } from '../platform/make-directory.js';
import { errorCode } from '../platform/errors.js';

/** Undefined when `file` can be appended to; else why not, in words a person can act on. */
export async function outfileProblem(file: string): Promise<string | undefined> {
  try {
    await makeDirectory(path.dirname(file));
    await appendFile(file, '');
    return undefined;
  } catch (error) {
    return error instanceof DirectoryError ? error.message : writeProblem(error);
  }
}

function writeProblem(error: unknown): string {
  const code = errorCode(error);
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return `no permission to write it (${code})`;
    case 'EISDIR':
      return 'it is a folder';
    case 'EROFS':
      return 'it is on a read-only file system';
    case 'ENOSPC':
    case 'EDQUOT':
      return `no space left (${code})`;
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
