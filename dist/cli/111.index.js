export const id = 111;
export const ids = [111];
export const modules = {

/***/ 89910:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ checkCampaignKey)
/* harmony export */ });
/* unused harmony export CAMPAIGN_KEY_MAX */
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/**
 * A fleet campaign's key: the name that makes each repository's run of it idempotent. It names
 * the campaign's branch in every repository (`<branch_prefix>campaign-<key>`, so a re-run updates
 * the one pull request instead of opening a second), and its tracking issue in the central
 * repository. Lowercase letters, digits and single `.`, `_` or `-` between them, at most 64
 * characters: a branch name as it stands, with no two spellings of one key.
 */

const KEY = /^[a-z0-9]+(?:[._-][a-z0-9]+)*$/;
const CAMPAIGN_KEY_MAX = 64;
/** The key, or a ConfigurationError naming `where` (the input or flag it came from). */
function checkCampaignKey(key, where) {
    if (key.length <= CAMPAIGN_KEY_MAX && KEY.test(key) && !key.endsWith('.lock'))
        return key;
    throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`expected a campaign key of lowercase letters and digits joined by single ".", "_" or "-", at most ${String(CAMPAIGN_KEY_MAX)} characters (e.g. "node-24-2026-12"), got ${JSON.stringify(key.slice(0, CAMPAIGN_KEY_MAX + 10))}.`, where);
}


/***/ }),

/***/ 12408:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F0: () => (/* binding */ fleetResultPath),
/* harmony export */   Z5: () => (/* binding */ fleetResultFileName),
/* harmony export */   bl: () => (/* binding */ fleetResultSchema),
/* harmony export */   yZ: () => (/* binding */ FLEET_RESULT_VERSION)
/* harmony export */ });
/* unused harmony export FLEET_RESULT_FOLDER */
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(41514);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(64377);
/**
 * What one repository's run of a campaign leaves for the fleet's report: a small JSON file the
 * Action writes when its `campaign` input is set (whatever the run's end, failures included), which
 * the `run` job uploads as an artifact and the `report` job reads back. The report trusts nothing
 * in it beyond this shape: each field is checked, and a file that does not parse is reported as
 * that repository's failure, never as a crash of the report.
 */


const FLEET_RESULT_VERSION = 1;
/** The folder under `RUNNER_TEMP` the Action writes its result into; the workflow uploads it. */
const FLEET_RESULT_FOLDER = 'gemini-agent-fleet';
/** Links only to web pages: a result comes from a run on a repository that may be hostile. */
const webUrl = zod__WEBPACK_IMPORTED_MODULE_1__/* .url */ .OZ5({ protocol: /^https?$/ });
const fleetResultSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    version: zod__WEBPACK_IMPORTED_MODULE_1__/* .literal */ .euz(FLEET_RESULT_VERSION),
    campaign: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1),
    /** `owner/name`. */
    repository: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().regex(/^[^/\s]+\/[^/\s]+$/),
    conclusion: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['success', 'failure', 'skipped', 'cancelled']),
    /** The run's one-line outcome: the error, the skip reason, or what was published. */
    summary: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().max(2000).optional(),
    prNumber: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().optional(),
    prUrl: webUrl.optional(),
    branch: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    commitSha: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    costUsd: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().nonnegative().optional(),
    inputTokens: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().optional(),
    outputTokens: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().nonnegative().optional(),
    /** The workflow run (with the job when known) that produced it. */
    runUrl: webUrl.optional(),
    finishedAt: zod__WEBPACK_IMPORTED_MODULE_2__/* .datetime */ .w$(),
})
    .strict();
/** `owner__name.json`: unique per repository, so every job's file can land in one folder. */
function fleetResultFileName(repository) {
    return `${repository.replace('/', '__')}.json`;
}
function fleetResultPath(runnerTemp, repository) {
    return node_path__WEBPACK_IMPORTED_MODULE_0___default().join(runnerTemp, FLEET_RESULT_FOLDER, fleetResultFileName(repository));
}


/***/ }),

/***/ 26612:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A: () => (/* binding */ githubStatus)
/* harmony export */ });
/**
 * The HTTP status of a failed GitHub request, read one way for every layer that decides by it
 * (a 404 that means "not there", a 401 or 403 that means "not permitted", a 422 that means
 * "refused as invalid").
 */
/** The HTTP status of an Octokit request error, if it has one. */
function githubStatus(error) {
    const value = error?.status;
    return typeof value === 'number' ? value : undefined;
}


/***/ }),

/***/ 26047:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Q: () => (/* binding */ createOctokit)
});

// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(49735);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var plugin_throttling_dist_bundle = __webpack_require__(86856);
// EXTERNAL MODULE: ./node_modules/@octokit/rest/dist-src/index.js + 1 modules
var dist_src = __webpack_require__(11303);
// EXTERNAL MODULE: ./node_modules/bottleneck/light.js
var light = __webpack_require__(63251);
var light_default = /*#__PURE__*/__webpack_require__.n(light);
;// CONCATENATED MODULE: ./src/platform/connection-failure.ts
/**
 * A request that could not connect at all, told apart from an HTTP answer: a host name that does
 * not resolve, nothing listening, no route. fetch (undici) reports each as `TypeError: fetch
 * failed` with the system error as its cause; HTTP clients built on it (Octokit) then call it a
 * "500". This finds the system error and says what it means in one clause.
 */
const DESCRIPTIONS = {
    ENOTFOUND: (host, detail) => `the host ${host} cannot be resolved (${detail})`,
    EAI_AGAIN: (host, detail) => `the host ${host} cannot be resolved: the DNS server did not answer (${detail})`,
    ECONNREFUSED: (host, detail) => `nothing accepts connections at ${host} (${detail})`,
    EHOSTUNREACH: (host, detail) => `${host} cannot be reached from this network (${detail})`,
    ENETUNREACH: (host, detail) => `${host} cannot be reached from this network (${detail})`,
    EHOSTDOWN: (host, detail) => `${host} cannot be reached from this network (${detail})`,
    ETIMEDOUT: (host, detail) => `the connection to ${host} timed out (${detail})`,
    UND_ERR_CONNECT_TIMEOUT: (host, detail) => `the connection to ${host} timed out (${detail})`,
};
/** The connection failure behind `error` (or its causes) for a request to `url`; else undefined. */
function connectionFailure(error, url) {
    let current = error;
    for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
        const code = current.code;
        const describe = typeof code === 'string' ? DESCRIPTIONS[code] : undefined;
        if (describe !== undefined && typeof code === 'string') {
            return {
                code,
                description: describe(hostOf(url), current.message),
                permanent: code === 'ENOTFOUND',
            };
        }
        current = current.cause;
    }
    return undefined;
}
function hostOf(url) {
    try {
        return new URL(url).host;
    }
    catch {
        return url;
    }
}

;// CONCATENATED MODULE: ./src/github/scheduler-yield.ts
/**
 * GitHub requests go through Bottleneck, the scheduler under Octokit's retry and throttling
 * plugins. At each step of scheduling a request (registering it, checking capacity, freeing it)
 * Bottleneck yields to the event loop with `setTimeout(resolve, 0)`, about ten times per request.
 * Node clamps such a timer to 1 ms and fires it on a later turn of the loop, so every request
 * waited 10\u201315 ms before it was sent, and requests made together queued behind each other's
 * yields: four reads issued at once reached a local server over about 45 ms.
 *
 * The yield is what Bottleneck needs (its steps take turns with the rest of the program);
 * `setImmediate` yields the same way, without the clamp. Waits of a real length (the spacing
 * between writes, a `retry-after`) do not pass through here and keep their timers.
 *
 * Bottleneck's last release is 2.19.5 (2019); the method replaced is its local datastore's
 * `yieldLoop(t = 0)`. Where that method is not found, nothing is changed: requests are then only
 * slower, never wrong.
 */

let applied = false;
/** Makes Bottleneck's zero-length yields take one turn of the event loop. Idempotent. */
function yieldWithoutTimerClamp() {
    if (applied)
        return true;
    const limiter = new (light_default())();
    const store = limiter._store;
    const prototype = store === undefined ? undefined : Object.getPrototypeOf(store);
    if (!isDatastore(prototype))
        return false;
    const timed = prototype.yieldLoop;
    prototype.yieldLoop = function (delayMs = 0) {
        if (delayMs > 0)
            return timed.call(this, delayMs);
        return new this.Promise((resolve) => {
            setImmediate(resolve);
        });
    };
    applied = true;
    return true;
}
function isDatastore(value) {
    return (typeof value === 'object' &&
        value !== null &&
        typeof value.yieldLoop === 'function');
}

// EXTERNAL MODULE: ./src/github/urls.ts
var urls = __webpack_require__(15945);
;// CONCATENATED MODULE: ./src/github/octokit.ts
/**
 * The one way this project talks to GitHub: an Octokit with retries for server errors and
 * throttling for rate limits, pointed at the instance the run belongs to (github.com or GitHub
 * Enterprise). Every wait is logged and bounded, so a rate-limited run fails with a clear message
 * instead of sleeping until the job times out.
 */







const GitHubOctokit = dist_src/* Octokit */.E.plugin(dist_bundle/* retry */.L, plugin_throttling_dist_bundle/* throttling */.A);
const DEFAULTS = {
    retries: 3,
    retryAfterBaseMs: 1000,
    throttleRetries: 2,
    maxWaitSeconds: 120,
    requestTimeoutMs: 60_000,
};
/**
 * How writes (POST, PATCH, PUT, DELETE) are paced. GitHub asks an integration "making a large
 * number of" them to "wait at least one second between each request", and limits content-creating
 * requests to 80 a minute and 500 an hour
 * (https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api,
 * https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api). The throttling
 * plugin's own pacing put every write a second after the one before, so a run's last writes (the
 * pull request, then the final comment) each waited a second behind a progress edit: 1.5 s of a
 * task's end. A bucket of three, refilled one a second, keeps the same rate over any minute (at
 * most 62 writes) and lets a run's few writes at a time go at once.
 */
const WRITE_BURST = 3;
let writeLimiter;
/** One bucket for every client of the process, as the plugin's own pacing is shared. */
function writePacing() {
    writeLimiter ??= new (light_default()).Group({
        id: 'gemini-agent-write',
        maxConcurrent: 1,
        minTime: 0,
        reservoir: WRITE_BURST,
        reservoirIncreaseAmount: 1,
        reservoirIncreaseInterval: 1000,
        reservoirIncreaseMaximum: WRITE_BURST,
    });
    return writeLimiter;
}
/** GitHub's advice when a secondary limit comes without `retry-after`: wait a minute. */
const SECONDARY_FALLBACK_SECONDS = 60;
/**
 * A request that could not connect (see connection-failure.ts). Octokit passes its message on
 * (it calls every fetch failure "500"), and the retries below tell it apart by it.
 */
