/**
 * The trust rule of `gemini-agent run` (src/session-setup/folder-trust.ts): the Action's pipeline
 * loads the repository's configuration as its maintainers', from the commit the workspace is
 * checked out at or, for a pull request, from its base commit. A run on a repository that is not
 * a trusted folder stops before the clone when either commit holds configuration — or a
 * `GEMINI.md`, since the Action has no mode that leaves it out, and a run that did would not be
 * the run the Action makes.
 */
import { DEFAULT_CONTEXT_FILE_NAME } from '../agent/context-files.js';
import type { ConfigurationFinding, ConfigurationSource } from '../session-setup/folder-trust.js';
import {
  findConfiguration,
  MAX_DESCRIBED_BYTES,
  requireWorkspaceTrust,
} from '../session-setup/folder-trust.js';
import type { WorkspaceTrust } from '../session-setup/folder-trust.js';
import type { LocalRepository } from './local-git.js';

/** What a link in the configuration is. */
const LINK = 'a symbolic link: what it points to would load as configuration';
/** The folder of the repository's configuration. */
const CONFIG_FOLDER = '.gemini';

/** The symbolic links of commit `sha` at or below `.gemini`, and a linked `GEMINI.md`. */
async function symbolicLinks(repository: LocalRepository, sha: string): Promise<string[]> {
  const output = await repository
    .run([
      'ls-tree',
      '-r',
      '-z',
      '--full-tree',
      sha,
      '--',
      CONFIG_FOLDER,
      DEFAULT_CONTEXT_FILE_NAME,
    ])
    .catch(() => '');
  return output
    .split('\0')
    .filter((line) => line.startsWith('120000 '))
    .map((line) => line.slice(line.indexOf('\t') + 1));
}

/** The files of commit `sha` as a source for the scan. */
export function commitSource(repository: LocalRepository, sha: string): ConfigurationSource {
  return {
    async read(relative) {
      const found = await repository.contentAt(sha, relative).catch(() => undefined);
      // A link is reported on its own (symbolicLinks), whatever it points to.
      if (found === undefined || found.kind === 'other') return undefined;
      if (found.kind === 'dir' || found.content.length > MAX_DESCRIBED_BYTES) {
        return { text: undefined };
      }
      return { text: found.content.toString('utf8') };
    },
    async list(relative) {
      const output = await repository
        .run(['ls-tree', '-r', '-z', '--name-only', '--full-tree', sha, '--', `${relative}/`])
        .catch(() => '');
      return output
        .split('\0')
        .filter((file) => file.startsWith(`${relative}/`))
        .map((file) => file.slice(relative.length + 1));
    },
  };
}

export interface LocalRunTrustOptions {
  repository: LocalRepository;
  /** The commits whose configuration the run reads: the checkout's, and a pull request's base. */
  commits: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  skipTrust: boolean;
}

/** Throws `UntrustedFolderError` when the run would load configuration of an untrusted folder. */
export function requireLocalRunTrust(options: LocalRunTrustOptions): Promise<WorkspaceTrust> {
  const { repository } = options;
  return requireWorkspaceTrust({
    folder: repository.root,
    env: options.env,
    skipTrust: options.skipTrust,
    contextIsConfiguration: true,
    contents: async () => {
      const configuration: ConfigurationFinding[] = [];
      const contextFiles = new Set<string>();
      const commits = [...new Set(options.commits)];
      for (const [index, sha] of commits.entries()) {
        const source = commitSource(repository, sha);
        // The base's findings say where they come from when the two commits differ.
        const at = index === 0 ? '' : ` (at ${sha.slice(0, 12)}, the pull request's base)`;
        for (const finding of await findConfiguration(source)) {
          configuration.push({ place: `${finding.place}${at}`, what: finding.what });
        }
        if ((await source.read(DEFAULT_CONTEXT_FILE_NAME)) !== undefined) {
          contextFiles.add(`${DEFAULT_CONTEXT_FILE_NAME}${at}`);
        }
        // The checkout follows a link the tree only names: what it points to is configuration
        // the scan of the tree cannot see, so the link itself needs trust.
        for (const link of await symbolicLinks(repository, sha)) {
          if (link === DEFAULT_CONTEXT_FILE_NAME) contextFiles.add(`${link}${at}`);
          else configuration.push({ place: `${link}${at}`, what: LINK });
        }
      }
      return { configuration, contextFiles: [...contextFiles] };
    },
  });
}
