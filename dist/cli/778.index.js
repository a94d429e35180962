export const id = 778;
export const ids = [778];
export const modules = {

/***/ 36413:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ parseLocalArgs),
/* harmony export */   v: () => (/* binding */ FLEET_LOCAL_USAGE)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(77593);
/**
 * The flags of `gemini-agent fleet local`, apart from the command (which brings the Action's whole
 * pipeline), so `fleet`'s own argument check stays light.
 */


const FLEET_LOCAL_USAGE = `Usage: gemini-agent fleet local --campaign KEY --prompt TEXT [options] REPO...

local     Runs a campaign over the git repositories REPO\u2026 on this machine as the fleet workflow
          runs it on GitHub (docs/fleet.md): the plan (a repository that already has the
          campaign's branch holds its pull request and is left out), then in each repository the
          Action in maintenance mode against the dry-run GitHub (the change lands on the branch
          gemini/campaign-KEY of the repository itself), then the tracking issue, written to the
          campaign's folder. A second run over the same repositories changes nothing.
          --campaign KEY          the campaign key: lowercase letters, digits, . _ - (at most 64)
          --prompt TEXT           the task for every repository
          --prompt-file FILE      the task, read from a file (instead of --prompt)
          --out DIR               the campaign's folder, kept between runs: results/, runs/,
                                  tracking-issue.md, tracking-issues.json, campaign.json
                                  (default: .gemini-agent-fleet/KEY in the current folder)
          --owner OWNER           the owner the repositories stand for (default: local)
          --replay FILE           serve every run's model from this recorded session
          --input NAME=VALUE      an Action input for every run, e.g. --input max_turns=20
                                  (repeatable)
          --policy FILE           a policy TOML file, used as the workflow's policy input
                                  (repeatable)
          --skip-trust            trust the repositories' own configuration for these runs

  -h, --help                      print this help

Model credentials as for gemini-agent run (GEMINI_API_KEY\u2026), unless --replay.
Exit codes: 0 every run succeeded or was skipped, 1 a run failed, 42 bad flags, 52 configuration.
`;
function parseLocalArgs(argv) {
    return (0,_args_js__WEBPACK_IMPORTED_MODULE_1__/* .parseFlags */ .bQ)('fleet', () => (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
        args: [...argv],
        allowPositionals: true,
        strict: true,
        options: {
            campaign: { type: 'string' },
            prompt: { type: 'string' },
            'prompt-file': { type: 'string' },
            out: { type: 'string' },
            owner: { type: 'string' },
            replay: { type: 'string' },
            input: { type: 'string', multiple: true },
            policy: { type: 'string', multiple: true },
            'skip-trust': { type: 'boolean' },
            help: { type: 'boolean', short: 'h' },
        },
    }));
}


/***/ }),

/***/ 55778:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runFleetCommand: () => (/* binding */ runFleetCommand)
});

// UNUSED EXPORTS: FLEET_USAGE, parseFleetArgs

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
// EXTERNAL MODULE: ./src/fleet/campaign-key.ts
var campaign_key = __webpack_require__(89910);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/fleet/fleet-targets.ts
var fleet_targets = __webpack_require__(81311);
// EXTERNAL MODULE: ./src/github/error-status.ts
var error_status = __webpack_require__(26612);
;// CONCATENATED MODULE: ./src/platform/map-with-limit.ts
/**
 * Runs tasks with at most `limit` at once (lookups under an API's concurrency limit, runs that
 * share two cores), keeping the results in the order of the items. When a task fails, the others
 * still run to their end before the first failure is thrown, so nothing is left running (or
 * writing into a folder about to be removed).
 */
async function mapWithLimit(items, limit, task) {
    const results = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const index = next;
            next += 1;
            results[index] = await task(items[index], index);
        }
    };
    const settled = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
    for (const outcome of settled) {
        if (outcome.status === 'rejected')
            throw outcome.reason;
    }
    return results;
}

;// CONCATENATED MODULE: ./src/fleet/fleet-listing.ts




/** Lookups in flight at once: GitHub asks for no more than 100 concurrent requests. */
const CONCURRENCY = 8;
/** A refused token is the user's to fix: say which variable it came from. */
function tokenProblem(error, tokenSource) {
    if ((0,error_status/* githubStatus */.A)(error) === 401) {
        throw new errors/* ConfigurationError */.j1(`GitHub refused the token (HTTP 401: ${(0,errors/* errorMessage */.gJ)(error)}); check the token in ${tokenSource}.`, { input: tokenSource }, { cause: error });
    }
    throw error;
}
/** Counts every request `octokit` sends from now on (pages and retries included). */
function countRequests(octokit) {
    const counter = { count: 0 };
    octokit.hook.before('request', () => {
        counter.count++;
    });
    return counter;
}
/** Each repository of a repos file, as GitHub spells it, with what may exclude it. */
async function listNamedRepositories(octokit, entries, tokenSource) {
    const found = await mapWithLimit(entries, CONCURRENCY, async (entry) => {
        try {
            const { data } = await octokit.rest.repos.get({ owner: entry.owner, repo: entry.name });
            return { archived: data.archived, fork: data.fork, repository: data.full_name };
        }
        catch (error) {
            if ((0,error_status/* githubStatus */.A)(error) === 404)
                return `${entry.owner}/${entry.name}`;
            return tokenProblem(error, tokenSource);
        }
    });
    return {
        candidates: found.filter((item) => typeof item !== 'string'),
        notFound: found.filter((item) => typeof item === 'string'),
    };
}
/** An owner's repositories that pass the filters. */
async function listOwnerRepositories(octokit, owner, filters, tokenSource) {
    let type;
    try {
        ({
            data: { type },
        } = await octokit.rest.users.getByUsername({ username: owner }));
    }
    catch (error) {
        if ((0,error_status/* githubStatus */.A)(error) === 404) {
            throw new errors/* ConfigurationError */.j1(`expected a GitHub organization or user, but there is no account "${owner}" (or the token cannot see it).`, { input: '--owner' }, { cause: error });
        }
        return tokenProblem(error, tokenSource);
    }
    const keep = (0,fleet_targets/* ownerFilter */.Qm)(filters);
    const candidates = [];
    const pages = type === 'Organization'
        ? octokit.paginate.iterator(octokit.rest.repos.listForOrg, {
            org: owner,
            type: 'all',
            per_page: 100,
        })
        : octokit.paginate.iterator(octokit.rest.repos.listForUser, {
            username: owner,
            type: 'owner',
            per_page: 100,
        });
    try {
        for await (const page of pages) {
            for (const repo of page.data) {
                if (!keep(repo))
                    continue;
                candidates.push({
                    repository: repo.full_name,
                    archived: repo.archived ?? false,
                    fork: repo.fork,
                });
            }
        }
    }
    catch (error) {
        return tokenProblem(error, tokenSource);
    }
    return candidates;
}
/**
 * Repository \u2192 URL of its open pull request whose head is `branch` in the repository itself:
 * the campaign's pull request. One request per repository.
 */
async function findOpenCampaignPulls(octokit, repositories, branch, tokenSource) {
    const found = await mapWithLimit(repositories, CONCURRENCY, async (repository) => {
        const [owner = '', repo = ''] = repository.split('/');
        try {
            const { data } = await octokit.rest.pulls.list({
                owner,
                repo,
                state: 'open',
                head: `${owner}:${branch}`,
                per_page: 1,
            });
            const url = data[0]?.html_url;
            return url === undefined ? undefined : [repository, url];
        }
        catch (error) {
            return tokenProblem(error, tokenSource);
        }
    });
    return new Map(found.filter((entry) => entry !== undefined));
}

// EXTERNAL MODULE: ./src/fleet/fleet-plan.ts
var fleet_plan = __webpack_require__(87538);
// EXTERNAL MODULE: ./src/fleet/fleet-plan-output.ts
var fleet_plan_output = __webpack_require__(40682);
// EXTERNAL MODULE: ./src/fleet/fleet-results.ts
var fleet_results = __webpack_require__(67423);
// EXTERNAL MODULE: ./src/fleet/fleet-rows.ts
var fleet_rows = __webpack_require__(61716);
// EXTERNAL MODULE: ./src/fleet/tracking-body.ts
var tracking_body = __webpack_require__(22560);
// EXTERNAL MODULE: ./src/fleet/tracking-issue.ts
var tracking_issue = __webpack_require__(65453);
// EXTERNAL MODULE: ./src/github/octokit.ts + 2 modules
var octokit = __webpack_require__(26047);
// EXTERNAL MODULE: ./src/github/urls.ts
var urls = __webpack_require__(15945);
// EXTERNAL MODULE: ./src/publish/branch-name.ts
var branch_name = __webpack_require__(83807);
// EXTERNAL MODULE: ./src/platform/logger.ts
var platform_logger = __webpack_require__(63255);
// EXTERNAL MODULE: ./src/platform/redaction.ts
var redaction = __webpack_require__(63178);
// EXTERNAL MODULE: ./src/platform/runner-commands.ts
var runner_commands = __webpack_require__(22112);
// EXTERNAL MODULE: ./src/platform/version.ts
var version = __webpack_require__(95895);
// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(77593);
// EXTERNAL MODULE: ./src/cli/subcommands/fleet-local-args.ts
var fleet_local_args = __webpack_require__(36413);
// EXTERNAL MODULE: ./src/cli/exit-codes.ts
var exit_codes = __webpack_require__(28551);
;// CONCATENATED MODULE: ./src/cli/subcommands/fleet.ts
/**
 * `gemini-agent fleet plan` and `gemini-agent fleet report`: the two ends of a campaign run on
 * GitHub Actions. `plan` turns a target description (a repos file, or an owner with filters)
 * into matrix chunks with every exclusion explained; `report` rolls the run jobs' result files
 * up into the campaign's one tracking issue. The work is in src/fleet/; this is flags, token and
 * printing.
 */






















