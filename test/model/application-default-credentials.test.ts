// Application Default Credentials, looked for before Vertex AI or Code Assist sends anything, in
// the auth library's order, without the network: a run without any stops with what to do.
import { describe, expect, it } from 'vitest';
import type { MachineFacts } from '../../src/model/application-default-credentials.js';
import {
  checkApplicationDefaultCredentials,
  credentialsFailure,
} from '../../src/model/application-default-credentials.js';
import type { ModelAuth } from '../../src/model/model-auth.js';
import { AuthenticationError } from '../../src/platform/errors.js';

const VERTEX: ModelAuth = { type: 'vertex-ai', project: 'p', location: 'us-central1' };
const CODE_ASSIST: ModelAuth = { type: 'code-assist' };

function machine(files: string[] = [], gce = false): MachineFacts {
  return {
    isFile: (file) => files.includes(file),
    onGoogleComputeEngine: () => gce,
    platform: 'linux',
  };
}

function failure(auth: ModelAuth, env: Record<string, string>, facts = machine()) {
  try {
    checkApplicationDefaultCredentials(auth, env, facts);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AuthenticationError);
    return (error as Error).message;
  }
}

describe('checkApplicationDefaultCredentials', () => {
  it('stops Vertex AI without credentials, saying what to do, express mode included', () => {
    expect(failure(VERTEX, { HOME: '/home/u' })).toBe(
      'Vertex AI signs in with Application Default Credentials, and there are none: no GOOGLE_APPLICATION_CREDENTIALS, no /home/u/.config/gcloud/application_default_credentials.json, and this is not a Google Cloud machine. Run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS to a service account key or external account (Workload Identity Federation) file; in a GitHub workflow, the google-github-actions/auth step before this one sets it. Or use Vertex AI express mode: GOOGLE_API_KEY, with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION unset.',
    );
  });

  it('stops Code Assist without credentials, naming what it does not read', () => {
    const message = failure(CODE_ASSIST, { HOME: '/home/u' });
    expect(message).toMatch(/^Gemini Code Assist signs in with Application Default Credentials/);
    expect(message).toContain('gcloud auth application-default login');
    expect(message).toContain(
      "The Gemini CLI's own sign-in (~/.gemini/oauth_creds.json) is not read.",
    );
  });

  it('lets the credentials through wherever the auth library would find them', () => {
    const wellKnown = '/home/u/.config/gcloud/application_default_credentials.json';
    const found: [Record<string, string>, MachineFacts][] = [
      [{ GOOGLE_APPLICATION_CREDENTIALS: '/k.json' }, machine(['/k.json'])],
      [{ HOME: '/home/u' }, machine([wellKnown])],
      [
        { CLOUDSDK_CONFIG: '/c', HOME: '/home/u' },
        machine(['/c/application_default_credentials.json']),
      ],
      [{}, machine([], true)],
      [{ K_SERVICE: 'svc' }, machine()],
      [{ GCE_METADATA_HOST: '127.0.0.1:1' }, machine()],
      [{ METADATA_SERVER_DETECTION: 'assume-present' }, machine()],
    ];
    for (const [env, facts] of found) {
      expect(failure(VERTEX, env, facts), JSON.stringify(env)).toBeUndefined();
      expect(failure(CODE_ASSIST, env, facts), JSON.stringify(env)).toBeUndefined();
    }
  });

  it('says when GOOGLE_APPLICATION_CREDENTIALS names no file, and when detection is off', () => {
    expect(failure(VERTEX, { GOOGLE_APPLICATION_CREDENTIALS: '/gone.json' })).toMatch(
      /^GOOGLE_APPLICATION_CREDENTIALS names \/gone\.json, which is not a file\. Run `gcloud/,
    );
    expect(failure(VERTEX, { METADATA_SERVER_DETECTION: 'none' }, machine([], true))).toMatch(
      /^Vertex AI signs in with Application Default Credentials, and there are none: no GOOGLE_APPLICATION_CREDENTIALS, and this/,
    );
  });

  it('asks nothing of an API key: the Gemini API, and Vertex AI express mode', () => {
    expect(failure({ type: 'gemini-api-key', apiKey: 'k' }, {})).toBeUndefined();
    expect(failure({ type: 'vertex-ai', apiKey: 'k' }, {})).toBeUndefined();
    // With a project and location the key is not what signs in (genai-generator.ts).
    expect(failure({ ...VERTEX, apiKey: 'k' }, {})).toBeDefined();
  });
});

describe('credentialsFailure', () => {
  it("turns the auth library's missing credentials into what to do", () => {
    const error = credentialsFailure(
      { type: 'vertex-ai' },
      new Error(
        'Could not load the default credentials. Browse to https://cloud.google.com/docs/authentication/getting-started for more information.',
      ),
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error?.message).toMatch(
      /^Vertex AI could not get Application Default Credentials \(Could not load the default credentials\..*\)\. Run `gcloud auth application-default login`/,
    );
    expect(credentialsFailure({ type: 'vertex-ai' }, new Error('fetch failed'))).toBeUndefined();
  });
});
