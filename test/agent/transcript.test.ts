import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/events.js';
import { createTranscriptWriter } from '../../src/agent/transcript.js';
import { createHarness, tempDir } from './support/harness.js';
import { call, reply, text } from './support/scripted-generator.js';

async function readLines(file: string): Promise<unknown[]> {
  const content = await fs.readFile(file, 'utf8');
  expect(content.endsWith('\n')).toBe(true);
  return content
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

describe('createTranscriptWriter', () => {
  it('writes every event of a session as one JSON line, in order', async () => {
    const file = path.join(await tempDir(), 'nested', 'dir', 'transcript.jsonl');
    const writer = createTranscriptWriter(file, { redact: (line) => line });
    const seen: AgentEvent[] = [];
    const h = await createHarness(
      [reply([text('Reading.'), call('read_note', { name: 'a' })]), reply([text('Done.')])],
      {
        onEvent: (event) => {
          seen.push(event);
          writer(event);
        },
      },
    );
    await h.session.run('go');
    writer.close();

    const lines = await readLines(file);
    expect(lines).toEqual(JSON.parse(JSON.stringify(seen)) as unknown);
    expect(lines.length).toBeGreaterThan(8);
    expect(lines.at(-1)).toMatchObject({ kind: 'state_change', state: 'completed', final: true });
    expect(writer.path).toBe(file);
  });

  it('appends to an existing file and keeps writing after close', async () => {
    const file = path.join(await tempDir(), 't.jsonl');
    await fs.writeFile(file, '{"earlier":true}\n');
    const writer = createTranscriptWriter(file, { redact: (line) => line });
    const event = (n: number): AgentEvent => ({
      kind: 'text_content',
      text: `line ${n}\nwith a newline`,
      session_id: 's',
      timestamp: '2025-01-01T00:00:00.000Z',
      turn: n,
    });
    writer(event(1));
    writer.close();
    writer(event(2));
    writer.close();
    expect(await readLines(file)).toEqual([{ earlier: true }, event(1), event(2)]);
  });

  it('applies the redaction hook to each line', async () => {
    const file = path.join(await tempDir(), 't.jsonl');
    const writer = createTranscriptWriter(file, {
      redact: (line) => line.replaceAll('s3cret', '***'),
    });
    writer({
      kind: 'text_content',
      text: 'token s3cret',
      session_id: 's',
      timestamp: 't',
      turn: 1,
    });
    writer.close();
    expect(await readLines(file)).toEqual([
      { kind: 'text_content', text: 'token ***', session_id: 's', timestamp: 't', turn: 1 },
    ]);
  });
});
