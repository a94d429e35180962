export const id = 75;
export const ids = [75];
export const modules = {

/***/ 8075:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  processIo: () => (/* binding */ processIo),
  runCli: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/agent/confirmer.ts
const allowAllConfirmer = {
    confirm: () => Promise.resolve({ decision: 'allow', decided_by: 'allow-all' }),
};
const denyAllConfirmer = {
    confirm: () => Promise.resolve({
        decision: 'deny',
        reason: 'Every tool call is denied in this run.',
        decided_by: 'deny-all',
    }),
};

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
;// CONCATENATED MODULE: ./src/agent/transcript.ts
/**
 * The transcript: every AgentEvent of a session as one JSON line, in the order emitted. Lines are
 * appended synchronously, so none is lost or reordered even if the process ends abruptly after a
 * listener returns.
 */


/** Opens (creating folders as needed) a JSONL file for appending events to. */
function createTranscriptWriter(filePath, options = {}) {
    const target = external_node_path_default().resolve(filePath);
    external_node_fs_default().mkdirSync(external_node_path_default().dirname(target), { recursive: true });
    let fd = external_node_fs_default().openSync(target, 'a');
    const write = (event) => {
        const line = JSON.stringify(event);
        const text = `${options.redact ? options.redact(line) : line}\n`;
        fd ??= external_node_fs_default().openSync(target, 'a');
        external_node_fs_default().writeSync(fd, text);
    };
    return Object.assign(write, {
        path: target,
        close() {
            if (fd === undefined)
                return;
            external_node_fs_default().closeSync(fd);
            fd = undefined;
        },
    });
}

// EXTERNAL MODULE: ./node_modules/@google/genai/dist/node/index.mjs + 1 modules
var node = __webpack_require__(7964);
;// CONCATENATED MODULE: ./src/platform/errors.ts
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
    constructor(message, location, options) {
        super(`${formatLocation(location)}${message}`, options);
        this.location = location;
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

;// CONCATENATED MODULE: ./src/model/errors.ts
class ModelRequestError extends Error {
    name = 'ModelRequestError';
    kind;
    /** HTTP status, when the server answered. */
    status;
    /** How long the server asked us to wait before retrying (`google.rpc.RetryInfo.retryDelay`). */
    retryDelayMs;
    constructor(message, details) {
        super(message, { cause: details.cause });
        this.kind = details.kind;
        this.status = details.status;
        this.retryDelayMs = details.retryDelayMs;
    }
    /** True for errors that are worth another attempt: 429, 499, 5xx, network and broken streams. */
    get retryable() {
        if (this.kind === 'network' || this.kind === 'stream_cut')
            return true;
        if (this.kind === 'invalid_response')
            return true;
        const status = this.status ?? 0;
        return status === 429 || status === 499 || status >= 500;
    }
    /** True when the server rejected the credentials (401/403). */
    get isAuthError() {
        return this.status === 401 || this.status === 403;
    }
}

;// CONCATENATED MODULE: ./src/model/code-assist-converter.ts


/** The fields of `GenerateContentConfig` that belong in `generationConfig` on the wire. */
const GENERATION_CONFIG_FIELDS = [
    'temperature',
    'topP',
    'topK',
    'candidateCount',
    'maxOutputTokens',
    'stopSequences',
    'responseLogprobs',
    'logprobs',
    'presencePenalty',
    'frequencyPenalty',
    'seed',
    'responseMimeType',
    'responseSchema',
    'responseJsonSchema',
    'routingConfig',
    'modelSelectionConfig',
    'responseModalities',
    'mediaResolution',
    'speechConfig',
    'audioTimestamp',
    'thinkingConfig',
];
function toCodeAssistRequest(request, ids) {
    const config = request.config;
    return {
        model: request.model,
        ...(ids.project !== undefined ? { project: ids.project } : {}),
        user_prompt_id: ids.promptId,
        request: dropUndefined({
            contents: toContents(request.contents),
            systemInstruction: config?.systemInstruction !== undefined ? toContent(config.systemInstruction) : undefined,
            cachedContent: config?.cachedContent,
            tools: config?.tools,
            toolConfig: config?.toolConfig,
            labels: config?.labels,
            safetySettings: config?.safetySettings,
            generationConfig: config ? toGenerationConfig(config) : undefined,
            session_id: ids.sessionId,
        }),
    };
}
function toGenerationConfig(config) {
    const out = {};
    for (const field of GENERATION_CONFIG_FIELDS) {
        if (config[field] !== undefined)
            out[field] = config[field];
    }
    return Object.keys(out).length > 0 ? out : undefined;
}
function dropUndefined(value) {
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
/** Normalises every form `contents` may take (string, part, parts, content, contents). */
function toContents(contents) {
    if (Array.isArray(contents)) {
        // Either Content[] or PartUnion[]: a list of parts is one user turn.
        if (contents.every((item) => isContent(item)))
            return contents.map((item) => toContent(item));
        return [{ role: 'user', parts: contents.map((item) => toPart(item)) }];
    }
    return [toContent(contents)];
}
function isContent(value) {
    return (typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        ('parts' in value || 'role' in value));
}
/** A string or part(s) becomes a user `Content`; a `Content` is kept as it is. */
function toContent(content) {
    if (isContent(content))
        return content;
    if (Array.isArray(content))
        return { role: 'user', parts: content.map(toPart) };
    return { role: 'user', parts: [toPart(content)] };
}
function toPart(part) {
    return typeof part === 'string' ? { text: part } : part;
}
function asRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? value
        : undefined;
}
/**
 * Unwraps a Code Assist answer (`{response: {...}, traceId}`) into a real `GenerateContentResponse`
 * (so its `text` and `functionCalls` getters work). An `{error: …}` object in a stream is the
 * server reporting a failure midway and becomes an HTTP-kind error with its code.
 */
function fromCodeAssistResponse(value) {
    const wrapper = asRecord(value);
    if (!wrapper) {
        throw new ModelRequestError(`Code Assist sent a response that is not a JSON object: ${JSON.stringify(value)}`, { kind: 'invalid_response' });
    }
    const error = asRecord(wrapper['error']);
    if (error) {
        const code = typeof error['code'] === 'number' ? error['code'] : 500;
        const message = typeof error['message'] === 'string' ? error['message'] : JSON.stringify(error);
        throw new ModelRequestError(`Code Assist reported an error (${code}): ${message}`, {
            kind: 'http',
            status: code,
        });
    }
    const inner = asRecord(wrapper['response']) ?? {};
    const response = Object.assign(new node/* GenerateContentResponse */.ii(), inner);
    response.candidates ??= [];
    if (typeof wrapper['traceId'] === 'string' && response.responseId === undefined) {
        response.responseId = wrapper['traceId'];
    }
    return response;
}

;// CONCATENATED MODULE: ./src/model/normalize-error.ts

/**
 * Turns whatever a transport threw into a `ModelRequestError`, so retry logic and exit codes do not
 * depend on the transport. Aborts are passed through untouched: a cancelled request is the caller's
 * decision, not a failure worth retrying.
 */
const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';
/** Error codes of connections that failed or broke (Node's `net` and undici's). */
const NETWORK_ERROR_CODES = new Set([
    'ECONNRESET',
    'ECONNREFUSED',
    'ECONNABORTED',
    'ETIMEDOUT',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EPIPE',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'ENETDOWN',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
    'UND_ERR_CONNECT_TIMEOUT',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
]);
/** True for `AbortError`s, whether a DOMException from fetch or an Error named so. */
function isAbortError(error) {
    return (typeof error === 'object' &&
        error !== null &&
        'name' in error &&
        (error.name === 'AbortError' || error.name === 'TimeoutError'));
}
function errorCode(error) {
    if (typeof error === 'object' && error !== null && 'code' in error) {
        return typeof error.code === 'string' ? error.code : undefined;
    }
    return undefined;
}
/** True when the error (or one of its causes) is a failed or broken connection. */
function isNetworkError(error) {
    let current = error;
    for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
        const code = errorCode(current);
        if (code !== undefined && NETWORK_ERROR_CODES.has(code))
            return true;
        // undici reports every connection failure as `TypeError: fetch failed` and a body that broke
        // off as `TypeError: terminated`, with the system error (if any) as the cause.
        if (current instanceof TypeError &&
            (current.message === 'fetch failed' || current.message === 'terminated')) {
            return true;
        }
        current = current instanceof Error ? current.cause : undefined;
    }
    return false;
}
/** Parses a protobuf duration such as `"3s"` or `"0.5s"` into milliseconds. */
function parseRetryDelay(value) {
    if (typeof value !== 'string')
        return undefined;
    const match = /^\s*(\d+(?:\.\d+)?)s\s*$/.exec(value);
    if (!match?.[1])
        return undefined;
    return Math.round(Number(match[1]) * 1000);
}
function normalize_error_asRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? value
        : undefined;
}
/**
 * Reads a Google API error body (`{error: {code, message, status, details: [...]}}`), also when it
 * is wrapped in an array (as some endpoints answer). Returns undefined for anything else.
 */
function parseGoogleErrorBody(body) {
    let parsed = body;
    if (typeof parsed === 'string') {
        try {
            parsed = JSON.parse(parsed);
        }
        catch {
            return undefined;
        }
    }
    if (Array.isArray(parsed))
        parsed = parsed[0];
    const error = normalize_error_asRecord(normalize_error_asRecord(parsed)?.['error']);
    if (!error)
        return undefined;
    let retryDelayMs;
    const details = error['details'];
    if (Array.isArray(details)) {
        for (const detail of details) {
            const record = normalize_error_asRecord(detail);
            if (record?.['@type'] === RETRY_INFO_TYPE) {
                retryDelayMs = parseRetryDelay(record['retryDelay']);
            }
        }
    }
    return {
        message: typeof error['message'] === 'string' ? error['message'] : undefined,
        status: typeof error['status'] === 'string' ? error['status'] : undefined,
        code: typeof error['code'] === 'number' ? error['code'] : undefined,
        retryDelayMs,
    };
}
/** Builds the error for an HTTP error answer, from its status and raw body text. */
function httpStatusError(status, bodyText, options = {}) {
    const body = parseGoogleErrorBody(bodyText);
    const detail = body?.message ?? (bodyText.trim().slice(0, 500) || 'no details');
    const statusName = body?.status ? ` ${body.status}` : '';
    return new ModelRequestError(`The model API answered HTTP ${status}${statusName}: ${detail}`, {
        kind: 'http',
        status,
        ...(body?.retryDelayMs !== undefined ? { retryDelayMs: body.retryDelayMs } : {}),
        cause: options.cause,
    });
}
function apiErrorStatus(error) {
    if (error instanceof Error && 'status' in error && typeof error.status === 'number') {
        return error.status;
    }
    return undefined;
}
/**
 * Normalises an error thrown by a transport. Returns the error to throw: a `ModelRequestError`, or
 * the original error for aborts and for errors that are not the model API's (bugs stay visible).
 */
function normalizeModelError(error, context = {}) {
    if (error instanceof ModelRequestError || isAbortError(error))
        return error;
    const status = apiErrorStatus(error);
    if (status !== undefined && error instanceof Error) {
        // The SDK's ApiError carries the response body (JSON text) as its message.
        return httpStatusError(status, error.message, { cause: error });
    }
    const inStream = context.chunksReceived !== undefined;
    const message = error instanceof Error ? error.message : String(error);
    if (inStream && (context.chunksReceived ?? 0) > 0) {
        return new ModelRequestError(`The model's streamed response broke off after ${context.chunksReceived ?? 0} chunk(s): ${message}`, { kind: 'stream_cut', cause: error });
    }
    if (isNetworkError(error)) {
        return new ModelRequestError(`Could not reach the model API: ${describeNetworkError(error)}`, {
            kind: 'network',
            cause: error,
        });
    }
    if (inStream) {
        return new ModelRequestError(`The model's streamed response broke off: ${message}`, {
            kind: 'stream_cut',
            cause: error,
        });
    }
    return error;
}
function describeNetworkError(error) {
    const parts = [];
    let current = error;
    for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
        const code = errorCode(current);
        parts.push(code && !current.message.includes(code) ? `${current.message} (${code})` : current.message);
        current = current.cause;
    }
    return parts.join(': ');
}

;// CONCATENATED MODULE: ./src/model/sse.ts


/**
 * Server-sent events as the Gemini APIs send them: each event is one or more `data: ` lines holding
 * one JSON object, ended by a blank line. Lines end in `\n`, `\r\n` or `\r`, and a line ending may
 * be split across network chunks.
 *
 * Anything else on a line is a protocol error (a proxy's HTML page, a different API), reported
 * rather than skipped so the user sees why the reply was unusable. A stream that ends inside an
 * event, or whose connection breaks, is a `stream_cut`. Aborts propagate unchanged.
 */
async function* parseSse(source) {
    const decoder = new TextDecoder();
    const iterator = source[Symbol.asyncIterator]();
    const lines = new LineSplitter();
    let data = [];
    let events = 0;
    let finished = false;
    const eventFromLine = (line) => {
        if (line.startsWith('data:')) {
            data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
            return undefined;
        }
        if (line !== '') {
            throw new ModelRequestError(`The model API sent a line that is not part of a server-sent event: ${JSON.stringify(line.slice(0, 200))}`, { kind: 'invalid_response' });
        }
        if (data.length === 0)
            return undefined;
        const text = data.join('\n');
        data = [];
        try {
            return JSON.parse(text);
        }
        catch (error) {
            throw new ModelRequestError(`The model API sent an event that is not JSON: ${JSON.stringify(text.slice(0, 200))}`, { kind: 'invalid_response', cause: error });
        }
    };
    try {
        for (;;) {
            let next;
            try {
                next = await iterator.next();
            }
            catch (error) {
                finished = true;
                if (isAbortError(error) || error instanceof ModelRequestError)
                    throw error;
                const message = error instanceof Error ? error.message : String(error);
                throw new ModelRequestError(`The model's streamed response broke off after ${events} event(s): ${message}`, { kind: 'stream_cut', cause: error });
            }
            if (next.done) {
                finished = true;
                break;
            }
            const text = typeof next.value === 'string' ? next.value : decoder.decode(next.value, { stream: true });
            for (const line of lines.push(text)) {
                const event = eventFromLine(line);
                if (event !== undefined) {
                    events++;
                    yield event;
                }
            }
        }
        for (const line of lines.end(decoder.decode())) {
            const event = eventFromLine(line);
            if (event !== undefined) {
                events++;
                yield event;
            }
        }
        if (lines.pending !== '' || data.length > 0) {
            throw new ModelRequestError(`The model's streamed response ended in the middle of an event (after ${events} complete event(s)).`, { kind: 'stream_cut' });
        }
    }
    finally {
        // The consumer stopped early (or a line was bad): release the connection.
        if (!finished)
            await iterator.return?.();
    }
}
/** Splits text into lines on `\n`, `\r\n` and `\r`, holding back a `\r` that may precede `\n`. */
class LineSplitter {
    pending = '';
    push(text) {
        this.pending += text;
        return this.take(false);
    }
    /** Flushes what is left; an unterminated last line stays in `pending`. */
    end(text) {
        this.pending += text;
        return this.take(true);
    }
    take(final) {
        const lines = [];
        let start = 0;
        const text = this.pending;
        for (let i = 0; i < text.length; i++) {
            const char = text[i];
            if (char !== '\n' && char !== '\r')
                continue;
            if (char === '\r' && i === text.length - 1 && !final)
                break;
            lines.push(text.slice(start, i));
            if (char === '\r' && text[i + 1] === '\n')
                i++;
            start = i + 1;
        }
        this.pending = text.slice(start);
        return lines;
    }
}

// EXTERNAL MODULE: ./src/version.ts + 1 modules
var version = __webpack_require__(1013);
;// CONCATENATED MODULE: ./src/model/user-agent.ts

/** The `User-Agent` every model request carries, so server-side logs can tell our traffic apart. */
function modelUserAgent() {
    return `GeminiAgent/${version/* VERSION */.x} (${process.platform}; ${process.arch})`;
}

;// CONCATENATED MODULE: ./src/model/code-assist-generator.ts







const CODE_ASSIST_DEFAULT_BASE_URL = 'https://cloudcode-pa.googleapis.com';
const API_VERSION = 'v1internal';
/** The body `loadCodeAssist` expects; it answers with the account's `cloudaicompanionProject`. */
const LOAD_CODE_ASSIST_METADATA = {
    ideType: 'IDE_UNSPECIFIED',
    platform: 'PLATFORM_UNSPECIFIED',
    pluginType: 'GEMINI',
};
/**
 * The Code Assist transport (`cloudcode-pa.googleapis.com/v1internal`), the one Gemini CLI uses
 * for "Login with Google": OAuth bearer, the genai request nested under `request`, SSE streaming.
 */
class CodeAssistContentGenerator {
    options;
    baseUrl;
    fetchFn;
    projectPromise;
    constructor(options) {
        this.options = options;
        this.baseUrl = (options.baseUrl ?? CODE_ASSIST_DEFAULT_BASE_URL).replace(/\/+$/, '');
        this.fetchFn = options.fetch ?? globalThis.fetch;
        if (options.project)
            this.projectPromise = Promise.resolve(options.project);
    }
    async generateContent(request, promptId) {
        const signal = request.config?.abortSignal;
        const body = await this.generateBody(request, promptId, signal);
        const response = await this.post('generateContent', body, signal);
        let json;
        try {
            json = await response.json();
        }
        catch (error) {
            throw normalizeModelError(error, { chunksReceived: 0 });
        }
        return fromCodeAssistResponse(json);
    }
    async generateContentStream(request, promptId) {
        const signal = request.config?.abortSignal;
        const body = await this.generateBody(request, promptId, signal);
        const response = await this.post('streamGenerateContent', body, signal, { alt: 'sse' });
        if (!response.body) {
            throw new ModelRequestError('Code Assist answered the stream request without a body.', {
                kind: 'stream_cut',
            });
        }
        return unwrapEvents(parseSse(response.body));
    }
    async countTokens(request) {
        const body = {
            request: { model: `models/${request.model}`, contents: toContents(request.contents) },
        };
        const response = await this.post('countTokens', body, request.config?.abortSignal);
        let json;
        try {
            json = (await response.json());
        }
        catch (error) {
            throw normalizeModelError(error, { chunksReceived: 0 });
        }
        return Object.assign(new node/* CountTokensResponse */.nL(), {
            totalTokens: typeof json.totalTokens === 'number' ? json.totalTokens : 0,
        });
    }
    /** The Cloud project of this account, asked once from `loadCodeAssist` when not configured. */
    project(signal) {
        if (!this.projectPromise) {
            const pending = this.loadProject(signal);
            this.projectPromise = pending;
            // A failed lookup (network, abort) is asked again next time rather than cached.
            pending.catch(() => {
                if (this.projectPromise === pending)
                    this.projectPromise = undefined;
            });
        }
        return this.projectPromise;
    }
    async loadProject(signal) {
        const response = await this.post('loadCodeAssist', { metadata: LOAD_CODE_ASSIST_METADATA }, signal);
        const json = (await response.json());
        const project = json.cloudaicompanionProject;
        if (typeof project === 'string' && project !== '')
            return project;
        throw new AuthenticationError('Code Assist has no Google Cloud project for this account; set GOOGLE_CLOUD_PROJECT to a project with the Gemini for Google Cloud API enabled.', { input: 'GOOGLE_CLOUD_PROJECT' });
    }
    async generateBody(request, promptId, signal) {
        const project = await this.project(signal);
        return toCodeAssistRequest(request, {
            promptId,
            project,
            ...(this.options.sessionId !== undefined ? { sessionId: this.options.sessionId } : {}),
        });
    }
    async post(method, body, signal, query = {}) {
        const url = new URL(`${this.baseUrl}/${API_VERSION}:${method}`);
        for (const [key, value] of Object.entries(query))
            url.searchParams.set(key, value);
        const headers = {
            ...this.options.headers,
            ...(await this.authHeaders(url.toString())),
            'Content-Type': 'application/json',
            'User-Agent': modelUserAgent(),
        };
        let response;
        try {
            response = await this.fetchFn(url, {
                method: 'POST',
                headers,
                body: JSON.stringify(body),
                ...(signal ? { signal } : {}),
            });
        }
        catch (error) {
            throw normalizeModelError(error);
        }
        if (!response.ok) {
            let text = '';
            try {
                text = await response.text();
            }
            catch {
                // The status alone still says what happened.
            }
            throw httpStatusError(response.status, text);
        }
        return response;
    }
    async authHeaders(url) {
        const credentials = this.options.credentials;
        try {
            if ('getRequestHeaders' in credentials) {
                const headers = await credentials.getRequestHeaders(url);
                const out = {};
                if (headers instanceof Headers) {
                    headers.forEach((value, key) => (out[key === 'authorization' ? 'Authorization' : key] = value));
                }
                else {
                    Object.assign(out, headers);
                }
                return out;
            }
            const token = await credentials.getAccessToken();
            const value = typeof token === 'string' ? token : token?.token;
            if (!value)
                throw new Error('no access token was returned');
            return { Authorization: `Bearer ${value}` };
        }
        catch (error) {
            throw new AuthenticationError(`Could not get Google OAuth credentials for Code Assist (${errorMessage(error)}). Sign in with \`gcloud auth application-default login\` or set GOOGLE_APPLICATION_CREDENTIALS.`, undefined, { cause: error });
        }
    }
}
async function* unwrapEvents(events) {
    for await (const event of events)
        yield fromCodeAssistResponse(event);
}

;// CONCATENATED MODULE: ./src/model/genai-generator.ts



/** The API versions our request shapes are written for; `@google/genai` 3.x defaults to `v1`. */
const GEMINI_API_VERSION = 'v1beta';
const VERTEX_API_VERSION = 'v1beta1';
/**
 * A `ContentGenerator` over `@google/genai`: the Gemini API with an API key, or Vertex AI. Errors
 * come out as `ModelRequestError`s; aborts (`config.abortSignal`) as the `AbortError` they are.
 */
function createGenaiContentGenerator(target, options = {}) {
    const vertex = target.type === 'vertex-ai';
    const apiVersion = vertex ? VERTEX_API_VERSION : GEMINI_API_VERSION;
    const httpOptions = {
        apiVersion,
        headers: { ...options.headers, 'User-Agent': modelUserAgent() },
        // Retries are ours (see retry.ts), so that every transport retries alike.
    };
    if (target.baseUrl)
        httpOptions.baseUrl = target.baseUrl;
    if (options.fetch)
        httpOptions.fetch = options.fetch;
    const genaiOptions = { vertexai: vertex, apiVersion, httpOptions };
    if (target.type === 'gemini-api-key') {
        genaiOptions.apiKey = target.apiKey;
    }
    else {
        if (target.project)
            genaiOptions.project = target.project;
        if (target.location)
            genaiOptions.location = target.location;
        if (target.apiKey && !(target.project && target.location))
            genaiOptions.apiKey = target.apiKey;
        if (options.googleAuthOptions)
            genaiOptions.googleAuthOptions = options.googleAuthOptions;
    }
    const client = new node/* GoogleGenAI */.M4(genaiOptions);
    return new GenaiContentGenerator(client);
}
class GenaiContentGenerator {
    client;
    constructor(client) {
        this.client = client;
    }
    async generateContent(request, _promptId) {
        const link = linkSignal(request.config?.abortSignal);
        try {
            return await this.client.models.generateContent(withSignal(request, link.signal));
        }
        catch (error) {
            throw normalizeModelError(error);
        }
        finally {
            link.release();
        }
    }
    async generateContentStream(request, _promptId) {
        const link = linkSignal(request.config?.abortSignal);
        let stream;
        try {
            stream = await this.client.models.generateContentStream(withSignal(request, link.signal));
        }
        catch (error) {
            link.release();
            throw normalizeModelError(error);
        }
        return normalizedStream(stream, link);
    }
    async countTokens(request) {
        const link = linkSignal(request.config?.abortSignal);
        try {
            return await this.client.models.countTokens(withSignal(request, link.signal));
        }
        catch (error) {
            throw normalizeModelError(error);
        }
        finally {
            link.release();
        }
    }
}
/**
 * A signal of the request's own, aborted with the caller's. The SDK leaves an abort listener on
 * the signal it is given for every request that succeeds; a session passes one signal to all its
 * requests, which would collect a listener per request (and Node warns of a leak after ten).
 * Linked this way, the caller's signal holds one listener per request in flight, removed after.
 */
