export const id = 950;
export const ids = [950];
export const modules = {

/***/ 45950:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runDemoCommand: () => (/* binding */ runDemoCommand)
/* harmony export */ });
/* unused harmony exports DEMO_USAGE, parseDemoArgs, findDemoFiles, invokedAs, sandboxUserNotice */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(73136);
/* harmony import */ var node_url__WEBPACK_IMPORTED_MODULE_5___default = /*#__PURE__*/__webpack_require__.n(node_url__WEBPACK_IMPORTED_MODULE_5__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_6___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_6__);
/* harmony import */ var _model_model_auth_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(67815);
/* harmony import */ var _platform_sandbox_sandbox_user_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(62014);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(46316);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(77593);
/* harmony import */ var _local_local_run_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(89628);
/* harmony import */ var _exit_codes_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(28551);
/* harmony import */ var _run_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(49647);
/* harmony import */ var _platform_make_directory_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(65855);
/**
 * `gemini-agent demo` (`npm run demo`): the whole pipeline, offline, in a few seconds. A copy of
 * a small project with a bug (examples/demo/repo) becomes a git repository in a temporary
 * folder; a maintainer's `/gemini` comment on the issue describing the bug (examples/demo/
 * event.json) starts a run; a recorded model session (examples/demo/session.jsonl) answers in
 * place of the model. It shows the progress comment as it changes, the final comment, and the
 * commit with its diff on the bot's branch. With `--live`, the same task goes to the real model.
 */















