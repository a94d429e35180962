// A wrapper first on PATH in place of `unshare`, which starts every namespace sandbox: it logs the
// folder each set-up starts in and holds the set-up back while its gate file is missing. As root
// the Action runs `unshare` directly (through sudo, PATH would be sudo's own).
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface UnshareWrapper {
  /** The folders the set-ups started in, in order. */
  setUps(): Promise<string[]>;
  /** Holds every later set-up back until `open`. */
  close(): Promise<void>;
  open(): Promise<void>;
  /** Puts PATH back and removes the wrapper. */
  remove(): Promise<void>;
}

export async function installUnshareWrapper(): Promise<UnshareWrapper> {
  const originalPath = process.env.PATH;
  const bin = await mkdtemp(path.join(os.tmpdir(), 'unshare-wrapper-'));
  const log = path.join(bin, 'set-ups.log');
  const gate = path.join(bin, 'open');
  const unshare = execFileSync('sh', ['-c', 'command -v unshare'], { encoding: 'utf8' }).trim();
  const wrapper = path.join(bin, 'unshare');
  await writeFile(
    wrapper,
    `#!/bin/sh\necho "$PWD" >> '${log}'\nwhile [ ! -e '${gate}' ]; do sleep 0.02; done\nexec '${unshare}' "$@"\n`,
  );
  await chmod(wrapper, 0o755);
  await writeFile(log, '');
  await writeFile(gate, '');
  process.env.PATH = `${bin}:${originalPath ?? ''}`;
  return {
    setUps: async () => (await readFile(log, 'utf8')).split('\n').filter(Boolean),
    close: () => rm(gate, { force: true }),
    open: () => writeFile(gate, ''),
    remove: async () => {
      process.env.PATH = originalPath;
      await rm(bin, { recursive: true, force: true });
    },
  };
}