class GitHubConnectionError extends Error {
    failure;
    name = 'GitHubConnectionError';
    constructor(message, failure, options) {
        super(message, options);
        this.failure = failure;
    }
}
/**
 * `fetch` with a time limit per request, so a stalled connection cannot hang the run; a request
 * that could not connect fails with one sentence that says why and what to check.
 */
function fetchWithTimeout(timeoutMs, baseUrl, inner) {
    return async (input, init) => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
        try {
            // Looked up on each call, so an interceptor installed later (nock in tests) still applies.
            return await (inner ?? globalThis.fetch)(input, { ...init, signal });
        }
        catch (error) {
            const failure = connectionFailure(error, baseUrl);
            if (failure === undefined)
                throw error;
            const check = baseUrl === urls/* DEFAULT_API_URL */.rK
                ? 'Check the network of this machine or runner (DNS, proxy, firewall).'
                : 'Check GITHUB_API_URL and the network of this machine or runner (DNS, proxy, firewall).';
            throw new GitHubConnectionError(`GitHub's API at ${baseUrl} cannot be reached: ${failure.description}. ${check}`, failure, { cause: error });
        }
    };
}
/** The connection failure behind a failed request, when it could not connect at all. */
function connectionFailureOf(error) {
    return error.cause instanceof GitHubConnectionError ? error.cause.failure : undefined;
}
/** Quick retries for a connection that could not be made, as for the model's (retry.ts). */
const CONNECT_RETRIES = 2;
function createOctokit(options) {
    const { logger } = options;
    // Each request's scheduling without a 1 ms timer per step (scheduler-yield.ts).
    yieldWithoutTimerClamp();
    const retries = options.retry?.retries ?? DEFAULTS.retries;
    const retryAfterBaseMs = options.retry?.retryAfterBaseMs ?? DEFAULTS.retryAfterBaseMs;
    const throttle = options.throttle ?? {};
    const maxThrottleRetries = throttle.maxRetries ?? DEFAULTS.throttleRetries;
    const maxWaitSeconds = throttle.maxWaitSeconds ?? DEFAULTS.maxWaitSeconds;
    const baseUrl = (options.baseUrl ?? urls/* DEFAULT_API_URL */.rK).replace(/\/+$/, '');
    /** `GET /repos/o/r`: the request as a user would recognise it, without the host. */
    const shown = (method, url) => `${method} ${url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url}`;
    /** Decides whether to wait out a rate limit, and says so either way. */
    const onLimit = (kind) => (retryAfter, request, _octokit, retryCount) => {
        // The options still hold the URL template; parsing fills in the parameters.
        const { method, url } = octokit.request.endpoint.parse(request);
        const what = `GitHub ${kind} on ${shown(method, url)}`;
        if (retryCount >= maxThrottleRetries) {
            logger.warning(`${what}; giving up after ${retryCount} retries.`);
            return false;
        }
        if (retryAfter > maxWaitSeconds) {
            logger.warning(`${what}; GitHub asks to wait ${retryAfter}s, more than the ${maxWaitSeconds}s limit, so the request fails.`);
            return false;
        }
        logger.warning(`${what}; waiting ${retryAfter}s before attempt ${retryCount + 2} of ${maxThrottleRetries + 1}.`);
        return true;
    };
    const octokit = new GitHubOctokit({
        auth: options.token,
        baseUrl,
        ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
        request: {
            fetch: fetchWithTimeout(options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs, baseUrl, options.fetch),
        },
        // Octokit logs every request at info and every failed one at error; failures reach callers
        // as exceptions, so both are debug detail here. Only the message is passed on: the extra
        // arguments hold request options, headers included.
        log: {
            debug: (message) => {
                logger.debug(message);
            },
            info: (message) => {
                logger.debug(message);
            },
            warn: (message) => {
                logger.warning(message);
            },
            error: (message) => {
                logger.debug(message);
            },
        },
        retry: { enabled: retries > 0, retries, retryAfterBaseValue: retryAfterBaseMs },
        throttle: throttle.enabled === false
            ? { enabled: false }
            : {
                onRateLimit: onLimit('rate limit'),
                onSecondaryRateLimit: onLimit('secondary rate limit'),
                fallbackSecondaryRateRetryAfter: SECONDARY_FALLBACK_SECONDS,
                retryAfterBaseValue: throttle.retryAfterBaseMs ?? DEFAULTS.retryAfterBaseMs,
                write: writePacing(),
            },
    });
    // The retry plugin computes each retry through this hook; wrapping it is how its waits get
    // logged (it logs nothing itself).
    // A connection that could not be made is no HTTP status: its own sentence, and no retry for a
    // host name that does not resolve, two quick ones (1 s, 2 s) for the rest.
    const retryRequest = octokit.retry.retryRequest.bind(octokit.retry);
    octokit.retry.retryRequest = (error, maxRetries, retryAfter) => {
        const done = Number(error.request.request?.retryCount ?? 0);
        const request = shown(error.request.method, error.request.url);
        const failure = connectionFailureOf(error);
        if (failure !== undefined) {
            const retries = failure.permanent ? 0 : Math.min(maxRetries, CONNECT_RETRIES);
            if (done < retries) {
                logger.warning(`GitHub ${request}: ${error.message}; attempt ${done + 2} of ${retries + 1} in ${((done + 1) * retryAfterBaseMs) / 1000}s.`);
            }
            return retryRequest(error, retries, done + 1);
        }
        if (done < maxRetries) {
            const seconds = (retryAfter * retryAfterBaseMs) / 1000;
            logger.warning(`GitHub ${request} failed (HTTP ${error.status}: ${error.message}); attempt ${done + 2} of ${maxRetries + 1} in ${seconds}s.`);
        }
        return retryRequest(error, maxRetries, retryAfter);
    };
    // Registered last, so outside the retries: a request that could never connect reaches its
    // caller as that sentence with no HTTP status, rather than as Octokit's "500".
    octokit.hook.error('request', (error) => {
        const cause = error.cause;
        throw cause instanceof GitHubConnectionError ? cause : error;
    });
    return octokit;
}


/***/ }),

/***/ 21886:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ni: () => (/* binding */ readOwnMarker),
/* harmony export */   S9: () => (/* binding */ carriesOwnMarker),
/* harmony export */   "do": () => (/* binding */ ownMarker)
/* harmony export */ });
/* unused harmony export OWN_MARKER_PREFIX */
/**
 * Every comment, review, issue and pull request body the Action writes carries a hidden marker
 * starting with {@link OWN_MARKER_PREFIX}. It lets the Action recognise its own text whatever
 * account posted it \u2014 a personal access token or an app token posts under a login that is not
 * `github-actions[bot]` \u2014 so its comments never start a run of their own, and so later runs can
 * find what earlier ones wrote (the last review's head, the maintenance report issue, the
 * progress comment and triage note an earlier attempt of the same run posted).
 *
 * A marker only says who wrote the text when the account that posted it is the Action's: anyone
 * can paste a marker into a comment. Readers that act on one check the author first.
 */
const OWN_MARKER_PREFIX = '<!-- gemini-agent:';
/** `<!-- gemini-agent:<kind> key=value \u2026 -->`; values are single words (SHAs, ids, numbers). */
function ownMarker(kind, fields = {}) {
    const words = Object.entries(fields).map(([key, value]) => ` ${key}=${value.replace(/[\s>-]/g, '_')}`);
    return `${OWN_MARKER_PREFIX}${kind}${words.join('')} -->`;
}
/** Whether `body` was written by the Action (it carries a marker). */
function carriesOwnMarker(body) {
    return body.includes(OWN_MARKER_PREFIX);
}
const MARKER_LINE = /<!-- gemini-agent:([a-z][a-z-]*)((?: [a-z_]+=[^\s>]+)*) -->/g;
/**
 * The fields of the last `kind` marker in `body` (ours always end what we write), or undefined
 * when it has none. `{}` for a marker without fields.
 */
function readOwnMarker(body, kind) {
    let found;
    for (const match of (body ?? '').matchAll(MARKER_LINE)) {
        if (match[1] !== kind)
            continue;
        const fields = {};
        for (const word of (match[2] ?? '').trim().split(' ')) {
            const at = word.indexOf('=');
            if (at > 0)
                fields[word.slice(0, at)] = word.slice(at + 1);
        }
        found = fields;
    }
    return found;
}


/***/ }),

/***/ 12456:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ withPermissionHint),
/* harmony export */   f: () => (/* binding */ permissionHint)
/* harmony export */ });
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/* harmony import */ var _error_status_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(26612);
/**
 * GitHub's refusal of a write the token is not permitted to make, turned into an error the
 * workflow's author can act on.
 */


/**
 * A refusal for lack of permission is something the workflow's author can fix, so it becomes a
 * `ConfigurationError` naming the permission; GitHub also answers 403 to a rate limit, which no
 * permission fixes, so that one passes through.
 */
async function withPermissionHint(action, request, permission = '`issues: write`') {
    try {
        return await request();
    }
    catch (error) {
        const status = (0,_error_status_js__WEBPACK_IMPORTED_MODULE_1__/* .githubStatus */ .A)(error);
        if ((status === 401 || status === 403) && !/rate limit/i.test((0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error))) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`could not ${action}: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)} (HTTP ${status}). The token needs ${permission} under \`permissions:\` in the workflow.`, { input: 'github_token' }, { cause: error });
        }
        throw error;
    }
}
/** `withPermissionHint` for every write of one client, which all need the same `permission`. */
function permissionHint(permission) {
    return (action, request) => withPermissionHint(action, request, permission);
}


/***/ }),

/***/ 15945:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qq: () => (/* binding */ branchUrl),
/* harmony export */   Vd: () => (/* binding */ serverUrl),
/* harmony export */   Vp: () => (/* binding */ runUrl),
/* harmony export */   Wk: () => (/* binding */ artifactUrl),
/* harmony export */   XA: () => (/* binding */ pullUrl),
/* harmony export */   XH: () => (/* binding */ compareUrl),
/* harmony export */   rK: () => (/* binding */ DEFAULT_API_URL),
/* harmony export */   y0: () => (/* binding */ apiUrl)
/* harmony export */ });
/* unused harmony exports DEFAULT_SERVER_URL, issueUrl */
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/* harmony import */ var _platform_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(37376);
/**
 * GitHub URLs for github.com, GitHub Enterprise Server and GitHub Enterprise Cloud with data
 * residency (`*.ghe.com`). The runner tells us where GitHub is through `GITHUB_SERVER_URL` and
 * `GITHUB_API_URL`; every link we post and every API request goes through these helpers, so
 * nothing points at github.com on an Enterprise instance.
 */


