import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../src/platform/logger.js';
import { listProcessGroup, signalProcessGroup } from '../../src/platform/process-group.js';
import {
  PROCESS_GROUPS_STATE,
  cleanupProcessGroups,
  decodeProcessGroups,
  encodeProcessGroups,
} from '../../src/action/post-cleanup.js';

const started: number[] = [];

afterEach(() => {
  for (const pgid of started.splice(0)) signalProcessGroup(pgid, 'SIGKILL');
});

/** A tool-like command: the leader of its own group with a background child. */
async function startGroup(): Promise<number> {
  const child = spawn('bash', ['-c', 'sleep 60 & wait'], { detached: true, stdio: 'ignore' });
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('bash did not start');
  started.push(pgid);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await listProcessGroup(pgid)).length >= 2) return pgid;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`group ${pgid} did not start its child`);
}

function state(value: string) {
  return (name: string) => (name === PROCESS_GROUPS_STATE ? value : '');
}

describe('cleanupProcessGroups', () => {
  it('stops recorded groups that still run and skips those already gone', async () => {
    const running = await startGroup();
    const gone = await startGroup();
    signalProcessGroup(gone, 'SIGKILL');
    while ((await listProcessGroup(gone)).length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const logger = memoryLogger();
    const result = await cleanupProcessGroups({
      getState: state(encodeProcessGroups([running, gone, running])),
      logger,
    });
    expect(result.stopped).toEqual([running]);
    expect(await listProcessGroup(running)).toEqual([]);
    expect(logger.lines).toEqual([
      {
        level: 'info',
        message: expect.stringMatching(
          new RegExp(
            `^Cleanup: stopping process group ${running} left running by the agent's tools \\(2 processes: `,
          ),
        ) as unknown,
      },
    ]);
  });

  it('says so when nothing was left running', async () => {
    const logger = memoryLogger();
    const result = await cleanupProcessGroups({ getState: state(''), logger });
    expect(result.stopped).toEqual([]);
    expect(logger.lines).toEqual([
      { level: 'info', message: "Cleanup: no processes left running by the agent's tools." },
    ]);
  });

  it('never stops its own process group', async () => {
    const killed: number[] = [];
    const logger = memoryLogger();
    await cleanupProcessGroups({
      getState: state('[4242]'),
      logger,
      listGroup: () => Promise.resolve([process.pid]),
      killGroup: (pgid) => {
        killed.push(pgid);
        return Promise.resolve();
      },
    });
    expect(killed).toEqual([]);
    expect(logger.lines[0]).toEqual({
      level: 'warning',
      message: "Cleanup: process group 4242 is the runner's own; it was left alone.",
    });
  });

  it('stops nothing when the record is not a list of group ids', async () => {
    const killed: number[] = [];
    const logger = memoryLogger();
    await cleanupProcessGroups({
      getState: state('[1, 0, -5]'),
      logger,
      listGroup: () => Promise.resolve([1]),
      killGroup: (pgid) => {
        killed.push(pgid);
        return Promise.resolve();
      },
    });
    expect(killed).toEqual([]);
    expect(logger.lines[0]?.level).toBe('warning');
  });
});

describe('decodeProcessGroups', () => {
  it('reads back what was encoded, without duplicates', () => {
    expect(decodeProcessGroups(encodeProcessGroups([100, 200, 100]))).toEqual([100, 200]);
    expect(decodeProcessGroups('')).toEqual([]);
  });

  it.each(['not json', '{"pgid": 5}', '["5"]', '[1]', '[0]', '[-7]', '[2.5]'])(
    'refuses %s',
    (text) => {
      expect(decodeProcessGroups(text)).toBeUndefined();
    },
  );
});