function linkSignal(caller) {
    if (!caller)
        return { signal: undefined, release: () => undefined };
    const controller = new AbortController();
    const onAbort = () => {
        controller.abort(caller.reason);
    };
    if (caller.aborted)
        onAbort();
    else
        caller.addEventListener('abort', onAbort, { once: true });
    return {
        signal: controller.signal,
        release: () => {
            caller.removeEventListener('abort', onAbort);
        },
    };
}
function withSignal(request, signal) {
    return signal === undefined
        ? request
        : { ...request, config: { ...request.config, abortSignal: signal } };
}
async function* normalizedStream(stream, link) {
    let chunksReceived = 0;
    try {
        for await (const chunk of stream) {
            chunksReceived++;
            yield chunk;
        }
    }
    catch (error) {
        throw normalizeModelError(error, { chunksReceived });
    }
    finally {
        link.release();
    }
}

;// CONCATENATED MODULE: ./src/model/recording.ts




const METHODS = [
    'generateContent',
    'generateContentStream',
    'countTokens',
    'embedContent',
];
/**
 * Appends to a file synchronously, one line per call, so a crash keeps every call recorded so far.
 * With `truncate`, the file is emptied first.
 */
function fileRecordingSink(path, options = {}) {
    if (options.truncate)
        (0,external_node_fs_.writeFileSync)(path, '');
    return {
        write: (line) => {
            (0,external_node_fs_.appendFileSync)(path, line);
        },
    };
}
/** A copy without the SDK's `sdkHttpResponse` (headers of the live call; noise in a recording). */
function recordable(response) {
    const copy = { ...response };
    delete copy['sdkHttpResponse'];
    return copy;
}
function serializeRecordedCall(call) {
    return `${JSON.stringify(call)}\n`;
}
/** Records every call of `inner` as it completes; a stream once it has been read. */
class RecordingContentGenerator {
    inner;
    sink;
    constructor(inner, sink) {
        this.inner = inner;
        this.sink = typeof sink === 'string' ? fileRecordingSink(sink) : sink;
    }
    async generateContent(request, promptId) {
        const response = await this.inner.generateContent(request, promptId);
        this.record({ method: 'generateContent', response: recordable(response) });
        return response;
    }
    async generateContentStream(request, promptId) {
        const stream = await this.inner.generateContentStream(request, promptId);
        const record = (chunks) => {
            this.record({ method: 'generateContentStream', response: chunks });
        };
        return recordStream(stream, record);
    }
    async countTokens(request) {
        const response = await this.inner.countTokens(request);
        this.record({ method: 'countTokens', response: recordable(response) });
        return response;
    }
    record(call) {
        this.sink.write(serializeRecordedCall(call));
    }
}
async function* recordStream(stream, record) {
    const chunks = [];
    let failed = false;
    try {
        for await (const chunk of stream) {
            chunks.push(recordable(chunk));
            yield chunk;
        }
    }
    catch (error) {
        // A broken stream is not a reply; the retry that follows will be recorded instead.
        failed = true;
        throw error;
    }
    finally {
        // Also when the consumer stopped early: the call happened and a replay must stay aligned.
        if (!failed)
            record(chunks);
    }
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function toCall(value, where) {
    const fail = (message) => {
        throw new ConfigurationError(message, where);
    };
    if (!isObject(value))
        return fail('expected a JSON object {"method": …, "response": …}.');
    const method = value['method'];
    if (typeof method !== 'string' || !METHODS.includes(method)) {
        return fail(`expected "method" to be one of ${METHODS.join(', ')}, got ${method === undefined ? 'nothing' : JSON.stringify(method)}.`);
    }
    const response = value['response'];
    switch (method) {
        case 'generateContentStream': {
            if (!Array.isArray(response) || !response.every(isObject)) {
                return fail('expected "response" of generateContentStream to be an array of response objects.');
            }
            return {
                method: 'generateContentStream',
                response: response.map((chunk) => Object.assign(new node/* GenerateContentResponse */.ii(), chunk)),
            };
        }
        case 'generateContent':
            if (!isObject(response))
                return fail('expected "response" of generateContent to be an object.');
            return {
                method: 'generateContent',
                response: Object.assign(new node/* GenerateContentResponse */.ii(), response),
            };
        case 'countTokens':
            if (!isObject(response))
                return fail('expected "response" of countTokens to be an object.');
            return {
                method: 'countTokens',
                response: Object.assign(new node/* CountTokensResponse */.nL(), response),
            };
        case 'embedContent':
            if (!isObject(response))
                return fail('expected "response" of embedContent to be an object.');
            return {
                method: 'embedContent',
                response: Object.assign(new node/* EmbedContentResponse */.qo(), response),
            };
    }
}
/** Parses recorded-session text; `file` names it in errors. Blank lines are skipped. */
function parseRecordedSession(text, file) {
    const calls = [];
    const lines = text.split('\n');
    for (const [index, raw] of lines.entries()) {
        const line = raw.trim();
        if (line === '')
            continue;
        const where = { file, line: index + 1 };
        let value;
        try {
            value = JSON.parse(line);
        }
        catch (error) {
            throw new ConfigurationError(`expected one JSON object per line, got text that is not JSON (${error instanceof Error ? error.message : String(error)}).`, where);
        }
        calls.push(toCall(value, where));
    }
    return calls;
}
/** Reads and validates a recorded session file. */
async function readRecordedSession(path) {
    let text;
    try {
        text = await (0,promises_.readFile)(path, 'utf8');
    }
    catch (error) {
        throw new ConfigurationError(`expected a readable recorded-session file (${error instanceof Error ? error.message : String(error)}).`, { file: path }, { cause: error });
    }
    return parseRecordedSession(text, path);
}

;// CONCATENATED MODULE: ./src/model/response-validation.ts
/**
 * Checks a complete model reply (all chunks of a stream, or one unary response) for the ways the
 * API is known to return something unusable that a second attempt usually fixes.
 */
/**
 * Finish reasons meaning the reply was blocked. Those are passed through (not retried): the same
 * request would be blocked again, and the session reports them as such.
 */
const BLOCKED_FINISH_REASONS = new Set([
    'SAFETY',
    'RECITATION',
    'BLOCKLIST',
    'PROHIBITED_CONTENT',
    'SPII',
    'IMAGE_SAFETY',
    'IMAGE_PROHIBITED_CONTENT',
    'LANGUAGE',
]);
const INVALID_REASON_TEXT = {
    no_finish_reason: 'the reply ended without a finish reason',
    malformed_function_call: 'the model produced a malformed function call (finish reason MALFORMED_FUNCTION_CALL)',
    no_content: 'the reply had no content (no text or function call)',
};
/** A part that carries something besides (possibly empty) thought text. */
function isContentPart(part) {
    if (part.functionCall)
        return true;
    if (part.thought)
        return false;
    if (typeof part.text === 'string')
        return part.text !== '';
    // inlineData, executableCode, fileData …: anything with a value counts.
    return Object.entries(part).some(([key, value]) => key !== 'thoughtSignature' && value !== undefined);
}
/** Returns why the reply is unusable, or undefined when it is fine (or blocked). */
function invalidReplyReason(chunks) {
    let finishReason;
    let hasContent = false;
    let hasFunctionCall = false;
    let promptBlocked = false;
    for (const chunk of chunks) {
        if (chunk.promptFeedback?.blockReason)
            promptBlocked = true;
        const candidate = chunk.candidates?.[0];
        if (candidate?.finishReason)
            finishReason = candidate.finishReason;
        for (const part of candidate?.content?.parts ?? []) {
            if (part.functionCall)
                hasFunctionCall = true;
            if (isContentPart(part))
                hasContent = true;
        }
    }
    if (promptBlocked)
        return undefined;
    if (finishReason === 'MALFORMED_FUNCTION_CALL')
        return 'malformed_function_call';
    // A reply that calls tools is complete enough to act on even without a finish reason.
    if (hasFunctionCall)
        return undefined;
    if (finishReason === undefined)
        return 'no_finish_reason';
    if (BLOCKED_FINISH_REASONS.has(finishReason))
        return undefined;
    return hasContent ? undefined : 'no_content';
}

;// CONCATENATED MODULE: ./src/model/retry.ts


/** Backoff defaults: 5 s doubling to 30 s, up to 10 attempts, ±30% jitter. */
const DEFAULT_RETRY_OPTIONS = {
    maxAttempts: 10,
    initialDelayMs: 5_000,
    maxDelayMs: 30_000,
    maxServerDelayMs: 60_000,
    jitter: 0.3,
    invalidResponseMaxAttempts: 3,
    invalidResponseDelayMs: 500,
};
function defaultSleep(ms, signal) {
    return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        // Cleared on abort so a cancelled session does not keep the process alive.
        signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
        }, { once: true });
    });
}
/** The computed (not server-requested) delay after `failedAttempts` transport failures. */
function backoffDelay(failedAttempts, options) {
    const base = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** (failedAttempts - 1));
    const spread = options.jitter * (2 * options.random() - 1);
    return Math.max(0, Math.round(base * (1 + spread)));
}
function abortReason(signal) {
    const reason = signal.reason;
    return reason instanceof Error
        ? reason
        : new DOMException('This operation was aborted', 'AbortError');
}
/** Sleeps, but rejects with the abort reason as soon as the signal fires. */
async function abortableSleep(ms, signal, sleep) {
    if (!signal)
        return sleep(ms);
    if (signal.aborted)
        throw abortReason(signal);
    let onAbort;
    const aborted = new Promise((_, reject) => {
        onAbort = () => {
            reject(abortReason(signal));
        };
        signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
        await Promise.race([sleep(ms, signal), aborted]);
    }
    finally {
        if (onAbort)
            signal.removeEventListener('abort', onAbort);
    }
}
/**
 * Runs `attempt` until it gives a usable result. Transport failures that are worth another try
 * (429, 499, 5xx, network, broken streams) back off exponentially, or as long as the server asked;
 * complete but unusable replies get a few quick retries and then an `invalid_response` error.
 */
async function runWithRetry(attempt, validate, signal, options) {
    let attempts = 0;
    let transportFailures = 0;
    let invalidReplies = 0;
    for (;;) {
        if (signal?.aborted)
            throw abortReason(signal);
        attempts++;
        let failure;
        try {
            const result = await attempt();
            const reason = validate(result);
            if (reason === undefined)
                return result;
            invalidReplies++;
            failure = new ModelRequestError(invalidReplies >= options.invalidResponseMaxAttempts || attempts >= options.maxAttempts
                ? `The model's reply was unusable after ${invalidReplies} attempt(s): ${INVALID_REASON_TEXT[reason]}.`
                : `The model's reply was unusable: ${INVALID_REASON_TEXT[reason]}.`, { kind: 'invalid_response' });
        }
        catch (error) {
            // A cancelled request stays a cancellation, whatever the transport made of it.
            if (signal?.aborted)
                throw abortReason(signal);
            if (!(error instanceof ModelRequestError) || !error.retryable)
                throw error;
            failure = error;
            if (error.kind === 'invalid_response')
                invalidReplies++;
            else
                transportFailures++;
        }
        const invalid = failure.kind === 'invalid_response';
        const budget = invalid
            ? Math.min(options.invalidResponseMaxAttempts, options.maxAttempts)
            : options.maxAttempts;
        const used = invalid ? invalidReplies : attempts;
        if (used >= budget || attempts >= options.maxAttempts)
            throw failure;
        let delayMs;
        if (invalid) {
            delayMs = options.invalidResponseDelayMs * invalidReplies;
        }
        else if (failure.retryDelayMs !== undefined) {
            delayMs = Math.min(failure.retryDelayMs, options.maxServerDelayMs);
        }
        else {
            delayMs = backoffDelay(transportFailures, options);
        }
        options.onRetry?.({ attempt: attempts, maxAttempts: budget, delayMs, error: failure });
        await abortableSleep(delayMs, signal, options.sleep);
    }
}
/**
 * Wraps a generator with retries. A stream is read to its end before the consumer sees any chunk,
 * so a reply that breaks off midway is retried without the consumer ever seeing half of it.
 */
function withRetry(generator, options = {}) {
    const d = DEFAULT_RETRY_OPTIONS;
    const resolved = {
        maxAttempts: Math.max(1, options.maxAttempts ?? d.maxAttempts),
        initialDelayMs: options.initialDelayMs ?? d.initialDelayMs,
        maxDelayMs: options.maxDelayMs ?? d.maxDelayMs,
        maxServerDelayMs: options.maxServerDelayMs ?? d.maxServerDelayMs,
        jitter: options.jitter ?? d.jitter,
        invalidResponseMaxAttempts: Math.max(1, options.invalidResponseMaxAttempts ?? d.invalidResponseMaxAttempts),
        invalidResponseDelayMs: options.invalidResponseDelayMs ?? d.invalidResponseDelayMs,
        sleep: options.sleep ?? defaultSleep,
        random: options.random ?? Math.random,
        onRetry: options.onRetry,
    };
    return {
        generateContent(request, promptId) {
            return runWithRetry(() => generator.generateContent(request, promptId), (response) => invalidReplyReason([response]), request.config?.abortSignal, resolved);
        },
        async generateContentStream(request, promptId) {
            const chunks = await runWithRetry(async () => {
                const collected = [];
                for await (const chunk of await generator.generateContentStream(request, promptId)) {
                    collected.push(chunk);
                }
                return collected;
            }, invalidReplyReason, request.config?.abortSignal, resolved);
            return replay(chunks);
        },
        countTokens(request) {
            return runWithRetry(() => generator.countTokens(request), () => undefined, request.config?.abortSignal, resolved);
        },
    };
}
// eslint-disable-next-line @typescript-eslint/require-await -- an async generator by contract
async function* replay(chunks) {
    yield* chunks;
}

;// CONCATENATED MODULE: ./src/model/create-content-generator.ts




const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
async function defaultCodeAssistCredentials() {
    // Loaded on demand: only Code Assist users pay for google-auth-library at startup.
    const { GoogleAuth } = await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 492, 23));
    return new GoogleAuth({ scopes: [CLOUD_PLATFORM_SCOPE] });
}
/**
 * The content generator for `auth`, wrapped in retries. Recording (when asked) sits inside the
 * retries, so a recording holds exactly the replies the session was given, including unusable ones
 * it retried, and replays the same way.
 */
async function createContentGenerator(auth, options = {}) {
    let transport;
    if (auth.type === 'code-assist') {
        transport = new CodeAssistContentGenerator({
            credentials: options.codeAssistCredentials ?? (await defaultCodeAssistCredentials()),
            ...(auth.project !== undefined ? { project: auth.project } : {}),
            ...(auth.baseUrl !== undefined ? { baseUrl: auth.baseUrl } : {}),
            ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
            ...(options.fetch ? { fetch: options.fetch } : {}),
        });
    }
    else {
        transport = createGenaiContentGenerator(auth, {
            ...(options.fetch ? { fetch: options.fetch } : {}),
            ...(options.googleAuthOptions ? { googleAuthOptions: options.googleAuthOptions } : {}),
        });
    }
    if (options.recordTo !== undefined) {
        transport = new RecordingContentGenerator(transport, options.recordTo);
    }
    return withRetry(transport, options.retry);
}

;// CONCATENATED MODULE: ./src/model/model-auth.ts

const HOW_TO_SET_UP = 'Set GEMINI_API_KEY, or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (or GOOGLE_API_KEY), or GOOGLE_GENAI_USE_GCA=true.';
function value(env, name) {
    const raw = env[name]?.trim();
    return raw === '' ? undefined : raw;
}
function flag(env, name) {
    return value(env, name)?.toLowerCase() === 'true';
}
function baseUrl(env, name) {
    const url = value(env, name);
    if (url === undefined)
        return {};
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        throw new ConfigurationError(`expected an http(s) URL, got ${JSON.stringify(url)}.`, {
            input: name,
        });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new ConfigurationError(`expected an http(s) URL, got ${JSON.stringify(url)}.`, {
            input: name,
        });
    }
    return { baseUrl: url };
}
/**
 * Chooses the model transport from environment variables, in the Gemini CLI's order:
 * `GOOGLE_GENAI_USE_GCA=true` (Code Assist), then `GOOGLE_GENAI_USE_VERTEXAI=true` (Vertex AI),
 * then `GEMINI_API_KEY` (Gemini API). Base URLs come from `GOOGLE_GEMINI_BASE_URL`,
 * `GOOGLE_VERTEX_BASE_URL` and `CODE_ASSIST_ENDPOINT`.
 */
function resolveModelAuth(env) {
    if (flag(env, 'GOOGLE_GENAI_USE_GCA')) {
        const project = value(env, 'GOOGLE_CLOUD_PROJECT') ?? value(env, 'GOOGLE_CLOUD_PROJECT_ID');
        return {
            type: 'code-assist',
            ...(project !== undefined ? { project } : {}),
            ...baseUrl(env, 'CODE_ASSIST_ENDPOINT'),
        };
    }
    if (flag(env, 'GOOGLE_GENAI_USE_VERTEXAI')) {
        const project = value(env, 'GOOGLE_CLOUD_PROJECT');
        const location = value(env, 'GOOGLE_CLOUD_LOCATION');
        const apiKey = value(env, 'GOOGLE_API_KEY');
        const url = baseUrl(env, 'GOOGLE_VERTEX_BASE_URL');
        if (project !== undefined && location !== undefined) {
            return { type: 'vertex-ai', project, location, ...url };
        }
        if (apiKey !== undefined)
            return { type: 'vertex-ai', apiKey, ...url };
        const missing = [project === undefined ? 'GOOGLE_CLOUD_PROJECT' : undefined]
            .concat(location === undefined ? 'GOOGLE_CLOUD_LOCATION' : undefined)
            .filter((name) => name !== undefined);
        throw new AuthenticationError(`GOOGLE_GENAI_USE_VERTEXAI=true needs GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (or GOOGLE_API_KEY for Vertex AI express mode); ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.`);
    }
    const apiKey = value(env, 'GEMINI_API_KEY');
    if (apiKey !== undefined) {
        return { type: 'gemini-api-key', apiKey, ...baseUrl(env, 'GOOGLE_GEMINI_BASE_URL') };
    }
    throw new AuthenticationError(`No model credentials found. ${HOW_TO_SET_UP}`);
}

;// CONCATENATED MODULE: ./src/platform/logger.ts
/** A logger that drops everything; for tests and library use. */
const silentLogger = {
    debug: () => undefined,
    info: () => undefined,
    warning: () => undefined,
    error: () => undefined,
};
/** A logger writing plain lines to a stream (stderr in the CLI, so stdout stays machine-readable). */
function streamLogger(stream, options = {}) {
    const line = (prefix, message) => stream.write(`${prefix}${message}\n`);
    return {
        debug: (message) => {
            if (options.debug)
                line('[debug] ', message);
        },
        info: (message) => line('', message),
        warning: (message) => line('warning: ', message),
        error: (message) => line('error: ', message),
    };
}
/** A logger that remembers every line; for tests that assert what a user would read. */
function memoryLogger() {
    const lines = [];
    const push = (level) => (message) => {
        lines.push({ level, message });
    };
    return {
        lines,
        debug: push('debug'),
        info: push('info'),
        warning: push('warning'),
        error: push('error'),
    };
}

;// CONCATENATED MODULE: ./src/agent/events.ts
function statusOfPhase(phase) {
    switch (phase) {
        case 'validating':
        case 'awaiting_approval':
        case 'scheduled':
            return 'PENDING';
        case 'executing':
            return 'EXECUTING';
        case 'successful':
            return 'SUCCEEDED';
        case 'errored':
            return 'FAILED';
        case 'cancelled':
            return 'CANCELLED';
    }
}
function emptyUsage() {
    return {
        input_tokens: 0,
        output_tokens: 0,
        cached_tokens: 0,
        thoughts_tokens: 0,
        tool_use_prompt_tokens: 0,
        total_tokens: 0,
    };
}

;// CONCATENATED MODULE: ./src/report/session-stats.ts

const noDecisions = () => ({ accept: 0, reject: 0, modify: 0, auto_accept: 0 });
/** Consumes AgentEvents; read `metrics()` / `streamStats()` at any time. */
class SessionStatsCollector {
    model = 'unknown';
    requests = 0;
    total = emptyUsage();
    tools = {
        totalCalls: 0,
        totalSuccess: 0,
        totalFail: 0,
        totalDurationMs: 0,
        totalDecisions: noDecisions(),
        byName: {},
    };
    files = { totalLinesAdded: 0, totalLinesRemoved: 0 };
    modelErrors = 0;
    startedAt;
    endedAt;
    listener = (event) => {
        const time = Date.parse(event.timestamp);
        this.startedAt ??= time;
        switch (event.kind) {
            case 'state_change':
                this.model = event.model;
                if (event.final) {
                    this.endedAt = time;
                    if (event.reason === 'model_error' || event.reason === 'auth_error')
                        this.modelErrors++;
                }
                break;
            case 'token_usage':
                this.requests++;
                this.total = event.total;
                break;
            case 'tool_call_update':
                this.recordToolCall(event.tool_call);
                break;
            default:
                break;
        }
    };
    recordToolCall(call) {
        const finished = call.status === 'SUCCEEDED' || call.status === 'FAILED';
        if (!finished && call.status !== 'CANCELLED')
            return;
        const byName = (this.tools.byName[call.tool_name] ??= {
            count: 0,
            success: 0,
            fail: 0,
            durationMs: 0,
            decisions: noDecisions(),
        });
        const duration = call.duration_ms ?? 0;
        this.tools.totalCalls++;
        byName.count++;
        this.tools.totalDurationMs += duration;
        byName.durationMs += duration;
        if (call.status === 'SUCCEEDED') {
            this.tools.totalSuccess++;
            byName.success++;
        }
        else {
            this.tools.totalFail++;
            byName.fail++;
        }
        const decision = call.confirmation_outcome?.decision;
        if (decision) {
            const key = decision === 'allow' ? 'auto_accept' : 'reject';
            this.tools.totalDecisions[key]++;
            byName.decisions[key]++;
        }
        if (call.output && 'diff' in call.output) {
            const stat = call.output.diff.diffStat;
            this.files.totalLinesAdded += stat?.model_added_lines ?? 0;
            this.files.totalLinesRemoved += stat?.model_removed_lines ?? 0;
        }
    }
    get toolCalls() {
        return this.tools.totalCalls;
    }
    get usage() {
        return this.total;
    }
    metrics() {
        const t = this.total;
        return {
            models: this.requests + this.modelErrors === 0
                ? {}
                : {
                    [this.model]: {
                        api: {
                            totalRequests: this.requests + this.modelErrors,
                            totalErrors: this.modelErrors,
                            totalLatencyMs: 0,
                        },
                        tokens: {
                            input: Math.max(0, t.input_tokens - t.cached_tokens),
                            prompt: t.input_tokens,
                            candidates: t.output_tokens,
                            total: t.total_tokens,
                            cached: t.cached_tokens,
                            thoughts: t.thoughts_tokens,
                            tool: t.tool_use_prompt_tokens,
                        },
                    },
                },
            tools: structuredClone(this.tools),
            files: { ...this.files },
        };
    }
    streamStats() {
        const t = this.total;
        return {
            total_tokens: t.total_tokens,
            input_tokens: t.input_tokens,
            output_tokens: t.output_tokens,
            cached: t.cached_tokens,
            input: Math.max(0, t.input_tokens - t.cached_tokens),
            duration_ms: this.startedAt === undefined ? 0 : (this.endedAt ?? this.startedAt) - this.startedAt,
            tool_calls: this.tools.totalCalls,
        };
    }
}

