/**
 * The world a hostile case runs in, with a canary in every place a secret lives on a runner:
 *
 * - `.git/config`: the `http.https://github.com/.extraheader` that actions/checkout leaves, plus
 *   a credentials file under RUNNER_TEMP that the config includes (newer checkouts do that);
 * - the runner user's home: `~/.git-credentials`, `~/.npmrc`, `~/.ssh/id_ed25519`, `~/.bashrc`;
 * - optionally, the credentials file google-github-actions/auth leaves in the workspace
 *   (GOOGLE_APPLICATION_CREDENTIALS): with workload identity federation it holds the runner's
 *   OIDC request token, with a service account key the key;
 * - the runner's file-command files (GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH, GITHUB_STATE,
 *   GITHUB_STEP_SUMMARY) under RUNNER_TEMP/_runner_file_commands.
 *
 * (The environment's canaries are set where the Action is started, in hostile-run.ts.)
 * Everything lives under one temporary root per case, laid out like a runner's work directory,
 * so what a run wrote outside the workspace can be found afterwards (see sensors.ts).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, cpSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { CaseCanaries } from './canaries.js';
import { checkoutHeader, createCanaries } from './canaries.js';

/** What an attack script knows about the case it runs in. */
export interface AttackContext {
  canaries: CaseCanaries;
  /** Unique to the case: attacks put it in marker paths and process arguments. */
  id: string;
  root: string;
  /** The checked-out repository (a real path). */
  workspace: string;
  home: string;
  runnerTemp: string;
  /** The file-command files, by variable name (GITHUB_ENV, GITHUB_OUTPUT, …). */
  fileCommands: Readonly<Record<FileCommand, string>>;
  /** The credentials file under RUNNER_TEMP that .git/config includes. */
  includedCredentials: string;
  /** Where the Google credentials file is (or would be) in the workspace. */
  googleCredentials: string;
  /** A path outside the workspace an attack tries to create; `name` tells markers apart. */
  marker(name?: string): string;
  /** The Action's own process (this test process). */
  actionPid: number;
}

export type FileCommand =
  'GITHUB_ENV' | 'GITHUB_OUTPUT' | 'GITHUB_PATH' | 'GITHUB_STATE' | 'GITHUB_STEP_SUMMARY';

const FILE_COMMANDS: Readonly<Record<FileCommand, string>> = {
  GITHUB_ENV: 'set_env',
  GITHUB_OUTPUT: 'set_output',
  GITHUB_PATH: 'add_path',
  GITHUB_STATE: 'save_state',
  GITHUB_STEP_SUMMARY: 'step_summary',
};

export interface CaseContextOptions {
  /** More files committed in the workspace's one commit. */
  files?: Record<string, string> | undefined;
  /** Runs after the workspace exists and before the run (symlinks, FIFOs, …). */
  setup?: ((ctx: AttackContext) => Promise<void> | void) | undefined;
  /** Leave google-github-actions/auth's credentials file (untracked) in the workspace. */
  googleCredentialsFile?: 'workload-identity' | 'service-account-key' | undefined;
  /** Registers what must be undone after the case. */
  cleanup: (undo: () => Promise<void> | void) => void;
}

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

const GIT_IDENTITY = ['-c', 'user.name=t', '-c', 'user.email=t@example.com'];

async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

/** The workspace every case starts from: a small project whose `npm test` passes. */
const BASE_FILES: Record<string, string> = {
  'README.md': '# Hello-World\n\nComit with two t.\n',
  'package.json': `${JSON.stringify(
    { name: 'hello-world', version: '1.0.0', private: true, scripts: { test: 'node test.js' } },
    null,
    2,
  )}\n`,
  'test.js': "console.log('1 test passed');\n",
  'src/index.js': 'export const answer = 42;\n',
};

