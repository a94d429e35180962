/**
 * The process groups the harness started (each run of the CLI and each test command gets its
 * own, so a run past its time is killed whole). They do not get the terminal's Ctrl-C, so the
 * harness ends them itself when it is stopped.
 */
const groups = new Set<number>();

export function trackGroup(pid: number | undefined): () => void {
  if (pid === undefined) return () => undefined;
  groups.add(pid);
  return () => {
    groups.delete(pid);
  };
}

/** Kills one group (SIGKILL); a group already gone is no error. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Kills every group still running: the harness is being stopped. */
export function killAllGroups(): void {
  for (const pid of groups) killGroup(pid);
  groups.clear();
}
