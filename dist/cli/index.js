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
/* harmony import */ var _platform_version_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(95895);
/* harmony import */ var _platform_heap_growth_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(87097);
/* harmony import */ var _compile_cache_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(14380);
/* harmony import */ var _platform_node_version_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(61946);
// The CLI entry. `--version` and `--help` are answered before the agent's modules load, so they
// stay fast; everything else is loaded on demand.





const args = process.argv.slice(2);
// First, so a Node.js the bundle cannot run on is named instead of failing somewhere later.
const node = (0,_platform_node_version_js__WEBPACK_IMPORTED_MODULE_4__/* .checkNodeVersion */ .vP)(process.versions.node);
if (node.verdict !== 'supported')
    process.stderr.write(`${node.message}\n`);
if (node.verdict === 'unsupported') {
    process.exitCode = 1;
}
else if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
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
    const { runCli, processIo } = await Promise.all(/* import() */[__nccwpck_require__.e(160), __nccwpck_require__.e(102), __nccwpck_require__.e(870), __nccwpck_require__.e(737)]).then(__nccwpck_require__.bind(__nccwpck_require__, 41737));
    if (args[0] === 'serve') {
        // The A2A server and its SDK are loaded only for `serve`.
        const { runServeCommand } = await Promise.all(/* import() */[__nccwpck_require__.e(160), __nccwpck_require__.e(102), __nccwpck_require__.e(25), __nccwpck_require__.e(870), __nccwpck_require__.e(20)]).then(__nccwpck_require__.bind(__nccwpck_require__, 87020));
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
/* harmony export */   CA: () => (/* binding */ errorCode),
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
    // A line and column are in the file, or else in the input's text (JSON written into an input).
    const where = location?.file || location?.input;
    if (!location || !where)
        return '';
    const parts = [where, location.line, location.column].filter((p) => p !== undefined);
    return `${parts.join(':')}: `;
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
/** The `code` of a Node.js system error (`ENOENT`, `EACCES`, \u2026), if it has one. */
function errorCode(error) {
    const code = error?.code;
    return typeof code === 'string' ? code : undefined;
}
/** Whether a file-system error says the path, or a folder on the way to it, does not exist. */
function isMissingPathError(error) {
    const code = errorCode(error);
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

/***/ 61946:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   vP: () => (/* binding */ checkNodeVersion)
/* harmony export */ });
/* unused harmony exports TESTED_NODE_MAJORS, minimumNodeVersion, supportedNodeVersions */
/* harmony import */ var _package_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8330);
/**
 * The Node.js versions the CLI runs on. package.json's `engines` holds the oldest release it
 * accepts; the even majors it is built and tested on (CI runs 22 and 24, the Action runs on 24)
 * are named here. An older Node would fail somewhere in the middle of a run (APIs, syntax and
 * module loading the bundle relies on), so the CLI refuses it at start with a message that names
 * what to install instead; a newer or odd major is let through with one warning.
 */

/** The majors CI runs the suite on and the Action's runtime (`runs: node24`). */
const TESTED_NODE_MAJORS = [22, 24];
/** `>=22.13` in package.json's `engines.node`, as numbers. */
function minimumNodeVersion(engines = _package_json__WEBPACK_IMPORTED_MODULE_0__/* .engines.node */ .sP.r) {
    const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(engines.trim());
    if (!match?.[1])
        throw new Error(`package.json engines.node is not ">=X.Y": ${engines}`);
    return match[1].split('.').map(Number);
}
function parts(version) {
    return version
        .replace(/^v/, '')
        .split('.')
        .map((part) => Number.parseInt(part, 10) || 0);
}
function atLeast(version, minimum) {
    for (let i = 0; i < minimum.length; i += 1) {
        const have = version[i] ?? 0;
        const need = minimum[i] ?? 0;
        if (have !== need)
            return have > need;
    }
    return true;
}
/** The versions to name in a message: "Node.js 22 (22.13 or later) or 24". */
function supportedNodeVersions() {
    const minimum = minimumNodeVersion();
    const [first, ...rest] = TESTED_NODE_MAJORS.map((major) => major === minimum[0] && minimum.length > 1
        ? `${major} (${minimum.join('.')} or later)`
        : String(major));
    return rest.length === 0 ? `Node.js ${first}` : `Node.js ${first} or ${rest.join(' or ')}`;
}
/** Whether `version` (`process.versions.node`) can run the CLI, and what to say if not. */
function checkNodeVersion(version) {
    const have = parts(version);
    if (!atLeast(have, minimumNodeVersion())) {
        return {
            verdict: 'unsupported',
            message: `gemini-agent needs ${supportedNodeVersions()}; this is Node.js ${version}. Install one of those and run it again.`,
        };
    }
    if (!TESTED_NODE_MAJORS.includes(have[0] ?? 0)) {
        return {
            verdict: 'untested',
            message: `gemini-agent is tested on ${supportedNodeVersions()}; Node.js ${version} may work but is not tested.`,
        };
    }
    return { verdict: 'supported' };
}


