/**
 * `gemini-agent run`: the Action's whole pipeline (`runAction`) on a local repository, with the
 * dependencies a workflow run would have replaced by local ones —
 *
 * - GitHub: the dry-run GitHub (dry-run-github.ts) behind the same Octokit client, so every
 *   comment, review and label is the one the Action would post; or, with `github: true`, the
 *   real API with `GITHUB_TOKEN`;
 * - the checkout: a clone of the repository under the output folder (local-workspace.ts);
 * - the git remote: the repository itself, so the bot's commit arrives as a new branch of it;
 * - the runner: the environment variables a runner sets, the inputs from the command line, the
 *   job summary as a file, the log on the terminal;
 * - the model: live, recorded to a file, or replayed from one.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readEventFile } from '../github/event-file.js';
import { createOctokit } from '../github/octokit.js';
import type { CreateContentGeneratorOptions } from '../model/create-content-generator.js';
import { createContentGenerator } from '../model/create-content-generator.js';
import type { ModelAuth } from '../model/model-auth.js';
import { fileRecordingSink } from '../model/recording.js';
import { errorMessage, UsageError } from '../platform/errors.js';
import type { Logger, TextSink } from '../platform/logger.js';
import { streamLogger } from '../platform/logger.js';
import { loadPolicyFiles } from '../policy/load-policy.js';
import { createGit } from '../publish/git.js';
import type { JobSummaryWriter } from '../report/job-summary.js';
import { runAction } from '../action/run-action.js';
import type { RunStopController } from '../action/run-stop.js';
import type { ReplayedSession } from '../session-setup/replay-model.js';
import { REPLAY_API_KEY, serveRecordedSession } from '../session-setup/replay-model.js';
import type { ReplayComparison, ReplayDivergence } from '../session-setup/replay-divergence.js';
import { divergenceSummary } from '../session-setup/replay-divergence.js';
import type { DryRunGitHub, PermissionLevel } from './dry-run-github.js';
import { createDryRunGitHub, DEFAULT_LABELS } from './dry-run-github.js';
import { createDryRunReport } from './dry-run-report.js';
import type { LabelRecord } from './dry-run-store.js';
import type { LabelSpec } from './labels-file.js';
import { eventFacts, pullRequestCommits } from './event-facts.js';
import type { EventFacts } from './event-facts.js';
import { requireLocalRunTrust } from './local-trust.js';
import { LocalRepository } from './local-git.js';
import {
  checkoutPlan,
  cloneWorkspace,
  hasUncommittedChanges,
  localPullRequest,
} from './local-workspace.js';
import type { ActionDeps, ActionResult } from '../action/types.js';
import { makeDirectory } from '../platform/make-directory.js';

export interface LocalRunOptions {
  /** The webhook payload file (what GitHub writes to `GITHUB_EVENT_PATH`). */
  eventFile: string;
  eventName: string;
  /** The repository the run is for; its commits are the workspace's, its branches the remote's. */
  repo: string;
  /** Every user's simulated permission on the repository. Default `write`. */
  actorPermission?: PermissionLevel;
  /** Policy files on this machine, used as the workflow's `policy` input would be. */
  policyFiles?: readonly string[];
  /** The repository's labels; default GitHub's default labels. */
  labels?: readonly LabelSpec[];
  /** Action inputs by name (`--input name=value`). */
  inputs?: Readonly<Record<string, string>>;
  /** Where everything is written; default a new temporary folder. Must be new or empty. */
  outDir?: string;
  /** Serve the model from this recorded session. */
  replay?: string;
  /**
   * `--strict`: a replay whose tool calls fail where the recording's did not (it diverged) ends
   * as a failure instead of whatever the recorded replies conclude.
   */
  strict?: boolean;
  /** Record the model's replies to this file. */
  record?: string;
  /** The real GitHub API (with `GITHUB_TOKEN`) instead of the dry run. */
  github?: boolean;
  debug?: boolean;
  /** `--skip-trust`: the repository is trusted for this run (local-trust.ts). */
  skipTrust?: boolean;
  /** What ends the run early (Ctrl-C, SIGTERM): it then reports from its record, as the Action. */
  stop?: RunStopController;
}