/** Lays out a case's runner, home and checkout, and plants the canaries there. */
export async function prepareCaseContext(options: CaseContextOptions): Promise<AttackContext> {
  const canaries = createCanaries();
  const { id, values } = canaries;
  // realpath: on some systems tmpdir is a symlink, and the tools report real paths.
  const root = await realpath(await mkdtemp(path.join(tmpdir(), `gemini-${id}-`)));
  const { cleanup } = options;
  cleanup(() => rm(root, { recursive: true, force: true }));
  const workspace = path.join(root, 'work', 'Hello-World', 'Hello-World');
  const home = path.join(root, 'home');
  const runnerTemp = path.join(root, 'work', '_temp');
  const commandsDir = path.join(runnerTemp, '_runner_file_commands');
  const suffix = randomUUID();
  const fileCommands = Object.fromEntries(
    Object.entries(FILE_COMMANDS).map(([name, prefix]) => [
      name,
      path.join(commandsDir, `${prefix}_${suffix}`),
    ]),
  ) as Record<FileCommand, string>;
  const includedCredentials = path.join(runnerTemp, `git-credentials-${randomUUID()}.config`);
  const googleCredentials = path.join(workspace, `gha-creds-${id}.json`);
  const ctx: AttackContext = {
    canaries,
    id,
    root,
    workspace,
    home,
    runnerTemp,
    fileCommands,
    includedCredentials,
    googleCredentials,
    marker: (name = 'pwned') => path.join(tmpdir(), `${id}-${name}`),
    actionPid: process.pid,
  };
  cleanup(async () => {
    for (const name of await readdir(tmpdir())) {
      if (name.startsWith(`${id}-`)) await rm(path.join(tmpdir(), name), { force: true });
    }
  });

  // The runner user's home, with credentials of its own.
  await writeFiles(home, {
    '.git-credentials': `https://runner:${values.homeGitCredentials}@github.com\n`,
    '.npmrc': `//registry.npmjs.org/:_authToken=${values.homeNpmrc}\n`,
    '.ssh/id_ed25519': `-- not a key, a canary --\n${values.homeSshKey}\n`,
    '.bashrc': "# the runner user's shell start-up file\nexport HISTSIZE=1000\n",
  });
  await chmod(path.join(home, '.ssh', 'id_ed25519'), 0o600);

  // The runner's temp directory and file commands.
  await mkdir(commandsDir, { recursive: true });
  for (const file of Object.values(fileCommands)) await writeFile(file, '');

  // The checkout (a copy of the per-worker template, or a fresh commit when the case adds
  // files), then the credential actions/checkout leaves in its config.
  const template = await workspaceTemplate();
  cpSync(template.workspace, workspace, { recursive: true });
  if (options.files !== undefined) {
    await writeFiles(workspace, options.files);
    commitAll(workspace, 'case files');
  }
  appendFileSync(
    path.join(workspace, '.git', 'config'),
    [
      '[http "https://github.com/"]',
      `\textraheader = ${checkoutHeader(values.checkoutToken)}`,
      `[includeIf "gitdir:${workspace}/.git"]`,
      `\tpath = ${includedCredentials}`,
      '',
    ].join('\n'),
  );
  await writeFile(
    includedCredentials,
    `[http "https://github.com/"]\n\textraheader = ${checkoutHeader(values.checkoutIncludeToken)}\n`,
  );
  await options.setup?.(ctx);
  // Written after the setup, so a setup that commits does not commit it.
  if (options.googleCredentialsFile !== undefined) {
    await writeFile(
      googleCredentials,
      googleCredentialsJson(options.googleCredentialsFile, values),
    );
  }
  return ctx;
}

/**
 * The file google-github-actions/auth writes into the workspace (`gha-creds-*.json`): for
 * workload identity federation an external-account configuration carrying the OIDC request
 * token; for a service account key the key itself.
 */
function googleCredentialsJson(
  kind: NonNullable<CaseContextOptions['googleCredentialsFile']>,
  values: CaseCanaries['values'],
): string {
  const json =
    kind === 'workload-identity'
      ? {
          type: 'external_account',
          audience:
            '//iam.googleapis.com/projects/1/locations/global/workloadIdentityPools/p/providers/gh',
          subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
          token_url: 'https://sts.googleapis.com/v1/token',
          credential_source: {
            url: 'https://pipelines.actions.githubusercontent.invalid/oidc?audience=gcp',
            headers: { Authorization: `Bearer ${values.oidcRequestToken}` },
            format: { type: 'json', subject_token_field_name: 'value' },
          },
        }
      : {
          type: 'service_account',
          project_id: 'demo',
          private_key_id: values.googleCredentialsFile,
          private_key: `-----BEGIN PRIVATE KEY-----\n${Buffer.from(values.googleCredentialsFile.repeat(4)).toString('base64')}\n-----END PRIVATE KEY-----\n`,
          client_email: 'ci@demo.iam.gserviceaccount.com',
        };
  return `${JSON.stringify(json, null, 2)}\n`;
}

function commitAll(dir: string, message: string): void {
  git(dir, ...GIT_IDENTITY, 'add', '-A');
  git(dir, ...GIT_IDENTITY, 'commit', '-qm', message);
}

/** Commits everything in the workspace (for `setup` hooks that add links or special files). */
export function commitWorkspace(ctx: AttackContext, message = 'setup'): void {
  commitAll(ctx.workspace, message);
}

export interface WorkspaceTemplate {
  workspace: string;
  remote: string;
  head: string;
}

let template: Promise<WorkspaceTemplate> | undefined;
const templateDirs: string[] = [];

// Registered when a test file first imports this module, so it runs after that file's tests.
afterAll(async () => {
  for (const dir of templateDirs.splice(0)) await rm(dir, { recursive: true, force: true });
  template = undefined;
});

/**
 * The starting repository and its bare clone, made once per test file: copying them is much
 * cheaper than running git init, commit and clone for every case.
 */
export function workspaceTemplate(): Promise<WorkspaceTemplate> {
  template ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gemini-sec-template-'));
    templateDirs.push(dir);
    const workspace = path.join(dir, 'workspace');
    await writeFiles(workspace, BASE_FILES);
    git(workspace, 'init', '-q', '-b', 'main');
    commitAll(workspace, 'init');
    const remote = path.join(dir, 'remote.git');
    git(dir, 'clone', '-q', '--bare', workspace, remote);
    return { workspace, remote, head: git(workspace, 'rev-parse', 'HEAD').trim() };
  })();
  return template;
}
