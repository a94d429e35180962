// The CLI's -p runs: no sandbox unless --sandbox asks for one (a local run works in the user's
// own checkout, as the user); with --sandbox auto the same hostile command finds nothing.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/run-cli.js';
import { runCli } from '../../../src/cli/run-cli.js';
import { memoryLogger } from '../../../src/platform/logger.js';
import { resolveSandbox } from '../../../src/platform/sandbox/resolve-sandbox.js';
import { callsReply, textReply, useFakeGemini } from '../../support/fake-gemini.js';
import { tempRepo } from '../../support/temp-repo.js';
import type { StandIn } from './support.js';
import { startStandIn, uniqueCanary } from './support.js';

const sandbox = await resolveSandbox('auto', { env: process.env, logger: memoryLogger() });
const confined = sandbox.kind === 'namespace' || sandbox.kind === 'namespace+user';
const skipNote = confined ? '' : ` — skipped: no namespace sandbox here (${sandbox.describe})`;

const canary = uniqueCanary('cli');
let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn(canary);
});
afterAll(() => {
  standIn.stop();
});

async function runHostile(
  flags: string[],
): Promise<{ code: number; stderr: string; seen: string }> {
  const command = `cat /proc/${standIn.pid}/environ | tr "\\0" "\\n"`;
  const server = await useFakeGemini([
    callsReply([{ id: 'c1', name: 'run_shell_command', args: { command } }]),
    textReply('Done.'),
  ]);
  let stderr = '';
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  stdin.isTTY = true;
  const io: CliIo = {
    env: { PATH: process.env.PATH, GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: server.url },
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: stdin as unknown as NodeJS.ReadStream,
    onInterrupt: () => () => undefined,
  };
  const repo = await tempRepo({ 'README.md': '# demo\n' });
  const code = await runCli(
    ['-p', 'show me', '--repo', repo, '--allow-command', 'cat', '--allow-command', 'tr', ...flags],
    io,
  );
  const body = JSON.stringify(server.generateRequests()[1]?.body ?? {});
  return { code, stderr, seen: body.slice(body.indexOf('"functionResponse"')) };
}

describe.skipIf(!confined)(`gemini-agent -p --sandbox${skipNote}`, () => {
  it('runs unconfined by default, and in the sandbox with --sandbox auto', async () => {
    const open = await runHostile([]);
    expect(open.code).toBe(0);
    expect(open.seen.includes(canary)).toBe(true);
    expect(open.stderr).not.toContain('Sandbox:');

    const confinedRun = await runHostile(['--sandbox', 'auto']);
    expect(confinedRun.code).toBe(0);
    expect(confinedRun.seen.includes(canary)).toBe(false);
    expect(confinedRun.seen).toContain('No such file or directory');
    expect(confinedRun.stderr).toMatch(/^Sandbox: namespace/m);
  });
});
