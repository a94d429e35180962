import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ProcessGroupTracker,
  isProcessRunning,
  killProcessGroup,
  listProcessGroup,
  signalProcessGroup,
} from '../../src/platform/process-group.js';

const started: number[] = [];

afterEach(() => {
  for (const pgid of started.splice(0)) signalProcessGroup(pgid, 'SIGKILL');
});

/** Starts `script` as the leader of a new group and waits until it has `members` processes. */
async function startGroup(script: string, members: number): Promise<number> {
  const child = spawn('bash', ['-c', script], { detached: true, stdio: 'ignore' });
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('bash did not start');
  started.push(pgid);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await listProcessGroup(pgid)).length >= members) return pgid;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`group ${pgid} never reached ${members} members`);
}

describe('process groups', () => {
  it('lists the leader and its background children, and kills them all', async () => {
    const pgid = await startGroup('sleep 30 & sleep 30 & wait', 3);
    const members = await listProcessGroup(pgid);
    expect(members).toHaveLength(3);
    expect(members).toContain(pgid);
    expect(members).toEqual([...members].sort((a, b) => a - b));

    await killProcessGroup(pgid, { graceMs: 1000 });
    expect(await listProcessGroup(pgid)).toEqual([]);
    for (const pid of members) expect(await isProcessRunning(pid)).toBe(false);
  });

  it('escalates to SIGKILL for processes that ignore SIGTERM', async () => {
    const pgid = await startGroup('trap "" TERM; sleep 30 & wait', 2);
    await killProcessGroup(pgid, { graceMs: 100 });
    expect(await listProcessGroup(pgid)).toEqual([]);
  });

  it('does nothing for a group that no longer exists', async () => {
    const pgid = await startGroup('exit 0', 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(signalProcessGroup(pgid, 'SIGTERM')).toBe(false);
    await expect(killProcessGroup(pgid, { graceMs: 10 })).resolves.toBeUndefined();
  });
});

describe('ProcessGroupTracker', () => {
  it('kills running groups and groups with background processes', async () => {
    const running = await startGroup('sleep 30', 1);
    const background = await startGroup('sleep 30 & wait', 2);
    const tracker = new ProcessGroupTracker({ graceMs: 500 });
    tracker.started(running);
    tracker.started(background);
    tracker.finished(background, await listProcessGroup(background));
    expect(tracker.backgroundPids()).toHaveLength(2);

    await tracker.killAll();
    expect(await listProcessGroup(running)).toEqual([]);
    expect(await listProcessGroup(background)).toEqual([]);
    expect(tracker.backgroundPids()).toEqual([]);
  });

  it('leaves a group alone that no longer holds a process it reported', async () => {
    const pgid = await startGroup('sleep 30', 1);
    const tracker = new ProcessGroupTracker({ graceMs: 100 });
    // A PID that is not in the group: the group is not the one the tracker saw.
    tracker.finished(pgid, [2 ** 22 + 1]);
    await tracker.killAll();
    expect(await listProcessGroup(pgid)).toEqual([pgid]);
  });
});
