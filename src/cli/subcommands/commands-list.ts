/**
 * `gemini-agent commands list`: the custom commands a run in this repository would offer, with
 * their descriptions and the file each comes from, the extensions they come with, which commands
 * replace others, and the command files that do not load (each at file:line:column).
 */
import { parseArgs } from 'node:util';
import { describeShadowing } from '../../custom-commands/command-registry.js';
import { describeExtension } from '../../custom-commands/extensions/load-extensions.js';
import { loadRunCommands } from '../../custom-commands/run-commands.js';
import { errorMessage, UsageError } from '../../platform/errors.js';
import {
  assessWorkspaceTrust,
  describeUntrusted,
  folderContents,
  howToTrust,
  neededTrust,
} from '../../session-setup/folder-trust.js';
import { parseFlags } from '../args.js';
import { silentLogger } from '../../platform/logger.js';
import { ExitCode, exitCodeForError } from '../exit-codes.js';
import { requireRepoDirectory } from '../repo-directory.js';
import type { TextSink } from '../../platform/logger.js';

export const COMMANDS_USAGE = `Usage: gemini-agent commands list [--repo DIR] [--extension DIR]...

Lists the custom commands of the repository (.gemini/commands/**/*.toml) and of its extensions
(.gemini/extensions/<name>/ and each --extension folder), as "/name  description  (file)". A
command of the repository replaces an extension's of the same name. Invoke one with
gemini-agent -p "/name args", or in a comment with "/gemini /name args".

Commands are listed in a folder that is not trusted too: listing runs nothing. A note then says
that a run there stops before loading them until the folder is trusted.

Exit 0 when every file loads, 42 when --repo is not a folder, 52 when an extension manifest or a command file has a problem
(each printed as file:line:column).
`;

export interface CommandsCommandIo {
  stdout: TextSink;
  stderr: TextSink;
  env: NodeJS.ProcessEnv;
}

/** Runs `commands <subcommand> …` and returns the exit code; never throws. */
export async function runCommandsCommand(
  argv: readonly string[],
  io: CommandsCommandIo,
): Promise<number> {
  try {
    const [subcommand, ...rest] = argv;
    if (subcommand === '--help' || subcommand === '-h') {
      io.stdout.write(COMMANDS_USAGE);
      return ExitCode.OK;
    }
    if (subcommand !== 'list') {
      throw new UsageError(
        `expected "commands list", got "commands ${subcommand ?? ''}". Run "gemini-agent commands --help".`,
      );
    }
    return await list(rest, io);
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
}

async function list(argv: readonly string[], io: CommandsCommandIo): Promise<number> {
  const { values } = parseFlags('commands', () =>
    parseArgs({
      args: [...argv],
      strict: true,
      options: {
        repo: { type: 'string' },
        extension: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (values.help === true) {
    io.stdout.write(COMMANDS_USAGE);
    return ExitCode.OK;
  }
  const repo = values.repo ?? process.cwd();
  await requireRepoDirectory(repo);
  const { extensions, registry } = await loadRunCommands({
    workspaceRoot: repo,
    configRoot: repo,
    paths: values.extension ?? [],
    pathsSetting: '--extension',
    env: io.env,
    logger: silentLogger,
  });
  const out: string[] = [];
  for (const extension of extensions) out.push(`Extension ${describeExtension(extension)}`);
  if (extensions.length > 0) out.push('');
  const commands = registry.list();
  const width = Math.max(0, ...commands.map((command) => command.name.length + 1));
  for (const command of commands) {
    out.push(
      `/${command.name.padEnd(width - 1)}  ${command.description}  (${command.origin.file})`,
    );
  }
  if (commands.length === 0) out.push('No custom commands (.gemini/commands/**/*.toml).');
  for (const shadowed of registry.shadowed) out.push(`note: ${describeShadowing(shadowed)}`);
  io.stdout.write(`${out.join('\n')}\n`);
  for (const problem of registry.problems) io.stderr.write(`error: ${problem.error.message}\n`);
  const trust = await assessWorkspaceTrust({
    folder: repo,
    env: io.env,
    skipTrust: false,
    contents: () => folderContents(repo),
  });
  if (!trust.trusted && trust.decision !== undefined && neededTrust(trust, {}).length > 0) {
    io.stderr.write(
      `note: ${describeUntrusted(repo, trust.decision)}: a run there stops before loading its configuration, these commands included (exit code 55). ${howToTrust(repo, trust.decision.file)}\n`,
    );
  }
  return registry.problems.length > 0 ? ExitCode.CONFIG : ExitCode.OK;
}
