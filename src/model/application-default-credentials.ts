/**
 * Whether Application Default Credentials can be found, asked before Vertex AI (without an
 * express-mode key) or Code Assist sends its first request, in the order Google's auth library
 * looks (google-auth-library 10, `GoogleAuth.getApplicationDefaultAsync`): the file
 * `GOOGLE_APPLICATION_CREDENTIALS` names, gcloud's `application_default_credentials.json`, then
 * the metadata server of a Google Cloud machine.
 *
 * Without any, the library would ask the metadata server anyway: seconds of lookups, Node's raw
 * `MetadataLookupWarning: received unexpected error = All promises were rejected` on stderr where
 * there is no network, then "Could not load the default credentials". Here the run stops first,
 * as an `AuthenticationError` (exit code 41) that says what to do. The metadata server is still
 * asked wherever it can be there: on a machine Google Cloud runs (the library's own residency
 * checks, repeated here without the network), or when `GCE_METADATA_HOST`, `GCE_METADATA_IP` or
 * `METADATA_SERVER_DETECTION` says where or whether to look.
 */
import { readFileSync, statSync } from 'node:fs';
import { networkInterfaces, platform } from 'node:os';
import path from 'node:path';
import { AuthenticationError } from '../platform/errors.js';
import { nonEmpty } from '../platform/text.js';

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The parts of a transport (`ModelAuth`, model-auth.ts) the check reads; declared here, as
 * model-auth.ts reaches this module through the transports.
 */
interface ModelAuth {
  type: 'gemini-api-key' | 'vertex-ai' | 'code-assist';
  apiKey?: string;
  project?: string;
  location?: string;
}

/** What the check reads of the machine; replaced in tests. */
export interface MachineFacts {
  /** Whether `file` is a file (following links). */
  isFile(file: string): boolean;
  /** Whether this is a Google Compute Engine machine (BIOS vendor, MAC address prefix). */
  onGoogleComputeEngine(): boolean;
  platform: NodeJS.Platform;
}

const THIS_MACHINE: MachineFacts = {
  isFile: (file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  },
  onGoogleComputeEngine,
  platform: platform(),
};

/** Whether `auth` signs in with Application Default Credentials (rather than a key). */
export function usesApplicationDefaultCredentials(auth: ModelAuth): boolean {
  if (auth.type === 'code-assist') return true;
  if (auth.type !== 'vertex-ai') return false;
  // The key is used only without a project and location (genai-generator.ts): express mode.
  return auth.apiKey === undefined || (auth.project !== undefined && auth.location !== undefined);
}

/**
 * Throws an `AuthenticationError` saying what to do when `auth` needs Application Default
 * Credentials and none can be found; nothing otherwise, and nothing for an API key.
 */
export function checkApplicationDefaultCredentials(
  auth: ModelAuth,
  env: Environment,
  machine: MachineFacts = THIS_MACHINE,
): void {
  if (!usesApplicationDefaultCredentials(auth)) return;
  const named = nonEmpty(env.GOOGLE_APPLICATION_CREDENTIALS ?? env.google_application_credentials);
  if (named !== undefined) {
    if (machine.isFile(named)) return;
    throw new AuthenticationError(
      `GOOGLE_APPLICATION_CREDENTIALS names ${named}, which is not a file. ${whatToDo(auth)}`,
    );
  }
  const wellKnown = wellKnownFile(env, machine.platform);
  if (wellKnown !== undefined && machine.isFile(wellKnown)) return;
  if (metadataServerMayAnswer(env, machine)) return;
  const where = wellKnown === undefined ? '' : `, no ${wellKnown}`;
  throw new AuthenticationError(
    `${transportName(auth)} signs in with Application Default Credentials, and there are none: no GOOGLE_APPLICATION_CREDENTIALS${where}, and this is not a Google Cloud machine. ${whatToDo(auth)}`,
  );
}

