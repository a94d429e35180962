/**
 * `gemini-agent fleet plan` and `gemini-agent fleet report`: the two ends of a campaign run on
 * GitHub Actions. `plan` turns a target description (a repos file, or an owner with filters)
 * into matrix chunks with every exclusion explained; `report` rolls the run jobs' result files
 * up into the campaign's one tracking issue. The work is in src/fleet/; this is flags, token and
 * printing.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { checkCampaignKey } from '../../fleet/campaign-key.js';
import {
  countRequests,
  findOpenCampaignPulls,
  listNamedRepositories,
  listOwnerRepositories,
} from '../../fleet/fleet-listing.js';
import type { FleetCandidate, FleetPlan } from '../../fleet/fleet-plan.js';
import {
  buildPlan,
  fleetPlanSchema,
  parseChunkIndex,
  parseChunkSize,
  screenCandidates,
} from '../../fleet/fleet-plan.js';
import {
  planOutputs,
  planSummaryLine,
  renderPlanListing,
  writePlanFiles,
  writeStepOutputs,
} from '../../fleet/fleet-plan-output.js';
import { readFleetResults } from '../../fleet/fleet-results.js';
import { isOwnerLogin, parseReposFile, parseRepositoryName } from '../../fleet/fleet-targets.js';
import type { FleetRow } from '../../fleet/fleet-rows.js';
import { fleetTotals } from '../../fleet/fleet-rows.js';
import { renderFleetSummary } from '../../fleet/tracking-body.js';
import type { TrackingIssueStore } from '../../fleet/tracking-issue.js';
import {
  githubTrackingStore,
  prepareFleetReport,
  publishFleetReport,
} from '../../fleet/tracking-issue.js';
import type { GitHubClient } from '../../github/octokit.js';
import { createOctokit } from '../../github/octokit.js';
import { apiUrl, runUrl as thisRunUrl, serverUrl } from '../../github/urls.js';
import { campaignBranchName, DEFAULT_BRANCH_PREFIX } from '../../publish/branch-name.js';
import { ConfigurationError, errorMessage, UsageError } from '../../platform/errors.js';
import type { Logger, TextSink } from '../../platform/logger.js';
import { streamLogger } from '../../platform/logger.js';
import { createRedactor, secretEnvironmentValues } from '../../platform/redaction.js';
import { runnerCommands } from '../../platform/runner-commands.js';
import { VERSION } from '../../platform/version.js';
import { parseFlags } from '../args.js';
import { parseLocalArgs } from './fleet-local-args.js';
import { ExitCode, exitCodeForError } from '../exit-codes.js';

export const FLEET_USAGE = `Usage: gemini-agent fleet plan --campaign KEY (--repos-file FILE | --owner OWNER) [options]
       gemini-agent fleet report --campaign KEY --results DIR [options]

One task across many repositories, run as a GitHub Actions matrix (docs/fleet.md). Both read
GitHub with the token in GITHUB_TOKEN (or GH_TOKEN), at GITHUB_API_URL (default
https://api.github.com).

plan      Turns targets into matrix chunks of at most 256 repositories (GitHub's limit per
          matrix), sorted by name. Leaves out archived repositories, forks, repositories that
          already hold the campaign's open pull request (from <prefix>campaign-<KEY>) and, from
          a repos file, those not found; each with its reason. Writes the step outputs matrix,
          count, chunks, excluded and plan, and prints how many requests it made.
          --campaign KEY          the campaign key: lowercase letters, digits, . _ - (at most 64)
          --repos-file FILE       one owner/name a line; "#" starts a comment
          --owner OWNER           every repository of this organization or user, narrowed by:
          --topic TOPIC           a topic it must have (repeatable: all must match)
          --language LANGUAGE     its main language, e.g. TypeScript
          --name GLOB             a glob its name must match, e.g. "service-*" (repeatable: any)
          --include-forks         take forks in too
          --branch-prefix PREFIX  the branch prefix the Action uses (default: gemini/)
          --chunk-size N          repositories a chunk, 1 to 256 (default: 256)
          --chunk N               the chunk whose matrix the outputs hold, from 0 (default: 0)
          --out DIR               write plan.json and chunk-<n>.json there
          --github-output FILE    where the step outputs go (default: $GITHUB_OUTPUT when set)
          --dry-run               print the chunks and the exclusions; write nothing
          -d, --debug             log details to standard error

report    Reads every *.json result file under DIR and keeps the campaign's one tracking issue
          (label gemini-fleet) in the repository: created the first time, updated when its rows
          change, left alone when they do not. A file that is not a valid result is a row.
          Every row also goes to the job summary ($GITHUB_STEP_SUMMARY) when it is set.
          --campaign KEY          the campaign key
          --results DIR           the folder the run jobs' result artifacts were downloaded to
          --plan FILE             the plan (plan.json, or the plan output saved to a file): its
                                  exclusions get rows, its repositories without a result too
          --repository REPO       where the issue is, as owner/name (default: $GITHUB_REPOSITORY)
          --run-url URL           this workflow run (default: from GITHUB_SERVER_URL,
                                  GITHUB_REPOSITORY and GITHUB_RUN_ID)
          --bot-login LOGIN       the login the token writes as (default: github-actions[bot];
                                  a GitHub App's token writes as my-app[bot])
          --dry-run               print the issue's body and whether it would be created or
                                  updated; write nothing (without a token: as if there were none)
          -d, --debug             log details to standard error

local     The whole campaign over repositories on this machine, against the dry-run GitHub,
          with no token: see "gemini-agent fleet local --help".

  -h, --help                      print this help

Exit codes: 0 done, 1 error, 42 bad flags, 52 configuration (a bad repos file, an unknown owner,
no token, a results folder that cannot be read).
`;

export interface FleetCommandIo {
  env: NodeJS.ProcessEnv;
  stdout: TextSink;
  stderr: TextSink;
}

/** For tests: the client the command talks to GitHub through (default createOctokit). */
export interface FleetCommandDeps {
  createClient?: (options: { token: string; baseUrl: string; logger: Logger }) => GitHubClient;
}

