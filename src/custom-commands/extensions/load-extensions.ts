/**
 * The extensions of a run: every folder `.gemini/extensions/<name>/` of the repository that holds
 * a `gemini-extension.json` (on a pull request, the base branch's copy), and the folders the
 * workflow names (the `extensions` input, the CLI's `--extension`). Nothing is installed: an
 * extension is a folder already on disk, vendored in the repository or checked out at a pinned
 * ref by an earlier step.
 *
 * A manifest that does not load stops the run: an extension's `excludeTools` may deny tools, and
 * skipping it would quietly allow what it meant to forbid. Two extensions of one name stop it too.
 */
import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError, errorMessage } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { isInsideOrSame } from '../../platform/path-containment.js';
import type { ExtensionManifest } from './extension-manifest.js';
import { MANIFEST_FILE_NAME, parseExtensionManifest } from './extension-manifest.js';

/** The repository's extensions folder, relative to its root. */
export const REPOSITORY_EXTENSIONS_PATH = '.gemini/extensions';
/** A manifest is a small JSON file. */
const MAX_MANIFEST_BYTES = 256 * 1024;

export interface LoadedExtension extends Omit<ExtensionManifest, 'contextFileNames'> {
  /**
   * `${extensionPath}`: the folder the extension's servers run from — the workspace's copy of a
   * repository extension, or the folder the workflow named. Where the workspace holds a pull
   * request's code, its servers are pointed at a copy outside it instead (base-branch for a
   * repository extension; github/pull-request-code.ts).
   */
  path: string;
  /**
   * Where its manifest, context files, commands (and subagents) were read: the same as `path`,
   * except for a repository extension on a pull request, whose configuration is the base
   * branch's copy.
   */
  configDirectory: string;
  /** How messages show the extension's folder: `.gemini/extensions/gcp`, or the path given. */
  shownAs: string;
  source: 'repository' | 'workflow';
  /** Its context files that exist, in the manifest's order. */
  contextFiles: { path: string; displayPath: string }[];
}

export interface LoadExtensionsOptions {
  /** The workspace: `${workspacePath}`, and where relative `paths` and repository copies are. */
  workspaceRoot: string;
  /**
   * The folder holding the repository's configuration as trusted for this run: the workspace, or
   * on a pull request the base branch's copy (its `.gemini/extensions` is read). Undefined: the
   * repository's own is not read (a local run in a folder that is not trusted).
   */
  configRoot: string | undefined;
  /** Folders the workflow names, absolute or relative to the workspace. */
  paths: readonly string[];
  /** For messages about `paths`: the input or flag that gave them. */
  pathsSetting: string;
  env: Readonly<Record<string, string | undefined>>;
  forbiddenValues?: readonly (string | undefined)[];
  logger: Logger;
  /**
   * Whether a configuration file or folder may be loaded: false for what the agent wrote in an
   * earlier session (src/session-setup/written-configuration.ts, which also says so). An
   * extension folder it refuses is left out; so is a command or agent file.
   */
  mayLoad?: (absolutePath: string) => boolean;
}

