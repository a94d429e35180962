// The Node runtimes the benchmarks run on: which ones (`--node 24,22`), and the binary of each,
// fetched from the npm registry's `node` package as .ci/run does, into the bench cache folder.
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDir } from './scratch.mjs';

/** Node 24 first: it is what the Action runs on (`runs.using: node24`), so what users get. */
export const DEFAULT_RUNTIMES = [24, 22];

/** `--node 24,22` as a list of major versions, in the order given. */
export function parseRuntimes(text) {
  const expected = 'expected Node major versions separated by commas, such as 24,22';
  const entries = text.split(',').map((entry) => entry.trim());
  const majors = [];
  for (const entry of entries) {
    if (!/^[1-9]\d*$/.test(entry)) {
      throw new Error(`--node: ${expected}, got "${text}" ("${entry}" is not a major version)`);
    }
    const major = Number(entry);
    if (majors.includes(major)) throw new Error(`--node: ${expected}, got ${major} twice`);
    majors.push(major);
  }
  return majors;
}

/** The major version of `version` ("v24.1.0" or "24.1.0"). */
export function majorOf(version) {
  return Number(version.replace(/^v/, '').split('.')[0]);
}

/**
 * The node binary of Node `major`: the running one when it is that major, else the one in the
 * cache folder, fetched there the first time (`npm install node@MAJOR`, the newest release of
 * that line). Throws an error that says what was expected where when it cannot be had.
 */
export function nodeBinary(major, log = () => {}) {
  if (majorOf(process.version) === major) return process.execPath;
  const dir = cacheDir(`node${major}`);
  const binary = path.join(dir, 'node_modules/node/bin/node');
  if (versionOf(binary)?.startsWith(`v${major}.`)) return binary;
  log(`fetching Node ${major} into ${dir} (npm install node@${major}) …`);
  // The package's preinstall step unpacks the binary, so the folder allows that one script.
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ private: true, allowScripts: { node: true } })}\n`,
  );
  try {
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        '--loglevel=error',
        `node@${major}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
  } catch (error) {
    throw new Error(
      `expected \`npm install node@${major}\` to put a Node ${major} binary at ${binary}, but npm failed: ${npmReason(String(error?.stderr ?? ''), error)}`,
      { cause: error },
    );
  }
  const version = versionOf(binary);
  if (!version?.startsWith(`v${major}.`)) {
    throw new Error(
      `expected a Node ${major} binary at ${binary} after \`npm install node@${major}\`, found ${existsSync(binary) ? `one that says ${version ?? 'nothing'}` : 'none'}`,
    );
  }
  return binary;
}

/** `binary --version`, or undefined when there is no such binary or it does not run. */
function versionOf(binary) {
  if (!existsSync(binary)) return undefined;
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/**
 * What npm's error output says went wrong, in a line: its code and first message ("ETARGET:
 * notarget No matching version found for node@99.", "ECONNREFUSED: FetchError: request to …").
 */
export function npmReason(stderr, error) {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^npm (error|ERR!) ?/, ''))
    .filter((line) => line.trim() !== '');
  const code = lines.find((line) => line.startsWith('code '))?.slice('code '.length);
  const message = lines.find((line) => !/^(code|syscall|errno) /.test(line) && !/^\s/.test(line));
  const reason = [code, message].filter(Boolean).join(': ');
  return reason || String(error?.message ?? error);
}
