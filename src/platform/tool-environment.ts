/**
 * The environment of every process a tool starts: shell commands, MCP servers, discovery and call
 * commands, search programs.
 *
 * The model is assumed hostile, and whatever a tool process can read, the model can print. So the
 * environment is built from an allow-list rather than by removing known secrets from the parent's:
 * a secret with a name nobody thought of is left behind by default. On top of that, names that
 * look like credentials are refused even when a user allows them explicitly (or through a prefix
 * pattern), because an allow-list entry such as `NPM_*` must not smuggle in `NPM_TOKEN`.
 */
import { ConfigurationError } from './errors.js';
import { looksLikeCredentialName, runSecretVariable } from './secret-variables.js';

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
 * True for a variable that must never reach a tool process: one of the run's own secrets or the
 * runner's controls (secret-variables.ts: the model keys and credentials files, the A2A token,
 * the GitHub tokens, every `INPUT_*` and `ACTIONS_*`, the telemetry headers, the workflow
 * file-command paths), or any name that looks like a credential (`NPM_TOKEN`, `DB_PASSWORD`).
 * Case-insensitive, because a secret spelled `github_token` is just as secret. Other process
 * launchers use this for the environment they are configured with.
 */
export function isSecretEnvironmentName(name: string): boolean {
  return runSecretVariable(name) !== undefined || looksLikeCredentialName(name);
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
