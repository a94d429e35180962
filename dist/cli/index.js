import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 14380:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ enableCompileCache)
/* harmony export */ });
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(98995);
/* harmony import */ var node_module__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_module__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/**
 * V8's compile cache for the CLI's bundle (Node \u2265 22.1, `module.enableCompileCache`): the ~4 MB
 * loaded before the first model request are compiled on the first run of a version and read back
 * from the cache after that, which takes tens of milliseconds off every start. Node checks each
 * entry against the file it was made from and falls back to compiling when they differ.
 *
 * The cache lives in the user's own cache directory, not Node's default under the shared
 * temporary directory: compiled code read from a place other users can write to would let them
 * run code in this process. `NODE_COMPILE_CACHE` still chooses another directory and
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off, as for any Node program.
 */


function enableCompileCache(env) {
    // Absent before Node 22.1: the CLI then compiles on every start, as it always did.
    const enable = (node_module__WEBPACK_IMPORTED_MODULE_0___default().enableCompileCache);
    if (enable === undefined)
        return;
    const cacheHome = env.XDG_CACHE_HOME ?? (env.HOME ? node_path__WEBPACK_IMPORTED_MODULE_1___default().join(env.HOME, '.cache') : undefined);
    if (cacheHome === undefined || !node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(cacheHome))
        return;
    try {
        // Quiet by design: it reports a directory it cannot use instead of throwing.
        enable.call((node_module__WEBPACK_IMPORTED_MODULE_0___default()), node_path__WEBPACK_IMPORTED_MODULE_1___default().join(cacheHome, 'gemini-agent', 'node-compile-cache'));
    }
    catch {
        // A cache is an optimization; starting without one is always fine.
    }
}


/***/ }),

/***/ 69550:
/***/ (function (module, __unused_webpack___webpack_exports__, __nccwpck_require__) {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _platform_initial_environment_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(48215);
/* harmony import */ var _platform_version_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(16138);
/* harmony import */ var _platform_heap_growth_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(87097);
/* harmony import */ var _compile_cache_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(14380);
// The CLI entry. `--version` and `--help` are answered before the agent's modules load, so they
// stay fast; everything else is loaded on demand.




const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
    process.stdout.write(`${_platform_version_js__WEBPACK_IMPORTED_MODULE_1__/* .VERSION */ .x}\n`);
}
else {
    // Before anything else: the keys in this process's environment must not stay readable in
    // /proc/<pid>/environ by the commands it runs (see initial-environment.ts).
    const protection = (0,_platform_initial_environment_js__WEBPACK_IMPORTED_MODULE_0__/* .protectInitialEnvironment */ .Fw)();
    if (protection.outcome === 'not_protected') {
        process.stderr.write(`warning: the credentials in this process's environment stay readable to the commands it runs where no sandbox separates them: ${protection.reason}.\n`);
    }
    (0,_compile_cache_js__WEBPACK_IMPORTED_MODULE_3__/* .enableCompileCache */ .L)(process.env);
    (0,_platform_heap_growth_js__WEBPACK_IMPORTED_MODULE_2__/* .limitHeapGrowthAfterStartUp */ .SN)();
    // Before the modules that make schemas load (interpreted-schemas.ts).
    await Promise.all(/* import() */[__nccwpck_require__.e(160), __nccwpck_require__.e(146)]).then(__nccwpck_require__.bind(__nccwpck_require__, 42146));
    const { runCli, processIo } = await Promise.all(/* import() */[__nccwpck_require__.e(160), __nccwpck_require__.e(102), __nccwpck_require__.e(572), __nccwpck_require__.e(737)]).then(__nccwpck_require__.bind(__nccwpck_require__, 41737));
    if (args[0] === 'serve') {
        // The A2A server and its SDK are loaded only for `serve`.
        const { runServeCommand } = await Promise.all(/* import() */[__nccwpck_require__.e(160), __nccwpck_require__.e(102), __nccwpck_require__.e(25), __nccwpck_require__.e(572), __nccwpck_require__.e(380)]).then(__nccwpck_require__.bind(__nccwpck_require__, 87380));
        process.exitCode = await runServeCommand(args.slice(1), processIo());
    }
    else {
        process.exitCode = await runCli(args, processIo());
    }
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 46316:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Sr: () => (/* binding */ isMissingPathError),
/* harmony export */   eb: () => (/* binding */ UsageError),
/* harmony export */   gJ: () => (/* binding */ errorMessage),
/* harmony export */   j1: () => (/* binding */ ConfigurationError),
/* harmony export */   v3: () => (/* binding */ AuthenticationError)
/* harmony export */ });
/**
 * Errors a user can fix. Each says what was expected and where (the input, flag, file, line and
 * column), so the message alone is enough to fix the problem. Bugs are never dressed up as these.
 */
