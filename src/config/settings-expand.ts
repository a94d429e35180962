/**
 * `$VAR` and `${VAR}` in an MCP server's `env` and `headers`, expanded from the workflow's
 * environment (the step's `env:`), so a server gets its own credential without the model ever
 * seeing it. Every value put in is collected: it is a secret of that server, to be masked and
 * redacted like the Action's own.
 *
 * Stricter than the Gemini CLI, which leaves an unknown `$VAR` as it is: a variable that is unset
 * or empty is an error here. In a workflow that almost always means a secret that was not passed
 * or is not available to the run (a fork, Dependabot), and a server started with the text
 * `$TOKEN` or an empty token fails later in a way that is hard to trace back.
 *
 * Some names are never expanded, whatever the settings say: the Action's inputs (`INPUT_*`, which
 * hold its GitHub token and model key), the runner's runtime tokens (`ACTIONS_*`), and the
 * workflow command files (`GITHUB_ENV`, …), through which a process changes later steps. Nor may
 * any variable carry the Action's own GitHub token or model key under another name: the write
 * token is for the trusted publishing step only.
 */

import { isRunnerControlName } from '../platform/tool-environment.js';

const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

export interface ExpanderOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** Values no expansion may produce (the Action's GitHub token and model credentials). */
  forbiddenValues?: readonly (string | undefined)[];
  /** Throws a `ConfigurationError` at the key. */
  fail: (keyPath: readonly string[], message: string) => never;
}

export interface Expander {
  expand(text: string, keyPath: readonly string[]): string;
  /** Every distinct value expansion produced so far. */
  values(): string[];
}

export function createExpander(options: ExpanderOptions): Expander {
  const forbidden = new Set(
    (options.forbiddenValues ?? []).filter(
      (value): value is string => value !== undefined && value !== '',
    ),
  );
  const expanded = new Set<string>();
  const expandOne = (name: string, keyPath: readonly string[]): string => {
    if (isRunnerControlName(name)) {
      options.fail(
        keyPath,
        `$${name} cannot be expanded: the Action's inputs, the runner's tokens and the workflow command files are not given to MCP servers. Pass the server its own secret with env: on the step and refer to that.`,
      );
    }
    const value = options.env[name];
    if (value === undefined) {
      options.fail(
        keyPath,
        `$${name} is not set in the environment; set it with env: on the step (for example ${name}: \${{ secrets.${name} }}).`,
      );
    }
    if (value === '') {
      options.fail(
        keyPath,
        `$${name} is empty in the environment. A secret that does not exist, or is not available to this run (pull requests from forks, Dependabot), is empty; check the env: of the step.`,
      );
    }
    const text = value;
    if (forbidden.has(text)) {
      options.fail(
        keyPath,
        `$${name} holds the Action's own GitHub token or model key, which only the Action itself uses (the write token publishes the agent's changes). Give the server its own, narrower token through the step's env: (for example MCP_GITHUB_TOKEN: \${{ secrets.READONLY_PAT }}) and refer to that.`,
      );
    }
    expanded.add(text);
    return text;
  };
  return {
    expand: (text, keyPath) =>
      text.replace(VARIABLE, (_match, braced?: string, bare?: string) =>
        expandOne(braced ?? bare ?? '', keyPath),
      ),
    values: () => [...expanded],
  };
}
