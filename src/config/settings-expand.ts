/**
 * `$VAR` and `${VAR}` in an MCP server's `env` and `headers` (settings.json and extension
 * manifests), expanded from the run's environment — a workflow step's `env:`, or the shell that
 * started the CLI or the A2A server — so a server gets its own credential without the model ever
 * seeing it. Every value put in is collected: it is a secret of that server, to be masked and
 * redacted like the run's own.
 *
 * Stricter than the Gemini CLI, which leaves an unknown `$VAR` as it is: a variable that is unset
 * or empty is an error here. In a workflow that almost always means a secret that was not passed
 * or is not available to the run (a fork, Dependabot), and a server started with the text
 * `$TOKEN` or an empty token fails later in a way that is hard to trace back.
 *
 * The run's own secrets (platform/secret-variables.ts) are never expanded, whatever the file says:
 * - by name: the model keys and credentials files, the A2A server's token, the GitHub tokens, the
 *   Action's inputs (`INPUT_*`), the runner's tokens (`ACTIONS_*`), the telemetry headers and the
 *   workflow command files, in any letter case;
 * - by value: a variable of another name that holds one of the run's secret values (`MY_COPY`
 *   set to the model key), and an expanded text that ends up holding one (`Bearer $COPY`, or a
 *   key put together from two variables). A secret inside a longer value counts, from
 *   `MIN_SECRET_LENGTH` characters on (a shorter one only when the whole value is it): a server
 *   given `Bearer <key>` has the key. The values are those of the environment expanded from
 *   (`runSecretValues`) and those the entry point holds elsewhere (`forbiddenValues`: the Action's
 *   token and key from its inputs, the A2A server's token from `--token-file` or generated at
 *   start, which are in no variable).
 *
 * A server's own credential under a name of its own (`MCP_GITHUB_TOKEN`, `NPM_TOKEN`) is what
 * expansion is for, and expands. Text without a variable is taken as written: the file's author
 * wrote it, and it hands over nothing of the run's.
 */
import { MIN_SECRET_LENGTH } from '../platform/redaction.js';
import type { RunSecretValue } from '../platform/secret-variables.js';
import { runSecretValues, runSecretVariable } from '../platform/secret-variables.js';

const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** What the messages suggest instead. */
const HOW_TO_GIVE =
  "Give the server a credential of its own under another name (in a workflow, through the step's env:, for example MCP_GITHUB_TOKEN: ${{ secrets.READONLY_PAT }}) and refer to that.";

export interface ExpanderOptions {
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Secret values the run holds besides those of `env`, which no expansion may produce: the
   * Action's GitHub token and model key from its inputs, the A2A server's token however it was
   * obtained.
   */
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
  const secrets: RunSecretValue[] = [
    ...runSecretValues(options.env),
    ...(options.forbiddenValues ?? [])
      .map((value) => value?.trim())
      .filter((value): value is string => value !== undefined && value !== '')
      .map((value) => ({ name: '', value })),
  ];
  /** The secret `text` is or holds, if any. */
  const secretIn = (text: string): RunSecretValue | undefined =>
    secrets.find(
      ({ value }) =>
        text.trim() === value || (value.length >= MIN_SECRET_LENGTH && text.includes(value)),
    );
  const expanded = new Set<string>();
  const expandOne = (name: string, keyPath: readonly string[]): string => {
    const listed = runSecretVariable(name);
    if (listed !== undefined) {
      options.fail(
        keyPath,
        `$${name} cannot be expanded: it holds ${listed.holds}, and no tool is given the agent's own secrets. ${HOW_TO_GIVE}`,
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
    const secret = secretIn(text);
    if (secret !== undefined) {
      options.fail(
        keyPath,
        `$${name} holds ${describe(secret)}, and no tool is given the agent's own secrets, under any name. ${HOW_TO_GIVE}`,
      );
    }
    expanded.add(text);
    return text;
  };
  return {
    expand: (text, keyPath) => {
      let variables = 0;
      const result = text.replace(VARIABLE, (_match, braced?: string, bare?: string) => {
        variables++;
        return expandOne(braced ?? bare ?? '', keyPath);
      });
      // Each variable was checked alone; together they may still spell a secret.
      const secret = variables > 0 ? secretIn(result) : undefined;
      if (secret !== undefined) {
        options.fail(
          keyPath,
          `${JSON.stringify(text)} expands to a text holding ${describe(secret)}, and no tool is given the agent's own secrets, under any name. ${HOW_TO_GIVE}`,
        );
      }
      return result;
    },
    values: () => [...expanded],
  };
}

/** Which secret, never its value. */
function describe(secret: RunSecretValue): string {
  return secret.name === ''
    ? "one of the run's own credentials (its GitHub token, model key or A2A server token)"
    : `${secret.part ? 'a credential inside' : 'the value of'} ${secret.name}`;
}