function formatLocation(location) {
    if (!location)
        return '';
    if (location.file) {
        const parts = [location.file, location.line, location.column].filter((p) => p !== undefined);
        return `${parts.join(':')}: `;
    }
    return location.input ? `${location.input}: ` : '';
}
/** Bad configuration: settings, policy files, Action inputs, environment. CLI exit code 52. */
class ConfigurationError extends Error {
    name = 'ConfigurationError';
    location;
    /** The message without its location, for callers that place it themselves. */
    detail;
    constructor(message, location, options) {
        super(`${formatLocation(location)}${message}`, options);
        this.location = location;
        this.detail = message;
    }
}
/** Bad command-line usage or input (unknown flag, missing prompt). CLI exit code 42. */
class UsageError extends ConfigurationError {
    name = 'UsageError';
}
/** Missing or rejected model credentials. CLI exit code 41. */
class AuthenticationError extends ConfigurationError {
    name = 'AuthenticationError';
}
/** The message of any thrown value, without a stack trace. */
function errorMessage(error) {
    if (error instanceof Error)
        return error.message;
    return typeof error === 'string' ? error : JSON.stringify(error);
}
/** Whether a file-system error says the path, or a folder on the way to it, does not exist. */
function isMissingPathError(error) {
    const code = error?.code;
    return code === 'ENOENT' || code === 'ENOTDIR';
}


/***/ }),

/***/ 87097:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   SN: () => (/* binding */ limitHeapGrowthAfterStartUp)
/* harmony export */ });
/* unused harmony exports HEAP_GROWTH_FLAGS, limitHeapGrowth */
/* harmony import */ var node_diagnostics_channel__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(53053);
/* harmony import */ var node_diagnostics_channel__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_diagnostics_channel__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(78877);
/* harmony import */ var node_v8__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_v8__WEBPACK_IMPORTED_MODULE_1__);
/**
 * Keeps V8's heap close to what the process holds alive, for the whole process.
 *
 * An agent session makes survivors all the time \u2014 every tool output enters the history \u2014 and
 * V8 answers survivors by growing its heap: it doubles the young generation (new space, where
 * every object starts) up to 32 MB, and lets the old generation grow by up to several times what
 * was alive after the last full collection before it collects again. What fills that room is
 * mostly short-lived garbage (decoded command output, file text, response chunks, history that
 * compression dropped), so the peak is set by V8's schedule, not by what the session holds
 * (about 25 MB after a collection, through a 1,000-turn session). Two settings:
 *
 * - the young generation stays at its starting 2 MB: it is collected more often and each
 *   collection stays cheap (only live objects are copied);
 * - the old generation may grow by 30 % over what was alive before the next full collection.
 *
 * Measured with the session of bench/memory.mjs (large outputs): peak RSS at 100 turns
 * 161 \u2192 132 MB with the first, \u2192 115 MB with both; at 1,000 turns 190 \u2192 125 MB, so it stays flat
 * once compression is active; about 5 % more wall time.
 *
 * Both are read whenever V8 sizes a generation, so setting them after start-up takes effect;
 * sizes fixed when the heap is made (`--max-semi-space-size`, `--max-old-space-size`) can only be
 * given on node's command line, which neither the Action's runner nor the `gemini-agent` command
 * controls.
 *
 * They are set once start-up is over, not before it: loading the bundle, reading settings and
 * building the tools allocate about 30 MB in one burst, which with both settings on is collected
 * in many small steps. Measured on the CLI's start \u2192 first model request: 251 \u2192 236 ms, for 6 MB
 * more peak RSS over 100 turns (bench/cold-start.mjs, bench/memory.mjs).
 */


