import { describe, expect, it } from 'vitest';
import { PendingSandbox, pendingSandbox } from '../../../src/platform/sandbox/pending-sandbox.js';
import type { Sandbox } from '../../../src/platform/sandbox/sandbox-types.js';

function sandbox(onRelease: () => void = () => undefined): Sandbox {
  return {
    kind: 'none',
    describe: 'A test sandbox.',
    gaps: [],
    canIsolateNetwork: false,
    open: () => Promise.reject(new Error('not opened in these tests')),
    release: () => {
      onRelease();
      return Promise.resolve();
    },
  };
}

/** Whether `promise` has settled after the work already queued has run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 10));
  return settled;
}

describe('PendingSandbox', () => {
  it('runs its probe only when asked, once, and answers everyone with it', async () => {
    const found = sandbox();
    let probes = 0;
    const pending = new PendingSandbox(() => {
      probes += 1;
      return Promise.resolve(found);
    });
    expect(await hasSettled(pending.answer)).toBe(false);
    expect(probes).toBe(0);
    expect(pending.isStarted).toBe(false);

    const [first, second] = await Promise.all([pending.find(), pending.find()]);
    expect(first).toBe(found);
    expect(second).toBe(found);
    expect(await pending.answer).toBe(found);
    expect(probes).toBe(1);
    expect(pending.isStarted).toBe(true);
  });

  it('answers with the failure of a probe that throws before its first step', async () => {
    const pending = new PendingSandbox(() => {
      throw new Error('no namespace here');
    });
    await expect(pending.find()).rejects.toThrow('no namespace here');
    await expect(pending.answer).rejects.toThrow('no namespace here');
  });

  it('releases nothing, and runs no probe, when nothing started it', async () => {
    let probes = 0;
    const pending = new PendingSandbox(() => {
      probes += 1;
      return Promise.resolve(sandbox());
    });
    await pending.release();
    expect(probes).toBe(0);
  });

  it('gives back the session of a probe that ran, and shrugs off one that failed', async () => {
    let released = 0;
    const pending = new PendingSandbox(() =>
      Promise.resolve(
        sandbox(() => {
          released += 1;
        }),
      ),
    );
    await pending.find();
    await pending.release();
    expect(released).toBe(1);

    const failed = new PendingSandbox(() => Promise.reject(new Error('broken')));
    await expect(failed.find()).rejects.toThrow('broken');
    await expect(failed.release()).resolves.toBeUndefined();
  });

  it('starts a sandbox named by the user at once, and waits to be asked under auto', () => {
    for (const mode of ['namespace', 'user', 'none', 'auto'] as const) {
      const pending = pendingSandbox(mode, () => Promise.resolve(sandbox()));
      expect([mode, pending.isStarted]).toEqual([mode, mode !== 'auto']);
    }
  });
});
