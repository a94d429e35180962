// Every test file runs with real network access disabled: only loopback is allowed, for the
// local fake Gemini and GitHub servers that tests start themselves.
//
// And with a home of its own: HOME and XDG_STATE_HOME point at a fresh folder for the file,
// removed afterwards. What a run keeps in the user's home (the record of agent sessions under
// ~/.local/state/gemini-agent, ~/.gemini/trustedFolders.json, memory in ~/.gemini/GEMINI.md) then
// never lands in, nor is read from, the home of whoever runs the suite, whatever environment a
// test hands the code under test (the code falls back on os.homedir(), which reads HOME). Nor
// does git read that user's global configuration: a test that commits names its own identity.
// A test that needs the user's real home (a sandbox suite checking that it is hidden) reads
// os.userInfo().homedir.
import { randomBytes } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nock from 'nock';
import { afterAll, beforeAll } from 'vitest';

nock.disableNetConnect();
nock.enableNetConnect(/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/);

const saved = { HOME: process.env.HOME, XDG_STATE_HOME: process.env.XDG_STATE_HOME };
// Named now, made before the file's first test: a file whose every test is skipped runs no hook,
// so a folder made here at load would be left behind.
const home = path.join(
  realpathSync(tmpdir()),
  `gemini-agent-home-${randomBytes(6).toString('hex')}`,
);
process.env.HOME = home;
process.env.XDG_STATE_HOME = path.join(home, '.local', 'state');

beforeAll(() => {
  mkdirSync(home, { mode: 0o700 });
});

afterAll(() => {
  if (saved.HOME === undefined) delete process.env.HOME;
  else process.env.HOME = saved.HOME;
  if (saved.XDG_STATE_HOME === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = saved.XDG_STATE_HOME;
  rmSync(home, { recursive: true, force: true });
});
