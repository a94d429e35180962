import { describe, expect, it } from 'vitest';
import { LoopDetector, findRepeatedChunk, stableJson } from '../../src/agent/loop-detector.js';

function feedCalls(detector: LoopDetector, calls: [string, Record<string, unknown>][]) {
  return calls.map(([name, args]) => detector.recordToolCall(name, args));
}

describe('LoopDetector tool calls', () => {
  it('detects the fifth identical consecutive call, ignoring argument order', () => {
    const detector = new LoopDetector();
    const results = feedCalls(detector, [
      ['grep', { pattern: 'x', path: 'src' }],
      ['grep', { path: 'src', pattern: 'x' }],
      ['grep', { pattern: 'x', path: 'src' }],
      ['grep', { pattern: 'x', path: 'src' }],
      ['grep', { pattern: 'x', path: 'src' }],
    ]);
    expect(results.slice(0, 4)).toEqual([undefined, undefined, undefined, undefined]);
    expect(results[4]).toEqual({
      kind: 'identical_tool_calls',
      detail: '5 identical calls of grep in a row',
      count: 1,
    });
  });

  it('does not count calls with different arguments (batch work is not a loop)', () => {
    const detector = new LoopDetector();
    const results = feedCalls(
      detector,
      Array.from({ length: 12 }, (_, i) => ['read_file', { path: `src/file${i}.ts` }]),
    );
    expect(results.every((r) => r === undefined)).toBe(true);
  });

  it('detects a cycle of two to four calls repeated three times', () => {
    const cycle3 = new LoopDetector();
    const calls: [string, Record<string, unknown>][] = [
      ['edit', { file: 'a' }],
      ['run', { cmd: 'npm test' }],
      ['read', { file: 'a' }],
    ];
    const results = feedCalls(cycle3, [...calls, ...calls, ...calls]);
    expect(results.slice(0, 8).every((r) => r === undefined)).toBe(true);
    expect(results[8]).toMatchObject({
      kind: 'tool_call_cycle',
      detail: 'the same cycle of 3 calls (edit → run → read) repeated 3 times',
    });
  });

  it('needs a new full pattern after a detection, and counts detections', () => {
    const detector = new LoopDetector({ identicalCallThreshold: 3 });
    const same: [string, Record<string, unknown>] = ['ls', { path: '.' }];
    const results = feedCalls(detector, [same, same, same, same, same, same]);
    expect(results.map((r) => r?.count)).toEqual([
      undefined,
      undefined,
      1,
      undefined,
      undefined,
      2,
    ]);
    expect(detector.detectionCount).toBe(2);
  });

  it('does nothing when disabled', () => {
    const detector = new LoopDetector({ enabled: false });
    const same: [string, Record<string, unknown>] = ['ls', {}];
    expect(
      feedCalls(
        detector,
        Array.from({ length: 10 }, () => same),
      ),
    ).toEqual(Array.from({ length: 10 }, () => undefined));
  });
});

describe('LoopDetector text', () => {
  it('detects the same sizeable response in consecutive turns', () => {
    const detector = new LoopDetector();
    const answer = 'Let me look at the configuration file again.';
    expect(detector.recordResponseText(answer)).toBeUndefined();
    expect(detector.recordResponseText(answer)).toBeUndefined();
    expect(detector.recordResponseText(answer)).toMatchObject({ kind: 'repeated_text', count: 1 });
  });

  it('ignores short repeated responses and resets on a different one', () => {
    const detector = new LoopDetector();
    for (let i = 0; i < 5; i++) expect(detector.recordResponseText('Checking.')).toBeUndefined();
    const long = 'Now I will run the whole test suite once more.';
    detector.recordResponseText(long);
    detector.recordResponseText(long);
    detector.recordResponseText('Something else entirely, with enough length.');
    expect(detector.recordResponseText(long)).toBeUndefined();
  });

  it('finds a chanted sentence but not a list whose items share a prefix', () => {
    const chant = 'The answer is forty-two and I am certain of it now. '.repeat(12);
    expect(findRepeatedChunk(chant, 50, 10)).toBeDefined();
    const list = Array.from(
      { length: 30 },
      (_, i) => `- Updated the license header in src/components/widget-${i}.tsx\n`,
    ).join('');
    expect(findRepeatedChunk(list, 50, 10)).toBeUndefined();
  });

  it('ignores repetition inside fenced code', () => {
    const code =
      '```ts\n' + 'expect(value).toBe(true); // repeated assertion line\n'.repeat(30) + '```\n';
    expect(findRepeatedChunk(`Here is the test:\n${code}`, 50, 10)).toBeUndefined();
  });
});

describe('stableJson', () => {
  it('sorts keys at every level', () => {
    expect(stableJson({ b: 1, a: { d: [{ f: 1, e: 2 }], c: 0 } })).toBe(
      '{"a":{"c":0,"d":[{"e":2,"f":1}]},"b":1}',
    );
  });
});