/***/ }),

/***/ 63178:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   dZ: () => (/* binding */ redactTokenShapes),
/* harmony export */   lY: () => (/* binding */ createRedactor),
/* harmony export */   vb: () => (/* binding */ MIN_SECRET_LENGTH),
/* harmony export */   yk: () => (/* binding */ secretEnvironmentValues)
/* harmony export */ });
/* unused harmony export REDACTED */
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(37376);
/**
 * Secret redaction for every text that leaves the run: comments, log lines, step outputs, job
 * summary, transcript, commit messages. The model is assumed hostile, so a secret must not get
 * out plainly nor in a simple disguise.
 *
 * Two layers:
 * - **Known values** (the GitHub token, the model key, credential-named environment variables):
 *   replaced as they are, URL-encoded, JSON-escaped, Base64 (standard and URL-safe alphabet, at
 *   any byte offset, so a token inside `base64("x-access-token:" + token)` is caught), hex and
 *   reversed. Values shorter than `MIN_SECRET_LENGTH` are ignored: masking `true` or `1234`
 *   would shred ordinary text while protecting nothing worth the name.
 * - **Token shapes**, for secrets we were never told about: GitHub tokens, Google API keys (the
 *   classic `AIza\u2026` and AI Studio's auth keys `AQ.\u2026`) and OAuth tokens, AWS access keys, Slack
 *   tokens and webhooks, JWTs, private key blocks, `Bearer` and `Authorization:` credentials and
 *   passwords in URLs. Commit SHAs, UUIDs and ordinary prose
 *   are left alone; shapes are chosen by their fixed prefixes, not by "looks random".
 */

/** What a secret is replaced with, as on the runner's own log. */
const REDACTED = '***';
/** Known values (and their encodings) shorter than this many characters are not redacted. */
const MIN_SECRET_LENGTH = 8;
/**
 * The part of the Base64 encoding of `bytes` that does not depend on what surrounds them, for
 * each of the three positions the value can have relative to Base64's 3-byte groups.
 */
