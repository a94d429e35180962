// `gemini-agent run` shows what the run cost as the Action's outputs say it, and takes the cap as
// `--max-cost` (the max_cost_usd input): the run stops at it and keeps its work as a branch.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { git, runArgs, tempDir, testTerminal, writeJson, writeSession } from '../local/support.js';

/** Two turns: a write, then the answer; writeSession's usage is 1,000 and 1,100 prompt tokens. */
const fixReadme = [
  {
    calls: [
      {
        id: 'w1',
        name: 'write_file',
        args: { file_path: 'README.md', content: '# Hello-World\n\nCommit with one t.\n' },
      },
    ],
  },
  { text: 'Fixed the spelling.' },
];

async function runWith(...extra: string[]) {
  const dir = await tempDir();
  const repo = await tempRepo({ 'README.md': '# Hello-World\n\nComit.\n' }, { git: true });
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = '/gemini fix the spelling in the README';
  const event = await writeJson(dir, 'event.json', payload);
  const session = await writeSession(dir, fixReadme);
  const out = path.join(dir, 'out');
  const terminal = testTerminal({});
  const code = await runCli(
    [
      'run',
      ...runArgs({ event, eventName: 'issue_comment', repo, replay: session, out }),
      '--input',
      'model=gemini-4-argon',
      ...extra,
    ],
    terminal.io,
  );
  const comment = await readFile(path.join(out, 'comment-1.md'), 'utf8');
  const summary = await readFile(path.join(out, 'job-summary.md'), 'utf8');
  return { code, stdout: terminal.stdout, stderr: terminal.stderr, comment, summary, repo };
}

describe('gemini-agent run: cost', () => {
  it('prints cost_usd and the token outputs, and writes the cost into the comment and the summary', async () => {
    const run = await runWith();

    expect(run.code, run.stderr).toBe(0);
    // gemini-4-argon, $4 and $20 a million: 1,000 + 1,100 prompt tokens, 20 + 20 output.
    expect(run.stdout).toContain('cost_usd: 0.0092 (estimate from list prices)');
    expect(run.stdout).toContain('cached_input_tokens: 0');
    expect(run.stdout).toContain('thought_tokens: 0');
    const line = '**Cost** (estimate from list prices): gemini-4-argon $0.0092';
    expect(run.comment).toContain(line);
    expect(run.summary).toContain(line);
  });

  it('stops at --max-cost between turns, keeps the work on a branch, and says why', async () => {
    const run = await runWith('--max-cost', '0.005');

    expect(run.code).toBe(1);
    expect(run.stdout).toContain('cost_usd: 0.0044 (estimate from list prices)');
    expect(run.comment).toContain(
      '**Budget reached: the cost cap**: Stopped before the next model request: the run has cost an estimated $0.0044 (list prices), and the next request would cost at least $0.0040, which would pass the cost cap of $0.0050 (max cost).',
    );
    const branch = /branch_name: (\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(branch).not.toBe('');
    expect(git(run.repo, 'log', '-1', '--format=%s', branch)).toMatch(/^WIP: /);
    expect(git(run.repo, 'show', `${branch}:README.md`)).toBe(
      '# Hello-World\n\nCommit with one t.',
    );
  });
});