/** The settings, in node's command-line spelling (V8 ignores a name it does not know). */
const HEAP_GROWTH_FLAGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=30'];
function limitHeapGrowth() {
    for (const flag of HEAP_GROWTH_FLAGS)
        (0,node_v8__WEBPACK_IMPORTED_MODULE_1__.setFlagsFromString)(flag);
}
/** Where node's `fetch` announces each request it makes (undici's diagnostics channel). */
const REQUEST_CHANNEL = 'undici:request:create';
/**
 * `limitHeapGrowth` once start-up is over: at the process's first HTTP request (the CLI's first
 * model request, the Action's first GitHub request once its bundle has loaded), or after
 * `latestMs` if no request comes by then. `limit` is for tests.
 */
function limitHeapGrowthAfterStartUp(options = {}) {
    const limit = options.limit ?? limitHeapGrowth;
    let done = false;
    const apply = () => {
        if (done)
            return;
        done = true;
        (0,node_diagnostics_channel__WEBPACK_IMPORTED_MODULE_0__.unsubscribe)(REQUEST_CHANNEL, apply);
        clearTimeout(timer);
        limit();
    };
    (0,node_diagnostics_channel__WEBPACK_IMPORTED_MODULE_0__.subscribe)(REQUEST_CHANNEL, apply);
    const timer = setTimeout(apply, options.latestMs ?? 2_000);
    timer.unref();
}


/***/ }),