function base64Fragments(bytes) {
    const fragments = [];
    for (let offset = 0; offset < 3; offset++) {
        const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
        // The first group mixes in bytes before the value, the last incomplete one bytes after it.
        const start = offset === 0 ? 0 : 4;
        const end = Math.floor((offset + bytes.length) / 3) * 4;
        if (end > start)
            fragments.push(encoded.slice(start, end));
    }
    return fragments;
}
/** The forms a value takes when something encodes it on the way out. */
function encodings(value) {
    const bytes = Buffer.from(value, 'utf8');
    const base64 = base64Fragments(bytes);
    const uri = encodeURIComponent(value);
    return [
        value,
        uri,
        uri.replace(/%20/g, '+'),
        JSON.stringify(value).slice(1, -1),
        ...base64,
        ...base64.map((fragment) => fragment.replace(/\+/g, '-').replace(/\//g, '_')),
        bytes.toString('hex'),
        bytes.toString('hex').toUpperCase(),
        Array.from(value).reverse().join(''),
    ];
}
/** A credential after `Bearer` or `Authorization:`, as opposed to a word of prose. */
function looksLikeToken(value) {
    return (value.length >= MIN_SECRET_LENGTH && /\d/.test(value)) || value.length >= 24;
}
const redactAll = () => REDACTED;
/** Keeps the first group (a label such as `Bearer `) and redacts the second when token-like. */
const redactTokenAfterLabel = (match, label = '', token = '') => looksLikeToken(token) ? `${label}${REDACTED}` : match;
const redactAfterLabel = (_match, label = '') => `${label}${REDACTED}`;
const BEFORE = '(?<![A-Za-z0-9_])';
const AFTER = '(?![A-Za-z0-9_-])';
const TOKEN_SHAPES = [
    // GitHub personal, OAuth, user-to-server, installation and refresh tokens; fine-grained PATs.
    [
        new RegExp(`${BEFORE}(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`, 'g'),
        redactAll,
    ],
    // Google API keys: classic (`AIza` + 35) and AI Studio's service-account-bound auth keys (`AQ.`
    // + a URL-safe token, dots allowed inside; https://ai.google.dev/gemini-api/docs/api-key).
    // Then OAuth access and refresh tokens.
    [new RegExp(`${BEFORE}AIza[0-9A-Za-z_-]{30,}${AFTER}`, 'g'), redactAll],
    [new RegExp(`${BEFORE}AQ\\.[0-9A-Za-z_-]{20,}(?:\\.[0-9A-Za-z_-]+)*`, 'g'), redactAll],
    [new RegExp(`${BEFORE}ya29\\.[0-9A-Za-z_-]{16,}(?:\\.[0-9A-Za-z_-]+)*`, 'g'), redactAll],
    [new RegExp(`${BEFORE}1//0[0-9A-Za-z_-]{20,}`, 'g'), redactAll],
    // AWS access key ids, and secret keys where they are named.
    [new RegExp(`${BEFORE}(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}${AFTER}`, 'g'), redactAll],
    [
        /(aws_secret_access_key|aws_session_token)(\s*[:=]\s*["']?)[A-Za-z0-9/+=]{16,}/gi,
        (_match, name = '', separator = '') => `${name}${separator}${REDACTED}`,
    ],
    // Slack tokens and incoming webhooks.
    [new RegExp(`${BEFORE}xox[abposre]-[0-9A-Za-z-]{10,}`, 'g'), redactAll],
    [/(https:\/\/hooks\.slack\.com\/services\/)[A-Za-z0-9/]+/g, redactAfterLabel],
    // JWTs: header and payload are Base64 JSON objects, so both start with `eyJ`.
    [
        new RegExp(`${BEFORE}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*`, 'g'),
        redactAll,
    ],
    // `Authorization: Basic \u2026` / `: Bearer \u2026` / `: token \u2026`: the credentials, whatever they look like.
    [
        /(\bauthorization["']?\s*[:=]\s*["']?(?:basic|bearer|token|digest|negotiate)\s+)([^\s"',;]{4,})/gi,
        redactAfterLabel,
    ],
    // `Authorization: \u2026` without a scheme, and a bare `Bearer \u2026`: only what looks like a token, so
    // "Bearer authentication" in prose survives.
    [/(\bauthorization["']?\s*[:=]\s*["']?)([^\s"',;]+)/gi, redactTokenAfterLabel],
    [/(\bbearer\s+)([A-Za-z0-9._~+/-]+=*)/gi, redactTokenAfterLabel],
    // Passwords in URLs: `https://user:password@host`.
    // The schemes are listed: an open pattern would try every word boundary in long text.
    [
        /(\b(?:https?|git|ssh|ftps?|wss?|redis|postgres(?:ql)?|mysql|mongodb(?:\+srv)?|amqps?):\/\/[^\s/:@]+:)[^\s/@]+(?=@)/gi,
        redactAfterLabel,
    ],
];
const PEM_BEGIN = /-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
const PEM_END = /-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----/g;
/** Base64 lines after a header (a blank line ends them), the line breaks real or written `\n`. */
const PEM_BODY = /(?:(?:\r?\n|(?:\\r)?\\n)[A-Za-z0-9+/=]+)*/y;
/**
 * Private key blocks, header to footer; a cut-off block up to where its Base64 lines end, which
 * keeps serialized JSON valid. A scan rather than one regular expression, so that text full of
 * headers without footers costs linear time.
 */
function redactPrivateKeys(text) {
    let result = '';
    let position = 0;
    let footerAhead = true;
    PEM_BEGIN.lastIndex = 0;
    for (let begin = PEM_BEGIN.exec(text); begin !== null; begin = PEM_BEGIN.exec(text)) {
        const headerEnd = begin.index + begin[0].length;
        let footer = null;
        if (footerAhead) {
            PEM_END.lastIndex = headerEnd;
            footer = PEM_END.exec(text);
            // No footer after this header means none after any later header either.
            footerAhead = footer !== null;
        }
        let end;
        if (footer !== null) {
            end = footer.index + footer[0].length;
        }
        else {
            PEM_BODY.lastIndex = headerEnd;
            PEM_BODY.exec(text);
            end = PEM_BODY.lastIndex;
        }
        result += `${text.slice(position, begin.index)}${REDACTED}`;
        position = end;
        PEM_BEGIN.lastIndex = end;
    }
    return result + text.slice(position);
}
/** Applies the token shapes; exported for callers that have no known values at hand. */
function redactTokenShapes(text) {
    let result = redactPrivateKeys(text);
    for (const [pattern, replacer] of TOKEN_SHAPES) {
        result = result.replace(pattern, replacer);
    }
    return result;
}
/**
 * A redactor for known values (given now or registered later) and token shapes. `redact` is a
 * plain function, so it can be handed to renderers and sinks as it is.
 */
function createRedactor(options = {}) {
    const variants = new Set();
    const told = new Set();
    let known;
    const register = (secret) => {
        if (secret === undefined)
            return false;
        // A multi-line secret (a private key, a JSON credentials file) may leak one line at a time.
        const values = [secret, ...secret.split(/\r?\n/).map((line) => line.trim())].filter((value) => value.length >= MIN_SECRET_LENGTH);
        if (values.length === 0)
            return false;
        for (const value of values) {
            for (const variant of encodings(value)) {
                if (variant.length >= MIN_SECRET_LENGTH)
                    variants.add(variant);
            }
            if (!told.has(value)) {
                told.add(value);
                options.setSecret?.(value);
            }
        }
        // Longest first, so a value is never half-replaced by a shorter one it contains.
        const sorted = [...variants].sort((a, b) => b.length - a.length);
        known = new RegExp(sorted.map(_text_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeRegExp */ .Nt).join('|'), 'g');
        return true;
    };
    const redact = (text) => {
        const withoutKnown = known === undefined ? text : text.replace(known, REDACTED);
        return redactTokenShapes(withoutKnown);
    };
    const containsKnown = (text) => {
        if (known === undefined)
            return false;
        known.lastIndex = 0;
        return known.test(text);
    };
    for (const secret of options.secrets ?? [])
        register(secret);
    return { redact, register, containsKnown };
}
/**
 * Credential-named variables: `GITHUB_TOKEN`, `GEMINI_API_KEY`, `INPUT_GITHUB_TOKEN`, `NPM_TOKEN`,
 * `CLIENT_SECRET`, `DB_PASSWORD`. Only the suffix counts for `_TOKEN` and `_KEY`, so
 * `ACTIONS_ID_TOKEN_REQUEST_URL` (a URL) and `INPUT_MODEL` are not taken for secrets.
 */
const SECRET_NAME = /(?:_TOKEN|_KEY|_PASSWD)$|^TOKEN$|SECRET|PASSWORD/i;
/**
 * The values of the environment variables named like credentials (the job token, model keys,
 * the runner's runtime and OIDC request tokens, `INPUT_*` keys, `NPM_TOKEN`, \u2026), to register with
 * a redactor before anything is posted.
 */
function secretEnvironmentValues(env) {
    return Object.entries(env)
        .filter(([name, value]) => value !== undefined && value !== '' && SECRET_NAME.test(name))
        .map(([, value]) => value ?? '');
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

/***/ 17619:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   U6: () => (/* binding */ runSecretVariable),
/* harmony export */   Yv: () => (/* binding */ runSecretValues),
/* harmony export */   qN: () => (/* binding */ looksLikeCredentialName)
/* harmony export */ });
/* unused harmony export RUN_SECRET_VARIABLES */
/* harmony import */ var _redaction_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(63178);
/* harmony import */ var _runner_file_commands_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(32183);
/**
 * The agent's own secrets, by the environment variables that hold them: one list for every entry
 * point (the Action, the CLI, `serve`). Two places read it:
 *
 * - the tool environment (tool-environment.ts): none of these reaches a process a tool starts,
 *   whatever the allow-list says;
 * - `$VAR` expansion in settings and extension manifests (config/settings-expand.ts): none of
 *   these is expanded into an MCP server's `env` or `headers`, by name, nor by value under another
 *   name (`runSecretValues`).
 *
 * The list is of what this product holds for itself and the runner's controls, not of every
 * credential: a server's own token (`MCP_GITHUB_TOKEN`, `NPM_TOKEN`) is what expansion is for.
 * Names compare case-insensitively: `$gemini_api_key` is the same secret where the environment
 * ignores case (Windows), and a mistake everywhere else.
 */


const RUN_SECRET_VARIABLES = [
    // The model's credentials (model/model-auth.ts): a tool holding them calls the model on the
    // user's bill and quota, outside every policy.
    { name: 'GEMINI_API_KEY', values: 'whole', holds: 'the Gemini API key the model client sends' },
    {
        name: 'GOOGLE_API_KEY',
        values: 'whole',
        holds: 'the Google API key the model client sends (Vertex AI express mode)',
    },
    // Vertex AI and Code Assist sign in with Application Default Credentials; these name the file
    // (google-github-actions/auth sets all three to the one it writes). The path leads to the key.
    {
        name: 'GOOGLE_APPLICATION_CREDENTIALS',
        values: 'whole',
        holds: 'the path of the Google Cloud credentials file the model client signs in with',
    },
    {
        name: 'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
        values: 'whole',
        holds: 'the path of the gcloud credentials file',
    },
    {
        name: 'GOOGLE_GHA_CREDS_PATH',
        values: 'whole',
        holds: 'the path of the Google Cloud credentials file google-github-actions/auth wrote',
    },
    // The A2A server's bearer token (cli/serve/bearer-token.ts): whoever has it drives the agent. A
    // token from --token-file or generated at start is in no variable; the server hands its value
    // to the expander itself.
    {
        name: 'GEMINI_AGENT_A2A_TOKEN',
        values: 'whole',
        holds: 'the bearer token of the A2A server (`gemini-agent serve`)',
    },
    // The GitHub token: the Action's is the job's write token, for the trusted publishing step only;
    // `gemini-agent run --github` reads GITHUB_TOKEN; GH_TOKEN is the same token for `gh`.
    {
        name: 'GITHUB_TOKEN',
        values: 'whole',
        holds: "the GitHub token (in a workflow, the job's write token)",
    },
    { name: 'GH_TOKEN', values: 'whole', holds: 'the GitHub token the gh CLI uses' },
    // The runner's OIDC request pair mints identity tokens for the job (cloud deploys trust them);
    // the runtime token writes the job's caches and artifacts. Named here for the messages; the
    // prefix below covers the rest of `ACTIONS_*`.
    {
        name: 'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
        values: 'whole',
        holds: "the runner's token for requesting OIDC identity tokens",
    },
    {
        name: 'ACTIONS_ID_TOKEN_REQUEST_URL',
        values: 'none',
        holds: "the runner's URL for requesting OIDC identity tokens",
    },
    {
        name: 'ACTIONS_RUNTIME_TOKEN',
        values: 'whole',
        holds: "the runner's runtime token (caches, artifacts, results)",
    },
    {
        name: 'ACTIONS_',
        prefix: true,
        values: 'credential-named',
        holds: "one of the runner's service URLs or runtime tokens",
    },
    // Every Action input, among them the GitHub token and the model key given to this Action.
    {
        name: 'INPUT_',
        prefix: true,
        values: 'credential-named',
        holds: 'an input of the Action (its inputs include the GitHub token and the model key)',
    },
    // Authentication to the telemetry collector (telemetry/telemetry-config.ts).
    ...['', 'TRACES_', 'METRICS_', 'LOGS_'].map((signal) => ({
        name: `OTEL_EXPORTER_OTLP_${signal}HEADERS`,
        values: 'headers',
        holds: 'the headers that authenticate to the telemetry collector',
    })),
    // The workflow's file commands: writing to them changes later steps of the job (environment,
    // PATH, outputs), so nothing the run starts may even know where they are.
    ..._runner_file_commands_js__WEBPACK_IMPORTED_MODULE_1__/* .FILE_COMMAND_VARIABLES */ .X.map((name) => ({
        name,
        values: 'none',
        holds: 'the path of a workflow command file, through which a process changes later steps',
    })),
];
/** The list's entry for `name` (case-insensitive; an exact name before a prefix), if any. */
function runSecretVariable(name) {
    const upper = name.toUpperCase();
    return (RUN_SECRET_VARIABLES.find((entry) => !entry.prefix && entry.name === upper) ??
        RUN_SECRET_VARIABLES.find((entry) => entry.prefix && upper.startsWith(entry.name)));
}
/** Credential-shaped names: `NPM_TOKEN`, `AWS_SECRET`, `DEPLOY_KEY`, `GCP_CREDENTIALS`. */
const CREDENTIAL_SUFFIXES = ['_TOKEN', '_SECRET', '_KEY', '_CREDENTIALS'];
/** `DB_PASSWORD_FILE`, `CLIENT_SECRET_ID`, `MYSQL_PASSWD`. */
const CREDENTIAL_PARTS = ['PASSWORD', 'PASSWD', 'SECRET'];
/**
 * True for a name that looks like a credential's, whoever it belongs to (case-insensitive). The
 * tool environment never passes these; expansion may (a server's own token is one).
 */
function looksLikeCredentialName(name) {
    const upper = name.toUpperCase();
    return (CREDENTIAL_SUFFIXES.some((suffix) => upper.endsWith(suffix)) ||
        CREDENTIAL_PARTS.some((part) => upper.includes(part)));
}
/**
 * The secret values of `env` by the list: what no variable of another name may carry into a
 * server. Empty values are left out.
 */
function runSecretValues(env) {
    const found = [];
    const add = (name, value, part) => {
        const trimmed = value?.trim();
        if (trimmed !== undefined && trimmed !== '') {
            found.push({ name, value: trimmed, ...(part ? { part } : {}) });
        }
    };
    for (const [name, value] of Object.entries(env)) {
        const entry = runSecretVariable(name);
        if (entry === undefined || value === undefined)
            continue;
        switch (entry.values) {
            case 'whole':
                add(name, value);
                break;
            case 'headers':
                add(name, value);
                for (const header of headerValues(value))
                    add(name, header, true);
                break;
            case 'credential-named':
                if (looksLikeCredentialName(name))
                    add(name, value);
                break;
            case 'none':
                break;
        }
    }
    return found;
}
/**
 * The values of a `key=value,\u2026` header list (percent-decoded, as OpenTelemetry reads it), and the
 * credential after an authentication scheme (`Bearer abc\u2026` gives `abc\u2026` too). Short values are
 * left out: a header list may hold plain ones too (`x-org=acme`), and `acme` is nobody's secret.
 */
function headerValues(text) {
    const values = [];
    for (const entry of text.split(',')) {
        const separator = entry.indexOf('=');
        if (separator <= 0)
            continue;
        const raw = entry.slice(separator + 1).trim();
        let value = raw;
        try {
            value = decodeURIComponent(raw);
        }
        catch {
            // Kept as written, as the exporter keeps it.
        }
        values.push(value);
        const scheme = /^[A-Za-z][\w-]*\s+(\S+)$/.exec(value.trim());
        if (scheme?.[1] !== undefined)
            values.push(scheme[1]);
    }
    return values.filter((value) => value.trim().length >= _redaction_js__WEBPACK_IMPORTED_MODULE_0__/* .MIN_SECRET_LENGTH */ .vb);
}


/***/ }),

/***/ 37376:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   J3: () => (/* binding */ neutralText),
/* harmony export */   K9: () => (/* binding */ groupDigits),
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   Nt: () => (/* binding */ escapeRegExp),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   h1: () => (/* binding */ groupedPlural),
/* harmony export */   hq: () => (/* binding */ nonEmpty),
/* harmony export */   mc: () => (/* binding */ ellipsize),
/* harmony export */   nl: () => (/* binding */ inertJson)
/* harmony export */ });
/** Small text helpers every layer uses, defined once so their output is the same everywhere. */
/** `1 finding`, `3 findings`: a count with its noun (nouns with a regular plural only). */
function plural(count, noun) {
    return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
/** `plural` with the count's thousands grouped: `12,345 tokens`. */
function groupedPlural(count, noun) {
    return `${groupDigits(count)} ${noun}${count === 1 ? '' : 's'}`;
}
/**
 * The text on one line: runs of whitespace (newlines included) become one space, and the ends are
 * trimmed unless `trim` is false (a quoted piece of source keeps its spaces at the ends).
 */
function oneLine(text, options = {}) {
    const line = text.replace(/\s+/gu, ' ');
    return options.trim === false ? line : line.trim();
}
/** The text cut to at most `max` characters, the last of them `\u2026` where it was cut. */
function ellipsize(text, max) {
    return text.length > max ? `${text.slice(0, max - 1)}\u2026` : text;
}
/** The value if it is a string with more than whitespace in it (untrimmed), else `undefined`. */
function nonEmpty(value) {
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
/**
 * `text` as a regular expression that matches it literally. Only syntax characters and `/` are
 * escaped, so the result is valid with and without the `u` flag.
 */
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}
/** `ms` milliseconds in words for a person, in the `style` of the message it goes into. */
function formatDuration(ms, style = 'compact') {
    switch (style) {
        case 'compact':
            return compactDuration(ms);
        case 'whole-seconds': {
            const seconds = Math.max(0, Math.round(ms / 1000));
            const minutes = Math.floor(seconds / 60);
            return minutes > 0 ? `${minutes}m ${seconds % 60}s` : `${seconds}s`;
        }
        case 'spaced':
            if (ms >= 60_000 && ms % 60_000 === 0) {
                return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
            }
            if (ms >= 1000 && ms % 1000 === 0)
                return `${ms / 1000} s`;
            return `${ms} ms`;
        case 'gemini-cli': {
            if (ms >= 60_000)
                return `${(ms / 60_000).toFixed(1)} minutes`;
            const seconds = ms / 1000;
            return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
        }
    }
}
function compactDuration(ms) {
    if (ms < 1000)
        return `${ms}ms`;
    if (ms < 60_000)
        return `${Number((ms / 1000).toFixed(1))}s`;
    const totalSeconds = Math.round(ms / 1000);
    const hours = Math.floor(totalSeconds / 3600);
    const minutes = Math.floor((totalSeconds % 3600) / 60);
    const seconds = totalSeconds % 60;
    const parts = [hours > 0 ? `${hours}h` : '', `${minutes}m`, seconds > 0 ? `${seconds}s` : ''];
    return parts.filter(Boolean).join(' ');
}
/**
 * `12,345`: an integer with its thousands grouped as `toLocaleString('en-US')` writes it, without
 * ICU, whose data takes 7\u201315 ms to load on the first use in a process (once at every start, for a
 * label built when a module loads). Other numbers are left to ICU.
 */
function groupDigits(value) {
    if (!Number.isSafeInteger(value) || Object.is(value, -0))
        return value.toLocaleString('en-US');
    const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/gu, ',');
    return value < 0 ? `-${grouped}` : grouped;
}
/**
 * Characters that act on a terminal or a log viewer instead of showing: the C0 controls other
 * than tab and newline (ESC opens cursor moves, screen clears, OSC 8 links and OSC 52 clipboard
 * writes; CR returns to the start of the line, so later text hides earlier text; the runner
 * also reads a CR as the end of a line), DEL, the C1 controls (0x9B is a one-character CSI to
 * some terminals), and the bidirectional controls that reorder what a reader sees. Zero-width
 * characters stay: they move nothing, and joiners carry meaning in emoji and in some scripts.
 */