;// CONCATENATED MODULE: ./src/agent/function-response.ts
function responsePart(data) {
    return { functionResponse: data };
}
/** The output sent for results that are a list of parts, or a part with nothing to say. */
const TOOL_SUCCEEDED_OUTPUT = 'Tool execution succeeded.';
/** One `{functionResponse: {id, name, response: {output}}}` part. */
function functionResponsePart(callId, toolName, output) {
    return responsePart({ id: callId, name: toolName, response: { output } });
}
/** The part a failed call sends: `{functionResponse: {id, name, response: {error}}}`. */
function errorResponsePart(callId, toolName, message) {
    return responsePart({ id: callId, name: toolName, response: { error: message } });
}
/**
 * - a string (or a lone text part) → one functionResponse with `{output: text}`;
 * - a list of parts → a functionResponse saying the tool succeeded, then the parts (strings become
 *   text parts);
 * - a lone inlineData/fileData part → a functionResponse naming its MIME type, then the part as a
 *   sibling in the same message;
 * - a lone functionResponse part → passed through under this call's id and name; MCP-style
 *   nested `content` is flattened into its text.
 * A one-element list is treated as that element.
 */
function convertToFunctionResponse(callId, toolName, llmContent) {
    const content = Array.isArray(llmContent) && llmContent.length === 1 ? llmContent[0] : llmContent;
    if (content === undefined)
        return [functionResponsePart(callId, toolName, TOOL_SUCCEEDED_OUTPUT)];
    if (typeof content === 'string')
        return [functionResponsePart(callId, toolName, content)];
    if (Array.isArray(content)) {
        return [functionResponsePart(callId, toolName, TOOL_SUCCEEDED_OUTPUT), ...toParts(content)];
    }
    if (content.functionResponse) {
        const nested = content.functionResponse.response?.content;
        if (nested !== undefined) {
            return [functionResponsePart(callId, toolName, textOf(nested))];
        }
        return [withIdentity(content.functionResponse, callId, toolName)];
    }
    const binary = content.inlineData ?? content.fileData;
    if (binary) {
        const mimeType = binary.mimeType ?? 'unknown';
        return [
            functionResponsePart(callId, toolName, `Binary content of type ${mimeType} was processed.`),
            content,
        ];
    }
    if (content.text !== undefined)
        return [functionResponsePart(callId, toolName, content.text)];
    return [functionResponsePart(callId, toolName, TOOL_SUCCEEDED_OUTPUT)];
}
/**
 * Adds `error` to the response of the first functionResponse part (a call stopped midway still
 * shows the model what it produced); without such a part, an error part is put first.
 */
function withError(parts, callId, toolName, message) {
    const [first, ...rest] = parts;
    if (!first?.functionResponse)
        return [errorResponsePart(callId, toolName, message), ...parts];
    return [withIdentity(first.functionResponse, callId, toolName, { error: message }), ...rest];
}
/** The same functionResponse under this call's id and name, `extra` merged into its response. */
function withIdentity(original, callId, toolName, extra) {
    const data = { id: callId, name: toolName };
    if (original.response !== undefined || extra !== undefined) {
        data.response = { ...original.response, ...extra };
    }
    if (original.parts !== undefined)
        data.parts = original.parts;
    if (original.scheduling !== undefined)
        data.scheduling = original.scheduling;
    if (original.willContinue !== undefined)
        data.willContinue = original.willContinue;
    return responsePart(data);
}
function toParts(list) {
    return list.map((part) => (typeof part === 'string' ? { text: part } : part));
}
/** The text of MCP content blocks (`[{type: 'text', text}]`) or of Gemini parts, joined. */
function textOf(content) {
    if (!Array.isArray(content))
        return typeof content === 'string' ? content : '';
    return content
        .map((block) => {
        const text = block?.text;
        return typeof text === 'string' ? text : '';
    })
        .join('');
}

;// CONCATENATED MODULE: ./src/agent/budgets.ts


