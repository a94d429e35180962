/**
 * The credential `actions/checkout` leaves behind (with its default `persist-credentials: true`):
 * an `http.<server>/.extraheader` entry carrying the job token, in the repository's git config or
 * in a file that config includes. Any command the agent may run — `npm test` runs the project's own
 * scripts — could read it there. So it is taken out of the configuration for the session and put
 * back afterwards, for later steps of the job that push with it. Its values are also registered
 * for redaction. (Our own pushes never use it: see remote-access.ts.)
 */
import type { Logger } from '../platform/logger.js';
import { errorMessage } from '../platform/errors.js';
import type { Git } from './git.js';
import { createGit, GitCommandError } from './git.js';

export interface HiddenCredential {
  /**
   * The header values taken out, and the credentials inside them (secrets: register them for
   * redaction).
   */
  values: string[];
  /** Puts every entry back where it was; never throws (a failure is logged). */
  restore(): Promise<void>;
}

interface Entry {
  file: string;
  key: string;
  value: string;
}

const EXTRAHEADER = /^http\..*\.extraheader$/i;

/** Reads `git config --show-origin -z` output: `file:<path>\0<key>\n<value>\0` per entry. */
function parseEntries(output: string): Entry[] {
  const fields = output.split('\0').filter((field) => field !== '');
  const entries: Entry[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i] ?? '';
    const keyValue = fields[i + 1] ?? '';
    const newline = keyValue.indexOf('\n');
    const key = newline < 0 ? keyValue : keyValue.slice(0, newline);
    const value = newline < 0 ? '' : keyValue.slice(newline + 1);
    if (origin.startsWith('file:') && EXTRAHEADER.test(key)) {
      entries.push({ file: origin.slice('file:'.length), key, value });
    }
  }
  return entries;
}

export async function hideCheckoutCredential(
  workspaceRoot: string,
  options: { git?: Git; logger: Logger },
): Promise<HiddenCredential> {
  const git = options.git ?? createGit();
  const none: HiddenCredential = { values: [], restore: () => Promise.resolve() };
  let entries: Entry[];
  try {
    const output = await git.run(
      [
        'config',
        '--local',
        '--includes',
        '--show-origin',
        '-z',
        '--get-regexp',
        '^http\\..*\\.extraheader$',
      ],
      { cwd: workspaceRoot },
    );
    entries = parseEntries(output);
  } catch (error) {
    // Exit code 1: no such entry. Not a repository: nothing to hide either.
    if (error instanceof GitCommandError) return none;
    throw error;
  }
  if (entries.length === 0) return none;
  const removed: Entry[] = [];
  for (const entry of entries) {
    try {
      await git.run(['config', '--file', entry.file, '--unset-all', entry.key], {
        cwd: workspaceRoot,
      });
      removed.push(entry);
    } catch (error) {
      options.logger.warning(
        `Could not take the checkout's credential out of ${entry.file} for the session: ${errorMessage(error)}. Set persist-credentials: false on actions/checkout.`,
      );
    }
  }
  options.logger.info(
    "The checkout's stored credential is kept out of the repository's git config during the session (persist-credentials: false makes this unnecessary).",
  );
  let restored = false;
  return {
    values: entries.flatMap((entry) => [entry.value, ...headerCredentials(entry.value)]),
    async restore() {
      if (restored) return;
      restored = true;
      for (const entry of removed) {
        try {
          await git.run(['config', '--file', entry.file, '--add', entry.key, entry.value], {
            cwd: workspaceRoot,
          });
        } catch (error) {
          options.logger.warning(
            `Could not put the checkout's credential back into ${entry.file}: ${errorMessage(error)}`,
          );
        }
      }
    },
  };
}

/**
 * The secrets inside an `AUTHORIZATION: basic <base64 of user:password>` (or `bearer <token>`)
 * header. Checkout may have been given a personal access token rather than the job's token, and
 * that token printed on its own must be redacted as well as the whole header.
 */
export function headerCredentials(header: string): string[] {
  const match = /^\s*authorization:\s*(basic|bearer)\s+(\S+)\s*$/i.exec(header);
  if (!match) return [];
  const [, scheme = '', credential = ''] = match;
  if (scheme.toLowerCase() === 'bearer') return [credential];
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return [decoded];
  return [decoded, decoded.slice(colon + 1)].filter((value) => value !== '');
}
