// One `gemini-agent` run in this process against the fake Gemini server: the model's replies are
// the script, the workspace trusted (as a user who passed GEMINI_CLI_TRUST_WORKSPACE would), and
// a scratch home of its own, so nothing the run writes lands in the real one.
import { runCli } from '../../src/cli/run-cli.js';
import { testIo } from './cli-io.js';
import type { FakeGeminiServer, FakeStep } from './fake-gemini.js';
import { useFakeGemini } from './fake-gemini.js';
import { tempRepo } from './temp-repo.js';

export interface CliModelRun {
  code: number;
  stdout: string;
  stderr: string;
  gemini: FakeGeminiServer;
}

/** `gemini-agent <args>` with the model answering `script`; `env` over the defaults. */
export async function runCliWithModel(options: {
  script: FakeStep[];
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
}): Promise<CliModelRun> {
  const gemini = await useFakeGemini(options.script);
  const run = testIo({
    PATH: process.env.PATH ?? '',
    HOME: await tempRepo(),
    GEMINI_API_KEY: 'test-key',
    GOOGLE_GEMINI_BASE_URL: gemini.url,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    ...options.env,
  });
  const code = await runCli([...options.args], run.io);
  return { code, stdout: run.stdout, stderr: run.stderr, gemini };
}