const DEFAULT_BUDGETS = {
    maxTurns: 100,
    maxToolCalls: 1000,
    timeoutMs: 30 * 60 * 1000,
    tokenBudget: Number.POSITIVE_INFINITY,
};
/** Fills in defaults and rejects limits that cannot work (zero, negative, fractional). */
function resolveBudgets(budgets = {}) {
    const resolved = {
        maxTurns: budgets.maxTurns ?? DEFAULT_BUDGETS.maxTurns,
        maxToolCalls: budgets.maxToolCalls ?? DEFAULT_BUDGETS.maxToolCalls,
        timeoutMs: budgets.timeoutMs ?? DEFAULT_BUDGETS.timeoutMs,
        tokenBudget: budgets.tokenBudget ?? DEFAULT_BUDGETS.tokenBudget,
    };
    requirePositiveInteger('maxTurns', resolved.maxTurns);
    requirePositiveInteger('maxToolCalls', resolved.maxToolCalls);
    requirePositiveInteger('timeoutMs', resolved.timeoutMs);
    if (resolved.tokenBudget !== Number.POSITIVE_INFINITY) {
        requirePositiveInteger('tokenBudget', resolved.tokenBudget);
    }
    return resolved;
}
function requirePositiveInteger(name, value) {
    if (!Number.isInteger(value) || value <= 0) {
        throw new ConfigurationError(`The session budget ${name} must be a positive whole number, but it is ${String(value)}.`);
    }
}
/** Counts what the session has used and says when a limit is reached. */
class BudgetTracker {
    budgets;
    startedAt;
    now;
    turns = 0;
    toolCalls = 0;
    tokens = 0;
    constructor(budgets, startedAt, now) {
        this.budgets = budgets;
        this.startedAt = startedAt;
        this.now = now;
    }
    /** Checked before each model request: may another one be sent? */
    beforeRequest() {
        const timeout = this.checkTime();
        if (timeout)
            return timeout;
        if (this.turns >= this.budgets.maxTurns) {
            return {
                reason: 'max_turns',
                message: `Stopped after ${plural(this.turns, 'turn')} (max turns).`,
            };
        }
        return undefined;
    }
    checkTime() {
        if (this.now() - this.startedAt >= this.budgets.timeoutMs)
            return this.timeoutStop();
        return undefined;
    }
    timeoutStop() {
        return {
            reason: 'timeout',
            message: `Stopped after ${formatDuration(this.budgets.timeoutMs)} (timeout).`,
        };
    }
    /** Checked after each response, with the session's running token total. */
    afterResponse(totalTokens) {
        this.tokens = totalTokens;
        if (totalTokens > this.budgets.tokenBudget) {
            return {
                reason: 'token_budget',
                message: `Stopped after using ${totalTokens} tokens (token budget ${this.budgets.tokenBudget}).`,
            };
        }
        return undefined;
    }
    /** How many of `requested` tool calls may still run. */
    toolCallsAllowed(requested) {
        return Math.max(0, Math.min(requested, this.budgets.maxToolCalls - this.toolCalls));
    }
    toolCallStop() {
        return {
            reason: 'max_tool_calls',
            message: `Stopped after ${plural(this.toolCalls, 'tool call')} (max tool calls).`,
        };
    }
}
function plural(count, noun) {
    return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
/** `90000` → `1m 30s`; `1500` → `1.5s`. */
function formatDuration(ms) {
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
/** The counts of one response's `usageMetadata`, in the event stream's shape. */
function toTokenUsage(metadata) {
    const input = metadata?.promptTokenCount ?? 0;
    const output = metadata?.candidatesTokenCount ?? 0;
    const thoughts = metadata?.thoughtsTokenCount ?? 0;
    const toolUse = metadata?.toolUsePromptTokenCount ?? 0;
    return {
        input_tokens: input,
        output_tokens: output,
        cached_tokens: metadata?.cachedContentTokenCount ?? 0,
        thoughts_tokens: thoughts,
        tool_use_prompt_tokens: toolUse,
        total_tokens: metadata?.totalTokenCount ?? input + output + thoughts + toolUse,
    };
}
function addUsage(a, b) {
    return {
        input_tokens: a.input_tokens + b.input_tokens,
        output_tokens: a.output_tokens + b.output_tokens,
        cached_tokens: a.cached_tokens + b.cached_tokens,
        thoughts_tokens: a.thoughts_tokens + b.thoughts_tokens,
        tool_use_prompt_tokens: a.tool_use_prompt_tokens + b.tool_use_prompt_tokens,
        total_tokens: a.total_tokens + b.total_tokens,
    };
}
/**
 * Settles with `promise`, or rejects once `signal` has been aborted for `graceMs`: a transport or
 * tool that ignores its abort signal cannot keep a cancelled or timed-out session alive.
 */
function untilAborted(promise, signal, options) {
    return new Promise((resolve, reject) => {
        let timer;
        const giveUp = () => {
            reject(new Error('aborted'));
        };
        const onAbort = () => {
            if (options.graceMs <= 0)
                giveUp();
            else
                timer = setTimeout(giveUp, options.graceMs);
        };
        const settle = () => {
            signal.removeEventListener('abort', onAbort);
            if (timer !== undefined)
                clearTimeout(timer);
        };
        promise.then((value) => {
            settle();
            resolve(value);
        }, (error) => {
            settle();
            reject(error instanceof Error ? error : new Error(errorMessage(error)));
        });
        if (signal.aborted)
            onAbort();
        else
            signal.addEventListener('abort', onAbort, { once: true });
    });
}
/** Starts the session's wall-clock timer with `setTimeout`; returns a function that stops it. */
function defaultScheduleTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    // The timer alone must not keep the process alive once the session is over.
    timer.unref();
    return () => {
        clearTimeout(timer);
    };
}
/**
 * A call the model made after the tool-call budget ran out: never run, but answered (so the
 * history stays valid) and reported as cancelled.
 */
function cancelledForBudget(request, tool, maxToolCalls) {
    const message = `Tool call cancelled: the session's limit of ${maxToolCalls} tool calls was reached.`;
    const error = { message, type: 'cancelled' };
    return {
        update: {
            tool_call_id: request.callId,
            status: 'CANCELLED',
            phase: 'cancelled',
            tool_name: request.name,
            input_parameters: request.args,
            error,
            duration_ms: 0,
            ...(tool ? { kind: tool.kind } : {}),
            ...(tool?.serverName === undefined ? {} : { server_name: tool.serverName }),
        },
        completed: {
            request,
            status: 'cancelled',
            result: { llmContent: message, returnDisplay: message, error },
            responseParts: [errorResponsePart(request.callId, request.name, message)],
            durationMs: 0,
            ...(tool ? { tool } : {}),
        },
    };
}

;// CONCATENATED MODULE: ./src/agent/history.ts
/** A part with nothing in it (streams sometimes send `{}` or `{text: ""}` as a keep-alive). */
function isEmptyPart(part) {
    if (part === undefined)
        return true;
    const keys = Object.keys(part).filter((key) => key !== 'thoughtSignature');
    if (keys.length === 0)
        return true;
    return keys.every((key) => key === 'text' || key === 'thought') && part.text === '';
}
/** A text part that is only text: safe to merge with a neighbouring one. */
function isPlainTextPart(part) {
    return (typeof part.text === 'string' &&
        part.thought !== true &&
        part.functionCall === undefined &&
        part.functionResponse === undefined &&
        part.inlineData === undefined &&
        part.fileData === undefined &&
        part.executableCode === undefined &&
        part.codeExecutionResult === undefined);
}
/**
 * The parts of one model response (all its chunks, in order) as they are kept in history:
 * thought parts and empty parts dropped, consecutive text parts merged. A signature carried by a
 * dropped part moves to the next kept part without one (or, failing that, the previous one), so
 * the model still finds it where it expects a signed step.
 */
function curateModelParts(parts) {
    const kept = [];
    let orphanSignature;
    const adopt = (part) => {
        if (orphanSignature !== undefined && part.thoughtSignature === undefined) {
            const signed = { ...part, thoughtSignature: orphanSignature };
            orphanSignature = undefined;
            return signed;
        }
        return part;
    };
    for (const raw of parts) {
        if (raw === undefined)
            continue;
        if (raw.thought === true || isEmptyPart(raw)) {
            if (raw.thoughtSignature !== undefined)
                orphanSignature ??= raw.thoughtSignature;
            continue;
        }
        const part = adopt({ ...raw });
        const last = kept[kept.length - 1];
        const bothSigned = last?.thoughtSignature !== undefined && part.thoughtSignature !== undefined;
        if (last && isPlainTextPart(last) && isPlainTextPart(part) && !bothSigned) {
            const merged = { ...last, text: `${last.text ?? ''}${part.text ?? ''}` };
            const signature = last.thoughtSignature ?? part.thoughtSignature;
            if (signature !== undefined)
                merged.thoughtSignature = signature;
            kept[kept.length - 1] = merged;
        }
        else {
            kept.push(part);
        }
    }
    if (orphanSignature !== undefined) {
        for (let i = kept.length - 1; i >= 0; i--) {
            const part = kept[i];
            if (part && part.thoughtSignature === undefined) {
                kept[i] = { ...part, thoughtSignature: orphanSignature };
                break;
            }
        }
    }
    return kept;
}
/** A model content that can be replayed: has parts, none empty, none a thought. */
function isValidModelContent(content) {
    const parts = content.parts ?? [];
    if (parts.length === 0)
        return false;
    return parts.every((part) => !isEmptyPart(part) && part.thought !== true);
}
/**
 * History fit for a request: model contents cleaned of thoughts and empty parts, and model
 * contents left with nothing dropped entirely. User contents pass through untouched.
 */
function curateHistory(history) {
    const curated = [];
    for (const content of history) {
        if (content.role !== 'model') {
            curated.push(content);
            continue;
        }
        const parts = curateModelParts(content.parts ?? []);
        if (parts.length > 0)
            curated.push({ role: 'model', parts });
    }
    return curated;
}
function functionCallsOf(content) {
    return (content.parts ?? []).flatMap((part) => (part.functionCall ? [part.functionCall] : []));
}
function hasFunctionCall(content) {
    return (content.parts ?? []).some((part) => part.functionCall !== undefined);
}
/** A user content answering function calls (tool results). */
function isFunctionResponseContent(content) {
    return (content.role === 'user' &&
        (content.parts ?? []).some((part) => part.functionResponse !== undefined));
}
/** A user content that is a message of its own, not tool results: a safe start for a history. */
function isPlainUserContent(content) {
    return (content.role === 'user' &&
        (content.parts ?? []).length > 0 &&
        !isFunctionResponseContent(content));
}
/** The visible text of some parts (thoughts excluded), in order. */
function textOfParts(parts) {
    return parts
        .filter((part) => isPlainTextPart(part))
        .map((part) => part.text ?? '')
        .join('');
}
/** Size in characters of a content as sent on the wire; the unit compression splits by. */
function contentSize(content) {
    return JSON.stringify(content).length;
}
function userText(text) {
    return { role: 'user', parts: [{ text }] };
}
function modelText(text) {
    return { role: 'model', parts: [{ text }] };
}
/** A copy of a user content with one more text part at the end. */
function withAppendedText(content, text) {
    return { ...content, parts: [...(content.parts ?? []), { text }] };
}

;// CONCATENATED MODULE: ./src/agent/thought.ts
const BOLD = '**';
/**
 * Splits a thought summary into a subject and a description. Thinking models title each summary
 * in bold (`**Checking the tests**\n\nI should…`); the first bold span is the subject and the
 * rest, with that span removed, is the description. Without a complete bold span the whole text
 * is the description, so nothing the model thought is lost.
 */
function parseThought(rawText) {
    const start = rawText.indexOf(BOLD);
    if (start === -1)
        return { subject: '', description: rawText.trim() };
    const end = rawText.indexOf(BOLD, start + BOLD.length);
    if (end === -1)
        return { subject: '', description: rawText.trim() };
    return {
        subject: rawText.slice(start + BOLD.length, end).trim(),
        description: (rawText.slice(0, start) + rawText.slice(end + BOLD.length)).trim(),
    };
}

;// CONCATENATED MODULE: ./src/agent/chat.ts
/**
 * The conversation with the model: the curated history and one request/response exchange at a
 * time. It knows the wire shape (system instruction, tools, generation config) and turns a
 * response into what the session needs — thoughts, text, function calls, finish reason, usage —
 * while only valid, thought-free content enters the history.
 */





/** Gemini CLI's thinking budget for Gemini 2.5 models. */
const GEMINI_25_THINKING_BUDGET = 8192;
/**
 * Deterministic sampling for a coding agent, and thought summaries for models that think:
 * a thinking budget for Gemini 2.5, the high thinking level for Gemini 3.
 */
function defaultGenerationConfig(model) {
    const name = model.replace(/^models\//, '');
    const base = { temperature: 0, topP: 1 };
    if (name.startsWith('gemini-2.5')) {
        return {
            ...base,
            thinkingConfig: { includeThoughts: true, thinkingBudget: GEMINI_25_THINKING_BUDGET },
        };
    }
    if (/^gemini-3(\b|[.-])/.test(name)) {
        return {
            ...base,
            thinkingConfig: { includeThoughts: true, thinkingLevel: node/* ThinkingLevel */.HL.HIGH },
        };
    }
    return base;
}
/** Finish reasons meaning the response was withheld by a content filter. */
const chat_BLOCKED_FINISH_REASONS = {
    SAFETY: 'potentially unsafe content',
    RECITATION: 'recitation of existing material',
    BLOCKLIST: 'forbidden terms',
    PROHIBITED_CONTENT: 'prohibited content',
    SPII: 'sensitive personal information',
    IMAGE_SAFETY: 'an unsafe image',
    IMAGE_PROHIBITED_CONTENT: 'a prohibited image',
    IMAGE_RECITATION: 'recitation of an existing image',
};
/** Finish reasons meaning the model tried to call a tool and got it wrong. */
const MALFORMED_FINISH_REASONS = new Set([
    'MALFORMED_FUNCTION_CALL',
    'UNEXPECTED_TOOL_CALL',
]);
/** A readable explanation when a response (or the prompt) was blocked, else undefined. */
function blockedMessage(response) {
    if (response.blockReason) {
        const detail = response.blockReasonMessage ? `: ${response.blockReasonMessage}` : '';
        return `The model refused the request: the prompt was blocked (${response.blockReason})${detail}.`;
    }
    const reason = response.finishReason;
    const description = reason === undefined ? undefined : chat_BLOCKED_FINISH_REASONS[reason];
    if (reason === undefined || description === undefined)
        return undefined;
    const detail = response.finishMessage ? ` ${response.finishMessage}` : '';
    return `The model's response was blocked for ${description} (finish reason ${reason}).${detail}`;
}
function isMalformedCall(response) {
    return response.finishReason !== undefined && MALFORMED_FINISH_REASONS.has(response.finishReason);
}
class Chat {
    options;
    history;
    constructor(options) {
        this.options = options;
        this.history = [...(options.history ?? [])];
    }
    get model() {
        return this.options.model;
    }
    /** A deep copy: callers cannot change the history by accident. */
    getHistory() {
        return structuredClone(this.history);
    }
    setHistory(history) {
        this.history = [...history];
    }
    /** Appends a user content (the prompt, tool results, a note). */
    addUserContent(content) {
        this.history.push({ ...content, role: 'user' });
    }
    /** The last content; the session appends notes to it before the next request. */
    lastContent() {
        return this.history[this.history.length - 1];
    }
    replaceLastContent(content) {
        if (this.history.length === 0)
            throw new Error('replaceLastContent on an empty history');
        this.history[this.history.length - 1] = content;
    }
    /** The request for the current history, exactly as it goes to the content generator. */
    buildRequest(options) {
        const config = {
            ...this.options.generationConfig,
            systemInstruction: this.options.systemInstruction,
            ...(options.declarations.length > 0
                ? { tools: [{ functionDeclarations: options.declarations }] }
                : {}),
            abortSignal: options.signal,
        };
        // A copy of the list: the generator may keep the request (recording) while history grows.
        return { model: this.options.model, contents: [...this.history], config };
    }
    /** Sends the history, reads the whole response and appends its valid content to the history. */
    async send(options) {
        const request = this.buildRequest(options);
        const collector = new ResponseCollector();
        if (this.options.streaming) {
            const stream = await this.options.generator.generateContentStream(request, options.promptId);
            for await (const chunk of stream)
                collector.add(chunk);
        }
        else {
            collector.add(await this.options.generator.generateContent(request, options.promptId));
        }
        const response = collector.finish();
        if (response.content)
            this.history.push(response.content);
        return response;
    }
}
/** Gathers the chunks of one response. */
class ResponseCollector {
    parts = [];
    items = [];
    finishReason;
    finishMessage;
    blockReason;
    blockReasonMessage;
    usage;
    add(chunk) {
        const candidate = chunk.candidates?.[0];
        for (const part of candidate?.content?.parts ?? []) {
            this.parts.push(part);
            if (part.thought === true) {
                if (part.text)
                    this.items.push({ kind: 'thought', thought: parseThought(part.text) });
            }
            else if (isPlainTextPart(part) && part.text) {
                this.addText(part.text);
            }
        }
        if (candidate?.finishReason) {
            this.finishReason = candidate.finishReason;
            this.finishMessage = candidate.finishMessage;
        }
        if (chunk.promptFeedback?.blockReason) {
            this.blockReason = chunk.promptFeedback.blockReason;
            this.blockReasonMessage = chunk.promptFeedback.blockReasonMessage;
        }
        if (chunk.usageMetadata)
            this.usage = chunk.usageMetadata;
    }
    addText(text) {
        const last = this.items[this.items.length - 1];
        if (last?.kind === 'text')
            last.text += text;
        else
            this.items.push({ kind: 'text', text });
    }
    finish() {
        const parts = curateModelParts(this.parts);
        const content = parts.length > 0 ? { role: 'model', parts } : undefined;
        return {
            items: this.items,
            content,
            functionCalls: content ? functionCallsOf(content) : [],
            text: textOfParts(parts),
            finishReason: this.finishReason,
            finishMessage: this.finishMessage,
            blockReason: this.blockReason,
            blockReasonMessage: this.blockReasonMessage,
            usage: this.usage,
        };
    }
}
/** Why a failed request ends the session, in words: rejected credentials or another failure. */
function describeModelError(error) {
    if (error instanceof ModelRequestError) {
        const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
        if (error.isAuthError) {
            return {
                reason: 'auth_error',
                message: `The model rejected the credentials${status}: ${error.message}`,
            };
        }
        return {
            reason: 'model_error',
            message: `The model request failed${status}: ${error.message}`,
        };
    }
    return { reason: 'model_error', message: `The model request failed: ${errorMessage(error)}` };
}
/**
 * How a response without function calls ends the session: an invalid call is a model error;
 * otherwise the session is complete, with warnings when the answer is empty or ended oddly.
 */
function judgeFinalAnswer(response) {
    if (isMalformedCall(response)) {
        return {
            error: `The model produced an invalid function call (finish reason ${response.finishReason ?? 'unknown'}).`,
            warnings: [],
        };
    }
    const warnings = [];
    const reason = response.finishReason;
    if (reason !== undefined && reason !== node/* FinishReason */.eD.STOP && reason !== node/* FinishReason */.eD.MAX_TOKENS) {
        warnings.push({
            code: 'other',
            message: `The model ended its answer with finish reason ${reason}.`,
        });
    }
    if (response.text.trim() === '') {
        warnings.push({
            code: 'invalid_response',
            message: 'The model finished without a final answer.',
        });
    }
    return { warnings };
}

;// CONCATENATED MODULE: ./src/agent/compression.ts


const DEFAULT_COMPRESSION_THRESHOLD = 0.7;
const DEFAULT_PRESERVE_FRACTION = 0.3;
/** The model's reply after the summary, so the history keeps alternating user/model. */
const COMPRESSION_ACK = 'Got it. Thanks for the additional context!';
const DEFAULT_TOKEN_LIMIT = 1_048_576;
/** The context window of a model, in tokens; Gemini 2.5 and 3 models take 1,048,576. */
function tokenLimitForModel(model) {
    const name = model.replace(/^models\//, '');
    if (name.startsWith('gemini-1.5-pro'))
        return 2_097_152;
    return DEFAULT_TOKEN_LIMIT;
}
function resolveCompression(model, options = {}) {
    const resolved = {
        tokenLimit: options.tokenLimit ?? tokenLimitForModel(model),
        threshold: options.threshold ?? DEFAULT_COMPRESSION_THRESHOLD,
        preserveFraction: options.preserveFraction ?? DEFAULT_PRESERVE_FRACTION,
    };
    if (!Number.isInteger(resolved.tokenLimit) || resolved.tokenLimit <= 0) {
        throw new ConfigurationError(`compression.tokenLimit must be a positive whole number of tokens, but it is ${resolved.tokenLimit}.`);
    }
    if (!(resolved.threshold > 0 && resolved.threshold <= 1)) {
        throw new ConfigurationError(`compression.threshold must be a fraction above 0 and at most 1, but it is ${resolved.threshold}.`);
    }
    if (!(resolved.preserveFraction > 0 && resolved.preserveFraction < 1)) {
        throw new ConfigurationError(`compression.preserveFraction must be a fraction between 0 and 1, but it is ${resolved.preserveFraction}.`);
    }
    return resolved;
}
function needsCompression(promptTokenCount, options) {
    return promptTokenCount > options.threshold * options.tokenLimit;
}
/**
 * Where the kept tail starts: the first valid start once `1 - preserveFraction` of the history
 * (by characters) lies before it, or else the latest valid start. Undefined when no start leaves
 * at least two contents to summarise.
 */
function findCompressionSplit(history, preserveFraction) {
    const sizes = history.map(contentSize);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    const target = total * (1 - preserveFraction);
    let before = 0;
    let latestValid;
    for (let i = 0; i < history.length; i++) {
        const content = history[i];
        if (content && i >= 2 && isValidTailStart(content)) {
            if (before >= target)
                return i;
            latestValid = i;
        }
        before += sizes[i] ?? 0;
    }
    return latestValid;
}
function isValidTailStart(content) {
    return content.role === 'model' || isPlainUserContent(content);
}
/** The system instruction of the summary request. */
const COMPRESSION_SYSTEM_PROMPT = `You are the memory of a coding agent that works alone in a checked-out repository. Its conversation has grown too long, so everything before this point will be replaced by the summary you write now. After that, the agent will only see your summary and the most recent messages, so anything you leave out is lost.

Write a complete, precise snapshot of the work so far, in this structure:

<state_snapshot>
  <task>The task the agent was given, with every requirement and constraint, in full.</task>
  <key_facts>What has been learned: conventions of the project, how to build and test it, decisions made and why, dead ends to avoid.</key_facts>
  <files>Every file read, created, changed or deleted, with its path and what matters about it (what was changed, what remains to change).</files>
  <recent_actions>The last steps taken and their outcomes, including failing commands and their errors.</recent_actions>
  <plan>The remaining steps, marked [DONE], [IN PROGRESS] or [TODO].</plan>
</state_snapshot>

Be specific: exact paths, names, commands, error messages. Leave out pleasantries and anything already done that no longer matters. Reply with the snapshot only.`;
const COMPRESSION_REQUEST = 'Write the <state_snapshot> of our work so far now.';
/**
 * Summarises the older history with one request (no tools) and returns the new history. Throws
 * when it cannot help (no valid split, an empty summary, nothing saved); the caller carries on
 * uncompressed.
 */
async function compressHistory(options) {
    const { history } = options;
    const split = findCompressionSplit(history, options.preserveFraction);
    if (split === undefined) {
        throw new Error('no point in the history where it can be split safely');
    }
    const response = await options.generator.generateContent({
        model: options.model,
        contents: summaryRequestContents(history.slice(0, split)),
        config: { systemInstruction: COMPRESSION_SYSTEM_PROMPT, abortSignal: options.signal },
    }, options.promptId);
    const summary = summaryText(response);
    if (summary === '')
        throw new Error('the model returned an empty summary');
    const tail = history.slice(split);
    const head = tail[0]?.role === 'model'
        ? [userText(summary)]
        : [userText(summary), modelText(COMPRESSION_ACK)];
    const compressed = [...head, ...structuredClone(tail)];
    const sizeBefore = history.reduce((sum, content) => sum + contentSize(content), 0);
    const sizeAfter = compressed.reduce((sum, content) => sum + contentSize(content), 0);
    if (sizeAfter >= sizeBefore)
        throw new Error('the summary is not shorter than what it replaces');
    return {
        history: compressed,
        tokensBefore: options.tokensBefore,
        tokensAfterEstimate: Math.ceil(sizeAfter / 4),
        usage: response.usageMetadata,
    };
}
/** The summarised contents plus the request, without two user contents in a row. */
function summaryRequestContents(toSummarise) {
    const contents = structuredClone([...toSummarise]);
    const last = contents[contents.length - 1];
    if (last?.role === 'user') {
        contents[contents.length - 1] = withAppendedText(last, COMPRESSION_REQUEST);
    }
    else {
        contents.push(userText(COMPRESSION_REQUEST));
    }
    return contents;
}
function summaryText(response) {
    const parts = response.candidates?.[0]?.content?.parts ?? [];
    return textOfParts(curateModelParts(parts)).trim();
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
;// CONCATENATED MODULE: ./src/agent/context-files.ts
/**
 * Context files (`GEMINI.md` by default): the project's instructions for the agent, found in every
 * directory from the repository root down to the workspace, plus the user's memory file. They are
 * added to the system instruction, each wrapped in markers naming its path.
 */





const DEFAULT_CONTEXT_FILE_NAME = 'GEMINI.md';
/** Larger files are skipped: they would crowd the task out of the context window. */
const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
function defaultUserMemoryPath(homeDir = external_node_os_default().homedir()) {
    return external_node_path_default().join(homeDir, '.gemini', DEFAULT_CONTEXT_FILE_NAME);
}
/** Validates the configured names: plain file names, at least one. */
function normalizeContextFileNames(fileNames) {
    const names = fileNames === undefined
        ? [DEFAULT_CONTEXT_FILE_NAME]
        : typeof fileNames === 'string'
            ? [fileNames]
            : [...fileNames];
    if (names.length === 0) {
        throw new ConfigurationError('contextFileName must name at least one file, e.g. "GEMINI.md".');
    }
    for (const name of names) {
        if (name.trim() === '' ||
            name.includes('/') ||
            name.includes('\\') ||
            name === '.' ||
            name === '..') {
            throw new ConfigurationError(`contextFileName entries must be plain file names such as "GEMINI.md", but got "${name}".`);
        }
    }
    return [...new Set(names)];
}
/** The nearest directory at or above `start` that contains `.git` (a directory or a file). */
async function findGitRoot(start) {
    let dir = external_node_path_default().resolve(start);
    for (;;) {
        if (await exists(external_node_path_default().join(dir, '.git')))
            return dir;
        const parent = external_node_path_default().dirname(dir);
        if (parent === dir)
            return undefined;
        dir = parent;
    }
}
/**
 * The directories searched, top first: from the git root (or, outside a repository, the
 * filesystem root) down to the workspace root.
 */
async function contextDirectories(workspaceRoot) {
    const workspace = external_node_path_default().resolve(workspaceRoot);
    const top = (await findGitRoot(workspace)) ?? external_node_path_default().parse(workspace).root;
    const dirs = [];
    let dir = workspace;
    for (;;) {
        dirs.unshift(dir);
        if (dir === top)
            break;
        const parent = external_node_path_default().dirname(dir);
        if (parent === dir)
            break;
        dir = parent;
    }
    return dirs;
}
/** Finds and reads the user memory file and the project's context files, in that order. */
async function loadContextFiles(options) {
    const logger = options.logger ?? silentLogger;
    const names = normalizeContextFileNames(options.fileNames);
    const homeDir = options.homeDir ?? external_node_os_default().homedir();
    const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    const workspace = external_node_path_default().resolve(options.workspaceRoot);
    const seen = new Set();
    const files = [];
    const add = async (file, source, boundary) => {
        const content = await readContextFile(file, { boundary, maxBytes, logger, seen });
        if (content === undefined)
            return;
        files.push({
            path: file,
            displayPath: displayPath(file, source, workspace, homeDir),
            content,
            source,
        });
    };
    const memoryPath = options.userMemoryPath === undefined ? defaultUserMemoryPath(homeDir) : options.userMemoryPath;
    if (memoryPath !== null)
        await add(external_node_path_default().resolve(memoryPath), 'user', undefined);
    const dirs = await contextDirectories(workspace);
    // Symlinks in the repository must not pull in files from outside it (a GEMINI.md pointing at
    // a credentials file would put secrets in the prompt).
    const boundary = await realpathOrUndefined(dirs[0] ?? workspace);
    for (const dir of dirs) {
        for (const name of names)
            await add(external_node_path_default().join(dir, name), 'project', boundary);
    }
    return { files, text: formatContextFiles(files) };
}
/** `--- Context from: <path> ---` … `--- End of Context from: <path> ---`, blank-line separated. */
function formatContextFiles(files) {
    return files
        .map((file) => `--- Context from: ${file.displayPath} ---\n${file.content}\n--- End of Context from: ${file.displayPath} ---`)
        .join('\n\n');
}
async function readContextFile(file, options) {
    try {
        const real = await external_node_fs_.promises.realpath(file);
        if (options.seen.has(real))
            return undefined;
        if (options.boundary !== undefined && !isInside(real, options.boundary)) {
            options.logger.warning(`Skipping context file ${file}: it links to ${real}, outside ${options.boundary}.`);
            return undefined;
        }
        const stat = await external_node_fs_.promises.stat(real);
        if (!stat.isFile())
            return undefined;
        if (stat.size > options.maxBytes) {
            options.logger.warning(`Skipping context file ${file}: ${stat.size} bytes is more than the ${options.maxBytes}-byte limit.`);
            return undefined;
        }
        options.seen.add(real);
        const content = (await external_node_fs_.promises.readFile(real, 'utf8')).trim();
        return content === '' ? undefined : content;
    }
    catch (error) {
        const code = error.code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') {
            options.logger.warning(`Could not read context file ${file}: ${error.message}`);
        }
        return undefined;
    }
}
function displayPath(file, source, workspace, homeDir) {
    if (source === 'user') {
        const home = external_node_path_default().resolve(homeDir);
        return isInside(file, home) ? `~/${toSlashes(external_node_path_default().relative(home, file))}` : file;
    }
    // Project files live in the workspace or one of its ancestors: `GEMINI.md`, `../GEMINI.md`.
    return toSlashes(external_node_path_default().relative(workspace, file));
}
function toSlashes(p) {
    return p.split((external_node_path_default()).sep).join('/');
}
function isInside(child, parent) {
    const relative = external_node_path_default().relative(parent, child);
    return relative === '' || (!relative.startsWith('..') && !external_node_path_default().isAbsolute(relative));
}
async function exists(file) {
    try {
        await external_node_fs_.promises.lstat(file);
        return true;
    }
    catch {
        return false;
    }
}
async function realpathOrUndefined(dir) {
    try {
        return await external_node_fs_.promises.realpath(dir);
    }
    catch {
        return undefined;
    }
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(1421);
;// CONCATENATED MODULE: ./src/agent/environment-context.ts
/**
 * The first user message of every session: today's date, the platform, the workspace and its
 * folder structure, in the wording and tree format the Gemini CLI uses, followed by the model's
 * acknowledgement. It spares the model a round of `ls` calls before it can start.
 */



/** The model's reply to the environment message, so the history keeps alternating. */
const ENVIRONMENT_ACK = 'Got it. Thanks for the context!';
const DEFAULT_FOLDER_STRUCTURE_ITEMS = 200;
const TRUNCATED = '...';
/** Shown as `name/...` and never listed: never useful and often huge. */
const ALWAYS_HIDDEN_FOLDERS = new Set(['.git', 'node_modules']);
const ignoreNothing = () => false;
/**
 * A tree of `directory` read breadth first, so the top levels show before the limit is reached.
 * Each folder lists its files, then its subfolders, by name; `...` marks what was left out.
 */
async function getFolderStructure(directory, options = {}) {
    const root = external_node_path_default().resolve(directory);
    const maxItems = options.maxItems ?? DEFAULT_FOLDER_STRUCTURE_ITEMS;
    const isIgnored = options.isIgnored ?? ignoreNothing;
    const rootNode = newNode(external_node_path_default().basename(root));
    const rootEntries = await readEntries(root);
    if (rootEntries === undefined) {
        return `Error: Could not read directory "${root}". Check path and permissions.`;
    }
    const queue = [
        { node: rootNode, dir: root, relative: '' },
    ];
    let count = 0;
    while (queue.length > 0) {
        const next = queue.shift();
        if (!next)
            break;
        const { node, dir, relative } = next;
        const entries = next.node === rootNode ? rootEntries : await readEntries(dir);
        if (entries === undefined)
            continue;
        if (count >= maxItems) {
            node.collapsed = entries.length > 0;
            continue;
        }
        for (const entry of entries) {
            if (entry.isDirectory())
                continue;
            if (count >= maxItems) {
                node.moreFiles = true;
                break;
            }
            if (isIgnored(joinRelative(relative, entry.name), false))
                continue;
            node.files.push(entry.name);
            count++;
        }
        for (const entry of entries) {
            if (!entry.isDirectory())
                continue;
            if (count >= maxItems) {
                node.moreFolders = true;
                break;
            }
            const childRelative = joinRelative(relative, entry.name);
            const child = newNode(entry.name);
            child.collapsed = ALWAYS_HIDDEN_FOLDERS.has(entry.name) || isIgnored(childRelative, true);
            node.folders.push(child);
            count++;
            if (!child.collapsed) {
                queue.push({ node: child, dir: external_node_path_default().join(dir, entry.name), relative: childRelative });
            }
        }
    }
    const lines = [];
    formatChildren(rootNode, '', lines);
    let summary = `Showing up to ${maxItems} items (files + folders).`;
    if (isTruncated(rootNode)) {
        summary += ` Folders or files indicated with ${TRUNCATED} contain more items not shown, were ignored, or the display limit (${maxItems} items) was reached.`;
    }
    return `${summary}\n\n${root}${(external_node_path_default()).sep}\n${lines.join('\n')}`;
}
function newNode(name) {
    return { name, files: [], folders: [], collapsed: false, moreFiles: false, moreFolders: false };
}
async function readEntries(dir) {
    try {
        const entries = await external_node_fs_.promises.readdir(dir, { withFileTypes: true });
        return entries.sort((a, b) => compareNames(a.name, b.name));
    }
    catch {
        return undefined;
    }
}
function compareNames(a, b) {
    return a.localeCompare(b, 'en');
}
function joinRelative(parent, name) {
    return parent === '' ? name : `${parent}/${name}`;
}
function formatChildren(node, indent, lines) {
    const hasFoldersAfter = node.folders.length > 0 || node.moreFolders;
    node.files.forEach((file, i) => {
        const last = i === node.files.length - 1 && !node.moreFiles && !hasFoldersAfter;
        lines.push(`${indent}${last ? '└───' : '├───'}${file}`);
    });
    if (node.moreFiles)
        lines.push(`${indent}${hasFoldersAfter ? '├───' : '└───'}${TRUNCATED}`);
    node.folders.forEach((folder, i) => {
        const last = i === node.folders.length - 1 && !node.moreFolders;
        lines.push(`${indent}${last ? '└───' : '├───'}${folder.name}${(external_node_path_default()).sep}${folder.collapsed ? TRUNCATED : ''}`);
        formatChildren(folder, `${indent}${last ? '    ' : '│   '}`, lines);
    });
    if (node.moreFolders)
        lines.push(`${indent}└───${TRUNCATED}`);
}
function isTruncated(node) {
    return node.collapsed || node.moreFiles || node.moreFolders || node.folders.some(isTruncated);
}
/**
 * Git's own idea of what is ignored (`.gitignore` files at every level, `.git/info/exclude`, the
 * global excludes file), read once. Outside a repository, or without git, nothing is ignored.
 */
async function gitIgnorePredicate(root) {
    const output = await new Promise((resolve) => {
        (0,external_node_child_process_.execFile)('git', [
            '-c',
            'core.fsmonitor=false',
            'ls-files',
            '--others',
            '--ignored',
            '--exclude-standard',
            '--directory',
            '-z',
        ], { cwd: root, timeout: 10_000, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout) => {
            resolve(error ? undefined : stdout);
        });
    });
    if (output === undefined)
        return ignoreNothing;
    const ignored = new Set(output.split('\0').filter((entry) => entry !== ''));
    return (relativePath, isDirectory) => isDirectory ? ignored.has(`${relativePath}/`) : ignored.has(relativePath);
}
/** The text of the first user message. */
async function buildEnvironmentContext(options) {
    const root = external_node_path_default().resolve(options.workspaceRoot);
    const today = new Date((options.now ?? Date.now)()).toLocaleDateString('en-US', {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
    });
    const isIgnored = options.isIgnored ?? (await gitIgnorePredicate(root));
    const structure = await getFolderStructure(root, {
        isIgnored,
        ...(options.maxItems === undefined ? {} : { maxItems: options.maxItems }),
    });
    return `This is the Gemini CLI. We are setting up the context for our chat.
Today's date is ${today}.
My operating system is: ${options.platform ?? process.platform}
I'm currently working in the directory: ${root}
Here is the folder structure of the current working directories:

${structure}`.trim();
}
/** The history every session starts with: the environment message and the acknowledgement. */
function initialHistory(environmentText) {
    return [
        { role: 'user', parts: [{ text: environmentText }] },
        { role: 'model', parts: [{ text: ENVIRONMENT_ACK }] },
    ];
}

;// CONCATENATED MODULE: ./src/agent/loop-detector.ts
/**
 * Notices when the model is stuck: the same tool call again and again, a short cycle of calls
 * repeated, or text that repeats itself. The session warns the model once and stops it the
 * second time, so a stuck run ends early instead of burning its whole budget.
 */
const DEFAULT_LOOP_DETECTION = {
    enabled: true,
    identicalCallThreshold: 5,
    cycleRepeatThreshold: 3,
    maxCyclePeriod: 4,
    textChunkSize: 50,
    textRepeatThreshold: 10,
    identicalResponseThreshold: 3,
    minRepeatedResponseLength: 20,
};
const MAX_SCANNED_TEXT = 20_000;
/** Tracks one session. Feed it every tool call and every response text, in order. */
class LoopDetector {
    options;
    callKeys = [];
    callNames = [];
    lastResponseText = '';
    sameResponseCount = 0;
    detections = 0;
    constructor(options = {}) {
        this.options = { ...DEFAULT_LOOP_DETECTION, ...options };
    }
    get detectionCount() {
        return this.detections;
    }
    /** Records one tool call the model asked for. */
    recordToolCall(name, args) {
        if (!this.options.enabled)
            return undefined;
        this.callKeys.push(`${name}:${stableJson(args)}`);
        this.callNames.push(name);
        const keep = Math.max(this.options.identicalCallThreshold, this.options.maxCyclePeriod * this.options.cycleRepeatThreshold);
        if (this.callKeys.length > keep) {
            this.callKeys = this.callKeys.slice(-keep);
            this.callNames = this.callNames.slice(-keep);
        }
        const identical = this.checkIdenticalCalls(name);
        if (identical)
            return this.detected('identical_tool_calls', identical);
        const cycle = this.checkCycle();
        if (cycle)
            return this.detected('tool_call_cycle', cycle);
        return undefined;
    }
    /** Records the visible text of one model response (empty when it had none). */
    recordResponseText(text) {
        if (!this.options.enabled)
            return undefined;
        const chanting = findRepeatedChunk(text, this.options.textChunkSize, this.options.textRepeatThreshold);
        if (chanting !== undefined) {
            this.lastResponseText = '';
            this.sameResponseCount = 0;
            return this.detected('repeated_text', `the text "${chanting.trim()}" repeats many times`);
        }
        const normalized = text.trim().replace(/\s+/g, ' ');
        if (normalized.length < this.options.minRepeatedResponseLength) {
            this.lastResponseText = '';
            this.sameResponseCount = 0;
            return undefined;
        }
        this.sameResponseCount = normalized === this.lastResponseText ? this.sameResponseCount + 1 : 1;
        this.lastResponseText = normalized;
        if (this.sameResponseCount >= this.options.identicalResponseThreshold) {
            this.sameResponseCount = 0;
            this.lastResponseText = '';
            return this.detected('repeated_text', `the same response ("${abbreviate(normalized, 80)}") in ${this.options.identicalResponseThreshold} consecutive turns`);
        }
        return undefined;
    }
    checkIdenticalCalls(name) {
        const threshold = this.options.identicalCallThreshold;
        if (this.callKeys.length < threshold)
            return undefined;
        const recent = this.callKeys.slice(-threshold);
        if (recent.every((key) => key === recent[0])) {
            return `${threshold} identical calls of ${name} in a row`;
        }
        return undefined;
    }
    checkCycle() {
        const repeats = this.options.cycleRepeatThreshold;
        for (let period = 2; period <= this.options.maxCyclePeriod; period++) {
            const span = period * repeats;
            if (this.callKeys.length < span)
                continue;
            const recent = this.callKeys.slice(-span);
            const cycle = recent.slice(0, period);
            // A "cycle" of one call repeated is the identical-call case, counted by its own threshold.
            if (new Set(cycle).size < 2)
                continue;
            if (recent.every((key, i) => key === cycle[i % period])) {
                const names = this.callNames.slice(-span, -span + period).join(' → ');
                return `the same cycle of ${period} calls (${names}) repeated ${repeats} times`;
            }
        }
        return undefined;
    }
    detected(kind, detail) {
        this.detections++;
        // Start counting afresh: a second detection needs a new full pattern after the warning.
        this.callKeys = [];
        this.callNames = [];
        return { kind, detail, count: this.detections };
    }
}
/**
 * The text window that recurs `threshold` times close together (on average at most five windows
 * apart) with few distinct stretches between occurrences — a model chanting the same sentence,
 * not a list whose items share a prefix. Fenced code is skipped: repetitive code is normal.
 */
function findRepeatedChunk(text, chunkSize, threshold) {
    // A chant fills the end of a response; the tail is enough and keeps the scan cheap.
    const prose = text.replace(/```[\s\S]*?(```|$)/g, '\n').slice(-MAX_SCANNED_TEXT);
    if (prose.length < chunkSize * threshold)
        return undefined;
    const positions = new Map();
    for (let i = 0; i + chunkSize <= prose.length; i++) {
        const chunk = prose.slice(i, i + chunkSize);
        const seen = positions.get(chunk);
        if (!seen) {
            positions.set(chunk, [i]);
            continue;
        }
        // Overlapping windows are one occurrence, not two.
        const last = seen[seen.length - 1] ?? 0;
        if (i - last < chunkSize)
            continue;
        seen.push(i);
        if (seen.length < threshold)
            continue;
        const recent = seen.slice(-threshold);
        const first = recent[0] ?? 0;
        const averageGap = (i - first) / (threshold - 1);
        if (averageGap > chunkSize * 5)
            continue;
        const stretches = new Set();
        for (let k = 0; k + 1 < recent.length; k++) {
            stretches.add(prose.slice(recent[k], recent[k + 1]));
        }
        if (stretches.size <= Math.floor(threshold / 2))
            return chunk;
    }
    return undefined;
}
/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same call. */
function stableJson(value) {
    return JSON.stringify(sortKeys(value));
}
function sortKeys(value) {
    if (Array.isArray(value))
        return value.map(sortKeys);
    if (typeof value !== 'object' || value === null)
        return value;
    const sorted = {};
    for (const key of Object.keys(value).sort()) {
        sorted[key] = sortKeys(value[key]);
    }
    return sorted;
}
function abbreviate(text, max) {
    return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

;// CONCATENATED MODULE: ./src/tools/tool-types.ts
/** Kinds that only observe: calls of these kinds in one turn run in parallel. */
const READ_ONLY_KINDS = new Set(['read', 'search', 'fetch', 'think']);
/** The Gemini CLI's `ToolErrorType` values; the model and transcripts see these strings. */
const ToolErrorType = {
    POLICY_VIOLATION: 'policy_violation',
    INVALID_TOOL_PARAMS: 'invalid_tool_params',
    TOOL_NOT_REGISTERED: 'tool_not_registered',
    EXECUTION_FAILED: 'execution_failed',
    CANCELLED: 'cancelled',
    FILE_NOT_FOUND: 'file_not_found',
    FILE_WRITE_FAILURE: 'file_write_failure',
    READ_CONTENT_FAILURE: 'read_content_failure',
    FILE_TOO_LARGE: 'file_too_large',
    PERMISSION_DENIED: 'permission_denied',
    NO_SPACE_LEFT: 'no_space_left',
    TARGET_IS_DIRECTORY: 'target_is_directory',
    PATH_NOT_IN_WORKSPACE: 'path_not_in_workspace',
    SEARCH_PATH_NOT_FOUND: 'search_path_not_found',
    SEARCH_PATH_NOT_A_DIRECTORY: 'search_path_not_a_directory',
    EDIT_PREPARATION_FAILURE: 'edit_preparation_failure',
    EDIT_NO_OCCURRENCE_FOUND: 'edit_no_occurrence_found',
    EDIT_EXPECTED_OCCURRENCE_MISMATCH: 'edit_expected_occurrence_mismatch',
    EDIT_NO_CHANGE: 'edit_no_change',
    GLOB_EXECUTION_ERROR: 'glob_execution_error',
    GREP_EXECUTION_ERROR: 'grep_execution_error',
    LS_EXECUTION_ERROR: 'ls_execution_error',
    PATH_IS_NOT_A_DIRECTORY: 'path_is_not_a_directory',
    MCP_TOOL_ERROR: 'mcp_tool_error',
    SHELL_EXECUTE_ERROR: 'shell_execute_error',
    DISCOVERED_TOOL_EXECUTION_ERROR: 'discovered_tool_execution_error',
    WEB_FETCH_NO_URL_IN_PROMPT: 'web_fetch_no_url_in_prompt',
    WEB_FETCH_FALLBACK_FAILED: 'web_fetch_fallback_failed',
    WEB_FETCH_PROCESSING_ERROR: 'web_fetch_processing_error',
    WEB_SEARCH_FAILED: 'web_search_failed',
    MEMORY_TOOL_EXECUTION_ERROR: 'memory_tool_execution_error',
};
function isBuildError(built) {
    return 'error' in built;
}

;// CONCATENATED MODULE: ./src/agent/scheduler.ts




/** The denial text the model reads; the policy's reason follows it. */
const POLICY_DENIAL_PREFIX = 'Tool execution denied by policy.';
const CONFIRMATION_OPTIONS = [
    { id: 'proceed_once', name: 'Allow Once' },
    { id: 'cancel', name: 'Reject' },
];
class ToolScheduler {
    options;
    now;
    liveInterval;
    setTimer;
    constructor(options) {
        this.options = options;
        this.now = options.now ?? Date.now;
        this.liveInterval = options.liveOutputIntervalMs ?? 1000;
        this.setTimer = options.setTimer ?? defaultTimer;
    }
    /** Runs the calls and returns them completed, in request order. */
    async run(requests, signal) {
        const calls = requests.map((request) => this.validate(request));
        const ready = calls.filter((call) => isReady(call));
        for (const group of executionGroups(ready)) {
            const approved = [];
            for (const call of group) {
                if (signal.aborted)
                    break;
                if (await this.approve(call, signal))
                    approved.push(call);
            }
            if (signal.aborted)
                break;
            await Promise.all(approved.map((call) => this.execute(call, signal)));
        }
        // Whatever has not finished by now was stopped by the signal before it could start.
        return calls.map((call) => call.completed ?? this.cancel(call, signal));
    }
    validate(request) {
        const call = {
            request,
            startedAt: this.now(),
            data: {
                tool_call_id: request.callId,
                status: 'PENDING',
                phase: 'validating',
                tool_name: request.name,
                input_parameters: request.args,
            },
        };
        const tool = this.options.registry.get(request.name);
        if (!tool) {
            this.emit(call);
            this.fail(call, {
                message: this.options.registry.notFoundMessage(request.name),
                type: 'tool_not_registered',
            });
            return call;
        }
        call.tool = tool;
        Object.assign(call.data, {
            tool_name: tool.name,
            kind: tool.kind,
            ...(tool.serverName === undefined ? {} : { server_name: tool.serverName }),
        });
        let built;
        try {
            built = tool.build(request.args);
        }
        catch (error) {
            built = { error: errorMessage(error), type: 'invalid_tool_params' };
        }
        if (isBuildError(built)) {
            this.emit(call);
            this.fail(call, { message: built.error, type: built.type });
            return call;
        }
        const description = attempt(() => built.describe());
        if (description !== undefined)
            call.data.description = description;
        this.emit(call);
        return { ...call, tool, invocation: built };
    }
    /** Asks the confirmer; true when the call may run. */
    async approve(call, signal) {
        let details;
        try {
            details = await call.invocation.confirmationDetails(signal);
        }
        catch (error) {
            if (!signal.aborted) {
                this.fail(call, { message: errorMessage(error), type: 'execution_failed' });
            }
            return false;
        }
        this.setPhase(call, 'awaiting_approval', {
            confirmation_request: toConfirmationRequest(details),
        });
        let decision;
        let reason;
        try {
            const outcome = await this.options.confirmer.confirm({
                callId: call.request.callId,
                toolName: call.tool.name,
                kind: call.tool.kind,
                ...(call.tool.serverName === undefined ? {} : { serverName: call.tool.serverName }),
                args: call.request.args,
                locations: attempt(() => call.invocation.locations()) ?? [],
                details,
            }, signal);
            call.data.confirmation_outcome = outcome;
            decision = outcome.decision;
            reason = outcome.reason;
        }
        catch (error) {
            if (signal.aborted)
                return false;
            // Fail closed: a confirmer that cannot answer has not allowed anything.
            decision = 'deny';
            reason = `The confirmation failed: ${errorMessage(error)}`;
        }
        if (signal.aborted)
            return false;
        if (decision === 'deny') {
            const message = reason ? `${POLICY_DENIAL_PREFIX} ${reason}` : POLICY_DENIAL_PREFIX;
            this.fail(call, { message, type: 'policy_violation' });
            return false;
        }
        this.setPhase(call, 'scheduled');
        return true;
    }
    async execute(call, signal) {
        this.setPhase(call, 'executing');
        const live = new LiveOutput({
            interval: this.liveInterval,
            now: this.now,
            setTimer: this.setTimer,
            report: (text) => {
                call.data.live_content = text;
                this.emit(call);
            },
        });
        let result;
        try {
            result = await call.invocation.execute(signal, (output) => {
                live.update(output);
            });
        }
        catch (error) {
            live.finish();
            if (signal.aborted) {
                this.cancel(call, signal);
                return;
            }
            const diskFull = error?.code === 'ENOSPC';
            this.fail(call, {
                message: errorMessage(error),
                type: diskFull ? 'no_space_left' : 'execution_failed',
            });
            return;
        }
        live.finish();
        if (signal.aborted) {
            this.cancel(call, signal, result);
        }
        else if (result.error) {
            this.fail(call, result.error, result);
        }
        else {
            delete call.data.live_content;
            call.data.output = displayOutput(result.returnDisplay);
            this.complete(call, 'successful', result, [
                ...convertToFunctionResponse(call.request.callId, call.request.name, result.llmContent),
            ]);
        }
    }
    fail(call, error, result) {
        delete call.data.live_content;
        call.data.error = { message: error.message, type: error.type };
        const completed = this.complete(call, 'errored', result ?? { llmContent: error.message, returnDisplay: error.message, error }, [errorResponsePart(call.request.callId, call.request.name, error.message)]);
        if (error.type === 'no_space_left')
            completed.fatal = true;
        return completed;
    }
    /** A call stopped by the signal; output a tool produced before it stopped is still sent. */
    cancel(call, signal, partial) {
        const message = `[Operation Cancelled] Reason: ${cancellationReason(signal)}`;
        const error = { message, type: 'cancelled' };
        delete call.data.live_content;
        call.data.error = error;
        if (!partial || partial.error) {
            return this.complete(call, 'cancelled', { llmContent: message, returnDisplay: partial?.returnDisplay ?? message, error }, [errorResponsePart(call.request.callId, call.request.name, message)]);
        }
        const { callId, name } = call.request;
        const marked = withError(convertToFunctionResponse(callId, name, partial.llmContent), callId, name, message);
        return this.complete(call, 'cancelled', { ...partial, error }, marked);
    }
    complete(call, status, result, responseParts) {
        const durationMs = Math.max(0, this.now() - call.startedAt);
        call.data.duration_ms = durationMs;
        const completed = {
            request: call.request,
            status,
            result,
            responseParts,
            durationMs,
            ...(call.tool ? { tool: call.tool } : {}),
        };
        call.completed = completed;
        this.setPhase(call, status);
        return completed;
    }
    setPhase(call, phase, changes = {}) {
        Object.assign(call.data, changes, { phase, status: statusOfPhase(phase) });
        this.emit(call);
    }
    emit(call) {
        const { data } = call;
        this.options.logger.debug(`tool call ${data.tool_call_id} (${data.tool_name}): ${data.phase}`);
        try {
            // A copy, so a listener that keeps it sees this update and not later ones.
            this.options.onUpdate({ ...data });
        }
        catch (error) {
            this.options.logger.warning(`A tool call listener failed: ${errorMessage(error)}`);
        }
    }
}
/** The user turn that answers the model's function calls, parts in request order. */
function toFunctionResponseContent(completed) {
    return { role: 'user', parts: completed.flatMap((call) => call.responseParts) };
}
function isReady(call) {
    return 'invocation' in call && call.completed === undefined;
}
/** Consecutive read-only calls share a group (run together); every other call is alone. */
function executionGroups(calls) {
    const groups = [];
    let reads;
    for (const call of calls) {
        if (READ_ONLY_KINDS.has(call.tool.kind)) {
            if (!reads) {
                reads = [];
                groups.push(reads);
            }
            reads.push(call);
        }
        else {
            reads = undefined;
            groups.push([call]);
        }
    }
    return groups;
}
function toConfirmationRequest(details) {
    const options = CONFIRMATION_OPTIONS.map((option) => ({ ...option }));
    switch (details.type) {
        case 'edit':
            return {
                options,
                details: {
                    file_edit_details: {
                        file_name: details.fileName,
                        file_path: details.filePath,
                        ...(details.originalContent === null ? {} : { old_content: details.originalContent }),
                        new_content: details.newContent,
                        formatted_diff: details.fileDiff,
                    },
                },
            };
        case 'exec':
            return {
                options,
                details: {
                    execute_details: {
                        command: details.command,
                        ...(details.workingDirectory === undefined
                            ? {}
                            : { working_directory: details.workingDirectory }),
                    },
                },
            };
        case 'mcp':
            return {
                options,
                details: { mcp_details: { server_name: details.serverName, tool_name: details.toolName } },
            };
        case 'info':
            return { options, details: { generic_details: { description: details.prompt } } };
    }
}
function displayOutput(display) {
    return typeof display === 'string' ? { text: display } : { diff: display };
}
function cancellationReason(signal) {
    const reason = signal.reason;
    if (typeof reason === 'string' && reason !== '')
        return reason;
    // `abort()` without a reason gives a generic AbortError, which says nothing useful.
    if (reason instanceof Error && reason.name !== 'AbortError' && reason.message !== '') {
        return reason.message;
    }
    return 'Operation cancelled';
}
function attempt(fn) {
    try {
        return fn();
    }
    catch {
        return undefined;
    }
}
function defaultTimer(callback, delayMs) {
    const handle = setTimeout(callback, delayMs);
    handle.unref();
    return () => {
        clearTimeout(handle);
    };
}
/**
 * Holds back live output that arrives within `interval` of the last report, and reports the
 * latest text once the interval is over (or when the tool finishes), so a chatty command costs
 * at most one update a second while its last line is never lost.
 */
class LiveOutput {
    options;
    lastReport = Number.NEGATIVE_INFINITY;
    pending;
    cancelTimer;
    finished = false;
    constructor(options) {
        this.options = options;
    }
    update(text) {
        if (this.finished)
            return;
        const elapsed = this.options.now() - this.lastReport;
        if (elapsed >= this.options.interval) {
            this.flush(text);
            return;
        }
        this.pending = text;
        this.cancelTimer ??= this.options.setTimer(() => {
            this.cancelTimer = undefined;
            if (!this.finished && this.pending !== undefined)
                this.flush(this.pending);
        }, this.options.interval - elapsed);
    }
    /** Reports what is still held back; later output is ignored. */
    finish() {
        if (this.pending !== undefined)
            this.flush(this.pending);
        this.finished = true;
    }
    flush(text) {
        this.cancelTimer?.();
        this.cancelTimer = undefined;
        this.pending = undefined;
        this.lastReport = this.options.now();
        this.options.report(text);
    }
}

;// CONCATENATED MODULE: ./src/agent/system-prompt.ts

/** The core prompt, without context files. */
function buildCorePrompt(options) {
    const tools = options.toolNames && options.toolNames.length > 0 ? options.toolNames : undefined;
    const toolLine = tools
        ? `\nThe tools available to you are: ${tools.map((name) => `\`${name}\``).join(', ')}.`
        : '';
    return `You are a software engineering agent running non-interactively in a CI job. You work in a checked-out repository at \`${options.workspaceRoot}\` and complete the task you are given using the tools provided.${toolLine}

# How you work

- **Act autonomously.** Nobody is watching this run and nobody can answer questions. Never ask for confirmation or clarification: when something is ambiguous, choose the most reasonable interpretation, state the assumption in your final summary, and carry on.
- **Inspect before you change.** Use the tools to read the relevant code, configuration and tests before editing. Never guess at file contents, APIs or paths; check them. Use absolute paths inside the workspace.
- **Follow the project's conventions.** Match the existing style, structure, naming, formatting, typing and libraries of the surrounding code. Do not add dependencies the project does not already use unless the task requires it. Read any project instructions (such as GEMINI.md or CONTRIBUTING files) that apply.
- **Make minimal, focused changes.** Change only what the task needs. Do not reformat unrelated code, rename things for taste, or fix unrelated issues — mention them in your summary instead. Add comments only where they explain why.
- **Verify your work.** When the project has tests, a linter or a type checker and you are allowed to run them, run the relevant ones after changing code and fix what you broke. If you cannot run them, say so.
- **Do not publish.** Never commit, push, create branches, tags or pull requests, or call GitHub in any other way, and do not try to obtain credentials. Trusted code reviews and publishes your changes to the workspace after you finish.
- **Tool calls may be denied.** A policy decides which tool calls may run. When a call is denied, read the reason given, do not retry the same call, and adapt: use a permitted tool or approach, or explain in your summary what you could not do and why.
- **Stay in the workspace.** Do not read or change files outside it, and do not run long-lived background processes that outlive the job.
- **Be efficient.** Prefer targeted searches and reads over reading everything. Avoid repeating a call that already gave you an answer.

# Finishing

When the task is done — or cannot be done — stop calling tools and reply with a concise summary for the person who requested the work: what you changed (files and the gist of each change), how you verified it, and anything left undone, uncertain or worth a reviewer's attention. Use Markdown. Keep it short.`;
}
/**
 * The system instruction sent with every request: the core prompt, then the context files (each
 * already wrapped in its `--- Context from: … ---` markers), separated by a rule.
 */
function buildSystemInstruction(corePrompt, contextText) {
    const context = contextText.trim();
    return context === '' ? corePrompt : `${corePrompt}\n\n---\n\n${context}`;
}
/** Reads the context files and assembles the session's system instruction. */
async function loadSystemInstruction(options) {
    const context = await loadContextFiles({
        workspaceRoot: options.workspaceRoot,
        fileNames: options.contextFileNames,
        ...(options.userMemoryPath === undefined ? {} : { userMemoryPath: options.userMemoryPath }),
        logger: options.logger,
    });
    if (context.files.length > 0) {
        options.logger.info(`Loaded context from ${context.files.map((file) => file.displayPath).join(', ')}`);
    }
    const core = options.corePrompt ??
        buildCorePrompt({ workspaceRoot: options.workspaceRoot, toolNames: options.toolNames });
    return buildSystemInstruction(core, context.text);
}

;// CONCATENATED MODULE: ./src/agent/session.ts
/**
 * One agent session: a prompt in, the model and the tools in a loop, events out, until the model
 * answers in text or a budget, a block, an error, a loop or the caller stops it.
 *
 * Request shape (the Gemini CLI's): the system instruction is set once (core prompt + context
 * files + memory); the history starts with the environment message and the model's
 * acknowledgement, then the prompt. Every function call the model makes is answered, in order,
 * by one user content of function responses before the next request.
 */















/** How long running tools may take to stop after the session is cancelled or times out. */
const TOOL_STOP_GRACE_MS = 5000;
const LOOP_NOTE = (detail) => `System note: you are repeating yourself (${detail}). Repeating the same actions will not make progress. Stop, reconsider what you have learned so far, and take a different approach. If you are blocked, say what is blocking you in a short summary and finish.`;
class AgentSession {
    options;
    sessionId;
    model;
    workspaceRoot;
    logger;
    budgets;
    compression;
    contextFileNames;
    now;
    loopDetector;
    scheduler;
    started = false;
    finished = false;
    turn = 0;
    usage = emptyUsage();
    texts = [];
    chat;
    lastPromptTokens;
    compressionFailed = false;
    pendingNote;
    budget;
    constructor(options) {
        this.options = options;
        this.sessionId = options.sessionId ?? (0,external_node_crypto_.randomUUID)();
        this.model = options.model;
        this.workspaceRoot = external_node_path_default().resolve(options.workspaceRoot);
        this.logger = options.logger ?? silentLogger;
        this.now = options.now ?? Date.now;
        // Configuration problems surface here, before anything runs.
        this.budgets = resolveBudgets(options.budgets);
        this.compression = resolveCompression(options.model, options.compression);
        this.contextFileNames = normalizeContextFileNames(options.contextFileName);
        this.loopDetector = new LoopDetector(options.loopDetection);
        const schedulerOptions = {
            registry: options.registry,
            confirmer: options.confirmer,
            logger: this.logger,
            onUpdate: (call) => {
                this.emit({ kind: 'tool_call_update', tool_call: call });
            },
            now: this.now,
            ...(options.liveOutputIntervalMs === undefined
                ? {}
                : { liveOutputIntervalMs: options.liveOutputIntervalMs }),
        };
        this.scheduler = options.createScheduler
            ? options.createScheduler(schedulerOptions)
            : new ToolScheduler(schedulerOptions);
    }
    /** Emits a warning into the event stream (e.g. from the model layer's retry hook). */
    reportWarning(code, message) {
        this.emit({ kind: 'warning', code, message });
    }
    /** Runs the prompt to the end. Never throws for model, tool or budget problems. */
    async run(prompt, options = {}) {
        if (this.started)
            throw new Error('An AgentSession runs once; create a new one per prompt.');
        this.started = true;
        const startedAt = this.now();
        this.budget = new BudgetTracker(this.budgets, startedAt, this.now);
        this.emitState('submitted');
        this.emitState('working');
        const controller = new AbortController();
        let abortReason;
        const abort = (reason) => {
            abortReason ??= reason;
            // The reason is what running tools report to the model as why they were cancelled.
            controller.abort(reason === 'timeout'
                ? `the session's time limit (${formatDuration(this.budgets.timeoutMs)}) was reached`
                : 'the session was cancelled');
        };
        const onCallerAbort = () => {
            abort('cancelled');
        };
        if (options.signal?.aborted)
            abort('cancelled');
        options.signal?.addEventListener('abort', onCallerAbort, { once: true });
        const schedule = this.options.scheduleTimeout ?? defaultScheduleTimeout;
        const stopTimer = schedule(() => {
            abort('timeout');
        }, this.budgets.timeoutMs);
        let outcome;
        try {
            outcome = await this.loop(prompt, controller.signal, () => abortReason);
        }
        catch (error) {
            this.logger.error(`The agent session failed unexpectedly: ${describeError(error)}`);
            outcome = { reason: 'internal_error', message: `Internal error: ${errorMessage(error)}` };
        }
        finally {
            stopTimer();
            options.signal?.removeEventListener('abort', onCallerAbort);
        }
        const completed = outcome.reason === 'completed';
        this.emitState(completed ? 'completed' : 'failed', {
            final: true,
            reason: outcome.reason,
            ...(outcome.message === undefined ? {} : { message: outcome.message }),
        });
        this.finished = true;
        return {
            sessionId: this.sessionId,
            reason: outcome.reason,
            response: this.texts.join('\n\n'),
            turns: this.turn,
            toolCalls: this.budget.toolCalls,
            usage: { ...this.usage },
            durationMs: this.now() - startedAt,
            ...(completed || outcome.message === undefined ? {} : { error: outcome.message }),
            history: this.chat?.getHistory() ?? [],
        };
    }
    async loop(prompt, signal, abortReason) {
        const budget = this.requireBudget();
        const stopped = () => {
            if (!signal.aborted)
                return undefined;
            return abortReason() === 'timeout'
                ? budget.timeoutStop()
                : { reason: 'cancelled', message: 'The session was cancelled.' };
        };
        const chat = await this.startChat(prompt);
        for (;;) {
            const beforeRequest = stopped() ?? budget.beforeRequest();
            if (beforeRequest)
                return beforeRequest;
            await this.maybeCompress(chat, signal);
            const afterCompression = stopped();
            if (afterCompression)
                return afterCompression;
            this.turn++;
            budget.turns = this.turn;
            let response;
            try {
                response = await untilAborted(chat.send({
                    promptId: this.promptId(),
                    signal,
                    declarations: this.options.registry.declarations(),
                }), signal, { graceMs: 0 });
            }
            catch (error) {
                return stopped() ?? describeModelError(error);
            }
            this.reportResponse(response);
            const overBudget = budget.afterResponse(this.usage.total_tokens);
            if (overBudget)
                return overBudget;
            const blocked = blockedMessage(response);
            if (blocked)
                return { reason: 'model_blocked', message: blocked };
            if (response.finishReason === node/* FinishReason */.eD.MAX_TOKENS) {
                this.emit({
                    kind: 'warning',
                    code: 'max_tokens',
                    message: `The model's response was cut off at its output token limit (turn ${this.turn}).`,
                });
            }
            const textLoop = this.loopDetector.recordResponseText(response.text);
            if (response.functionCalls.length === 0) {
                if (textLoop) {
                    const loopOutcome = this.onLoop(textLoop);
                    if (loopOutcome)
                        return loopOutcome;
                    chat.addUserContent(userText(this.takeNote() ?? ''));
                    continue;
                }
                return this.finishWithoutCalls(response);
            }
            const requests = response.functionCalls.map((call, index) => this.toRequest(call, index));
            const loops = [
                textLoop,
                ...requests.map((r) => this.loopDetector.recordToolCall(r.name, r.args)),
            ];
            for (const detection of loops) {
                const loopOutcome = detection && this.onLoop(detection);
                if (loopOutcome)
                    return loopOutcome;
            }
            let toolOutcome;
            try {
                // Tools get a moment to stop and report cancelled, so their answers reach the history.
                toolOutcome = await untilAborted(this.runTools(chat, requests, signal), signal, {
                    graceMs: TOOL_STOP_GRACE_MS,
                });
            }
            catch (error) {
                const aborted = stopped();
                if (aborted)
                    return aborted;
                throw error;
            }
            const afterTools = toolOutcome ?? stopped();
            if (afterTools)
                return afterTools;
        }
    }
    /** Builds the system instruction and the seeded history, then adds the prompt. */
    async startChat(prompt) {
        const systemInstruction = await loadSystemInstruction({
            workspaceRoot: this.workspaceRoot,
            contextFileNames: this.contextFileNames,
            ...(this.options.userMemoryPath === undefined
                ? {}
                : { userMemoryPath: this.options.userMemoryPath }),
            toolNames: this.options.registry.names(),
            ...(this.options.corePrompt === undefined ? {} : { corePrompt: this.options.corePrompt }),
            logger: this.logger,
        });
        const environment = await buildEnvironmentContext({
            ...this.options.environment,
            workspaceRoot: this.workspaceRoot,
            now: this.now,
        });
        const chat = new Chat({
            generator: this.options.contentGenerator,
            model: this.model,
            systemInstruction,
            generationConfig: {
                ...defaultGenerationConfig(this.model),
                ...this.options.generationConfig,
            },
            streaming: this.options.streaming ?? true,
            history: [...initialHistory(environment), userText(prompt)],
        });
        this.chat = chat;
        return chat;
    }
    /** Emits what the response showed: thoughts, text and token usage. */
    reportResponse(response) {
        for (const item of response.items) {
            if (item.kind === 'thought')
                this.emit({ kind: 'thought', thought: item.thought });
            else
                this.emit({ kind: 'text_content', text: item.text });
        }
        const text = response.text.trim();
        if (text !== '')
            this.texts.push(text);
        this.recordUsage(response.usage);
    }
    recordUsage(metadata) {
        const usage = toTokenUsage(metadata);
        this.usage = addUsage(this.usage, usage);
        if (metadata?.promptTokenCount !== undefined)
            this.lastPromptTokens = metadata.promptTokenCount;
        this.emit({ kind: 'token_usage', usage, total: { ...this.usage } });
    }
    finishWithoutCalls(response) {
        const { error, warnings } = judgeFinalAnswer(response);
        if (error !== undefined)
            return { reason: 'model_error', message: error };
        for (const warning of warnings)
            this.emit({ kind: 'warning', ...warning });
        return { reason: 'completed' };
    }
    /** Runs the calls within budget, answers every call, and says whether the session must end. */
    async runTools(chat, requests, signal) {
        const budget = this.requireBudget();
        const allowed = budget.toolCallsAllowed(requests.length);
        const toRun = requests.slice(0, allowed);
        const overBudget = requests.slice(allowed);
        budget.toolCalls += toRun.length;
        const completed = toRun.length > 0 ? await this.scheduler.run(toRun, signal) : [];
        const cancelled = overBudget.map((request) => this.cancelForBudget(request));
        let answer = toFunctionResponseContent([...completed, ...cancelled]);
        const note = this.takeNote();
        if (note !== undefined)
            answer = withAppendedText(answer, note);
        chat.addUserContent(answer);
        const fatal = completed.find((call) => call.fatal === true || call.result.error?.type === 'no_space_left');
        if (fatal) {
            return {
                reason: 'fatal_tool_error',
                message: `Stopped: ${fatal.request.name} failed because the disk is full (${fatal.result.error?.message ?? 'no space left'}).`,
            };
        }
        if (overBudget.length > 0 && !signal.aborted)
            return budget.toolCallStop();
        return undefined;
    }
    cancelForBudget(request) {
        const cancelled = cancelledForBudget(request, this.options.registry.get(request.name), this.budgets.maxToolCalls);
        this.emit({ kind: 'tool_call_update', tool_call: cancelled.update });
        return cancelled.completed;
    }
    /** First detection: warn and queue a note for the model. Second: end the session. */
    onLoop(detection) {
        if (detection.count >= 2) {
            return {
                reason: 'loop_detected',
                message: `Stopped: the model kept repeating itself after a warning (${detection.detail}).`,
            };
        }
        this.emit({
            kind: 'warning',
            code: 'loop_detected',
            message: `Possible loop: ${detection.detail}. The model was told to change its approach.`,
        });
        this.pendingNote = LOOP_NOTE(detection.detail);
        return undefined;
    }
    takeNote() {
        const note = this.pendingNote;
        this.pendingNote = undefined;
        return note;
    }
    async maybeCompress(chat, signal) {
        const promptTokens = this.lastPromptTokens;
        if (this.compressionFailed || promptTokens === undefined)
            return;
        if (!needsCompression(promptTokens, this.compression))
            return;
        try {
            const result = await compressHistory({
                history: chat.getHistory(),
                generator: this.options.contentGenerator,
                model: this.model,
                // The summary belongs to the request it prepares.
                promptId: this.promptId(this.turn + 1),
                signal,
                preserveFraction: this.compression.preserveFraction,
                tokensBefore: promptTokens,
            });
            chat.setHistory(result.history);
            this.lastPromptTokens = undefined;
            this.emit({
                kind: 'chat_compressed',
                tokens_before: result.tokensBefore,
                tokens_after_estimate: result.tokensAfterEstimate,
            });
            this.recordUsage(result.usage);
        }
        catch (error) {
            if (signal.aborted)
                return;
            // Without compression the next request may still fit; trying again every turn would only
            // spend tokens on the same failure.
            this.compressionFailed = true;
            this.logger.warning(`Chat compression failed; continuing without it: ${errorMessage(error)}`);
        }
    }
    toRequest(call, index) {
        const name = call.name ?? 'undefined_tool_name';
        return {
            callId: call.id ?? `${name}-${this.turn}-${index}`,
            name,
            args: call.args ?? {},
        };
    }
    promptId(turn = this.turn) {
        return `${this.sessionId}########${turn}`;
    }
    requireBudget() {
        if (!this.budget)
            throw new Error('The session has not started.');
        return this.budget;
    }
    emitState(state, extra = {}) {
        this.emit({ kind: 'state_change', state, final: false, model: this.model, ...extra });
    }
    emit(event) {
        const listener = this.options.onEvent;
        // The final state change is the last event: a straggler (a tool that ignored cancellation)
        // must not report after it.
        if (!listener || this.finished)
            return;
        const full = {
            session_id: this.sessionId,
            timestamp: new Date(this.now()).toISOString(),
            turn: this.turn,
            ...event,
        };
        try {
            listener(full);
        }
        catch (error) {
            // A broken reporter must not end the agent's work.
            this.logger.warning(`An event listener failed: ${errorMessage(error)}`);
        }
    }
}
function describeError(error) {
    return error instanceof Error && error.stack ? error.stack : errorMessage(error);
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 7 modules
var schemas = __webpack_require__(2311);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/json-schema-processors.js
var json_schema_processors = __webpack_require__(8439);
;// CONCATENATED MODULE: ./src/tools/define-tool.ts

/** Builds a tool from a zod schema, which is both its validator and its `parametersJsonSchema`. */
function defineTool(definition) {
    const parametersJsonSchema = toModelJsonSchema(definition.parameters);
    return {
        name: definition.name,
        displayName: definition.displayName,
        description: definition.description,
        kind: definition.kind,
        parametersJsonSchema,
        ...(definition.serverName === undefined ? {} : { serverName: definition.serverName }),
        declaration() {
            return {
                name: definition.name,
                description: definition.description,
                parametersJsonSchema,
            };
        },
        build(args) {
            const parsed = definition.parameters.safeParse(applyAliases(args, definition.parameterAliases));
            if (!parsed.success) {
                return {
                    error: `Invalid parameters for ${definition.name}: ${describeIssues(parsed.error)}`,
                    type: 'invalid_tool_params',
                };
            }
            const failure = definition.validate?.(parsed.data) ?? null;
            if (failure)
                return { error: failure.message, type: failure.type };
            return { params: parsed.data, ...definition.invocation(parsed.data) };
        },
    };
}
function applyAliases(args, aliases) {
    if (!aliases || typeof args !== 'object' || args === null || Array.isArray(args))
        return args;
    const original = args;
    const copy = {};
    for (const [key, value] of Object.entries(original)) {
        const name = aliases[key];
        if (name === undefined)
            copy[key] = value;
        else if (!(name in original))
            copy[name] = value;
    }
    return copy;
}
function describeIssues(error) {
    return error.issues
        .map((issue) => {
        const where = issue.path.length > 0 ? issue.path.join('.') : 'params';
        return `${where}: ${issue.message}`;
    })
        .join('; ');
}
/**
 * A JSON schema the Gemini API accepts: zod's output without `$schema` and without the
 * safe-integer bounds zod adds to every `.int()`, which only add noise to every request.
 */
function toModelJsonSchema(schema) {
    const json = json_schema_processors/* toJSONSchema */.bl(schema, { io: 'input', unrepresentable: 'any' });
    delete json.$schema;
    return stripSafeIntegerBounds(json);
}
function stripSafeIntegerBounds(value) {
    if (Array.isArray(value))
        return value.map(stripSafeIntegerBounds);
    if (typeof value !== 'object' || value === null)
        return value;
    const out = {};
    for (const [key, child] of Object.entries(value)) {
        if (key === 'maximum' && child === Number.MAX_SAFE_INTEGER)
            continue;
        if (key === 'minimum' && child === Number.MIN_SAFE_INTEGER)
            continue;
        out[key] = stripSafeIntegerBounds(child);
    }
    return out;
}

;// CONCATENATED MODULE: ./src/tools/list-directory.ts






const LIST_DIRECTORY_TOOL_NAME = 'list_directory';
const parameters = schemas/* object */.Ikc({
    path: schemas/* string */.YjP()
        .describe('The directory to list: an absolute path, or a path relative to the workspace root.'),
    ignore: schemas/* array */.YOg(schemas/* string */.YjP())
        .describe('Glob patterns (* and ?) for entry names to leave out, e.g. ["*.log"].')
        .optional(),
    file_filtering_options: schemas/* object */.Ikc({
        respect_git_ignore: schemas/* boolean */.zMY()
            .describe('Optional: whether to leave out entries .gitignore ignores. Default: true.')
            .optional(),
        respect_gemini_ignore: schemas/* boolean */.zMY()
            .describe('Optional: whether to leave out entries .geminiignore ignores. Default: true.')
            .optional(),
    })
        .describe('Optional: whether to respect ignore patterns from .gitignore or .geminiignore.')
        .optional(),
});
/** Entries are stat'ed this many at a time, so huge directories do not exhaust descriptors. */
const STAT_BATCH = 64;
function createListDirectoryTool(options) {
    const { workspace } = options;
    const logger = options.logger ?? silentLogger;
    return defineTool({
        name: LIST_DIRECTORY_TOOL_NAME,
        displayName: 'ReadFolder',
        description: 'Lists the names of files and subdirectories directly within a specified directory path. Can optionally ignore entries matching provided glob patterns.',
        kind: 'search',
        parameters,
        parameterAliases: { dir_path: 'path' },
        validate(params) {
            const resolved = workspace.resolve(params.path, { purpose: 'read' });
            return resolved.ok ? null : resolved.error;
        },
        invocation(params) {
            const resolved = workspace.resolve(params.path, { purpose: 'read' });
            const shown = resolved.ok ? workspace.displayPath(resolved.absolutePath) : params.path;
            const description = `List directory ${shown}`;
            return {
                describe: () => description,
                locations: () => [resolved.ok ? resolved.relativePath : params.path],
                confirmationDetails: () => Promise.resolve({ type: 'info', title: 'Confirm List Directory', prompt: description }),
                execute: (signal) => listForModel(workspace, params, { signal, logger }),
            };
        },
    });
}
function failure(llmContent, display, type) {
    return { llmContent, returnDisplay: `Error: ${display}`, error: { message: llmContent, type } };
}
async function listForModel(workspace, params, context) {
    // Checked again: the file system may have changed since the call was validated.
    const resolved = workspace.resolve(params.path, { purpose: 'read' });
    if (!resolved.ok) {
        return {
            llmContent: resolved.error.message,
            returnDisplay: 'Path not in workspace.',
            error: resolved.error,
        };
    }
    const dir = resolved.absolutePath;
    try {
        let stats;
        try {
            stats = await (0,promises_.stat)(dir);
        }
        catch (error) {
            const code = error.code;
            if (code !== 'ENOENT' && code !== 'ENOTDIR')
                throw error;
            return failure(`Error: Directory not found or inaccessible: ${dir}`, 'Directory not found or inaccessible.', 'file_not_found');
        }
        if (!stats.isDirectory()) {
            return failure(`Error: Path is not a directory: ${dir}`, 'Path is not a directory.', 'path_is_not_a_directory');
        }
        const names = await (0,promises_.readdir)(dir);
        if (names.length === 0) {
            return { llmContent: `Directory ${dir} is empty.`, returnDisplay: 'Directory is empty.' };
        }
        const filtering = params.file_filtering_options;
        const filter = workspace.fileFilter({
            respectGitIgnore: filtering?.respect_git_ignore ?? true,
            respectGeminiIgnore: filtering?.respect_gemini_ignore ?? true,
        });
        // Ignore files belong to the primary root; directories in other roots are not filtered.
        const filtered = resolved.root === workspace.root;
        const entries = [];
        let ignoredCount = 0;
        for (let index = 0; index < names.length; index += STAT_BATCH) {
            context.signal.throwIfAborted();
            const batch = names.slice(index, index + STAT_BATCH);
            const found = await Promise.all(batch.map((name) => statEntry(dir, name, context.logger)));
            for (const entry of found) {
                if (!entry)
                    continue;
                const relative = external_node_path_default().join(resolved.relativePath, entry.name);
                if (filtered && filter.isIgnored(relative, { isDirectory: entry.isDirectory })) {
                    ignoredCount += 1;
                    continue;
                }
                // A symlink leading out of the workspace is not shown at all.
                if (!workspace.resolve(external_node_path_default().join(dir, entry.name), { purpose: 'read' }).ok)
                    continue;
                if (params.ignore?.some((pattern) => globMatches(pattern, entry.name)))
                    continue;
                entries.push(entry);
            }
        }
        entries.sort((a, b) => {
            if (a.isDirectory !== b.isDirectory)
                return a.isDirectory ? -1 : 1;
            return a.name.localeCompare(b.name);
        });
        const lines = entries.map((entry) => entry.isDirectory ? `[DIR] ${entry.name}` : `${entry.name} (${entry.size} bytes)`);
        let llmContent = `Directory listing for ${dir}:\n${lines.join('\n')}`;
        let returnDisplay = `Found ${entries.length} item(s).`;
        if (ignoredCount > 0) {
            llmContent += `\n\n(${ignoredCount} ignored)`;
            returnDisplay += ` (${ignoredCount} ignored)`;
        }
        return { llmContent, returnDisplay };
    }
    catch (error) {
        if (context.signal.aborted)
            throw error;
        return failure(`Error listing directory: ${errorMessage(error)}`, 'Failed to list directory.', 'ls_execution_error');
    }
}
async function statEntry(dir, name, logger) {
    try {
        const stats = await (0,promises_.stat)(external_node_path_default().join(dir, name));
        const isDirectory = stats.isDirectory();
        return { name, isDirectory, size: isDirectory ? 0 : stats.size };
    }
    catch (error) {
        // Deleted meanwhile, or a dangling symlink: not listed.
        logger.debug(`list_directory: cannot stat ${external_node_path_default().join(dir, name)}: ${errorMessage(error)}`);
        return null;
    }
}
/**
 * `*` matches any run of characters and `?` one character; everything else literally. A linear
 * matcher rather than a regular expression, so a pattern full of `*` cannot stall the process.
 */
function globMatches(pattern, text) {
    let p = 0;
    let t = 0;
    let star = -1;
    let resume = 0;
    while (t < text.length) {
        const wanted = pattern[p];
        if (wanted !== undefined && wanted !== '*' && (wanted === '?' || wanted === text[t])) {
            p += 1;
            t += 1;
        }
        else if (wanted === '*') {
            star = p;
            p += 1;
            resume = t;
        }
        else if (star !== -1) {
            p = star + 1;
            resume += 1;
            t = resume;
        }
        else {
            return false;
        }
    }
    while (pattern[p] === '*')
        p += 1;
    return p === pattern.length;
}

;// CONCATENATED MODULE: ./src/tools/read-file.ts
/**
 * `read_file`: text with line paging, media as inline data, everything else refused politely.
 * Strings the model reads follow the Gemini CLI, so prompts written for it keep working.
 */





const READ_FILE_TOOL_NAME = 'read_file';
const DEFAULT_MAX_LINES = 2000;
const MAX_LINE_LENGTH = 2000;
const MAX_FILE_SIZE_MB = 20;
const SVG_MAX_BYTES = 1024 * 1024;
const read_file_parameters = schemas/* object */.Ikc({
    absolute_path: schemas/* string */.YjP()
        .describe("The path of the file to read: absolute (e.g. '/home/user/project/file.txt') or relative to the workspace root."),
    offset: schemas/* number */.aig()
        .describe("Optional: for text files, the 0-based line number to start reading from. Use with 'limit' to page through large files.")
        .optional(),
    limit: schemas/* number */.aig()
        .describe(`Optional: for text files, the maximum number of lines to read (default ${DEFAULT_MAX_LINES}). Use with 'offset' to page through large files.`)
        .optional(),
});
function createReadFileTool(options) {
    const { workspace } = options;
    const filtering = options.fileFiltering ?? { respectGitIgnore: true, respectGeminiIgnore: true };
    return defineTool({
        name: READ_FILE_TOOL_NAME,
        displayName: 'ReadFile',
        description: `Reads and returns the content of a specified file. If the file is large, the content will be truncated; the response then says so and tells how to read more with the 'offset' and 'limit' parameters. Handles text, images (PNG, JPG, GIF, WEBP, SVG, BMP), audio (MP3, WAV, AIFF, AAC, OGG, FLAC), video and PDF files. For text files, it can read specific line ranges.`,
        kind: 'read',
        parameters: read_file_parameters,
        parameterAliases: { file_path: 'absolute_path' },
        validate(params) {
            if (params.absolute_path.trim() === '') {
                return {
                    message: "The 'absolute_path' parameter must be non-empty.",
                    type: 'invalid_tool_params',
                };
            }
            const resolved = workspace.resolve(params.absolute_path, { purpose: 'read' });
            if (!resolved.ok)
                return resolved.error;
            if (params.offset !== undefined && (params.offset < 0 || !Number.isInteger(params.offset))) {
                return { message: 'Offset must be a non-negative integer', type: 'invalid_tool_params' };
            }
            if (params.limit !== undefined && (params.limit <= 0 || !Number.isInteger(params.limit))) {
                return { message: 'Limit must be a positive integer', type: 'invalid_tool_params' };
            }
            const filter = workspace.fileFilter(filtering);
            if (resolved.root === workspace.root && filter.isIgnored(resolved.relativePath)) {
                return {
                    message: `File path '${resolved.absolutePath}' is ignored by configured ignore patterns.`,
                    type: 'invalid_tool_params',
                };
            }
            return null;
        },
        invocation(params) {
            const resolved = workspace.resolve(params.absolute_path, { purpose: 'read' });
            const shown = resolved.ok
                ? workspace.displayPath(resolved.absolutePath)
                : params.absolute_path;
            const description = `Read ${shown}${describeRange(params)}`;
            return {
                describe: () => description,
                locations: () => [resolved.ok ? resolved.relativePath : params.absolute_path],
                confirmationDetails: () => Promise.resolve({ type: 'info', title: 'Confirm Read File', prompt: description }),
                execute: () => readForModel(workspace, params),
            };
        },
    });
}
function describeRange({ offset, limit }) {
    if (offset === undefined && limit === undefined)
        return '';
    const first = (offset ?? 0) + 1;
    if (limit === undefined)
        return ` (from line ${first})`;
    return ` (lines ${first}-${first + limit - 1})`;
}
function read_file_failure(llmContent, returnDisplay, message, type) {
    return { llmContent, returnDisplay, error: { message, type } };
}
async function readForModel(workspace, params) {
    // Checked again: the file system may have changed since the call was validated.
    const resolved = workspace.resolve(params.absolute_path, { purpose: 'read' });
    if (!resolved.ok) {
        return read_file_failure(resolved.error.message, 'Path not in workspace.', resolved.error.message, 'path_not_in_workspace');
    }
    const filePath = resolved.absolutePath;
    const shown = workspace.displayPath(filePath);
    try {
        let stats;
        try {
            stats = await (0,promises_.stat)(filePath);
        }
        catch (error) {
            const code = error.code;
            if (code !== 'ENOENT' && code !== 'ENOTDIR')
                throw error;
            return read_file_failure('Could not read file because no file was found at the specified path.', 'File not found.', `File not found: ${filePath}`, 'file_not_found');
        }
        if (stats.isDirectory()) {
            return read_file_failure('Could not read file because the provided path is a directory, not a file.', 'Path is a directory.', `Path is a directory, not a file: ${filePath}`, 'target_is_directory');
        }
        if (!stats.isFile()) {
            // FIFOs and devices would block or never end.
            return read_file_failure('Could not read file because the provided path is not a regular file.', 'Path is not a regular file.', `Path is not a regular file: ${filePath}`, 'read_content_failure');
        }
        const sizeMb = stats.size / (1024 * 1024);
        if (sizeMb > MAX_FILE_SIZE_MB) {
            const limitText = `File size exceeds the ${MAX_FILE_SIZE_MB}MB limit`;
            return read_file_failure(`${limitText}.`, `${limitText}.`, `${limitText}: ${filePath} (${sizeMb.toFixed(2)}MB)`, 'file_too_large');
        }
        const bytes = await (0,promises_.readFile)(filePath);
        return contentResult(bytes, { filePath, shown, params });
    }
    catch (error) {
        const message = errorMessage(error);
        return read_file_failure(`Error reading file ${shown}: ${message}`, `Error reading file ${shown}: ${message}`, `Error reading file ${filePath}: ${message}`, 'read_content_failure');
    }
}
function contentResult(bytes, context) {
    const { filePath, shown } = context;
    const type = detectFileType(filePath, bytes);
    switch (type.kind) {
        case 'binary':
            return {
                llmContent: `Cannot display content of binary file: ${shown}`,
                returnDisplay: `Skipped binary file: ${shown}`,
            };
        case 'svg':
            if (bytes.length > SVG_MAX_BYTES) {
                return {
                    llmContent: `Cannot display content of SVG file larger than 1MB: ${shown}`,
                    returnDisplay: `Skipped large SVG file (>1MB): ${shown}`,
                };
            }
            return { llmContent: decodeText(bytes), returnDisplay: `Read SVG as text: ${shown}` };
        case 'unsupported_audio': {
            const supported = 'Supported audio formats are MP3, WAV, AIFF, AAC, OGG, and FLAC.';
            return read_file_failure(`Could not read audio file because its format is not supported. ${supported}`, `Unsupported audio file format: ${shown}`, `Unsupported audio file format for ${filePath}. ${supported}`, 'read_content_failure');
        }
        case 'media':
            return {
                llmContent: { inlineData: { mimeType: type.mimeType, data: bytes.toString('base64') } },
                returnDisplay: `Read ${type.label} file: ${shown}`,
            };
        case 'text':
            return textResult(decodeText(bytes), context);
    }
}
function textResult(content, { shown, params }) {
    const lines = content.split(/\r?\n/);
    const total = lines.length;
    const start = Math.min(params.offset ?? 0, total);
    const end = Math.min(start + (params.limit ?? DEFAULT_MAX_LINES), total);
    let shortened = false;
    const selected = [];
    for (const line of lines.slice(start, end)) {
        if (line.length <= MAX_LINE_LENGTH) {
            selected.push(line);
            continue;
        }
        shortened = true;
        selected.push(`${line.slice(0, MAX_LINE_LENGTH)}... [truncated]`);
    }
    const rangeCut = start > 0 || end < total;
    const body = selected.join('\n');
    const note = shortened ? ' (some lines were shortened)' : '';
    if (!rangeCut && !shortened) {
        return { llmContent: body, returnDisplay: `Read all ${total} lines from ${shown}` };
    }
    const returnDisplay = rangeCut
        ? `Read lines ${start + 1}-${end} of ${total} from ${shown}${note}`
        : `Read all ${total} lines from ${shown}${note}`;
    const llmContent = `
IMPORTANT: The file content has been truncated.
Status: Showing lines ${start + 1}-${end} of ${total} total lines.
Action: To read more of the file, you can use the 'offset' and 'limit' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use offset: ${end}.

--- FILE CONTENT (truncated) ---
${body}`;
    return { llmContent, returnDisplay };
}
const IMAGE_TYPES = {
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.webp': 'image/webp',
    '.bmp': 'image/bmp',
    '.ico': 'image/vnd.microsoft.icon',
    '.tif': 'image/tiff',
    '.tiff': 'image/tiff',
    '.heic': 'image/heic',
    '.heif': 'image/heif',
    '.avif': 'image/avif',
};
const AUDIO_TYPES = {
    '.mp3': 'audio/mpeg',
    '.wav': 'audio/wav',
    '.aiff': 'audio/aiff',
    '.aif': 'audio/aiff',
    '.aac': 'audio/aac',
    '.ogg': 'audio/ogg',
    '.flac': 'audio/flac',
};
/** Audio formats the model cannot take. */
const OTHER_AUDIO = new Set(['.m4a', '.mid', '.midi', '.opus', '.weba', '.wma']);
const VIDEO_TYPES = {
    '.mp4': 'video/mp4',
    '.mpeg': 'video/mpeg',
    '.mpg': 'video/mpeg',
    '.mov': 'video/quicktime',
    '.webm': 'video/webm',
    '.3gp': 'video/3gpp',
    '.avi': 'video/x-msvideo',
    '.flv': 'video/x-flv',
    '.wmv': 'video/x-ms-wmv',
    '.mkv': 'video/x-matroska',
};
/** Known binary formats, refused without looking at their bytes. */
const BINARY_EXTENSIONS = new Set(('.7z .a .bin .bz2 .class .dat .dll .doc .docx .dylib .exe .gz .jar .lib .o .obj .odp .ods ' +
    '.odt .pak .ppt .pptx .pyc .pyo .rar .rpa .so .tar .war .wasm .xls .xlsx .zip').split(' '));
function detectFileType(filePath, bytes) {
    const ext = external_node_path_default().extname(filePath).toLowerCase();
    if (ext === '.svg')
        return { kind: 'svg' };
    const image = IMAGE_TYPES[ext];
    if (image)
        return { kind: 'media', mimeType: image, label: 'image' };
    if (ext === '.pdf')
        return { kind: 'media', mimeType: 'application/pdf', label: 'pdf' };
    const audio = AUDIO_TYPES[ext];
    const video = VIDEO_TYPES[ext];
    if (audio || video || OTHER_AUDIO.has(ext)) {
        // A text file with a media extension (a playlist, a transcript) is still read as text.
        if (!looksBinary(bytes))
            return { kind: 'text' };
        if (audio)
            return { kind: 'media', mimeType: audio, label: 'audio' };
        if (video)
            return { kind: 'media', mimeType: video, label: 'video' };
        return { kind: 'unsupported_audio' };
    }
    if (BINARY_EXTENSIONS.has(ext) || looksBinary(bytes))
        return { kind: 'binary' };
    return { kind: 'text' };
}
const SNIFF_BYTES = 512;
/**
 * The usual heuristic over the first 512 bytes: a NUL byte, or more than 10% of bytes that are
 * neither printable ASCII, common control characters nor valid UTF-8 sequences, means binary.
 */
function looksBinary(bytes) {
    if (bytes.length === 0)
        return false;
    if (bomOf(bytes))
        return false;
    if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
        return true;
    const scan = Math.min(bytes.length, SNIFF_BYTES);
    let suspicious = 0;
    for (let i = 0; i < scan; i += 1) {
        const byte = bytes[i] ?? 0;
        if (byte === 0)
            return true;
        const plain = (byte >= 7 && byte <= 14) || (byte >= 32 && byte <= 127);
        if (plain)
            continue;
        const sequence = utf8SequenceLength(bytes, i);
        if (sequence > 0) {
            i += sequence - 1;
            continue;
        }
        suspicious += 1;
        if (i >= 32 && (suspicious * 100) / scan > 10)
            return true;
    }
    return (suspicious * 100) / scan > 10;
}
/** The length of a valid multi-byte UTF-8 sequence starting at `index`, or 0. */
function utf8SequenceLength(bytes, index) {
    const lead = bytes[index] ?? 0;
    const length = lead >= 0xc0 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : 0;
    const total = lead >= 0xf0 && lead <= 0xf7 ? 4 : length;
    if (total === 0 || index + total > bytes.length)
        return 0;
    for (let k = 1; k < total; k += 1) {
        const next = bytes[index + k] ?? 0;
        if (next < 0x80 || next > 0xbf)
            return 0;
    }
    return total;
}
function bomOf(bytes) {
    const [b0, b1, b2, b3] = [bytes[0], bytes[1], bytes[2], bytes[3]];
    if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0)
        return { encoding: 'utf32le', length: 4 };
    if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff)
        return { encoding: 'utf32be', length: 4 };
    if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf)
        return { encoding: 'utf8', length: 3 };
    if (b0 === 0xff && b1 === 0xfe)
        return { encoding: 'utf16le', length: 2 };
    if (b0 === 0xfe && b1 === 0xff)
        return { encoding: 'utf16be', length: 2 };
    return null;
}
/** UTF-8 unless a byte-order mark says otherwise; the mark itself is dropped. */
function decodeText(bytes) {
    const bom = bomOf(bytes);
    if (!bom)
        return bytes.toString('utf8');
    const body = bytes.subarray(bom.length);
    switch (bom.encoding) {
        case 'utf8':
            return body.toString('utf8');
        case 'utf16le':
            return body.toString('utf16le');
        case 'utf16be': {
            const swapped = Buffer.from(body.subarray(0, body.length - (body.length % 2)));
            return swapped.swap16().toString('utf16le');
        }
        case 'utf32le':
        case 'utf32be': {
            const littleEndian = bom.encoding === 'utf32le';
            let text = '';
            for (let i = 0; i + 4 <= body.length; i += 4) {
                const code = littleEndian ? body.readUInt32LE(i) : body.readUInt32BE(i);
                const valid = code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
                text += valid ? String.fromCodePoint(code) : '\uFFFD';
            }
            return text;
        }
    }
}

