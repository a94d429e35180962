// What a person's answer does to a call: a rejection skips it, and changed file content replaces
// what the model proposed only after the confirmer has judged the changed call.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfirmationQuestion, Confirmer } from '../../src/agent/confirmer.js';
import type { ConfirmationOutcome, ToolCallData } from '../../src/agent/events.js';
import { ToolScheduler } from '../../src/agent/scheduler.js';
import { silentLogger } from '../../src/platform/logger.js';
import { createReplaceTool } from '../../src/tools/replace.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { createSmartEditTool } from '../../src/tools/smart-edit.js';
import { Workspace } from '../../src/tools/workspace.js';
import { createWriteFileTool } from '../../src/tools/write-file.js';
import { makeTempDir, removeTempDirs } from '../tools/tool-harness.js';
import { fakeTool } from './scheduler-fixtures.js';

let root: string;

beforeEach(async () => {
  root = await makeTempDir('scheduler-confirm-');
  await writeFile(path.join(root, 'notes.txt'), 'one\ntwo\n');
});
afterEach(removeTempDirs);

/** A confirmer that answers from a list, in order, and remembers every question. */
function scripted(...answers: ConfirmationOutcome[]): Confirmer & {
  questions: ConfirmationQuestion[];
} {
  const questions: ConfirmationQuestion[] = [];
  return {
    questions,
    confirm(question) {
      questions.push(question);
      return Promise.resolve(answers[questions.length - 1] ?? { decision: 'deny' });
    },
  };
}

async function runOne(
  confirmer: Confirmer,
  name: string,
  args: Record<string, unknown>,
): Promise<{ updates: ToolCallData[]; status: string; error: string | undefined }> {
  const workspace = await Workspace.create(root);
  const registry = new ToolRegistry();
  registry.register(createWriteFileTool({ workspace }));
  registry.register(createReplaceTool({ workspace }));
  registry.register(createSmartEditTool({ workspace }));
  registry.register(fakeTool({ name: 'shell', kind: 'execute' }));
  const updates: ToolCallData[] = [];
  const scheduler = new ToolScheduler({
    registry,
    confirmer,
    logger: silentLogger,
    onUpdate: (update) => updates.push(update),
  });
  const [done] = await scheduler.run([{ callId: 'c1', name, args }], new AbortController().signal);
  return { updates, status: done?.status ?? 'missing', error: done?.result.error?.message };
}

describe('ToolScheduler: answers from a person', () => {
  it('skips a rejected call: it ends cancelled, nothing is written, the model reads why', async () => {
    const confirmer = scripted({ decision: 'cancel', reason: 'The user rejected this call.' });
    const run = await runOne(confirmer, 'write_file', { file_path: 'notes.txt', content: 'x' });
    expect(run.status).toBe('cancelled');
    expect(run.error).toBe('[Operation Cancelled] Reason: The user rejected this call.');
    expect(run.updates.map((u) => u.status)).toEqual(['PENDING', 'PENDING', 'CANCELLED']);
    expect(await readFile(path.join(root, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('writes the content a person wrote instead, after asking about the changed call', async () => {
    const confirmer = scripted(
      { decision: 'allow', modified_content: 'one\nTWO, by hand\n' },
      { decision: 'allow' },
    );
    const run = await runOne(confirmer, 'write_file', {
      file_path: 'notes.txt',
      content: 'one\ntwo\nthree\n',
    });
    expect(run.status).toBe('successful');
    expect(await readFile(path.join(root, 'notes.txt'), 'utf8')).toBe('one\nTWO, by hand\n');
    // The second question is about the call as it will run.
    expect(confirmer.questions.map((q) => q.args['content'])).toEqual([
      'one\ntwo\nthree\n',
      'one\nTWO, by hand\n',
    ]);
    expect(confirmer.questions[1]?.details).toMatchObject({
      type: 'edit',
      newContent: 'one\nTWO, by hand\n',
    });
    expect(run.updates.at(-1)?.input_parameters).toEqual({
      file_path: 'notes.txt',
      content: 'one\nTWO, by hand\n',
    });
  });

  it('replaces the whole file with the changed content for replace and smart_edit', async () => {
    for (const [name, extra] of [
      ['replace', {}],
      ['smart_edit', { instruction: 'Rename two.' }],
    ] as const) {
      await writeFile(path.join(root, 'notes.txt'), 'one\ntwo\n');
      const confirmer = scripted(
        { decision: 'allow', modified_content: 'one\nzwei\n' },
        { decision: 'allow' },
      );
      const run = await runOne(confirmer, name, {
        file_path: 'notes.txt',
        old_string: 'two',
        new_string: 'deux',
        ...extra,
      });
      expect(run.status, name).toBe('successful');
      expect(await readFile(path.join(root, 'notes.txt'), 'utf8'), name).toBe('one\nzwei\n');
    }
  });

  it('denies the changed call when the second answer denies it', async () => {
    const confirmer = scripted(
      { decision: 'allow', modified_content: 'changed\n' },
      { decision: 'deny', reason: 'Not that.' },
    );
    const run = await runOne(confirmer, 'write_file', { file_path: 'notes.txt', content: 'x' });
    expect(run.status).toBe('errored');
    expect(run.error).toBe('Tool execution denied by policy. Not that.');
    expect(await readFile(path.join(root, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('takes changed content once, and only for edits', async () => {
    const twice = scripted(
      { decision: 'allow', modified_content: 'a\n' },
      { decision: 'allow', modified_content: 'b\n' },
    );
    const run = await runOne(twice, 'write_file', { file_path: 'notes.txt', content: 'x' });
    expect(run.status).toBe('errored');
    expect(await readFile(path.join(root, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');

    const shell = await runOne(
      scripted({ decision: 'allow', modified_content: 'rm -rf /' }),
      'shell',
      {
        value: 'ls',
      },
    );
    expect(shell.status).toBe('errored');
    expect(shell.error).toBe(
      'Tool execution denied by policy. The changed content of this call could not be applied.',
    );
  });
});
