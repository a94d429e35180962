// Vertex AI through Workload Identity Federation, as a workflow sets it up with
// google-github-actions/auth: that action writes an `external_account` credentials file (its
// `credential_source` asks GitHub for the job's OIDC token with the runner's request token) and
// points GOOGLE_APPLICATION_CREDENTIALS, CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE and
// GOOGLE_GHA_CREDS_PATH at it. The model client must accept such a file; the agent's tools must
// not get at it. GitHub's token endpoint, Google's STS and IAM Credentials are local fakes at the
// HTTP boundary, named in the file as the real ones are.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import { resolveModelAuth } from '../../src/model/model-auth.js';
import { buildToolEnvironment } from '../../src/platform/tool-environment.js';
import { deniedPathsFromEnvironment } from '../../src/tools/denied-paths.js';
import { Workspace } from '../../src/tools/workspace.js';
import { instantRetry, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';

const REQUEST_TOKEN = 'canary-actions-id-token-request-token';
const OIDC_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZXBvOm9jdG8vcmVwbyJ9.c2lnbmF0dXJl';
const STS_TOKEN = 'ya29.federated-token-from-sts';
const SERVICE_ACCOUNT_TOKEN = 'ya29.service-account-token';
const SERVICE_ACCOUNT = 'gemini-agent@my-project.iam.gserviceaccount.com';
const PROVIDER =
  'projects/123456789/locations/global/workloadIdentityPools/github/providers/my-repo';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** GitHub's OIDC token endpoint, Google's STS and IAM Credentials, on one local port. */
async function fakeGoogleIdentity() {
  const received: Received[] = [];
  const send = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      received.push({
        method: req.method ?? '',
        url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (url.startsWith('/github/token')) send(res, { count: 1, value: OIDC_TOKEN });
      else if (url === '/sts/v1/token') {
        send(res, {
          access_token: STS_TOKEN,
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          token_type: 'Bearer',
          expires_in: 3600,
        });
      } else if (url.endsWith(':generateAccessToken')) {
        send(res, {
          accessToken: SERVICE_ACCOUNT_TOKEN,
          expireTime: new Date(Date.now() + 3_600_000).toISOString(),
        });
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  );
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received };
}

/** The file google-github-actions/auth writes for Workload Identity Federation. */
function externalAccountFile(identity: string): string {
  return JSON.stringify({
    type: 'external_account',
    audience: `//iam.googleapis.com/${PROVIDER}`,
    subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
    token_url: `${identity}/sts/v1/token`,
    credential_source: {
      url: `${identity}/github/token?api-version=2.0&audience=https%3A%2F%2Fiam.googleapis.com%2F${encodeURIComponent(PROVIDER)}`,
      headers: { Authorization: `Bearer ${REQUEST_TOKEN}` },
      format: { type: 'json', subject_token_field_name: 'value' },
    },
    service_account_impersonation_url: `${identity}/iamcredentials/v1/projects/-/serviceAccounts/${SERVICE_ACCOUNT}:generateAccessToken`,
  });
}

async function credentialsInWorkspace(identity: string) {
  const workspace = await tempRepo({ 'README.md': '# demo\n' });
  // Where v2 of the auth action writes it: the checkout, under a random name.
  const file = path.join(workspace, 'gha-creds-3f1c0b9e2a7d4c58.json');
  await writeFile(file, externalAccountFile(identity));
  const env = {
    GOOGLE_APPLICATION_CREDENTIALS: file,
    CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE: file,
    GOOGLE_GHA_CREDS_PATH: file,
    GOOGLE_CLOUD_PROJECT: 'my-project',
  };
  return { workspace, file, env };
}

describe('Vertex AI with an external_account credentials file', () => {
  it('exchanges the job’s OIDC token for a Google token the model requests carry', async () => {
    const identity = await fakeGoogleIdentity();
    const { env } = await credentialsInWorkspace(identity.url);
    // The Action keeps GOOGLE_APPLICATION_CREDENTIALS in its environment for Google's auth
    // library (src/action/main.ts), which finds Application Default Credentials through it.
    vi.stubEnv('GOOGLE_APPLICATION_CREDENTIALS', env.GOOGLE_APPLICATION_CREDENTIALS);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const gemini = await useFakeGemini([textReply('Hello from Vertex.')]);
    const auth = resolveModelAuth({
      GOOGLE_GENAI_USE_VERTEXAI: 'true',
      GOOGLE_CLOUD_PROJECT: 'my-project',
      GOOGLE_CLOUD_LOCATION: 'us-central1',
      GOOGLE_VERTEX_BASE_URL: gemini.url,
    });

    const generator = await createContentGenerator(auth, { retry: instantRetry() });
    const response = await generator.generateContent(
      { model: 'gemini-3.8-flash', contents: 'Hi' },
      'p',
    );

    expect(response.text).toBe('Hello from Vertex.');
    // Nothing else: the project is known, so the auth library does not look it up.
    expect(identity.received).toHaveLength(3);
    const [oidc, sts, impersonation] = identity.received;
    // 1. GitHub's token endpoint, asked with the runner's request token.
    expect(oidc?.url).toMatch(/^\/github\/token\?/);
    expect(oidc?.headers.authorization).toBe(`Bearer ${REQUEST_TOKEN}`);
    // 2. STS: the OIDC token exchanged for a federated token.
    const exchange = new URLSearchParams(sts?.body);
    expect(sts?.url).toBe('/sts/v1/token');
    expect(exchange.get('subject_token')).toBe(OIDC_TOKEN);
    expect(exchange.get('audience')).toBe(`//iam.googleapis.com/${PROVIDER}`);
    // 3. The service account impersonated with the federated token.
    expect(impersonation?.url).toContain(`${SERVICE_ACCOUNT}:generateAccessToken`);
    expect(impersonation?.headers.authorization).toBe(`Bearer ${STS_TOKEN}`);
    const [request] = gemini.generateRequests();
    expect(request?.path).toBe(
      '/v1beta1/projects/my-project/locations/us-central1/publishers/google/models/gemini-3.8-flash:generateContent',
    );
    expect(request?.headers.authorization).toBe(`Bearer ${SERVICE_ACCOUNT_TOKEN}`);
  });
});

describe('the credentials file and the agent’s tools', () => {
  it.each([
    'GOOGLE_APPLICATION_CREDENTIALS',
    'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
    'GOOGLE_GHA_CREDS_PATH',
  ] as const)('no tool may open the file %s names, even inside the checkout', async (name) => {
    const { workspace, file, env } = await credentialsInWorkspace('https://unused.example');
    const ws = await Workspace.create(workspace, {
      deniedPaths: deniedPathsFromEnvironment({ [name]: env[name] }),
    });
    const resolved = ws.resolve(path.basename(file), { purpose: 'read' });
    expect(resolved.ok).toBe(false);
    expect(ws.resolve('README.md', { purpose: 'read' }).ok).toBe(true);
  });

  it('tool processes learn none of the variables that point at it, even when allowed', async () => {
    const { env } = await credentialsInWorkspace('https://unused.example');
    const toolEnv = buildToolEnvironment(
      { ...env, PATH: '/usr/bin', ACTIONS_ID_TOKEN_REQUEST_TOKEN: REQUEST_TOKEN },
      { allow: ['GOOGLE_*', 'CLOUDSDK_*', 'ACTIONS_*'] },
    );
    expect(Object.keys(toolEnv)).not.toContain('GOOGLE_APPLICATION_CREDENTIALS');
    expect(Object.keys(toolEnv)).not.toContain('CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE');
    expect(Object.keys(toolEnv)).not.toContain('GOOGLE_GHA_CREDS_PATH');
    expect(JSON.stringify(toolEnv)).not.toContain(REQUEST_TOKEN);
    // Not a secret, and useful to a build: still there.
    expect(toolEnv['GOOGLE_CLOUD_PROJECT']).toBe('my-project');
  });
});