/***/ 48215:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Fw: () => (/* binding */ protectInitialEnvironment)
/* harmony export */ });
/* unused harmony exports HANDOVER_VARIABLE, wipeEnvironmentBlock, environmentBounds, receiveHandover */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(48161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _tool_environment_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(4861);
/**
 * Keeping this process's own environment \u2014 the model key, the GitHub token, whatever secret the
 * caller exported \u2014 out of reach of the commands it runs when no sandbox separates them.
 *
 * Removing a variable from `process.env` is not enough: the kernel shows the block `exec` placed
 * on the stack in `/proc/<pid>/environ` for as long as the process runs, whatever the process
 * does to its variables afterwards, and any process of the same user may read it there (macOS's
 * `ps eww` reads the same block). So, first thing at start:
 *
 * - On Linux, the block is overwritten with zeros in place, through `/proc/self/mem` (a process
 *   may always write its own memory; no privilege is needed, unlike `prctl(PR_SET_MM)` to move
 *   the block, which needs CAP_SYS_RESOURCE), after every variable was copied to the heap, where
 *   `process.env` then finds it. `/proc/<pid>/environ` shows nothing from then on. Costs well
 *   under a millisecond.
 * - Elsewhere, or where the kernel refuses the write, and only when a credential is in the
 *   environment: the program runs itself again with `process.execve`, the credentials handed over
 *   in a private file (mode 0600 in a fresh 0700 directory) that the new image reads and deletes
 *   before anything else runs. The new image's block holds no credentials. Costs one more Node
 *   start-up (~50\u201370 ms), paid only there.
 *
 * What this does not cover: a command that runs code as the same user can still read this
 * process's memory (`/proc/<pid>/mem`, a debugger) where the system lets a user trace their own
 * processes (Yama `ptrace_scope` 0). The sandbox covers that; this keeps the plainest door shut.
 */




/** Names the hand-over file in the new image's environment. */
const HANDOVER_VARIABLE = 'GEMINI_AGENT_ENVIRONMENT_HANDOVER';
const HANDOVER_DIRECTORY_PREFIX = 'gemini-agent-env-';
const HANDOVER_FILE = 'environment.json';
/**
 * Run first thing at start. Returns what was done; when it re-executes, it does not return (the
 * new image starts over and finds the hand-over).
 */
function protectInitialEnvironment(options = {}) {
    const env = options.env ?? process.env;
    if (receiveHandover(env))
        return { outcome: 'handed_over' };
    const platform = options.platform ?? process.platform;
    let reason = `the environment cannot be rewritten in place on ${platform}`;
    if (platform === 'linux') {
        const wiped = wipeEnvironmentBlock(env, options.procSelf ?? '/proc/self');
        if (wiped === undefined)
            return { outcome: 'wiped' };
        reason = wiped;
    }
    const credentials = Object.keys(env).filter(_tool_environment_js__WEBPACK_IMPORTED_MODULE_3__/* .isSecretEnvironmentName */ .vN);
    if (credentials.length === 0)
        return { outcome: 'nothing_to_hide' };
    const execve = options.execve === undefined ? processExecve() : options.execve;
    if (execve === null) {
        return {
            outcome: 'not_protected',
            reason: `${reason}, and this Node (${process.version}) cannot re-execute itself (process.execve needs 22.15 or later)`,
        };
    }
    reexecute(env, credentials, execve);
}
/**
 * Copies every variable to the heap, then zeroes the block the kernel shows. Returns why it could
 * not, or undefined when `/proc/self/environ` shows nothing afterwards.
 */
function wipeEnvironmentBlock(env, procSelf) {
    let start;
    let end;
    try {
        [start, end] = environmentBounds((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(procSelf, 'stat'), 'utf8'));
    }
    catch (error) {
        return `the environment's place in memory is unknown (${errorText(error)})`;
    }
    const snapshot = Object.entries(env);
    let memory;
    try {
        memory = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(procSelf, 'mem'), 'r+');
        // Read back first: only a block that is what /proc shows is overwritten.
        const shown = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(procSelf, 'environ'));
        const block = Buffer.alloc(end - start);
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readSync)(memory, block, 0, block.length, start);
        if (!block.subarray(0, shown.length).equals(shown)) {
            return 'the environment in memory is not what /proc shows';
        }
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeSync)(memory, Buffer.alloc(block.length), 0, block.length, start);
    }
    catch (error) {
        return `the kernel refused to rewrite it (${errorText(error)})`;
    }
    finally {
        if (memory !== undefined)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(memory);
    }
    // The C library's entries pointed into the block, now empty; each variable gets a heap copy.
    for (const [name, value] of snapshot) {
        if (value !== undefined)
            env[name] = value;
    }
    const after = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(procSelf, 'environ'));
    return after.some((byte) => byte !== 0) ? 'the block still shows variables' : undefined;
}
/** `env_start` and `env_end`, fields 50 and 51 of `/proc/<pid>/stat` (Linux 3.5 and later). */
function environmentBounds(stat) {
    // The command name (field 2) may hold spaces and parentheses; the fields after it may not.
    const fields = stat
        .slice(stat.lastIndexOf(')') + 2)
        .trim()
        .split(' ');
    const start = Number(fields[50 - 3]);
    const end = Number(fields[51 - 3]);
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end <= start || start === 0) {
        throw new Error(`no environment bounds in /proc/self/stat`);
    }
    return [start, end];
}
function processExecve() {
    const execve = process.execve;
    return typeof execve === 'function' ? execve.bind(process) : null;
}
/** Runs this program again with the credentials in a hand-over file instead of the environment. */
function reexecute(env, credentials, execve) {
    const directory = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdtempSync)(node_path__WEBPACK_IMPORTED_MODULE_2___default().join(node_os__WEBPACK_IMPORTED_MODULE_1___default().tmpdir(), HANDOVER_DIRECTORY_PREFIX));
    const file = node_path__WEBPACK_IMPORTED_MODULE_2___default().join(directory, HANDOVER_FILE);
    const handed = Object.fromEntries(credentials.map((name) => [name, env[name] ?? '']));
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(file, JSON.stringify(handed), { mode: 0o600, flag: 'wx' });
    const rest = {};
    for (const [name, value] of Object.entries(env)) {
        if (value !== undefined && !credentials.includes(name))
            rest[name] = value;
    }
    rest[HANDOVER_VARIABLE] = file;
    try {
        return execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], rest);
    }
    catch (error) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmSync)(directory, { recursive: true, force: true });
        throw error;
    }
}
/**
 * In a re-executed image: takes the credentials from the hand-over file into `env` (heap copies,
 * never the block the kernel shows) and deletes the file. False when this image was not handed
 * anything.
 */
