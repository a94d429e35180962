// Vertex AI or Code Assist without Application Default Credentials, in process: the CLI stops
// before any request with the authentication exit code and says what to do.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { testIo } from '../support/cli-io.js';
import { tempRepo } from '../support/temp-repo.js';

/** No credentials anywhere, and the metadata server ruled out without asking the network. */
async function noCredentials(env: Record<string, string>) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: await tempRepo(),
    METADATA_SERVER_DETECTION: 'none',
    ...env,
  };
}

describe('model credentials the CLI cannot find', () => {
  it.each([
    [
      'Vertex AI',
      {
        GOOGLE_GENAI_USE_VERTEXAI: 'true',
        GOOGLE_CLOUD_PROJECT: 'p',
        GOOGLE_CLOUD_LOCATION: 'us-central1',
      },
    ],
    ['Gemini Code Assist', { GOOGLE_GENAI_USE_GCA: 'true' }],
  ])('%s: exit 41 and what to do', async (name, env) => {
    const run = testIo(await noCredentials(env));
    const code = await runCli(['-p', 'hi', '--repo', await tempRepo()], run.io);
    expect(code, run.stderr).toBe(41);
    expect(run.stderr).toContain(
      `error: ${name} signs in with Application Default Credentials, and there are none`,
    );
    expect(run.stderr).toContain('gcloud auth application-default login');
  });
});
