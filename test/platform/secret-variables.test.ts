// The run's own secrets, one list: what each entry point's secrets are called, which values count
// as secret (so a copy under another name is refused), and that the tool environment and the
// model's credentials agree with it.
import { describe, expect, it } from 'vitest';
import { TOKEN_VARIABLE } from '../../src/cli/a2a-server/bearer-token.js';
import { resolveModelAuth } from '../../src/model/model-auth.js';
import { FILE_COMMAND_VARIABLES } from '../../src/platform/runner-file-commands.js';
import {
  looksLikeCredentialName,
  RUN_SECRET_VARIABLES,
  runSecretValues,
  runSecretVariable,
} from '../../src/platform/secret-variables.js';
import {
  buildToolEnvironment,
  isSecretEnvironmentName,
} from '../../src/platform/tool-environment.js';

describe('RUN_SECRET_VARIABLES', () => {
  it('is upper case, has no name twice, and says what each holds', () => {
    const names = RUN_SECRET_VARIABLES.map((entry) => `${entry.name}${entry.prefix ? '*' : ''}`);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of RUN_SECRET_VARIABLES) {
      expect(entry.name).toBe(entry.name.toUpperCase());
      expect(entry.holds.length, entry.name).toBeGreaterThan(10);
    }
  });

  it.each([
    // What model/model-auth.ts reads a credential from, and the credentials files.
    ['GEMINI_API_KEY', 'whole'],
    ['GOOGLE_API_KEY', 'whole'],
    ['GOOGLE_APPLICATION_CREDENTIALS', 'whole'],
    ['CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE', 'whole'],
    ['GOOGLE_GHA_CREDS_PATH', 'whole'],
    // The A2A server's token, under the name bearer-token.ts reads.
    [TOKEN_VARIABLE, 'whole'],
    ['GITHUB_TOKEN', 'whole'],
    ['GH_TOKEN', 'whole'],
    ['ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'whole'],
    ['ACTIONS_ID_TOKEN_REQUEST_URL', 'none'],
    ['ACTIONS_RUNTIME_TOKEN', 'whole'],
    ['ACTIONS_CACHE_URL', 'credential-named'],
    ['INPUT_GITHUB_TOKEN', 'credential-named'],
    ['INPUT_GEMINI_API_KEY', 'credential-named'],
    ['OTEL_EXPORTER_OTLP_HEADERS', 'headers'],
    ['OTEL_EXPORTER_OTLP_TRACES_HEADERS', 'headers'],
    ['OTEL_EXPORTER_OTLP_METRICS_HEADERS', 'headers'],
    ['OTEL_EXPORTER_OTLP_LOGS_HEADERS', 'headers'],
    ...FILE_COMMAND_VARIABLES.map((name) => [name, 'none']),
  ])('lists %s (values: %s), in any letter case', (name, values) => {
    expect(runSecretVariable(name)?.values).toBe(values);
    expect(runSecretVariable(name.toLowerCase())?.values).toBe(values);
  });

  it.each(['MCP_GITHUB_TOKEN', 'NPM_TOKEN', 'PATH', 'GITHUB_REPOSITORY', 'OTEL_SERVICE_NAME'])(
    'does not list %s: a server’s own credential, or no secret at all',
    (name) => {
      expect(runSecretVariable(name)).toBeUndefined();
    },
  );
});

describe('runSecretValues', () => {
  it('takes whole values, header credentials, and only credential-named values of a prefix', () => {
    const found = runSecretValues({
      GEMINI_API_KEY: '  model-key-0123456789 \n',
      gh_token: 'gh-token-0123456789',
      INPUT_GITHUB_TOKEN: 'input-token-0123456789',
      INPUT_MODEL: 'gemini-2.5-pro',
      INPUT_SANDBOX: 'auto',
      ACTIONS_RUNTIME_TOKEN: 'runtime-0123456789',
      ACTIONS_STEP_DEBUG: 'true',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://example.com/oidc',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-0123456789,x-org=acme',
      GITHUB_ENV: '/home/runner/env',
      GITHUB_TOKEN: '',
      NPM_TOKEN: 'npm-0123456789',
    });
    expect(found).toEqual([
      { name: 'GEMINI_API_KEY', value: 'model-key-0123456789' },
      { name: 'gh_token', value: 'gh-token-0123456789' },
      { name: 'INPUT_GITHUB_TOKEN', value: 'input-token-0123456789' },
      { name: 'ACTIONS_RUNTIME_TOKEN', value: 'runtime-0123456789' },
      {
        name: 'OTEL_EXPORTER_OTLP_HEADERS',
        value: 'authorization=Bearer%20collector-0123456789,x-org=acme',
      },
      {
        name: 'OTEL_EXPORTER_OTLP_HEADERS',
        value: 'Bearer collector-0123456789',
        part: true,
      },
      { name: 'OTEL_EXPORTER_OTLP_HEADERS', value: 'collector-0123456789', part: true },
    ]);
  });

  it('finds the credential of every model transport the environment can choose', () => {
    for (const env of [
      { GEMINI_API_KEY: 'gemini-key-0123456789' },
      { GOOGLE_GENAI_USE_VERTEXAI: 'true', GOOGLE_API_KEY: 'vertex-key-0123456789' },
    ]) {
      const auth = resolveModelAuth(env);
      const key = 'apiKey' in auth ? auth.apiKey : undefined;
      expect(runSecretValues(env).map((found) => found.value)).toContain(key);
    }
  });
});

describe('the tool environment', () => {
  it('passes none of the listed variables, even allowed by name and by prefix', () => {
    const env = Object.fromEntries(
      RUN_SECRET_VARIABLES.map((entry) => [
        entry.prefix ? `${entry.name}ANYTHING` : entry.name,
        'secret',
      ]),
    );
    const allow = [...Object.keys(env), 'OTEL_*', 'GITHUB_*', 'GEMINI_*', 'GOOGLE_*', 'GH_*'];
    const built = buildToolEnvironment({ ...env, PATH: '/bin' }, { allow });
    expect(Object.keys(built).filter((name) => name in env)).toEqual([]);
    for (const name of Object.keys(env)) expect(isSecretEnvironmentName(name)).toBe(true);
  });

  it.each([
    ['NPM_TOKEN', true],
    ['DEPLOY_KEY', true],
    ['CLIENT_SECRET_ID', true],
    ['MYSQL_PASSWD', true],
    ['GCP_CREDENTIALS', true],
    ['KEYBOARD', false],
    ['TOKENIZER', false],
  ])('%s looks like a credential: %s', (name, expected) => {
    expect(looksLikeCredentialName(name)).toBe(expected);
  });
});
