/**
 * The flags of `gemini-agent serve`; every mistake is a one-line `UsageError` (exit code 42).
 */
import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { modelFlag, parseFlags, parseRunMode } from '../args.js';
import { describeAliases } from '../../model/model-table.js';
import { UsageError } from '../../platform/errors.js';
import type { SandboxMode } from '../../platform/sandbox/sandbox-types.js';
import { SANDBOX_MODES } from '../../platform/sandbox/sandbox-types.js';
import type { RunMode } from '../../platform/run-mode.js';
import { TOKEN_VARIABLE } from './bearer-token.js';

export const DEFAULT_HOST = '127.0.0.1';
/** The Gemini CLI's A2A server's default port (its CODER_AGENT_PORT), so clients find us there. */
export const DEFAULT_PORT = 41242;
export const DEFAULT_CONFIRMATION_TIMEOUT_SECONDS = 600;

export interface ServeOptions {
  host: string;
  port: number;
  publicUrl: string | undefined;
  /** The default workspace, and the first root. */
  repo: string;
  /** More roots a client may pick a workspace inside. */
  roots: string[];
  tokenFile: string | undefined;
  /** Extension folders besides each workspace's `.gemini/extensions`, absolute. */
  extensions: string[];
  model: string | undefined;
  fallbackModel: string | undefined;
  policyFiles: string[];
  allowCommands: string[];
  mode: RunMode;
  sandbox: SandboxMode;
  confirmationTimeoutSeconds: number;
  /** `--store-requests`: the Gemini API may keep the requests (by default each says store=false). */
  storeRequests: boolean;
  /** `--replay FILE`: every task answered from this recorded session, from its start. */
  replay: string | undefined;
  debug: boolean;
  help: boolean;
}

export const SERVE_USAGE = `Usage: gemini-agent serve [options]

Serves the agent over A2A (protocol 1.0, and 0.3 for older clients) with the development-tool
extension: a client (an IDE, another agent, the Gemini CLI as a remote subagent) starts tasks,
watches every tool call, thought and text as it happens, and answers the confirmations the
policy asks for. See docs/a2a.md.

Options:
      --host HOST              the address to listen on (default: ${DEFAULT_HOST}, this machine only)
      --port PORT              the port (default: ${DEFAULT_PORT}; 0 picks a free one)
      --public-url URL         the address clients reach the server at, for the agent card
                               (default: http://HOST:PORT; needed with --host 0.0.0.0 or ::,
                               which name no address a client could use)
      --repo DIR               the default workspace (default: current directory)
      --root DIR               another directory a client may pick a workspace inside, with
                               AgentSettings.workspace_path (repeatable; --repo is one)
      --token-file FILE        the bearer token clients must send (default: $${TOKEN_VARIABLE},
                               else a new token printed once at start)
      --extension DIR          load the Gemini CLI extension in DIR for every workspace
                               (repeatable), besides the workspace's .gemini/extensions/<name>/
  -m, --model MODEL            the model, or an alias: ${describeAliases()}
      --fallback-model MODEL   the model to go on with, once, when the first is not found or
                               its quota is exhausted
      --mode MODE              invoke | review | triage | maintenance (default: invoke): the
                               built-in policy preset
      --policy FILE            a policy TOML file over the preset (repeatable); rules that say
                               ask_user send the call to the client to confirm
      --allow-command CMD      allow shell commands starting with CMD (repeatable)
      --sandbox MODE           where shell commands run: auto (default), namespace, user, none
      --confirmation-timeout SECONDS
                               how long a confirmation waits for the client before the task is
                               cancelled (default: ${DEFAULT_CONFIRMATION_TIMEOUT_SECONDS})
      --store-requests         let the Gemini API keep the model requests, which hold the
                               workspaces' code (default: every request says store=false;
                               Vertex AI and Code Assist requests cannot carry the setting)
      --replay FILE            answer every task from a recorded session ({method, response}
                               JSON lines, as --record writes them), from its start: no key,
                               no network
  -d, --debug                  log details to standard error
  -h, --help                   print this help

Every request but the agent card (/.well-known/agent-card.json) needs
"Authorization: Bearer <token>". One task works in a workspace at a time; a second one is
refused until the first ends.

Authentication: GEMINI_API_KEY; or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and
GOOGLE_CLOUD_LOCATION; or GOOGLE_GENAI_USE_GCA=true (Code Assist). Not needed with --replay.

Exit codes: 0 stopped by Ctrl-C or SIGTERM, 1 error, 41 authentication, 42 bad input,
52 configuration.
`;

