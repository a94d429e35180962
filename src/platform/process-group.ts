/**
 * Process groups: a tool command runs as the leader of its own group (spawned with
 * `detached: true`), so everything it starts — pipelines, `&` jobs, their children — can be
 * found and stopped together, and nothing of it outlives the session.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';

/** How often a group is checked while waiting for it to exit. */
const POLL_MS = 25;
/** After SIGKILL the kernel tears processes down quickly; waiting longer means they are stuck. */
const AFTER_KILL_WAIT_MS = 2000;

const hasProc = existsSync('/proc/self/stat');

interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** Zombies have exited and only wait to be reaped; they count as gone. */
  zombie: boolean;
}

/** Parses `/proc/<pid>/stat`; the command name may contain spaces and parentheses. */
function parseStat(text: string): ProcessInfo | null {
  const close = text.lastIndexOf(')');
  const pid = Number.parseInt(text, 10);
  const fields = text.slice(close + 2).split(' ');
  const [state, ppid, pgrp] = fields;
  if (
    close === -1 ||
    !Number.isInteger(pid) ||
    state === undefined ||
    ppid === undefined ||
    pgrp === undefined
  ) {
    return null;
  }
  return { pid, ppid: Number(ppid), pgid: Number(pgrp), zombie: state === 'Z' || state === 'X' };
}

async function readProcess(pid: number): Promise<ProcessInfo | null> {
  try {
    return parseStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    // Gone meanwhile.
    return null;
  }
}

async function allProcesses(): Promise<ProcessInfo[]> {
  if (hasProc) {
    const names = await readdir('/proc');
    const infos = await Promise.all(
      names.filter((name) => /^\d+$/.test(name)).map((name) => readProcess(Number(name))),
    );
    return infos.filter((info): info is ProcessInfo => info !== null);
  }
  // macOS and other systems without /proc.
  const stdout = await new Promise<string>((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat='], (error, out) => {
      resolve(error ? '' : out);
    });
  });
  return stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4)
    .map(([pid, ppid, pgid, stat]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      pgid: Number(pgid),
      zombie: stat?.startsWith('Z') ?? false,
    }));
}

/** The live (not zombie) processes in group `pgid`, in ascending PID order. */
export async function listProcessGroup(pgid: number): Promise<number[]> {
  const members = (await allProcesses())
    .filter((info) => info.pgid === pgid && !info.zombie)
    .map((info) => info.pid);
  return members.sort((a, b) => a - b);
}

