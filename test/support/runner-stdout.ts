// The step's stdout read as the GitHub Actions runner reads it: lines split at LF, CR and CRLF
// (.NET's StreamReader.ReadLine), each tried as a `::name props::data` command after leading
// whitespace is trimmed, then as the older `##[name props]data` form anywhere in the line; a
// command counts only when its name is registered (case-insensitively); `::stop-commands::T`
// suspends processing until a `::T::` line. After actions/runner's ActionCommand.cs
// (TryParseV2, TryParse) and ActionCommandManager.cs (TryProcessCommand).

/** The commands the runner registers, and `stop-commands`. */
const REGISTERED = [
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'warning',
  'error',
  'notice',
  'debug',
  'group',
  'endgroup',
  'echo',
  'stop-commands',
];

/** What .NET's `string.TrimStart()` removes: `char.IsWhiteSpace`. */
const DOTNET_LEADING_WHITESPACE =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

export interface RunnerCommand {
  name: string;
  properties: Record<string, string>;
  data: string;
  /** The line it was read from. */
  line: string;
}

export interface RunnerReading {
  /** The commands the runner would carry out, in order (stop and resume markers left out). */
  commands: RunnerCommand[];
  /** The lines the log would show as text (commands and markers left out). */
  text: string[];
  /** True when the output ended with commands stopped: later commands would be ignored. */
  stopped: boolean;
}

export function readRunnerStdout(stdout: string): RunnerReading {
  const registered = new Set(REGISTERED);
  const commands: RunnerCommand[] = [];
  const text: string[] = [];
  let stopToken: string | undefined;
  for (const line of stdout.split(/\r\n|\r|\n/)) {
    const command = parseV2(line, registered) ?? parseV1(line, registered);
    if (command === undefined) {
      text.push(line);
      continue;
    }
    if (stopToken !== undefined) {
      if (command.name.toLowerCase() === stopToken.toLowerCase()) {
        registered.delete(stopToken.toLowerCase());
        stopToken = undefined;
      } else {
        text.push(line);
      }
      continue;
    }
    if (command.name.toLowerCase() === 'stop-commands') {
      stopToken = command.data;
      registered.add(stopToken.toLowerCase());
      continue;
    }
    commands.push(command);
  }
  return { commands, text, stopped: stopToken !== undefined };
}

function isRegistered(registered: Set<string>, name: string): boolean {
  return name !== '' && registered.has(name.toLowerCase());
}

function parseV2(input: string, registered: Set<string>): RunnerCommand | undefined {
  const message = input.replace(DOTNET_LEADING_WHITESPACE, '');
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (!isRegistered(registered, name)) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info
      .slice(space + 1)
      .trim()
      .split(',')
      .filter((part) => part !== '')) {
      const at = pair.indexOf('=');
      if (at > 0 && at < pair.length - 1) {
        properties[pair.slice(0, at)] = unescape(pair.slice(at + 1), true);
      }
    }
  }
  return { name, properties, data: unescape(message.slice(end + 2), false), line: input };
}

function parseV1(input: string, registered: Set<string>): RunnerCommand | undefined {
  const prefix = input.indexOf('##[');
  if (prefix < 0) return undefined;
  const close = input.indexOf(']', prefix);
  if (close < 0) return undefined;
  const info = input.slice(prefix + 3, close);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (!isRegistered(registered, name)) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const pair of info
      .slice(space + 1)
      .split(';')
      .filter((part) => part !== '')) {
      const at = pair.indexOf('=');
      if (at > 0 && at < pair.length - 1) properties[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return { name, properties, data: input.slice(close + 1), line: input };
}

function unescape(text: string, property: boolean): string {
  let out = text.replace(/%0D/g, '\r').replace(/%0A/g, '\n');
  if (property) out = out.replace(/%3A/g, ':').replace(/%2C/g, ',');
  return out.replace(/%25/g, '%');
}