;// CONCATENATED MODULE: ./src/tools/builtin-tools.ts


function createBuiltinTools(options) {
    const { workspace, logger } = options;
    return [createReadFileTool({ workspace }), createListDirectoryTool({ workspace, logger })];
}

;// CONCATENATED MODULE: ./src/tools/registry.ts
/** How many names an unknown-tool error suggests (as the Gemini CLI does). */
const SUGGESTION_COUNT = 3;
class ToolRegistry {
    byName = new Map();
    aliases = new Map();
    /** Adds a tool; a name or alias that is already taken is a programming error and throws. */
    register(tool, options = {}) {
        this.assertFree(tool.name);
        const aliases = options.aliases ?? [];
        for (const alias of aliases) {
            if (alias === tool.name)
                continue;
            this.assertFree(alias);
        }
        this.byName.set(tool.name, tool);
        for (const alias of aliases) {
            if (alias !== tool.name)
                this.aliases.set(alias, tool.name);
        }
    }
    /** The tool registered under `name`, or under the name `name` is an alias of. */
    get(name) {
        const tool = this.byName.get(name);
        if (tool)
            return tool;
        const canonical = this.aliases.get(name);
        return canonical === undefined ? undefined : this.byName.get(canonical);
    }
    /** Every tool, in registration order. */
    tools() {
        return [...this.byName.values()];
    }
    /** Every tool's name (aliases excluded), in registration order. */
    names() {
        return [...this.byName.keys()];
    }
    /** What the model is offered: `tools: [{functionDeclarations: registry.declarations()}]`. */
    declarations(filter) {
        return this.tools()
            .filter((tool) => (filter ? filter(tool) : true))
            .map((tool) => tool.declaration());
    }
    /**
     * What the model reads after calling a tool that does not exist, with the registered names
     * closest by edit distance: `Tool "X" not found. Did you mean one of: "a", "b", "c"?`.
     */
    notFoundMessage(name) {
        const closest = this.names()
            .map((candidate, index) => ({ candidate, index, distance: editDistance(name, candidate) }))
            // Ties keep registration order, so the message is stable.
            .sort((a, b) => a.distance - b.distance || a.index - b.index)
            .slice(0, SUGGESTION_COUNT)
            .map(({ candidate }) => `"${candidate}"`);
        const base = `Tool "${name}" not found.`;
        if (closest.length === 0)
            return base;
        if (closest.length === 1)
            return `${base} Did you mean ${closest.join('')}?`;
        return `${base} Did you mean one of: ${closest.join(', ')}?`;
    }
    assertFree(name) {
        if (this.byName.has(name) || this.aliases.has(name)) {
            throw new Error(`A tool named "${name}" is already registered.`);
        }
    }
}
/** Levenshtein distance: single-character insertions, deletions and substitutions. */
function editDistance(a, b) {
    let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
    for (let i = 1; i <= a.length; i += 1) {
        const current = [i];
        for (let j = 1; j <= b.length; j += 1) {
            const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
            const deletion = (previous[j] ?? 0) + 1;
            const insertion = (current[j - 1] ?? 0) + 1;
            current.push(Math.min(substitution, deletion, insertion));
        }
        previous = current;
    }
    return previous[b.length] ?? 0;
}

