/**
 * `--repo`: every command that takes it refuses a folder that does not exist the same way, as a
 * usage error (exit 42), instead of answering as if the folder were empty.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../platform/errors.js';

export async function requireRepoDirectory(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new UsageError(`--repo expects an existing directory, got "${path.resolve(dir)}".`);
  }
}
