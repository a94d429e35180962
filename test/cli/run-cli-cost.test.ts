// What a `gemini-agent -p` run cost, in its JSON and stream-json output, and `--max-cost`: the
// run stops before the estimate would pass the cap (a subagent's spend counts too), a model
// without a list price is refused, a bad value is an input error.
import { describe, expect, it } from 'vitest';
import { callsReply, textReply, usage } from '../support/fake-gemini.js';
import { runCliWithModel } from '../support/cli-run.js';
import { tempRepo } from '../support/temp-repo.js';

const repoFiles = { 'README.md': '# demo\n' };

/** The last line of stream-json output: the result. */
function resultOf(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
}

describe('gemini-agent -p: what the run cost', () => {
  it('gives the estimate per model beside the Gemini CLI stats in --output-format json', async () => {
    const repo = await tempRepo(repoFiles);
    // gemini-4-argon lists $4 input, $20 output per million tokens and no cached price.
    const run = await runCliWithModel({
      script: [
        callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }], {
          usage: usage({ prompt: 10_000, candidates: 1_000, thoughts: 500, cached: 2_000 }),
        }),
        textReply('A demo.', { usage: usage({ prompt: 12_000, candidates: 500 }) }),
      ],
      args: ['-p', 'What is this?', '--repo', repo, '-m', 'gemini-4-argon', '-o', 'json'],
    });

    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as {
      stats: { models: Record<string, unknown>; cost: Record<string, unknown> };
    };
    // The Gemini CLI's shape stays; ours is beside it.
    expect(output.stats.models['gemini-4-argon']).toMatchObject({
      tokens: { prompt: 22_000, cached: 2_000, thoughts: 500 },
    });
    // 0.04 + 0.03 for the first request (cached at the input price), 0.048 + 0.01 for the second.
    expect(output.stats.cost).toEqual({
      estimate: 'list prices',
      usd: 0.128,
      known_usd: 0.128,
      upper_bound: true,
      unknown: [],
      models: { 'gemini-4-argon': { requests: 2, usd: 0.128, known_usd: 0.128 } },
    });
  });

  it('gives cost_usd, cached and thought tokens in the stream-json result, null when a price is unknown', async () => {
    const repo = await tempRepo(repoFiles);
    const priced = await runCliWithModel({
      script: [
        textReply('Hi.', { usage: usage({ prompt: 1_000, candidates: 100, thoughts: 50 }) }),
      ],
      args: ['-p', 'Hi', '--repo', repo, '-m', 'gemini-3.6-flash', '-o', 'stream-json'],
    });
    // gemini-3.6-flash: $1.50 input, $7.50 output.
    expect(resultOf(priced.stdout)).toMatchObject({
      type: 'result',
      status: 'success',
      stats: { cost_usd: 0.002625, cached_input_tokens: 0, thought_tokens: 50 },
    });

    const unpriced = await runCliWithModel({
      script: [textReply('Hi.', { usage: usage({ prompt: 1_000, candidates: 100 }) })],
      args: ['-p', 'Hi', '--repo', repo, '-m', 'gemini-4-hydrogen', '-o', 'stream-json'],
    });
    const stats = resultOf(unpriced.stdout).stats as Record<string, unknown>;
    expect(stats.cost_usd).toBeNull();

    const json = await runCliWithModel({
      script: [textReply('Hi.', { usage: usage({ prompt: 1_000, candidates: 100 }) })],
      args: ['-p', 'Hi', '--repo', repo, '-m', 'gemini-4-hydrogen', '-o', 'json'],
    });
    const cost = (JSON.parse(json.stdout) as { stats: { cost: Record<string, unknown> } }).stats
      .cost;
    expect(cost).toMatchObject({
      usd: null,
      known_usd: 0,
      unknown: [
        {
          model: 'gemini-4-hydrogen',
          reason: 'gemini-4-hydrogen has no list price in the model table',
        },
      ],
      models: { 'gemini-4-hydrogen': { requests: 1, usd: null } },
    });
  });
});