/** Runs `fleet <plan|report> …` and returns the exit code; never throws. */
export async function runFleetCommand(
  argv: readonly string[],
  io: FleetCommandIo,
  deps: FleetCommandDeps = {},
): Promise<number> {
  const [subcommand, ...rest] = argv;
  try {
    switch (subcommand) {
      case 'plan':
        return await plan(rest, io, deps);
      case 'report':
        return await report(rest, io, deps);
      case 'local': {
        // Loaded when used: it brings the Action's whole pipeline.
        const { runFleetLocal } = await import('./fleet-local.js');
        return await runFleetLocal(rest, io);
      }
      case '-h':
      case '--help':
        io.stdout.write(FLEET_USAGE);
        return ExitCode.OK;
      default:
        throw new UsageError(
          `fleet expects "plan", "report" or "local"${subcommand === undefined ? '' : `, got "${subcommand}"`}. Run "gemini-agent fleet --help" for usage.`,
        );
    }
  } catch (error) {
    io.stderr.write(`error: ${errorMessage(error)}\n`);
    return exitCodeForError(error);
  }
}

/** The flags of `fleet plan`; a mistake is a one-line UsageError (exit code 42). */
function parsePlanArgs(argv: readonly string[]) {
  return parseFlags('fleet', () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        campaign: { type: 'string' },
        'repos-file': { type: 'string' },
        owner: { type: 'string' },
        topic: { type: 'string', multiple: true },
        language: { type: 'string' },
        name: { type: 'string', multiple: true },
        'include-forks': { type: 'boolean' },
        'branch-prefix': { type: 'string' },
        'chunk-size': { type: 'string' },
        chunk: { type: 'string' },
        out: { type: 'string' },
        'github-output': { type: 'string' },
        'dry-run': { type: 'boolean' },
        debug: { type: 'boolean', short: 'd' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
}

/** The flags of `fleet report`. */
function parseReportArgs(argv: readonly string[]) {
  return parseFlags('fleet', () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        campaign: { type: 'string' },
        results: { type: 'string' },
        plan: { type: 'string' },
        repository: { type: 'string' },
        'run-url': { type: 'string' },
        'bot-login': { type: 'string' },
        'dry-run': { type: 'boolean' },
        debug: { type: 'boolean', short: 'd' },
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
}

/**
 * Checks a `fleet …` command line's words without running it (the documentation's command lines
 * are checked with it); throws the UsageError the command would print.
 */
export function parseFleetArgs(argv: readonly string[]): void {
  const [subcommand, ...rest] = argv;
  if (subcommand === 'plan') parsePlanArgs(rest);
  else if (subcommand === 'report') parseReportArgs(rest);
  else if (subcommand === 'local') parseLocalArgs(rest);
  else if (subcommand !== '--help' && subcommand !== '-h') {
    throw new UsageError(
      `fleet expects "plan", "report" or "local"${subcommand === undefined ? '' : `, got "${subcommand}"`}. Run "gemini-agent fleet --help" for usage.`,
    );
  }
}

/** The token and the variable it came from; a ConfigurationError naming both when there is none. */
function githubToken(env: NodeJS.ProcessEnv, what: string): { token: string; source: string } {
  for (const source of ['GITHUB_TOKEN', 'GH_TOKEN']) {
    const token = env[source]?.trim();
    if (token) return { token, source };
  }
  throw new ConfigurationError(
    `${what} reads GitHub, so it needs a token in GITHUB_TOKEN or GH_TOKEN (e.g. GITHUB_TOKEN=$(gh auth token)); neither is set.`,
    { input: 'GITHUB_TOKEN' },
  );
}

function client(
  deps: FleetCommandDeps,
  env: NodeJS.ProcessEnv,
  token: string,
  logger: Logger,
): GitHubClient {
  const baseUrl = apiUrl(env);
  return deps.createClient
    ? deps.createClient({ token, baseUrl, logger })
    : createOctokit({ token, baseUrl, logger, userAgent: `gemini-agent/${VERSION} fleet` });
}

function campaignOf(value: string | undefined, command: string): string {
  if (value === undefined) {
    throw new UsageError(
      `fleet ${command} needs --campaign KEY, the campaign's key (e.g. --campaign node-24).`,
    );
  }
  return checkCampaignKey(value, { input: '--campaign' });
}

async function plan(
  argv: readonly string[],
  io: FleetCommandIo,
  deps: FleetCommandDeps,
): Promise<number> {
  const { values, positionals } = parsePlanArgs(argv);
  if (values.help === true) {
    io.stdout.write(FLEET_USAGE);
    return ExitCode.OK;
  }
  if (positionals.length > 0) {
    throw new UsageError(`fleet plan takes no arguments besides flags, got "${positionals[0]}".`);
  }
  const campaign = campaignOf(values.campaign, 'plan');
  const reposFile = values['repos-file'];
  const owner = values.owner;
  if ((reposFile === undefined) === (owner === undefined)) {
    throw new UsageError(
      'fleet plan needs either --repos-file FILE or --owner OWNER (one of them).',
    );
  }
  const filters = {
    topics: values.topic ?? [],
    language: values.language,
    names: values.name ?? [],
  };
  if (
    reposFile !== undefined &&
    (filters.topics.length > 0 || filters.language !== undefined || filters.names.length > 0)
  ) {
    throw new UsageError(
      '--topic, --language and --name narrow --owner; a repos file is taken as it is.',
    );
  }
  if (owner !== undefined && !isOwnerLogin(owner)) {
    throw new UsageError(
      `--owner expects a GitHub organization or user name (letters, digits and single dashes), got "${owner}".`,
    );
  }
  const chunkSize = parseChunkSize(values['chunk-size']);
  const chunk = parseChunkIndex(values.chunk);
  const branch = branchOf(values['branch-prefix'], campaign);
  // A bad file fails before any request is made.
  const entries =
    reposFile === undefined ? undefined : parseReposFile(await readReposFile(reposFile), reposFile);
  const { token, source } = githubToken(io.env, 'fleet plan');
  const logger = streamLogger(io.stderr, { debug: values.debug === true });
  const octokit = client(deps, io.env, token, logger);
  const requests = countRequests(octokit);
  let candidates: FleetCandidate[];
  let notFound: string[] = [];
  if (entries !== undefined) {
    ({ candidates, notFound } = await listNamedRepositories(octokit, entries, source));
  } else {
    candidates = await listOwnerRepositories(octokit, owner ?? '', filters, source);
  }
  const includeForks = values['include-forks'] === true;
  // Archived repositories and forks are left out before their pull requests are asked about.
  const { remaining } = screenCandidates(candidates, { includeForks });
  const openPullRequests = await findOpenCampaignPulls(
    octokit,
    remaining.map((candidate) => candidate.repository),
    branch,
    source,
  );
  const fleetPlan = buildPlan({
    campaign,
    branch,
    chunkSize,
    includeForks,
    candidates,
    notFound,
    openPullRequests,
  });
  const outputs = planOutputs(fleetPlan, chunk);
  if (values['dry-run'] === true) {
    io.stdout.write(renderPlanListing(fleetPlan));
  } else {
    const outputFile = values['github-output'] ?? (io.env.GITHUB_OUTPUT || undefined);
    if (outputFile !== undefined) await writeStepOutputs(outputFile, outputs);
    if (values.out !== undefined) {
      const written = await writePlanFiles(values.out, fleetPlan);
      io.stdout.write(`wrote ${written.join(', ')}\n`);
    }
    if (outputFile === undefined && values.out === undefined) {
      // Nowhere else to put it: the plan itself, for a pipe, and the summary beside it.
      io.stdout.write(`${JSON.stringify(fleetPlan, null, 2)}\n`);
      io.stderr.write(`${planSummaryLine(fleetPlan, requests.count)}\n`);
      return ExitCode.OK;
    }
  }
  io.stdout.write(`${planSummaryLine(fleetPlan, requests.count)}\n`);
  return ExitCode.OK;
}

/** The campaign's branch; a bad prefix is named as the flag it came from. */
function branchOf(prefix: string | undefined, campaign: string): string {
  try {
    return campaignBranchName(prefix ?? DEFAULT_BRANCH_PREFIX, campaign);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    throw new UsageError(`--branch-prefix: ${error.detail}`, undefined, { cause: error });
  }
}

async function readReposFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(
      `expected a file of repositories (one owner/name a line), but it cannot be read: ${errorMessage(error)}.`,
      { file },
      { cause: error },
    );
  }
}

async function readPlanFile(file: string, campaign: string): Promise<FleetPlan> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ConfigurationError(
      `expected the plan fleet plan wrote (plan.json), but it cannot be read as JSON: ${errorMessage(error)}.`,
      { file },
      { cause: error },
    );
  }
  const parsed = fleetPlanSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigurationError(
      `expected the plan fleet plan wrote (plan.json): ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}.`,
      { file },
    );
  }
  if (parsed.data.campaign !== campaign) {
    throw new ConfigurationError(
      `the plan is campaign "${parsed.data.campaign}"'s, not "${campaign}"'s.`,
      { file },
    );
  }
  return parsed.data;
}