const FLEET_USAGE = `Usage: gemini-agent fleet plan --campaign KEY (--repos-file FILE | --owner OWNER) [options]
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
/** Runs `fleet <plan|report> \u2026` and returns the exit code; never throws. */
async function runFleetCommand(argv, io, deps = {}) {
    const [subcommand, ...rest] = argv;
    try {
        switch (subcommand) {
            case 'plan':
                return await plan(rest, io, deps);
            case 'report':
                return await report(rest, io, deps);
            case 'local': {
                // Loaded when used: it brings the Action's whole pipeline.
                const { runFleetLocal } = await Promise.all(/* import() */[__webpack_require__.e(647), __webpack_require__.e(589)]).then(__webpack_require__.bind(__webpack_require__, 39589));
                return await runFleetLocal(rest, io);
            }
            case '-h':
            case '--help':
                io.stdout.write(FLEET_USAGE);
                return exit_codes/* ExitCode */.yU.OK;
            default:
                throw new errors/* UsageError */.eb(`fleet expects "plan", "report" or "local"${subcommand === undefined ? '' : `, got "${subcommand}"`}. Run "gemini-agent fleet --help" for usage.`);
        }
    }
    catch (error) {
        io.stderr.write(`error: ${(0,errors/* errorMessage */.gJ)(error)}\n`);
        return (0,exit_codes/* exitCodeForError */.Lo)(error);
    }
}
/** The flags of `fleet plan`; a mistake is a one-line UsageError (exit code 42). */
function parsePlanArgs(argv) {
    return (0,args/* parseFlags */.bQ)('fleet', () => (0,external_node_util_.parseArgs)({
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
    }));
}
/** The flags of `fleet report`. */
function parseReportArgs(argv) {
    return (0,args/* parseFlags */.bQ)('fleet', () => (0,external_node_util_.parseArgs)({
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
    }));
}
/**
 * Checks a `fleet \u2026` command line's words without running it (the documentation's command lines
 * are checked with it); throws the UsageError the command would print.
 */
function parseFleetArgs(argv) {
    const [subcommand, ...rest] = argv;
    if (subcommand === 'plan')
        parsePlanArgs(rest);
    else if (subcommand === 'report')
        parseReportArgs(rest);
    else if (subcommand === 'local')
        parseLocalArgs(rest);
    else if (subcommand !== '--help' && subcommand !== '-h') {
        throw new UsageError(`fleet expects "plan", "report" or "local"${subcommand === undefined ? '' : `, got "${subcommand}"`}. Run "gemini-agent fleet --help" for usage.`);
    }
}
/** The token and the variable it came from; a ConfigurationError naming both when there is none. */
function githubToken(env, what) {
    for (const source of ['GITHUB_TOKEN', 'GH_TOKEN']) {
        const token = env[source]?.trim();
        if (token)
            return { token, source };
    }
    throw new errors/* ConfigurationError */.j1(`${what} reads GitHub, so it needs a token in GITHUB_TOKEN or GH_TOKEN (e.g. GITHUB_TOKEN=$(gh auth token)); neither is set.`, { input: 'GITHUB_TOKEN' });
}
function client(deps, env, token, logger) {
    const baseUrl = (0,urls/* apiUrl */.y0)(env);
    return deps.createClient
        ? deps.createClient({ token, baseUrl, logger })
        : (0,octokit/* createOctokit */.Q)({ token, baseUrl, logger, userAgent: `gemini-agent/${version/* VERSION */.x} fleet` });
}
function campaignOf(value, command) {
    if (value === undefined) {
        throw new errors/* UsageError */.eb(`fleet ${command} needs --campaign KEY, the campaign's key (e.g. --campaign node-24).`);
    }
    return (0,campaign_key/* checkCampaignKey */.e)(value, { input: '--campaign' });
}
async function plan(argv, io, deps) {
    const { values, positionals } = parsePlanArgs(argv);
    if (values.help === true) {
        io.stdout.write(FLEET_USAGE);
        return exit_codes/* ExitCode */.yU.OK;
    }
    if (positionals.length > 0) {
        throw new errors/* UsageError */.eb(`fleet plan takes no arguments besides flags, got "${positionals[0]}".`);
    }
    const campaign = campaignOf(values.campaign, 'plan');
    const reposFile = values['repos-file'];
    const owner = values.owner;
    if ((reposFile === undefined) === (owner === undefined)) {
        throw new errors/* UsageError */.eb('fleet plan needs either --repos-file FILE or --owner OWNER (one of them).');
    }
    const filters = {
        topics: values.topic ?? [],
        language: values.language,
        names: values.name ?? [],
    };
    if (reposFile !== undefined &&
        (filters.topics.length > 0 || filters.language !== undefined || filters.names.length > 0)) {
        throw new errors/* UsageError */.eb('--topic, --language and --name narrow --owner; a repos file is taken as it is.');
    }
    if (owner !== undefined && !(0,fleet_targets/* isOwnerLogin */.bp)(owner)) {
        throw new errors/* UsageError */.eb(`--owner expects a GitHub organization or user name (letters, digits and single dashes), got "${owner}".`);
    }
    const chunkSize = (0,fleet_plan/* parseChunkSize */.Ud)(values['chunk-size']);
    const chunk = (0,fleet_plan/* parseChunkIndex */.td)(values.chunk);
    const branch = branchOf(values['branch-prefix'], campaign);
    // A bad file fails before any request is made.
    const entries = reposFile === undefined ? undefined : (0,fleet_targets/* parseReposFile */.r_)(await readReposFile(reposFile), reposFile);
    const { token, source } = githubToken(io.env, 'fleet plan');
    const logger = (0,platform_logger/* streamLogger */.VO)(io.stderr, { debug: values.debug === true });
    const octokit = client(deps, io.env, token, logger);
    const requests = countRequests(octokit);
    let candidates;
    let notFound = [];
    if (entries !== undefined) {
        ({ candidates, notFound } = await listNamedRepositories(octokit, entries, source));
    }
    else {
        candidates = await listOwnerRepositories(octokit, owner ?? '', filters, source);
    }
    const includeForks = values['include-forks'] === true;
    // Archived repositories and forks are left out before their pull requests are asked about.
    const { remaining } = (0,fleet_plan/* screenCandidates */.d$)(candidates, { includeForks });
    const openPullRequests = await findOpenCampaignPulls(octokit, remaining.map((candidate) => candidate.repository), branch, source);
    const fleetPlan = (0,fleet_plan/* buildPlan */.Gg)({
        campaign,
        branch,
        chunkSize,
        includeForks,
        candidates,
        notFound,
        openPullRequests,
    });
    const outputs = (0,fleet_plan_output/* planOutputs */.iS)(fleetPlan, chunk);
    if (values['dry-run'] === true) {
        io.stdout.write((0,fleet_plan_output/* renderPlanListing */.Kh)(fleetPlan));
    }
    else {
        const outputFile = values['github-output'] ?? (io.env.GITHUB_OUTPUT || undefined);
        if (outputFile !== undefined)
            await (0,fleet_plan_output/* writeStepOutputs */.sR)(outputFile, outputs);
        if (values.out !== undefined) {
            const written = await (0,fleet_plan_output/* writePlanFiles */.ip)(values.out, fleetPlan);
            io.stdout.write(`wrote ${written.join(', ')}\n`);
        }
        if (outputFile === undefined && values.out === undefined) {
            // Nowhere else to put it: the plan itself, for a pipe, and the summary beside it.
            io.stdout.write(`${JSON.stringify(fleetPlan, null, 2)}\n`);
            io.stderr.write(`${(0,fleet_plan_output/* planSummaryLine */.uK)(fleetPlan, requests.count)}\n`);
            return exit_codes/* ExitCode */.yU.OK;
        }
    }
    io.stdout.write(`${(0,fleet_plan_output/* planSummaryLine */.uK)(fleetPlan, requests.count)}\n`);
    return exit_codes/* ExitCode */.yU.OK;
}
/** The campaign's branch; a bad prefix is named as the flag it came from. */
function branchOf(prefix, campaign) {
    try {
        return (0,branch_name/* campaignBranchName */.Et)(prefix ?? branch_name/* DEFAULT_BRANCH_PREFIX */._g, campaign);
    }
    catch (error) {
        if (!(error instanceof errors/* ConfigurationError */.j1))
            throw error;
        throw new errors/* UsageError */.eb(`--branch-prefix: ${error.detail}`, undefined, { cause: error });
    }
}
async function readReposFile(file) {
    try {
        return await (0,promises_.readFile)(file, 'utf8');
    }
    catch (error) {
        throw new errors/* ConfigurationError */.j1(`expected a file of repositories (one owner/name a line), but it cannot be read: ${(0,errors/* errorMessage */.gJ)(error)}.`, { file }, { cause: error });
    }
}
async function readPlanFile(file, campaign) {
    let json;
    try {
        json = JSON.parse(await (0,promises_.readFile)(file, 'utf8'));
    }
    catch (error) {
        throw new errors/* ConfigurationError */.j1(`expected the plan fleet plan wrote (plan.json), but it cannot be read as JSON: ${(0,errors/* errorMessage */.gJ)(error)}.`, { file }, { cause: error });
    }
    const parsed = fleet_plan/* fleetPlanSchema */.px.safeParse(json);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new errors/* ConfigurationError */.j1(`expected the plan fleet plan wrote (plan.json): ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}.`, { file });
    }
    if (parsed.data.campaign !== campaign) {
        throw new errors/* ConfigurationError */.j1(`the plan is campaign "${parsed.data.campaign}"'s, not "${campaign}"'s.`, { file });
    }
    return parsed.data;
}
async function report(argv, io, deps) {
    const { values, positionals } = parseReportArgs(argv);
    if (values.help === true) {
        io.stdout.write(FLEET_USAGE);
        return exit_codes/* ExitCode */.yU.OK;
    }
    if (positionals.length > 0) {
        throw new errors/* UsageError */.eb(`fleet report takes no arguments besides flags, got "${positionals[0]}".`);
    }
    const campaign = campaignOf(values.campaign, 'report');
    if (values.results === undefined) {
        throw new errors/* UsageError */.eb("fleet report needs --results DIR, the folder of the run jobs' result files.");
    }
    const repositoryText = values.repository ?? (io.env.GITHUB_REPOSITORY || undefined);
    if (repositoryText === undefined) {
        throw new errors/* UsageError */.eb('fleet report needs --repository OWNER/NAME, the repository the tracking issue is in (GITHUB_REPOSITORY is not set).');
    }
    const repository = (0,fleet_targets/* parseRepositoryName */.$M)(repositoryText);
    if (repository === undefined) {
        throw new errors/* UsageError */.eb(`--repository expects owner/name, got "${repositoryText}".`);
    }
    const runUrl = values['run-url'] ?? (0,urls/* runUrl */.Vp)(io.env);
    if (runUrl !== undefined && !/^https?:\/\//i.test(runUrl)) {
        throw new errors/* UsageError */.eb(`--run-url expects an http(s) URL, got "${runUrl}".`);
    }
    const plan = values.plan === undefined ? undefined : await readPlanFile(values.plan, campaign);
    const read = await (0,fleet_results/* readFleetResults */.X)(values.results, campaign);
    const dryRun = values['dry-run'] === true;
    const logger = (0,platform_logger/* streamLogger */.VO)(io.stderr, { debug: values.debug === true });
    const found = dryRun
        ? io.env.GITHUB_TOKEN?.trim() || io.env.GH_TOKEN?.trim()
            ? githubToken(io.env, 'fleet report')
            : undefined
        : githubToken(io.env, 'fleet report');
    const redactor = (0,redaction/* createRedactor */.lY)({
        secrets: [found?.token, ...(0,redaction/* secretEnvironmentValues */.yk)(io.env)],
    });
    const store = found === undefined
        ? noIssueStore()
        : (0,tracking_issue/* githubTrackingStore */.eE)(client(deps, io.env, found.token, logger), {
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
        serverUrl: (0,urls/* serverUrl */.Vd)(io.env),
        logger,
    };
    const totals = (rows) => {
        const t = (0,fleet_rows/* fleetTotals */.eO)(rows);
        return `${t.repositories} repositories: ${t.done} done, ${t.failed} failed, ${t.skipped} skipped, ${t.noResult} without a result, ${t.excluded} excluded`;
    };
    /** The whole table in the step's summary too, when there is one (`$GITHUB_STEP_SUMMARY`). */
    const summarise = async (rows, issueUrl) => {
        const file = io.env.GITHUB_STEP_SUMMARY;
        if (!file)
            return;
        const text = (0,tracking_body/* renderFleetSummary */.LL)(campaign, rows, {
            serverUrl: input.serverUrl,
            redact: redactor.redact,
            issueUrl,
        });
        await (0,runner_commands/* runnerCommands */.JO)({ GITHUB_STEP_SUMMARY: file }).summary.addRaw(text, true).write();
    };
    if (dryRun) {
        const prepared = await (0,tracking_issue/* prepareFleetReport */.YY)(input);
        io.stdout.write(`${prepared.body}\n`);
        const what = prepared.existing === undefined
            ? `would create the tracking issue in ${repositoryText}`
            : `would ${prepared.action === 'unchanged' ? 'leave unchanged' : 'update'} ${prepared.existing.url}`;
        io.stdout.write(`${what} (${totals(prepared.rows)})\n`);
        return exit_codes/* ExitCode */.yU.OK;
    }
    const outcome = await (0,tracking_issue/* publishFleetReport */.U6)(input);
    await summarise(outcome.rows, outcome.issue?.url);
    const verb = { created: 'created', updated: 'updated', unchanged: 'left unchanged' }[outcome.action];
    io.stdout.write(`${verb} ${outcome.issue?.url ?? ''} (${totals(outcome.rows)})\n`);
    return exit_codes/* ExitCode */.yU.OK;
}
/** A dry run without a token: no issue exists, nothing can be written. */
function noIssueStore() {
    const refuse = () => Promise.reject(new Error('a dry run writes nothing'));
    return { find: () => Promise.resolve(undefined), create: refuse, update: refuse };
}


/***/ }),

