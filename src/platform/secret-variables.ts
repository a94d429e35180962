/**
 * The agent's own secrets, by the environment variables that hold them: one list for every entry
 * point (the Action, the CLI, `serve`). Two places read it:
 *
 * - the tool environment (tool-environment.ts): none of these reaches a process a tool starts,
 *   whatever the allow-list says;
 * - `$VAR` expansion in settings and extension manifests (config/settings-expand.ts): none of
 *   these is expanded into an MCP server's `env` or `headers`, by name, nor by value under another
 *   name (`runSecretValues`).
 *
 * The list is of what this product holds for itself and the runner's controls, not of every
 * credential: a server's own token (`MCP_GITHUB_TOKEN`, `NPM_TOKEN`) is what expansion is for.
 * Names compare case-insensitively: `$gemini_api_key` is the same secret where the environment
 * ignores case (Windows), and a mistake everywhere else.
 */
import { MIN_SECRET_LENGTH } from './redaction.js';
import { FILE_COMMAND_VARIABLES } from './runner-file-commands.js';

/**
 * Which values of a listed variable are secret too, so that a copy under another name is refused:
 * - `whole`: the value is a credential, or the path of a credentials file;
 * - `headers`: a `key=value,…` list whose values authenticate (and the whole text);
 * - `credential-named`: for a prefix, the values of the variables named like credentials
 *   (`INPUT_GITHUB_TOKEN`, not `INPUT_MODEL`);
 * - `none`: only the name is refused; the value (a URL, a runner file's path) is no secret.
 */
export type SecretValues = 'whole' | 'headers' | 'credential-named' | 'none';

export interface SecretVariable {
  /** Upper case. With `prefix`, every variable whose name starts with it. */
  readonly name: string;
  readonly prefix?: true;
  readonly values: SecretValues;
  /** What it holds, for messages: "the Gemini API key the model client sends". */
  readonly holds: string;
}

export const RUN_SECRET_VARIABLES: readonly SecretVariable[] = [
  // The model's credentials (model/model-auth.ts): a tool holding them calls the model on the
  // user's bill and quota, outside every policy.
  { name: 'GEMINI_API_KEY', values: 'whole', holds: 'the Gemini API key the model client sends' },
  {
    name: 'GOOGLE_API_KEY',
    values: 'whole',
    holds: 'the Google API key the model client sends (Vertex AI express mode)',
  },
  // Vertex AI and Code Assist sign in with Application Default Credentials; these name the file
  // (google-github-actions/auth sets all three to the one it writes). The path leads to the key.
  {
    name: 'GOOGLE_APPLICATION_CREDENTIALS',
    values: 'whole',
    holds: 'the path of the Google Cloud credentials file the model client signs in with',
  },
  {
    name: 'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
    values: 'whole',
    holds: 'the path of the gcloud credentials file',
  },
  {
    name: 'GOOGLE_GHA_CREDS_PATH',
    values: 'whole',
    holds: 'the path of the Google Cloud credentials file google-github-actions/auth wrote',
  },
  // The A2A server's bearer token (cli/serve/bearer-token.ts): whoever has it drives the agent. A
  // token from --token-file or generated at start is in no variable; the server hands its value
  // to the expander itself.
  {
    name: 'GEMINI_AGENT_A2A_TOKEN',
    values: 'whole',
    holds: 'the bearer token of the A2A server (`gemini-agent serve`)',
  },
  // The GitHub token: the Action's is the job's write token, for the trusted publishing step only;
  // `gemini-agent run --github` reads GITHUB_TOKEN; GH_TOKEN is the same token for `gh`.
  {
    name: 'GITHUB_TOKEN',
    values: 'whole',
    holds: "the GitHub token (in a workflow, the job's write token)",
  },
  { name: 'GH_TOKEN', values: 'whole', holds: 'the GitHub token the gh CLI uses' },
  // The runner's OIDC request pair mints identity tokens for the job (cloud deploys trust them);
  // the runtime token writes the job's caches and artifacts. Named here for the messages; the
  // prefix below covers the rest of `ACTIONS_*`.
  {
    name: 'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
    values: 'whole',
    holds: "the runner's token for requesting OIDC identity tokens",
  },
  {
    name: 'ACTIONS_ID_TOKEN_REQUEST_URL',
    values: 'none',
    holds: "the runner's URL for requesting OIDC identity tokens",
  },
  {
    name: 'ACTIONS_RUNTIME_TOKEN',
    values: 'whole',
    holds: "the runner's runtime token (caches, artifacts, results)",
  },
  {
    name: 'ACTIONS_',
    prefix: true,
    values: 'credential-named',
    holds: "one of the runner's service URLs or runtime tokens",
  },
  // Every Action input, among them the GitHub token and the model key given to this Action.
  {
    name: 'INPUT_',
    prefix: true,
    values: 'credential-named',
    holds: 'an input of the Action (its inputs include the GitHub token and the model key)',
  },
  // Authentication to the telemetry collector (telemetry/telemetry-config.ts).
  ...['', 'TRACES_', 'METRICS_', 'LOGS_'].map((signal): SecretVariable => ({
    name: `OTEL_EXPORTER_OTLP_${signal}HEADERS`,
    values: 'headers',
    holds: 'the headers that authenticate to the telemetry collector',
  })),
  // The workflow's file commands: writing to them changes later steps of the job (environment,
  // PATH, outputs), so nothing the run starts may even know where they are.
  ...FILE_COMMAND_VARIABLES.map((name): SecretVariable => ({
    name,
    values: 'none',
    holds: 'the path of a workflow command file, through which a process changes later steps',
  })),
];

