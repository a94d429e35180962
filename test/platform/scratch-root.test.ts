import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { scratchRoot } from '../../src/platform/scratch-root.js';

describe('scratchRoot', () => {
  it('is RUNNER_TEMP on a runner, which the runner empties after the job even when a step was killed', () => {
    expect(scratchRoot({ RUNNER_TEMP: '/home/runner/work/_temp' })).toBe('/home/runner/work/_temp');
  });

  it('is the system temporary folder elsewhere, and for an empty RUNNER_TEMP', () => {
    expect(scratchRoot({})).toBe(tmpdir());
    expect(scratchRoot({ RUNNER_TEMP: '' })).toBe(tmpdir());
  });
});
