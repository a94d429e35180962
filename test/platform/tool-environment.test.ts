import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import {
  buildToolEnvironment,
  checkToolEnvironmentAllowList,
  isAllowedEnvironmentName,
  isSecretEnvironmentName,
} from '../../src/platform/tool-environment.js';

const FIXED = {
  GEMINI_CLI: '1',
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  GIT_TERMINAL_PROMPT: '0',
  NO_COLOR: '1',
};

/** What a GitHub runner step environment looks like, secrets included. */
const RUNNER_ENV = {
  PATH: '/usr/bin:/bin',
  HOME: '/home/runner',
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  LC_CTYPE: 'C.UTF-8',
  TERM: 'xterm',
  TZ: 'UTC',
  USER: 'runner',
  LOGNAME: 'runner',
  SHELL: '/bin/bash',
  TMPDIR: '/tmp',
  CI: 'true',
  GITHUB_TOKEN: 'canary-github-token',
  GH_TOKEN: 'canary-gh-token',
  INPUT_GITHUB_TOKEN: 'canary-input-token',
  'INPUT_GEMINI-API-KEY': 'canary-input-key',
  GEMINI_API_KEY: 'canary-gemini-key',
  GOOGLE_API_KEY: 'canary-google-key',
  GOOGLE_APPLICATION_CREDENTIALS: '/tmp/creds.json',
  // google-github-actions/auth points all three at the credentials file it writes.
  CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE: '/tmp/creds.json',
  GOOGLE_GHA_CREDS_PATH: '/tmp/creds.json',
  ACTIONS_RUNTIME_TOKEN: 'canary-runtime',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.example',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'canary-oidc',
  ACTIONS_CACHE_URL: 'https://cache.example',
  GITHUB_ENV: '/home/runner/work/_temp/_runner_file_commands/set_env',
  GITHUB_OUTPUT: '/home/runner/work/_temp/_runner_file_commands/set_output',
  GITHUB_PATH: '/home/runner/work/_temp/_runner_file_commands/add_path',
  GITHUB_STATE: '/home/runner/work/_temp/_runner_file_commands/save_state',
  GITHUB_STEP_SUMMARY: '/home/runner/work/_temp/_runner_file_commands/step_summary',
  GITHUB_REPOSITORY: 'octo/repo',
  NPM_TOKEN: 'canary-npm',
  NODE_OPTIONS: '--max-old-space-size=4096',
  PAGER: 'less',
  UNSET: undefined,
};

describe('buildToolEnvironment', () => {
  it('passes only the default allow-list and sets the fixed variables', () => {
    expect(buildToolEnvironment(RUNNER_ENV)).toEqual({
      PATH: '/usr/bin:/bin',
      HOME: '/home/runner',
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      LC_CTYPE: 'C.UTF-8',
      TERM: 'xterm',
      TZ: 'UTC',
      USER: 'runner',
      LOGNAME: 'runner',
      SHELL: '/bin/bash',
      TMPDIR: '/tmp',
      CI: 'true',
      ...FIXED,
    });
  });

  it('passes configured names and prefix patterns', () => {
    const env = buildToolEnvironment(
      { ...RUNNER_ENV, NPM_CONFIG_CACHE: '/c', NPM_CONFIG_REGISTRY: 'https://r' },
      { allow: ['NODE_OPTIONS', 'GITHUB_REPOSITORY', 'NPM_CONFIG_*'] },
    );
    expect(env.NODE_OPTIONS).toBe('--max-old-space-size=4096');
    expect(env.GITHUB_REPOSITORY).toBe('octo/repo');
    expect(env.NPM_CONFIG_CACHE).toBe('/c');
    expect(env.NPM_CONFIG_REGISTRY).toBe('https://r');
  });

  it('never passes secrets and file-command paths, even when they are allowed', () => {
    const allow = [
      ...Object.keys(RUNNER_ENV).filter((name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)),
      'INPUT_*',
      'ACTIONS_*',
      'GITHUB_*',
      'NPM_*',
      'GH_*',
      'GEMINI_*',
      'GOOGLE_*',
      'CLOUDSDK_*',
    ];
    const env = buildToolEnvironment(RUNNER_ENV, { allow });
    for (const name of [
      'GITHUB_TOKEN',
      'GH_TOKEN',
      'INPUT_GITHUB_TOKEN',
      'INPUT_GEMINI-API-KEY',
      'GEMINI_API_KEY',
      'GOOGLE_API_KEY',
      'GOOGLE_APPLICATION_CREDENTIALS',
      'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
      'GOOGLE_GHA_CREDS_PATH',
      'ACTIONS_RUNTIME_TOKEN',
      'ACTIONS_ID_TOKEN_REQUEST_URL',
      'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
      'ACTIONS_CACHE_URL',
      'GITHUB_ENV',
      'GITHUB_OUTPUT',
      'GITHUB_PATH',
      'GITHUB_STATE',
      'GITHUB_STEP_SUMMARY',
      'NPM_TOKEN',
    ]) {
      expect(env, name).not.toHaveProperty(name);
    }
    expect(JSON.stringify(env)).not.toContain('canary');
    // Allowed and harmless: still there.
    expect(env.GITHUB_REPOSITORY).toBe('octo/repo');
  });

  it('overrides the parent for the fixed variables', () => {
    expect(
      buildToolEnvironment({ PAGER: 'less', NO_COLOR: '0' }, { allow: ['PAGER', 'NO_COLOR'] }),
    ).toEqual(FIXED);
  });
});

describe('isSecretEnvironmentName', () => {
  it.each([
    'GITHUB_TOKEN',
    'github_token',
    'GH_TOKEN',
    'INPUT_ANYTHING',
    'ACTIONS_RESULTS_URL',
    'GEMINI_API_KEY',
    'GOOGLE_API_KEY',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'AWS_SECRET_ACCESS_KEY',
    'DEPLOY_KEY',
    'SLACK_WEBHOOK_SECRET',
    'DB_PASSWORD',
    'MYSQL_ROOT_PASSWORD_FILE',
    'GITHUB_STEP_SUMMARY',
  ])('refuses %s', (name) => {
    expect(isSecretEnvironmentName(name)).toBe(true);
    expect(isAllowedEnvironmentName(name, { allow: [name] })).toBe(false);
  });

  it.each(['PATH', 'HOME', 'LC_ALL', 'NODE_OPTIONS', 'GITHUB_REPOSITORY', 'KEYBOARD'])(
    'does not refuse %s',
    (name) => {
      expect(isSecretEnvironmentName(name)).toBe(false);
    },
  );
});

describe('checkToolEnvironmentAllowList', () => {
  it('names the entries that will never take effect', () => {
    expect(checkToolEnvironmentAllowList(['NODE_OPTIONS', 'NPM_TOKEN', 'NPM_*'])).toEqual({
      refused: ['NPM_TOKEN'],
    });
  });

  it('rejects entries that are not variable names', () => {
    expect(() => checkToolEnvironmentAllowList(['NODE OPTIONS'])).toThrow(ConfigurationError);
    expect(() => checkToolEnvironmentAllowList(['*'], 'settings.json tools.env')).toThrow(
      'settings.json tools.env: "*" is not an environment variable name. Expected a name such as NODE_OPTIONS or a prefix pattern such as NPM_CONFIG_*.',
    );
  });
});
