// Finding the sandbox user reads `id NAME` as POSIX prints it (GNU coreutils, BusyBox and the BSDs
// alike), and creates the user when there is none; the machine is played by a fake `run`.
import { describe, expect, it } from 'vitest';
import type { ProgramResult, RunProgram } from '../../../src/platform/sandbox/run-program.js';
import { ensureSandboxUser } from '../../../src/platform/sandbox/sandbox-user.js';

/** A machine whose `id` knows `users` (name → what `id NAME` prints); `useradd` adds `created`. */
function machine(users: Record<string, string>, created?: [string, string]) {
  const calls: string[] = [];
  const known = new Map(Object.entries(users));
  const run: RunProgram = (argv) => {
    calls.push(argv.join(' '));
    const answer = (result: Partial<ProgramResult>): Promise<ProgramResult> =>
      Promise.resolve({ exitCode: 0, stdout: '', stderr: '', ...result });
    const [program, ...args] = argv;
    if (program === 'id') {
      const line = known.get(args.at(-1) ?? '');
      return line === undefined
        ? answer({ exitCode: 1, stderr: `id: '${args.at(-1) ?? ''}': no such user\n` })
        : answer({ stdout: `${line}\n` });
    }
    if (program === 'useradd' && created !== undefined) {
      known.set(created[0], created[1]);
      return answer({});
    }
    return answer({ exitCode: null, error: `spawn ${program ?? ''} ENOENT` });
  };
  return { run, calls };
}

describe('ensureSandboxUser', () => {
  it.each([
    [
      'GNU coreutils',
      'uid=999(gemini-agent-sandbox) gid=995(gemini-agent-sandbox) groups=995(gemini-agent-sandbox)',
      999,
      995,
    ],
    ['BusyBox', 'uid=100(gemini-agent-sandbox) gid=101(gemini-agent-sandbox) groups=101', 100, 101],
    ['names the system cannot tell', 'uid=999 gid=995 groups=995', 999, 995],
  ])(
    'reads the uid and primary gid of an existing user from one `id` (%s)',
    async (_what, line, uid, gid) => {
      const fake = machine({ 'gemini-agent-sandbox': line });
      await expect(ensureSandboxUser(fake.run)).resolves.toEqual({
        name: 'gemini-agent-sandbox',
        uid,
        gid,
        dedicated: true,
      });
      expect(fake.calls).toEqual(['id gemini-agent-sandbox']);
    },
  );

  it('creates the user when `id` does not know it, and reads it back', async () => {
    const fake = machine({}, [
      'gemini-agent-sandbox',
      'uid=998(gemini-agent-sandbox) gid=994(gemini-agent-sandbox)',
    ]);
    await expect(ensureSandboxUser(fake.run)).resolves.toMatchObject({ uid: 998, gid: 994 });
    expect(fake.calls[1]).toMatch(/^useradd --system --user-group /);
  });

  it('does not take output it cannot read for a user', async () => {
    const fake = machine({
      'gemini-agent-sandbox': 'gemini-agent-sandbox : 999 995',
      nobody: 'uid=65534(nobody) gid=65534(nogroup)',
    });
    await expect(ensureSandboxUser(fake.run)).resolves.toEqual({
      name: 'nobody',
      uid: 65534,
      gid: 65534,
      dedicated: false,
    });
  });

  it('never stands in root for nobody', async () => {
    const fake = machine({ nobody: 'uid=0(root) gid=0(root)' });
    const found = await ensureSandboxUser(fake.run);
    expect('problem' in found && found.problem).toMatch(
      /^cannot create the user gemini-agent-sandbox \(useradd: /,
    );
  });
});