function receiveHandover(env) {
    const file = env[HANDOVER_VARIABLE];
    if (file === undefined)
        return false;
    Reflect.deleteProperty(env, HANDOVER_VARIABLE);
    // Only a file this module writes is read and removed, whatever the variable says.
    const directory = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(file);
    const ours = node_path__WEBPACK_IMPORTED_MODULE_2___default().basename(file) === HANDOVER_FILE &&
        node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(directory) === node_os__WEBPACK_IMPORTED_MODULE_1___default().tmpdir() &&
        node_path__WEBPACK_IMPORTED_MODULE_2___default().basename(directory).startsWith(HANDOVER_DIRECTORY_PREFIX);
    if (!ours)
        return false;
    let handed;
    try {
        handed = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(file, 'utf8'));
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmSync)(directory, { recursive: true, force: true });
    }
    if (typeof handed !== 'object' || handed === null)
        return true;
    for (const [name, value] of Object.entries(handed)) {
        if (typeof value === 'string')
            env[name] = value;
    }
    return true;
}
function errorText(error) {
    return error instanceof Error ? error.message : String(error);
}


/***/ }),

/***/ 32183:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ FILE_COMMAND_VARIABLES)
/* harmony export */ });
/**
 * The runner's workflow file commands: the variables naming the files a step writes to set the
 * environment, `PATH`, outputs and state of later steps, and the job summary. The Action itself
 * writes through them (`@actions/core`); nothing it starts may reach them.
 */
const FILE_COMMAND_VARIABLES = [
    'GITHUB_ENV',
    'GITHUB_OUTPUT',
    'GITHUB_PATH',
    'GITHUB_STATE',
    'GITHUB_STEP_SUMMARY',
];


/***/ }),

/***/ 4861:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ checkToolEnvironmentAllowList),
/* harmony export */   Pk: () => (/* binding */ isRunnerControlName),
/* harmony export */   iT: () => (/* binding */ buildToolEnvironment),
/* harmony export */   vN: () => (/* binding */ isSecretEnvironmentName)
/* harmony export */ });
/* unused harmony exports DEFAULT_ALLOWED_VARIABLES, FIXED_TOOL_VARIABLES, isAllowedEnvironmentName */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(46316);
/* harmony import */ var _runner_file_commands_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(32183);
/**
 * The environment of every process a tool starts (shell commands now, MCP servers and discovered
 * tools later).
 *
 * The model is assumed hostile, and whatever a tool process can read, the model can print. So the
 * environment is built from an allow-list rather than by removing known secrets from the parent's:
 * a secret with a name nobody thought of is left behind by default. On top of that, names that
 * look like credentials are refused even when a user allows them explicitly (or through a prefix
 * pattern), because an allow-list entry such as `NPM_*` must not smuggle in `NPM_TOKEN`.
 */


