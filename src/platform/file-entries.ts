/**
 * Whether a directory entry exists, for the checks that must see a link itself: a dangling
 * symbolic link is an entry (it can be followed once its target appears), so `lstat`, not `stat`
 * or `access`, which follow it.
 */
import { lstat } from 'node:fs/promises';

/** True when something (a file, a folder, a link, dangling or not) is at `file`. */
export async function entryExists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}