/** The list's entry for `name` (case-insensitive; an exact name before a prefix), if any. */
export function runSecretVariable(name: string): SecretVariable | undefined {
  const upper = name.toUpperCase();
  return (
    RUN_SECRET_VARIABLES.find((entry) => !entry.prefix && entry.name === upper) ??
    RUN_SECRET_VARIABLES.find((entry) => entry.prefix && upper.startsWith(entry.name))
  );
}

/** Credential-shaped names: `NPM_TOKEN`, `AWS_SECRET`, `DEPLOY_KEY`, `GCP_CREDENTIALS`. */
const CREDENTIAL_SUFFIXES = ['_TOKEN', '_SECRET', '_KEY', '_CREDENTIALS'];
/** `DB_PASSWORD_FILE`, `CLIENT_SECRET_ID`, `MYSQL_PASSWD`. */
const CREDENTIAL_PARTS = ['PASSWORD', 'PASSWD', 'SECRET'];

/**
 * True for a name that looks like a credential's, whoever it belongs to (case-insensitive). The
 * tool environment never passes these; expansion may (a server's own token is one).
 */
export function looksLikeCredentialName(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    CREDENTIAL_SUFFIXES.some((suffix) => upper.endsWith(suffix)) ||
    CREDENTIAL_PARTS.some((part) => upper.includes(part))
  );
}

/** A secret value of the environment, and the variable it is in. */
export interface RunSecretValue {
  name: string;
  value: string;
  /** A credential inside the variable's value (a header's), rather than the whole value. */
  part?: true;
}

/**
 * The secret values of `env` by the list: what no variable of another name may carry into a
 * server. Empty values are left out.
 */
export function runSecretValues(
  env: Readonly<Record<string, string | undefined>>,
): RunSecretValue[] {
  const found: RunSecretValue[] = [];
  const add = (name: string, value: string | undefined, part?: true) => {
    const trimmed = value?.trim();
    if (trimmed !== undefined && trimmed !== '') {
      found.push({ name, value: trimmed, ...(part ? { part } : {}) });
    }
  };
  for (const [name, value] of Object.entries(env)) {
    const entry = runSecretVariable(name);
    if (entry === undefined || value === undefined) continue;
    switch (entry.values) {
      case 'whole':
        add(name, value);
        break;
      case 'headers':
        add(name, value);
        for (const header of headerValues(value)) add(name, header, true);
        break;
      case 'credential-named':
        if (looksLikeCredentialName(name)) add(name, value);
        break;
      case 'none':
        break;
    }
  }
  return found;
}

/**
 * The values of a `key=value,…` header list (percent-decoded, as OpenTelemetry reads it), and the
 * credential after an authentication scheme (`Bearer abc…` gives `abc…` too). Short values are
 * left out: a header list may hold plain ones too (`x-org=acme`), and `acme` is nobody's secret.
 */
function headerValues(text: string): string[] {
  const values: string[] = [];
  for (const entry of text.split(',')) {
    const separator = entry.indexOf('=');
    if (separator <= 0) continue;
    const raw = entry.slice(separator + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // Kept as written, as the exporter keeps it.
    }
    values.push(value);
    const scheme = /^[A-Za-z][\w-]*\s+(\S+)$/.exec(value.trim());
    if (scheme?.[1] !== undefined) values.push(scheme[1]);
  }
  return values.filter((value) => value.trim().length >= MIN_SECRET_LENGTH);
}
