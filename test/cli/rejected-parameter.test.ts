// The CLI's end when the model API refuses a generation parameter: one line on stderr naming the
// parameter, the model, where it was set and the override; exit code 1, as for other model
// errors; no retry, no stack.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { testIo } from '../support/cli-io.js';
import { httpError, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

async function runRefused(model: string, message: string) {
  const repo = await tempRepo({ 'README.md': '# demo\n' });
  const server = await useFakeGemini([httpError(400, message)]);
  const run = testIo({
    PATH: process.env.PATH ?? '',
    HOME: await tempRepo(),
    GEMINI_API_KEY: 'k',
    GOOGLE_GEMINI_BASE_URL: server.url,
  });
  const code = await runCli(['-p', 'hi', '--repo', repo, '-m', model], run.io);
  return { code, stdout: run.stdout, stderr: run.stderr, server };
}

describe('a generation parameter the model API refuses', () => {
  // A 2.5 model the table does not list: its family's budget, and no lifecycle warning beside.
  it("ends in one line naming the parameter, its value, the model, the table's rule and the override", async () => {
    const run = await runRefused(
      'gemini-2.5-test',
      'Thinking budget is not supported for this model.',
    );

    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      'error: The model API rejected the request parameter thinkingConfig.thinkingBudget (sent as 8192) for the model gemini-2.5-test (HTTP 400 INVALID_ARGUMENT): Thinking budget is not supported for this model. ' +
        "It was set by the model table's gemini-2.5 family rule. " +
        'Override it for this model in .gemini/settings.json: {"modelConfigs":{"overrides":[{"match":{"model":"gemini-2.5-test"},"modelConfig":{"generateContentConfig":{"thinkingConfig":{"thinkingBudget":…}}}}]}} (the parameters there go to the API as written).',
    ]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.server.generateRequests()).toHaveLength(1);
  });

  it('names a Gemini 4 model and the thinking level it refused', async () => {
    const run = await runRefused(
      'gemini-4-neon',
      'Thinking level MINIMAL is not supported for this model. Please retry with other thinking level.',
    );

    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error: The model API rejected the request parameter thinkingConfig\.thinkingLevel( \(sent as "[A-Z]+"\))? for the model gemini-4-neon \(HTTP 400 INVALID_ARGUMENT\): Thinking level MINIMAL is not supported for this model\. Please retry with other thinking level\.( It was set by [^.]+\.)? Override it for this model in \.gemini\/settings\.json: \{"modelConfigs":\{"overrides":\[\{"match":\{"model":"gemini-4-neon"\},"modelConfig":\{"generateContentConfig":\{"thinkingConfig":\{"thinkingLevel":…\}\}\}\}\]\}\}/,
    );
    expect(run.server.generateRequests()).toHaveLength(1);
  });
});
