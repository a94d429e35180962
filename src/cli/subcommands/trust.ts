/**
 * `gemini-agent trust [--parent] [DIR]`: trusts a folder from now on, by writing the rule the
 * Gemini CLI's trust dialog writes to the trusted folders file it reads too
 * (src/config/trusted-folders.ts). It shows what the folder holds first, so the choice is made
 * knowing what will load.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  displayPath,
  saveTrustRule,
  TRUSTED_FOLDERS_PATH_VARIABLE,
  trustedFoldersFile,
} from '../../config/trusted-folders.js';
import { errorMessage, UsageError } from '../../platform/errors.js';
import type { TextSink } from '../../platform/logger.js';
import { folderContents } from '../../session-setup/folder-trust.js';
import { parseFlags } from '../args.js';
import { ExitCode, exitCodeForError } from '../exit-codes.js';

export const TRUST_USAGE = `Usage: gemini-agent trust [--parent] [DIR]

Trusts DIR (default: the current directory) from now on: runs in it, or in a folder below it,
load its .gemini/ settings, extensions, commands and agents and its GEMINI.md without
--skip-trust. Writes "DIR": "TRUST_FOLDER" to ~/.gemini/trustedFolders.json (or the file
${TRUSTED_FOLDERS_PATH_VARIABLE} names), the file the Gemini CLI's trust dialog writes; a
"DO_NOT_TRUST" rule for a folder below DIR still wins there.

Options:
      --parent   trust the folder that holds DIR, and everything below it ("TRUST_PARENT")
  -h, --help     print this help
`;

export interface TrustCommandIo {
  stdout: TextSink;
  stderr: TextSink;
  env: NodeJS.ProcessEnv;
}

/** Runs `trust …` and returns the exit code; never throws. */
export async function runTrustCommand(
  argv: readonly string[],
  io: TrustCommandIo,
): Promise<number> {
  try {
    const { values, positionals } = parseFlags('trust', () =>
      parseArgs({
        args: [...argv],
        allowPositionals: true,
        strict: true,
        options: {
          parent: { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      }),
    );
    if (values.help === true) {
      io.stdout.write(TRUST_USAGE);
      return ExitCode.OK;
    }
    if (positionals.length > 1) {
      throw new UsageError(`trust takes one folder, got ${positionals.length}.`);
    }
    const folder = path.resolve(positionals[0] ?? process.cwd());
    const info = await stat(folder).catch(() => undefined);
    if (!info?.isDirectory()) {
      throw new UsageError(`trust expects an existing folder, got "${folder}".`);
    }
    const level = values.parent === true ? 'TRUST_PARENT' : 'TRUST_FOLDER';
    const file = trustedFoldersFile(io.env);
    const { configuration, contextFiles } = await folderContents(folder);
    await saveTrustRule(file, folder, level);
    const trusted =
      level === 'TRUST_PARENT' ? `${path.dirname(folder)} and everything below it` : folder;
    const lines = [`Trusted ${trusted}: "${folder}": "${level}" in ${displayPath(file)}.`];
    const held = [
      ...configuration.map((finding) => `  ${finding.place}: ${finding.what}`),
      ...contextFiles.map((file) => `  ${file}: context the agent is given as instructions`),
    ];
    if (held.length > 0) lines.push(`Runs in ${folder} now load:`, ...held);
    io.stdout.write(`${lines.join('\n')}\n`);
    return ExitCode.OK;
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
}