describe('gemini-agent -p --max-cost', () => {
  it('stops before the request that would pass the cap, and says why with the estimate and the cap', async () => {
    const repo = await tempRepo(repoFiles);
    const run = await runCliWithModel({
      script: [
        // $0.04 + $0.02: the next request's prompt alone ($0.04) would pass $0.09.
        callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }], {
          usage: usage({ prompt: 10_000, candidates: 1_000 }),
        }),
        textReply('never requested'),
      ],
      args: [
        '-p',
        'Read it',
        '--repo',
        repo,
        '-m',
        'gemini-4-argon',
        '--max-cost',
        '0.09',
        '-o',
        'stream-json',
      ],
    });

    expect(run.code).toBe(1);
    expect(run.gemini.remaining()).toBe(1);
    const message =
      'Stopped before the next model request: the run has cost an estimated $0.060 (list prices), and the next request would cost at least $0.040, which would pass the cost cap of $0.090 (max cost).';
    expect(resultOf(run.stdout)).toMatchObject({
      status: 'error',
      error: { type: 'cost_budget', message },
      stats: { cost_usd: 0.06 },
    });
    // The tool call of the last response ran and was answered: the stop came between turns.
    expect(run.stdout).toContain('"status":"success"');
  });

  it('counts a subagent’s requests against the cap: the subagent stops, then its parent', async () => {
    const repo = await tempRepo(repoFiles);
    const run = await runCliWithModel({
      script: [
        callsReply(
          [{ id: 'inv', name: 'codebase_investigator', args: { objective: 'What is this?' } }],
          { usage: usage({ prompt: 1_000, candidates: 10 }) },
        ),
        // The subagent's first request: $0.40, past the cap.
        callsReply([{ id: 's1', name: 'read_file', args: { absolute_path: 'README.md' } }], {
          usage: usage({ prompt: 100_000, candidates: 0 }),
        }),
        textReply('never requested'),
      ],
      args: [
        '-p',
        'Investigate',
        '--repo',
        repo,
        '-m',
        'gemini-4-argon',
        '--max-cost',
        '0.10',
        '-o',
        'json',
      ],
    });

    expect(run.code).toBe(1);
    expect(run.gemini.remaining()).toBe(1);
    const output = JSON.parse(run.stdout) as {
      error: { type: string; message: string };
      stats: { cost: { usd: number } };
    };
    expect(output.stats.cost.usd).toBe(0.4042);
    expect(output.error.message).toContain('the run has cost an estimated $0.404 (list prices)');
    expect(output.error.message).toContain('the cost cap of $0.100 (max cost)');
  });

  it('stops when a request is answered by a model of unknown price: the cost can no longer be estimated', async () => {
    const repo = await tempRepo(repoFiles);
    const routed = callsReply(
      [{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }],
      { usage: usage({ prompt: 1_000, candidates: 10 }) },
    );
    // Google answered with another model, one the table has no price for.
    for (const chunk of routed.chunks) chunk.modelVersion = 'gemini-4-hydrogen';
    const run = await runCliWithModel({
      script: [routed, textReply('never requested')],
      args: [
        '-p',
        'Read it',
        '--repo',
        repo,
        '-m',
        'gemini-4-argon',
        '--max-cost',
        '1',
        '-o',
        'json',
      ],
    });

    expect(run.code).toBe(1);
    expect(run.gemini.remaining()).toBe(1);
    const output = JSON.parse(run.stdout) as {
      error: { type: string; message: string };
      stats: { cost: { usd: number | null } };
    };
    expect(output.stats.cost.usd).toBeNull();
    expect(output.error).toMatchObject({
      type: 'cost_budget',
      message:
        "Stopped: the run's cost can no longer be estimated (gemini-4-hydrogen has no list price in the model table), so the cost cap of $1.00 (max cost) cannot be kept. Estimated before that: $0.0000 (list prices).",
    });
  });

  it('refuses a model without a list price before any request, naming the model and the flag', async () => {
    const repo = await tempRepo(repoFiles);
    const run = await runCliWithModel({
      script: [textReply('never requested')],
      args: ['-p', 'Hi', '--repo', repo, '-m', 'gemini-4-hydrogen', '--max-cost', '1'],
    });
    expect(run.code).toBe(52);
    expect(run.gemini.remaining()).toBe(1);
    expect(run.stderr).toContain(
      '--max-cost is set, but gemini-4-hydrogen has no list price in the model table (src/model/model-table.json), so its cost cannot be capped; choose a model with a price (gemini-4-argon, ',
    );
    expect(run.stderr).toContain(') or remove --max-cost.');
  });

  it.each(['-1', 'abc', '0', ''])('rejects --max-cost %j as bad input', async (value) => {
    const repo = await tempRepo(repoFiles);
    const run = await runCliWithModel({
      script: [],
      args: ['-p', 'Hi', '--repo', repo, '-m', 'gemini-4-argon', `--max-cost=${value}`],
    });
    expect(run.code).toBe(42);
    expect(run.stderr).toContain(
      `--max-cost expects a positive number of US dollars such as 0.50, got "${value}".`,
    );
  });
});
