// `gemini-agent run` keeps the Action's outputs in outputs.json under --out: what a workflow's
// later steps would read (the conclusion, the cost and token counts, the mode's own outputs),
// redacted as the Action's outputs are.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { RUN_USAGE } from '../../src/cli/subcommands/run.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { git, runArgs, tempDir, testTerminal, writeJson, writeSession } from '../local/support.js';

const SECRET = 'eval-outputs-secret-value-0123456789';

async function fixRun(finalText: string) {
  const dir = await tempDir();
  const repo = await tempRepo(
    { 'README.md': '# Hello-World\n\nComit with two t.\n' },
    { git: true },
  );
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = '/gemini fix the spelling in the README';
  const event = await writeJson(dir, 'event.json', payload);
  const session = await writeSession(dir, [
    {
      calls: [
        {
          id: 'w1',
          name: 'write_file',
          args: { file_path: 'README.md', content: '# Hello-World\n\nCommit with one t.\n' },
        },
      ],
    },
    { text: finalText },
  ]);
  const out = path.join(dir, 'out');
  const terminal = testTerminal({ DEPLOY_TOKEN: SECRET });
  const code = await runCli(
    ['run', ...runArgs({ event, eventName: 'issue_comment', repo, replay: session, out })],
    terminal.io,
  );
  return { code, stderr: terminal.stderr, out, repo };
}

describe('gemini-agent run: outputs.json', () => {
  it('writes every output the Action set, with the cost and token counts and the branch', async () => {
    const run = await fixRun('Fixed the spelling of "commit" in the README.');
    expect(run.code, run.stderr).toBe(0);
    const outputs = JSON.parse(
      await readFile(path.join(run.out, 'outputs.json'), 'utf8'),
    ) as Record<string, string>;
    expect(outputs.conclusion).toBe('success');
    expect(outputs.summary).toContain('Fixed the spelling');
    expect(Number(outputs.input_tokens)).toBeGreaterThan(0);
    expect(Number(outputs.output_tokens)).toBeGreaterThan(0);
    expect(outputs.cached_input_tokens).toBe('0');
    expect(outputs.tool_calls).toBe('1');
    expect(Object.keys(outputs)).toContain('cost_usd');
    // The mode's own outputs: the branch the commit was pushed to, a branch of --repo.
    expect(outputs.branch_name).toMatch(/^gemini\//);
    expect(git(run.repo, 'branch', '--list', outputs.branch_name ?? '')).toContain(
      outputs.branch_name,
    );
    expect(outputs.error).toBe('');
  });

  it('redacts the outputs as the Action does', async () => {
    const run = await fixRun(`Done. The deploy token is ${SECRET}.`);
    const text = await readFile(path.join(run.out, 'outputs.json'), 'utf8');
    expect(text).not.toContain(SECRET);
    expect((JSON.parse(text) as Record<string, string>).summary).toContain('Done.');
  });

  it('is named in run --help', () => {
    expect(RUN_USAGE).toMatch(/Written under --out:[^]*outputs\.json/);
  });
});
