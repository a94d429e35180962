// What an Action run cost, from the model table's list prices: the cost_usd, cached_input_tokens
// and thought_tokens outputs, the final comment's footer and the job summary, per model; an
// unknown price shown as unknown (an empty cost_usd, never 0); and max_cost_usd, which stops the
// run between turns with its work kept and the reason given, or refuses a model it cannot cap.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runActionOnComment } from '../support/action-harness.js';
import { callsReply, textReply, usage, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeGitHub } from '../support/fake-github-server.js';
import { tempRepo } from '../support/temp-repo.js';

/** The comment the run posted (not the one that triggered it). */
function finalComment(github: FakeGitHub): string {
  return github.comments(1).find((comment) => !comment.seeded)?.body ?? '';
}

describe('what an Action run cost', () => {
  it('is in the outputs, the final comment and the job summary, as an estimate from list prices', async () => {
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    // gemini-4-argon: $4 input, $20 output per million tokens, no cached price.
    const gemini = await useFakeGemini([
      callsReply([{ id: 'r', name: 'read_file', args: { absolute_path: 'README.md' } }], {
        usage: usage({ prompt: 10_000, candidates: 1_000, thoughts: 500, cached: 2_000 }),
      }),
      textReply('It is a demo.', { usage: usage({ prompt: 12_000, candidates: 500 }) }),
    ]);

    const { run, github } = await runActionOnComment({
      body: '/gemini what is this repository?',
      workspace,
      gemini,
      inputs: { model: 'gemini-4-argon' },
    });

    expect(run.result.conclusion).toBe('success');
    expect(run.outputs).toMatchObject({
      input_tokens: '22000',
      output_tokens: '1500',
      cached_input_tokens: '2000',
      thought_tokens: '500',
      cost_usd: '0.128',
    });
    const line =
      '**Cost** (estimate from list prices): gemini-4-argon $0.128 (cached input counted at the input price, an upper bound)';
    expect(finalComment(github)).toContain(line);
    expect(run.summary).toContain(line);
  });

  it('is unknown, never 0, when the model has no list price: cost_usd is empty', async () => {
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const gemini = await useFakeGemini([
      textReply('It is a demo.', { usage: usage({ prompt: 1_000, candidates: 10 }) }),
    ]);

    const { run, github } = await runActionOnComment({
      body: '/gemini what is this repository?',
      workspace,
      gemini,
      inputs: { model: 'gemini-4-hydrogen' },
    });

    expect(run.result.conclusion).toBe('success');
    expect(run.outputs.cost_usd).toBe('');
    const line =
      '**Cost** (estimate from list prices): gemini-4-hydrogen unknown (gemini-4-hydrogen has no list price in the model table)';
    expect(finalComment(github)).toContain(line);
    expect(run.summary).toContain(line);
    expect(finalComment(github)).not.toContain('$0');
  });
});

describe('max_cost_usd', () => {
  it('stops the run between turns with the work kept, and the comment says why with the estimate and the cap', async () => {
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const gemini = await useFakeGemini([
      // $0.06: the write runs; the next request (at least $0.04 of prompt) would pass $0.09.
      callsReply(
        [
          {
            id: 'w',
            name: 'write_file',
            args: { file_path: `${workspace}/NOTES.md`, content: 'notes\n' },
          },
        ],
        { usage: usage({ prompt: 10_000, candidates: 1_000 }) },
      ),
      textReply('never requested'),
    ]);

    const { run, github } = await runActionOnComment({
      body: '/gemini add NOTES.md',
      workspace,
      gemini,
      inputs: { model: 'gemini-4-argon', max_cost_usd: '0.09' },
    });

    expect(gemini.remaining()).toBe(1);
    expect(run.result.conclusion).toBe('failure');
    expect(run.outputs.cost_usd).toBe('0.06');
    const reason =
      '**Budget reached: the cost cap**: Stopped before the next model request: the run has cost an estimated $0.060 (list prices), and the next request would cost at least $0.040, which would pass the cost cap of $0.090 (max cost).';
    expect(finalComment(github)).toContain(reason);
    expect(run.summary).toContain(reason);
    // The work is kept as an early end keeps it: a work-in-progress commit, pushed.
    const branch = run.outputs.branch_name ?? '';
    expect(branch).not.toBe('');
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: run.remote, encoding: 'utf8' }).trim();
    expect(git('log', '-1', '--format=%s', branch)).toMatch(/^WIP: /);
    expect(git('show', `${branch}:NOTES.md`)).toBe('notes');
  });

  it('refuses a model without a list price before any request, naming the model and the input', async () => {
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const gemini = await useFakeGemini([textReply('never requested')]);

    const { run } = await runActionOnComment({
      body: '/gemini what is this repository?',
      workspace,
      gemini,
      inputs: { max_cost_usd: '1' },
    });

    expect(gemini.remaining()).toBe(1);
    expect(run.result.conclusion).toBe('failure');
    expect(run.result.error).toContain(
      'max_cost_usd is set, but gemini-4-hydrogen, gemini-3.8-flash have no list price in the model table (src/model/model-table.json), so their cost cannot be capped; choose a model with a price (gemini-4-argon, ',
    );
    expect(run.result.error).toContain(') or remove max_cost_usd.');
  });

  it.each(['-1', 'abc', '0'])('rejects max_cost_usd: %j, naming the input', async (value) => {
    const workspace = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const gemini = await useFakeGemini([]);

    const { run } = await runActionOnComment({
      body: '/gemini hi',
      workspace,
      gemini,
      inputs: { model: 'gemini-4-argon', max_cost_usd: value },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed.join('\n')).toContain('max_cost_usd');
    expect(run.failed.join('\n')).toContain(
      `expected a positive number of US dollars such as 0.50 (or leave it empty for no cap), got "${value}".`,
    );
  });
});