const DEFAULT_SERVER_URL = 'https://github.com';
const DEFAULT_API_URL = 'https://api.github.com';
/** A runner variable's value, trimmed; `undefined` when it is unset or blank. */
function runnerValue(env, name) {
    return (0,_platform_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonEmpty */ .hq)(env[name]?.trim());
}
/** Parses an http(s) URL from the environment and drops trailing slashes, so paths join cleanly. */
function parseBaseUrl(value, name) {
    let url;
    try {
        url = new URL(value);
    }
    catch {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`expected an http(s) URL, got ${JSON.stringify(value)}.`, {
            input: name,
        });
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`expected an http(s) URL, got ${JSON.stringify(value)}.`, {
            input: name,
        });
    }
    return url;
}
function withoutTrailingSlash(url) {
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
/** The web address of GitHub: `GITHUB_SERVER_URL`, or github.com outside a runner. */
function serverUrl(env) {
    const value = runnerValue(env, 'GITHUB_SERVER_URL');
    return value === undefined
        ? DEFAULT_SERVER_URL
        : withoutTrailingSlash(parseBaseUrl(value, 'GITHUB_SERVER_URL'));
}
/**
 * The REST API base URL: `GITHUB_API_URL` when the runner sets it (it always does), otherwise
 * derived from the server URL the way GitHub lays it out \u2014 `api.github.com` for github.com,
 * `api.<subdomain>.ghe.com` for data-residency tenants and `<server>/api/v3` for Enterprise Server.
 */
function apiUrl(env) {
    const value = runnerValue(env, 'GITHUB_API_URL');
    if (value !== undefined)
        return withoutTrailingSlash(parseBaseUrl(value, 'GITHUB_API_URL'));
    const server = new URL(serverUrl(env));
    if (server.hostname === 'github.com')
        return DEFAULT_API_URL;
    if (server.hostname.endsWith('.ghe.com'))
        return `${server.protocol}//api.${server.host}`;
    return `${withoutTrailingSlash(server)}/api/v3`;
}
/** `owner/name` of the repository; undefined when `GITHUB_REPOSITORY` is not set or malformed. */
function repository(env) {
    const value = runnerValue(env, 'GITHUB_REPOSITORY');
    return value !== undefined && /^[^/\s]+\/[^/\s]+$/.test(value) ? value : undefined;
}
/**
 * The page of this workflow run (`\u2026/actions/runs/<id>`, with `/attempts/<n>` on a re-run so the
 * link shows the attempt that wrote the comment). Undefined outside a runner, e.g. in the CLI.
 */
function runUrl(env) {
    const repo = repository(env);
    const runId = runnerValue(env, 'GITHUB_RUN_ID');
    if (repo === undefined || runId === undefined)
        return undefined;
    const base = `${serverUrl(env)}/${repo}/actions/runs/${encodeURIComponent(runId)}`;
    const attempt = Number(runnerValue(env, 'GITHUB_RUN_ATTEMPT') ?? '1');
    return Number.isInteger(attempt) && attempt > 1 ? `${base}/attempts/${attempt}` : base;
}
/**
 * An artifact's page in this workflow run (`\u2026/actions/runs/<id>/artifacts/<artifact id>`), where
 * it can be downloaded. Undefined outside a runner.
 */
function artifactUrl(env, artifactId) {
    const repo = repository(env);
    const runId = runnerValue(env, 'GITHUB_RUN_ID');
    if (repo === undefined || runId === undefined)
        return undefined;
    return `${serverUrl(env)}/${repo}/actions/runs/${encodeURIComponent(runId)}/artifacts/${artifactId}`;
}
function repoUrl(env, ref) {
    return `${serverUrl(env)}/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.repo)}`;
}
/** An issue's page. GitHub redirects `/issues/<n>` to `/pull/<n>` for pull requests. */
function issueUrl(env, ref) {
    return `${repoUrl(env, ref)}/issues/${ref.number}`;
}
/** A pull request's page. */
function pullUrl(env, ref) {
    return `${repoUrl(env, ref)}/pull/${ref.number}`;
}
/** A branch's tree; slashes in the branch name stay path separators, as GitHub links them. */
function branchUrl(env, ref) {
    const branch = ref.branch.split('/').map(encodeURIComponent).join('/');
    return `${repoUrl(env, ref)}/tree/${branch}`;
}
/** The "compare and open a pull request" page for `head` against `base`. */
function compareUrl(env, ref) {
    const encode = (branch) => branch.split('/').map(encodeURIComponent).join('/');
    return `${repoUrl(env, ref)}/compare/${encode(ref.base)}...${encode(ref.head)}?expand=1`;
}


/***/ }),

/***/ 83807:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Et: () => (/* binding */ campaignBranchName),
/* harmony export */   Go: () => (/* binding */ issueBranchPrefix),
/* harmony export */   Vr: () => (/* binding */ validateBranchPrefix),
/* harmony export */   _g: () => (/* binding */ DEFAULT_BRANCH_PREFIX),
/* harmony export */   a: () => (/* binding */ pullRequestBranchName),
/* harmony export */   dx: () => (/* binding */ pullRequestBranchPrefix),
/* harmony export */   hq: () => (/* binding */ branchNameProblem),
/* harmony export */   pp: () => (/* binding */ issueBranchName),
/* harmony export */   zq: () => (/* binding */ maintenanceBranchName)
/* harmony export */ });
/* unused harmony export slugify */
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/**
 * Names of the bot's branches: `<prefix>issue-<n>-<slug>` for work on an issue,
 * `<prefix>pr-<n>-<slug>` for a pull request whose own branch is not pushed to
 * (`push_to_pr_branch: false`), `<prefix>maintenance-<slug>` for scheduled and manual runs,
 * `<prefix>campaign-<key>` for one repository's run of a fleet campaign.
 * The slug comes from untrusted text (an issue title), so it is reduced to lowercase ASCII letters,
 * digits and dashes; the whole name is checked against git's rules for branch names.
 */

/** The `branch_prefix` input's default. */
const DEFAULT_BRANCH_PREFIX = 'gemini/';
const SLUG_MAX = 40;
/**
 * Lowercase ASCII words joined by dashes, at most 40 characters, cut at a word boundary where
 * possible; `fallback` when nothing is left (a title in another script, only punctuation).
 */
function slugify(text, fallback = 'changes') {
    const ascii = text
        .normalize('NFKD')
        // Accents split off by NFKD.
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
    if (ascii.length <= SLUG_MAX)
        return ascii === '' ? fallback : ascii;
    const cut = ascii.slice(0, SLUG_MAX);
    const lastDash = cut.lastIndexOf('-');
    // Cut at the last whole word unless that leaves too little.
    const slug = (lastDash >= SLUG_MAX / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
    return slug === '' ? fallback : slug;
}
/**
 * Why `name` is not a valid branch name by `git check-ref-format --branch` rules, or undefined
 * when it is.
 */
function branchNameProblem(name) {
    if (name === '')
        return 'it is empty';
    if (name.startsWith('-'))
        return 'it starts with "-"';
    if (name === '@' || name.includes('@{'))
        return 'it contains "@{" or is "@"';
    if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) {
        return 'it starts or ends with "/" or contains "//"';
    }
    if (name.endsWith('.'))
        return 'it ends with "."';
    if (name.includes('..'))
        return 'it contains ".."';
    // Control characters, space and the characters git reserves for revision syntax and globs.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0020\u007f~^:?*[\\]/.test(name)) {
        return 'it contains a space, a control character or one of ~ ^ : ? * [ \\';
    }
    for (const part of name.split('/')) {
        if (part.startsWith('.'))
            return 'a part between slashes starts with "."';
        if (part.endsWith('.lock'))
            return 'a part between slashes ends with ".lock"';
    }
    return undefined;
}
/** Checks the `branch_prefix` input (which may be empty) and returns it. */
function validateBranchPrefix(prefix) {
    // A prefix is valid when a name that starts with it can be.
    const problem = prefix === '' ? undefined : branchNameProblem(`${prefix}x`);
    if (problem !== undefined || prefix.startsWith('refs/')) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`expected a branch name prefix such as "gemini/" (letters, digits, "-", "_", "." and "/"), got ${JSON.stringify(prefix)}: ${problem ?? 'it starts with "refs/"'}.`, { input: 'branch_prefix' });
    }
    return prefix;
}
/** `<prefix>issue-<n>-` \u2014 every branch for the issue starts with it, whatever its title became. */
function issueBranchPrefix(prefix, issueNumber) {
    return `${validateBranchPrefix(prefix)}issue-${issueNumber}-`;
}
/** `<prefix>issue-<n>-<slug of the title>`. */
function issueBranchName(prefix, issueNumber, title) {
    return checked(`${issueBranchPrefix(prefix, issueNumber)}${slugify(title)}`);
}
/** `<prefix>pr-<n>-` \u2014 every branch for the pull request starts with it. */
function pullRequestBranchPrefix(prefix, pullNumber) {
    return `${validateBranchPrefix(prefix)}pr-${pullNumber}-`;
}
/** `<prefix>pr-<n>-<slug of the title>`. */
function pullRequestBranchName(prefix, pullNumber, title) {
    return checked(`${pullRequestBranchPrefix(prefix, pullNumber)}${slugify(title)}`);
}
/** `<prefix>maintenance-<slug of the name>`; the name is e.g. the workflow's or the task's. */
function maintenanceBranchName(prefix, name) {
    return checked(`${validateBranchPrefix(prefix)}maintenance-${slugify(name, 'run')}`);
}
/**
 * `<prefix>campaign-<key>`: the one branch (and so the one pull request) a fleet campaign keeps in
 * each repository. The key is already a lowercase slug (fleet/campaign-key.ts checks it), so two
 * campaigns never share a branch.
 */
function campaignBranchName(prefix, key) {
    return checked(`${validateBranchPrefix(prefix)}campaign-${key}`);
}
function checked(name) {
    const problem = branchNameProblem(name);
    // The prefix was checked and the rest is a slug, so this is a bug, not a user error.
    if (problem !== undefined)
        throw new Error(`Generated an invalid branch name ${name}: ${problem}`);
    return name;
}


/***/ }),

