// The project's own test doubles (TypeScript under test/support), loaded through Vite's module
// runner so the benchmarks can use them without a build step: the fake GitHub server and the
// real webhook payloads.
import path from 'node:path';
import { runnerImport } from 'vite';
import { ROOT } from './agents.mjs';

const loaded = new Map();

async function load(relative) {
  if (!loaded.has(relative)) {
    const promise = runnerImport(path.join(ROOT, relative), {
      configFile: false,
      logLevel: 'silent',
      root: ROOT,
    }).then(({ module }) => module);
    loaded.set(relative, promise);
  }
  return loaded.get(relative);
}

export const fakeGitHubModule = () => load('test/support/fake-github-server.ts');
export const webhookPayloadsModule = () => load('test/support/webhook-payloads.ts');
