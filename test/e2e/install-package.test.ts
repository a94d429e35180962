// The README's way to get the CLI: `npm install -g github:<owner>/<repo>#v1`. npm fetches the
// repository at the tag, packs what package.json's `files` names, and links the `bin`. Done here
// offline: the package as `npm pack` makes it, installed into a temporary prefix, and the same
// files as a git repository with a v1 tag, installed by URL. npm runs with --offline, an empty
// cache and an unreachable registry, so a runtime dependency the bundle lacks, or a lifecycle
// script that needs the devDependencies, fails the install instead of fetching anything.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * Scripts that make npm prepare a git dependency before packing it: it installs the package's
 * devDependencies in the clone and runs them (pacote's GitFetcher, `#prepareDir`). The bundle in
 * dist/ is committed, so nothing needs preparing: `npm run bundle` is the build.
 */
const PREPARING_SCRIPTS = ['build', 'prepare', 'prepack', 'preinstall', 'install', 'postinstall'];

let work: string;
let tarball: string;

/** npm as a user runs it, but unable to reach any registry. */
function npm(args: string[], options: { cwd: string; cache: string }) {
  return run('npm', [...args, '--offline', `--cache=${options.cache}`, '--no-audit', '--no-fund'], {
    cwd: options.cwd,
    env: {
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      HOME: work,
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_update_notifier: 'false',
    },
    maxBuffer: 16 * 1024 * 1024,
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'gemini-agent-install-'));
  const { stdout } = await npm(['pack', '--json', `--pack-destination=${work}`], {
    cwd: root,
    cache: path.join(work, 'pack-cache'),
  });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  tarball = path.join(work, packed?.filename ?? '');
}, 120_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the package', () => {
  it('declares no runtime dependencies and no script that would make npm build it on install', () => {
    expect(packageJson).not.toHaveProperty('dependencies');
    const scripts = Object.keys(packageJson.scripts);
    expect(scripts.filter((name) => PREPARING_SCRIPTS.includes(name))).toEqual([]);
    expect(packageJson.bin).toEqual({ 'gemini-agent': 'dist/cli.js' });
  });

  it('carries the license file package.json names', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    expect(stdout.split('\n')).toContain('package/LICENSE');
  });

  it('installs from its tarball without a registry, and runs --version and the demo', async () => {
    const prefix = path.join(work, 'prefix-tarball');
    await npm(['install', '--global', `--prefix=${prefix}`, tarball], {
      cwd: work,
      cache: path.join(work, 'cache-tarball'),
    });
    const bin = path.join(prefix, 'bin', 'gemini-agent');
    // As after a global install, the prefix's bin folder is on PATH.
    const env = {
      PATH: `${path.dirname(bin)}:${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      HOME: work,
    };

    const version = await run(bin, ['--version'], { cwd: work, env });
    expect(version.stdout).toBe(`${packageJson.version}\n`);

    // The demo's files come with the package (`files`), and its closing lines name the program
    // by the name it has on PATH.
    const demo = await run(bin, ['demo', '--out', path.join(work, 'demo')], { cwd: work, env });
    expect(demo.stdout).toContain('── Result: success');
    expect(demo.stdout).toContain('  gemini-agent run --event event.json');
  }, 120_000);

  it('installs from a git repository at a tag, as `npm install -g github:<owner>/<repo>#v1` does', async () => {
    // The repository as the tag holds it: the packed files are what `files` selects from it.
    const repo = path.join(work, 'repo');
    await mkdir(repo);
    await run('tar', ['-xzf', tarball, '-C', repo, '--strip-components=1']);
    const git = (...args: string[]) =>
      run('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo });
    await git('init', '--quiet');
    await git('add', '--all');
    await git('commit', '--quiet', '-m', 'release');
    await git('tag', 'v1');
    const prefix = path.join(work, 'prefix-git');

    await npm(['install', '--global', `--prefix=${prefix}`, `git+file://${repo}#v1`], {
      cwd: work,
      cache: path.join(work, 'cache-git'),
    });

    const installed = path.join(prefix, 'lib', 'node_modules', packageJson.name);
    const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(manifest.version).toBe(packageJson.version);
    const { stdout } = await run(path.join(prefix, 'bin', 'gemini-agent'), ['--version'], {
      env: { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` },
    });
    expect(stdout).toBe(`${packageJson.version}\n`);
  }, 120_000);
});