/**
 * What a build or test command needs to behave normally: where programs are, who and where the
 * user is, the locale and time zone, the terminal type, the temp dir, and `CI` (which makes many
 * tools non-interactive).
 */
const DEFAULT_ALLOWED_VARIABLES = [
    'PATH',
    'HOME',
    'LANG',
    'LC_*',
    'TERM',
    'TZ',
    'USER',
    'LOGNAME',
    'SHELL',
    'TMPDIR',
    'CI',
];
/**
 * Set in every tool process, overriding the parent: programs can tell they run under an agent
 * (`GEMINI_CLI`, as the Gemini CLI sets it), pagers never wait for a key press, git never prompts
 * for credentials (stdin is closed anyway, but a prompt on the terminal would hang), and colour
 * codes are not produced in the first place.
 */
const FIXED_TOOL_VARIABLES = {
    GEMINI_CLI: '1',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    NO_COLOR: '1',
};
/**
 * Never passed, whatever the allow-list says:
 * - the GitHub token and model keys under their usual names, and the variables that point at
 *   Google credentials files (google-github-actions/auth sets all three to the file it writes);
 * - the OpenTelemetry exporters' headers, which authenticate to a telemetry collector;
 * - `INPUT_*`: every Action input, including the tokens and keys given to this Action;
 * - `ACTIONS_*`: the runner's runtime token, OIDC token request URL and token, cache and
 *   results service URLs, which would let a tool mint credentials or poison caches;
 * - the workflow file-command paths: writing to `GITHUB_ENV`, `GITHUB_PATH` or `GITHUB_OUTPUT`
 *   changes later steps of the job (environment, PATH, outputs), so a tool must not even know them.
 */
const NEVER_EXACT = new Set([
    'GITHUB_TOKEN',
    'GH_TOKEN',
    'GEMINI_API_KEY',
    'GOOGLE_API_KEY',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
    'GOOGLE_GHA_CREDS_PATH',
    'OTEL_EXPORTER_OTLP_HEADERS',
    'OTEL_EXPORTER_OTLP_LOGS_HEADERS',
    'OTEL_EXPORTER_OTLP_METRICS_HEADERS',
    'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
]);
const FILE_COMMAND_NAMES = new Set(_runner_file_commands_js__WEBPACK_IMPORTED_MODULE_1__/* .FILE_COMMAND_VARIABLES */ .X);
const RUNNER_PREFIXES = ['INPUT_', 'ACTIONS_'];
/**
 * True for the Action's inputs, the runner's runtime tokens and the workflow file-command paths
 * (case-insensitive): what belongs to the runner and this Action, never to anything it starts \u2014
 * not even when configuration names it on purpose (an MCP server's `$VAR`).
 */
function isRunnerControlName(name) {
    const upper = name.toUpperCase();
    return (FILE_COMMAND_NAMES.has(upper) || RUNNER_PREFIXES.some((prefix) => upper.startsWith(prefix)));
}
/** Credential-shaped names: `NPM_TOKEN`, `AWS_SECRET`, `DEPLOY_KEY`, `GCP_CREDENTIALS`. */
const NEVER_SUFFIXES = ['_TOKEN', '_SECRET', '_KEY', '_CREDENTIALS'];
/** `DB_PASSWORD_FILE`, `CLIENT_SECRET_ID`, `MYSQL_PASSWD`. */
const NEVER_CONTAINING = ['PASSWORD', 'PASSWD', 'SECRET'];
/**
 * True for a variable that must never reach a tool process. Case-insensitive, because a secret
 * spelled `github_token` is just as secret. Other process launchers use this for the environment
 * they are configured with.
 */
