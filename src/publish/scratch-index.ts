/**
 * A throwaway index file for one job (reading the change, building a commit's tree), so the
 * workspace's own index — the user's staging — is never read or written by our commands.
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { scratchRoot } from '../platform/scratch-root.js';

export interface ScratchIndex {
  /** Pass to every git command that should use the throwaway index. */
  env: { GIT_INDEX_FILE: string };
  /** A private directory for other temporary files of the job. */
  dir: string;
}

/**
 * Runs `job` with a fresh index file that is removed afterwards, whatever happens: also when the
 * process exits in the middle of it (a second Ctrl-C ends the CLI at once, with `process.exit`).
 */
export async function withScratchIndex<T>(job: (scratch: ScratchIndex) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(scratchRoot(), 'gemini-agent-index-'));
  removedOnExit(dir);
  try {
    return await job({ env: { GIT_INDEX_FILE: path.join(dir, 'index') }, dir });
  } finally {
    open.delete(dir);
    await rm(dir, { recursive: true, force: true });
  }
}

/** The scratch folders in use, removed by one `exit` listener if the process ends first. */
const open = new Set<string>();
let listening = false;

function removedOnExit(dir: string): void {
  open.add(dir);
  if (listening) return;
  listening = true;
  process.once('exit', () => {
    for (const left of open) rmSync(left, { recursive: true, force: true });
  });
}
