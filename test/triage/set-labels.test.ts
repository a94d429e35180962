import { afterEach, describe, expect, it } from 'vitest';
import type { LabelCollectorOptions } from '../../src/triage/set-labels.js';
import { createLabelCollector } from '../../src/triage/set-labels.js';
import {
  errorPart,
  makeTempDir,
  outputPart,
  removeTempDirs,
  toolHarness,
} from '../tools/tool-harness.js';

afterEach(removeTempDirs);

const LABELS = [
  { name: 'bug', description: "Something isn't working" },
  { name: 'documentation', description: 'Improvements or additions to documentation' },
  { name: 'good first issue', description: 'Good for newcomers' },
  { name: 'type: feature' },
  { name: 'Needs Info', description: 'More information is needed from the author' },
];

async function harnessFor(options: Partial<LabelCollectorOptions> = {}) {
  const collector = createLabelCollector({ labels: LABELS, ...options });
  const harness = await toolHarness(await makeTempDir(), { tools: () => [collector.tool] });
  return { collector, harness };
}

describe('set_labels', () => {
  it('lists the repository’s labels with their descriptions and offers no issue number for one issue', () => {
    const { tool } = createLabelCollector({ labels: LABELS });
    expect(tool.description).toContain('- "bug": Something isn\'t working');
    expect(tool.description).toContain('- "type: feature"\n');
    expect(tool.description).toContain('- "Needs Info": More information is needed');
    const properties = (tool.parametersJsonSchema as { properties: Record<string, unknown> })
      .properties;
    expect(Object.keys(properties).sort()).toEqual(['comment', 'labels']);
  });

  it('records the chosen labels and comment, and tells the model they are applied afterwards', async () => {
    const { collector, harness } = await harnessFor();
    expect(
      await harness.respond('set_labels', {
        labels: ['bug', 'needs info'],
        comment: '  Which version are you on?  ',
      }),
    ).toEqual(
      outputPart(
        'call-1',
        'set_labels',
        'Recorded the labels for the issue: bug, Needs Info. The comment will be posted with them. They are applied after you finish.',
      ),
    );
    expect(collector.result()).toEqual([
      {
        issueNumber: undefined,
        labels: ['bug', 'Needs Info'],
        comment: 'Which version are you on?',
        dropped: [],
      },
    ]);
  });

  it('maps names that differ only in case (and surrounding spaces) to the label as GitHub spells it', async () => {
    const { collector, harness } = await harnessFor();
    await harness.call('set_labels', { labels: ['BUG', ' Documentation ', 'bug'] });
    expect(collector.result()[0]?.labels).toEqual(['bug', 'documentation']);
  });

  it('keeps the existing labels of a call, and names the dropped ones with the closest existing names', async () => {
    const { collector, harness } = await harnessFor();
    const completed = await harness.call('set_labels', {
      labels: ['bug', 'good-first-issue', 'feature', 'wontfix-whatsoever-xyz', 'feature'],
    });
    expect(completed.result.error).toBeUndefined();
    const message = completed.result.llmContent;
    if (typeof message !== 'string') throw new Error('expected a text result');
    expect(message).toMatch(
      /^Recorded the labels for the issue: bug\. They are applied after you finish\.\n/,
    );
    expect(message).toContain('Left out, because the repository has no such label:');
    expect(message).toContain(
      '- "good-first-issue" is not a label of this repository. Closest existing labels: "good first issue".',
    );
    expect(message).toContain(
      '- "feature" is not a label of this repository. Closest existing labels: "type: feature".',
    );
    expect(message).toContain('- "wontfix-whatsoever-xyz" is not a label of this repository.\n');
    expect(message).toContain('call set_labels again with the whole list');
    expect(collector.result()).toEqual([
      {
        issueNumber: undefined,
        labels: ['bug'],
        comment: undefined,
        dropped: ['good-first-issue', 'feature', 'wontfix-whatsoever-xyz'],
      },
    ]);
  });

  it('refuses a call naming no existing label, keeping the earlier choice', async () => {
    const { collector, harness } = await harnessFor();
    await harness.call('set_labels', { labels: ['documentation'] });
    const completed = await harness.call('set_labels', { labels: ['bugs', 'wontfix'] });
    expect(completed.result.error?.type).toBe('invalid_tool_params');
    const message = completed.result.error?.message ?? '';
    expect(message).toContain('nothing was recorded');
    expect(message).toContain(
      '- "bugs" is not a label of this repository. Closest existing labels: "bug".',
    );
    expect(completed.responseParts).toEqual(errorPart('call-2', 'set_labels', message));
    expect(collector.result()).toEqual([
      { issueNumber: undefined, labels: ['documentation'], comment: undefined, dropped: [] },
    ]);
  });

  it('records that no label fits, and a later call replaces the earlier choice', async () => {
    const { collector, harness } = await harnessFor();
    expect(await harness.respond('set_labels', { labels: [] })).toEqual(
      outputPart(
        'call-1',
        'set_labels',
        'Recorded that no label fits the issue. They are applied after you finish.',
      ),
    );
    const second = await harness.respond('set_labels', { labels: ['documentation'] });
    expect(JSON.stringify(second)).toContain('This replaces your earlier choice for it.');
    expect(collector.result()).toEqual([
      { issueNumber: undefined, labels: ['documentation'], comment: undefined, dropped: [] },
    ]);
  });

  it('refuses more than ten labels and an over-long comment', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `area-${i}` }));
    const collector = createLabelCollector({ labels: many });
    const harness = await toolHarness(await makeTempDir(), { tools: () => [collector.tool] });
    const tooMany = await harness.call('set_labels', { labels: many.map((l) => l.name) });
    expect(tooMany.result.error?.message).toBe(
      'At most 10 labels can be set on an issue; got 11. Keep the ones that fit best.',
    );
    const long = await harness.call('set_labels', {
      labels: ['area-1'],
      comment: 'x'.repeat(2001),
    });
    expect(long.result.error?.message).toContain('at most 2000 are allowed');
    expect(collector.result()).toEqual([]);
  });

  describe('in a batch', () => {
    it('requires issue_number and offers it in the declaration', async () => {
      const { collector, harness } = await harnessFor({ issues: [3, 5] });
      const schema = collector.tool.parametersJsonSchema as { required: string[] };
      expect(schema.required).toContain('issue_number');
      expect(collector.tool.description).toContain('(#3, #5)');
      const missing = await harness.call('set_labels', { labels: ['bug'] });
      expect(missing.result.error?.message).toMatch(
        /^Invalid parameters for set_labels: issue_number/,
      );
      expect(collector.result()).toEqual([]);
    });

    it('accepts only the issues of the batch', async () => {
      const { collector, harness } = await harnessFor({ issues: [3, 5] });
      const outside = await harness.call('set_labels', { issue_number: 4, labels: ['bug'] });
      expect(outside.result.error?.message).toBe(
        'issue_number must be one of the issues of this batch: #3, #5; got #4.',
      );
      await harness.call('set_labels', { issue_number: 5, labels: ['bug'] });
      await harness.call('set_labels', {
        issue_number: 3,
        labels: ['documentation'],
        comment: 'Thanks!',
      });
      await harness.call('set_labels', { issue_number: 5, labels: ['BUG', 'good first issue'] });
      expect(collector.result()).toEqual([
        { issueNumber: 3, labels: ['documentation'], comment: 'Thanks!', dropped: [] },
        { issueNumber: 5, labels: ['bug', 'good first issue'], comment: undefined, dropped: [] },
      ]);
    });

    it('describes each call for the transcript', () => {
      const { tool } = createLabelCollector({ labels: LABELS, issues: [7] });
      const built = tool.build({ issue_number: 7, labels: ['bug'], comment: 'Needs logs.' });
      if ('error' in built) throw new Error(built.error);
      expect(built.describe()).toBe('Set labels on issue #7: bug (with a comment)');
    });
  });
});
