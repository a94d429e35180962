/**
 * The refusals the workspace boundary gives. Every one starts like the Gemini CLI's
 * "Path not in workspace" message, so the model recognises them, and then says why.
 */
import { quotePath } from './path-spelling.js';

export function refusalMessage(attempted: string, reason: string): string {
  return `Path not in workspace: Attempted path "${quotePath(attempted)}" ${reason}`;
}

export const REFUSAL_REASONS = {
  nulByte: 'is not a valid path: it contains a NUL byte.',
  tooLong:
    'is too long: the file system allows at most 4095 bytes in a path and 255 bytes in each name.',
  /**
   * Another name of the same file may lie anywhere on the same file system, outside the
   * workspace included, and nothing tells where: writing would change that file too, and reading
   * would show it. Refused for reads as well, because a link planted by one allowed command
   * (`ln`, `cp -l`) must not turn `read_file` into a reader of any file the runner can see.
   * Legitimate multi-name files in a checkout live in package-manager stores and git object
   * stores, which are ignored directories `read_file` refuses anyway, so the cost is small.
   */
  hardLink:
    'is a file with more than one name (a hard link), so it may also lie outside the workspace; tools may not use it.',
  specialFile: 'is a FIFO, socket or device, which tools may not write to.',
  gitDirectory: 'is inside a .git directory, which tools may not write to.',
  changed:
    'changed while it was being opened (a file or directory on the way was replaced), so it was not used.',
} as const;