/***/ 40682:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kh: () => (/* binding */ renderPlanListing),
/* harmony export */   iS: () => (/* binding */ planOutputs),
/* harmony export */   ip: () => (/* binding */ writePlanFiles),
/* harmony export */   sR: () => (/* binding */ writeStepOutputs),
/* harmony export */   uK: () => (/* binding */ planSummaryLine)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _platform_make_directory_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(65855);
/* harmony import */ var _platform_runner_commands_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(22112);
/* harmony import */ var _platform_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(37376);
/* harmony import */ var _fleet_plan_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(87538);
/* harmony import */ var _fleet_targets_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(81311);
/**
 * Where a plan goes: the step outputs the workflow's matrix reads (in the runner's file-command
 * format, through platform/runner-commands.ts, heredoc delimiters and all), `plan.json` and one
 * `chunk-<n>.json` per chunk, and the listing `--dry-run` prints instead of writing anything.
 */







/** The step outputs for chunk `index`: `matrix`, `count`, `chunks`, `excluded`, `plan`. */
function planOutputs(plan, index) {
    const matrix = (0,_fleet_plan_js__WEBPACK_IMPORTED_MODULE_4__/* .chunkMatrix */ .$K)(plan, index);
    return {
        matrix: JSON.stringify(matrix),
        count: String(matrix.include.length),
        chunks: String(plan.chunks.length),
        excluded: String(plan.excluded.length),
        plan: JSON.stringify(plan),
    };
}
/** Appends the outputs to `file` as the runner reads them (`name<<delimiter` \u2026 `delimiter`). */
async function writeStepOutputs(file, outputs) {
    // The runner makes the file; a path given by hand may not exist yet.
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.appendFile)(file, '');
    const commands = (0,_platform_runner_commands_js__WEBPACK_IMPORTED_MODULE_3__/* .runnerCommands */ .JO)({ GITHUB_OUTPUT: file });
    for (const [name, value] of Object.entries(outputs))
        commands.setOutput(name, value);
}
/** `plan.json` and `chunk-<n>.json` (each chunk's matrix) in `folder`; returns the paths. */
async function writePlanFiles(folder, plan) {
    await (0,_platform_make_directory_js__WEBPACK_IMPORTED_MODULE_2__/* .makeDirectory */ .Oh)(folder);
    const files = [
        ['plan.json', plan],
        ...plan.chunks.map((chunk, index) => [
            `chunk-${index}.json`,
            { include: chunk },
        ]),
    ];
    const written = [];
    for (const [name, value] of files) {
        const file = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(folder, name);
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.writeFile)(file, `${JSON.stringify(value, null, 2)}\n`);
        written.push(file);
    }
    return written;
}
/** The listing `--dry-run` prints: each chunk's repositories, then the exclusions with reasons. */
function renderPlanListing(plan) {
    const lines = [
        `Campaign ${plan.campaign} (branch ${plan.branch}): ${(0,_fleet_targets_js__WEBPACK_IMPORTED_MODULE_5__/* .repositoriesText */ .AU)(plan.repositories)} in ${(0,_platform_text_js__WEBPACK_IMPORTED_MODULE_6__/* .plural */ .LS)(plan.chunks.length, 'chunk')} of at most ${plan.chunkSize}, ${plan.excluded.length} excluded.`,
    ];
    plan.chunks.forEach((chunk, index) => {
        lines.push('', `Chunk ${index} (${chunk.length}):`);
        for (const entry of chunk)
            lines.push(`  ${entry.repository}`);
    });
    if (plan.excluded.length > 0) {
        lines.push('', `Excluded (${plan.excluded.length}):`);
        for (const exclusion of plan.excluded) {
            lines.push(`  ${exclusion.repository}: ${exclusion.detail}`);
        }
    }
    return `${lines.join('\n')}\n`;
}
/** The plan's last line: what it holds and what it cost in requests. */
function planSummaryLine(plan, requests) {
    return `planned ${(0,_fleet_targets_js__WEBPACK_IMPORTED_MODULE_5__/* .repositoriesText */ .AU)(plan.repositories)} in ${(0,_platform_text_js__WEBPACK_IMPORTED_MODULE_6__/* .plural */ .LS)(plan.chunks.length, 'chunk')} with ${(0,_platform_text_js__WEBPACK_IMPORTED_MODULE_6__/* .plural */ .LS)(requests, 'request')} (${plan.excluded.length} excluded)`;
}


