/**
 * `gemini-agent fleet local`: one campaign over repositories on this machine, the whole flow of the
 * fleet workflow without a token — plan, one run per repository, report — each step the code the
 * workflow runs:
 *
 * - plan: `buildPlan` over the folders (a folder that already has the campaign's branch holds the
 *   campaign's pull request, as a repository with that open pull request does on GitHub);
 * - run: `gemini-agent run`'s pipeline (runLocal: the Action against the dry-run GitHub, the
 *   folder as the git remote) with `mode: maintenance`, the campaign and its prompt, so each
 *   folder gets the campaign's branch and a dry-run pull request, and its result file;
 * - report: the tracking issue, kept as a file in the campaign's folder instead of an issue.
 *
 * The campaign's folder keeps its state between runs: the results, the tracking issue, every
 * run's output. A second run over the same folders finds every branch and changes nothing.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TextSink } from '../platform/logger.js';
import { UsageError } from '../platform/errors.js';
import { createGit } from '../publish/git.js';
import { campaignBranchName, DEFAULT_BRANCH_PREFIX } from '../publish/branch-name.js';
import { fleetResultFileName, fleetResultPath } from '../fleet/fleet-result.js';
import type { FleetPlan } from '../fleet/fleet-plan.js';
import { buildPlan, MAX_CHUNK_SIZE } from '../fleet/fleet-plan.js';
import { readFleetResults } from '../fleet/fleet-results.js';
import { fileTrackingStore } from '../fleet/file-tracking-store.js';
import type { FleetReportOutcome } from '../fleet/tracking-issue.js';
import { publishFleetReport } from '../fleet/tracking-issue.js';
import type { LocalRun } from './local-run.js';
import { runLocal } from './local-run.js';

export interface LocalCampaignOptions {
  campaign: string;
  prompt: string;
  /** The repositories' folders. */
  repos: readonly string[];
  /** The campaign's folder: kept between runs (results, tracking issue, every run's output). */
  outDir: string;
  /** The owner the folders stand for on the dry-run GitHub; default `local`. */
  owner?: string;
  /** Serve the model of every run from this recorded session. */
  replay?: string;
  /** More Action inputs for every run (`--input name=value`: max_cost_usd, max_turns…). */
  inputs?: Readonly<Record<string, string>>;
  policyFiles?: readonly string[];
  skipTrust?: boolean;
}

export interface LocalCampaignRun {
  repository: string;
  folder: string;
  run: LocalRun;
  /** GitHub requests the run made, and how many of them created or changed something. */
  requests: number;
  writes: number;
  /** The run's wall time. */
  seconds: number;
}

export interface LocalCampaign {
  plan: FleetPlan;
  runs: LocalCampaignRun[];
  report: FleetReportOutcome;
  /** The tracking issue's body, as markdown. */
  trackingFile: string;
  /** The file the tracking issue is kept in between runs (file-tracking-store.ts). */
  trackingStore: string;
}

interface Target {
  repository: string;
  folder: string;
  defaultBranch: string;
}

export async function runLocalCampaign(
  options: LocalCampaignOptions,
  io: { env: NodeJS.ProcessEnv; stdout: TextSink; stderr: TextSink },
): Promise<LocalCampaign> {
  const owner = options.owner ?? 'local';
  const branchPrefix = options.inputs?.branch_prefix || DEFAULT_BRANCH_PREFIX;
  const branch = campaignBranchName(branchPrefix, options.campaign);
  const targets = await localTargets(options.repos, owner);
  const resultsDir = path.join(options.outDir, 'results');
  await mkdir(resultsDir, { recursive: true });
  const plan = buildPlan({
    campaign: options.campaign,
    branch,
    chunkSize: MAX_CHUNK_SIZE,
    includeForks: false,
    candidates: targets.map((target) => ({
      repository: target.repository,
      archived: false,
      fork: false,
    })),
    notFound: [],
    openPullRequests: await openCampaignBranches(targets, branch, resultsDir),
  });
  const planned = new Set(plan.chunks.flat().map((entry) => entry.repository));
  const runs: LocalCampaignRun[] = [];
  for (const target of targets.filter((candidate) => planned.has(candidate.repository))) {
    io.stderr.write(`· ${target.repository} (${target.folder}) …\n`);
    const started = performance.now();
    const run = await runOne(target, options, io);
    const requests = run.gitHub?.requests ?? [];
    runs.push({
      repository: target.repository,
      folder: target.folder,
      run,
      requests: requests.length,
      // GraphQL requests are the review's queries: reads.
      writes: requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql').length,
      seconds: (performance.now() - started) / 1000,
    });
    const written = fleetResultPath(path.join(run.outDir, 'runner-temp'), target.repository);
    await copyFile(written, path.join(resultsDir, fleetResultFileName(target.repository))).catch(
      () => undefined,
    );
  }
  const trackingStore = path.join(options.outDir, 'tracking-issues.json');
  const report = await publishFleetReport({
    store: fileTrackingStore(trackingStore),
    campaign: options.campaign,
    read: await readFleetResults(resultsDir, options.campaign),
    plan,
    // The results come from the runs' outputs, which the Action has redacted already.
    redact: (text) => text,
  });
  const trackingFile = path.join(options.outDir, 'tracking-issue.md');
  await writeFile(trackingFile, report.body);
  return { plan, runs, report, trackingFile, trackingStore };
}