// EXTERNAL MODULE: ./node_modules/ignore/index.js
var ignore = __webpack_require__(298);
var ignore_default = /*#__PURE__*/__webpack_require__.n(ignore);
;// CONCATENATED MODULE: ./src/tools/workspace.ts
/**
 * The directories tools may touch, and the rule that keeps every path inside them.
 *
 * The model is assumed hostile: a path it sends may use `..`, an absolute path elsewhere, or a
 * symlink (possibly dangling) that leads out of the workspace. Every tool resolves its paths here
 * and then works on the returned `absolutePath` only, so what was checked is what gets opened.
 */





/** Following more symlinks than this in one path means a loop (Linux gives up at 40 too). */
const MAX_SYMLINK_HOPS = 40;
class Workspace {
    /** The primary root (real path): relative paths resolve against it. */
    root;
    /** Every allowed root, the primary one first. */
    roots;
    constructor(roots) {
        const [root] = roots;
        if (root === undefined)
            throw new Error('A workspace needs at least one root.');
        this.root = root;
        this.roots = roots;
    }
    /** Resolves each root with realpath; every root must be an existing directory. */
    static async create(root, options = {}) {
        const roots = [];
        for (const dir of [root, ...(options.additionalRoots ?? [])]) {
            const real = await realDirectory(dir);
            if (!roots.includes(real))
                roots.push(real);
        }
        return new Workspace(roots);
    }
    /**
     * Resolves a path the model sent: relative paths against the root, absolute paths only when
     * they end up inside a root after resolving symlinks (also dangling ones, whose target decides).
     * Writes into any `.git` directory are refused.
     */
    resolve(requested, options) {
        const lexical = external_node_path_default().resolve(this.root, requested);
        const refuse = (message) => ({
            ok: false,
            error: { message, type: 'path_not_in_workspace' },
        });
        const outside = () => refuse(`Path not in workspace: Attempted path "${lexical}" resolves outside the allowed workspace directories: ${this.roots.join(', ')}`);
        if (requested.includes('\0'))
            return outside();
        let real;
        try {
            real = resolveRealPath(lexical);
        }
        catch {
            // A symlink loop or an unreadable directory: nothing we can vouch for.
            return outside();
        }
        const root = this.roots.find((candidate) => isWithin(real, candidate));
        if (root === undefined)
            return outside();
        const relativePath = external_node_path_default().relative(root, real);
        if (options.purpose === 'write') {
            const lexicalRoot = this.roots.find((candidate) => isWithin(lexical, candidate));
            const lexicalRelative = lexicalRoot === undefined ? '' : external_node_path_default().relative(lexicalRoot, lexical);
            if (insideGitDirectory(relativePath) || insideGitDirectory(lexicalRelative)) {
                return refuse(`Path not in workspace: Attempted path "${lexical}" is inside a .git directory, which tools may not write to.`);
            }
        }
        return { ok: true, absolutePath: real, relativePath, root };
    }
    /** A path for humans: relative to the primary root when inside it, absolute otherwise. */
    displayPath(absolutePath) {
        if (!isWithin(absolutePath, this.root))
            return absolutePath;
        const relative = external_node_path_default().relative(this.root, absolutePath);
        return relative === '' ? '.' : relative.split((external_node_path_default()).sep).join('/');
    }
    /**
     * The ignore rules of the primary root: `.gitignore` files (the root's, nested ones along each
     * path, and `.git/info/exclude`) and the root's `.geminiignore`. Files are read on first use and
     * cached by the returned filter only, so a new filter sees edits made since.
     */
    fileFilter(options) {
        return new IgnoreRules(this.root, options);
    }
}
async function realDirectory(dir) {
    let real;
    try {
        real = await (0,promises_.realpath)(dir);
    }
    catch (error) {
        throw new ConfigurationError(`The workspace directory "${dir}" does not exist or cannot be read (${errorMessage(error)}). Expected an existing directory.`);
    }
    if (!(await (0,promises_.stat)(real)).isDirectory()) {
        throw new ConfigurationError(`The workspace directory "${dir}" is not a directory. Expected an existing directory.`);
    }
    return real;
}
function isWithin(candidate, root) {
    if (candidate === root)
        return true;
    const prefix = root.endsWith((external_node_path_default()).sep) ? root : root + (external_node_path_default()).sep;
    return candidate.startsWith(prefix);
}
function insideGitDirectory(relativePath) {
    return relativePath.split(/[\\/]/).some((segment) => segment.toLowerCase() === '.git');
}
function isMissing(error) {
    const code = error?.code;
    return code === 'ENOENT' || code === 'ENOTDIR';
}
/**
 * Resolves `absolute` component by component the way the kernel would, following every symlink
 * (dangling ones included, so a link to a not-yet-existing file outside is caught) and applying
 * `..` to the real directory reached so far. Components that do not exist yet are kept as given.
 */
