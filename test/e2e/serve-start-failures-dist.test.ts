// `serve` from the built bundle when it cannot start: a port another program holds is a usage
// error that says how to choose another (not a bare `listen EADDRINUSE`), and Vertex AI without
// Application Default Credentials stops before listening with the authentication exit code.
import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tempRepo } from '../support/temp-repo.js';
import { CLI, scratchHome } from './support/serve-process.js';

const execFileAsync = promisify(execFile);

async function serve(args: string[], env: Record<string, string>) {
  const repo = await tempRepo({ 'README.md': '# demo\n' });
  return execFileAsync(process.execPath, [CLI, 'serve', '--repo', repo, ...args], {
    cwd: repo,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: scratchHome(),
      GEMINI_AGENT_A2A_TOKEN: 'a-token-0123456789abcdef',
      ...env,
    },
    // A server that started after all is stopped rather than left running.
    timeout: 15_000,
    killSignal: 'SIGKILL',
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: unknown) => error as { code: number | null; stdout: string; stderr: string },
  );
}

describe('serve that cannot start', () => {
  it('says the port is in use and how to choose another, with the usage exit code', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    onTestFinished(
      () =>
        new Promise<void>((resolve) =>
          holder.close(() => {
            resolve();
          }),
        ),
    );
    const { port } = holder.address() as net.AddressInfo;

    const result = await serve(['--port', String(port)], { GEMINI_API_KEY: 'test-key-0123' });

    expect(result.code).toBe(42);
    expect(result.stderr).toContain(
      `\nerror: Cannot listen on 127.0.0.1:${port}: port ${port} is in use by another program (EADDRINUSE). Stop that program, or choose another with --port PORT (--port 0 picks a free one).\n`,
    );
    expect(result.stderr).not.toContain('listen EADDRINUSE');
  });

  it('stops Vertex AI without Application Default Credentials before listening, exit 41', async () => {
    const result = await serve(['--port', '0'], {
      GOOGLE_GENAI_USE_VERTEXAI: 'true',
      GOOGLE_CLOUD_PROJECT: 'my-project',
      GOOGLE_CLOUD_LOCATION: 'us-central1',
      // The metadata server ruled out without asking the network.
      METADATA_SERVER_DETECTION: 'none',
    });

    expect(result.code).toBe(41);
    expect(result.stdout).not.toContain('listening');
    expect(result.stderr).toContain(
      'error: Vertex AI signs in with Application Default Credentials, and there are none',
    );
    expect(result.stderr).not.toContain('MetadataLookupWarning');
  });
});