/***/ 49793:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gc: () => (/* binding */ earlyEndHeader),
/* harmony export */   Pv: () => (/* binding */ earlyEndTitle),
/* harmony export */   b: () => (/* binding */ earlyEndLine),
/* harmony export */   wW: () => (/* binding */ earlyEndText)
/* harmony export */ });
/* unused harmony exports formatMoment, earlyEndSentence */
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(54285);
/**
 * How a run ended before it finished, and how the reports say so. A run that ends early still
 * reports from what it had done: the final comment and the job summary say what stopped it and
 * when, list the tool calls made and say where the work went. Every kind has its own wording, so
 * a reader knows whether to press *Re-run*, raise a limit, or look at the newer run.
 *
 * - `cancelled`: someone cancelled the job, or the runner was shut down (the runner sends the step
 *   SIGINT, then SIGTERM);
 * - `timed-out`: a time limit was reached (the Action's `timeout_minutes`, or the job's);
 * - `superseded`: a newer run of the same work took over (a newer review of the same pull
 *   request, `cancel-in-progress`);
 * - `stopped`: the main step ended without its report (killed, crashed); the post step writes
 *   this one, from the record the main step left.
 */

const TITLES = {
    cancelled: 'was cancelled',
    'timed-out': 'timed out',
    superseded: 'was stopped by a newer run',
    stopped: 'stopped unexpectedly',
};
const ICONS = {
    cancelled: '\u23f9\ufe0f',
    'timed-out': '\u23f1\ufe0f',
    superseded: '\u23ed\ufe0f',
    stopped: '\u26a0\ufe0f',
};
/** `2025-06-02 10:00:12 UTC`: a moment every reader can place, whatever their time zone. */
function formatMoment(at) {
    const date = new Date(at);
    if (Number.isNaN(date.getTime()))
        return 'an unknown time';
    return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
/** `was cancelled`, `timed out`, \u2026: what happened to the run, for headers and log lines. */
function earlyEndTitle(ending) {
    return TITLES[ending.kind];
}
/** The report's header: `**Gemini's work on @x's task was cancelled after 12s**`. */
function earlyEndHeader(ending, context) {
    return `**${context.bot}'s work on ${context.task} ${TITLES[ending.kind]} after ${context.elapsed}**`;
}
/** The quoted line under the header: what stopped the run, and when. */
function earlyEndLine(ending, links) {
    return `> ${ICONS[ending.kind]} ${earlyEndSentence(ending, links)}`;
}
/** One sentence for the log, the error output and the job summary. */
function earlyEndSentence(ending, links = {}) {
    const when = formatMoment(ending.at);
    switch (ending.kind) {
        case 'cancelled': {
            const by = ending.signal === undefined ? '' : ` (the runner sent ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineText */ .ln)(ending.signal)})`;
            return `**The run was cancelled** at ${when}${by}: the job was cancelled or its runner shut down.`;
        }
        case 'timed-out': {
            const limit = ending.limit === undefined ? 'its time limit' : (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .inlineText */ .ln)(ending.limit);
            return `**The run timed out** at ${when}: it reached ${limit}.`;
        }
        case 'superseded': {
            const newer = ending.newerRunUrl === undefined
                ? 'a newer run'
                : `a [newer run](${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .linkTarget */ .Cm)(ending.newerRunUrl)})`;
            return `**The run was stopped by a newer run** at ${when}: ${newer} took over the same work.`;
        }
        case 'stopped': {
            const cause = ending.cause === undefined
                ? ''
                : ` It ${TITLES[ending.cause.kind]} at ${formatMoment(ending.cause.at)}.`;
            const log = links.runUrl === undefined ? 'the job log' : `the [job log](${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .linkTarget */ .Cm)(links.runUrl)})`;
            return `**The run stopped unexpectedly**: its main step ended before it could report, so this was written afterwards from the record it kept.${cause} See ${log} for why it ended.`;
        }
    }
}
/** The same sentence without Markdown, for the log and the `error` output. */
function earlyEndText(ending) {
    return earlyEndSentence(ending)
        .replace(/\*\*/g, '')
        .replace(/\[([^\]]*)\]\(([^)]*)\)/g, '$1 ($2)');
}


/***/ }),

/***/ 11141:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DJ: () => (/* binding */ fitMarkdown),
/* harmony export */   G$: () => (/* binding */ cutMarkdown),
/* harmony export */   Km: () => (/* binding */ shrinkLinesBlock),
/* harmony export */   Ny: () => (/* binding */ renderLinesBlock),
/* harmony export */   WK: () => (/* binding */ fitSections),
/* harmony export */   _4: () => (/* binding */ GITHUB_COMMENT_LIMIT),
/* harmony export */   dy: () => (/* binding */ utf8Bytes),
/* harmony export */   hg: () => (/* binding */ characters)
/* harmony export */ });
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(54285);
/**
 * Fitting Markdown into a size limit (GitHub rejects a comment body over 65,536 characters, and
 * a job summary over 1 MiB) without breaking it: cuts fall between lines, a code fence or a
 * `<details>` block open at the cut is closed, and a note says what was left out and where the
 * whole of it is. Sections shrink in a chosen order (the diff before the transcript before the
 * summary), so what matters most survives longest.
 */

/** GitHub's maximum comment body, in characters. */
const GITHUB_COMMENT_LIMIT = 65_536;
const characters = (text) => text.length;
const utf8Bytes = (text) => Buffer.byteLength(text, 'utf8');
/** Joins the sections, shrinking them in order until the whole fits within the limit. */
function fitSections(sections, options) {
    const measure = options.measure ?? characters;
    const separator = options.separator ?? '\n\n';
    const texts = sections.map((section) => section.text);
    const join = () => texts.filter((text) => text !== '').join(separator);
    const order = sections
        .map((section, index) => ({ section, index }))
        .filter(({ section }) => section.shrink !== undefined)
        .sort((a, b) => (a.section.shrinkOrder ?? 0) - (b.section.shrinkOrder ?? 0));
    for (const { section, index } of order) {
        const over = measure(join()) - options.limit;
        if (over <= 0)
            break;
        const current = texts[index] ?? '';
        if (current === '' || !section.shrink)
            continue;
        texts[index] = section.shrink(Math.max(0, measure(current) - over), measure);
    }
    return fitMarkdown(join(), { limit: options.limit, measure, note: options.note });
}
/** The document unchanged when it fits; otherwise cut by `cutMarkdown`. */
function fitMarkdown(text, options) {
    const measure = options.measure ?? characters;
    if (measure(text) <= options.limit)
        return text;
    return cutMarkdown(text, options.limit, { measure, note: options.note });
}
/**
 * Keeps whole lines from the start while they fit \u2014 and when the first line that does not is a
 * long one (a paragraph written as one line must not vanish whole), its beginning up to a word \u2014
 * closes whatever code fence and `<details>` blocks are open at the cut, and ends with `note` (on
 * its own paragraph). The result is never over `max`; if not even the note fits, it is cut itself.
 */
function cutMarkdown(text, max, options) {
    const measure = options.measure ?? characters;
    const note = options.note === '' ? '' : `\n\n${options.note}`;
    const lines = text.split('\n');
    const state = new BlockTracker();
    let kept = '';
    let keptSize = 0;
    let closers = '';
    for (const line of lines) {
        const next = new BlockTracker(state);
        next.feed(line);
        const separator = kept === '' ? '' : '\n';
        const piece = `${separator}${line}`;
        const nextClosers = next.closers();
        if (keptSize + measure(piece) + measure(nextClosers) + measure(note) <= max) {
            kept += piece;
            keptSize += measure(piece);
            state.copyFrom(next);
            closers = nextClosers;
            continue;
        }
        // Short lines and our own block lines (`<details>`, fences) are kept whole or not at all.
        const ownBlockLine = line.trimStart().startsWith('<') || (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .fenceOpening */ .YY)(line) !== undefined;
        if (line.length <= LONG_LINE || ownBlockLine)
            break;
        const budget = max - keptSize - measure(separator) - measure(state.closers()) - measure(note) - measure('\u2026');
        const start = lineStart(line, budget, measure);
        if (start !== '') {
            kept += `${separator}${start}\u2026`;
            closers = state.closers();
        }
        break;
    }
    const result = `${kept}${closers}${note}`.replace(/^\n+/, '');
    return measure(result) <= max ? result : hardCut(result, max, measure);
}
/** A line longer than this may be cut within; a shorter one is kept whole or dropped. */
const LONG_LINE = 200;
/** How far back from a cut a space is looked for, so the cut falls between words. */
const WORD_BOUNDARY_REACH = 200;
/**
 * The longest beginning of `line` within `budget` (as measured), ending between words when a
 * space is near the cut and never inside a surrogate pair; `''` when nothing fits.
 */
function lineStart(line, budget, measure) {
    if (budget <= 0)
        return '';
    const end = longestPrefix(line, budget, measure);
    const space = line.lastIndexOf(' ', end);
    const cut = space > 0 && end - space <= WORD_BOUNDARY_REACH && end < line.length ? space : end;
    return line.slice(0, cut).trimEnd();
}
/** The length of the longest prefix of `text` within `max`, not splitting a surrogate pair. */
function longestPrefix(text, max, measure) {
    let low = 0;
    let high = text.length;
    while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (measure(text.slice(0, mid)) <= max)
            low = mid;
        else
            high = mid - 1;
    }
    const code = text.charCodeAt(low - 1);
    return code >= 0xd800 && code <= 0xdbff ? low - 1 : low;
}
function renderLinesBlock(block) {
    return `${block.before}${block.lines.join('\n')}${block.after}`;
}
/** The block within `max`, keeping as many leading lines as fit, or else the note alone. */
function shrinkLinesBlock(block, max, measure) {
    const full = renderLinesBlock(block);
    if (measure(full) <= max)
        return full;
    // The note's length depends on the count; the count of all lines is the longest it can be.
    const fixed = measure(block.before) + measure(block.after) + measure(`\n\n${block.note(block.lines.length)}`);
    let used = fixed;
    let count = 0;
    for (const line of block.lines) {
        const size = measure(line) + (count === 0 ? 0 : 1);
        if (used + size > max)
            break;
        used += size;
        count++;
    }
    const omitted = block.lines.length - count;
    if (count === 0)
        return block.note(omitted);
    const kept = { ...block, lines: block.lines.slice(0, count) };
    return `${renderLinesBlock(kept)}\n\n${block.note(omitted)}`;
}
/** Last resort: a plain cut that never splits a surrogate pair. */
function hardCut(text, max, measure) {
    return text.slice(0, longestPrefix(text, max, measure));
}
/** Which code fence and how many `<details>` blocks are open after the lines fed so far. */
class BlockTracker {
    fence;
    details = 0;
    constructor(from) {
        if (from)
            this.copyFrom(from);
    }
    copyFrom(other) {
        this.fence = other.fence;
        this.details = other.details;
    }
    feed(line) {
        if (this.fence !== undefined) {
            if ((0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .closesFence */ .Tv)(line, this.fence))
                this.fence = undefined;
            return;
        }
        const marker = (0,_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .fenceOpening */ .YY)(line);
        if (marker !== undefined) {
            this.fence = marker;
            return;
        }
        // Our own renderers put `<details>` and `</details>` tags at line starts; untrusted text has
        // its `<` escaped, so only ours are counted.
        this.details += (line.match(/^\s*<details\b/gi) ?? []).length;
        this.details -= (line.match(/<\/details>/gi) ?? []).length;
        if (this.details < 0)
            this.details = 0;
    }
    closers() {
        let text = this.fence === undefined ? '' : `\n${this.fence}`;
        text += '\n\n</details>'.repeat(this.details);
        return text;
    }
}


