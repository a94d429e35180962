import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEAP_GROWTH_FLAGS } from '../../src/platform/heap-growth.js';

const MODULE = fileURLToPath(new URL('../../src/platform/heap-growth.ts', import.meta.url));

/**
 * The young generation's size (MB) after a node process keeps 200,000 new objects alive, having
 * called `limitHeapGrowth` first or not. A child process, so that this one's heap is
 * left as it is; it runs the module's TypeScript with node's own type stripping.
 */
function youngGenerationAfterSurvivors(bounded: boolean): number {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { limitHeapGrowth } from ${JSON.stringify(MODULE)};
    if (${bounded}) limitHeapGrowth();
    const kept = [];
    for (let i = 0; i < 200000; i++) kept.push({ i, text: 'line ' + i });
    const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(space.space_size / 2 ** 20));
  `;
  return Number(
    execFileSync(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    ),
  );
}

describe('limitHeapGrowth', () => {
  it('keeps the young generation at its starting size while objects survive', () => {
    expect(youngGenerationAfterSurvivors(false)).toBeGreaterThanOrEqual(16);
    expect(youngGenerationAfterSurvivors(true)).toBeLessThanOrEqual(4);
  });

  it('sets only settings this node knows (V8 would ignore a misspelt or retired one)', () => {
    for (const flag of HEAP_GROWTH_FLAGS) {
      // node refuses an unknown V8 option on its command line (exit code 9).
      expect(
        () => execFileSync(process.execPath, [flag, '-e', ''], { stdio: 'pipe' }),
        flag,
      ).not.toThrow();
    }
    expect(() =>
      execFileSync(process.execPath, ['--heap-growing-percentage=30', '-e', ''], { stdio: 'pipe' }),
    ).toThrow();
  });
});