/** Loads every extension, sorted by name. */
export async function loadExtensions(options: LoadExtensionsOptions): Promise<LoadedExtension[]> {
  const loaded: LoadedExtension[] = [];
  const repositoryFolder = path.join(
    options.configRoot ?? '',
    ...REPOSITORY_EXTENSIONS_PATH.split('/'),
  );
  const repositoryNames =
    options.configRoot === undefined ? [] : await folderNames(repositoryFolder);
  for (const name of repositoryNames) {
    const configDirectory = path.join(repositoryFolder, name);
    if (options.mayLoad?.(configDirectory) === false) continue;
    const shownAs = `${REPOSITORY_EXTENSIONS_PATH}/${name}`;
    if (!(await isFile(path.join(configDirectory, MANIFEST_FILE_NAME)))) {
      options.logger.warning(
        `${shownAs} has no ${MANIFEST_FILE_NAME}, so it is not loaded as an extension.`,
      );
      continue;
    }
    const extension = await loadExtension({
      configDirectory,
      extensionPath: path.join(options.workspaceRoot, ...shownAs.split('/')),
      shownAs,
      source: 'repository',
      options,
    });
    if (extension.name !== name) {
      options.logger.warning(
        `${shownAs}: the extension is named "${extension.name}" in its manifest; the folder name is expected to match.`,
      );
    }
    loaded.push(extension);
  }
  for (const given of options.paths) {
    const folder = path.resolve(options.workspaceRoot, given);
    if (options.mayLoad?.(folder) === false) continue;
    const info = await stat(folder).catch(() => undefined);
    if (!info?.isDirectory()) {
      throw new ConfigurationError(
        `expected the folder of an extension (holding ${MANIFEST_FILE_NAME}); ${JSON.stringify(given)} ${info ? 'is not a folder' : 'does not exist'}.`,
        { input: options.pathsSetting },
      );
    }
    if (!(await isFile(path.join(folder, MANIFEST_FILE_NAME)))) {
      throw new ConfigurationError(
        `expected ${MANIFEST_FILE_NAME} in the extension folder ${JSON.stringify(given)}; it has none.`,
        { input: options.pathsSetting },
      );
    }
    loaded.push(
      await loadExtension({
        configDirectory: folder,
        extensionPath: folder,
        shownAs: given,
        source: 'workflow',
        options,
      }),
    );
  }
  const byName = new Map<string, LoadedExtension>();
  for (const extension of loaded) {
    const earlier = byName.get(extension.name);
    if (earlier !== undefined) {
      throw new ConfigurationError(
        `expected one extension named "${extension.name}"; ${earlier.shownAs} and ${extension.shownAs} both are. Remove or rename one.`,
        { file: path.posix.join(extension.shownAs, MANIFEST_FILE_NAME) },
      );
    }
    byName.set(extension.name, extension);
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `name 1.2.0 (.gemini/extensions/name)` for the log and the report. */
export function describeExtension(extension: LoadedExtension): string {
  return `${extension.name} ${extension.version} (${extension.shownAs})`;
}

async function loadExtension(input: {
  configDirectory: string;
  extensionPath: string;
  shownAs: string;
  source: LoadedExtension['source'];
  options: LoadExtensionsOptions;
}): Promise<LoadedExtension> {
  const { options } = input;
  const file = path.posix.join(input.shownAs, MANIFEST_FILE_NAME);
  const manifestPath = path.join(input.configDirectory, MANIFEST_FILE_NAME);
  const info = await stat(manifestPath);
  if (info.size > MAX_MANIFEST_BYTES) {
    throw new ConfigurationError(
      `expected an extension manifest of at most ${MAX_MANIFEST_BYTES} bytes; it has ${info.size}.`,
      { file },
    );
  }
  let text: string;
  try {
    text = await readFile(manifestPath, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`could not read the extension manifest: ${errorMessage(error)}`, {
      file,
    });
  }
  const { contextFileNames, ...manifest } = parseExtensionManifest(text, {
    file,
    extensionPath: path.resolve(input.extensionPath),
    workspacePath: path.resolve(options.workspaceRoot),
    env: options.env,
    ...(options.forbiddenValues ? { forbiddenValues: options.forbiddenValues } : {}),
  });
  const contextFiles = [];
  for (const name of contextFileNames) {
    const candidate = await insideFile(input.configDirectory, name);
    if (candidate !== undefined) {
      contextFiles.push({ path: candidate, displayPath: path.posix.join(input.shownAs, name) });
    }
  }
  return {
    ...manifest,
    path: path.resolve(input.extensionPath),
    configDirectory: input.configDirectory,
    shownAs: input.shownAs,
    source: input.source,
    contextFiles,
  };
}

/** The sub-folders of `folder` by name, none when it does not exist. */
async function folderNames(folder: string): Promise<string[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() === true;
}

/**
 * `name` below `folder` when it is a file there whose real path stays inside (a context file is
 * put into the system instruction; a symlink must not bring in a file from elsewhere).
 */
async function insideFile(folder: string, name: string): Promise<string | undefined> {
  const candidate = path.join(folder, ...name.split('/'));
  try {
    const [real, realFolder] = await Promise.all([realpath(candidate), realpath(folder)]);
    if (!isInsideOrSame(real, realFolder)) return undefined;
    return (await stat(real)).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}