/***/ }),

/***/ 5236:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WX: () => (/* binding */ renderSkippedJobSummary),
/* harmony export */   j7: () => (/* binding */ writeJobSummary),
/* harmony export */   l4: () => (/* binding */ renderFailedJobSummary),
/* harmony export */   qE: () => (/* binding */ renderJobSummary),
/* harmony export */   zS: () => (/* binding */ JOB_SUMMARY_LIMIT)
/* harmony export */ });
/* harmony import */ var _fit_comment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(11141);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(54285);
/* harmony import */ var _progress_comment_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(91611);
/**
 * The job summary: the final comment's content (who asked, the outcome, the answer, the tool
 * transcript, the diff, the tokens), so the run page tells the same story even when no comment
 * could be posted. GitHub takes up to 1 MiB per step, so the same sections shrink against that.
 */



/**
 * A step's summary may be 1 MiB; this leaves room for anything else the step writes (a skip
 * line, another step's heading) so the upload is never refused.
 */
const JOB_SUMMARY_LIMIT = 1_000_000;
const LIMIT_LABEL = "the job summary's 1 MiB limit";
/** The job summary of a run that got as far as the agent (or crashed on the way). */
function renderJobSummary(state, outcome, links, options) {
    const heading = `## ${options.heading ?? `${options.botName ?? 'Gemini'} agent`}`;
    const sections = [
        { text: heading },
        ...(0,_progress_comment_js__WEBPACK_IMPORTED_MODULE_0__/* .finalSections */ .D6)(state, outcome, links, { ...options, limitLabel: LIMIT_LABEL }),
    ];
    return (0,_fit_comment_js__WEBPACK_IMPORTED_MODULE_1__/* .fitSections */ .WK)(sections, {
        limit: JOB_SUMMARY_LIMIT,
        measure: _fit_comment_js__WEBPACK_IMPORTED_MODULE_1__/* .utf8Bytes */ .dy,
        note: (0,_progress_comment_js__WEBPACK_IMPORTED_MODULE_0__/* .cutNote */ .nA)('The summary was cut', links, LIMIT_LABEL),
    });
}
/** One line for a run that did not start (e.g. an unauthorized trigger), with no comment. */
function renderSkippedJobSummary(reason, options) {
    return `\u23ed\ufe0f Skipped: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .inlineText */ .ln)(options.redact(reason), { maxLength: 500 })}`;
}
/** One line for a run that failed before it started (an input, the runner's environment). */
function renderFailedJobSummary(error, options) {
    return `\u274c Failed: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .inlineText */ .ln)(options.redact(error), { maxLength: 2000 })}`;
}
async function writeJobSummary(summary, markdown) {
    summary.addRaw(markdown, true);
    await summary.write();
}


/***/ }),

/***/ 54285:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $K: () => (/* binding */ modelMarkdown),
/* harmony export */   Cm: () => (/* binding */ linkTarget),
/* harmony export */   DV: () => (/* binding */ codeBlock),
/* harmony export */   Lt: () => (/* binding */ fenceFor),
/* harmony export */   SS: () => (/* binding */ codeSpan),
/* harmony export */   Tv: () => (/* binding */ closesFence),
/* harmony export */   YY: () => (/* binding */ fenceOpening),
/* harmony export */   ZD: () => (/* binding */ escapeHtml),
/* harmony export */   ln: () => (/* binding */ inlineText),
/* harmony export */   tI: () => (/* binding */ neutralizeMentions),
/* harmony export */   xv: () => (/* binding */ truncate)
/* harmony export */ });
/* harmony import */ var _platform_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(37376);
/**
 * Making untrusted text (the model's words, tool output, file names) safe to put into a GitHub
 * comment: it must not break our layout (close a `<details>`, open a code fence that swallows the
 * rest), must not ping people (`@user`, `@org/team`), must not back-link into other repositories
 * (`owner/repo#1`), and must not load remote images (a tracking pixel is an exfiltration channel).
 * Redaction is the caller's job and happens before any of this, on the raw text.
 */

/** A zero-width space: GitHub no longer sees a mention or reference, a reader sees no change. */
const ZWSP = '\u200B';
/** `@login` and `@org/team` where GitHub would link them: not after a word character. */
const MENTION = /(^|\W)@(?=[a-z0-9])/gi;
/**
 * `owner/repo#123` and `owner/repo@sha` cross-references into other repositories (not inside a
 * URL path, where `#` starts a fragment).
 */
const CROSS_REFERENCE = /(?<![\w./-])([a-z0-9][\w.-]*\/[\w.-]+)(#(?=\d)|@(?=[0-9a-f]{7}))/gi;
/** Breaks `@mentions` and cross-repository references so the bot never notifies anyone. */
function neutralizeMentions(text) {
    return text
        .replace(MENTION, (_match, before) => `${before}@${ZWSP}`)
        .replace(CROSS_REFERENCE, (_match, repo, sign) => `${repo}${sign}${ZWSP}`);
}
/** For text inside HTML (e.g. `<summary>`), where Markdown escapes do not apply. */
function escapeHtml(text) {
    return neutralizeMentions(text)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');
}
/** Cuts to `max` characters (UTF-16 units, never splitting a surrogate pair), marking the cut. */
function truncate(text, max) {
    if (text.length <= max)
        return text;
    let end = Math.max(0, max - 1);
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff)
        end--;
    return `${text.slice(0, end)}\u2026`;
}
/**
 * Untrusted text as plain inline Markdown on one line (a list item, a status line): every
 * character that could start emphasis, code, a link, an image, a table cell or an HTML tag is
 * escaped, so the text reads exactly as written and cannot change the layout around it.
 */
function inlineText(text, options = {}) {
    // Mentions first: once `_` is escaped, `my\_org/repo#1` no longer looks like a reference here,
    // but GitHub still sees one in the rendered text.
    return neutralizeMentions(truncate((0,_platform_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(text), options.maxLength ?? 200))
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/[\\`*_~[\]|]/g, (char) => `\\${char}`);
}
/** Untrusted text as an inline code span on one line (commands, paths, rule locations). */
function codeSpan(text, options = {}) {
    const line = truncate((0,_platform_text_js__WEBPACK_IMPORTED_MODULE_0__/* .oneLine */ .TN)(text), options.maxLength ?? 200);
    if (line === '')
        return '';
    // A code span ends at the first backtick run as long as its opening one; use a longer run.
    const longest = Math.max(0, ...Array.from(line.matchAll(/`+/g), (m) => m[0].length));
    const ticks = '`'.repeat(longest + 1);
    const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
    return `${ticks}${pad}${line}${pad}${ticks}`;
}
/** A fence that no line of `text` can close early: longer than any backtick run in it. */
function fenceFor(text) {
    const longest = Math.max(0, ...Array.from(text.matchAll(/`{3,}/g), (m) => m[0].length));
    return '`'.repeat(Math.max(3, longest + 1));
}
/** Untrusted text as a fenced code block: shown verbatim, nothing in it renders or pings. */
function codeBlock(text, language = '') {
    const fence = fenceFor(text);
    const body = text.endsWith('\n') ? text : `${text}\n`;
    return `${fence}${language}\n${body}${fence}`;
}
const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})/;
/** The fence a line opens (its backticks or tildes), if it is a fence line. */
function fenceOpening(line) {
    return FENCE_LINE.exec(line)?.[1];
}
/** A closing fence uses the same character, at least as many, and nothing else on the line. */
function closesFence(line, fence) {
    const marker = fenceOpening(line);
    return (marker !== undefined &&
        marker[0] === fence[0] &&
        marker.length >= fence.length &&
        line.trim() === marker);
}
/**
 * The model's answer as Markdown that still renders (lists, code blocks, links, emphasis) but
 * cannot break out of its place: raw HTML is shown as text (so `</details>` or `<!--` cannot
 * close or hide our blocks), images become plain links, mentions are neutralised outside code,
 * and a code fence left open is closed.
 */
function modelMarkdown(text) {
    const out = [];
    let fence;
    for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
        const marker = fenceOpening(line);
        if (fence !== undefined) {
            out.push(line);
            if (closesFence(line, fence))
                fence = undefined;
        }
        else if (marker !== undefined) {
            fence = marker;
            out.push(line);
        }
        else {
            out.push(outsideCodeSpans(line, escapeProse));
        }
    }
    if (fence !== undefined)
        out.push(fence);
    return out.join('\n');
}
function escapeProse(text) {
    // An entity such as `&#64;` would render as `@` and then be linked, so entities stay literal.
    return neutralizeMentions(text)
        .replace(/&(?=[#a-z0-9]+;)/gi, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/!\[/g, '!\\[');
}
/** Applies `transform` to the parts of a line that are not inline code spans. */
function outsideCodeSpans(line, transform) {
    let result = '';
    let rest = line;
    for (;;) {
        const open = /`+/.exec(rest);
        if (!open)
            return result + transform(rest);
        const ticks = open[0];
        const afterOpen = open.index + ticks.length;
        // The span closes at the next run of exactly the same length.
        const close = new RegExp(`(?<!\`)${ticks}(?!\`)`).exec(rest.slice(afterOpen));
        if (!close) {
            // No closing run: the backticks are literal text.
            result += transform(rest.slice(0, afterOpen));
            rest = rest.slice(afterOpen);
            continue;
        }
        const end = afterOpen + close.index + ticks.length;
        result += transform(rest.slice(0, open.index)) + rest.slice(open.index, end);
        rest = rest.slice(end);
    }
}
/** A URL as a Markdown link target: only http(s), without the characters that end a target. */
function linkTarget(url) {
    if (!/^https?:\/\//i.test(url))
        return '#';
    return url.replace(/[\s()<>]/g, (char) => encodeURIComponent(char));
}


/***/ }),

/***/ 91611:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  nA: () => (/* binding */ cutNote),
  D6: () => (/* binding */ finalSections),
  y4: () => (/* binding */ renderFinalComment),
  rS: () => (/* binding */ renderProgressComment)
});