export function parseServeArgs(argv: readonly string[], cwd: string): ServeOptions {
  const { values, positionals } = parseFlags('serve', () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'public-url': { type: 'string' },
        repo: { type: 'string' },
        root: { type: 'string', multiple: true },
        'token-file': { type: 'string' },
        extension: { type: 'string', multiple: true },
        model: { type: 'string', short: 'm' },
        'fallback-model': { type: 'string' },
        mode: { type: 'string' },
        policy: { type: 'string', multiple: true },
        'allow-command': { type: 'string', multiple: true },
        sandbox: { type: 'string' },
        'confirmation-timeout': { type: 'string' },
        'store-requests': { type: 'boolean' },
        replay: { type: 'string' },
        debug: { type: 'boolean', short: 'd' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (positionals.length > 0) {
    throw new UsageError(
      `serve takes no positional arguments (got "${positionals[0] ?? ''}"); clients send the tasks.`,
    );
  }
  const host = values.host ?? DEFAULT_HOST;
  if (host.trim() === '' || /\s/.test(host)) {
    throw new UsageError(`--host expects an address such as 127.0.0.1 or ::1, got "${host}".`);
  }
  const publicUrl = publicUrlOf(values['public-url']);
  // The card's `url` is where a remote client sends its tasks. An address that listens on every
  // interface names none a client could use, and a guess (the host name, the first interface's
  // address) is wrong behind NAT, in containers and on machines with several networks: a card
  // pointing at the client's own localhost fails far from its cause. So the address is asked for.
  if (publicUrl === undefined && isUnspecified(host)) {
    throw new UsageError(
      `--host ${host} listens on every address of this machine, so the agent card cannot say which one reaches it: pass --public-url with the address clients use (e.g. --public-url http://my-host.example:${values.port ?? DEFAULT_PORT}), or give --host that address.`,
    );
  }
  const sandbox = values.sandbox ?? 'auto';
  if (!SANDBOX_MODES.includes(sandbox as SandboxMode)) {
    throw new UsageError(`--sandbox expects one of ${SANDBOX_MODES.join(', ')}, got "${sandbox}".`);
  }
  const allowCommands = values['allow-command'] ?? [];
  if (allowCommands.some((command) => command.trim() === '')) {
    throw new UsageError('--allow-command expects a command such as "npm test", got an empty one.');
  }
  return {
    host,
    port: portOf(values.port),
    publicUrl,
    repo: path.resolve(cwd, values.repo ?? '.'),
    roots: (values.root ?? []).map((root) => path.resolve(cwd, root)),
    tokenFile: values['token-file'],
    extensions: (values.extension ?? []).map((folder) => path.resolve(cwd, folder)),
    model: modelFlag('--model', values.model),
    fallbackModel: modelFlag('--fallback-model', values['fallback-model']),
    policyFiles: values.policy ?? [],
    allowCommands,
    mode: parseRunMode('--mode', values.mode),
    sandbox: sandbox as SandboxMode,
    confirmationTimeoutSeconds: secondsOf(values['confirmation-timeout']),
    storeRequests: values['store-requests'] ?? false,
    replay: values.replay === undefined ? undefined : path.resolve(cwd, values.replay),
    debug: values.debug ?? false,
    help: values.help ?? false,
  };
}

/** `0.0.0.0`, `::` and their other spellings: every address of the machine, none in particular. */
function isUnspecified(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return bare.split('.').every((part) => Number(part) === 0);
  return isIPv6(bare) && /^[0:]+$/.test(bare);
}

function portOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new UsageError(`--port expects a port number from 0 to 65535, got "${value}".`);
  }
  return port;
}

function publicUrlOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--public-url expects an http(s) URL, got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--public-url expects an http(s) URL, got "${value}".`);
  }
  return url.toString();
}

function secondsOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_CONFIRMATION_TIMEOUT_SECONDS;
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new UsageError(
      `--confirmation-timeout expects a positive number of seconds, got "${value}".`,
    );
  }
  return seconds;
}
