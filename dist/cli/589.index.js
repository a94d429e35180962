export const id = 589;
export const ids = [589];
export const modules = {

/***/ 39589:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runFleetLocal: () => (/* binding */ runFleetLocal)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/fleet/campaign-key.ts
var campaign_key = __webpack_require__(89910);
// EXTERNAL MODULE: ./src/fleet/fleet-plan-output.ts
var fleet_plan_output = __webpack_require__(40682);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/publish/git.ts
var publish_git = __webpack_require__(80299);
// EXTERNAL MODULE: ./src/publish/branch-name.ts
var branch_name = __webpack_require__(83807);
// EXTERNAL MODULE: ./src/fleet/fleet-result.ts
var fleet_result = __webpack_require__(12408);
// EXTERNAL MODULE: ./src/fleet/fleet-plan.ts
var fleet_plan = __webpack_require__(87538);
// EXTERNAL MODULE: ./src/fleet/fleet-results.ts
var fleet_results = __webpack_require__(67423);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./src/platform/make-directory.ts
var make_directory = __webpack_require__(65855);
// EXTERNAL MODULE: ./src/fleet/tracking-body.ts
var tracking_body = __webpack_require__(22560);
;// CONCATENATED MODULE: ./src/fleet/file-tracking-store.ts
/**
 * A campaign's tracking issue kept in a local JSON file instead of GitHub, for `fleet local` and
 * dry runs: the same merge and rendering (tracking-issue.ts) write to it, so a campaign tried on
 * local repositories shows the body GitHub would get, and a second run shows it unchanged.
 */






const fileSchema = schemas/* object */.Ikc({
    issues: schemas/* array */.YOg(schemas/* object */.Ikc({ id: schemas/* number */.aig().int().positive(), title: schemas/* string */.YjP(), body: schemas/* string */.YjP() })),
});
async function load(file) {
    let text;
    try {
        text = await (0,promises_.readFile)(file, 'utf8');
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return { issues: [] };
        throw error;
    }
    try {
        return fileSchema.parse(JSON.parse(text));
    }
    catch (error) {
        throw new errors/* ConfigurationError */.j1(`expected the tracking issues file a fleet run writes ({"issues": [...]}): ${(0,errors/* errorMessage */.gJ)(error)}`, { file }, { cause: error });
    }
}
/** Written whole to a temporary file, then renamed: a crash never leaves half a file. */
async function save(file, content) {
    await (0,make_directory/* makeDirectory */.Oh)(external_node_path_default().dirname(file));
    const temporary = `${file}.${process.pid}.tmp`;
    await (0,promises_.writeFile)(temporary, `${JSON.stringify(content, null, 2)}\n`);
    await (0,promises_.rename)(temporary, file);
}
/** The store over `file`; an issue's `url` is `file#id`. */
function fileTrackingStore(file) {
    const view = (issue) => ({
        id: issue.id,
        body: issue.body,
        url: `${file}#${issue.id}`,
    });
    return {
        async find(key) {
            const marker = (0,tracking_body/* trackingMarker */.MA)(key);
            const found = (await load(file)).issues.find((issue) => issue.body.includes(marker));
            return found === undefined ? undefined : view(found);
        },
        async create(title, body) {
            const content = await load(file);
            const issue = { id: Math.max(0, ...content.issues.map((i) => i.id)) + 1, title, body };
            content.issues.push(issue);
            await save(file, content);
            return view(issue);
        },
        async update(id, body) {
            const content = await load(file);
            const issue = content.issues.find((candidate) => candidate.id === id);
            if (issue === undefined)
                throw new Error(`${file} holds no tracking issue ${id}.`);
            issue.body = body;
            await save(file, content);
            return view(issue);
        },
    };
}

// EXTERNAL MODULE: ./src/fleet/tracking-issue.ts
var tracking_issue = __webpack_require__(65453);
// EXTERNAL MODULE: ./src/local/local-run.ts + 81 modules
var local_run = __webpack_require__(89628);
;// CONCATENATED MODULE: ./src/local/local-campaign.ts
/**
 * `gemini-agent fleet local`: one campaign over repositories on this machine, the whole flow of the
 * fleet workflow without a token \u2014 plan, one run per repository, report \u2014 each step the code the
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











async function runLocalCampaign(options, io) {
    const owner = options.owner ?? 'local';
    const branchPrefix = options.inputs?.branch_prefix || branch_name/* DEFAULT_BRANCH_PREFIX */._g;
    const branch = (0,branch_name/* campaignBranchName */.Et)(branchPrefix, options.campaign);
    const targets = await localTargets(options.repos, owner);
    const resultsDir = external_node_path_default().join(options.outDir, 'results');
    await (0,promises_.mkdir)(resultsDir, { recursive: true });
    const plan = (0,fleet_plan/* buildPlan */.Gg)({
        campaign: options.campaign,
        branch,
        chunkSize: fleet_plan/* MAX_CHUNK_SIZE */.xM,
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
    const runs = [];
    for (const target of targets.filter((candidate) => planned.has(candidate.repository))) {
        io.stderr.write(`\u00b7 ${target.repository} (${target.folder}) \u2026\n`);
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
        const written = (0,fleet_result/* fleetResultPath */.F0)(external_node_path_default().join(run.outDir, 'runner-temp'), target.repository);
        await (0,promises_.copyFile)(written, external_node_path_default().join(resultsDir, (0,fleet_result/* fleetResultFileName */.Z5)(target.repository))).catch(() => undefined);
    }
    const trackingStore = external_node_path_default().join(options.outDir, 'tracking-issues.json');
    const report = await (0,tracking_issue/* publishFleetReport */.U6)({
        store: fileTrackingStore(trackingStore),
        campaign: options.campaign,
        read: await (0,fleet_results/* readFleetResults */.X)(resultsDir, options.campaign),
        plan,
        // The results come from the runs' outputs, which the Action has redacted already.
        redact: (text) => text,
    });
    const trackingFile = external_node_path_default().join(options.outDir, 'tracking-issue.md');
    await (0,promises_.writeFile)(trackingFile, report.body);
    return { plan, runs, report, trackingFile, trackingStore };
}
/** Each folder's repository top level, its name as `owner/<folder name>`, its current branch. */
async function localTargets(folders, owner) {
    if (folders.length === 0) {
        throw new errors/* UsageError */.eb('fleet local needs at least one repository folder.');
    }
    const git = (0,publish_git/* createGit */.lD)();
    const targets = [];
    const seen = new Map();
    for (const given of folders) {
        const folder = external_node_path_default().resolve(given);
        let top;
        let defaultBranch;
        try {
            top = (await git.run(['rev-parse', '--show-toplevel'], { cwd: folder })).trim();
            defaultBranch = (await git.run(['symbolic-ref', '--short', 'HEAD'], { cwd: top })).trim();
        }
        catch {
            throw new errors/* UsageError */.eb(`expected a git repository with a branch checked out; ${given} is not one.`);
        }
        const repository = `${owner}/${external_node_path_default().basename(top)}`;
        const earlier = seen.get(repository.toLowerCase());
        if (earlier !== undefined) {
            throw new errors/* UsageError */.eb(`${earlier} and ${top} would both be ${repository}: each repository folder needs its own name.`);
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
async function openCampaignBranches(targets, branch, resultsDir) {
    const git = (0,publish_git/* createGit */.lD)();
    const open = new Map();
    for (const target of targets) {
        const has = await git
            .run(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`], { cwd: target.folder })
            .then(() => true, () => false);
        if (!has)
            continue;
        const earlier = await (0,promises_.readFile)(external_node_path_default().join(resultsDir, (0,fleet_result/* fleetResultFileName */.Z5)(target.repository)), 'utf8')
            .then((text) => JSON.parse(text).prUrl)
            .catch(() => undefined);
        open.set(target.repository, typeof earlier === 'string' ? earlier : `branch ${branch} in ${target.folder}`);
    }
    return open;
}
/**
 * One repository's run, as the fleet workflow's run job makes it: `workflow_dispatch` of the
 * central workflow, the Action in maintenance mode with the campaign and its prompt. What it
 * would post and its log go to `<stamp>.log` beside its folder, not the terminal.
 */
async function runOne(target, options, io) {
    const [owner = '', name = ''] = target.repository.split('/');
    const runsDir = external_node_path_default().join(options.outDir, 'runs', name);
    await (0,promises_.mkdir)(runsDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const eventFile = external_node_path_default().join(runsDir, `${stamp}.event.json`);
    await (0,promises_.writeFile)(eventFile, `${JSON.stringify(dispatchPayload(owner, name, target), null, 2)}\n`);
    let log = '';
    const sink = { write: (text) => (log += text) };
    try {
        return await (0,local_run/* runLocal */.RK)({
            eventFile,
            eventName: 'workflow_dispatch',
            repo: target.folder,
            inputs: {
                ...options.inputs,
                mode: 'maintenance',
                prompt: options.prompt,
                campaign: options.campaign,
            },
            outDir: external_node_path_default().join(runsDir, stamp),
            ...(options.replay !== undefined ? { replay: options.replay } : {}),
            ...(options.policyFiles !== undefined ? { policyFiles: options.policyFiles } : {}),
            ...(options.skipTrust !== undefined ? { skipTrust: options.skipTrust } : {}),
        }, { env: io.env, stdout: sink, stderr: sink });
    }
    finally {
        await (0,promises_.writeFile)(external_node_path_default().join(runsDir, `${stamp}.log`), log);
    }
}
/** The `workflow_dispatch` event of the campaign's run, as GitHub would send it for `target`. */
function dispatchPayload(owner, name, target) {
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

// EXTERNAL MODULE: ./src/cli/subcommands/fleet-local-args.ts
var fleet_local_args = __webpack_require__(36413);
// EXTERNAL MODULE: ./src/cli/exit-codes.ts
var exit_codes = __webpack_require__(28551);
// EXTERNAL MODULE: ./src/cli/subcommands/run.ts + 1 modules
var run = __webpack_require__(49647);
;// CONCATENATED MODULE: ./src/cli/subcommands/fleet-local.ts
/**
 * `gemini-agent fleet local`: a whole campaign over repositories on this machine \u2014 plan, one run
 * per repository, report \u2014 against the dry-run GitHub, with a recorded session or a live model
 * (src/local/local-campaign.ts). The campaign's folder keeps its state, so running it again shows
 * what a re-run of the workflow would do.
 */









/** An owner login as GitHub spells them. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
async function runFleetLocal(argv, io) {
    const { values, positionals } = (0,fleet_local_args/* parseLocalArgs */.o)(argv);
    if (values.help === true) {
        io.stdout.write(fleet_local_args/* FLEET_LOCAL_USAGE */.v);
        return exit_codes/* ExitCode */.yU.OK;
    }
    if (values.campaign === undefined) {
        throw new errors/* UsageError */.eb('fleet local needs --campaign KEY (e.g. --campaign node-24).');
    }
    const campaign = (0,campaign_key/* checkCampaignKey */.e)(values.campaign, { input: '--campaign' });
    const prompt = await promptOf(values.prompt, values['prompt-file']);
    if (positionals.length === 0) {
        throw new errors/* UsageError */.eb('fleet local needs the folders of the repositories to run over.');
    }
    const owner = values.owner ?? 'local';
    if (!OWNER.test(owner)) {
        throw new errors/* UsageError */.eb(`--owner expects a GitHub login such as octo-org, got "${owner}".`);
    }
    const cwd = io.cwd ?? process.cwd();
    const outDir = external_node_path_default().resolve(cwd, values.out ?? external_node_path_default().join('.gemini-agent-fleet', campaign));
    const campaignRun = await runLocalCampaign({
        campaign,
        prompt,
        repos: positionals.map((folder) => external_node_path_default().resolve(cwd, folder)),
        outDir,
        owner,
        inputs: (0,run/* parseInputs */.TL)(values.input ?? []),
        ...(values.replay !== undefined ? { replay: external_node_path_default().resolve(cwd, values.replay) } : {}),
        ...(values.policy !== undefined
            ? { policyFiles: values.policy.map((file) => external_node_path_default().resolve(cwd, file)) }
            : {}),
        ...(values['skip-trust'] === true ? { skipTrust: true } : {}),
    }, io);
    await (0,promises_.writeFile)(external_node_path_default().join(outDir, 'campaign.json'), `${JSON.stringify(campaignSummary(campaignRun), null, 2)}\n`);
    printCampaign(campaignRun, io.stdout);
    return campaignRun.runs.some((run) => run.run.result.conclusion === 'failure')
        ? exit_codes/* ExitCode */.yU.ERROR
        : exit_codes/* ExitCode */.yU.OK;
}
async function promptOf(text, file) {
    if ((text === undefined) === (file === undefined)) {
        throw new errors/* UsageError */.eb('fleet local needs the task: give --prompt TEXT or --prompt-file FILE.');
    }
    if (text !== undefined)
        return text;
    try {
        return await (0,promises_.readFile)(file ?? '', 'utf8');
    }
    catch (error) {
        throw new errors/* UsageError */.eb(`--prompt-file: cannot read ${file ?? ''}: ${error.code ?? String(error)}.`);
    }
}
/** What the campaign did, as data: `campaign.json` in its folder. */
function campaignSummary(campaign) {
    return {
        campaign: campaign.plan.campaign,
        branch: campaign.plan.branch,
        planned: campaign.plan.repositories,
        excluded: campaign.plan.excluded,
        runs: campaign.runs.map((run) => ({
            repository: run.repository,
            folder: run.folder,
            conclusion: run.run.result.conclusion,
            pullRequest: run.run.result.outputs.pr_url ?? null,
            requests: run.requests,
            writes: run.writes,
            seconds: Math.round(run.seconds * 1000) / 1000,
        })),
        trackingIssue: { action: campaign.report.action, file: campaign.trackingFile },
    };
}
function printCampaign(campaign, stdout) {
    const print = (text = '') => stdout.write(`${text}\n`);
    print((0,fleet_plan_output/* renderPlanListing */.Kh)(campaign.plan).trimEnd());
    print();
    for (const run of campaign.runs) {
        const { result } = run.run;
        const outcome = result.outputs.pr_url
            ? `pull request ${result.outputs.pr_url} on ${result.outputs.branch_name ?? 'its branch'}`
            : (result.error ?? result.outputs.summary ?? '').split('\n')[0];
        print(`${run.repository}: ${result.conclusion}${outcome ? ` \u2014 ${outcome}` : ''} (${run.requests} GitHub requests, ${run.seconds.toFixed(1)} s; ${run.run.outDir})`);
    }
    if (campaign.runs.length === 0)
        print('No repository to run: the plan left every one out.');
    print();
    const verb = {
        created: 'created',
        updated: 'updated',
        unchanged: 'unchanged (nothing new to report)',
    }[campaign.report.action];
    print(`Tracking issue ${verb}: ${campaign.trackingFile}`);
}


/***/ })

};