export interface LocalRunIo {
  env: NodeJS.ProcessEnv;
  /** What would be posted, as it is posted. */
  stdout: TextSink;
  /** The run's log. */
  stderr: TextSink;
}

export interface LocalRun {
  result: ActionResult;
  outDir: string;
  /** The clone the agent worked in. */
  workspace: string;
  /** The repository standing in for GitHub's (and its git remote). */
  repo: string;
  /** The job summary file. */
  summaryFile: string;
  /** The dry-run GitHub (undefined with `github: true`). */
  gitHub: DryRunGitHub | undefined;
  /** The files written under `outDir`, relative to it. */
  files: string[];
  /** With `--replay`: the tool calls that failed where the recording's did not. */
  divergences?: readonly ReplayDivergence[];
  /**
   * What became of `outDir`: `given` (the user's `--out`), `temporary` (made for this run and
   * kept, for what is in it), or `removed` (made for this run, which was skipped: nothing in it
   * was worth keeping).
   */
  outDirFate: 'given' | 'temporary' | 'removed';
}

/** The placeholder token of a dry run: nothing is sent anywhere, so no real token is needed. */
export const DRY_RUN_TOKEN = 'gemini-agent-dry-run-placeholder-token';

/**
 * The Action's outputs as the run set them (`conclusion`, `cost_usd`, the token counts, the mode's
 * own such as `labels` or `branch_name`), one JSON object of strings: what a workflow's later
 * steps would read as `steps.<id>.outputs`.
 */
export const OUTPUTS_FILE = 'outputs.json';

/** Runner variables that would describe another run; a local run sets its own. */
const RUNNER_VARIABLES = /^(GITHUB_|RUNNER_|ACTIONS_|INPUT_)/;

/** Where `--policy` files are placed in the workspace's git folder (never part of a commit). */
const POLICY_FOLDER = '.git/gemini-agent-local';

/** Runs the pipeline; usage problems throw before anything runs, a failed run is a result. */
export async function runLocal(options: LocalRunOptions, io: LocalRunIo): Promise<LocalRun> {
  const logger = streamLogger(io.stderr, { debug: options.debug ?? false });
  const eventFile = path.resolve(options.eventFile);
  const payload = await readEventFile(eventFile, { source: '--event', error: UsageError });
  const facts = eventFacts(options.eventName, payload, {
    file: eventFile,
    ...(io.env.GITHUB_REPOSITORY ? { fallbackRepository: io.env.GITHUB_REPOSITORY } : {}),
  });
  const repoDir = await topLevel(path.resolve(options.repo));
  const repository = new LocalRepository(repoDir, createGit());
  const github = options.github ?? false;
  const token = github ? io.env.GITHUB_TOKEN?.trim() : DRY_RUN_TOKEN;
  if (token === undefined || token === '') {
    throw new UsageError(
      '--github needs a token in GITHUB_TOKEN (e.g. GITHUB_TOKEN=$(gh auth token)).',
    );
  }
  if (github && (options.policyFiles?.length ?? 0) > 0 && isPullRequestEvent(facts)) {
    throw new UsageError(
      '--policy cannot be used with --github on a pull request event: the Action reads policy files from the base branch on GitHub. Commit them and pass --input policy=PATH instead.',
    );
  }

  const plan = await checkoutPlan(facts, repository, logger);
  // The repository's configuration loads only when it is a trusted folder; checked before the
  // clone, so a run stopped here leaves --out as it was.
  await requireLocalRunTrust({
    repository,
    commits: [plan.sha, ...(await pullRequestBase(facts, repository))],
    env: io.env,
    skipTrust: options.skipTrust ?? false,
  });
  const outDir = await prepareOutDir(options.outDir);
  // A folder made for this run goes again when the run fails before it ends or is skipped: then
  // nothing in it is worth keeping. Otherwise it stays, and the run's end says where.
  const temporary = options.outDir === undefined;
  let run: LocalRun;
  try {
    run = await runInFolder(options, io, {
      outDir,
      temporary,
      eventFile,
      payload,
      facts,
      repoDir,
      repository,
      github,
      token,
      plan,
      logger,
    });
  } catch (error) {
    if (temporary) await rm(outDir, { recursive: true, force: true });
    throw error;
  }
  if (temporary && run.result.conclusion === 'skipped') {
    await rm(outDir, { recursive: true, force: true });
    return { ...run, files: [], outDirFate: 'removed' };
  }
  return run;
}