/***/ }),

/***/ 87538:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $K: () => (/* binding */ chunkMatrix),
/* harmony export */   Gg: () => (/* binding */ buildPlan),
/* harmony export */   Ud: () => (/* binding */ parseChunkSize),
/* harmony export */   d$: () => (/* binding */ screenCandidates),
/* harmony export */   px: () => (/* binding */ fleetPlanSchema),
/* harmony export */   td: () => (/* binding */ parseChunkIndex),
/* harmony export */   xM: () => (/* binding */ MAX_CHUNK_SIZE)
/* harmony export */ });
/* unused harmony exports FLEET_PLAN_VERSION, EXCLUSION_REASONS */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(41514);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/**
 * A fleet plan: the repositories a campaign runs on, in chunks a workflow matrix can take, and
 * the ones left out with the reason for each. Building it is pure (what GitHub said goes in as
 * data), so the rules \u2014 archived and forks out, a repository already holding the campaign's open
 * pull request out, a stable order, at most 256 a chunk \u2014 are tested without any HTTP.
 */


/** GitHub's limit: "A matrix will generate a maximum of 256 jobs per workflow run." */
const MAX_CHUNK_SIZE = 256;
const FLEET_PLAN_VERSION = 1;
const EXCLUSION_REASONS = ['archived', 'fork', 'open-pull-request', 'not-found'];
const matrixEntrySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    repository: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().regex(/^[^/\s]+\/[^/\s]+$/),
    owner: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1),
    name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1),
})
    .strict();
const exclusionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    repository: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().regex(/^[^/\s]+\/[^/\s]+$/),
    reason: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(EXCLUSION_REASONS),
    /** The reason in words, for the listing and the report. */
    detail: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    /** The campaign's open pull request, for `open-pull-request`. */
    pullRequestUrl: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
})
    .strict();
/** The plan as `plan.json` and the `plan` output hold it; `fleet report --plan` reads it back. */
const fleetPlanSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    version: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(FLEET_PLAN_VERSION),
    campaign: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1),
    /** The campaign's branch in every repository (`<prefix>campaign-<key>`). */
    branch: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1),
    chunkSize: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().min(1).max(MAX_CHUNK_SIZE),
    /** Repositories in all chunks. */
    repositories: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative(),
    chunks: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(matrixEntrySchema)),
    excluded: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(exclusionSchema),
})
    .strict();
/** `--chunk-size`: 1 to 256; the flag's text as given. */
function parseChunkSize(value) {
    if (value === undefined)
        return MAX_CHUNK_SIZE;
    const size = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(size >= 1)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb(`--chunk-size expects a whole number from 1 to 256, got "${value}".`);
    }
    if (size > MAX_CHUNK_SIZE) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb(`--chunk-size ${value} is over ${MAX_CHUNK_SIZE}, the most jobs GitHub Actions runs from one matrix; run the other chunks with --chunk.`);
    }
    return size;
}
/** `--chunk`: a chunk's number, from 0. Checked against the plan by {@link chunkMatrix}. */
function parseChunkIndex(value) {
    if (value === undefined)
        return 0;
    if (!/^\d+$/.test(value)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb(`--chunk expects a chunk's number counted from 0, got "${value}".`);
    }
    return Number(value);
}
/** Case-insensitive order by full name, the way GitHub compares names; ties by exact text. */
function byName(a, b) {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
/**
 * The candidates left after archived repositories and forks (unless `includeForks`) are taken
 * out: the ones whose open pull requests are worth asking about.
 */
function screenCandidates(candidates, options) {
    const remaining = [];
    const excluded = [];
    for (const candidate of candidates) {
        if (candidate.archived) {
            excluded.push({
                repository: candidate.repository,
                reason: 'archived',
                detail: 'archived (read-only)',
            });
        }
        else if (candidate.fork && !options.includeForks) {
            excluded.push({
                repository: candidate.repository,
                reason: 'fork',
                detail: 'a fork (--include-forks takes forks in)',
            });
        }
        else {
            remaining.push(candidate);
        }
    }
    return { remaining, excluded };
}
/** The whole plan: included repositories chunked in a stable order, every exclusion explained. */
function buildPlan(input) {
    if (!(input.chunkSize >= 1 && input.chunkSize <= MAX_CHUNK_SIZE)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb(`--chunk-size must be from 1 to ${MAX_CHUNK_SIZE}.`);
    }
    const { remaining, excluded } = screenCandidates(input.candidates, input);
    const included = [];
    for (const candidate of remaining) {
        const pull = input.openPullRequests.get(candidate.repository);
        if (pull !== undefined) {
            excluded.push({
                repository: candidate.repository,
                reason: 'open-pull-request',
                detail: `already has the campaign's open pull request ${pull}`,
                pullRequestUrl: pull,
            });
            continue;
        }
        const [owner = '', name = ''] = candidate.repository.split('/');
        included.push({ repository: candidate.repository, owner, name });
    }
    for (const repository of input.notFound) {
        excluded.push({
            repository,
            reason: 'not-found',
            detail: 'not found, or the token has no access to it',
        });
    }
    included.sort((a, b) => byName(a.repository, b.repository));
    excluded.sort((a, b) => byName(a.repository, b.repository));
    const chunks = [];
    for (let start = 0; start < included.length; start += input.chunkSize) {
        chunks.push(included.slice(start, start + input.chunkSize));
    }
    return {
        version: FLEET_PLAN_VERSION,
        campaign: input.campaign,
        branch: input.branch,
        chunkSize: input.chunkSize,
        repositories: included.length,
        chunks,
        excluded,
    };
}
/**
 * Chunk `index`'s matrix. A plan with nothing to run has no chunks: chunk 0 is then empty (the
 * workflow skips its run job on count 0); past the last chunk is a usage error.
 */
function chunkMatrix(plan, index) {
    if (index === 0 && plan.chunks.length === 0)
        return { include: [] };
    const chunk = plan.chunks[index];
    if (chunk === undefined) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb(`--chunk ${index} is past the plan's last chunk: it has ${plan.chunks.length} (0 to ${plan.chunks.length - 1}).`);
    }
    return { include: chunk };
}


/***/ }),

/***/ 67423:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ readFleetResults)
/* harmony export */ });
/* unused harmony export repositoryOfResultFile */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(46316);
/* harmony import */ var _fleet_result_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(12408);
/* harmony import */ var _fleet_targets_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(81311);





