// The tracking issue kept in a local file (for `fleet local`): the same report logic creates it,
// updates it when rows change, and leaves the file alone when they do not.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTrackingStore } from '../../src/fleet/file-tracking-store.js';
import type { FleetResult } from '../../src/fleet/fleet-result.js';
import { publishFleetReport } from '../../src/fleet/tracking-issue.js';
import { tempRepo } from '../support/temp-repo.js';

function result(repository: string, conclusion: FleetResult['conclusion']): FleetResult {
  return {
    version: 1,
    campaign: 'node-24',
    repository,
    conclusion,
    finishedAt: conclusion === 'success' ? '2026-12-07T04:00:00Z' : '2026-12-07T03:00:00Z',
  };
}

describe('fileTrackingStore', () => {
  it('creates one issue, updates it on a change, and writes nothing when nothing changed', async () => {
    const file = path.join(await tempRepo(), 'fleet', 'issues.json');
    const store = fileTrackingStore(file);
    const report = (results: FleetResult[]) =>
      publishFleetReport({
        store,
        campaign: 'node-24',
        read: { results, unreadable: [] },
        redact: (text) => text,
      });

    const first = await report([result('o/a', 'failure')]);
    const second = await report([result('o/a', 'success')]);
    const written = (await stat(file)).mtimeMs;
    const third = await report([result('o/a', 'success')]);

    expect([first.action, second.action, third.action]).toEqual([
      'created',
      'updated',
      'unchanged',
    ]);
    const content = JSON.parse(await readFile(file, 'utf8')) as {
      issues: { id: number; title: string; body: string }[];
    };
    expect(content.issues).toHaveLength(1);
    expect(content.issues[0]?.title).toBe('Fleet campaign: node-24');
    expect(content.issues[0]?.body).toContain(
      '| [o/a](https://github.com/o/a) | — | ✅ done | — | — |',
    );
    expect((await stat(file)).mtimeMs).toBe(written);
    expect(third.issue?.url).toBe(`${file}#1`);
  });
});