const run = (0,node_util__WEBPACK_IMPORTED_MODULE_6__.promisify)(node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile);
const DEMO_USAGE = `Usage: gemini-agent demo [--live] [--out DIR] [--input NAME=VALUE]... [--strict]

Runs the Action's pipeline on a copy of a small sample project, offline: a maintainer comments
"/gemini please fix this\u2026" on an issue about a bug, and a recorded model session does the work.
It prints the progress comment as it changes, the final comment, and the commit with its diff on
the bot's branch. Nothing is sent anywhere.

Options:
      --live      the same task with the real model (needs GEMINI_API_KEY, or Vertex AI or Code
                  Assist credentials as for the Action)
      --out DIR   where to put the sample repository and the run's files (default: a new
                  temporary folder, kept for the commands the demo prints); must be new or empty
      --input NAME=VALUE
                  an Action input for the run, e.g. --input sandbox=none (repeatable; see
                  action.yml)
      --strict    fail when a tool call of the recorded session fails where the recorded one
                  did not (the replay diverged from its recording); not with --live
  -h, --help      print this help
`;
/** The flags of `demo`; every mistake is a one-line `UsageError` (exit code 42). */
function parseDemoArgs(argv) {
    const { values } = (0,_args_js__WEBPACK_IMPORTED_MODULE_10__/* .parseFlags */ .bQ)('demo', () => (0,node_util__WEBPACK_IMPORTED_MODULE_6__.parseArgs)({
        args: [...argv],
        strict: true,
        options: {
            live: { type: 'boolean' },
            out: { type: 'string' },
            input: { type: 'string', multiple: true },
            strict: { type: 'boolean' },
            help: { type: 'boolean', short: 'h' },
        },
    }));
    return {
        live: values.live ?? false,
        out: values.out,
        inputs: (0,_run_js__WEBPACK_IMPORTED_MODULE_13__/* .parseInputs */ .TL)(values.input ?? []),
        strict: values.strict ?? false,
        help: values.help ?? false,
    };
}
/** The test command the demo lets the agent run, as a workflow would list it. */
const ALLOWED_COMMANDS = 'node --test';
/** The demo's files: beside the bundle when the build copied them, else in the package. */
async function findDemoFiles(moduleUrl = import.meta.url) {
    const here = node_path__WEBPACK_IMPORTED_MODULE_4___default().dirname((0,node_url__WEBPACK_IMPORTED_MODULE_5__.fileURLToPath)(moduleUrl));
    // The package's examples/: two folders up from the bundle (dist/cli/), three from this source
    // file (src/cli/subcommands/).
    const candidates = [
        node_path__WEBPACK_IMPORTED_MODULE_4___default().join(here, 'demo'),
        node_path__WEBPACK_IMPORTED_MODULE_4___default().resolve(here, '..', '..', 'examples', 'demo'),
        node_path__WEBPACK_IMPORTED_MODULE_4___default().resolve(here, '..', '..', '..', 'examples', 'demo'),
    ];
    for (const candidate of candidates) {
        try {
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.access)(node_path__WEBPACK_IMPORTED_MODULE_4___default().join(candidate, 'session.jsonl'));
            return candidate;
        }
        catch {
            // Try the next place.
        }
    }
    throw new Error(`The demo's files were not found (looked in ${candidates.join(' and ')}).`);
}
async function runDemoCommand(argv, io) {
    let options;
    try {
        options = parseDemoArgs(argv);
    }
    catch (error) {
        io.stderr.write(`error: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .errorMessage */ .gJ)(error)}\n`);
        return (0,_exit_codes_js__WEBPACK_IMPORTED_MODULE_12__/* .exitCodeForError */ .Lo)(error);
    }
    if (options.help) {
        io.stdout.write(DEMO_USAGE);
        return _exit_codes_js__WEBPACK_IMPORTED_MODULE_12__/* .ExitCode */ .yU.OK;
    }
    // A folder the demo made itself goes again when the demo fails: nothing in it is worth keeping.
    let temporary;
    try {
        const { live } = options;
        if (live && options.strict) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .UsageError */ .eb('--strict applies to the recorded session; leave it out with --live.');
        }
        // Fails before anything is copied when --live has no credentials to use.
        if (live)
            (0,_model_model_auth_js__WEBPACK_IMPORTED_MODULE_7__/* .resolveModelAuth */ .k)(io.env);
        const demo = await findDemoFiles();
        const root = await demoFolder(options.out);
        if (options.out === undefined)
            temporary = root;
        const repo = node_path__WEBPACK_IMPORTED_MODULE_4___default().join(root, 'temperature');
        await createSampleRepository(node_path__WEBPACK_IMPORTED_MODULE_4___default().join(demo, 'repo'), repo);
        const print = (text = '') => io.stdout.write(`${text}\n`);
        print('Gemini agent demo');
        print('\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550\u2550');
        // Said first, since it outlives the demo: the sandbox's account (see docs/local-runs.md).
        if (process.getuid?.() === 0 && process.platform === 'linux') {
            print(sandboxUserNotice(await userExists(_platform_sandbox_sandbox_user_js__WEBPACK_IMPORTED_MODULE_8__/* .SANDBOX_USER_NAME */ .G)));
        }
        print(`A small project with a bug, as a git repository: ${repo}`);
        print('Issue #1 says "toCelsius returns the wrong temperature", and the maintainer @octocat');
        print('comments "/gemini please fix this and make sure the tests pass". The Action\'s pipeline');
        print(live
            ? 'runs on it with the live model, and a dry-run GitHub that posts nothing:'
            : 'runs on it with a recorded model session, and a dry-run GitHub that posts nothing:');
        if (!live && hasModelCredentials(io.env)) {
            print('(Model credentials are set: "gemini-agent demo --live" runs the same task live.)');
        }
        const result = await (0,_local_local_run_js__WEBPACK_IMPORTED_MODULE_11__/* .runLocal */ .RK)({
            eventFile: node_path__WEBPACK_IMPORTED_MODULE_4___default().join(demo, 'event.json'),
            eventName: 'issue_comment',
            repo,
            actorPermission: 'write',
            inputs: { allowed_commands: ALLOWED_COMMANDS, ...options.inputs },
            outDir: node_path__WEBPACK_IMPORTED_MODULE_4___default().join(root, 'run'),
            ...(live ? {} : { replay: node_path__WEBPACK_IMPORTED_MODULE_4___default().join(demo, 'session.jsonl'), strict: options.strict }),
        }, io);
        (0,_run_js__WEBPACK_IMPORTED_MODULE_13__/* .printRunEnd */ .GH)(result, io);
        await printCommit(result, io);
        print();
        if (temporary !== undefined) {
            print(`The sample repository and the run's files stay in ${temporary}, for the commands above ("rm -rf ${(0,_run_js__WEBPACK_IMPORTED_MODULE_13__/* .shellWord */ .r7)(temporary)}" removes them).`);
            print();
        }
        const command = invokedAs(process.argv[1], io.env);
        print('Try it on your own repository: write an event file like');
        print(`  ${node_path__WEBPACK_IMPORTED_MODULE_4___default().join(demo, 'event.json')}`);
        print('and run, in your repository,');
        print(`  ${command} run --event event.json --event-name issue_comment --repo .`);
        print(`("${command} run --help" has the options).`);
        temporary = undefined;
        return (0,_run_js__WEBPACK_IMPORTED_MODULE_13__/* .exitCodeFor */ .Rr)(result);
    }
    catch (error) {
        io.stderr.write(`error: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .errorMessage */ .gJ)(error)}\n`);
        return (0,_exit_codes_js__WEBPACK_IMPORTED_MODULE_12__/* .exitCodeForError */ .Lo)(error);
    }
    finally {
        if (temporary !== undefined)
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rm)(temporary, { recursive: true, force: true });
    }
}
/**
 * What a reader types to run this program again from any folder (the demo's hint is to run it in
 * their own repository): `gemini-agent` when that name on PATH is this program; else the program
 * by its absolute path, the installed command's (`/prefix/bin/gemini-agent`) or `node` and this
 * clone's dist/cli.js. A path relative to the current folder would not work from another one.
 */