function resolveRealPath(absolute) {
    const { root } = external_node_path_default().parse(absolute);
    const pending = splitComponents(absolute.slice(root.length));
    let current = root;
    let hops = 0;
    for (let part = pending.shift(); part !== undefined; part = pending.shift()) {
        if (part === '.')
            continue;
        if (part === '..') {
            current = external_node_path_default().dirname(current);
            continue;
        }
        const next = external_node_path_default().join(current, part);
        let isLink = false;
        try {
            isLink = (0,external_node_fs_.lstatSync)(next).isSymbolicLink();
        }
        catch (error) {
            if (!isMissing(error))
                throw error;
        }
        if (!isLink) {
            current = next;
            continue;
        }
        hops += 1;
        if (hops > MAX_SYMLINK_HOPS)
            throw new Error(`Too many levels of symbolic links: ${absolute}`);
        const target = (0,external_node_fs_.readlinkSync)(next);
        if (external_node_path_default().isAbsolute(target))
            current = external_node_path_default().parse(target).root;
        pending.unshift(...splitComponents(target.slice(external_node_path_default().parse(target).root.length)));
    }
    return current;
}
function splitComponents(relative) {
    return relative.split(/[\\/]+/).filter((part) => part !== '');
}
class IgnoreRules {
    root;
    options;
    nested = new Map();
    rootLevels;
    geminiLevel;
    constructor(root, options) {
        this.root = root;
        this.options = options;
    }
    isIgnored(relativePath, options = {}) {
        const normalized = relativePath.split((external_node_path_default()).sep).join('/');
        const isDirectory = options.isDirectory === true || normalized.endsWith('/');
        const segments = normalized.split('/').filter((part) => part !== '' && part !== '.');
        if (segments.length === 0 || segments.includes('..'))
            return false;
        if (segments.some((segment) => segment.toLowerCase() === '.git'))
            return true;
        // Git never looks inside an excluded directory, so a rule deeper down cannot bring a path back.
        for (let depth = 1; depth <= segments.length; depth += 1) {
            const last = depth === segments.length;
            const candidate = segments.slice(0, depth).join('/') + (!last || isDirectory ? '/' : '');
            if (this.decide(candidate, segments.slice(0, depth - 1)))
                return true;
        }
        return false;
    }
    /** Applies the levels from the lowest precedence to the highest; the last matching rule wins. */
    decide(candidate, parents) {
        let ignored = false;
        for (const level of this.levelsFor(parents)) {
            let result;
            try {
                result = level.rules.test(candidate.slice(level.base.length));
            }
            catch {
                // A name the rules cannot express (the library rejects it) matches no rule.
                continue;
            }
            if (result.ignored)
                ignored = true;
            else if (result.unignored)
                ignored = false;
        }
        return ignored;
    }
    levelsFor(parents) {
        const levels = [];
        if (this.options.respectGitIgnore) {
            levels.push(...this.rootGitLevels());
            for (let depth = 1; depth <= parents.length; depth += 1) {
                const base = `${parents.slice(0, depth).join('/')}/`;
                const level = this.nestedLevel(base);
                if (level)
                    levels.push(level);
            }
        }
        if (this.options.respectGeminiIgnore) {
            this.geminiLevel ??= this.load('.geminiignore', '');
            if (this.geminiLevel)
                levels.push(this.geminiLevel);
        }
        return levels;
    }
    rootGitLevels() {
        this.rootLevels ??= [this.load('.git/info/exclude', ''), this.load('.gitignore', '')].filter((level) => level !== null);
        return this.rootLevels;
    }
    nestedLevel(base) {
        let level = this.nested.get(base);
        if (level === undefined) {
            level = this.load(`${base}.gitignore`, base);
            this.nested.set(base, level);
        }
        return level;
    }
    load(file, base) {
        const absolute = external_node_path_default().join(this.root, file);
        let text;
        try {
            // Only regular files: an ignore "file" that is a FIFO or a directory would hang or throw.
            if (!(0,external_node_fs_.statSync)(absolute).isFile())
                return null;
            text = (0,external_node_fs_.readFileSync)(absolute, 'utf8');
        }
        catch {
            return null;
        }
        return { base, rules: ignore_default()().add(text) };
    }
}

;// CONCATENATED MODULE: ./src/run-agent.ts