/** True while `pid` runs; an exited process waiting to be reaped (a zombie) is not running. */
export async function isProcessRunning(pid: number): Promise<boolean> {
  if (hasProc) {
    const info = await readProcess(pid);
    return info !== null && !info.zombie;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/** Sends `signal` to every process in the group; false when the group no longer exists. */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Who hears of every process group this process starts (see `onProcessGroupStarted`). */
const groupListeners = new Set<(pgid: number) => void>();

/**
 * Tells the listeners that a process group was started (a tool's command, an MCP server, the
 * sandbox): every place that spawns with `detached: true` calls this with the child's PID, which
 * is its group's id. The Action records the groups where its post step finds them, so what a
 * killed main step left running is still stopped.
 */
export function reportProcessGroup(pgid: number | undefined): void {
  if (pgid === undefined) return;
  for (const listener of groupListeners) {
    try {
      listener(pgid);
    } catch {
      // A listener's failure must not keep a tool from starting.
    }
  }
}

/** Hears of every process group started from now on; returns a function that stops it. */
export function onProcessGroupStarted(listener: (pgid: number) => void): () => void {
  groupListeners.add(listener);
  return () => {
    groupListeners.delete(listener);
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until no live process is left in the group; false when `timeoutMs` ran out first. */
export async function waitForProcessGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await listProcessGroup(pgid)).length === 0) return true;
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
}

export interface KillProcessGroupOptions {
  /** How long processes get to exit after SIGTERM before SIGKILL. */
  graceMs: number;
}

/**
 * Stops a whole group: SIGTERM first, so programs can clean up (remove lock files, flush logs),
 * then SIGKILL for whatever is still running after the grace period. Resolves once the group is
 * empty (or, should processes be stuck in the kernel, shortly after SIGKILL).
 */
export async function killProcessGroup(
  pgid: number,
  options: KillProcessGroupOptions,
): Promise<void> {
  if (!signalProcessGroup(pgid, 'SIGTERM')) return;
  // A stopped process acts on SIGTERM only once continued.
  signalProcessGroup(pgid, 'SIGCONT');
  if (await waitForProcessGroupExit(pgid, options.graceMs)) return;
  signalProcessGroup(pgid, 'SIGKILL');
  await waitForProcessGroupExit(pgid, AFTER_KILL_WAIT_MS);
}

/**
 * Trackers holding background groups, so `killToolProcessesNow` can reach them (the running ones
 * it finds among this process's descendants).
 */
const liveTrackers = new Set<ProcessGroupTracker>();

/**
 * The process groups a tool has started and not yet seen finish: commands still running, and
 * groups whose shell exited but left background processes (`server &`). `killAll` ends them all
 * when the session ends.
 */
export class ProcessGroupTracker {
  private readonly running = new Set<number>();
  /** Group → the background PIDs reported to the model. */
  private readonly background = new Map<number, ReadonlySet<number>>();

  constructor(private readonly options: KillProcessGroupOptions) {}

  started(pgid: number): void {
    this.running.add(pgid);
    reportProcessGroup(pgid);
  }

  /** The group's leader exited; `backgroundPids` are the members it left running. */
  finished(pgid: number, backgroundPids: readonly number[]): void {
    this.running.delete(pgid);
    if (backgroundPids.length === 0) return;
    this.background.set(pgid, new Set(backgroundPids));
    // Left by a shell that exited, they are no longer this process's descendants.
    liveTrackers.add(this);
  }

  /** Every PID reported as a background process and not yet killed. */
  backgroundPids(): number[] {
    return [...this.background.values()].flatMap((pids) => [...pids]);
  }

  async killAll(): Promise<void> {
    liveTrackers.delete(this);
    const running = [...this.running];
    const background = [...this.background];
    this.running.clear();
    this.background.clear();
    await Promise.all([
      ...running.map((pgid) => killProcessGroup(pgid, this.options)),
      ...background.map(async ([pgid, pids]) => {
        // The group id could in principle belong to a new, unrelated group by now; only a group
        // that still holds one of the processes we reported is ours to kill.
        const members = await listProcessGroup(pgid);
        if (members.some((pid) => pids.has(pid))) await killProcessGroup(pgid, this.options);
      }),
    ]);
  }

  /**
   * SIGKILL at once, without a grace period, to the groups still running and to each background
   * group that still holds a process reported to the model. `killAll` then finds them gone.
   */
  async killNow(): Promise<number[]> {
    const killed: number[] = [];
    for (const pgid of this.running) if (killGroupNow(pgid)) killed.push(pgid);
    for (const [pgid, pids] of this.background) {
      const members = await listProcessGroup(pgid);
      if (members.some((pid) => pids.has(pid)) && killGroupNow(pgid)) killed.push(pgid);
    }
    return killed;
  }
}

function killGroupNow(pgid: number): boolean {
  return signalProcessGroup(pgid, 'SIGKILL');
}

/**
 * Ends at once (SIGKILL, no grace period) every process the tools of this process started: the
 * groups the shell tool tracks, background ones whose shell has exited included, and the group of
 * every other descendant of this process (MCP servers, discovered tools' commands, the sandbox's
 * own processes). This process's own group is left alone. For a second interrupt: whatever waits
 * for those processes to end gracefully stops waiting. Returns the groups signalled.
 */
export async function killToolProcessesNow(): Promise<number[]> {
  const tracked = await Promise.all([...liveTrackers].map((tracker) => tracker.killNow()));
  const processes = await allProcesses();
  const own = processes.find((info) => info.pid === process.pid)?.pgid ?? process.pid;
  const children = new Map<number, ProcessInfo[]>();
  for (const info of processes) {
    children.set(info.ppid, [...(children.get(info.ppid) ?? []), info]);
  }
  const groups = new Set<number>();
  const queue = [process.pid];
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    for (const child of children.get(pid) ?? []) {
      if (child.pgid !== own && child.pgid > 1 && !child.zombie) groups.add(child.pgid);
      queue.push(child.pid);
    }
  }
  const descendants = [...groups].filter(killGroupNow);
  return [...new Set([...tracked.flat(), ...descendants])];
}