/** A result file is a few hundred bytes; anything far larger is not one. */
const MAX_RESULT_BYTES = 64 * 1024;
/** `owner/name` from `owner__name.json`, or undefined. */
function repositoryOfResultFile(file) {
    const base = node_path__WEBPACK_IMPORTED_MODULE_1___default().basename(file, '.json');
    const at = base.indexOf('__');
    if (at < 0)
        return undefined;
    const parsed = (0,_fleet_targets_js__WEBPACK_IMPORTED_MODULE_4__/* .parseRepositoryName */ .$M)(`${base.slice(0, at)}/${base.slice(at + 2)}`);
    return parsed === undefined ? undefined : `${parsed.owner}/${parsed.name}`;
}
function zodProblem(error) {
    const first = error.issues[0];
    if (first === undefined)
        return 'not a result file';
    const where = first.path.map(String).join('.');
    return `${where === '' ? '' : `${where}: `}${first.message}`;
}
async function readOne(folder, file, campaign) {
    const named = repositoryOfResultFile(file);
    const unreadable = (problem) => ({
        repository: named ?? file,
        file,
        problem,
    });
    try {
        const full = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(folder, file);
        if ((await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(full)).size > MAX_RESULT_BYTES) {
            return unreadable(`larger than ${MAX_RESULT_BYTES / 1024} KiB`);
        }
        let json;
        try {
            json = JSON.parse(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(full, 'utf8'));
        }
        catch (error) {
            return unreadable(`not JSON (${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error)})`);
        }
        const parsed = _fleet_result_js__WEBPACK_IMPORTED_MODULE_3__/* .fleetResultSchema */ .bl.safeParse(json);
        if (!parsed.success)
            return unreadable(zodProblem(parsed.error));
        const result = parsed.data;
        if (result.campaign !== campaign) {
            return unreadable(`a result of campaign "${result.campaign}", not "${campaign}"`);
        }
        // A file may only speak for the repository its name says (the job that wrote it ran there).
        if (named === undefined || named.toLowerCase() !== result.repository.toLowerCase()) {
            return unreadable(`names repository ${result.repository}, but the file is ${file}`);
        }
        return result;
    }
    catch (error) {
        return unreadable((0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error));
    }
}
/** Every result under `folder`; a missing folder is a ConfigurationError naming `--results`. */
async function readFleetResults(folder, campaign) {
    let entries;
    try {
        if (!(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(folder)).isDirectory())
            throw new Error('not a folder');
        entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(folder, { recursive: true, withFileTypes: true });
    }
    catch (error) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(`expected a folder holding the run jobs' result files (owner__name.json), but ${folder} cannot be read: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error)}.`, { input: '--results' }, { cause: error });
    }
    const files = entries
        .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
        .map((entry) => node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(folder, node_path__WEBPACK_IMPORTED_MODULE_1___default().join(entry.parentPath, entry.name)))
        .sort();
    const latest = new Map();
    const unreadable = [];
    for (const file of files) {
        const read = await readOne(folder, file, campaign);
        if ('problem' in read) {
            unreadable.push(read);
            continue;
        }
        const key = read.repository.toLowerCase();
        const earlier = latest.get(key);
        if (earlier === undefined || Date.parse(read.finishedAt) >= Date.parse(earlier.finishedAt)) {
            latest.set(key, read);
        }
    }
    return { results: [...latest.values()], unreadable };
}


/***/ }),

/***/ 61716:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Pl: () => (/* binding */ safeUrl),
/* harmony export */   WE: () => (/* binding */ mergeFleetRows),
/* harmony export */   eO: () => (/* binding */ fleetTotals),
/* harmony export */   gE: () => (/* binding */ fleetRowSchema)
/* harmony export */ });
/* unused harmony exports ROW_STATUSES, NOTE_MAX, SAFE_URL, rowFromResult */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(41514);
/* harmony import */ var _platform_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(37376);
/**
 * The tracking issue's rows: one per repository, made from this run's results and plan and
 * merged over the rows earlier runs and chunks left in the issue. The rows are the report's
 * state: kept in the issue body (compressed, in a hidden comment: tracking-state.ts) and shown as
 * its table (tracking-body.ts). Texts in them come from runs on repositories the campaign does
 * not control, so they are redacted and cut to one line here, and escaped where they are shown;
 * a link is kept only when it is plain http(s) that cannot break out of a Markdown link.
 */


const ROW_STATUSES = [
    'success',
    'failure',
    'skipped',
    'cancelled',
    'unreadable',
    'no-result',
    'excluded',
];
/** Statuses that come from a run's own result (or its broken file), not from the plan alone. */
const FROM_A_RUN = new Set([
    'success',
    'failure',
    'skipped',
    'cancelled',
    'unreadable',
]);
const NOTE_MAX = 200;
/** http(s), and none of the characters that end a link target, a table cell or an HTML comment. */
const SAFE_URL = /^https?:\/\/[^\s<>()[\]`"'|\\]+$/i;
const fleetRowSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    repository: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1).max(300),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(ROW_STATUSES),
    pr: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().positive().optional(),
    prUrl: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(SAFE_URL).optional(),
    cost: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().nonnegative().optional(),
    job: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(SAFE_URL).optional(),
    note: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(NOTE_MAX).optional(),
    /** When the result was written (ISO 8601). */
    at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().max(40).optional(),
})
    .strict();
/** The URL when it is safe to link (and holds nothing redaction would hide), else undefined. */
function safeUrl(url, redact) {
    if (url === undefined || url.length > 500 || !SAFE_URL.test(url))
        return undefined;
    return redact === undefined || redact(url) === url ? url : undefined;
}
/** Redacted, on one line, cut to {@link NOTE_MAX}; undefined when nothing is left. */
function note(text, redact) {
    if (text === undefined)
        return undefined;
    const line = (0,_platform_text_js__WEBPACK_IMPORTED_MODULE_1__/* .oneLine */ .TN)(redact(text));
    if (line === '')
        return undefined;
    return line.length <= NOTE_MAX ? line : `${line.slice(0, NOTE_MAX - 1)}\u2026`;
}
/** Drops the keys whose value is undefined, so rows compare and serialise the same. */
function compact(row) {
    return Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined));
}
function rowFromResult(result, redact) {
    return compact({
        repository: result.repository,
        status: result.conclusion,
        pr: result.prNumber,
        prUrl: safeUrl(result.prUrl, redact),
        cost: result.costUsd,
        job: safeUrl(result.runUrl, redact),
        note: note(result.summary, redact),
        at: result.finishedAt,
    });
}
function byRepository(a, b) {
    const x = a.repository.toLowerCase();
    const y = b.repository.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
}
/**
 * The rows after this run. In order of precedence, per repository: this run's result (or its
 * unreadable file), unless an earlier row holds a newer result; an earlier row from a run's
 * result (a repository this run planned but has no result for yet \u2014 another chunk, a job that
 * did not start \u2014 keeps what its last run said); this plan's exclusion or "no result"; the
 * earlier row. Sorted by repository, case-insensitively.
 */
function mergeFleetRows(previous, update) {
    const rows = new Map();
    for (const row of previous)
        rows.set(row.repository.toLowerCase(), row);
    const runUrl = safeUrl(update.runUrl);
    const keepsRun = (key) => {
        const earlier = rows.get(key);
        return earlier !== undefined && FROM_A_RUN.has(earlier.status);
    };
    for (const exclusion of update.plan?.excluded ?? []) {
        const key = exclusion.repository.toLowerCase();
        if (keepsRun(key))
            continue;
        rows.set(key, compact({
            repository: exclusion.repository,
            status: 'excluded',
            prUrl: safeUrl(exclusion.pullRequestUrl),
            pr: pullNumberOf(exclusion.pullRequestUrl),
            note: note(exclusion.detail, update.redact),
        }));
    }
    for (const entry of update.plan?.chunks.flat() ?? []) {
        const key = entry.repository.toLowerCase();
        if (keepsRun(key))
            continue;
        rows.set(key, compact({ repository: entry.repository, status: 'no-result', job: runUrl }));
    }
    for (const unreadable of update.read.unreadable) {
        rows.set(unreadable.repository.toLowerCase(), compact({
            repository: unreadable.repository,
            status: 'unreadable',
            job: runUrl,
            note: note(`${unreadable.file}: ${unreadable.problem}`, update.redact),
        }));
    }
    for (const result of update.read.results) {
        const key = result.repository.toLowerCase();
        const earlier = rows.get(key);
        if (earlier?.at !== undefined &&
            FROM_A_RUN.has(earlier.status) &&
            Date.parse(earlier.at) > Date.parse(result.finishedAt)) {
            continue;
        }
        rows.set(key, rowFromResult(result, update.redact));
    }
    return [...rows.values()].sort(byRepository);
}
/** `\u2026/pull/123` \u2192 123. */
function pullNumberOf(url) {
    const match = /\/pull\/(\d+)$/.exec(url ?? '');
    return match ? Number(match[1]) : undefined;
}
function fleetTotals(rows) {
    const totals = {
        repositories: rows.length,
        done: 0,
        failed: 0,
        skipped: 0,
        noResult: 0,
        excluded: 0,
        costUsd: 0,
    };
    for (const row of rows) {
        totals.costUsd += row.cost ?? 0;
        if (row.status === 'success')
            totals.done++;
        else if (row.status === 'skipped')
            totals.skipped++;
        else if (row.status === 'no-result')
            totals.noResult++;
        else if (row.status === 'excluded')
            totals.excluded++;
        else
            totals.failed++;
    }
    return totals;
}


/***/ }),

/***/ 81311:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $M: () => (/* binding */ parseRepositoryName),
/* harmony export */   AU: () => (/* binding */ repositoriesText),
/* harmony export */   Qm: () => (/* binding */ ownerFilter),
/* harmony export */   bp: () => (/* binding */ isOwnerLogin),
/* harmony export */   r_: () => (/* binding */ parseReposFile)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(14006);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/**
 * What a fleet plan starts from: a file of repositories (one `owner/name` a line), or an owner's
 * repositories narrowed by topics, a language and name globs. This file parses the first and
 * holds the filters of the second; reading GitHub is fleet-listing.ts's job.
 */


/** A GitHub login: letters, digits and single dashes between them, at most 39 characters. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** A repository name as GitHub accepts it: letters, digits, `.`, `_`, `-`; not `.` or `..`. */
const NAME = /^(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;
/** `owner/name`, checked; undefined when it is not one. */
function parseRepositoryName(text) {
    const parts = text.split('/');
    if (parts.length !== 2)
        return undefined;
    const [owner = '', name = ''] = parts;
    return OWNER.test(owner) && NAME.test(name) ? { owner, name } : undefined;
}
function isOwnerLogin(text) {
    return OWNER.test(text);
}
/**
 * The repositories a repos file lists, in its order, each once (names compare case-insensitively,
 * as GitHub's do). A line that is not `owner/name` is a ConfigurationError at `file:line`.
 */
function parseReposFile(text, file) {
    const seen = new Set();
    const entries = [];
    for (const [index, raw] of text.split(/\r?\n/).entries()) {
        // A comment runs to the end of its line; `#` is never part of an owner or a name.
        const line = raw.replace(/#.*$/, '').trim();
        if (line === '')
            continue;
        const parsed = parseRepositoryName(line);
        if (parsed === undefined) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`expected one repository a line as owner/name (e.g. "octo-org/api"), or a "#" comment, got ${JSON.stringify(line.slice(0, 120))}.`, { file, line: index + 1 });
        }
        const key = `${parsed.owner}/${parsed.name}`.toLowerCase();
        if (seen.has(key))
            continue;
        seen.add(key);
        entries.push(parsed);
    }
    return entries;
}
/** A predicate for the filters; globs are picomatch's, case-insensitive as GitHub's names are. */
function ownerFilter(filters) {
    const topics = filters.topics.map((topic) => topic.toLowerCase());
    const language = filters.language?.toLowerCase();
    const names = filters.names.length === 0 ? undefined : picomatch__WEBPACK_IMPORTED_MODULE_1___default()([...filters.names], { nocase: true });
    return (repo) => {
        const have = new Set((repo.topics ?? []).map((topic) => topic.toLowerCase()));
        if (!topics.every((topic) => have.has(topic)))
            return false;
        if (language !== undefined && (repo.language ?? '').toLowerCase() !== language)
            return false;
        return names === undefined || names(repo.name);
    };
}
/** `1 repository`, `3 repositories`. */
function repositoriesText(count, adjective = '') {
    const words = adjective === '' ? '' : `${adjective} `;
    return `${count} ${words}${count === 1 ? 'repository' : 'repositories'}`;
}