/** Builds the session (so callers can hook into it) and starts it. */
async function startAgent(options) {
    const workspace = await Workspace.create(options.workspaceRoot);
    const registry = new ToolRegistry();
    for (const tool of createBuiltinTools({ workspace, logger: options.logger })) {
        registry.register(tool);
    }
    const session = new AgentSession({
        sessionId: options.sessionId,
        model: options.model,
        contentGenerator: options.contentGenerator,
        registry,
        confirmer: options.confirmer,
        workspaceRoot: workspace.root,
        logger: options.logger,
        onEvent: options.onEvent,
        ...(options.budgets ? { budgets: options.budgets } : {}),
        ...(options.userMemoryPath !== undefined ? { userMemoryPath: options.userMemoryPath } : {}),
    });
    return {
        session,
        result: session.run(options.prompt, options.signal ? { signal: options.signal } : {}),
    };
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
;// CONCATENATED MODULE: ./src/testing/fake-script.ts

// --- parts -------------------------------------------------------------------------------------
function textPart(text) {
    return { text };
}
function thoughtPart(text, options = {}) {
    return { text, thought: true, ...options };
}
function functionCallPart(call) {
    return {
        functionCall: {
            ...(call.id !== undefined ? { id: call.id } : {}),
            name: call.name,
            args: call.args ?? {},
        },
        ...(call.thoughtSignature !== undefined ? { thoughtSignature: call.thoughtSignature } : {}),
    };
}
// --- chunks ------------------------------------------------------------------------------------
function usage(tokens) {
    const metadata = new GenerateContentResponseUsageMetadata();
    metadata.promptTokenCount = tokens.prompt;
    metadata.candidatesTokenCount = tokens.candidates;
    if (tokens.thoughts !== undefined)
        metadata.thoughtsTokenCount = tokens.thoughts;
    if (tokens.cached !== undefined)
        metadata.cachedContentTokenCount = tokens.cached;
    metadata.totalTokenCount = tokens.prompt + tokens.candidates + (tokens.thoughts ?? 0);
    return metadata;
}
function chunk(parts, options = {}) {
    return {
        candidates: [
            {
                content: { role: 'model', parts },
                index: 0,
                ...(options.finishReason !== undefined
                    ? { finishReason: FinishReason[options.finishReason] }
                    : {}),
            },
        ],
        ...(options.usageMetadata !== undefined ? { usageMetadata: options.usageMetadata } : {}),
    };
}
// --- steps -------------------------------------------------------------------------------------
function respond(chunks, options = {}) {
    return { type: 'response', chunks, ...options };
}
function httpError(status, message, options = {}) {
    return { type: 'error', status, message, ...options };
}
function cutStream(chunks, options = {}) {
    const { after, ...timing } = options;
    return {
        type: 'cut',
        chunks,
        after: after ?? Math.max(1, Math.floor(chunks.length / 2)),
        ...timing,
    };
}
/** A whole model turn: thoughts, then text, then calls, with the finish reason on the last chunk. */
function reply(spec) {
    const chunks = [];
    const thoughts = spec.thoughts ?? [];
    thoughts.forEach((text, i) => {
        const last = i === thoughts.length - 1;
        chunks.push(chunk([
            thoughtPart(text, last && spec.thoughtSignature !== undefined
                ? { thoughtSignature: spec.thoughtSignature }
                : {}),
        ]));
    });
    const texts = spec.text === undefined ? [] : Array.isArray(spec.text) ? spec.text : [spec.text];
    for (const text of texts)
        chunks.push(chunk([textPart(text)]));
    if (spec.calls && spec.calls.length > 0)
        chunks.push(chunk(spec.calls.map(functionCallPart)));
    if (chunks.length === 0)
        chunks.push(chunk([]));
    const last = chunks[chunks.length - 1];
    const candidate = last?.candidates?.[0];
    if (candidate)
        candidate.finishReason = FinishReason[spec.finishReason ?? 'STOP'];
    if (last && spec.usage)
        last.usageMetadata = spec.usage;
    return respond(chunks, spec.delayMs !== undefined ? { delayMs: spec.delayMs } : {});
}
/** A text answer in one chunk, finished with STOP. */
function textReply(text, options = {}) {
    return reply({ ...options, text });
}
/** A turn that calls tools (several calls are parallel calls in one turn). */
function callsReply(calls, options = {}) {
    return reply({ ...options, calls });
}
/**
 * Turns a recorded session into a script, so a recording can be served through the fake server and
 * the real client. Token counts and embeddings are not model turns and are left out (the server
 * estimates token counts itself).
 */
function scriptFromRecording(calls) {
    const steps = [];
    for (const call of calls) {
        if (call.method === 'generateContentStream')
            steps.push(respond(call.response.map(plainChunk)));
        else if (call.method === 'generateContent')
            steps.push(respond([plainChunk(call.response)]));
    }
    return steps;
}
function plainChunk(response) {
    const copy = JSON.parse(JSON.stringify(response));
    // Headers of the recorded live call; the client would take them for part of the body.
    delete copy['sdkHttpResponse'];
    return copy;
}

;// CONCATENATED MODULE: ./src/testing/fake-gemini-server.ts


const STATUS_NAMES = {
    400: 'INVALID_ARGUMENT',
    401: 'UNAUTHENTICATED',
    403: 'PERMISSION_DENIED',
    404: 'NOT_FOUND',
    409: 'ABORTED',
    429: 'RESOURCE_EXHAUSTED',
    499: 'CANCELLED',
    500: 'INTERNAL',
    501: 'NOT_IMPLEMENTED',
    503: 'UNAVAILABLE',
    504: 'DEADLINE_EXCEEDED',
};
const GENERATE_RPCS = new Set(['generateContent', 'streamGenerateContent']);
const GEMINI_PATH = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):(\w+)$/;
const VERTEX_PATH = /^\/(v1beta1|v1)\/(?:projects\/([^/]+)\/locations\/([^/]+)\/)?publishers\/google\/models\/([^/:]+):(\w+)$/;
const CODE_ASSIST_PATH = /^\/(v1internal):(\w+)$/;
function route(path) {
    let m = GEMINI_PATH.exec(path);
    if (m)
        return { api: 'gemini', apiVersion: m[1], model: m[2], rpc: m[3] ?? '' };
    m = VERTEX_PATH.exec(path);
    if (m) {
        return {
            api: 'vertex',
            apiVersion: m[1],
            ...(m[2] !== undefined ? { project: m[2] } : {}),
            ...(m[3] !== undefined ? { location: m[3] } : {}),
            model: m[4],
            rpc: m[5] ?? '',
        };
    }
    m = CODE_ASSIST_PATH.exec(path);
    if (m)
        return { api: 'code-assist', apiVersion: m[1], rpc: m[2] ?? '' };
    return undefined;
}
function errorBody(status, message, retryDelay) {
    return JSON.stringify({
        error: {
            code: status,
            message,
            status: STATUS_NAMES[status] ?? 'UNKNOWN',
            ...(retryDelay !== undefined
                ? { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay }] }
                : {}),
        },
    });
}
function sendJson(res, status, body) {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(body);
}
/** One response from a streamed reply: parts concatenated, the last finish reason and usage kept. */
function mergeChunks(chunks) {
    const merged = {};
    const parts = [];
    let candidate;
    for (const chunk of chunks) {
        const { candidates, ...rest } = chunk;
        Object.assign(merged, rest);
        const first = candidates?.[0];
        if (first) {
            parts.push(...(first.content?.parts ?? []));
            const fields = { ...first };
            delete fields['content'];
            candidate = { ...candidate, ...fields };
        }
    }
    if (candidate) {
        merged.candidates = [{ ...candidate, content: { role: 'model', parts } }];
    }
    return merged;
}
function partChars(part) {
    return typeof part.text === 'string' ? part.text.length : JSON.stringify(part).length;
}
/** About four characters per token, like the API's own rough estimates. */
function estimateTokens(body) {
    const record = (body ?? {});
    const contents = record.request?.contents ?? record.contents;
    let chars = 0;
    if (Array.isArray(contents)) {
        for (const content of contents) {
            for (const part of content.parts ?? [])
                chars += partChars(part);
        }
    }
    return Math.ceil(chars / 4);
}
async function readBody(req) {
    const chunks = [];
    for await (const piece of req)
        chunks.push(piece);
    return Buffer.concat(chunks).toString('utf8');
}
async function startFakeGeminiServer(options = {}) {
    const script = [...(options.script ?? [])];
    let consumed = 0;
    let generateCount = 0;
    const requests = [];
    const sockets = new Set();
    const pendingDelays = new Set();
    const waiters = new Set();
    let closed = false;
    const notify = () => {
        for (const waiter of waiters) {
            if (requests.length >= waiter.count) {
                waiters.delete(waiter);
                waiter.resolve();
            }
        }
    };
    const delay = (ms) => new Promise((resolve) => {
        const done = () => {
            clearTimeout(timer);
            pendingDelays.delete(done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        pendingDelays.add(done);
    });
    const wrap = (api, chunk) => api === 'code-assist' ? { response: chunk } : chunk;
    async function answer(req, step, res) {
        if (step.delayMs !== undefined && step.delayMs > 0)
            await delay(step.delayMs);
        // The client gave up (abort) or the server is closing: nobody is listening.
        if (closed || res.destroyed)
            return;
        if (step.type === 'error') {
            sendJson(res, step.status, errorBody(step.status, step.message, step.retryDelay));
            return;
        }
        const streamed = req.rpc === 'streamGenerateContent';
        if (!streamed) {
            const body = JSON.stringify(wrap(req.api, mergeChunks(step.chunks)));
            if (step.type === 'cut') {
                res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
                await write(res, body.slice(0, Math.floor(body.length / 2)));
                res.destroy();
                return;
            }
            sendJson(res, 200, body);
            return;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        const count = step.type === 'cut' ? Math.min(step.after, step.chunks.length) : step.chunks.length;
        for (const chunk of step.chunks.slice(0, count)) {
            await write(res, `data: ${JSON.stringify(wrap(req.api, chunk))}\r\n\r\n`);
        }
        if (step.type === 'cut')
            res.destroy();
        else
            res.end();
    }
    async function handle(req, res) {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const text = await readBody(req);
        let body;
        let badJson = false;
        if (text !== '') {
            try {
                body = JSON.parse(text);
            }
            catch {
                badJson = true;
            }
        }
        const found = route(url.pathname);
        const record = {
            index: requests.length + 1,
            api: found?.api ?? 'unknown',
            rpc: found?.rpc ?? '',
            httpMethod: req.method ?? '',
            path: url.pathname,
            query: Object.fromEntries(url.searchParams),
            headers: { ...req.headers },
            body: badJson ? text : body,
            ...(found?.apiVersion !== undefined ? { apiVersion: found.apiVersion } : {}),
            ...(found?.project !== undefined ? { project: found.project } : {}),
            ...(found?.location !== undefined ? { location: found.location } : {}),
        };
        const model = found?.model ??
            (typeof body?.model === 'string'
                ? body.model
                : undefined);
        if (model !== undefined)
            record.model = model;
        requests.push(record);
        notify();
        if (!found || req.method !== 'POST') {
            sendJson(res, 404, errorBody(404, `The fake Gemini server does not serve ${req.method ?? ''} ${url.pathname}.`));
            return;
        }
        if (badJson) {
            sendJson(res, 400, errorBody(400, 'The request body is not valid JSON.'));
            return;
        }
        if (found.rpc === 'countTokens') {
            sendJson(res, 200, JSON.stringify({ totalTokens: estimateTokens(body) }));
            return;
        }
        if (found.rpc === 'loadCodeAssist' && found.api === 'code-assist') {
            const project = options.codeAssistProject === undefined ? 'fake-project' : options.codeAssistProject;
            sendJson(res, 200, JSON.stringify({
                currentTier: { id: 'standard-tier', name: 'Fake tier' },
                ...(project !== null ? { cloudaicompanionProject: project } : {}),
            }));
            return;
        }
        if (!GENERATE_RPCS.has(found.rpc)) {
            sendJson(res, 404, errorBody(404, `The fake Gemini server does not implement ${found.rpc}.`));
            return;
        }
        generateCount++;
        const next = script[consumed];
        if (next === undefined) {
            // 400 so that clients fail at once instead of retrying.
            sendJson(res, 400, errorBody(400, `The fake Gemini server's script is exhausted: generate request #${generateCount} (request #${record.index}, ${found.rpc}) has no step to answer it; the script had ${script.length} step(s).`));
            return;
        }
        consumed++;
        record.step = consumed;
        const step = typeof next === 'function' ? await next(record) : next;
        await answer(record, step, res);
    }
    const server = (0,external_node_http_.createServer)((req, res) => {
        handle(req, res).catch((error) => {
            const message = error instanceof Error ? error.message : String(error);
            // 400, not 500: a failing script step is a test bug, which retries would only hide.
            if (!res.headersSent) {
                sendJson(res, 400, errorBody(400, `The fake Gemini server failed: ${message}`));
            }
            else {
                res.destroy();
            }
        });
    });
    server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
    });
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
        });
    });
    const address = server.address();
    if (address === null || typeof address === 'string') {
        throw new Error('The fake Gemini server did not get a TCP port.');
    }
    return {
        url: `http://127.0.0.1:${address.port}`,
        requests,
        generateRequests: () => requests.filter((r) => GENERATE_RPCS.has(r.rpc)),
        remaining: () => script.length - consumed,
        push: (...steps) => {
            script.push(...steps);
        },
        waitForRequests: (count) => new Promise((resolve) => {
            waiters.add({ count, resolve });
            notify();
        }),
        close: async () => {
            if (closed)
                return;
            closed = true;
            for (const finish of [...pendingDelays])
                finish();
            for (const socket of sockets)
                socket.destroy();
            await new Promise((resolve) => {
                server.close(() => {
                    resolve();
                });
            });
        },
    };
}
function write(res, text) {
    return new Promise((resolve) => {
        if (res.destroyed) {
            resolve();
            return;
        }
        res.write(text, () => {
            resolve();
        });
    });
}

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
;// CONCATENATED MODULE: ./src/cli/args.ts


const OUTPUT_FORMATS = ['text', 'json', 'stream-json'];
const DEFAULT_MODEL = 'gemini-2.5-pro';
const USAGE = `Usage: gemini-agent -p "<prompt>" [options]

Runs a Gemini coding agent on a repository without asking anyone: it reads, searches and
changes files in the workspace and answers with what it did.

Options:
  -p, --prompt TEXT          the task (read from standard input when piped and -p is absent)
      --repo DIR             the workspace the agent works in (default: current directory)
  -m, --model MODEL          the model (default: $GEMINI_MODEL or ${DEFAULT_MODEL})
  -o, --output-format FMT    text | json | stream-json (default: text)
      --transcript FILE      write every agent event to FILE as JSON lines
      --max-turns N          stop after N model requests (exit code 53)
      --timeout SECONDS      stop after this much wall-clock time
      --replay FILE          answer from a recorded session ({method, response} JSON lines)
      --record FILE          record the model's responses to FILE in the same format
  -d, --debug                log details to standard error
  -v, --version              print the version
  -h, --help                 print this help

Authentication: GEMINI_API_KEY; or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and
GOOGLE_CLOUD_LOCATION; or GOOGLE_GENAI_USE_GCA=true (Code Assist). Not needed with --replay.

Exit codes: 0 done, 1 error, 41 authentication, 42 bad input, 52 configuration, 53 turn limit,
130 cancelled.
`;
function positiveInteger(flag, value) {
    if (value === undefined)
        return undefined;
    if (!/^\d+$/.test(value) || Number(value) <= 0) {
        throw new UsageError(`${flag} expects a positive whole number, got "${value}".`);
    }
    return Number(value);
}
function positiveNumber(flag, value) {
    if (value === undefined)
        return undefined;
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
        throw new UsageError(`${flag} expects a positive number of seconds, got "${value}".`);
    }
    return number;
}
/** Parses the command line; every mistake is a one-line `UsageError` (exit code 42). */
function parseCliArgs(argv, env) {
    let parsed;
    try {
        parsed = (0,external_node_util_.parseArgs)({
            args: [...argv],
            allowPositionals: true,
            strict: true,
            options: {
                prompt: { type: 'string', short: 'p' },
                repo: { type: 'string' },
                model: { type: 'string', short: 'm' },
                'output-format': { type: 'string', short: 'o' },
                transcript: { type: 'string' },
                'max-turns': { type: 'string' },
                timeout: { type: 'string' },
                replay: { type: 'string' },
                record: { type: 'string' },
                debug: { type: 'boolean', short: 'd' },
                version: { type: 'boolean', short: 'v' },
                help: { type: 'boolean', short: 'h' },
            },
        });
    }
    catch (error) {
        // node:util's messages name the option but end with advice for script authors; keep the
        // first sentence and point at --help.
        const message = error instanceof Error ? error.message.split('. ')[0] : String(error);
        throw new UsageError(`${message}. Run "gemini-agent --help" for usage.`);
    }
    const { values, positionals } = parsed;
    const outputFormat = values['output-format'] ?? 'text';
    if (!OUTPUT_FORMATS.includes(outputFormat)) {
        throw new UsageError(`--output-format expects one of ${OUTPUT_FORMATS.join(', ')}, got "${outputFormat}".`);
    }
    if (values.prompt !== undefined && positionals.length > 0) {
        throw new UsageError(`Give the prompt either with -p or as an argument, not both (unexpected "${positionals[0] ?? ''}").`);
    }
    const prompt = values.prompt ?? (positionals.length > 0 ? positionals.join(' ') : undefined);
    if (prompt?.trim() === '') {
        throw new UsageError('The prompt is empty: pass the task with -p "<prompt>".');
    }
    if (values.replay !== undefined && values.record !== undefined) {
        throw new UsageError('--replay and --record cannot be used together.');
    }
    return {
        prompt,
        repo: values.repo ?? process.cwd(),
        model: values.model ?? (env.GEMINI_MODEL?.trim() || DEFAULT_MODEL),
        outputFormat: outputFormat,
        transcript: values.transcript,
        maxTurns: positiveInteger('--max-turns', values['max-turns']),
        timeoutSeconds: positiveNumber('--timeout', values.timeout),
        replay: values.replay,
        record: values.record,
        debug: values.debug ?? false,
        help: values.help ?? false,
        version: values.version ?? false,
    };
}

;// CONCATENATED MODULE: ./src/cli/exit-codes.ts

/** The Gemini CLI's exit codes, so scripts written for it keep working. */
const ExitCode = {
    OK: 0,
    ERROR: 1,
    AUTH: 41,
    INPUT: 42,
    CONFIG: 52,
    TURN_LIMIT: 53,
    CANCELLED: 130,
};
function exitCodeForReason(reason) {
    switch (reason) {
        case 'completed':
            return ExitCode.OK;
        case 'max_turns':
            return ExitCode.TURN_LIMIT;
        case 'cancelled':
            return ExitCode.CANCELLED;
        case 'auth_error':
            return ExitCode.AUTH;
        default:
            return ExitCode.ERROR;
    }
}
function exitCodeForError(error) {
    if (error instanceof AuthenticationError)
        return ExitCode.AUTH;
    if (error instanceof UsageError)
        return ExitCode.INPUT;
    if (error instanceof ConfigurationError)
        return ExitCode.CONFIG;
    return ExitCode.ERROR;
}

;// CONCATENATED MODULE: ./src/cli/output/json-output.ts
function createJsonOutput(options) {
    const { stdout, stats } = options;
    return {
        listener: () => undefined,
        finish(outcome) {
            const output = {
                session_id: outcome.sessionId,
                response: outcome.response,
                stats: stats.metrics(),
                ...(outcome.reason === 'completed'
                    ? {}
                    : {
                        error: {
                            type: outcome.reason,
                            message: outcome.error ?? outcome.reason,
                            code: outcome.exitCode,
                        },
                    }),
            };
            stdout.write(`${JSON.stringify(output, null, 2)}\n`);
        },
        failBeforeStart(error) {
            stdout.write(`${JSON.stringify({ error }, null, 2)}\n`);
        },
    };
}

;// CONCATENATED MODULE: ./src/cli/output/stream-json-output.ts
function createStreamJsonOutput(options) {
    const { stdout, prompt, stats } = options;
    const now = options.now ?? (() => new Date());
    const announced = new Set();
    const line = (event) => stdout.write(`${JSON.stringify({ ...event, timestamp: now().toISOString() })}\n`);
    const onToolCall = (call) => {
        if (!announced.has(call.tool_call_id)) {
            announced.add(call.tool_call_id);
            line({
                type: 'tool_use',
                tool_name: call.tool_name,
                tool_id: call.tool_call_id,
                parameters: call.input_parameters,
            });
        }
        if (call.status === 'SUCCEEDED') {
            const output = call.output
                ? 'text' in call.output
                    ? call.output.text
                    : call.output.diff.fileDiff
                : '';
            line({ type: 'tool_result', tool_id: call.tool_call_id, status: 'success', output });
        }
        else if (call.status === 'FAILED' || call.status === 'CANCELLED') {
            line({
                type: 'tool_result',
                tool_id: call.tool_call_id,
                status: 'error',
                error: {
                    type: call.error?.type ?? (call.status === 'CANCELLED' ? 'cancelled' : 'error'),
                    message: call.error?.message ?? 'The tool call did not complete.',
                },
                ...(call.confirmation_outcome ? { decision: call.confirmation_outcome } : {}),
            });
        }
    };
    const listener = (event) => {
        switch (event.kind) {
            case 'state_change':
                if (event.state === 'submitted') {
                    line({ type: 'init', session_id: event.session_id, model: event.model });
                    line({ type: 'message', role: 'user', content: prompt });
                }
                break;
            case 'text_content':
                line({ type: 'message', role: 'assistant', content: event.text, delta: true });
                break;
            case 'tool_call_update':
                onToolCall(event.tool_call);
                break;
            case 'warning':
                line({ type: 'error', severity: 'warning', message: event.message });
                break;
            default:
                break;
        }
    };
    return {
        listener,
        finish(outcome) {
            line({
                type: 'result',
                status: outcome.reason === 'completed' ? 'success' : 'error',
                ...(outcome.reason === 'completed'
                    ? {}
                    : { error: { type: outcome.reason, message: outcome.error ?? outcome.reason } }),
                stats: stats.streamStats(),
            });
        },
        failBeforeStart(error) {
            line({ type: 'error', severity: 'error', message: error.message });
            line({
                type: 'result',
                status: 'error',
                error: { type: error.type, message: error.message },
            });
        },
    };
}

;// CONCATENATED MODULE: ./src/cli/output/text-output.ts
function createTextOutput(options) {
    const { stdout, stderr } = options;
    let endsWithNewline = true;
    let lastTextTurn;
    const toolLine = (call) => {
        const what = `${call.tool_name}${call.description ? `: ${call.description}` : ''}`;
        switch (call.status) {
            case 'SUCCEEDED':
                return `✓ ${what}`;
            case 'FAILED':
                return `✗ ${what} — ${firstLine(call.error?.message ?? 'failed')}`;
            case 'CANCELLED':
                return `- ${what} (cancelled)`;
            default:
                return undefined;
        }
    };
    const listener = (event) => {
        if (event.kind === 'text_content') {
            // Text from a later turn is a new paragraph, not a continuation of the last sentence.
            if (lastTextTurn !== undefined && event.turn !== lastTextTurn) {
                stdout.write(endsWithNewline ? '\n' : '\n\n');
            }
            stdout.write(event.text);
            lastTextTurn = event.turn;
            endsWithNewline = event.text.endsWith('\n');
        }
        else if (event.kind === 'tool_call_update') {
            const text = toolLine(event.tool_call);
            if (text)
                stderr.write(`${text}\n`);
        }
        else if (event.kind === 'warning') {
            stderr.write(`warning: ${event.message}\n`);
        }
    };
    return {
        listener,
        finish(outcome) {
            if (lastTextTurn !== undefined && !endsWithNewline)
                stdout.write('\n');
            if (outcome.reason !== 'completed') {
                stderr.write(`error: ${outcome.error ?? outcome.reason}\n`);
            }
        },
        failBeforeStart(error) {
            stderr.write(`error: ${error.message}\n`);
        },
    };
}
function firstLine(text) {
    const line = text.split('\n', 1)[0] ?? '';
    return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

;// CONCATENATED MODULE: ./src/cli/read-stdin.ts
/** Reads all of standard input when it is piped; undefined when it is a terminal. */
async function readPipedStdin(stdin) {
    if (stdin.isTTY)
        return undefined;
    const chunks = [];
    for await (const chunk of stdin) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
}

;// CONCATENATED MODULE: ./src/cli/run-cli.ts
/**
 * The CLI's composition root: flags → model transport (live, or a recorded session served by the
 * local fake server) → tools and session → the chosen output format → exit code.
 */




















function processIo() {
    return {
        env: process.env,
        stdout: process.stdout,
        stderr: process.stderr,
        stdin: process.stdin,
        onInterrupt(handler) {
            process.on('SIGINT', handler);
            process.on('SIGTERM', handler);
            return () => {
                process.off('SIGINT', handler);
                process.off('SIGTERM', handler);
            };
        },
    };
}
/** Runs the CLI and returns its exit code; never throws. */
async function runCli(argv, io) {
    let options;
    try {
        options = parseCliArgs(argv, io.env);
    }
    catch (error) {
        io.stderr.write(`error: ${errorMessage(error)}\n`);
        return exitCodeForError(error);
    }
    if (options.help) {
        io.stdout.write(USAGE);
        return ExitCode.OK;
    }
    if (options.version) {
        io.stdout.write(`${version/* VERSION */.x}\n`);
        return ExitCode.OK;
    }
    const logger = streamLogger(io.stderr, { debug: options.debug });
    const stats = new SessionStatsCollector();
    const prompt = options.prompt ?? (await readPipedStdin(io.stdin))?.trim();
    const output = createOutput(options, io, stats, prompt ?? '');
    const cleanups = [];
    try {
        if (!prompt) {
            throw new UsageError('No prompt given: pass the task with -p "<prompt>" or pipe it in.');
        }
        await requireDirectory(options.repo);
        const sessionId = (0,external_node_crypto_.randomUUID)();
        // Retries happen below the session; until it exists they go to the log, then into its event
        // stream, so every output format shows them.
        let reportRetry = (message) => {
            logger.warning(message);
        };
        const contentGenerator = await openModel(options, io, sessionId, cleanups, (message) => {
            reportRetry(message);
        });
        const transcript = options.transcript ? createTranscriptWriter(options.transcript) : undefined;
        if (transcript)
            cleanups.push(() => {
                transcript.close();
            });
        const controller = new AbortController();
        cleanups.push(io.onInterrupt(() => {
            controller.abort();
        }));
        const { session: agent, result } = await startAgent({
            prompt,
            workspaceRoot: options.repo,
            model: options.model,
            sessionId,
            contentGenerator,
            confirmer: allowAllConfirmer,
            logger,
            onEvent: fanOut([stats.listener, output.listener, ...optional(transcript)]),
            budgets: {
                ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
                ...(options.timeoutSeconds !== undefined
                    ? { timeoutMs: Math.round(options.timeoutSeconds * 1000) }
                    : {}),
            },
            signal: controller.signal,
        });
        reportRetry = (message) => {
            agent.reportWarning('model_retry', message);
        };
        const session = await result;
        const exitCode = exitCodeForReason(session.reason);
        output.finish({
            sessionId: session.sessionId,
            model: options.model,
            response: session.response,
            reason: session.reason,
            error: session.error,
            exitCode,
        });
        return exitCode;
    }
    catch (error) {
        const code = exitCodeForError(error);
        output.failBeforeStart({
            type: error instanceof Error ? error.name : 'Error',
            message: errorMessage(error),
            code,
        });
        if (options.debug && error instanceof Error && error.stack)
            logger.debug(error.stack);
        return code;
    }
    finally {
        for (const cleanup of cleanups.reverse())
            await cleanup();
    }
}
function createOutput(options, io, stats, prompt) {
    switch (options.outputFormat) {
        case 'json':
            return createJsonOutput({ stdout: io.stdout, stats });
        case 'stream-json':
            return createStreamJsonOutput({ stdout: io.stdout, prompt, stats });
        case 'text':
            return createTextOutput({ stdout: io.stdout, stderr: io.stderr });
    }
}
async function requireDirectory(dir) {
    const info = await (0,promises_.stat)(dir).catch(() => undefined);
    if (!info?.isDirectory()) {
        throw new UsageError(`--repo expects an existing directory, got "${external_node_path_default().resolve(dir)}".`);
    }
}
/**
 * The model: live from the environment's credentials, or — with `--replay` — a recorded session
 * served by the local fake Gemini server, so replay goes through the same client as live runs.
 */
async function openModel(options, io, sessionId, cleanups, onRetry) {
    let auth;
    if (options.replay !== undefined) {
        const calls = await readRecordedSession(options.replay).catch((error) => {
            throw new UsageError(`--replay: ${errorMessage(error)}`);
        });
        const server = await startFakeGeminiServer({
            script: scriptFromRecording(calls),
        });
        cleanups.push(() => server.close());
        auth = { type: 'gemini-api-key', apiKey: 'replay', baseUrl: server.url };
    }
    else {
        auth = resolveModelAuth(io.env);
    }
    return createContentGenerator(auth, {
        sessionId,
        ...(options.record !== undefined ? { recordTo: options.record } : {}),
        retry: {
            onRetry: ({ attempt, maxAttempts, delayMs, error }) => {
                onRetry(`Model request failed (${errorMessage(error)}); retry ${attempt}/${maxAttempts} in ${Math.round(delayMs / 100) / 10} s.`);
            },
        },
    });
}
function fanOut(listeners) {
    return (event) => {
        for (const listener of listeners)
            listener(event);
    };
}
function optional(transcript) {
    return transcript ? [transcript] : [];
}


/***/ })

};
