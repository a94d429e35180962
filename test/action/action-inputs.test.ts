import { describe, expect, it } from 'vitest';
import type { ActionInputs } from '../../src/action/action-inputs.js';
import { readActionInputs } from '../../src/action/action-inputs.js';
import { AuthenticationError, ConfigurationError } from '../../src/platform/errors.js';

const TOKEN = 'ghs_jobtoken000000000000000000000000000';

/** Inputs as the runner passes them: only what the workflow (or action.yml) sets. */
function read(
  inputs: Record<string, string>,
  env: Record<string, string | undefined> = {},
): ActionInputs {
  const all: Record<string, string> = {
    github_token: TOKEN,
    gemini_api_key: 'model-key-1234',
    ...inputs,
  };
  return readActionInputs((name) => all[name] ?? '', env);
}

/** The error message for a bad input, checking it is located at that input. */
function failure(
  inputs: Record<string, string>,
  env: Record<string, string | undefined> = {},
): { input: string | undefined; message: string } {
  try {
    read(inputs, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    const configError = error as ConfigurationError;
    return { input: configError.location?.input, message: configError.message };
  }
  throw new Error('expected the inputs to be rejected');
}

describe('readActionInputs', () => {
  it('applies the defaults of action.yml to inputs left empty', () => {
    const inputs = read({});
    expect(inputs).toEqual({
      auth: { type: 'gemini-api-key', apiKey: 'model-key-1234' },
      storeRequests: false,
      // Chosen later, when the settings (model.name) are read: see chooseRunModels.
      model: undefined,
      fallbackModel: undefined,
      prompt: undefined,
      mode: 'auto',
      triggerPhrase: '/gemini',
      githubToken: TOKEN,
      policyFiles: [],
      extensions: [],
      allowedCommands: [],
      settings: undefined,
      maxTurns: 100,
      maxCostUsd: undefined,
      timeoutMinutes: 30,
      sandbox: 'auto',
      allowedBots: [],
      botLogin: 'github-actions[bot]',
      review: {
        maxFindings: 25,
        minSeverity: 'low',
        requestChanges: 'never',
        skipDrafts: true,
        skipLabels: [],
        skipAuthors: [],
        ignorePaths: [],
        fanoutThreshold: 800,
      },
      triage: { allowComment: true, batchSize: 10 },
      publish: {
        branchPrefix: 'gemini/',
        pushToPrBranch: true,
        allowWorkflowEdits: false,
        signedCommits: false,
        createPr: 'draft',
      },
      repository: undefined,
      workingDirectory: undefined,
      campaign: undefined,
      campaignPolicyFiles: [],
      promptFile: undefined,
      reportKey: undefined,
      uploadArtifact: true,
      secrets: ['model-key-1234', TOKEN],
    });
  });

  it.each([
    [
      'branch_prefix',
      'gemini bot/',
      'expected a branch name prefix such as "gemini/" (letters, digits, "-", "_", "." and "/"), got "gemini bot/"',
    ],
    [
      'branch_prefix',
      'refs/heads/x/',
      'expected a branch name prefix such as "gemini/" (letters, digits, "-", "_", "." and "/"), got "refs/heads/x/": it starts with "refs/".',
    ],
    ['create_pr', 'yes', 'expected one of never, draft, ready, got "yes".'],
    [
      'repository',
      'https://github.com/octo-org/billing.git',
      'expected a repository as owner/name, such as octo-org/billing-service, got "https://github.com/octo-org/billing.git".',
    ],
    [
      'working_directory',
      '../elsewhere',
      'expected the checkout\'s folder relative to GITHUB_WORKSPACE (the path given to actions/checkout), got "../elsewhere": it leaves the repository.',
    ],
    [
      'campaign',
      'Node 24',
      'expected a campaign key of lowercase letters and digits joined by single ".", "_" or "-", at most 64 characters (e.g. "node-24-2026-12"), got "Node 24".',
    ],
    ['push_to_pr_branch', 'maybe', 'expected true or false, got "maybe".'],
    [
      'triage_batch_size',
      '40',
      'expected a whole number from 1 to 25 (issues per triage session), got 40.',
    ],
    ['review_min_severity', 'urgent', 'expected one of critical, high, medium, low, got "urgent".'],
    ['review_max_findings', '500', 'expected a whole number from 0 to 100, got "500".'],
    [
      'prompt_file',
      '../secrets.txt',
      'expected a file relative to the repository root; "../secrets.txt" leaves the repository.',
    ],
    ['bot_login', 'my app', 'expected the login the github_token posts as'],
    ['sandbox', 'docker', 'expected one of auto, namespace, user, none, got "docker".'],
    ['upload_artifact', 'no', 'expected true or false, got "no".'],
    ['store_requests', 'maybe', 'expected true or false, got "maybe".'],
  ])('names %s when its value %j is wrong', (input, value, message) => {
    expect(() => read({ [input]: value })).toThrow(`${input}: ${message}`);
    expect(() => read({ [input]: value })).not.toThrow(`${input}: ${input}:`);
  });

  it.each(['auto', 'namespace', 'user', 'none'])('reads sandbox: %s', (mode) => {
    expect(read({ sandbox: mode }).sandbox).toBe(mode);
    expect(read({ sandbox: mode.toUpperCase() }).sandbox).toBe(mode);
  });

  it('reads the publishing, review and triage inputs', () => {
    const inputs = read({
      branch_prefix: 'bots/gemini-',
      create_pr: 'Ready',
      signed_commits: 'true',
      review_request_changes: 'high',
      review_ignore_paths: 'dist/**\n*.lock',
      triage_comment: 'false',
      triage_batch_size: '5',
      bot_login: 'my-app[bot]',
    });
    expect(inputs.publish).toMatchObject({
      branchPrefix: 'bots/gemini-',
      createPr: 'ready',
      signedCommits: true,
    });
    expect(inputs.review).toMatchObject({
      requestChanges: 'high',
      ignorePaths: ['dist/**', '*.lock'],
    });
    expect(inputs.triage).toEqual({ allowComment: false, batchSize: 5 });
    expect(inputs.botLogin).toBe('my-app[bot]');
    expect(read({ upload_artifact: 'false' }).uploadArtifact).toBe(false);
  });

  it('parses every input into its type', () => {
    const inputs = read({
      prompt: 'Update the changelog\nand open a PR',
      mode: 'Review',
      trigger_phrase: '@gemini-bot',
      model: 'gemini-2.5-flash',
      policy: 'ci/policy.toml\n\n  .gemini/extra.toml  ',
      allowed_commands: 'npm test\nnpm run lint',
      settings: '{"model": {"name": "gemini-2.5-flash"}}',
      max_turns: '12',
      timeout_minutes: '5',
      allowed_bots: 'dependabot[bot], renovate[bot]\nmy-app[bot]',
    });
    expect(inputs).toMatchObject({
      prompt: 'Update the changelog\nand open a PR',
      mode: 'review',
      triggerPhrase: '@gemini-bot',
      model: 'gemini-2.5-flash',
      policyFiles: ['ci/policy.toml', '.gemini/extra.toml'],
      allowedCommands: ['npm test', 'npm run lint'],
      settings: { kind: 'inline', settings: { model: { name: 'gemini-2.5-flash' } } },
      maxTurns: 12,
      timeoutMinutes: 5,
      allowedBots: ['dependabot[bot]', 'renovate[bot]', 'my-app[bot]'],
    });
  });

  it('takes a settings path relative to the repository root', () => {
    expect(read({ settings: '.gemini/ci-settings.json' }).settings).toEqual({
      kind: 'file',
      path: '.gemini/ci-settings.json',
    });
  });

  it('takes extension folders one a line, or as the JSON list run-gemini-cli takes', () => {
    expect(
      read({ extensions: '.gemini-extensions/security\n\n/opt/ext/gcp\n' }).extensions,
    ).toEqual(['.gemini-extensions/security', '/opt/ext/gcp']);
    expect(read({ extensions: '["vendor/a", "vendor/b"]' }).extensions).toEqual([
      'vendor/a',
      'vendor/b',
    ]);
  });

  it('refuses an extension given as an address: nothing is installed at run time', () => {
    expect(
      failure({ extensions: '["https://github.com/gemini-cli-extensions/security"]' }),
    ).toEqual({
      input: 'extensions',
      message:
        'extensions: expected the folder of an extension already on disk; "https://github.com/gemini-cli-extensions/security" is an address, and extensions are not installed at run time. Check the extension out at a pinned ref in an earlier step (actions/checkout with repository, ref and path) and give its path here.',
    });
    expect(failure({ extensions: '["a", 1]' }).message).toBe(
      'extensions: expected extension folders as strings; got 1.',
    );
    expect(failure({ extensions: '["a", {"b": [[]]}]' }).message).toBe(
      'extensions: expected extension folders as strings; got an object.',
    );
  });

  it('holds JSON in the settings and extensions inputs to the limits of a settings file', () => {
    const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const settings = failure({
      settings: `{
  "tools": ${deep(40)}
}`,
    });
    expect(settings.input).toBe('settings');
    expect(settings.message).toBe(
      'settings:2:43: expected JSON nested at most 32 levels deep; the array opened here is level 33.',
    );
    expect(failure({ extensions: `["a", ${deep(5000)}]` }).message).toBe(
      'extensions:1:38: expected JSON nested at most 32 levels deep; the array opened here is level 33.',
    );
    const big = failure({ settings: `{"x": "${'é'.repeat(600_000)}"}` });
    // The character that ends past 1 MiB: é is two bytes, after the 7 of `{"x": "`.
    expect(big.message).toBe(
      'settings:1:524292: expected JSON of at most 1048576 bytes; it has 1200009 (the limit is passed here).',
    );
    // At the limits, the inputs still load.
    expect(read({ settings: `{"x": ${deep(31)}}` }).settings).toMatchObject({ kind: 'inline' });
  });

  it.each(['true', 'True', 'TRUE'])('reads %s as true', (value) => {
    const inputs = read({
      gemini_api_key: '',
      use_gemini_code_assist: value,
    });
    expect(inputs.auth).toEqual({ type: 'code-assist' });
  });

  it.each([
    [{ use_vertex_ai: 'yes' }, 'use_vertex_ai', 'expected true or false, got "yes".'],
    [{ use_gemini_code_assist: '1' }, 'use_gemini_code_assist', 'expected true or false, got "1".'],
    [{ max_turns: 'ten' }, 'max_turns', 'expected a positive whole number, got "ten".'],
    [{ max_turns: '0' }, 'max_turns', 'expected a positive whole number, got "0".'],
    [{ timeout_minutes: '1.5' }, 'timeout_minutes', 'expected a positive whole number, got "1.5".'],
    [{ timeout_minutes: '-3' }, 'timeout_minutes', 'expected a positive whole number, got "-3".'],
    [
      { mode: 'fix' },
      'mode',
      'expected one of auto, invoke, review, triage, maintenance, got "fix".',
    ],
    [
      { trigger_phrase: 'hey gemini' },
      'trigger_phrase',
      'expected a trigger phrase such as /gemini without spaces, got "hey gemini".',
    ],
    [
      { model: 'gemini 2.5' },
      'model',
      'expected a model name or an alias such as flash without spaces, got "gemini 2.5".',
    ],
    [
      { fallback_model: 'flash lite' },
      'fallback_model',
      'expected a model name or an alias such as flash without spaces, got "flash lite".',
    ],
    [
      { allowed_bots: 'dependabot[bot], *' },
      'allowed_bots',
      'expected exact bot logins separated by commas or line breaks, such as dependabot[bot]; "*" is not a login (wildcards are not supported).',
    ],
    [
      { allowed_bots: 'bad name' },
      'allowed_bots',
      'expected exact bot logins separated by commas or line breaks, such as dependabot[bot]; "bad name" is not a login.',
    ],
    [
      { policy: 'ok.toml\n/etc/policy.toml' },
      'policy',
      'expected policy TOML files relative to the repository root, one a line; "/etc/policy.toml" is absolute.',
    ],
    [
      { policy: '../outside.toml' },
      'policy',
      'expected policy TOML files relative to the repository root, one a line; "../outside.toml" leaves the repository.',
    ],
    [
      { settings: '["not", "an", "object"]' },
      'settings',
      'expected a JSON object or the path of a settings JSON file relative to the repository root; got JSON that is not an object.',
    ],
    [
      { settings: '{"model": ' },
      'settings',
      /^expected a JSON object or the path of a settings JSON file relative to the repository root; the JSON does not parse: .+\.$/,
    ],
    [
      { github_token: '' },
      'github_token',
      /^expected a GitHub token; it is empty\. Leave the input out to use the job token/,
    ],
    [
      { settings: '/home/runner/settings.json' },
      'settings',
      'expected a JSON object or the path of a settings JSON file relative to the repository root; "/home/runner/settings.json" is absolute.',
    ],
    [{ gcp_location: 'us central1' }, 'gcp_location', /^expected a Google Cloud location/],
  ])('rejects %o at %s, saying what it accepts', (inputs, input, message) => {
    const error = failure(inputs);
    expect(error.input).toBe(input);
    const text = error.message.slice(`${input}: `.length);
    expect(error.message.startsWith(`${input}: `)).toBe(true);
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  });

  it('never echoes a secret input in a message', () => {
    const error = failure({ gemini_api_key: 'key-value-1234', use_vertex_ai: 'true' });
    expect(error.message).not.toContain('key-value-1234');
  });
});

describe('model authentication', () => {
  it('uses Vertex AI with the project and location inputs', () => {
    const inputs = read({
      gemini_api_key: '',
      use_vertex_ai: 'true',
      gcp_project_id: 'my-project',
      gcp_location: 'us-central1',
    });
    expect(inputs.auth).toEqual({
      type: 'vertex-ai',
      project: 'my-project',
      location: 'us-central1',
    });
  });

  it('names the missing Vertex AI inputs', () => {
    const error = failure({ gemini_api_key: '', use_vertex_ai: 'true', gcp_project_id: 'p-1' });
    expect(error.input).toBe('gcp_location');
    expect(error.message).toContain('use_vertex_ai: true needs gcp_project_id and gcp_location');
    expect(error.message).toContain('gcp_location is empty');
  });

  it('takes the Vertex AI project and location from the environment when the inputs are empty', () => {
    const inputs = read(
      { gemini_api_key: '', use_vertex_ai: 'true' },
      { GOOGLE_CLOUD_PROJECT: 'env-project', GOOGLE_CLOUD_LOCATION: 'europe-west4' },
    );
    expect(inputs.auth).toMatchObject({ project: 'env-project', location: 'europe-west4' });
  });

  it('rejects two ways to reach the model, naming both inputs', () => {
    const error = failure({ use_gemini_code_assist: 'true' });
    expect(error.input).toBe('use_gemini_code_assist');
    expect(error.message).toMatch(
      /^use_gemini_code_assist: expected one way to reach the model, but gemini_api_key and use_gemini_code_assist are set; keep one/,
    );
  });

  it('lets the chosen input win over switches in the environment', () => {
    const inputs = read({}, { GOOGLE_GENAI_USE_GCA: 'true' });
    expect(inputs.auth.type).toBe('gemini-api-key');
  });

  it('falls back to the environment when no input chooses', () => {
    const inputs = read(
      { gemini_api_key: '' },
      { GEMINI_API_KEY: 'env-model-key', GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9999' },
    );
    expect(inputs.auth).toEqual({
      type: 'gemini-api-key',
      apiKey: 'env-model-key',
      baseUrl: 'http://127.0.0.1:9999',
    });
    expect(inputs.secrets).toContain('env-model-key');
  });

  it('says which inputs to set when there are no credentials at all', () => {
    let caught: unknown;
    try {
      read({ gemini_api_key: '' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AuthenticationError);
    expect((caught as AuthenticationError).location).toEqual({ input: 'gemini_api_key' });
    expect((caught as Error).message).toMatch(
      /^gemini_api_key: expected model credentials: set gemini_api_key, or use_vertex_ai: true with gcp_project_id and gcp_location, or use_gemini_code_assist: true/,
    );
  });
});

describe('secrets', () => {
  it('lists the secret inputs and credential-named environment variables once each', () => {
    const inputs = read(
      {},
      {
        INPUT_GEMINI_API_KEY: 'model-key-1234',
        ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
        GITHUB_REPOSITORY: 'octo-org/hello-world',
      },
    );
    expect(inputs.secrets).toEqual(['model-key-1234', TOKEN, 'runtime-token-value']);
  });
});
