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

/**
 * The order of `work`'s steps and the limit set by `limitHeapGrowthAfterStartUp`, in a child
 * process: node's own `fetch` announces its requests there as it does in the CLI and the Action.
 * `request()` fetches from a loopback server the child starts.
 */
function whenLimitedAfterStartUp(work: string, latestMs = 60_000): string[] {
  const script = `
    import { createServer } from 'node:http';
    import { limitHeapGrowthAfterStartUp } from ${JSON.stringify(MODULE)};
    const server = createServer((request, response) => response.end('ok')).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const request = () => fetch('http://127.0.0.1:' + server.address().port + '/').then((r) => r.text());
    const events = [];
    limitHeapGrowthAfterStartUp({ latestMs: ${latestMs}, limit: () => events.push('limited') });
    ${work}
    server.close();
    process.stdout.write(JSON.stringify(events));
  `;
  return JSON.parse(
    execFileSync(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    ),
  ) as string[];
}

describe('limitHeapGrowth', () => {
  it('keeps the young generation at its starting size while objects survive', () => {
    expect(youngGenerationAfterSurvivors(false)).toBeGreaterThanOrEqual(16);
    expect(youngGenerationAfterSurvivors(true)).toBeLessThanOrEqual(4);
  });

  it('after start-up: limits once, at the first request, not before', () => {
    expect(
      whenLimitedAfterStartUp(`
        events.push('start-up');
        await request();
        events.push('first request answered');
        await request();
      `),
    ).toEqual(['start-up', 'limited', 'first request answered']);
  });

  it('after start-up: limits at the latest moment when no request comes', () => {
    expect(
      whenLimitedAfterStartUp(
        `
        events.push('start-up');
        await new Promise((resolve) => setTimeout(resolve, 100));
        events.push('later');
      `,
        20,
      ),
    ).toEqual(['start-up', 'limited', 'later']);
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
