// The CLI's -p runs in the strongest sandbox that works, as the Action does. A script the policy
// lets run is code the policy cannot read: the sandbox is what keeps another process's
// environment out of its reach, and with --sandbox none it is in reach.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/run-cli.js';
import { runCli } from '../../../src/cli/run-cli.js';
import { callsReply, textReply, useFakeGemini } from '../../support/fake-gemini.js';
import { describeSandboxed, sandboxWay } from '../../support/sandbox-suites.js';
import { tempRepo } from '../../support/temp-repo.js';
import type { StandIn } from './support.js';
import { startStandIn, uniqueCanary } from './support.js';

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
  // The files a command names are checked (cat /proc/… is refused whatever the sandbox); what a
  // script does inside is not: only the sandbox stands between it and the stand-in.
  const command = `sh show.sh ${standIn.pid}`;
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
  const repo = await tempRepo({
    'README.md': '# demo\n',
    'show.sh': 'tr "\\0" "\\n" < "/proc/$1/environ"\n',
  });
  const code = await runCli(
    ['-p', 'show me', '--repo', repo, '--allow-command', 'sh show.sh', ...flags],
    io,
  );
  const body = JSON.stringify(server.generateRequests()[1]?.body ?? {});
  return { code, stderr, seen: body.slice(body.indexOf('"functionResponse"')) };
}

describeSandboxed(sandboxWay('namespace'), 'gemini-agent -p --sandbox', () => {
  it('runs in the sandbox by default, quietly: the script finds nothing', async () => {
    const confinedRun = await runHostile([]);
    expect(confinedRun.code).toBe(0);
    expect(confinedRun.seen.includes(canary)).toBe(false);
    expect(confinedRun.seen).toContain('No such file');
    expect(confinedRun.stderr).not.toContain('Sandbox:');
    expect(confinedRun.stderr).not.toContain('No sandbox');
  });

  it('runs unconfined with --sandbox none, without a notice: the script reads the process', async () => {
    const open = await runHostile(['--sandbox', 'none']);
    expect(open.code).toBe(0);
    expect(open.seen.includes(canary)).toBe(true);
    expect(open.stderr).not.toContain('No sandbox');
  });
});