function isSecretEnvironmentName(name) {
    const upper = name.toUpperCase();
    return (NEVER_EXACT.has(upper) ||
        isRunnerControlName(upper) ||
        NEVER_SUFFIXES.some((suffix) => upper.endsWith(suffix)) ||
        NEVER_CONTAINING.some((part) => upper.includes(part)));
}
/** A variable name, or a name prefix followed by `*` (`LC_*`, `NPM_CONFIG_*`). */
const ALLOW_ENTRY = /^[A-Za-z_][A-Za-z0-9_]*\*?$/;
/**
 * True when `name` may reach a tool process: it matches the default or the configured
 * allow-list and is not secret-looking.
 */
function isAllowedEnvironmentName(name, options = {}) {
    if (isSecretEnvironmentName(name))
        return false;
    return [...DEFAULT_ALLOWED_VARIABLES, ...(options.allow ?? [])].some((entry) => entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry);
}
/**
 * Checks an allow-list from configuration. Malformed entries are a configuration error; the
 * returned names are entries that will never take effect because they look like secrets, for
 * the caller to warn about.
 */
function checkToolEnvironmentAllowList(allow, where = 'the tool environment allow-list') {
    for (const entry of allow) {
        if (!ALLOW_ENTRY.test(entry)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`${where}: "${entry}" is not an environment variable name. Expected a name such as NODE_OPTIONS or a prefix pattern such as NPM_CONFIG_*.`);
        }
    }
    return {
        refused: allow.filter((entry) => !entry.endsWith('*') && isSecretEnvironmentName(entry)),
    };
}
/**
 * The environment for a tool process: the allowed variables of `parentEnv`, then
 * `FIXED_TOOL_VARIABLES`. Nothing else of the parent is passed.
 */
function buildToolEnvironment(parentEnv, options = {}) {
    const env = {};
    for (const [name, value] of Object.entries(parentEnv)) {
        if (value !== undefined && isAllowedEnvironmentName(name, options))
            env[name] = value;
    }
    return { ...env, ...FIXED_TOOL_VARIABLES };
}


/***/ }),

/***/ 16138:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  x: () => (/* binding */ VERSION)
});

;// CONCATENATED MODULE: ./package.json
const package_namespaceObject = {"rE":"0.1.0"};
;// CONCATENATED MODULE: ./src/platform/version.ts

const VERSION = package_namespaceObject.rE;


/***/ }),

/***/ 42613:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 20181:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 35317:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 49140:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("constants");

/***/ }),

/***/ 76982:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 72250:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("dns");

/***/ }),

/***/ 24434:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 79896:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 91943:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs/promises");

/***/ }),

/***/ 58611:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 85675:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http2");

/***/ }),

/***/ 65692:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 69278:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 34589:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 16698:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 31421:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 37540:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 77598:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 53053:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 40610:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 71553:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns/promises");

/***/ }),

/***/ 78474:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 73024:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 51455:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 37067:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 32467:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 44708:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 98995:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 77030:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 48161:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 76760:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1708:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:process");

/***/ }),

/***/ 41792:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 57075:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 46466:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/promises");

/***/ }),

/***/ 37830:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/web");

/***/ }),

/***/ 46193:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");

/***/ }),

/***/ 58500:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers/promises");

/***/ }),

/***/ 41692:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 73136:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 57975:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 73429:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 78877:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:v8");

/***/ }),

/***/ 30714:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:vm");

/***/ }),

/***/ 75919:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 38522:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 70857:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 16928:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 932:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 83480:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("querystring");

/***/ }),

/***/ 2203:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 13193:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 53557:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 64756:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 52018:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tty");

/***/ }),

/***/ 87016:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");

/***/ }),

/***/ 39023:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 28167:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("worker_threads");

/***/ }),

/***/ 43106:
/***/ (function (module) {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("zlib");

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		id: moduleId,
/******/ 		loaded: false,
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Flag the module as loaded
/******/ 	module.loaded = true;
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/node module decorator */
/******/ (() => {
/******/ 	__nccwpck_require__.nmd = (module) => {
/******/ 		module.paths = [];
/******/ 		if (!module.children) module.children = [];
/******/ 		return module;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(69550);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
