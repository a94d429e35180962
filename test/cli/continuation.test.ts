// A session whose model answer runs past one request (finish reason CONTINUATION, continued by
// the SDK with the reply's token) ends with the whole answer, and its token counts hold both
// requests once each: what `-o json` reports and the cost estimate is built on.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliWithModel } from '../support/cli-run.js';
import { continuationTokenOf, continuedReply, usage } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

describe('gemini-agent -p with an answer continued over two requests', () => {
  it('prints the whole answer and counts both requests once each', async () => {
    const run = await runCliWithModel({
      script: continuedReply(
        'hop-1',
        { text: 'Part one. ', usage: usage({ prompt: 1000, candidates: 65_536 }) },
        { text: 'Part two.', usage: usage({ prompt: 1000, candidates: 500 }) },
      ),
      args: ['-p', 'Write it all.', '-o', 'json', '--repo', await tempRepo({ 'a.txt': 'a' })],
    });

    expect(run.code, run.stderr).toBe(0);
    const output = JSON.parse(run.stdout) as {
      response: string;
      stats: { models: Record<string, { tokens: Record<string, number> }> };
    };
    expect(output.response).toBe('Part one. Part two.');
    const [tokens] = Object.values(output.stats.models).map((model) => model.tokens);
    expect(tokens).toMatchObject({ prompt: 2000, candidates: 66_036, total: 68_036 });
    expect(run.gemini.generateRequests().map(continuationTokenOf)).toEqual([undefined, 'hop-1']);
  });

  it('records it so that --replay gives the same answer and the same counts', async () => {
    const recording = path.join(await tempRepo(), 'session.jsonl');
    const live = await runCliWithModel({
      script: continuedReply(
        'hop-1',
        { text: 'Part one. ', usage: usage({ prompt: 1000, candidates: 65_536 }) },
        { text: 'Part two.', usage: usage({ prompt: 1000, candidates: 500 }) },
      ),
      args: [
        '-p',
        'Write it all.',
        '-o',
        'json',
        '--record',
        recording,
        '--repo',
        await tempRepo({ 'a.txt': 'a' }),
      ],
    });
    expect(live.code, live.stderr).toBe(0);

    const replayed = await runCliWithModel({
      script: [],
      args: [
        '-p',
        'Write it all.',
        '-o',
        'json',
        '--replay',
        recording,
        '--repo',
        await tempRepo({ 'a.txt': 'a' }),
      ],
    });
    expect(replayed.code, replayed.stderr).toBe(0);
    const summary = (stdout: string) => {
      const output = JSON.parse(stdout) as {
        response: string;
        stats: { models: Record<string, { tokens: Record<string, number> }> };
      };
      return { response: output.response, tokens: Object.values(output.stats.models)[0]?.tokens };
    };
    expect(summary(replayed.stdout)).toEqual(summary(live.stdout));
    expect(summary(replayed.stdout).response).toBe('Part one. Part two.');
  });
});
