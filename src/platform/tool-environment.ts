/**
 * The environment of every process a tool starts (shell commands now, MCP servers and discovered
 * tools later).
 *
 * The model is assumed hostile, and whatever a tool process can read, the model can print. So the
 * environment is built from an allow-list rather than by removing known secrets from the parent's:
 * a secret with a name nobody thought of is left behind by default. On top of that, names that
 * look like credentials are refused even when a user allows them explicitly (or through a prefix
 * pattern), because an allow-list entry such as `NPM_*` must not smuggle in `NPM_TOKEN`.
 */
import { ConfigurationError } from './errors.js';
import { FILE_COMMAND_VARIABLES } from './runner-file-commands.js';

/**
 * What a build or test command needs to behave normally: where programs are, who and where the
 * user is, the locale and time zone, the terminal type, the temp dir, and `CI` (which makes many
 * tools non-interactive).
 */
export const DEFAULT_ALLOWED_VARIABLES: readonly string[] = [
  'PATH',
  'HOME',
  'LANG',
  'LC_*',
  'TERM',
  'TZ',
  'USER',
  'LOGNAME',
  'SHELL',
  'TMPDIR',
  'CI',
];

/**
 * Set in every tool process, overriding the parent: programs can tell they run under an agent
 * (`GEMINI_CLI`, as the Gemini CLI sets it), pagers never wait for a key press, git never prompts
 * for credentials (stdin is closed anyway, but a prompt on the terminal would hang), and colour
 * codes are not produced in the first place.
 */
export const FIXED_TOOL_VARIABLES: Readonly<Record<string, string>> = {
  GEMINI_CLI: '1',
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  GIT_TERMINAL_PROMPT: '0',
  NO_COLOR: '1',
};

/**
 * Never passed, whatever the allow-list says:
 * - the GitHub token and model keys under their usual names, and the variables that point at
 *   Google credentials files (google-github-actions/auth sets all three to the file it writes);
 * - the OpenTelemetry exporters' headers, which authenticate to a telemetry collector;
 * - `INPUT_*`: every Action input, including the tokens and keys given to this Action;
 * - `ACTIONS_*`: the runner's runtime token, OIDC token request URL and token, cache and
 *   results service URLs, which would let a tool mint credentials or poison caches;
 * - the workflow file-command paths: writing to `GITHUB_ENV`, `GITHUB_PATH` or `GITHUB_OUTPUT`
 *   changes later steps of the job (environment, PATH, outputs), so a tool must not even know them.
 */
const NEVER_EXACT = new Set([
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
  'GOOGLE_GHA_CREDS_PATH',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_LOGS_HEADERS',
  'OTEL_EXPORTER_OTLP_METRICS_HEADERS',
  'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
]);
const FILE_COMMAND_NAMES: ReadonlySet<string> = new Set(FILE_COMMAND_VARIABLES);
const RUNNER_PREFIXES = ['INPUT_', 'ACTIONS_'];

/**
 * True for the Action's inputs, the runner's runtime tokens and the workflow file-command paths
 * (case-insensitive): what belongs to the runner and this Action, never to anything it starts —
 * not even when configuration names it on purpose (an MCP server's `$VAR`).
 */
export function isRunnerControlName(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    FILE_COMMAND_NAMES.has(upper) || RUNNER_PREFIXES.some((prefix) => upper.startsWith(prefix))
  );
}
/** Credential-shaped names: `NPM_TOKEN`, `AWS_SECRET`, `DEPLOY_KEY`, `GCP_CREDENTIALS`. */
const NEVER_SUFFIXES = ['_TOKEN', '_SECRET', '_KEY', '_CREDENTIALS'];
/** `DB_PASSWORD_FILE`, `CLIENT_SECRET_ID`, `MYSQL_PASSWD`. */
const NEVER_CONTAINING = ['PASSWORD', 'PASSWD', 'SECRET'];

/**
 * True for a variable that must never reach a tool process. Case-insensitive, because a secret
 * spelled `github_token` is just as secret. Other process launchers use this for the environment
 * they are configured with.
 */
export function isSecretEnvironmentName(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    NEVER_EXACT.has(upper) ||
    isRunnerControlName(upper) ||
    NEVER_SUFFIXES.some((suffix) => upper.endsWith(suffix)) ||
    NEVER_CONTAINING.some((part) => upper.includes(part))
  );
}

/** A variable name, or a name prefix followed by `*` (`LC_*`, `NPM_CONFIG_*`). */
const ALLOW_ENTRY = /^[A-Za-z_][A-Za-z0-9_]*\*?$/;

export interface ToolEnvironmentOptions {
  /**
   * More variables to pass besides `DEFAULT_ALLOWED_VARIABLES`: exact names or prefix patterns
   * ending in `*`. Secret-looking names are refused all the same (see `isSecretEnvironmentName`).
   */
  allow?: readonly string[];
}

/**
 * True when `name` may reach a tool process: it matches the default or the configured
 * allow-list and is not secret-looking.
 */
export function isAllowedEnvironmentName(
  name: string,
  options: ToolEnvironmentOptions = {},
): boolean {
  if (isSecretEnvironmentName(name)) return false;
  return [...DEFAULT_ALLOWED_VARIABLES, ...(options.allow ?? [])].some((entry) =>
    entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry,
  );
}

/**
 * Checks an allow-list from configuration. Malformed entries are a configuration error; the
 * returned names are entries that will never take effect because they look like secrets, for
 * the caller to warn about.
 */
export function checkToolEnvironmentAllowList(
  allow: readonly string[],
  where = 'the tool environment allow-list',
): { refused: string[] } {
  for (const entry of allow) {
    if (!ALLOW_ENTRY.test(entry)) {
      throw new ConfigurationError(
        `${where}: "${entry}" is not an environment variable name. Expected a name such as NODE_OPTIONS or a prefix pattern such as NPM_CONFIG_*.`,
      );
    }
  }
  return {
    refused: allow.filter((entry) => !entry.endsWith('*') && isSecretEnvironmentName(entry)),
  };
}

/**
 * The environment for a tool process: the allowed variables of `parentEnv`, then
 * `FIXED_TOOL_VARIABLES`. Nothing else of the parent is passed.
 */
export function buildToolEnvironment(
  parentEnv: Readonly<Record<string, string | undefined>>,
  options: ToolEnvironmentOptions = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parentEnv)) {
    if (value !== undefined && isAllowedEnvironmentName(name, options)) env[name] = value;
  }
  return { ...env, ...FIXED_TOOL_VARIABLES };
}
