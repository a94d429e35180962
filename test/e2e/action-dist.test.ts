// Runs the committed Action bundle with a runner's environment against the fake Gemini server.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

const run = promisify(execFile);
const action = path.resolve(import.meta.dirname, '../../dist/index.js');

/** Parses the runner's GITHUB_OUTPUT file (`name<<delimiter` blocks). */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!match?.[1] || !match[2]) continue;
    const value: string[] = [];
    while (++i < lines.length && lines[i] !== match[2]) value.push(lines[i] ?? '');
    outputs[match[1]] = value.join('\n');
  }
  return outputs;
}

async function runAction(inputs: Record<string, string>, geminiUrl: string) {
  const workspace = await tempRepo({ 'README.md': '# demo\n' });
  const runnerTemp = await tempRepo();
  const outputFile = path.join(runnerTemp, 'output');
  const summaryFile = path.join(runnerTemp, 'summary');
  await writeFile(outputFile, '');
  await writeFile(summaryFile, '');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GOOGLE_GEMINI_BASE_URL: geminiUrl,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const result = await run(process.execPath, [action], { env }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: unknown) => {
      const failure = error as { code: number; stdout: string };
      return { code: failure.code, stdout: failure.stdout };
    },
  );
  return {
    ...result,
    outputs: parseOutputs(await readFile(outputFile, 'utf8')),
    summary: await readFile(summaryFile, 'utf8'),
  };
}

describe('dist/index.js', () => {
  it('runs the prompt and sets the outputs and job summary', async () => {
    const server = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }]),
      textReply('The README is a one-line heading.'),
    ]);
    const result = await runAction(
      { prompt: 'Describe the README', gemini_api_key: 'secret-key-123', max_turns: '5' },
      server.url,
    );
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      conclusion: 'success',
      summary: 'The README is a one-line heading.',
      tool_calls: '1',
      error: '',
    });
    expect(await readFile(result.outputs.transcript_file ?? '', 'utf8')).toContain(
      '"kind":"state_change"',
    );
    expect(result.summary).toContain('The README is a one-line heading.');
    expect(result.stdout).toContain('::add-mask::secret-key-123');
    expect(server.generateRequests()[0]?.headers['x-goog-api-key']).toBe('secret-key-123');
  });

  it('fails naming the input when an input is invalid', async () => {
    const server = await useFakeGemini([]);
    const result = await runAction(
      { prompt: 'x', gemini_api_key: 'k', max_turns: 'lots' },
      server.url,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '::error::max_turns: expected a positive whole number, got "lots".',
    );
    expect(result.outputs.conclusion).toBe('failure');
  });
});