/***/ }),

/***/ 22560:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LL: () => (/* binding */ renderFleetSummary),
/* harmony export */   MA: () => (/* binding */ trackingMarker),
/* harmony export */   SR: () => (/* binding */ trackingTitle),
/* harmony export */   _5: () => (/* binding */ FLEET_LABEL),
/* harmony export */   cn: () => (/* binding */ renderTrackingBody)
/* harmony export */ });
/* unused harmony exports renderRow, totalsLine */
/* harmony import */ var _github_own_marker_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(21886);
/* harmony import */ var _report_fit_comment_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(11141);
/* harmony import */ var _report_job_summary_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5236);
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(54285);
/* harmony import */ var _platform_text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(37376);
/* harmony import */ var _fleet_rows_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(61716);
/* harmony import */ var _fleet_targets_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(81311);
/* harmony import */ var _tracking_state_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(94643);
/**
 * The tracking issue's body: the markers that find it, the campaign's totals, the table of
 * repositories (Repository | Pull request | Status | Cost | Job) and the hidden state. It is
 * rendered from the rows alone, with no clock and no store, so the same rows give the same body
 * (an unchanged report writes nothing) and `fleet local` renders it without GitHub.
 *
 * Every text from a result is escaped as the project's comments escape model text
 * (report/markdown.ts: no HTML, no mentions, no cross-references, no table cell breaks), and a
 * link is kept only when fleet-rows.ts found it plain http(s). GitHub stores at most 65,536
 * characters: when the table does not fit, the rows that need a look (failed, cancelled,
 * unreadable, without a result) stay in the open and the others fold into a `<details>` block;
 * what still does not fit is cut with a note. The state always fits (tracking-state.ts).
 */








/** The label every tracking issue gets. */
const FLEET_LABEL = 'gemini-fleet';
/** The hidden marker that finds a campaign's tracking issue (the key is a checked slug). */
function trackingMarker(campaign) {
    return `<!-- gemini-agent-fleet campaign="${campaign}" -->`;
}
function trackingTitle(campaign) {
    return `Fleet campaign: ${campaign}`;
}
const STATUS_TEXT = {
    success: '\u2705 done',
    failure: '\u274c failed',
    skipped: '\u23ed\ufe0f skipped',
    cancelled: '\ud83d\uded1 cancelled',
    unreadable: '\u26a0\ufe0f unreadable result',
    'no-result': '\u23f3 no result',
    excluded: '\u2796 excluded',
};
/** Rows a reader should look at; they stay out of the fold when the table is too long. */
const NEEDS_A_LOOK = new Set([
    'failure',
    'cancelled',
    'unreadable',
    'no-result',
]);
const HEADER = [
    '| Repository | Pull request | Status | Cost | Job |',
    '| --- | --- | --- | --- | --- |',
];
function money(usd) {
    return `$${usd.toFixed(2)}`;
}
/** A pull request link only when it points at that repository's own pull request. */
function pullCell(row) {
    if (row.prUrl === undefined)
        return row.pr === undefined ? '\u2014' : `#\u200B${row.pr}`;
    const path = new URL(row.prUrl).pathname.toLowerCase();
    const number = /\/pull\/(\d+)$/.exec(path)?.[1];
    if (number === undefined || !path.startsWith(`/${row.repository.toLowerCase()}/pull/`)) {
        return '\u2014';
    }
    return `[#${number}](${row.prUrl})`;
}
function repositoryCell(row, server) {
    const name = (0,_fleet_targets_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRepositoryName */ .$M)(row.repository);
    const text = (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .inlineText */ .ln)(row.repository, { maxLength: 140 });
    return name === undefined ? text : `[${text}](${server}/${name.owner}/${name.name})`;
}
/** One table row, on one line, every cell escaped. */
function renderRow(row, server) {
    const note = row.note === undefined ? '' : `: ${(0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .inlineText */ .ln)(row.note, { maxLength: 120 })}`;
    const cells = [
        repositoryCell(row, server),
        pullCell(row),
        `${STATUS_TEXT[row.status]}${note}`,
        row.cost === undefined ? '\u2014' : money(row.cost),
        row.job === undefined ? '\u2014' : `[job](${row.job})`,
    ];
    return `| ${cells.join(' | ')} |`;
}
function totalsLine(rows) {
    const totals = (0,_fleet_rows_js__WEBPACK_IMPORTED_MODULE_1__/* .fleetTotals */ .eO)(rows);
    const count = (0,_fleet_targets_js__WEBPACK_IMPORTED_MODULE_2__/* .repositoriesText */ .AU)(totals.repositories);
    return [
        `**${count}:** ${totals.done} done`,
        `${totals.failed} failed`,
        `${totals.skipped} skipped`,
        `${totals.noResult} without a result`,
        `${totals.excluded} excluded`,
        `total cost ${money(totals.costUsd)}`,
    ].join(' \u00b7 ');
}
const CUT_NOTE = '_(cut to fit GitHub\u2019s 65,536 characters; every row is kept in this issue\u2019s hidden state)_';
function tableBlock(before, lines, after) {
    return {
        before: `${before}${HEADER.join('\n')}\n`,
        lines,
        after,
        note: (omitted) => `_\u2026and ${(0,_platform_text_js__WEBPACK_IMPORTED_MODULE_5__/* .plural */ .LS)(omitted, 'more row')} not shown: GitHub stores 65,536 characters of an issue; every row is kept in this issue\u2019s hidden state._`,
    };
}
/** The whole body for `rows`; the same rows always give the same text. */
function renderTrackingBody(campaign, rows, options = {}) {
    const server = (options.serverUrl ?? 'https://github.com').replace(/\/+$/, '');
    const limit = options.limit ?? _report_fit_comment_js__WEBPACK_IMPORTED_MODULE_6__/* .GITHUB_COMMENT_LIMIT */ ._4;
    const header = [
        trackingMarker(campaign),
        (0,_github_own_marker_js__WEBPACK_IMPORTED_MODULE_7__/* .ownMarker */ ["do"])('fleet-report', { campaign }),
        `## ${(0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .inlineText */ .ln)(trackingTitle(campaign))}`,
        '',
        totalsLine(rows),
        '',
        '_The fleet\u2019s report job rewrites this issue after each run of the campaign; a repository\u2019s row stays until a newer result replaces it. Close the issue to start a new one._',
    ].join('\n');
    const redact = options.redact ?? ((text) => text);
    const state = (0,_tracking_state_js__WEBPACK_IMPORTED_MODULE_3__/* .renderTrackingState */ .du)(campaign, rows);
    const all = rows.map((row) => redact(renderRow(row, server)));
    const whole = [header, `${HEADER.join('\n')}\n${all.join('\n')}`, state].join('\n\n');
    if (whole.length <= limit)
        return whole;
    // Too long: the rows that need a look in the open, the rest folded, each cut as needed.
    const open = rows.filter((row) => NEEDS_A_LOOK.has(row.status));
    const folded = rows.filter((row) => !NEEDS_A_LOOK.has(row.status));
    const openBlock = tableBlock('### Needing a look\n\n', open.map((row) => redact(renderRow(row, server))), '');
    const foldedBlock = tableBlock(`<details><summary>${(0,_fleet_targets_js__WEBPACK_IMPORTED_MODULE_2__/* .repositoriesText */ .AU)(folded.length, 'other')} (done, skipped, excluded)</summary>\n\n`, folded.map((row) => redact(renderRow(row, server))), '\n\n</details>');
    const section = (block, order, present) => ({
        text: present ? `${block.before}${block.lines.join('\n')}${block.after}` : '',
        shrinkOrder: order,
        shrink: (max, measure) => (0,_report_fit_comment_js__WEBPACK_IMPORTED_MODULE_6__/* .shrinkLinesBlock */ .Km)(block, max, measure),
    });
    return (0,_report_fit_comment_js__WEBPACK_IMPORTED_MODULE_6__/* .fitSections */ .WK)([
        { text: header },
        section(openBlock, 1, open.length > 0),
        section(foldedBlock, 0, folded.length > 0),
        { text: state },
    ], { limit, note: CUT_NOTE });
}
/**
 * The report step's job summary: the totals, the tracking issue's link and every row \u2014 GitHub
 * takes 1 MiB of a step's summary, so rows the issue had to leave out are all here (cut with a
 * note only past that).
 */