/** Each folder's repository top level, its name as `owner/<folder name>`, its current branch. */
async function localTargets(folders: readonly string[], owner: string): Promise<Target[]> {
  if (folders.length === 0) {
    throw new UsageError('fleet local needs at least one repository folder.');
  }
  const git = createGit();
  const targets: Target[] = [];
  const seen = new Map<string, string>();
  for (const given of folders) {
    const folder = path.resolve(given);
    let top: string;
    let defaultBranch: string;
    try {
      top = (await git.run(['rev-parse', '--show-toplevel'], { cwd: folder })).trim();
      defaultBranch = (await git.run(['symbolic-ref', '--short', 'HEAD'], { cwd: top })).trim();
    } catch {
      throw new UsageError(
        `expected a git repository with a branch checked out; ${given} is not one.`,
      );
    }
    const repository = `${owner}/${path.basename(top)}`;
    const earlier = seen.get(repository.toLowerCase());
    if (earlier !== undefined) {
      throw new UsageError(
        `${earlier} and ${top} would both be ${repository}: each repository folder needs its own name.`,
      );
    }
    seen.set(repository.toLowerCase(), top);
    targets.push({ repository, folder: top, defaultBranch });
  }
  return targets;
}

/**
 * The folders that already have the campaign's branch: a dry run "opened" its pull request there.
 * The pull request's address comes from that run's result when it is kept.
 */
async function openCampaignBranches(
  targets: readonly Target[],
  branch: string,
  resultsDir: string,
): Promise<Map<string, string>> {
  const git = createGit();
  const open = new Map<string, string>();
  for (const target of targets) {
    const has = await git
      .run(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], { cwd: target.folder })
      .then(
        () => true,
        () => false,
      );
    if (!has) continue;
    const earlier = await readFile(
      path.join(resultsDir, fleetResultFileName(target.repository)),
      'utf8',
    )
      .then((text) => (JSON.parse(text) as { prUrl?: unknown }).prUrl)
      .catch(() => undefined);
    open.set(
      target.repository,
      typeof earlier === 'string' ? earlier : `branch ${branch} in ${target.folder}`,
    );
  }
  return open;
}

/**
 * One repository's run, as the fleet workflow's run job makes it: `workflow_dispatch` of the
 * central workflow, the Action in maintenance mode with the campaign and its prompt. What it
 * would post and its log go to `<stamp>.log` beside its folder, not the terminal.
 */
async function runOne(
  target: Target,
  options: LocalCampaignOptions,
  io: { env: NodeJS.ProcessEnv },
): Promise<LocalRun> {
  const [owner = '', name = ''] = target.repository.split('/');
  const runsDir = path.join(options.outDir, 'runs', name);
  await mkdir(runsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const eventFile = path.join(runsDir, `${stamp}.event.json`);
  await writeFile(eventFile, `${JSON.stringify(dispatchPayload(owner, name, target), null, 2)}\n`);
  let log = '';
  const sink = { write: (text: string) => (log += text) };
  try {
    return await runLocal(
      {
        eventFile,
        eventName: 'workflow_dispatch',
        repo: target.folder,
        inputs: {
          ...options.inputs,
          mode: 'maintenance',
          prompt: options.prompt,
          campaign: options.campaign,
        },
        outDir: path.join(runsDir, stamp),
        ...(options.replay !== undefined ? { replay: options.replay } : {}),
        ...(options.policyFiles !== undefined ? { policyFiles: options.policyFiles } : {}),
        ...(options.skipTrust !== undefined ? { skipTrust: options.skipTrust } : {}),
      },
      { env: io.env, stdout: sink, stderr: sink },
    );
  } finally {
    await writeFile(path.join(runsDir, `${stamp}.log`), log);
  }
}

/** The `workflow_dispatch` event of the campaign's run, as GitHub would send it for `target`. */
function dispatchPayload(owner: string, name: string, target: Target): unknown {
  return {
    inputs: {},
    ref: `refs/heads/${target.defaultBranch}`,
    repository: {
      name,
      full_name: `${owner}/${name}`,
      owner: { login: owner, id: 1, type: 'Organization' },
      default_branch: target.defaultBranch,
      html_url: `https://github.com/${owner}/${name}`,
      private: false,
    },
    sender: { login: 'fleet-admin', id: 2, type: 'User' },
    workflow: '.github/workflows/fleet.yml',
  };
}