/* eslint-disable no-control-regex -- matching control characters is the point */
const ACTIVE_CHARACTER = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const ACTIVE_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/* eslint-enable no-control-regex */
/**
 * Text from outside the program (a repository, a pull request, a manifest, the model, a tool)
 * made inert for a terminal and for the runner's log, every character still visible: line
 * endings become `\n` (a lone CR too, so it starts a line a reader sees rather than overwriting
 * one), a C0 control becomes its Unicode control picture (ESC shows as `\u241b`, so `\x1b[2J` prints
 * as `\u241b[2J`), DEL as `\u2421`, and a C1 or bidirectional control as `\u27e8U+202E\u27e9`. Tab and newline stay.
 * Idempotent, and the identity on text without such characters.
 */
function neutralText(text) {
    if (!ACTIVE_CHARACTER.test(text))
        return text;
    return text.replace(/\r\n?/gu, '\n').replace(ACTIVE_CHARACTERS, revealCharacter);
}
function revealCharacter(character) {
    const code = character.charCodeAt(0);
    if (code < 0x20)
        return String.fromCharCode(0x2400 + code);
    if (code === 0x7f)
        return '\u2421';
    return `\u27e8U+${code.toString(16).toUpperCase().padStart(4, '0')}\u27e9`;
}
/**
 * What JSON.stringify leaves raw although a terminal acts on it: DEL, the C1 controls and the
 * bidirectional controls (it escapes only the C0 controls), and the line and paragraph
 * separators some readers take for line breaks.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
/**
 * `JSON.stringify(value, null, indent)` with every character a terminal could act on written as
 * a `\uXXXX` escape: the same JSON value, printable as it stands. Such characters only ever
 * occur inside strings of JSON.stringify's output, where the escape means the same character.
 */