function renderFleetSummary(campaign, rows, options = {}) {
    const server = (options.serverUrl ?? 'https://github.com').replace(/\/+$/, '');
    const redact = options.redact ?? ((text) => text);
    const issue = options.issueUrl === undefined ? undefined : (0,_fleet_rows_js__WEBPACK_IMPORTED_MODULE_1__/* .safeUrl */ .Pl)(options.issueUrl);
    const header = [
        `## ${(0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .inlineText */ .ln)(trackingTitle(campaign))}`,
        '',
        totalsLine(rows),
        ...(issue === undefined ? [] : ['', `Tracking issue: ${issue}`]),
    ].join('\n');
    const block = tableBlock('', rows.map((row) => redact(renderRow(row, server))), '');
    return (0,_report_fit_comment_js__WEBPACK_IMPORTED_MODULE_6__/* .fitSections */ .WK)([
        { text: header },
        {
            text: `${block.before}${block.lines.join('\n')}`,
            shrink: (max, measure) => (0,_report_fit_comment_js__WEBPACK_IMPORTED_MODULE_6__/* .shrinkLinesBlock */ .Km)(block, max, measure),
        },
    ], { limit: _report_job_summary_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_SUMMARY_LIMIT */ .zS, measure: _report_fit_comment_js__WEBPACK_IMPORTED_MODULE_6__/* .utf8Bytes */ .dy, note: CUT_NOTE });
}


/***/ }),

/***/ 65453:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U6: () => (/* binding */ publishFleetReport),
/* harmony export */   YY: () => (/* binding */ prepareFleetReport),
/* harmony export */   eE: () => (/* binding */ githubTrackingStore)
/* harmony export */ });
/* harmony import */ var _github_permission_hint_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(12456);
/* harmony import */ var _platform_logger_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(63255);
/* harmony import */ var _fleet_rows_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(61716);
/* harmony import */ var _tracking_body_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(22560);
/* harmony import */ var _tracking_state_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(94643);





/** The store over a repository's issues, through the project's Octokit client. */
function githubTrackingStore(octokit, options) {
    const { owner, repo } = options;
    const logger = options.logger ?? _platform_logger_js__WEBPACK_IMPORTED_MODULE_1__/* .silentLogger */ .qq;
    const where = `${owner}/${repo}`;
    return {
        async find(key) {
            const marker = (0,_tracking_body_js__WEBPACK_IMPORTED_MODULE_3__/* .trackingMarker */ .MA)(key);
            const creator = options.botLogin.toLowerCase();
            // By creator rather than by label: GitHub drops the labels of a new issue silently when the
            // token may not set them, and an issue without its label must still be found.
            for await (const page of octokit.paginate.iterator(octokit.rest.issues.listForRepo, {
                owner,
                repo,
                state: 'open',
                creator: options.botLogin,
                sort: 'created',
                direction: 'asc',
                per_page: 100,
            })) {
                for (const item of page.data) {
                    if (item.pull_request || item.user?.login.toLowerCase() !== creator)
                        continue;
                    const body = item.body ?? '';
                    if (body.includes(marker))
                        return { id: item.number, body, url: item.html_url };
                }
            }
            return undefined;
        },
        async create(title, body) {
            const { data } = await (0,_github_permission_hint_js__WEBPACK_IMPORTED_MODULE_0__/* .withPermissionHint */ .V)(`open the fleet's tracking issue in ${where}`, () => octokit.rest.issues.create({ owner, repo, title, body, labels: [_tracking_body_js__WEBPACK_IMPORTED_MODULE_3__/* .FLEET_LABEL */ ._5] }));
            const labelled = data.labels.some((label) => (typeof label === 'string' ? label : label.name) === _tracking_body_js__WEBPACK_IMPORTED_MODULE_3__/* .FLEET_LABEL */ ._5);
            if (!labelled) {
                logger.warning(`GitHub did not put the "${_tracking_body_js__WEBPACK_IMPORTED_MODULE_3__/* .FLEET_LABEL */ ._5}" label on ${data.html_url} (the token may not set labels); the issue is found by its marker all the same.`);
            }
            return { id: data.number, body: data.body ?? '', url: data.html_url };
        },
        async update(id, body) {
            const { data } = await (0,_github_permission_hint_js__WEBPACK_IMPORTED_MODULE_0__/* .withPermissionHint */ .V)(`update the fleet's tracking issue ${where}#${id}`, () => octokit.rest.issues.update({ owner, repo, issue_number: id, body }));
            return { id: data.number, body: data.body ?? '', url: data.html_url };
        },
    };
}
/** The body this report would write, and whether it would create, update or leave the issue. */
async function prepareFleetReport(input) {
    const logger = input.logger ?? _platform_logger_js__WEBPACK_IMPORTED_MODULE_1__/* .silentLogger */ .qq;
    const existing = await input.store.find(input.campaign);
    let previous = [];
    if (existing !== undefined) {
        const state = (0,_tracking_state_js__WEBPACK_IMPORTED_MODULE_4__/* .readTrackingState */ .dG)(existing.body, input.campaign);
        if (state === undefined) {
            logger.warning(`The rows kept in ${existing.url} could not be read; the table starts again from this run's results.`);
        }
        previous = state ?? [];
    }
    const rows = (0,_fleet_rows_js__WEBPACK_IMPORTED_MODULE_2__/* .mergeFleetRows */ .WE)(previous, input);
    const body = (0,_tracking_body_js__WEBPACK_IMPORTED_MODULE_3__/* .renderTrackingBody */ .cn)(input.campaign, rows, {
        redact: input.redact,
        ...(input.serverUrl === undefined ? {} : { serverUrl: input.serverUrl }),
    });
    const action = existing === undefined ? 'created' : existing.body === body ? 'unchanged' : 'updated';
    return { existing, issue: existing, action, rows, body };
}
/** Creates or updates the campaign's tracking issue; writes nothing when the body is the same. */
async function publishFleetReport(input) {
    const prepared = await prepareFleetReport(input);
    const { existing, rows, body } = prepared;
    if (existing === undefined) {
        const issue = await input.store.create((0,_tracking_body_js__WEBPACK_IMPORTED_MODULE_3__/* .trackingTitle */ .SR)(input.campaign), body);
        return { issue, action: 'created', rows, body };
    }
    if (prepared.action === 'unchanged')
        return { issue: existing, action: 'unchanged', rows, body };
    const issue = await input.store.update(existing.id, body);
    return { issue, action: 'updated', rows, body };
}


/***/ }),

/***/ 94643:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dG: () => (/* binding */ readTrackingState),
/* harmony export */   du: () => (/* binding */ renderTrackingState)
/* harmony export */ });
/* unused harmony export STATE_ROOM */
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38522);
/* harmony import */ var node_zlib__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_zlib__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(41514);
/* harmony import */ var _fleet_rows_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(61716);
/**
 * The rows of a campaign's tracking issue, kept in its body so each report run can merge into
 * what the earlier runs and chunks found: JSON, gzip-compressed and Base64-encoded in a hidden
 * HTML comment. Compressed because a campaign of hundreds of repositories would spend most of
 * GitHub's 65,536 characters on plain JSON (rows repeat the same keys, owners and URL prefixes,
 * which compress about tenfold); Base64 because its alphabet cannot end the comment (`-->`) or
 * open a tag, whatever text the rows hold. The state is read back through the row schema: a row
 * that does not pass is dropped, a state that does not decode starts the table again.
 */



const STATE_PREFIX = '<!-- gemini-agent-fleet-state v1 ';
const STATE_END = ' -->';
/** Decompressed state larger than this is refused: a body of 65,536 characters never holds it. */
const MAX_STATE_BYTES = 8 * 1024 * 1024;
/**
 * The most a state comment may take of the body; beyond it, notes are dropped from the state
 * (they stay in the table while it shows them), then the report refuses.
 */
