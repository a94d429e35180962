/**
 * The Action's post step: whatever the main step could not clean up — because it crashed, was
 * cancelled or timed out — is stopped here. The main step records the process groups its tools
 * started (`core.saveState(PROCESS_GROUPS_STATE, encodeProcessGroups(ids))`); the post step reads
 * them back and stops any that still run, so no agent-started process outlives the job's step.
 */
import type { Logger } from '../platform/logger.js';
import { killProcessGroup, listProcessGroup } from '../platform/process-group.js';

/** The state key under which the main step records its tools' process groups. */
export const PROCESS_GROUPS_STATE = 'process_groups';

/** How long leftover processes get to exit after SIGTERM before SIGKILL. */
const GRACE_MS = 5000;

export function encodeProcessGroups(pgids: readonly number[]): string {
  return JSON.stringify([...new Set(pgids)]);
}

/** The recorded group ids; `undefined` when the state is not a list of group ids. */
export function decodeProcessGroups(text: string): number[] | undefined {
  if (text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  // Group 0 means "my own group" and 1 is init's; negative ids address groups differently.
  const valid = parsed.filter(
    (value): value is number =>
      typeof value === 'number' && Number.isSafeInteger(value) && value > 1,
  );
  return valid.length === parsed.length ? valid : undefined;
}

export interface CleanupOptions {
  getState: (name: string) => string;
  logger: Logger;
  /** The live members of a group; the real process table by default. */
  listGroup?: (pgid: number) => Promise<number[]>;
  /** Stops a group, SIGTERM then SIGKILL; the real one by default. */
  killGroup?: (pgid: number) => Promise<void>;
}

export interface CleanupResult {
  /** Groups that still ran and were stopped. */
  stopped: number[];
}

export async function cleanupProcessGroups(options: CleanupOptions): Promise<CleanupResult> {
  const { logger } = options;
  const listGroup = options.listGroup ?? listProcessGroup;
  const killGroup =
    options.killGroup ?? ((pgid: number) => killProcessGroup(pgid, { graceMs: GRACE_MS }));
  const recorded = decodeProcessGroups(options.getState(PROCESS_GROUPS_STATE));
  if (recorded === undefined) {
    logger.warning(
      `Cleanup: the recorded process groups are not a list of group ids; nothing was stopped.`,
    );
    return { stopped: [] };
  }
  const stopped: number[] = [];
  for (const pgid of recorded) {
    const members = await listGroup(pgid);
    if (members.length === 0) continue;
    // Our own group is the runner's, never one a tool started: a wrong record must not stop it.
    if (members.includes(process.pid)) {
      logger.warning(`Cleanup: process group ${pgid} is the runner's own; it was left alone.`);
      continue;
    }
    logger.info(
      `Cleanup: stopping process group ${pgid} left running by the agent's tools (${members.length} process${members.length === 1 ? '' : 'es'}: ${members.join(', ')}).`,
    );
    await killGroup(pgid);
    stopped.push(pgid);
  }
  if (stopped.length === 0) {
    logger.info(`Cleanup: no processes left running by the agent's tools.`);
  }
  return { stopped };
}
