// Vertex AI and Code Assist without Application Default Credentials, through the built bundles:
// `-p`, `run` and the Action stop before any model request with what to do, `-p` and `run` with
// the authentication exit code 41, and none prints Node's raw MetadataLookupWarning. Before, `-p`
// printed the warning and exited 1. No test asks the network: the metadata server is ruled out
// by METADATA_SERVER_DETECTION=none, or pointed at a closed local port.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { commentEvent, fakeGitHubFor } from './support/comment-run.js';
import { runActionDist } from './support/run-action-dist.js';

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist/cli.js');

const VERTEX = {
  GOOGLE_GENAI_USE_VERTEXAI: 'true',
  GOOGLE_CLOUD_PROJECT: 'my-project',
  GOOGLE_CLOUD_LOCATION: 'us-central1',
};
const CODE_ASSIST = { GOOGLE_GENAI_USE_GCA: 'true' };
const NO_METADATA_SERVER = { METADATA_SERVER_DETECTION: 'none' };

/** On a Google Cloud machine the metadata server is real; a run there would ask it. */
const onGoogleCloud =
  process.env.K_SERVICE !== undefined ||
  (existsSync('/sys/class/dmi/id/bios_vendor') &&
    readFileSync('/sys/class/dmi/id/bios_vendor', 'utf8').includes('Google'));

async function runCli(args: string[], env: Record<string, string>) {
  const repo = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
  return execFileAsync(process.execPath, [cli, ...args.map((a) => a.replace('$REPO', repo))], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? '', HOME: await tempRepo(), ...env },
    timeout: 15_000,
    killSignal: 'SIGKILL',
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number | null; stdout: string; stderr: string },
  );
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return port;
}

const PROMPT = ['-p', 'Say hello', '--repo', '$REPO'];

describe('-p without Application Default Credentials', () => {
  it.each([
    ['Vertex AI', VERTEX],
    ['Gemini Code Assist', CODE_ASSIST],
  ])('%s: exit 41, what to do, and no metadata lookup', async (name, transport) => {
    const result = await runCli(PROMPT, { ...transport, ...NO_METADATA_SERVER });

    expect(result.code, result.stderr).toBe(41);
    expect(result.stderr).toContain(
      `error: ${name} signs in with Application Default Credentials, and there are none`,
    );
    expect(result.stderr).toContain('gcloud auth application-default login');
    expect(result.stderr).not.toContain('MetadataLookupWarning');
  });

  it.skipIf(onGoogleCloud)(
    'Vertex AI: no raw warning where nothing says how to find a metadata server',
    async () => {
      const result = await runCli(PROMPT, VERTEX);

      expect(result.code, result.stderr).toBe(41);
      expect(result.stderr).not.toContain('MetadataLookupWarning');
      expect(result.stderr).toContain('Or use Vertex AI express mode: GOOGLE_API_KEY');
    },
  );

  it.each([
    ['Vertex AI', VERTEX],
    ['Code Assist', CODE_ASSIST],
  ])(
    '%s: exit 41 and what to do when the metadata server named does not answer',
    async (name, transport) => {
      const result = await runCli(PROMPT, {
        ...transport,
        GCE_METADATA_HOST: `127.0.0.1:${await closedPort()}`,
      });

      expect(result.code, result.stderr).toBe(41);
      expect(result.stderr).toMatch(
        new RegExp(
          `error: (?:${name} could not get Application Default Credentials|Could not get Google OAuth credentials for Code Assist)`,
        ),
      );
      expect(result.stderr).toContain('gcloud auth application-default login');
    },
  );

  it('says when GOOGLE_APPLICATION_CREDENTIALS names no file', async () => {
    const result = await runCli(PROMPT, {
      ...VERTEX,
      GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent/key.json',
    });

    expect(result.code, result.stderr).toBe(41);
    expect(result.stderr).toContain(
      'error: GOOGLE_APPLICATION_CREDENTIALS names /nonexistent/key.json, which is not a file.',
    );
  });
});

describe('run and the Action without Application Default Credentials', () => {
  it('run: exit 41 and what to do', async () => {
    const result = await runCli(
      [
        'run',
        '--event',
        path.join(root, 'examples/demo/event.json'),
        '--event-name',
        'issue_comment',
        '--repo',
        '$REPO',
        '--input',
        'use_vertex_ai=true',
        '--input',
        'gcp_project_id=my-project',
        '--input',
        'gcp_location=us-central1',
        '--out',
        path.join(await tempRepo(), 'out'),
      ],
      NO_METADATA_SERVER,
    );

    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(41);
    expect(`${result.stdout}\n${result.stderr}`).toContain(
      'Vertex AI signs in with Application Default Credentials, and there are none',
    );
  });

  it('the Action: fails before any request, saying what to do in a workflow', async () => {
    const payload = commentEvent('Codertocat', '/gemini describe the README');
    const github = await fakeGitHubFor(payload, {});
    const gemini = await useFakeGemini([textReply('unused')]);

    const result = await runActionDist({
      payload,
      inputs: { use_gemini_code_assist: 'true' },
      github,
      gemini,
      env: NO_METADATA_SERVER,
      timeoutMs: 30_000,
    });

    expect(result.outputs.conclusion).toBe('failure');
    expect(result.outputs.error).toContain(
      'Gemini Code Assist signs in with Application Default Credentials, and there are none',
    );
    expect(result.outputs.error).toContain('google-github-actions/auth');
    expect(result.stdout).not.toContain('MetadataLookupWarning');
    expect(gemini.generateRequests()).toEqual([]);
  });
});