// UNUSED EXPORTS: formatElapsed

// EXTERNAL MODULE: ./src/github/own-marker.ts
var own_marker = __webpack_require__(21886);
// EXTERNAL MODULE: ./src/platform/text.ts
var platform_text = __webpack_require__(37376);
// EXTERNAL MODULE: ./src/report/fit-comment.ts
var fit_comment = __webpack_require__(11141);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(54285);
// EXTERNAL MODULE: ./src/report/progress-state.ts
var progress_state = __webpack_require__(56315);
// EXTERNAL MODULE: ./src/tools/write-todos.ts
var write_todos = __webpack_require__(57108);
// EXTERNAL MODULE: ./src/report/early-end.ts
var early_end = __webpack_require__(49793);
// EXTERNAL MODULE: ./src/model/model-cost.ts
var model_cost = __webpack_require__(21468);
;// CONCATENATED MODULE: ./src/report/cost-line.ts


/**
 * `**Cost** (estimate from list prices): gemini-4-argon $0.0421 \u00b7 total $0.0421`; nothing when
 * no request reported usage.
 */
function costLine(tally) {
    if (tally === undefined || Object.keys(tally).length === 0)
        return undefined;
    const total = (0,model_cost/* costTotal */.S$)(tally);
    const models = Object.entries(tally).map(([model, share]) => `${(0,markdown/* inlineText */.ln)(model, { maxLength: 80 })} ${(0,model_cost/* describeModelCost */.WK)(share)}`);
    const sum = total.usd === null
        ? `total unknown${total.knownUsd > 0 ? ` (${(0,model_cost/* formatUsd */.UK)(total.knownUsd)} known)` : ''}`
        : `total ${(0,model_cost/* formatUsd */.UK)(total.usd)}`;
    // One model's figure is the total: said once.
    const parts = models.length > 1 ? [...models, sum] : models;
    const notes = [
        ...total.unknown.map((entry) => (0,markdown/* inlineText */.ln)(entry.reason, { maxLength: 200 })),
        ...(total.cachedAtInputRate ? ['cached input counted at the input price, an upper bound'] : []),
    ];
    const noted = notes.length > 0 ? ` (${notes.join('; ')})` : '';
    return `**Cost** (estimate from list prices): ${parts.join(' \u00b7 ')}${noted}`;
}

;// CONCATENATED MODULE: ./src/report/progress-comment.ts
/**
 * The comment a run keeps on the issue or pull request: while the agent works, its status, todo
 * list and tool calls as they happen; at the end, who asked, how long it took, the answer, the
 * tool transcript, the diff and the tokens used \u2014 or a clear error \u2014 always with the run link.
 * Pure renderers: every piece of text that came from the model or a tool is redacted, then
 * escaped so it can neither break the layout nor ping anyone.
 */









const ICONS = {
    pending: '\u23f3',
    running: '\ud83d\udd04',
    done: '\u2705',
    failed: '\u274c',
    denied: '\ud83d\udeab',
    cancelled: '\u23f9\ufe0f',
};
const COMMENT_LIMIT_LABEL = `GitHub's ${(0,platform_text/* groupDigits */.K9)(fit_comment/* GITHUB_COMMENT_LIMIT */._4)}-character comment limit`;
const DESCRIPTION_MAX = 160;
const RESULT_MAX = 160;
/** The comment while the run goes on (and a plain end state if rendered after the end). */
function renderProgressComment(state, links, options) {
    const parts = [progressHeader(state, options), ...fallbackLine(state, options)];
    if (state.status === 'working' && state.thought !== undefined) {
        parts.push(`_\ud83d\udcad ${(0,markdown/* inlineText */.ln)(options.redact(state.thought.subject), { maxLength: 120 })}_`);
    }
    if (state.todos.length > 0)
        parts.push(`**Todo**\n\n${todoLines(state.todos, options).join('\n')}`);
    if (state.toolCalls.length > 0)
        parts.push(toolCallList(state, options));
    parts.push(footer(links, []));
    return (0,fit_comment/* fitMarkdown */.DJ)(parts.join('\n\n'), {
        limit: fit_comment/* GITHUB_COMMENT_LIMIT */._4 - (options.reserve ?? 0),
        note: cutNote('The comment was cut', links, COMMENT_LIMIT_LABEL),
    });
}
/** The final comment, cut to GitHub's limit: the diff shrinks first, then the transcript. */
function renderFinalComment(state, outcome, links, options) {
    return (0,fit_comment/* fitSections */.WK)(finalSections(state, outcome, links, options), {
        limit: fit_comment/* GITHUB_COMMENT_LIMIT */._4 - (options.reserve ?? 0),
        note: cutNote('The comment was cut', links, COMMENT_LIMIT_LABEL),
    });
}
/**
 * The final report's parts in order, each able to shrink (diff first, then the transcript, the
 * todo list, the summary); `limitLabel` names the limit in the notes left where text was cut.
 */
function finalSections(state, outcome, links, options) {
    const { redact } = options;
    const limitLabel = options.limitLabel ?? COMMENT_LIMIT_LABEL;
    const reason = outcome.reason ?? state.endReason ?? 'crash';
    const elapsed = formatElapsed(outcome.durationMs ?? elapsedOf(state));
    const who = actorText(options.actor);
    const bot = options.botName ?? 'Gemini';
    const header = outcome.ending !== undefined
        ? `${(0,early_end/* earlyEndHeader */.Gc)(outcome.ending, { bot, task: who, elapsed })}\n\n${(0,early_end/* earlyEndLine */.b)(outcome.ending, links)}`
        : reason === 'completed'
            ? `**${bot} finished ${who} in ${elapsed}**`
            : `**${bot} failed ${who} after ${elapsed}**\n\n${failureLine(reason, outcome.error ?? state.endMessage, redact)}`;
    const sections = [{ text: header }];
    for (const line of fallbackLine(state, options))
        sections.push({ text: line });
    const summaryText = redact(outcome.summary ?? (0,progress_state/* finalText */.cT)(state)).trim();
    if (summaryText !== '') {
        const summary = (0,markdown/* modelMarkdown */.$K)(summaryText);
        const note = cutNote('The answer was cut', links, limitLabel, 'answer.md');
        sections.push({
            text: summary,
            shrinkOrder: 4,
            shrink: (max, measure) => measure(note) >= max ? note : (0,fit_comment/* cutMarkdown */.G$)(summary, max, { measure, note }),
        });
    }
    for (const result of outcome.results ?? []) {
        sections.push({ text: typeof result === 'string' ? result : result(links) });
    }
    if (state.todos.length > 0) {
        const done = state.todos.filter((todo) => todo.status === 'completed').length;
        sections.push(linesSection({
            before: `<details><summary>Todo list (${done}/${state.todos.length} done)</summary>\n\n`,
            lines: todoLines(state.todos, options),
            after: '\n\n</details>',
            note: (omitted) => cutNote(`${omitted} more todo items not shown`, links, limitLabel),
        }, 3));
    }
    if (state.toolCalls.length > 0) {
        const listed = listedCalls(state.toolCalls);
        // Repeated housekeeping calls share one line ("(4 updates)"), so the count says both.
        const count = listed.length === state.toolCalls.length
            ? String(state.toolCalls.length)
            : `${state.toolCalls.length} calls in ${listed.length} lines`;
        sections.push(linesSection({
            before: `<details><summary>Tool calls (${count})</summary>\n\n`,
            lines: listed.flatMap((call) => callLines(call, options, { final: true })),
            after: '\n\n</details>',
            note: (omitted) => cutNote(`${omitted} more tool calls not shown`, links, limitLabel),
        }, 2));
    }
    const diff = outcome.diff;
    if (diff !== undefined && diff.patch.trim() !== '') {
        sections.push(linesSection(diffBlock(diff, links, limitLabel, redact), 1));
    }
    sections.push({
        text: [
            ...noticeLines(state, options),
            ...costLines(state, options),
            footer(links, [usageLine(state)]),
        ].join('\n'),
    });
    return sections;
}
/** The run's model notices, above the footer: each once, in the final comment and the summary. */
function noticeLines(state, options) {
    return (state.modelNotices ?? []).map((notice) => `> \u26a0\ufe0f ${(0,markdown/* inlineText */.ln)(options.redact(notice), { maxLength: 500 })}\n`);
}
/** The note that the run went on with the fallback model, when it did. */
function fallbackLine(state, options) {
    if (state.modelFallback === undefined)
        return [];
    return [`> \u26a0\ufe0f ${(0,markdown/* inlineText */.ln)(options.redact(state.modelFallback), { maxLength: 500 })}`];
}
/** `45s`, `2m 5s`, `1h 2m 3s`. */
function formatElapsed(ms) {
    const total = Math.max(0, Math.round(ms / 1000));
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const seconds = total % 60;
    if (hours > 0)
        return `${hours}h ${minutes}m ${seconds}s`;
    if (minutes > 0)
        return `${minutes}m ${seconds}s`;
    return `${seconds}s`;
}
/**
 * While the agent works, and after its session ended while the run publishes the result: the
 * final comment follows with the outcome and the time the whole run took, so no time is shown
 * here that the final comment would contradict.
 */
