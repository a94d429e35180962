import { describe, expect, it } from 'vitest';
import { inputReader, removeSecretVariables } from '../../src/action/main.js';

describe("the Action's environment", () => {
  it('takes every secret-holding variable out, and keeps what the Action itself needs', () => {
    const env: NodeJS.ProcessEnv = {
      PATH: '/usr/bin',
      INPUT_GEMINI_API_KEY: 'k1',
      INPUT_GITHUB_TOKEN: 'ghs_x',
      GITHUB_TOKEN: 'ghs_y',
      GEMINI_API_KEY: 'k2',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
      ACTIONS_RUNTIME_TOKEN: 'runtime',
      NPM_TOKEN: 'npm',
      GITHUB_OUTPUT: '/runner/_temp/_runner_file_commands/set_output_1',
      GITHUB_STEP_SUMMARY: '/runner/_temp/_runner_file_commands/step_summary_1',
      GOOGLE_APPLICATION_CREDENTIALS: '/runner/_temp/gha-creds.json',
      GITHUB_REPOSITORY: 'octo/repo',
    };
    const removed = removeSecretVariables(env);
    expect(removed.sort()).toEqual(
      [
        'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
        'ACTIONS_RUNTIME_TOKEN',
        'GEMINI_API_KEY',
        'GITHUB_TOKEN',
        'INPUT_GEMINI_API_KEY',
        'INPUT_GITHUB_TOKEN',
        'NPM_TOKEN',
      ].sort(),
    );
    expect(Object.keys(env).sort()).toEqual(
      [
        'GITHUB_OUTPUT',
        'GITHUB_REPOSITORY',
        'GITHUB_STEP_SUMMARY',
        'GOOGLE_APPLICATION_CREDENTIALS',
        'PATH',
      ].sort(),
    );
  });

  it('reads inputs from the private copy the way core.getInput does', () => {
    const read = inputReader({ INPUT_GITHUB_TOKEN: '  ghs_z \n', INPUT_MY_INPUT: 'v' });
    expect(read('github_token')).toBe('ghs_z');
    expect(read('my input')).toBe('v');
    expect(read('missing')).toBe('');
  });
});
