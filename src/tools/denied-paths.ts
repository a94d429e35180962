/**
 * Places tools may never use, even when a workspace root contains them (a root at `/`, or an
 * additional root such as the runner's work directory).
 */
import path from 'node:path';
import { foldName } from './path-spelling.js';
import { resolveRealPath } from './real-path.js';
import { FILE_COMMAND_VARIABLES } from '../platform/runner-file-commands.js';
import { isInsideOrSameNormal } from '../platform/path-containment.js';

export interface DeniedPath {
  /** An absolute path; everything below it is denied too. */
  path: string;
  /** What the place is, for the refusal message. */
  reason: string;
}

/**
 * Kernel and device interfaces: `/proc/self/environ` holds the process's secrets, `/proc/<pid>/`
 * other processes' memory and file descriptors, `/dev` devices that block or never end.
 * Always denied (on systems that have them), whatever the options say.
 */
export const SYSTEM_DENIED_PATHS: readonly DeniedPath[] =
  process.platform === 'win32'
    ? []
    : [
        { path: '/proc', reason: 'process information' },
        { path: '/sys', reason: 'kernel interfaces' },
        { path: '/dev', reason: 'devices' },
      ];

/** The directory the runner creates the file-command files in. */
const FILE_COMMANDS_DIRECTORY = '_runner_file_commands';

/**
 * The runner's places a tool must not reach, read from the environment the Action runs in:
 * `RUNNER_TEMP` (checkout's credential files, other actions' scratch data), each file-command
 * file and the runner's directory holding them, and `GITHUB_EVENT_PATH` (the raw event; the agent
 * gets a sanitized copy of it elsewhere). Unset variables add nothing.
 */
export function deniedPathsFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): DeniedPath[] {
  const denied: DeniedPath[] = [];
  const add = (value: string | undefined, reason: string) => {
    if (value === undefined || value.trim() === '') return;
    const absolute = path.resolve(value);
    if (!denied.some((entry) => entry.path === absolute)) denied.push({ path: absolute, reason });
  };
  add(env.RUNNER_TEMP, "the runner's temporary directory (RUNNER_TEMP)");
  for (const name of FILE_COMMAND_VARIABLES) {
    const file = env[name];
    add(file, `a runner file command (${name})`);
    // Only the runner's own directory: a variable pointing somewhere unusual (set by hand for a
    // local run) must not deny whatever directory happens to hold it, such as the workspace.
    if (file !== undefined && path.basename(path.dirname(file)) === FILE_COMMANDS_DIRECTORY) {
      add(path.dirname(file), `the runner's file-command directory (${name})`);
    }
  }
  add(env.GITHUB_EVENT_PATH, 'the raw event payload (GITHUB_EVENT_PATH)');
  // google-github-actions/auth may write the credentials file inside the checkout, and points
  // these three variables at it; with Workload Identity Federation it holds the job's OIDC
  // request token.
  add(
    env.GOOGLE_APPLICATION_CREDENTIALS,
    'the Google Cloud credentials file (GOOGLE_APPLICATION_CREDENTIALS)',
  );
  add(env.CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE, 'the gcloud credentials file');
  add(env.GOOGLE_GHA_CREDS_PATH, 'the Google Cloud credentials file (GOOGLE_GHA_CREDS_PATH)');
  return denied;
}

interface PreparedLocation {
  entry: DeniedPath;
  /** The path as given and its real path, both folded (see `foldName`). */
  folded: string[];
}

/** Denied places prepared for fast checks of real paths. */
export class DeniedLocations {
  private constructor(private readonly locations: readonly PreparedLocation[]) {}

  /**
   * Resolves each entry's symlinks, so a denied place reached under another name (`/tmp` and
   * `/private/tmp` on macOS) is still recognised.
   */
  static prepare(entries: readonly (string | DeniedPath)[]): DeniedLocations {
    const locations: PreparedLocation[] = [];
    for (const given of [...SYSTEM_DENIED_PATHS, ...entries]) {
      const entry = typeof given === 'string' ? { path: given, reason: 'denied location' } : given;
      const absolute = path.resolve(entry.path);
      const spellings = [absolute];
      try {
        spellings.push(resolveRealPath(absolute).realPath);
      } catch {
        // An unresolvable denied path is still denied under the name it was given.
      }
      const folded = [...new Set(spellings.map(foldName))];
      locations.push({ entry, folded });
    }
    return new DeniedLocations(locations);
  }

  /**
   * The locations that apply inside `root`. One that contains the root itself is dropped: denying
   * it would deny the whole workspace the user chose (a workspace on a RAM disk under `/dev/shm`,
   * or checked out inside `RUNNER_TEMP`), while everything of it outside the root stays out of
   * reach anyway.
   */
  forRoot(root: string): DeniedLocations {
    const folded = foldName(root);
    return new DeniedLocations(
      this.locations.filter(
        (location) => !location.folded.some((d) => isInsideOrSameNormal(folded, d)),
      ),
    );
  }

  /**
   * The first denied location any of `paths` lies in, if any: compared folded, so a denied place
   * is recognised in any case (the containment check itself compares names as written).
   */
  find(paths: readonly string[]): DeniedPath | undefined {
    for (const candidate of paths) {
      const folded = foldName(candidate);
      const hit = this.locations.find((location) =>
        location.folded.some((denied) => isInsideOrSameNormal(folded, denied)),
      );
      if (hit) return hit.entry;
    }
    return undefined;
  }
}

/**
 * `DeniedLocations.find` for many paths that share directories (a search's matches): the answer
 * for each path is remembered, so the directories every match passes are checked once.
 */
export class RememberedDenials {
  private readonly answers = new Map<string, DeniedPath | null>();

  constructor(private readonly locations: DeniedLocations) {}

  find(paths: readonly string[]): DeniedPath | undefined {
    for (const candidate of paths) {
      let answer = this.answers.get(candidate);
      if (answer === undefined) {
        answer = this.locations.find([candidate]) ?? null;
        this.answers.set(candidate, answer);
      }
      if (answer !== null) return answer;
    }
    return undefined;
  }
}
