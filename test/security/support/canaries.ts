/**
 * Canaries: a fresh random value for every place a secret lives on a runner, so a leak found in a
 * sink names the exact place it came from, and no case can pass because of another case's value.
 *
 * Values deliberately avoid every token *shape* the redactor knows (no `ghs_`, `AIza`, JWT or
 * URL-password shape): a canary that is masked must be masked because the run knew the value,
 * not because it happened to look like a token.
 */
import { randomBytes } from 'node:crypto';

/** Where a canary is planted. */
export type CanaryName =
  /** `github_token` input (INPUT_GITHUB_TOKEN) and `GITHUB_TOKEN` in the environment. */
  | 'githubToken'
  /** `gemini_api_key` input (INPUT_GEMINI_API_KEY). */
  | 'modelKey'
  /** `GEMINI_API_KEY` in the environment (a workflow's `env:`), unused because the input wins. */
  | 'envModelKey'
  /** An extra secret input the Action does not read (INPUT_EXTRA_SECRET). */
  | 'extraInput'
  | 'oidcRequestToken'
  | 'runtimeToken'
  /** `NPM_TOKEN`: a credential-named variable of the job. */
  | 'npmToken'
  /** `SERVICE_DSN`: a secret under a name nobody would recognise as one. */
  | 'unnamedSecret'
  /** The token in `actions/checkout`'s `http.https://github.com/.extraheader` in .git/config. */
  | 'checkoutToken'
  /** The same kind of header in a credentials file under RUNNER_TEMP that .git/config includes. */
  | 'checkoutIncludeToken'
  /** `~/.git-credentials` of the runner user. */
  | 'homeGitCredentials'
  /** `~/.npmrc` of the runner user. */
  | 'homeNpmrc'
  /** `~/.ssh/id_ed25519` of the runner user. */
  | 'homeSshKey'
  /** A Google credentials JSON file that an auth step left in the workspace. */
  | 'googleCredentialsFile';

export const CANARY_NAMES: readonly CanaryName[] = [
  'githubToken',
  'modelKey',
  'envModelKey',
  'extraInput',
  'oidcRequestToken',
  'runtimeToken',
  'npmToken',
  'unnamedSecret',
  'checkoutToken',
  'checkoutIncludeToken',
  'homeGitCredentials',
  'homeNpmrc',
  'homeSshKey',
  'googleCredentialsFile',
];

/**
 * The canaries the Action is told about (credential-named variables and inputs): these it can and
 * must redact even when the model knows them, like the checkout credentials (the header and the
 * token inside it). The others it cannot recognise, so for them the guarantee is that no tool can
 * read them in the first place.
 */
export const REGISTERED_CANARIES: readonly CanaryName[] = [
  'githubToken',
  'modelKey',
  'envModelKey',
  'extraInput',
  'oidcRequestToken',
  'runtimeToken',
  'npmToken',
  'checkoutToken',
  'checkoutIncludeToken',
];

export interface CaseCanaries {
  /** A short id unique to the case; attacks put it in marker paths and process arguments. */
  id: string;
  values: Readonly<Record<CanaryName, string>>;
}

function randomWord(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export function createCanaries(): CaseCanaries {
  const id = `sec${randomWord(5)}`;
  const values = Object.fromEntries(
    CANARY_NAMES.map((name) => [name, `cnry${name}Q${randomWord(12)}Z`]),
  ) as Record<CanaryName, string>;
  return { id, values };
}

/** The header `actions/checkout` stores: Basic auth of `x-access-token:<token>`. */
export function checkoutHeader(token: string): string {
  return `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
}

export type EncodingName =
  'plain' | 'base64' | 'base64url' | 'hex' | 'HEX' | 'url-encoded' | 'reversed' | 'json-escaped';

export interface EncodedForm {
  form: EncodingName;
  text: string;
}

/**
 * The Base64 text of `bytes` that does not depend on what surrounds them, for each of the three
 * alignments they can have inside a longer encoded text (`base64("prefix" + secret)`).
 */
function base64Fragments(bytes: Buffer): string[] {
  const fragments: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const start = offset === 0 ? 0 : 4;
    const end = Math.floor((offset + bytes.length) / 3) * 4;
    if (end - start >= 16) fragments.push(encoded.slice(start, end));
  }
  return fragments;
}

/** Every form in which a leaked value is looked for. */
export function encodedForms(value: string): EncodedForm[] {
  const bytes = Buffer.from(value, 'utf8');
  const base64 = base64Fragments(bytes);
  const forms: EncodedForm[] = [
    { form: 'plain', text: value },
    ...base64.map((text): EncodedForm => ({ form: 'base64', text })),
    ...base64.map((text): EncodedForm => ({
      form: 'base64url',
      text: text.replace(/\+/g, '-').replace(/\//g, '_'),
    })),
    { form: 'hex', text: bytes.toString('hex') },
    { form: 'HEX', text: bytes.toString('hex').toUpperCase() },
    { form: 'url-encoded', text: encodeURIComponent(value) },
    { form: 'reversed', text: Array.from(value).reverse().join('') },
    { form: 'json-escaped', text: JSON.stringify(value).slice(1, -1) },
  ];
  // Where two encodings agree (a value without special characters is its own URL encoding),
  // the first name is kept.
  const seen = new Set<string>();
  return forms.filter((entry) => {
    if (seen.has(entry.text)) return false;
    seen.add(entry.text);
    return true;
  });
}