async function report(
  argv: readonly string[],
  io: FleetCommandIo,
  deps: FleetCommandDeps,
): Promise<number> {
  const { values, positionals } = parseReportArgs(argv);
  if (values.help === true) {
    io.stdout.write(FLEET_USAGE);
    return ExitCode.OK;
  }
  if (positionals.length > 0) {
    throw new UsageError(`fleet report takes no arguments besides flags, got "${positionals[0]}".`);
  }
  const campaign = campaignOf(values.campaign, 'report');
  if (values.results === undefined) {
    throw new UsageError(
      "fleet report needs --results DIR, the folder of the run jobs' result files.",
    );
  }
  const repositoryText = values.repository ?? (io.env.GITHUB_REPOSITORY || undefined);
  if (repositoryText === undefined) {
    throw new UsageError(
      'fleet report needs --repository OWNER/NAME, the repository the tracking issue is in (GITHUB_REPOSITORY is not set).',
    );
  }
  const repository = parseRepositoryName(repositoryText);
  if (repository === undefined) {
    throw new UsageError(`--repository expects owner/name, got "${repositoryText}".`);
  }
  const runUrl = values['run-url'] ?? thisRunUrl(io.env);
  if (runUrl !== undefined && !/^https?:\/\//i.test(runUrl)) {
    throw new UsageError(`--run-url expects an http(s) URL, got "${runUrl}".`);
  }
  const plan = values.plan === undefined ? undefined : await readPlanFile(values.plan, campaign);
  const read = await readFleetResults(values.results, campaign);
  const dryRun = values['dry-run'] === true;
  const logger = streamLogger(io.stderr, { debug: values.debug === true });
  const found = dryRun
    ? io.env.GITHUB_TOKEN?.trim() || io.env.GH_TOKEN?.trim()
      ? githubToken(io.env, 'fleet report')
      : undefined
    : githubToken(io.env, 'fleet report');
  const redactor = createRedactor({
    secrets: [found?.token, ...secretEnvironmentValues(io.env)],
  });
  const store: TrackingIssueStore =
    found === undefined
      ? noIssueStore()
      : githubTrackingStore(client(deps, io.env, found.token, logger), {
          owner: repository.owner,
          repo: repository.name,
          botLogin: values['bot-login'] ?? 'github-actions[bot]',
          logger,
        });
  const input = {
    store,
    campaign,
    read,
    plan,
    runUrl,
    redact: redactor.redact,
    serverUrl: serverUrl(io.env),
    logger,
  };
  const totals = (rows: Parameters<typeof fleetTotals>[0]) => {
    const t = fleetTotals(rows);
    return `${t.repositories} repositories: ${t.done} done, ${t.failed} failed, ${t.skipped} skipped, ${t.noResult} without a result, ${t.excluded} excluded`;
  };
  /** The whole table in the step's summary too, when there is one (`$GITHUB_STEP_SUMMARY`). */
  const summarise = async (rows: FleetRow[], issueUrl: string | undefined) => {
    const file = io.env.GITHUB_STEP_SUMMARY;
    if (!file) return;
    const text = renderFleetSummary(campaign, rows, {
      serverUrl: input.serverUrl,
      redact: redactor.redact,
      issueUrl,
    });
    await runnerCommands({ GITHUB_STEP_SUMMARY: file }).summary.addRaw(text, true).write();
  };
  if (dryRun) {
    const prepared = await prepareFleetReport(input);
    io.stdout.write(`${prepared.body}\n`);
    const what =
      prepared.existing === undefined
        ? `would create the tracking issue in ${repositoryText}`
        : `would ${prepared.action === 'unchanged' ? 'leave unchanged' : 'update'} ${prepared.existing.url}`;
    io.stdout.write(`${what} (${totals(prepared.rows)})\n`);
    return ExitCode.OK;
  }
  const outcome = await publishFleetReport(input);
  await summarise(outcome.rows, outcome.issue?.url);
  const verb = { created: 'created', updated: 'updated', unchanged: 'left unchanged' }[
    outcome.action
  ];
  io.stdout.write(`${verb} ${outcome.issue?.url ?? ''} (${totals(outcome.rows)})\n`);
  return ExitCode.OK;
}

/** A dry run without a token: no issue exists, nothing can be written. */
function noIssueStore(): TrackingIssueStore {
  const refuse = () => Promise.reject(new Error('a dry run writes nothing'));
  return { find: () => Promise.resolve(undefined), create: refuse, update: refuse };
}