function transportName(auth: Pick<ModelAuth, 'type'>): string {
  return auth.type === 'code-assist' ? 'Gemini Code Assist' : 'Vertex AI';
}

/** What to do when `auth`'s Application Default Credentials are missing or cannot be used. */
export function whatToDo(auth: Pick<ModelAuth, 'type'>): string {
  const common =
    'Run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account key or external account (Workload Identity Federation) file; in a GitHub workflow, the google-github-actions/auth step before this one sets it.';
  if (auth.type === 'code-assist') {
    return `${common} The account must be allowed to use Gemini Code Assist. The Gemini CLI's own sign-in (~/.gemini/oauth_creds.json) is not read.`;
  }
  return `${common} Or use Vertex AI express mode: GOOGLE_API_KEY, with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION unset.`;
}

/**
 * Google's auth library's words when it found no credentials, or could not use the file named
 * (`GoogleAuthExceptionMessages.NO_ADC_FOUND`, `_tryGetApplicationCredentialsFromEnvironmentVariable`).
 */
const NO_CREDENTIALS =
  /^(?:Could not load the default credentials|Unable to read the credential file specified by the GOOGLE_APPLICATION_CREDENTIALS)/;

/**
 * The auth library's failure to find or read credentials at request time (after the check let
 * them through: a file that is no credentials file, a metadata server that did not answer) as an
 * `AuthenticationError` that says what to do; undefined for any other error.
 */
export function credentialsFailure(
  auth: Pick<ModelAuth, 'type'>,
  error: unknown,
): AuthenticationError | undefined {
  if (!(error instanceof Error) || !NO_CREDENTIALS.test(error.message)) return undefined;
  return new AuthenticationError(
    `${transportName(auth)} could not get Application Default Credentials (${error.message}). ${whatToDo(auth)}`,
    undefined,
    { cause: error },
  );
}

/** gcloud's file: `$CLOUDSDK_CONFIG`, else `%APPDATA%\gcloud` or `~/.config/gcloud`. */
function wellKnownFile(env: Environment, system: NodeJS.Platform): string | undefined {
  const name = 'application_default_credentials.json';
  const config = nonEmpty(env.CLOUDSDK_CONFIG);
  if (config !== undefined) return path.join(config, name);
  const base = system === 'win32' ? nonEmpty(env.APPDATA) : nonEmpty(env.HOME);
  if (base === undefined) return undefined;
  return system === 'win32'
    ? path.join(base, 'gcloud', name)
    : path.join(base, '.config/gcloud', name);
}

/** Where the auth library would find a metadata server, or was told to look for one. */
function metadataServerMayAnswer(env: Environment, machine: MachineFacts): boolean {
  const detection = nonEmpty(env.METADATA_SERVER_DETECTION)?.trim().toLowerCase();
  if (detection !== undefined) return detection !== 'none';
  if (nonEmpty(env.GCE_METADATA_HOST) ?? nonEmpty(env.GCE_METADATA_IP)) return true;
  // Cloud Run services and jobs, Cloud Functions (gcp-metadata's isGoogleCloudServerless).
  if (nonEmpty(env.CLOUD_RUN_JOB) ?? nonEmpty(env.FUNCTION_NAME) ?? nonEmpty(env.K_SERVICE)) {
    return true;
  }
  return machine.onGoogleComputeEngine();
}

/** gcp-metadata's isGoogleComputeEngine: a Google BIOS on Linux, or a GCE MAC address. */
function onGoogleComputeEngine(): boolean {
  if (platform() === 'linux') {
    try {
      statSync('/sys/class/dmi/id/bios_date');
      if (readFileSync('/sys/class/dmi/id/bios_vendor', 'utf8').includes('Google')) return true;
    } catch {
      // Not there: not Google's BIOS.
    }
  }
  return Object.values(networkInterfaces()).some((addresses) =>
    (addresses ?? []).some(({ mac }) => /^42:01/.test(mac)),
  );
}