function progressHeader(state, options) {
    const bot = options.botName ?? 'Gemini';
    const who = actorText(options.actor);
    const spinner = options.spinnerImageUrl === undefined
        ? '\u23f3'
        : `<img src="${(0,markdown/* escapeHtml */.ZD)(options.spinnerImageUrl)}" width="14" height="14" alt="" />`;
    const doing = state.status === 'working' ? 'is working on' : 'is wrapping up';
    return `**${bot} ${doing} ${who}** ${spinner}`;
}
/** `@octocat's task`; a login that is not a plain GitHub login is shown as text. */
function actorText(actor) {
    if (actor === undefined || actor === '')
        return 'the task';
    if (/^[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\[bot\])?$/i.test(actor))
        return `@${actor}'s task`;
    return `${(0,markdown/* inlineText */.ln)(actor, { maxLength: 60 })}'s task`;
}
function elapsedOf(state) {
    if (state.startedAt === undefined)
        return 0;
    return (state.endedAt ?? state.startedAt) - state.startedAt;
}
const FAILURES = {
    max_turns: 'Budget reached: the turn limit',
    max_tool_calls: 'Budget reached: the tool-call limit',
    timeout: 'Budget reached: the time limit',
    token_budget: 'Budget reached: the token budget',
    cost_budget: 'Budget reached: the cost cap',
    loop_detected: 'Stopped: the agent was repeating itself',
    cancelled: 'The run was cancelled',
    model_error: 'Model error',
    model_not_found: 'Model not found',
    model_blocked: "The model's response was blocked",
    auth_error: 'The model rejected the credentials',
    fatal_tool_error: 'A tool failed in a way the run cannot recover from',
    no_complete_task: 'The agent stopped without handing in its result',
    internal_error: 'The agent crashed',
    configuration: 'The run could not start',
    crash: 'The run crashed',
};
function failureLine(reason, error, redact) {
    const detail = error === undefined || error.trim() === ''
        ? ''
        : `: ${(0,markdown/* inlineText */.ln)(redact(error), { maxLength: 1000 })}`;
    return `> \u274c **${FAILURES[reason]}**${detail}`;
}
function todoLines(todos, options) {
    return todos.map((todo) => {
        const text = (0,markdown/* inlineText */.ln)(options.redact(todo.description), { maxLength: 200 });
        switch (todo.status) {
            case 'completed':
                return `- [x] ${text}`;
            case 'in_progress':
                return `- [ ] **${text}** \u2190 in progress`;
            case 'cancelled':
                return `- [ ] ~~${text}~~ (cancelled)`;
            case 'pending':
                return `- [ ] ${text}`;
        }
    });
}
function toolCallList(state, options) {
    const max = options.maxToolCalls ?? 50;
    const listed = listedCalls(state.toolCalls);
    const shown = listed.slice(-max);
    const hidden = listed.length - shown.length;
    const lines = shown.flatMap((call) => callLines(call, options, { final: false }));
    if (hidden > 0)
        lines.unshift(`- \u2026 ${hidden} earlier tool calls`);
    return `**Tool calls**\n\n${lines.join('\n')}`;
}
/**
 * Tools that only keep the agent's notes: each `write_todos` call replaces the todo list the
 * comment already shows, so a run's updates are one line, in the place of the first, showing the
 * latest. A refused or failed one keeps a line of its own: that is news.
 */
const HOUSEKEEPING_TOOLS = new Set([write_todos/* WRITE_TODOS_TOOL_NAME */.b]);
function listedCalls(calls) {
    const listed = [];
    const folded = new Map();
    for (const call of calls) {
        const foldable = HOUSEKEEPING_TOOLS.has(call.name) && call.state !== 'denied' && call.state !== 'failed';
        const line = foldable ? folded.get(call.name) : undefined;
        if (line === undefined) {
            const fresh = { call, count: 1 };
            if (call.durationMs !== undefined)
                fresh.durationMs = call.durationMs;
            listed.push(fresh);
            if (foldable)
                folded.set(call.name, fresh);
            continue;
        }
        line.call = call;
        line.count += 1;
        if (call.durationMs !== undefined)
            line.durationMs = (line.durationMs ?? 0) + call.durationMs;
    }
    return listed;
}
/** How many of a subagent's calls are listed under its call, the latest. */
const SUBAGENT_CALLS_SHOWN = { progress: 5, final: 20 };
/** A call's line, and for a subagent the lines of its own calls, indented under it. */
function callLines(listed, options, how) {
    const line = toolLine(listed, options, how);
    const subagent = listed.call.subagent;
    if (subagent === undefined)
        return [line];
    const nested = listedCalls(subagent.calls);
    const max = how.final ? SUBAGENT_CALLS_SHOWN.final : SUBAGENT_CALLS_SHOWN.progress;
    const shown = nested.slice(-max);
    const hidden = nested.length - shown.length;
    return [
        line,
        ...(hidden > 0 ? [`  - \u2026 ${hidden} earlier calls of ${subagent.name}`] : []),
        ...shown.map((inner) => `  ${toolLine(inner, options, how)}`),
    ];
}
/** One line per call: icon, tool, what it does, and how it went. */
function toolLine(listed, options, how) {
    const { call, count } = listed;
    const { redact } = options;
    const name = (0,markdown/* codeSpan */.SS)(redact(call.name), { maxLength: 80 });
    const times = count > 1 ? ` (${count} updates)` : '';
    const description = call.description === undefined
        ? times
        : ` ${(0,markdown/* inlineText */.ln)(redact(call.description), { maxLength: DESCRIPTION_MAX })}${times}`;
    let outcome = '';
    switch (call.state) {
        case 'denied': {
            const rule = call.decidedBy === undefined ? '' : ` (${(0,markdown/* codeSpan */.SS)(redact(call.decidedBy))})`;
            const reason = call.denialReason === undefined
                ? ''
                : `: ${(0,markdown/* inlineText */.ln)(redact(denialGist(call.denialReason)), { maxLength: RESULT_MAX })}`;
            outcome = ` \u2014 denied by policy${rule}${reason}`;
            break;
        }
        case 'running':
            outcome =
                call.liveOutput === undefined
                    ? ` \u2014 running\u2026${subagentProgress(call)}`
                    : ` \u2014 running\u2026 ${(0,markdown/* codeSpan */.SS)(redact(call.liveOutput), { maxLength: RESULT_MAX })}`;
            break;
        case 'cancelled':
            outcome = ` \u2014 cancelled${resultText(call, redact)}`;
            break;
        case 'failed':
        case 'done':
            outcome = call.result === undefined ? '' : ` \u2014${resultText(call, redact)}`;
            break;
        case 'pending':
            break;
    }
    const time = how.final && listed.durationMs !== undefined ? ` \u00b7 ${(0,platform_text/* formatDuration */.a3)(listed.durationMs)}` : '';
    return `- ${ICONS[call.state]} ${name}${description}${outcome}${time}`;
}
/** While a subagent works: its turn and what it has spent so far. */
function subagentProgress(call) {
    const subagent = call.subagent;
    if (subagent === undefined || subagent.turn === 0)
        return '';
    return ` turn ${subagent.turn} \u00b7 ${(0,platform_text/* groupDigits */.K9)(subagent.usage.total_tokens)} tokens`;
}
function resultText(call, redact) {
    if (call.result === undefined)
        return '';
    return ` ${(0,markdown/* inlineText */.ln)(redact(call.result), { maxLength: RESULT_MAX })}`;
}
/**
 * The part of a denial worth a line. A refusal of something that would have needed a person
 * starts with the same explanation every time; what follows "will not run:" is the policy's
 * own reason.
 */
function denialGist(reason) {
    const match = /will not run: (.*?)(?: Do not retry it\..*)?$/s.exec(reason);
    return match?.[1] ?? reason;
}
function diffBlock(diff, links, limitLabel, redact) {
    const patch = redact(diff.patch).replace(/\r\n?/g, '\n').replace(/\n+$/, '');
    const stat = redact(diff.stat).replace(/\r\n?/g, '\n').trimEnd();
    const statLines = stat.split('\n');
    const label = statLines.at(-1)?.trim() ?? '';
    const fence = (0,markdown/* fenceFor */.Lt)(`${stat}\n${patch}`);
    const statBlock = stat === '' ? '' : `${fence}\n${stat}\n${fence}\n\n`;
    return {
        before: `<details><summary>Changes${label === '' ? '' : `: ${(0,markdown/* escapeHtml */.ZD)(label)}`}</summary>\n\n${statBlock}${fence}diff\n`,
        lines: patch.split('\n'),
        after: `\n${fence}\n\n</details>`,
        note: (omitted) => cutNote(`${omitted} more diff lines not shown`, links, limitLabel),
    };
}
function linesSection(block, shrinkOrder) {
    return {
        text: (0,fit_comment/* renderLinesBlock */.Ny)(block),
        shrinkOrder,
        shrink: (max, measure) => (0,fit_comment/* shrinkLinesBlock */.Km)(block, max, measure),
    };
}
function usageLine(state) {
    const usage = (0,progress_state/* runUsage */.l_)(state);
    const bySubagents = usage.total_tokens - state.usage.total_tokens;
    const subagents = bySubagents > 0 ? ` (${(0,platform_text/* groupDigits */.K9)(bySubagents)} by subagents)` : '';
    return `**Tokens:** ${(0,platform_text/* groupDigits */.K9)(usage.input_tokens)} input \u00b7 ${(0,platform_text/* groupDigits */.K9)(usage.output_tokens)} output \u00b7 ${(0,platform_text/* groupDigits */.K9)(usage.total_tokens)} total${subagents} \u00b7 **Tool calls:** ${state.toolCalls.length}`;
}
/** The run's cost per model, its own paragraph above the footer (cost-line.ts). */
function costLines(state, options) {
    const line = costLine(state.cost);
    return line === undefined ? [] : [`${options.redact(line)}\n`];
}
function footer(links, leading) {
    const items = [...leading];
    if (links.runUrl !== undefined)
        items.push(`[View job run](${(0,markdown/* linkTarget */.Cm)(links.runUrl)})`);
    if (links.artifactUrl !== undefined) {
        items.push(`[Full answer and transcript](${(0,markdown/* linkTarget */.Cm)(links.artifactUrl)})`);
    }
    for (const link of links.extra ?? []) {
        items.push(`[${(0,markdown/* inlineText */.ln)(link.label, { maxLength: 80 })}](${(0,markdown/* linkTarget */.Cm)(link.url)})`);
    }
    // The marker tells later events this is the Action's own comment, whatever account posted it.
    return `${items.join(' \u00b7 ')}\n${(0,own_marker/* ownMarker */["do"])('progress')}`;
}
/**
 * Where to find what was left out: the run's artifact (`file` in it, when one file holds it) and
 * the job run, whose summary has room for much more than a comment.
 */
function cutNote(what, links, limitLabel, file) {
    const where = [];
    if (links.artifactUrl !== undefined) {
        const inFile = file === undefined ? '' : `${(0,markdown/* codeSpan */.SS)(file)} in `;
        where.push(`${inFile}the [run's artifact](${(0,markdown/* linkTarget */.Cm)(links.artifactUrl)})`);
    }
    if (links.runUrl !== undefined)
        where.push(`the [job run](${(0,markdown/* linkTarget */.Cm)(links.runUrl)})`);
    const pointer = where.length === 0 ? '' : ` The full record is in ${where.join(' and ')}.`;
    return `> \u2702\ufe0f ${what} to fit ${limitLabel}.${pointer}`;
}


/***/ }),

