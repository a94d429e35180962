/**
 * Directory entries seen as they are, for the checks that must see a link itself: a dangling
 * symbolic link is an entry (it can be followed once its target appears), so `lstat`, not `stat`
 * or `access`, which follow it; and a file trusted code reads or uploads is read only when it is
 * a regular file itself, never through a link someone planted in its place.
 */
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';

/** True when something (a file, a folder, a link, dangling or not) is at `file`. */
export async function entryExists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}

/** True when `file` is a regular file itself (not a link to one, not a folder). */
export async function isRegularFile(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The text of `file` when it is a regular file, opened without following a link at its name
 * (`O_NOFOLLOW`); undefined when it is absent, a link or anything else.
 */
export async function readRegularFile(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    if (!(await handle.stat()).isFile()) return undefined;
    return await handle.readFile('utf8');
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}
