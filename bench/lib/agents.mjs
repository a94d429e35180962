// How the two agents are started against the same local model server: ours (`dist/cli.js`) and
// the Gemini CLI 0.61.0, installed on demand into the cache folder (not a project dependency).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir, scratchDir } from './scratch.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const OUR_CLI = path.join(ROOT, 'dist/cli.js');
export const GEMINI_CLI_VERSION = '0.61.0';
/**
 * Pinned so neither agent makes a model-routing call first: the model table's default (the one a
 * run without --model gets), so the bench follows the table when a model is retired.
 */
export const MODEL = JSON.parse(
  readFileSync(path.join(ROOT, 'src/model/model-table.json'), 'utf8'),
).default;

/**
 * The Gemini CLI's entry script, installed with npm into the cache folder the first time.
 * Returns `{ entry, installMs }`; `installMs` is how long `npm install` took when it ran (a
 * workflow that uses the Gemini CLI pays this on every run), read back from the cache later.
 */
export function ensureGeminiCli(log = () => {}) {
  const dir = cacheDir(`gemini-cli-${GEMINI_CLI_VERSION}`);
  const pkg = path.join(dir, 'node_modules/@google/gemini-cli/package.json');
  const marker = path.join(dir, 'bench-install.json');
  const installed =
    existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).version === GEMINI_CLI_VERSION;
  if (!installed || !existsSync(marker)) {
    log(`installing @google/gemini-cli@${GEMINI_CLI_VERSION} into ${dir} …`);
    // From scratch, so the time recorded is a whole install (npm's download cache may be warm).
    rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
    rmSync(path.join(dir, 'package-lock.json'), { force: true });
    rmSync(path.join(dir, 'package.json'), { force: true });
    writeFileSync(marker, JSON.stringify({ installMs: npmInstallGeminiCli(dir) }));
  }
  return {
    entry: geminiEntry(dir),
    installMs: JSON.parse(readFileSync(marker, 'utf8')).installMs,
  };
}

/** The Gemini CLI's entry script in an npm `--prefix` folder it was installed into. */
export function geminiEntry(dir) {
  const pkg = path.join(dir, 'node_modules/@google/gemini-cli/package.json');
  const { bin } = JSON.parse(readFileSync(pkg, 'utf8'));
  const relative = typeof bin === 'string' ? bin : bin.gemini;
  return path.join(path.dirname(pkg), relative);
}

/**
 * A scratch HOME both agents use, so neither reads the user's own settings or memory files. The
 * Gemini CLI's settings pick API-key auth and turn off usage statistics and update checks (which
 * would otherwise reach the network during a measurement).
 */
export function benchHome() {
  const home = scratchDir('home');
  mkdirSync(path.join(home, '.gemini'), { recursive: true });
  writeFileSync(
    path.join(home, '.gemini/settings.json'),
    JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    }),
  );
  return home;
}

export function agentEnv({ serverUrl, home, extra = {} }) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    GEMINI_CLI_HOME: home,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    GEMINI_API_KEY: 'bench-placeholder-key',
    GOOGLE_GEMINI_BASE_URL: serverUrl,
    NO_COLOR: '1',
    ...extra,
  };
}

/**
 * How our CLI is run, changed by bench/run.mjs options: `cli` (another build, e.g. one made with
 * `node scripts/build.mjs --out DIR`), extra `nodeArgs`, and `profileDir` (a V8 CPU profile of
 * every run, the Action's included, is written there).
 */
const ours = { cli: OUR_CLI, nodeArgs: [], profileDir: undefined };
export function configureOurCli(options) {
  Object.assign(ours, options);
}
export function ourCliPath() {
  return ours.cli;
}

/** Node's flags for a run of our code: `nodeArgs`, and a CPU profile where one is asked for. */
export function ourNodeArgs() {
  const profile = ours.profileDir ? ['--cpu-prof', '--cpu-prof-dir', ours.profileDir] : [];
  return [...ours.nodeArgs, ...profile];
}

/** `[command, args, cwd]` for one headless run of our CLI in `workspace`. */
export function ourCommand({ prompt, workspace, extraArgs = [] }) {
  return [
    process.execPath,
    [
      ...ourNodeArgs(),
      ours.cli,
      '-p',
      prompt,
      '--repo',
      workspace,
      '-m',
      MODEL,
      '-o',
      'json',
      '--yolo',
      ...extraArgs,
    ],
    workspace,
  ];
}

/** `[command, args, cwd]` for one headless run of the Gemini CLI in `workspace`. */
export function geminiCommand({ entry, prompt, workspace }) {
  return [
    process.execPath,
    [entry, '-p', prompt, '-m', MODEL, '-o', 'json', '--approval-mode', 'yolo'],
    workspace,
  ];
}

/** `npm install` of the Gemini CLI into `dir`, as a workflow job does; returns the time in ms. */
export function npmInstallGeminiCli(dir) {
  const started = performance.now();
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      dir,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `@google/gemini-cli@${GEMINI_CLI_VERSION}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return performance.now() - started;
}