function inertJson(value, indent) {
    return JSON.stringify(value, null, indent).replace(RAW_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}


/***/ }),

/***/ 4861:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ checkToolEnvironmentAllowList),
/* harmony export */   iT: () => (/* binding */ buildToolEnvironment),
/* harmony export */   vN: () => (/* binding */ isSecretEnvironmentName)
/* harmony export */ });
/* unused harmony exports DEFAULT_ALLOWED_VARIABLES, FIXED_TOOL_VARIABLES, isAllowedEnvironmentName */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(46316);
/* harmony import */ var _secret_variables_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(17619);
/**
 * The environment of every process a tool starts: shell commands, MCP servers, discovery and call
 * commands, search programs.
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
 * True for a variable that must never reach a tool process: one of the run's own secrets or the
 * runner's controls (secret-variables.ts: the model keys and credentials files, the A2A token,
 * the GitHub tokens, every `INPUT_*` and `ACTIONS_*`, the telemetry headers, the workflow
 * file-command paths), or any name that looks like a credential (`NPM_TOKEN`, `DB_PASSWORD`).
 * Case-insensitive, because a secret spelled `github_token` is just as secret. Other process
 * launchers use this for the environment they are configured with.
 */
function isSecretEnvironmentName(name) {
    return (0,_secret_variables_js__WEBPACK_IMPORTED_MODULE_1__/* .runSecretVariable */ .U6)(name) !== undefined || (0,_secret_variables_js__WEBPACK_IMPORTED_MODULE_1__/* .looksLikeCredentialName */ .qN)(name);
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

/***/ 95895:
/***/ (function (__unused_webpack_module, __webpack_exports__, __nccwpck_require__) {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   x: () => (/* binding */ VERSION)
/* harmony export */ });
/* harmony import */ var _package_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8330);

const VERSION = _package_json__WEBPACK_IMPORTED_MODULE_0__/* .version */ .rE;


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

/***/ }),

/***/ 8330:
/***/ (function (module) {

module.exports = /*#__PURE__*/JSON.parse('{"rE":"0.1.0","sP":{"r":">=22.13"}}');

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