const STATE_ROOM = 40_000;
const stateSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    campaign: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    rows: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J()),
});
function encode(campaign, rows) {
    const json = JSON.stringify({ campaign, rows });
    return `${STATE_PREFIX}${(0,node_zlib__WEBPACK_IMPORTED_MODULE_0__.gzipSync)(json, { level: 9 }).toString('base64')}${STATE_END}`;
}
/**
 * The hidden comment holding `rows`. When it would pass {@link STATE_ROOM}, the rows' notes are
 * left out of it (the oldest rows' first); if that is not enough, the campaign is too large for
 * one issue and this throws.
 */
function renderTrackingState(campaign, rows) {
    let kept = [...rows];
    let text = encode(campaign, kept);
    if (text.length <= STATE_ROOM)
        return text;
    const byAge = rows
        .map((row, index) => ({ index, at: Date.parse(row.at ?? '') || 0 }))
        .sort((a, b) => a.at - b.at);
    // Halving steps: a few encodings at most, whatever the number of rows.
    for (let drop = Math.ceil(byAge.length / 8);; drop = Math.min(byAge.length, drop * 2)) {
        const without = new Set(byAge.slice(0, drop).map((entry) => entry.index));
        kept = rows.map((row, index) => {
            if (!without.has(index) || row.note === undefined)
                return row;
            const rest = { ...row };
            delete rest.note;
            return rest;
        });
        text = encode(campaign, kept);
        if (text.length <= STATE_ROOM)
            return text;
        if (drop >= byAge.length)
            break;
    }
    throw new Error(`The tracking issue cannot hold the state of ${rows.length} repositories within GitHub's 65,536 characters; split the campaign.`);
}
/**
 * The rows in a tracking issue's body; `undefined` when it holds no state, or one that cannot be
 * read (not decodable, another campaign's), so the caller can say the table starts again.
 */
function readTrackingState(body, campaign) {
    const start = body.lastIndexOf(STATE_PREFIX);
    if (start < 0)
        return undefined;
    const end = body.indexOf(STATE_END, start + STATE_PREFIX.length);
    if (end < 0)
        return undefined;
    const encoded = body.slice(start + STATE_PREFIX.length, end);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded))
        return undefined;
    let parsed;
    try {
        const json = (0,node_zlib__WEBPACK_IMPORTED_MODULE_0__.gunzipSync)(Buffer.from(encoded, 'base64'), { maxOutputLength: MAX_STATE_BYTES });
        parsed = JSON.parse(json.toString('utf8'));
    }
    catch {
        return undefined;
    }
    const state = stateSchema.safeParse(parsed);
    if (!state.success || state.data.campaign !== campaign)
        return undefined;
    return state.data.rows.flatMap((row) => {
        const checked = _fleet_rows_js__WEBPACK_IMPORTED_MODULE_1__/* .fleetRowSchema */ .gE.safeParse(row);
        return checked.success ? [checked.data] : [];
    });
}


/***/ }),

/***/ 22112:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JO: () => (/* binding */ runnerCommands)
/* harmony export */ });
/* unused harmony exports issueCommand, holdsRunnerCommand, logLine, annotate */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(37376);
/**
 * The runner's workflow commands the Action writes, in the form `@actions/core` writes them: log
 * lines, annotations (`::warning::\u2026`) and masks on stdout; outputs and the job summary appended to
 * the files the runner names (runner-file-commands.ts).
 *
 * The runner reads every line of the step's stdout for commands
 * (https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions): a line
 * that starts with `::`, after leading whitespace, is one (`::error::`, `::add-mask::`,
 * `::stop-commands::`, `::set-output::`, `::add-matcher::`, \u2026), and so is a line holding the older
 * `##[name]` form anywhere in it. It splits lines at LF, CR and CRLF. `@actions/core` escapes a
 * command's message (`%`, CR and LF as `%25`, `%0D`, `%0A`), but writes `core.info`'s text as it
 * is: a message holding a line break and `::error::` would be a second command. So nothing
 * reaches stdout here as given:
 *
 * - every message is made neutral first (text.ts `neutralText`): no control character, every line
 *   break an LF;
 * - a command's message and properties are escaped as `@actions/core` escapes them, so it stays on
 *   its line (`annotate`);
 * - a log line any of whose lines the runner would read as a command is written between
 *   `::stop-commands::<token>` and `::<token>::`, the documented way to log text without running
 *   it ("Stopping and starting workflow commands" on the page above), with a random token made
 *   after the text, which it therefore cannot hold (`logLine`).
 *
 * The Action's own commands (masks, outputs, annotations) go through `issueCommand` unchanged.
 *
 * Why not `@actions/core` itself: importing it loads its HTTP client (for OIDC tokens, which the
 * Action never asks for) and that client's own copy of undici, about a tenth of the Action's
 * start-up before its first request. These few commands are small, and a test holds them to
 * `@actions/core`'s output byte for byte (test/platform/runner-commands.test.ts).
 */





const writeStdout = (text) => {
    process.stdout.write(text);
};
/** A command's message: `%`, CR and LF escaped, as the runner unescapes them. */
function escapeData(text) {
    return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
/** A command's property value: the message escapes, and `:` and `,`, which separate properties. */
function escapeProperty(text) {
    return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
/** `::name key=value::message` on a line of its own. */
function issueCommand(name, message, properties = {}, write = writeStdout) {
    const pairs = Object.entries(properties)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => `${key}=${escapeProperty(value)}`);
    const head = pairs.length > 0 ? `::${name} ${pairs.join(',')}` : `::${name}`;
    write(`${head}::${escapeData(message)}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}`);
}
/**
 * A line the runner would take for a command: `::` at its start after whitespace (the runner
 * trims whitespace; format characters are skipped here too, to be safe), or `##[` anywhere.
 */
const COMMAND_LINE = /^[\s\p{Cf}]*::|##\[/mu;
/** Whether the runner would read a command in any line of `text` (already neutral). */
function holdsRunnerCommand(text) {
    return COMMAND_LINE.test(text);
}
/** A plain log line: neutral text, between stop-commands markers when it holds a command. */
function logLine(message, write = writeStdout) {
    const text = neutralText(message);
    if (!holdsRunnerCommand(text)) {
        write(`${text}${EOL}`);
        return;
    }
    let token = randomUUID();
    while (text.includes(token))
        token = randomUUID();
    // One write, so nothing else lands between the markers.
    write(`::stop-commands::${token}${EOL}${text}${EOL}::${token}::${EOL}`);
}
/**
 * A message as an annotation or debug line (`::warning::\u2026`): neutral text, escaped by
 * `issueCommand` so it stays on its line. Property values (a title, a file) are made neutral too.
 */
function annotate(name, message, properties = {}, write = writeStdout) {
    const neutral = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, (0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .neutralText */ .J3)(value)]));
    issueCommand(name, (0,_text_js__WEBPACK_IMPORTED_MODULE_4__/* .neutralText */ .J3)(message), neutral, write);
}
/**
 * `name<<delimiter`, the value, the delimiter: one entry of a file command (outputs, state), as
 * `@actions/core` writes it, in one write so that a process killed meanwhile leaves no half entry
 * (the runner refuses a file whose last entry has no closing delimiter).
 */
function appendFileCommand(file, name, value) {
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)(file))
        throw new Error(`Missing file at path: ${file}`);
    // A heredoc whose random delimiter no value can contain by accident.
    const delimiter = `ghadelimiter_${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()}`;
    if (name.includes(delimiter)) {
        throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
    }
    if (value.includes(delimiter)) {
        throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
    }
    (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.appendFileSync)(file, `${name}<<${delimiter}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}${value}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}${delimiter}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}`, {
        encoding: 'utf8',
    });
}
/** The commands for a step whose file-command variables are in `env`. */
function runnerCommands(env, write = writeStdout) {
    let summaryText = '';
    const summary = {
        addRaw(text, addEOL = false) {
            summaryText += addEOL ? `${text}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}` : text;
            return summary;
        },
        async write() {
            const file = env.GITHUB_STEP_SUMMARY;
            if (!file) {
                throw new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.');
            }
            try {
                await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.access)(file, node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.constants.R_OK | node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.constants.W_OK);
            }
            catch {
                throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`);
            }
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.appendFile)(file, summaryText, { encoding: 'utf8' });
            summaryText = '';
            return summary;
        },
    };
    return {
        setSecret(value) {
            issueCommand('add-mask', value, {}, write);
        },
        setOutput(name, value) {
            const file = env.GITHUB_OUTPUT;
            if (!file) {
                write(node_os__WEBPACK_IMPORTED_MODULE_3__.EOL);
                issueCommand('set-output', value, { name }, write);
                return;
            }
            appendFileCommand(file, name, value);
        },
        saveState(name, value) {
            const file = env.GITHUB_STATE;
            if (file)
                appendFileCommand(file, name, value);
        },
        setFailed(message) {
            process.exitCode = 1;
            annotate('error', message, {}, write);
        },
        summary,
    };
}


/***/ })

};