function invokedAs(script, env) {
    if (script === undefined)
        return 'gemini-agent';
    const absolute = node_path__WEBPACK_IMPORTED_MODULE_4___default().resolve(script);
    const started = realPath(absolute) ?? absolute;
    for (const dir of (env.PATH ?? '').split((node_path__WEBPACK_IMPORTED_MODULE_4___default().delimiter))) {
        if (dir === '' || !node_path__WEBPACK_IMPORTED_MODULE_4___default().isAbsolute(dir))
            continue;
        if (realPath(node_path__WEBPACK_IMPORTED_MODULE_4___default().join(dir, 'gemini-agent')) === started)
            return 'gemini-agent';
    }
    if (node_path__WEBPACK_IMPORTED_MODULE_4___default().basename(script) === 'gemini-agent')
        return (0,_run_js__WEBPACK_IMPORTED_MODULE_13__/* .shellWord */ .r7)(absolute);
    return `node ${(0,_run_js__WEBPACK_IMPORTED_MODULE_13__/* .shellWord */ .r7)(started)}`;
}
function realPath(file) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.realpathSync)(file);
    }
    catch {
        return undefined;
    }
}
/**
 * Run as root on Linux, the sandbox runs commands as a system account of its own, made on first
 * use, which stays after the demo: the first lines say so, and how to remove it.
 */
function sandboxUserNotice(exists) {
    const user = _platform_sandbox_sandbox_user_js__WEBPACK_IMPORTED_MODULE_8__/* .SANDBOX_USER_NAME */ .G;
    return exists
        ? `Running as root: shell commands run in a sandbox as the system user ${user}, which exists\nalready ("userdel ${user}" removes it).`
        : `Running as root: shell commands run in a sandbox as the system user ${user}, created now\nand kept afterwards ("userdel ${user}" removes it).`;
}
async function userExists(name) {
    return run('id', ['-u', name]).then(() => true, () => false);
}
async function demoFolder(out) {
    if (out === undefined)
        return (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdtemp)(node_path__WEBPACK_IMPORTED_MODULE_4___default().join((0,node_os__WEBPACK_IMPORTED_MODULE_3__.tmpdir)(), 'gemini-agent-demo-'));
    const resolved = node_path__WEBPACK_IMPORTED_MODULE_4___default().resolve(out);
    await (0,_platform_make_directory_js__WEBPACK_IMPORTED_MODULE_14__/* .makeDirectory */ .Oh)(resolved);
    const existing = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.access)(node_path__WEBPACK_IMPORTED_MODULE_4___default().join(resolved, 'temperature')).then(() => true, () => false);
    if (existing) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .UsageError */ .eb(`--out expects a new or empty folder; "${resolved}" has a demo in it.`);
    }
    return resolved;
}
function hasModelCredentials(env) {
    try {
        (0,_model_model_auth_js__WEBPACK_IMPORTED_MODULE_7__/* .resolveModelAuth */ .k)(env);
        return true;
    }
    catch {
        return false;
    }
}
/** The sample project as a repository with one commit on `main`, made the same way each time. */
async function createSampleRepository(source, target) {
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.cp)(source, target, { recursive: true });
    const env = {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_'))),
        GIT_AUTHOR_NAME: 'Mona Lisa',
        GIT_AUTHOR_EMAIL: 'mona@example.com',
        GIT_AUTHOR_DATE: '2025-06-01T12:00:00Z',
        GIT_COMMITTER_NAME: 'Mona Lisa',
        GIT_COMMITTER_EMAIL: 'mona@example.com',
        GIT_COMMITTER_DATE: '2025-06-01T12:00:00Z',
        GIT_CONFIG_GLOBAL: '/dev/null',
    };
    const git = (...args) => run('git', args, { cwd: target, env });
    await git('init', '--quiet', '--initial-branch=main');
    await git('add', '--all');
    await git('-c', 'commit.gpgSign=false', 'commit', '--quiet', '-m', 'Add temperature conversion');
}
/** The bot's commit on its branch of the sample repository: `git log -1 --stat` and the diff. */
async function printCommit(result, io) {
    const branch = result.result.outputs.branch_name;
    if (!branch)
        return;
    const git = async (...args) => (await run('git', ['-c', 'core.pager=cat', ...args], { cwd: result.repo })).stdout;
    const print = (text = '') => io.stdout.write(`${text}\n`);
    print();
    print(`\u2500\u2500 The commit on branch ${branch} (git -C ${(0,_run_js__WEBPACK_IMPORTED_MODULE_13__/* .shellWord */ .r7)(result.repo)} log -1 --stat ${(0,_run_js__WEBPACK_IMPORTED_MODULE_13__/* .shellWord */ .r7)(branch)}):`);
    print(indent(await git('log', '-1', '--stat', '--no-color', branch)));
    print(`\u2500\u2500 Its diff (git diff main...${(0,_run_js__WEBPACK_IMPORTED_MODULE_13__/* .shellWord */ .r7)(branch)}):`);
    print(indent(await git('diff', '--no-color', `main...${branch}`)));
}
function indent(text) {
    return text
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => (line === '' ? '' : `   ${line}`))
        .join('\n');
}


/***/ })

};