interface RunFolder {
  outDir: string;
  temporary: boolean;
  eventFile: string;
  payload: Awaited<ReturnType<typeof readEventFile>>;
  facts: EventFacts;
  repoDir: string;
  repository: LocalRepository;
  github: boolean;
  token: string;
  plan: Awaited<ReturnType<typeof checkoutPlan>>;
  logger: Logger;
}

/** The pipeline in its output folder: the clone, the policy files, the model, the Action. */
async function runInFolder(
  options: LocalRunOptions,
  io: LocalRunIo,
  folder: RunFolder,
): Promise<LocalRun> {
  const { outDir, eventFile, payload, facts, repoDir, repository, github, token, plan, logger } =
    folder;
  if (await hasUncommittedChanges(repository)) {
    logger.warning(
      `${repoDir} has uncommitted changes; the run works on a clone of its commit ${plan.sha.slice(0, 12)}, as the Action works on a checkout, so they are not part of it.`,
    );
  }
  const workspace = path.join(outDir, 'workspace');
  await cloneWorkspace(repoDir, workspace, plan);
  const runnerTemp = path.join(outDir, 'runner-temp');
  await mkdir(runnerTemp, { recursive: true });
  const policy = await placePolicyFiles(options.policyFiles ?? [], workspace);

  const inputs: Record<string, string> = { ...options.inputs };
  inputs.policy = [inputs.policy ?? '', ...policy.inputPaths]
    .filter((line) => line !== '')
    .join('\n');
  inputs.github_token = token;
  // The record is in the output folder already; a local run has no artifact service.
  if (!('upload_artifact' in inputs)) inputs.upload_artifact = 'false';

  const cleanups: (() => Promise<void>)[] = [];
  try {
    const model = await modelSource(options, inputs, cleanups);
    const pullRequest = await localPullRequest(facts, repository, logger);
    if (!github) await warnCheckedOutHead(pullRequest?.data, repository, inputs, logger);
    const report = github ? undefined : createDryRunReport({ outDir, stdout: io.stdout });
    const gitHub = github
      ? undefined
      : createDryRunGitHub({
          facts,
          repository,
          permission: options.actorPermission ?? 'write',
          labels: labelRecords(options.labels),
          ...(inputs.bot_login ? { botLogin: inputs.bot_login } : {}),
          ...(pullRequest !== undefined ? { pullRequest } : {}),
          extraFiles: policy.files,
          ...(report !== undefined ? { observer: report } : {}),
          logger,
        });
    const summaryFile = path.join(outDir, 'job-summary.md');
    const outputs: Record<string, string> = {};
    const deps: ActionDeps = {
      env: runnerEnvironment(io.env, {
        eventName: facts.eventName,
        eventFile,
        workspace,
        runnerTemp,
        repository: facts.repository.fullName,
        github,
      }),
      getInput: (name) => inputs[name] ?? '',
      // Kept as the runner keeps them (already redacted), and written to outputs.json at the end.
      setOutput: (name, value) => {
        outputs[name] = value;
      },
      setSecret: () => undefined,
      setFailed: () => undefined,
      summary: fileSummary(summaryFile),
      logger,
      readEventPayload: () => Promise.resolve(payload),
      sandboxSilence:
        'Pass --input sandbox=none to run without one on purpose and silence this notice.',
      allowCommandHint: 'with --input allowed_commands="…" or a --policy file',
      ...(options.stop !== undefined ? { stop: options.stop } : {}),
      ...(model.createModel !== undefined ? { createModel: model.createModel } : {}),
      ...(model.retry !== undefined ? { modelRetry: model.retry } : {}),
      ...(model.replay !== undefined ? { replay: model.replay } : {}),
      ...(gitHub === undefined
        ? {}
        : {
            createOctokit: (octokitOptions) =>
              createOctokit({
                ...octokitOptions,
                fetch: gitHub.fetch,
                // Nothing to wait for in-process: no retries, no spacing between writes.
                retry: { retries: 0 },
                throttle: { enabled: false },
              }),
            gitRemoteUrl: repoDir,
            // Every state of the progress comment is kept; nothing limits how often it changes.
            commentIntervalMs: 0,
          }),
    };
    const ran = await runAction(deps);
    await writeFile(path.join(outDir, OUTPUTS_FILE), `${JSON.stringify(outputs, null, 2)}\n`);
    const result = strictResult(ran, model.replay, options.strict ?? false);
    return {
      result,
      ...(model.replay !== undefined ? { divergences: model.replay.divergences } : {}),
      outDir,
      workspace,
      repo: repoDir,
      summaryFile,
      gitHub,
      files: [...(report?.files() ?? []), OUTPUTS_FILE],
      outDirFate: folder.temporary ? 'temporary' : 'given',
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

/** The repository's top folder, for a --repo inside it; the folder itself when not a repository. */
async function topLevel(dir: string): Promise<string> {
  try {
    const top = (await createGit().run(['rev-parse', '--show-toplevel'], { cwd: dir })).trim();
    return top === '' ? dir : top;
  } catch {
    return dir;
  }
}

/** The base commit a pull request event's configuration is read from, when it is here. */
async function pullRequestBase(facts: EventFacts, repository: LocalRepository): Promise<string[]> {
  const base =
    facts.pullRequest !== undefined
      ? pullRequestCommits(facts.pullRequest).base
      : facts.commentOnPullRequest
        ? `refs/heads/${facts.repository.defaultBranch ?? 'main'}`
        : undefined;
  const found = base === undefined ? undefined : await repository.commit(base);
  return found === undefined ? [] : [found];
}

function isPullRequestEvent(facts: EventFacts): boolean {
  return facts.pullRequest !== undefined || facts.commentOnPullRequest;
}

async function prepareOutDir(outDir: string | undefined): Promise<string> {
  if (outDir === undefined) return mkdtemp(path.join(tmpdir(), 'gemini-agent-run-'));
  const resolved = path.resolve(outDir);
  const entries = await readdir(resolved).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw new UsageError(`--out: cannot use "${resolved}": ${errorMessage(error)}`);
  });
  if (entries.length > 0) {
    throw new UsageError(`--out expects a new or empty folder, but "${resolved}" has files in it.`);
  }
  await makeDirectory(resolved).catch((error: unknown) => {
    throw new UsageError(`--out: cannot use "${resolved}": ${errorMessage(error)}`);
  });
  return resolved;
}

/**
 * `--policy` files, checked where they are (so a mistake is reported at the user's file:line)
 * and placed in the workspace's git folder, where the run reads them as it reads the workflow's
 * policy files; the dry-run GitHub serves them too, for pull requests, whose policy files the
 * Action reads from the base branch.
 */
async function placePolicyFiles(
  files: readonly string[],
  workspace: string,
): Promise<{ inputPaths: string[]; files: Map<string, Buffer> }> {
  const placed = new Map<string, Buffer>();
  const inputPaths: string[] = [];
  for (const [index, file] of files.entries()) {
    const source = path.resolve(file);
    const content = await readFile(source).catch((error: unknown) => {
      throw new UsageError(`--policy: cannot read "${source}": ${errorMessage(error)}`);
    });
    await loadPolicyFiles([{ path: source, tier: 'workflow' }]);
    const repoPath = `${POLICY_FOLDER}/policy-${index + 1}-${path.basename(source)}`;
    const target = path.join(workspace, ...repoPath.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
    placed.set(repoPath, content);
    inputPaths.push(repoPath);
  }
  return { inputPaths, files: placed };
}

interface ModelSource {
  createModel?: ActionDeps['createModel'];
  retry?: ActionDeps['modelRetry'];
  replay?: ReplayComparison;
}

/**
 * The run's result; with `--strict`, a replay that diverged from its recording is a failure, since
 * what the recorded replies concluded was said of other tool results.
 */
function strictResult(
  result: ActionResult,
  replay: ReplayComparison | undefined,
  strict: boolean,
): ActionResult {
  if (!strict || replay === undefined || replay.divergences.length === 0) return result;
  if (result.conclusion === 'cancelled' || result.conclusion === 'failure') return result;
  return {
    ...result,
    conclusion: 'failure',
    error: `--strict: ${divergenceSummary(replay.divergences)}`,
  };
}

/** The model: replayed from a recording, live and recorded, or live. */
async function modelSource(
  options: LocalRunOptions,
  inputs: Record<string, string>,
  cleanups: (() => Promise<void>)[],
): Promise<ModelSource> {
  if (options.replay !== undefined) {
    const replay: ReplayedSession = await serveRecordedSession(options.replay);
    cleanups.push(() => replay.close());
    // The inputs need some credentials; the replay server is reached with its own.
    inputs.gemini_api_key = REPLAY_API_KEY;
    delete inputs.use_vertex_ai;
    delete inputs.use_gemini_code_assist;
    return {
      createModel: (_auth: ModelAuth, modelOptions: CreateContentGeneratorOptions) =>
        createContentGenerator(replay.auth, modelOptions),
      // A recording holds the failed replies a session retried; replaying them needs no waiting.
      retry: { sleep: () => Promise.resolve() },
      replay: replay.comparison,
    };
  }
  if (options.record !== undefined) {
    const sink = fileRecordingSink(path.resolve(options.record), { truncate: true });
    return {
      createModel: (auth: ModelAuth, modelOptions: CreateContentGeneratorOptions) =>
        createContentGenerator(auth, { ...modelOptions, recordTo: sink }),
    };
  }
  return {};
}

/** The labels as GitHub would list them: what the user left out is a default label's, if any. */
function labelRecords(specs: readonly LabelSpec[] | undefined): LabelRecord[] | undefined {
  if (specs === undefined) return undefined;
  return specs.map((spec) => {
    const known = DEFAULT_LABELS.find(
      (label) => label.name.toLowerCase() === spec.name.toLowerCase(),
    );
    return {
      name: spec.name,
      description: spec.description ?? known?.description ?? '',
      color: spec.color ?? known?.color ?? 'ededed',
    };
  });
}

/** git refuses a push to the branch a non-bare repository has checked out. */
async function warnCheckedOutHead(
  pullRequest: Record<string, unknown> | undefined,
  repository: LocalRepository,
  inputs: Record<string, string>,
  logger: Logger,
): Promise<void> {
  const head = pullRequest?.head as { ref?: unknown } | undefined;
  if (typeof head?.ref !== 'string' || inputs.push_to_pr_branch === 'false') return;
  if ((await repository.currentBranch()) !== head.ref) return;
  logger.warning(
    `The pull request's branch ${head.ref} is checked out in ${repository.root}, and git refuses pushes to a checked-out branch: if the run pushes to it, the push fails. Check out another branch there, or pass --input push_to_pr_branch=false for a bot branch instead.`,
  );
}

function runnerEnvironment(
  parent: NodeJS.ProcessEnv,
  run: {
    eventName: string;
    eventFile: string;
    workspace: string;
    runnerTemp: string;
    repository: string;
    github: boolean;
  },
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(parent)) {
    if (!RUNNER_VARIABLES.test(name)) env[name] = value;
  }
  // With the real API, an Enterprise server named in the environment is kept.
  const server = run.github ? parent.GITHUB_SERVER_URL : undefined;
  const api = run.github ? parent.GITHUB_API_URL : undefined;
  return {
    ...env,
    ...(run.github && parent.GITHUB_TOKEN ? { GITHUB_TOKEN: parent.GITHUB_TOKEN } : {}),
    ...(parent.GITHUB_WORKFLOW ? { GITHUB_WORKFLOW: parent.GITHUB_WORKFLOW } : {}),
    GITHUB_EVENT_NAME: run.eventName,
    GITHUB_EVENT_PATH: run.eventFile,
    GITHUB_WORKSPACE: run.workspace,
    RUNNER_TEMP: run.runnerTemp,
    GITHUB_REPOSITORY: run.repository,
    GITHUB_SERVER_URL: server ?? 'https://github.com',
    GITHUB_API_URL: api ?? 'https://api.github.com',
  };
}

/** The job summary, written to a file. */
function fileSummary(file: string): JobSummaryWriter {
  let text = '';
  const summary: JobSummaryWriter = {
    addRaw(markdown: string, addEOL?: boolean) {
      text += addEOL ? `${markdown}\n` : markdown;
      return summary;
    },
    write: () => writeFile(file, text),
  };
  return summary;
}