/***/ 56315:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bm: () => (/* binding */ initialProgressState),
/* harmony export */   LV: () => (/* binding */ stoppedEarly),
/* harmony export */   SJ: () => (/* binding */ answerSoFar),
/* harmony export */   Z8: () => (/* binding */ applyEvent),
/* harmony export */   cT: () => (/* binding */ finalText),
/* harmony export */   l_: () => (/* binding */ runUsage)
/* harmony export */ });
/* unused harmony export progressFromEvents */
/* harmony import */ var _agent_events_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(60944);
/* harmony import */ var _agent_budgets_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(44407);
/* harmony import */ var _model_model_cost_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(21468);



function initialProgressState() {
    return { status: 'working', turn: 0, todos: [], toolCalls: [], texts: [], usage: (0,_agent_events_js__WEBPACK_IMPORTED_MODULE_2__/* .emptyUsage */ .ly)() };
}
/** The state after `event`. */
function applyEvent(state, event) {
    const time = Date.parse(event.timestamp);
    const next = {
        ...state,
        startedAt: state.startedAt ?? time,
        turn: Math.max(state.turn, event.turn),
    };
    switch (event.kind) {
        case 'state_change':
            next.model = event.model;
            if (event.final) {
                next.status = event.state === 'completed' ? 'finished' : 'failed';
                next.endedAt = time;
                delete next.thought;
                if (event.reason !== undefined)
                    next.endReason = event.reason;
                if (event.message !== undefined)
                    next.endMessage = event.message;
            }
            return next;
        case 'todo_update':
            next.todos = event.todos.map((todo) => ({ ...todo }));
            return next;
        case 'thought':
            next.thought = { ...event.thought };
            return next;
        case 'text_content':
            next.texts = appendText(state.texts, event.turn, event.text);
            return next;
        case 'token_usage':
            next.usage = { ...event.total };
            return next;
        case 'tool_call_update':
            next.toolCalls = upsertCall(state.toolCalls, event.tool_call, event.turn, time);
            return next;
        case 'warning':
            if (event.code === 'model_fallback')
                next.modelFallback = event.message;
            return withModelNotice(next, event);
        case 'model_call':
            // Only the top-level report counts: a subagent's requests reach its parent's stream too.
            if (event.call.cost !== undefined)
                next.cost = (0,_model_model_cost_js__WEBPACK_IMPORTED_MODULE_1__/* .addRequestCost */ ._c)(state.cost ?? {}, event.call.cost);
            return next;
        case 'subagent_event':
            next.toolCalls = withSubagentEvent(state.toolCalls, event);
            return withModelNotice(next, event.event);
        default:
            return next;
    }
}
/** The warnings the reports show once each, above the footer. */
const NOTICE_CODES = new Set([
    'model_lifecycle',
    'model_routed',
    'replay_diverged',
]);
/** `state` with the event's model notice, if it is one the run has not given yet. */
function withModelNotice(state, event) {
    if (event.kind !== 'warning')
        return state;
    if (!NOTICE_CODES.has(event.code))
        return state;
    const notices = state.modelNotices ?? [];
    if (notices.includes(event.message))
        return state;
    return { ...state, modelNotices: [...notices, event.message] };
}
/** The tokens of the whole run: the main agent's and every subagent's. */
function runUsage(state) {
    return state.toolCalls.reduce((total, call) => (call.subagent ? (0,_agent_budgets_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .vk)(total, call.subagent.usage) : total), state.usage);
}
/** A subagent's event, folded into the view of the call that runs it. */
function withSubagentEvent(calls, nested) {
    const index = calls.findIndex((call) => call.id === nested.parent_call_id);
    const parent = calls[index];
    if (parent === undefined)
        return calls;
    const { event } = nested;
    const previous = parent.subagent ?? {
        name: nested.agent_name,
        status: 'working',
        turn: 0,
        calls: [],
        usage: (0,_agent_events_js__WEBPACK_IMPORTED_MODULE_2__/* .emptyUsage */ .ly)(),
    };
    const view = { ...previous, turn: Math.max(previous.turn, event.turn) };
    const time = Date.parse(event.timestamp);
    if (event.kind === 'tool_call_update') {
        view.calls = upsertCall(previous.calls, event.tool_call, event.turn, time);
    }
    else if (event.kind === 'token_usage') {
        view.usage = { ...event.total };
    }
    else if (event.kind === 'state_change' && event.final) {
        view.status = event.state === 'completed' ? 'finished' : 'failed';
        if (event.reason !== undefined)
            view.endReason = event.reason;
    }
    const copy = [...calls];
    copy[index] = { ...parent, subagent: view };
    return copy;
}
/** Folds a whole stream (for tests, and for rebuilding a state from a transcript). */
function progressFromEvents(events) {
    let state = initialProgressState();
    for (const event of events)
        state = applyEvent(state, event);
    return state;
}
/**
 * The state of a run that ended before its session did (cancelled, timed out, the main step
 * gone): calls still waiting or running are shown as stopped with it, subagents' calls too, and
 * the model's half-finished thought is dropped. Calls that ended keep their result.
 */
function stoppedEarly(state, why) {
    const stop = (calls) => calls.map((call) => {
        const subagent = call.subagent === undefined
            ? undefined
            : {
                ...call.subagent,
                status: call.subagent.status === 'working' ? 'failed' : call.subagent.status,
                calls: stop(call.subagent.calls),
            };
        const open = call.state === 'pending' || call.state === 'running';
        const next = open ? { ...call, state: 'cancelled', result: why } : { ...call };
        delete next.liveOutput;
        if (subagent !== undefined)
            next.subagent = subagent;
        return next;
    });
    const next = {
        ...state,
        toolCalls: stop(state.toolCalls),
        status: state.status === 'working' ? 'failed' : state.status,
    };
    delete next.thought;
    return next;
}
/** The whole text the model wrote so far, every turn's, as the session's answer joins it. */
function answerSoFar(state) {
    return state.texts
        .map((entry) => entry.text.trim())
        .filter((text) => text !== '')
        .join('\n\n');
}
/** The model's last words: the text of the last turn that had any. */
function finalText(state) {
    return state.texts.at(-1)?.text.trim() ?? '';
}
function appendText(texts, turn, text) {
    const last = texts.at(-1);
    if (last?.turn === turn)
        return [...texts.slice(0, -1), { turn, text: last.text + text }];
    return [...texts, { turn, text }];
}
function upsertCall(calls, data, turn, time) {
    const index = calls.findIndex((call) => call.id === data.tool_call_id);
    const previous = index === -1 ? undefined : calls[index];
    const view = toView(data, previous?.turn ?? turn, previous?.startedAt ?? time, time);
    if (previous?.subagent)
        view.subagent = previous.subagent;
    if (index === -1)
        return [...calls, view];
    const copy = [...calls];
    copy[index] = view;
    return copy;
}
function toView(data, turn, startedAt, now) {
    const state = stateOf(data);
    const view = {
        id: data.tool_call_id,
        name: data.tool_name,
        state,
        turn,
        startedAt,
    };
    if (data.kind !== undefined)
        view.kind = data.kind;
    if (data.server_name !== undefined)
        view.serverName = data.server_name;
    if (data.description !== undefined && data.description.trim() !== '') {
        view.description = data.description;
    }
    const outcome = data.confirmation_outcome;
    if (outcome) {
        view.decision = outcome.decision;
        if (outcome.decided_by !== undefined)
            view.decidedBy = outcome.decided_by;
        if (outcome.decision === 'deny') {
            const reason = outcome.reason ?? data.error?.message;
            if (reason !== undefined)
                view.denialReason = reason;
        }
    }
    const result = resultOf(data, state);
    if (result !== undefined)
        view.result = result;
    if (state === 'running' && data.live_content !== undefined) {
        const live = lastLine(data.live_content);
        if (live !== '')
            view.liveOutput = live;
    }
    const finished = state !== 'pending' && state !== 'running';
    if (data.duration_ms !== undefined)
        view.durationMs = data.duration_ms;
    else if (finished)
        view.durationMs = Math.max(0, now - startedAt);
    return view;
}
function stateOf(data) {
    switch (data.status) {
        case 'PENDING':
            return 'pending';
        case 'EXECUTING':
            return 'running';
        case 'SUCCEEDED':
            return 'done';
        case 'CANCELLED':
            return 'cancelled';
        case 'FAILED':
            return data.confirmation_outcome?.decision === 'deny' ||
                data.error?.type === 'policy_violation'
                ? 'denied'
                : 'failed';
    }
}
function resultOf(data, state) {
    if (state === 'failed' || state === 'cancelled') {
        const message = data.error?.message;
        return message === undefined ? undefined : firstLine(message);
    }
    if (state !== 'done' || data.output === undefined)
        return undefined;
    if ('text' in data.output) {
        const line = tapResult(data.output.text) ?? firstLine(data.output.text);
        return line === '' ? undefined : line;
    }
    if ('diff' in data.output) {
        const { diff } = data.output;
        const stat = diff.diffStat;
        if (stat === undefined)
            return diff.fileName;
        return `${diff.fileName} (+${stat.model_added_lines} \u2212${stat.model_removed_lines})`;
    }
    const todos = data.output.structured_data.todos.length;
    return `${todos} ${todos === 1 ? 'todo' : 'todos'}`;
}
// Outputs can be megabytes; only the first or last few hundred characters are ever shown.
const LINE_WINDOW = 1000;
/** How much of the end of an output is searched for a test run's result lines. */
const TAP_WINDOW = 4000;
/**
 * A test run in TAP (`node --test`, and the runners that write it) starts with its version line,
 * which says nothing; its result is in the `# pass N` / `# fail N` lines at the end: "pass 2 \u00b7 fail
 * 0" (and skipped, todo or cancelled tests when there are any). Undefined for any other output.
 */
function tapResult(text) {
    if (!/^TAP version \d+/.test(text.trimStart()))
        return undefined;
    const tail = text.slice(-TAP_WINDOW);
    const counts = ['pass', 'fail', 'skipped', 'todo', 'cancelled'].flatMap((name) => {
        const match = new RegExp(`^# ${name} (\\d+)\\s*$`, 'm').exec(tail);
        const count = match?.[1];
        // Zero skipped, todo or cancelled tests are not news.
        if (count === undefined || (count === '0' && !['pass', 'fail'].includes(name)))
            return [];
        return [`${name} ${count}`];
    });
    return counts.some((count) => /^(pass|fail) /.test(count)) ? counts.join(' \u00b7 ') : undefined;
}
function firstLine(text) {
    const head = text.trimStart().slice(0, LINE_WINDOW);
    return (head.split('\n', 1)[0] ?? '').trim();
}
function lastLine(text) {
    const tail = text.trimEnd().slice(-LINE_WINDOW);
    return tail.slice(tail.lastIndexOf('\n') + 1).trim();
}


/***/ })

};
