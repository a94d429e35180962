export const id = 20;
export const ids = [20];
export const modules = {

/***/ 87020:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runServeCommand: () => (/* binding */ runServeCommand)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/cli/exit-codes.ts
var exit_codes = __webpack_require__(28551);
// EXTERNAL MODULE: ./src/cli/changed-files.ts
var changed_files = __webpack_require__(51608);
// EXTERNAL MODULE: ./src/cli/run-stop.ts
var run_stop = __webpack_require__(15800);
// EXTERNAL MODULE: ./src/custom-commands/run-commands.ts + 3 modules
var run_commands = __webpack_require__(3939);
// EXTERNAL MODULE: ./src/config/settings.ts + 1 modules
var config_settings = __webpack_require__(64730);
// EXTERNAL MODULE: ./src/model/create-content-generator.ts + 9 modules
var create_content_generator = __webpack_require__(94521);
// EXTERNAL MODULE: ./src/model/request-storage.ts
var request_storage = __webpack_require__(6676);
// EXTERNAL MODULE: ./src/model/application-default-credentials.ts
var application_default_credentials = __webpack_require__(67048);
// EXTERNAL MODULE: ./src/model/model-auth.ts
var model_auth = __webpack_require__(67815);
// EXTERNAL MODULE: ./src/model/model-choice.ts
var model_choice = __webpack_require__(11106);
// EXTERNAL MODULE: ./src/model/retry.ts + 1 modules
var retry = __webpack_require__(92638);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/platform/logger.ts
var platform_logger = __webpack_require__(63255);
// EXTERNAL MODULE: ./src/platform/redaction.ts
var redaction = __webpack_require__(63178);
// EXTERNAL MODULE: ./src/platform/sandbox/resolve-sandbox.ts + 6 modules
var resolve_sandbox = __webpack_require__(33784);
// EXTERNAL MODULE: ./src/session-setup/run-agent.ts + 25 modules
var run_agent = __webpack_require__(70832);
// EXTERNAL MODULE: ./src/session-setup/written-configuration.ts
var written_configuration = __webpack_require__(43928);
// EXTERNAL MODULE: ./src/session-setup/replay-model.ts + 2 modules
var replay_model = __webpack_require__(57846);
// EXTERNAL MODULE: ./src/model/recording.ts + 1 modules
var recording = __webpack_require__(26602);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
var external_node_http_default = /*#__PURE__*/__webpack_require__.n(external_node_http_);
// EXTERNAL MODULE: ./node_modules/@a2a-js/sdk/dist/server/index.js
var dist_server = __webpack_require__(15145);
// EXTERNAL MODULE: ./node_modules/@a2a-js/sdk/dist/index.js
var dist = __webpack_require__(9045);
// EXTERNAL MODULE: ./node_modules/@a2a-js/sdk/dist/compat/v0_3/index.js
var v0_3 = __webpack_require__(79133);
// EXTERNAL MODULE: ./src/platform/version.ts
var version = __webpack_require__(95895);
// EXTERNAL MODULE: ./src/platform/records.ts
var records = __webpack_require__(17229);
;// CONCATENATED MODULE: ./src/cli/a2a-server/development-tool.ts

/**
 * The extension's URI, from the spec's sample agent card (\u00a73.1). Its version is the `v0` in the
 * path: "The agent card `uri` field contains an embedded semantic version".
 */
const DEVELOPMENT_TOOL_URI = 'https://github.com/google-gemini/gemini-cli/blob/main/docs/a2a/developer-profile/v0/spec.md';
const DEVELOPMENT_TOOL_DESCRIPTION = 'An extension for interactive development tasks, enabling features like code generation, tool usage, and real-time status updates.';
function eventMetadata(event) {
    return { [DEVELOPMENT_TOOL_URI]: event };
}
/**
 * The choices a client is offered. `proceed_always` allows, for the rest of this task, the calls
 * the policy would ask about again in the same way (see `alwaysKey`); it never reaches a call
 * the policy denies.
 */
const CONFIRMATION_OPTIONS = [
    { id: 'proceed_once', name: 'Allow once' },
    {
        id: 'proceed_always',
        name: 'Allow for this task',
        description: 'Allow this and similar calls (the same tool; for shell commands, the same commands) until the task ends.',
    },
    {
        id: 'cancel',
        name: 'Reject',
        description: 'Skip this call; the agent is told it was rejected.',
    },
];
/**
 * The `ToolCall` a client sees: the spec's fields only. `confirmation_request` is there only
 * while the client is asked (the scheduler fills it for every call, the policy answers most).
 */
function toWireToolCall(call, options) {
    const wire = {
        tool_call_id: call.tool_call_id,
        status: call.status,
        tool_name: call.tool_name,
        ...(call.description === undefined ? {} : { description: call.description }),
        input_parameters: call.input_parameters,
        ...(call.live_content === undefined ? {} : { live_content: call.live_content }),
    };
    if (call.status === 'SUCCEEDED' && call.output !== undefined) {
        wire.output = wireOutput(call.output);
    }
    if ((call.status === 'FAILED' || call.status === 'CANCELLED') && call.error !== undefined) {
        wire.error = {
            message: call.error.message,
            ...(call.error.type ? { type: call.error.type } : {}),
        };
    }
    // "Populated while status is PENDING" (spec/002), and only while the client is the one asked.
    if (options.askingClient &&
        call.status === 'PENDING' &&
        call.confirmation_request !== undefined) {
        wire.confirmation_request = {
            options: CONFIRMATION_OPTIONS.map((option) => ({ ...option })),
            ...call.confirmation_request.details,
        };
    }
    return wire;
}
function wireOutput(output) {
    if ('text' in output)
        return { text: output.text };
    if ('diff' in output)
        return { diff: wireFileDiff(output.diff) };
    return { structured_data: { ...output.structured_data } };
}
function wireFileDiff(diff) {
    return {
        file_name: diff.fileName,
        file_path: diff.filePath,
        ...(diff.originalContent === null ? {} : { old_content: diff.originalContent }),
        new_content: diff.newContent,
        formatted_diff: diff.fileDiff,
    };
}
function wireThought(thought) {
    return { subject: thought.subject, description: thought.description };
}
/**
 * Reads a `ToolCallConfirmation` from a DataPart's data: the spec's snake_case names, their
 * proto-JSON camelCase spelling, and the oneof written either flat (`file_details`) or inside
 * `modified_details`. Returns undefined for data that is not a confirmation at all, and a
 * message for one that is malformed.
 */
function readToolCallConfirmation(data) {
    if (!(0,records/* isRecord */.u)(data))
        return undefined;
    const id = field(data, 'tool_call_id', 'toolCallId');
    const option = field(data, 'selected_option_id', 'selectedOptionId');
    if (id === undefined && option === undefined)
        return undefined;
    if (typeof id !== 'string' || id === '') {
        return { problem: 'a ToolCallConfirmation needs tool_call_id, the id of the call it answers' };
    }
    const known = CONFIRMATION_OPTIONS.map((choice) => choice.id);
    if (typeof option !== 'string' || !known.includes(option)) {
        return {
            problem: `selected_option_id must be one of ${known.join(', ')}, got ${JSON.stringify(option ?? null)}`,
        };
    }
    const modified = field(data, 'modified_details', 'modifiedDetails');
    const fileDetails = field(data, 'file_details', 'fileDetails') ??
        ((0,records/* isRecord */.u)(modified) ? field(modified, 'file_details', 'fileDetails') : undefined);
    if (fileDetails === undefined)
        return { toolCallId: id, optionId: option };
    const newContent = (0,records/* isRecord */.u)(fileDetails)
        ? field(fileDetails, 'new_content', 'newContent')
        : undefined;
    if (typeof newContent !== 'string') {
        return {
            problem: 'file_details must carry new_content, the whole file as it should be written',
        };
    }
    if (option === 'cancel') {
        return { problem: 'file_details comes with proceed_once or proceed_always, not cancel' };
    }
    return { toolCallId: id, optionId: option, newContent };
}
/**
 * `AgentSettings.workspace_path` from a message's metadata, under the extension's URI (the
 * spec's rule for every custom object in metadata). Undefined when the message names none.
 */
function readWorkspacePath(metadata) {
    const settings = metadata?.[DEVELOPMENT_TOOL_URI];
    if (settings === undefined)
        return undefined;
    if (!(0,records/* isRecord */.u)(settings)) {
        return { problem: `metadata["${DEVELOPMENT_TOOL_URI}"] must be an AgentSettings object` };
    }
    const workspace = field(settings, 'workspace_path', 'workspacePath');
    if (workspace === undefined)
        return undefined;
    if (typeof workspace !== 'string' || workspace.trim() === '') {
        return { problem: 'AgentSettings.workspace_path must be an absolute path' };
    }
    return workspace;
}
function field(record, snake, camel) {
    return record[snake] ?? record[camel];
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/agent-card.ts




const NAME = 'Gemini Agent';
const DESCRIPTION = 'A Gemini coding agent working in a local repository: it reads, searches and changes files and runs the shell commands its policy allows, and asks the client about the calls the policy wants confirmed.';
const BEARER_DESCRIPTION = 'The token the server was started with (--token-file or GEMINI_AGENT_A2A_TOKEN), or the one it printed at start.';
/** The 1.0 card; `endpoint` is the JSON-RPC URL. */
function buildAgentCard(endpoint) {
    return {
        name: NAME,
        description: DESCRIPTION,
        version: version/* VERSION */.x,
        provider: undefined,
        // One JSON-RPC endpoint, listed for 1.0 and (with the same URL) for 0.3: the SDK accepts
        // only the versions the card lists.
        supportedInterfaces: (0,v0_3/* duplicateInterfacesForLegacy */.Ic)([{ url: endpoint, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }], ['JSONRPC']),
        capabilities: {
            streaming: true,
            pushNotifications: false,
            extendedAgentCard: false,
            extensions: [
                {
                    uri: DEVELOPMENT_TOOL_URI,
                    description: DEVELOPMENT_TOOL_DESCRIPTION,
                    required: false,
                    params: undefined,
                },
            ],
        },
        securitySchemes: {
            bearer: {
                scheme: {
                    $case: 'httpAuthSecurityScheme',
                    value: { scheme: 'Bearer', bearerFormat: '', description: BEARER_DESCRIPTION },
                },
            },
        },
        securityRequirements: [{ schemes: { bearer: { list: [] } } }],
        defaultInputModes: ['text/plain'],
        defaultOutputModes: ['text/plain'],
        skills: [
            {
                id: 'coding',
                name: 'Work on a repository',
                description: 'Answers questions about the code, changes files and runs commands in the workspace, as a coding agent does.',
                tags: ['coding', 'development-tool'],
                examples: ['Fix the failing test in src/convert.js', 'Summarise this repository'],
                inputModes: [],
                outputModes: [],
                securityRequirements: [],
            },
        ],
        signatures: [],
    };
}
/** The card as 1.0 clients read it (proto JSON). */
function cardJsonV1(card) {
    return dist/* AgentCard */.Al.toJSON(card);
}
/** The card as 0.3 clients read it: the first 0.3 interface as `url` + `preferredTransport`. */
function cardJsonV03(card) {
    const legacy = card.supportedInterfaces.filter((entry) => entry.protocolVersion === '0.3');
    const [preferred, ...others] = legacy;
    return {
        protocolVersion: '0.3.0',
        name: card.name,
        description: card.description,
        version: card.version,
        url: preferred?.url ?? '',
        preferredTransport: preferred?.protocolBinding ?? 'JSONRPC',
        additionalInterfaces: others.map((entry) => ({
            url: entry.url,
            transport: entry.protocolBinding,
        })),
        capabilities: {
            streaming: card.capabilities?.streaming ?? false,
            pushNotifications: card.capabilities?.pushNotifications ?? false,
            extensions: (card.capabilities?.extensions ?? []).map((extension) => ({
                uri: extension.uri,
                description: extension.description,
                required: extension.required,
            })),
        },
        securitySchemes: {
            bearer: { type: 'http', scheme: 'Bearer', description: BEARER_DESCRIPTION },
        },
        security: [{ bearer: [] }],
        defaultInputModes: card.defaultInputModes,
        defaultOutputModes: card.defaultOutputModes,
        skills: card.skills.map((skill) => ({
            id: skill.id,
            name: skill.name,
            description: skill.description,
            tags: skill.tags,
            examples: skill.examples,
        })),
    };
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/bearer-token.ts
/**
 * The server's bearer token: from `--token-file`, else `GEMINI_AGENT_A2A_TOKEN`, else a new
 * random one the server prints once. Never from the command line, where `ps` would show it.
 */




const TOKEN_VARIABLE = 'GEMINI_AGENT_A2A_TOKEN';
/** Shorter tokens are refused: they could be guessed. */
const MIN_TOKEN_LENGTH = 16;
async function resolveToken(options) {
    if (options.tokenFile !== undefined) {
        let text;
        try {
            text = await (0,promises_.readFile)(options.tokenFile, 'utf8');
        }
        catch (error) {
            throw new errors/* UsageError */.eb(`--token-file: cannot read "${external_node_path_default().resolve(options.tokenFile)}" (${(0,errors/* errorMessage */.gJ)(error)}).`);
        }
        return { value: checkedToken('--token-file', text.trim()), source: 'file' };
    }
    const fromEnv = options.env[TOKEN_VARIABLE];
    if (fromEnv !== undefined && fromEnv !== '') {
        return { value: checkedToken(TOKEN_VARIABLE, fromEnv.trim()), source: 'environment' };
    }
    return { value: (0,external_node_crypto_.randomBytes)(32).toString('base64url'), source: 'generated' };
}
function checkedToken(where, token) {
    if (token.length < MIN_TOKEN_LENGTH || /\s/.test(token)) {
        throw new errors/* UsageError */.eb(`${where} expects a token of at least ${MIN_TOKEN_LENGTH} characters without spaces (for example: openssl rand -hex 32).`);
    }
    return token;
}
/**
 * Checks `Authorization: Bearer <token>` in constant time. Both sides are hashed first, so the
 * comparison takes as long whatever the length of what was sent.
 */
function bearerChecker(token) {
    const expected = digest(token);
    return (header) => {
        const match = /^Bearer ([^\s]+)$/i.exec(header ?? '');
        const given = digest(match?.[1] ?? '');
        return (0,external_node_crypto_.timingSafeEqual)(given, expected) && match !== null;
    };
}
function digest(text) {
    return (0,external_node_crypto_.createHash)('sha256').update(text, 'utf8').digest();
}

// EXTERNAL MODULE: ./node_modules/@a2a-js/sdk/dist/compat/v0_3/server/index.js
var server = __webpack_require__(33105);
// EXTERNAL MODULE: ./src/platform/text-limits.ts
var text_limits = __webpack_require__(17781);
;// CONCATENATED MODULE: ./src/cli/a2a-server/http-routes.ts







const AGENT_CARD_PATH = '/.well-known/agent-card.json';
const JSON_RPC_PATH = '/a2a';
/**
 * How deeply a request may nest. A2A messages nest a few levels (a data part's answer to a
 * confirmation is six); the SDK walks the request recursively, and thousands of levels overflow
 * its stack, which must not be what the client reads.
 */
const MAX_REQUEST_DEPTH = 64;
/** Every caller is the one holder of the token, so tasks are visible across both versions. */
const USER = { isAuthenticated: true, userName: 'token-holder' };
function internalCallContext() {
    return new dist_server/* ServerCallContext */.Dj({ user: USER, requestedVersion: '1.0' });
}
function httpRoutes(options) {
    const v1 = new dist_server/* JsonRpcTransportHandler */.r5(options.requestHandler);
    const legacy = new server/* LegacyJsonRpcTransportHandler */.Id(options.requestHandler);
    const v1Card = JSON.stringify(cardJsonV1(options.card));
    const legacyCard = JSON.stringify(cardJsonV03(options.card));
    async function handle(req, res) {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname === AGENT_CARD_PATH) {
            if (req.method !== 'GET' && req.method !== 'HEAD') {
                plain(res, 405, 'Use GET.');
                return;
            }
            res.setHeader('Vary', 'A2A-Version');
            json(res, 200, isLegacy(req) ? legacyCard : v1Card);
            return;
        }
        if (url.pathname !== JSON_RPC_PATH) {
            plain(res, 404, 'Not found.');
            return;
        }
        // Before the body is read: nothing of a request without the token is processed.
        if (!options.authorized(header(req, 'authorization'))) {
            res.setHeader('WWW-Authenticate', 'Bearer');
            plain(res, 401, 'Unauthorized: send Authorization: Bearer <token>.');
            return;
        }
        if (req.method !== 'POST') {
            plain(res, 405, 'Use POST with a JSON-RPC request.');
            return;
        }
        const contentType = header(req, 'content-type')?.split(';', 1)[0]?.trim().toLowerCase();
        if (contentType !== undefined && contentType !== 'application/json') {
            rpcError(res, null, {
                code: -32005,
                message: `Unsupported Content-Type "${contentType}"; expected application/json.`,
            });
            return;
        }
        const body = await readBody(req, res, options.maxBodyBytes);
        if (body === undefined)
            return;
        const tooDeep = (0,text_limits/* jsonLimitProblem */.Xn)(body, {
            maxDepth: MAX_REQUEST_DEPTH,
            maxEntries: Number.MAX_SAFE_INTEGER,
        });
        if (tooDeep !== undefined) {
            rpcError(res, null, {
                code: -32600,
                message: `Invalid request: ${tooDeep.message.replace(' here', ` at offset ${tooDeep.offset}`)}`,
            });
            return;
        }
        let request;
        try {
            request = JSON.parse(body);
        }
        catch {
            rpcError(res, null, { code: -32700, message: 'Invalid JSON payload.' });
            return;
        }
        if (typeof request !== 'object' || request === null || Array.isArray(request)) {
            rpcError(res, null, { code: -32600, message: 'Expected one JSON-RPC request object.' });
            return;
        }
        await dispatch(req, res, request);
    }
    async function dispatch(req, res, request) {
        const legacyRequest = isLegacy(req);
        const mapError = (error) => legacyRequest
            ? server/* LegacyJsonRpcTransportHandler */.Id.mapToLegacyJSONRPCError(error)
            : dist_server/* JsonRpcTransportHandler */.r5.mapToJSONRPCError(error);
        const id = request.id ?? null;
        const extensionHeader = legacyRequest
            ? (header(req, v0_3/* LEGACY_HTTP_EXTENSION_HEADER */.Jn) ?? header(req, 'a2a-extensions'))
            : header(req, 'a2a-extensions');
        const version = header(req, 'a2a-version');
        const context = new dist_server/* ServerCallContext */.Dj({
            requestedExtensions: dist/* Extensions */.Fd.parseServiceParameter(extensionHeader),
            user: USER,
            ...(version === undefined ? {} : { requestedVersion: version }),
            state: new Map([[dist_server/* STATE_HEADERS_KEY */.xh, req.headers]]),
        });
        try {
            (0,dist_server/* validateVersion */.Pj)(context.requestedVersion, options.card, 'JSONRPC');
        }
        catch (error) {
            rpcError(res, id, mapError(error));
            return;
        }
        const method = typeof request.method === 'string' ? request.method : '';
        if (options.extensionMethods.handles(method)) {
            try {
                const result = await options.extensionMethods.call(method, request.params, context);
                json(res, 200, JSON.stringify({ jsonrpc: '2.0', id, result }));
                return;
            }
            catch (error) {
                rpcError(res, id, mapError(error));
                return;
            }
        }
        const handler = legacyRequest ? legacy : v1;
        let out;
        try {
            out = await handler.handle(request, context);
        }
        catch (error) {
            rpcError(res, id, mapError(error));
            return;
        }
        if (!isStream(out)) {
            json(res, 200, JSON.stringify(out));
            return;
        }
        await stream(res, out, {
            id,
            legacy: legacyRequest,
            mapError,
            // A 0.3 resubscription answers with an event stream even when it fails at once.
            errorsAsEvents: legacyRequest && method === 'tasks/resubscribe',
            activated: () => context.activatedExtensions,
        });
    }
    async function stream(res, events, how) {
        // The first event is awaited before any header goes out: an immediate failure is then a
        // plain JSON-RPC error, and the extensions the task activated can be named in a header.
        let first;
        try {
            first = await events.next();
        }
        catch (error) {
            const envelope = { jsonrpc: '2.0', id: how.id, error: how.mapError(error) };
            if (!how.errorsAsEvents) {
                json(res, 200, JSON.stringify(envelope));
                return;
            }
            startEventStream(res, undefined, how.legacy);
            res.end((0,dist/* formatSSEErrorEvent */.p0)(envelope));
            return;
        }
        startEventStream(res, how.activated(), how.legacy);
        const keepAlive = setInterval(() => {
            if (!res.writableEnded)
                res.write(': keep-alive\n\n');
        }, options.keepAliveMs ?? 15_000);
        keepAlive.unref();
        // A client that goes away stops receiving, but the events are still drained: the task
        // store learns the rest of the task from them (for tasks/get and resubscribers).
        const client = { open: true };
        res.on('close', () => {
            client.open = false;
        });
        const send = (envelope) => {
            if (client.open)
                res.write((0,dist/* formatSSEEvent */.lY)(how.legacy ? withLegacyFinal(envelope) : envelope));
        };
        try {
            if (first.done !== true)
                send(first.value);
            for (let next = await events.next(); next.done !== true; next = await events.next()) {
                send(next.value);
            }
        }
        catch (error) {
            options.logger.warning(`An event stream ended with an error: ${(0,errors/* errorMessage */.gJ)(error)}`);
            if (client.open)
                res.write((0,dist/* formatSSEErrorEvent */.p0)({ jsonrpc: '2.0', id: how.id, error: how.mapError(error) }));
        }
        finally {
            clearInterval(keepAlive);
            res.end();
        }
    }
    return handle;
}
/**
 * The extension ends a turn that waits for a confirmation with `input-required` and
 * `final: true` (its appendix, step 4); the SDK's 0.3 layer marks only terminal states final.
 */
function withLegacyFinal(envelope) {
    const result = envelope.result;
    if (result?.kind === 'status-update' && result.status?.state === 'input-required') {
        return { ...envelope, result: { ...result, final: true } };
    }
    return envelope;
}
function startEventStream(res, activated, legacy) {
    if (activated !== undefined && activated.length > 0) {
        res.setHeader(legacy ? v0_3/* LEGACY_HTTP_EXTENSION_HEADER */.Jn : 'A2A-Extensions', activated.join(','));
    }
    res.writeHead(200, dist/* SSE_HEADERS */.pb);
    res.flushHeaders();
}
function isLegacy(req) {
    return (header(req, 'a2a-version') ?? '0.3') === '0.3';
}
function header(req, name) {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(',') : value;
}
function isStream(value) {
    return (typeof value[Symbol.asyncIterator] === 'function');
}
/**
 * The body as text, or undefined when it was too large: a 413 then goes out, and the rest of the
 * body is read and dropped. Closing the connection with the body unread would reach a client that
 * is still sending as a reset, and its request would fail without the answer. A body that never
 * ends is cut off by the server's request timeout; only a token holder gets this far.
 */
function readBody(req, res, limit) {
    return new Promise((resolve, reject) => {
        const tooLarge = () => {
            req.removeAllListeners('data');
            plain(res, 413, `The request body is larger than ${limit} bytes.`);
            req.resume();
            resolve(undefined);
        };
        if (Number(header(req, 'content-length') ?? '0') > limit) {
            tooLarge();
            return;
        }
        const chunks = [];
        let size = 0;
        req.on('data', (chunk) => {
            size += chunk.length;
            if (size > limit)
                tooLarge();
            else
                chunks.push(chunk);
        });
        req.on('end', () => {
            resolve(Buffer.concat(chunks).toString('utf8'));
        });
        req.on('error', reject);
    });
}
function json(res, status, body) {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body);
}
function plain(res, status, text) {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`${text}\n`);
}
function rpcError(res, id, error) {
    json(res, 200, JSON.stringify({ jsonrpc: '2.0', id, error }));
}

// EXTERNAL MODULE: ./node_modules/@a2a-js/sdk/dist/errors/index.js
var dist_errors = __webpack_require__(84345);
;// CONCATENATED MODULE: ./src/cli/a2a-server/request-handler.ts
/**
 * The SDK's request handler, with the checks a message must pass before it reaches a task:
 * a new task's workspace (inside a root, not in a protected folder, not busy \u2014 and then claimed
 * for it at once), a paused task's confirmation, and no second message to a task that is still
 * working. Refusals here are JSON-RPC errors the client reads, not failed tasks.
 *
 * A message to a completed task continues its conversation, as the extension's appendix says
 * ("can be continued by sending another message with the same taskId"). A2A 1.0 keeps terminal
 * tasks immutable (the SDK refuses such a message), so the message becomes a new task in the
 * same context that refers to the old one; the client reads the new task's id from its first
 * event.
 */



class DevelopmentToolRequestHandler extends dist_server/* DefaultRequestHandler */.zX {
    store;
    executor;
    constructor(card, store, executor) {
        super(card, store, executor, new dist_server/* DefaultExecutionEventBusManager */.le());
        this.store = store;
        this.executor = executor;
    }
    async sendMessage(params, context) {
        const admitted = await this.admit(params, context);
        try {
            return await super.sendMessage(admitted.params, context);
        }
        finally {
            // A no-op once the task took the workspace over; gives it back if the SDK refused.
            admitted.reservation?.cancel();
        }
    }
    async *sendMessageStream(params, context) {
        const admitted = await this.admit(params, context);
        try {
            yield* super.sendMessageStream(admitted.params, context);
        }
        finally {
            admitted.reservation?.cancel();
        }
    }
    /**
     * The request as the SDK should handle it; for a new task, with its workspace already claimed
     * (`reservation`), so two requests racing for one workspace cannot both get through.
     */
    async admit(params, context) {
        const message = params.message;
        // Malformed requests are the SDK's to refuse.
        if (message === undefined || message.messageId === '')
            return { params };
        if (message.taskId === '') {
            return { params, reservation: await this.executor.admitNewTask(message) };
        }
        const task = await this.store.load(message.taskId, context);
        switch (task?.status?.state) {
            case dist/* TaskState */.Dr.TASK_STATE_COMPLETED: {
                const continued = continuation(message, task);
                const reservation = await this.executor.admitNewTask(continued);
                return { params: { ...params, message: continued }, reservation };
            }
            case dist/* TaskState */.Dr.TASK_STATE_INPUT_REQUIRED:
                this.executor.admitAnswer(message.taskId, message);
                return { params };
            case dist/* TaskState */.Dr.TASK_STATE_SUBMITTED:
            case dist/* TaskState */.Dr.TASK_STATE_WORKING:
                throw new dist_errors/* UnsupportedOperationError */.vR(`Task ${message.taskId} is still working; send the next message once it asks for input or has ended, or cancel it (tasks/cancel, CancelTask).`);
            default:
                // Unknown, failed, canceled or rejected: the SDK's own refusal says which.
                return { params };
        }
    }
}
/** A message to a completed task, as a new task in its context that refers to it. */
function continuation(message, task) {
    if (message.contextId !== '' && message.contextId !== task.contextId) {
        throw new dist_errors/* RequestMalformedError */.rA(`Task ${task.id} belongs to context ${task.contextId}, not ${message.contextId}.`);
    }
    return {
        ...message,
        taskId: '',
        contextId: task.contextId,
        referenceTaskIds: [...message.referenceTaskIds.filter((id) => id !== task.id), task.id],
    };
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/a2a-objects.ts
/**
 * Small constructors for the `@a2a-js/sdk` 1.x objects the server publishes. They are ts-proto
 * objects: every field present, oneofs as `{ $case, value }`, states as numeric enums.
 */


function textPart(text) {
    return {
        content: { $case: 'text', value: text },
        metadata: undefined,
        filename: '',
        mediaType: '',
    };
}
function dataPart(data) {
    return {
        content: { $case: 'data', value: data },
        metadata: undefined,
        filename: '',
        mediaType: '',
    };
}
function agentMessage(ids, parts) {
    return {
        messageId: (0,external_node_crypto_.randomUUID)(),
        contextId: ids.contextId,
        taskId: ids.taskId,
        role: dist/* Role */.Xh.ROLE_AGENT,
        parts,
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
    };
}
function statusUpdate(ids, state, options = {}) {
    return {
        taskId: ids.taskId,
        contextId: ids.contextId,
        status: {
            state,
            message: options.parts === undefined ? undefined : agentMessage(ids, options.parts),
            timestamp: new Date().toISOString(),
        },
        metadata: options.metadata,
    };
}
/** A new task as it is first published: submitted, with the message that started it. */
function submittedTask(ids, message) {
    return {
        id: ids.taskId,
        contextId: ids.contextId,
        status: {
            state: dist/* TaskState */.Dr.TASK_STATE_SUBMITTED,
            message: undefined,
            timestamp: new Date().toISOString(),
        },
        artifacts: [],
        history: [message],
        metadata: undefined,
    };
}
/** The text of a message's text parts, in order. */
function messageText(message) {
    return message.parts
        .map((part) => (part.content?.$case === 'text' ? part.content.value : ''))
        .filter((text) => text !== '')
        .join('\n');
}
/** The data of a message's DataParts, in order. */
function messageData(message) {
    return message.parts.flatMap((part) => part.content?.$case === 'data' ? [part.content.value] : []);
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/slash-commands.ts
/**
 * The extension's methods `commands/get` and `command/execute` (spec/002 \u00a73.3), over the custom
 * commands of a workspace (`.gemini/commands/*.toml` and its extensions' commands).
 *
 * `commands/get` lists them as a tree: `git:commit` is `commit` under `git`, and is run with
 * `command_path: ["git", "commit"]`. `command/execute` starts a task with the message
 * `/git:commit <args>`, which the task expands as any message invoking a command (its `!{\u2026}`
 * blocks run through that task's policy and sandbox), and answers at once with the task's id as
 * `execution_id`; the client follows it with `tasks/resubscribe` (`SubscribeToTask`), or
 * `tasks/get` once it has ended.
 *
 * Both take the workspace as a message does: `metadata` with `AgentSettings` under the
 * extension's URI; without it, the server's default workspace.
 */






const GET = 'commands/get';
const EXECUTE = 'command/execute';
/** Every custom command takes its arguments as one free text (`{{args}}` in its prompt). */
const ARGS = {
    name: 'args',
    description: 'Free text after the command name; the command prompt places it.',
    is_required: false,
};
function slashCommandMethods(options) {
    return {
        handles: (method) => method === GET || method === EXECUTE,
        async call(method, params, context) {
            const record = (0,records/* isRecord */.u)(params) ? params : {};
            const metadata = readMetadata(record);
            const workspace = await options.workspaceOf(metadata);
            if (method === GET) {
                return { commands: commandTree(await options.catalog.list(workspace)) };
            }
            return execute(options, { ...readExecuteRequest(record), workspace, metadata }, context);
        },
    };
}
/** The flat `a:b` names as the tree `commands/get` returns. */
function commandTree(commands) {
    const roots = [];
    const sorted = [...commands].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const command of sorted) {
        let level = roots;
        const segments = command.name.split(':');
        segments.forEach((segment, index) => {
            let node = level.find((entry) => entry.name === segment);
            if (node === undefined) {
                node = { name: segment, description: '', arguments: [], sub_commands: [] };
                level.push(node);
            }
            if (index === segments.length - 1) {
                node.description = command.description;
                node.arguments = [{ ...ARGS }];
            }
            level = node.sub_commands;
        });
    }
    return roots;
}
function readMetadata(params) {
    const metadata = params['metadata'];
    if (metadata === undefined || metadata === null)
        return undefined;
    if (!(0,records/* isRecord */.u)(metadata)) {
        throw new dist_errors/* RequestMalformedError */.rA('metadata must be an object, e.g. {"<extension URI>": {"workspace_path": "/abs/path"}}.');
    }
    return metadata;
}
function readExecuteRequest(record) {
    const path = record['command_path'] ?? record['commandPath'];
    const args = record['args'] ?? '';
    const expected = 'command/execute expects {"command_path": ["name", \u2026], "args": "text"}, e.g. {"command_path": ["git", "commit"], "args": "the message"}';
    if (!Array.isArray(path) ||
        path.length === 0 ||
        !path.every((segment) => typeof segment === 'string' && segment !== '')) {
        throw new dist_errors/* RequestMalformedError */.rA(`${expected}; command_path is missing or not a list of names.`);
    }
    if (typeof args !== 'string') {
        throw new dist_errors/* RequestMalformedError */.rA(`${expected}; args must be one string.`);
    }
    return { path: path, args };
}
async function execute(options, request, context) {
    const name = request.path.join(':');
    const failed = (message) => ({
        execution_id: '',
        status: 'FAILED_TO_START',
        message,
    });
    const problem = await options.catalog.problemWith(request.workspace, name);
    if (problem !== undefined)
        return failed(problem);
    // The task expands the invocation once its tools exist, as for any message that invokes one.
    const invocation = request.args.trim() === '' ? `/${name}` : `/${name} ${request.args}`;
    try {
        const started = await options.requestHandler.sendMessage({
            tenant: '',
            message: userMessage(invocation, request.metadata),
            configuration: {
                acceptedOutputModes: [],
                taskPushNotificationConfig: undefined,
                returnImmediately: true,
            },
            metadata: undefined,
        }, context);
        return { execution_id: started.id, status: 'STARTED', message: '' };
    }
    catch (error) {
        return failed((0,errors/* errorMessage */.gJ)(error));
    }
}
function userMessage(text, metadata) {
    return {
        messageId: (0,external_node_crypto_.randomUUID)(),
        contextId: '',
        taskId: '',
        role: dist/* Role */.Xh.ROLE_USER,
        parts: [textPart(text)],
        metadata,
        extensions: [],
        referenceTaskIds: [],
    };
}

// EXTERNAL MODULE: ./src/agent/events.ts
var agent_events = __webpack_require__(60944);
// EXTERNAL MODULE: ./src/policy/policy-confirmer.ts
var policy_confirmer = __webpack_require__(52468);
;// CONCATENATED MODULE: ./src/cli/a2a-server/client-confirmations.ts

const ASKED = 'the client';
class ClientConfirmations {
    options;
    pendingQuestion;
    timer;
    /** `proceed_always` answers of this task (see `alwaysKey`). */
    always = new Set();
    /** Content a person wrote for an edit, by call id: the rebuilt call is not asked about again. */
    approvedContent = new Map();
    constructor(options) {
        this.options = options;
    }
    get pending() {
        return this.pendingQuestion?.question;
    }
    askUser = (question, verdict, signal) => {
        if (!this.options.canAsk)
            return Promise.resolve((0,policy_confirmer/* outcomeOf */.sG)(question.toolName, verdict));
        const details = question.details;
        if (details.type === 'edit' &&
            this.approvedContent.get(question.callId) === details.newContent) {
            return Promise.resolve({ decision: 'allow', decided_by: `${ASKED} (changed content)` });
        }
        if (this.always.has(alwaysKey(question))) {
            return Promise.resolve({ decision: 'allow', decided_by: `${ASKED} (proceed_always)` });
        }
        return new Promise((resolve) => {
            const settle = (outcome) => {
                clearTimeout(this.timer);
                signal.removeEventListener('abort', onAbort);
                this.pendingQuestion = undefined;
                resolve(outcome);
            };
            const onAbort = () => {
                settle({ decision: 'deny', reason: 'The task was cancelled.' });
            };
            if (signal.aborted) {
                onAbort();
                return;
            }
            signal.addEventListener('abort', onAbort, { once: true });
            this.pendingQuestion = { question, answer: settle };
            this.timer = setTimeout(() => {
                this.options.onTimeout(question);
            }, this.options.timeoutMs);
            this.timer.unref();
            this.options.onAsk(question);
        });
    };
    /** Why an answer cannot be taken, or undefined when it answers the pending question. */
    problemWith(confirmation) {
        const pending = this.pendingQuestion?.question;
        if (pending === undefined)
            return 'no tool call is waiting for a confirmation';
        if (confirmation.toolCallId !== pending.callId) {
            return `the waiting tool call is ${pending.callId} (${pending.toolName}), not ${confirmation.toolCallId}`;
        }
        if (confirmation.newContent !== undefined && pending.details.type !== 'edit') {
            return `file_details only answers a file edit, and ${pending.toolName} is not one`;
        }
        return undefined;
    }
    /** Answers the pending question (checked with `problemWith` first). */
    answer(confirmation) {
        const pending = this.pendingQuestion;
        if (pending === undefined || this.problemWith(confirmation) !== undefined)
            return;
        const decided_by = `${ASKED} (${confirmation.optionId})`;
        if (confirmation.optionId === 'cancel') {
            pending.answer({ decision: 'cancel', reason: 'The user rejected this call.', decided_by });
            return;
        }
        if (confirmation.optionId === 'proceed_always')
            this.always.add(alwaysKey(pending.question));
        if (confirmation.newContent === undefined) {
            pending.answer({ decision: 'allow', decided_by });
            return;
        }
        this.approvedContent.set(pending.question.callId, confirmation.newContent);
        pending.answer({ decision: 'allow', decided_by, modified_content: confirmation.newContent });
    }
    dispose() {
        clearTimeout(this.timer);
    }
}
/**
 * What `proceed_always` covers, as in the Gemini CLI: the same shell commands (their first
 * words), the same MCP tool, or the same tool.
 */
function alwaysKey(question) {
    const { details } = question;
    if (details.type === 'exec')
        return `${question.toolName}:${details.rootCommand}`;
    if (details.type === 'mcp')
        return `mcp:${details.serverName}:${details.toolName}`;
    return question.toolName;
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/task-events.ts
/**
 * A task's agent events as the extension's `TaskStatusUpdateEvent`s: one per tool call change a
 * client can see (the scheduler's finer phases that look the same on the wire are sent once),
 * one per text chunk and thought, and a `STATE_CHANGE` per task state. Every string is redacted
 * before it leaves.
 *
 * A client that did not activate the extension (the Gemini CLI calling us as a remote subagent)
 * gets the text and the state changes only: its model would otherwise read every DataPart.
 */



class TaskEvents {
    options;
    model;
    /**
     * The last ToolCall sent per call id, as JSON without its confirmation request, so an unchanged
     * one is not sent twice (the scheduler's validating, awaiting-approval and scheduled phases all
     * look PENDING on the wire; after a confirmation the call goes on with EXECUTING).
     */
    sent = new Map();
    /** The latest state of every call, for the confirmation request. */
    calls = new Map();
    constructor(options) {
        this.options = options;
        this.model = options.model;
    }
    get extension() {
        return this.options.extension;
    }
    /** The updates one agent event makes; none when the client sees nothing of it. */
    fromAgentEvent(event) {
        switch (event.kind) {
            case 'state_change':
                this.model = event.model;
                // `submitted` is the task itself; the final state is sent by the task once the session
                // let go of everything.
                return event.state === 'working' ? [this.stateChange(dist/* TaskState */.Dr.TASK_STATE_WORKING)] : [];
            case 'tool_call_update':
                return this.toolCallUpdate(event.tool_call);
            case 'thought':
                if (!this.options.extension)
                    return [];
                return [this.working('THOUGHT', [dataPart(this.redactDeep(wireThought(event.thought)))])];
            case 'text_content':
                return event.text === ''
                    ? []
                    : [this.working('TEXT_CONTENT', [textPart(this.options.redact(event.text))])];
            default:
                return [];
        }
    }
    /**
     * The pending call, with its `confirmation_request`: the client is asked. This is the call's
     * first update, as the spec's lifecycle has it ("If user permission is required, the
     * `confirmation_request` field will be populated").
     */
    confirmationRequest(callId) {
        const call = this.calls.get(callId);
        return call === undefined ? undefined : this.toolCall(call, true);
    }
    /**
     * A `STATE_CHANGE`; `text` is its message's first part, `more` the parts after it (a cancelled
     * task's cancellation and the files it left changed).
     */
    stateChange(state, options = {}) {
        const texts = [...(options.text === undefined ? [] : [options.text]), ...(options.more ?? [])];
        const error = options.error === undefined ? undefined : this.options.redact(options.error);
        return statusUpdate(this.options.ids, state, {
            ...(texts.length === 0
                ? {}
                : { parts: texts.map((text) => textPart(this.options.redact(text))) }),
            metadata: eventMetadata({
                kind: 'STATE_CHANGE',
                model: this.model,
                ...(error === undefined ? {} : { error }),
            }),
        });
    }
    /**
     * A call is first shown once it is known whether the client is asked about it: while it is
     * validated and judged by the policy it is held back, so the one PENDING update a client sees
     * carries the confirmation request when there is one.
     */
    toolCallUpdate(call) {
        const id = call.tool_call_id;
        const held = this.calls.get(id);
        this.calls.set(id, call);
        if (call.phase === 'validating' || call.phase === 'awaiting_approval')
            return [];
        const updates = [];
        if (!this.sent.has(id) && held !== undefined && call.status !== 'PENDING') {
            const created = this.toolCall(held, false);
            if (created !== undefined)
                updates.push(created);
        }
        const update = this.toolCall(call, false);
        if (update !== undefined)
            updates.push(update);
        return updates;
    }
    toolCall(call, askingClient) {
        if (!this.options.extension)
            return undefined;
        const plain = JSON.stringify(this.redactDeep(toWireToolCall(call, { askingClient: false })));
        if (!askingClient && this.sent.get(call.tool_call_id) === plain)
            return undefined;
        this.sent.set(call.tool_call_id, plain);
        const wire = this.redactDeep(toWireToolCall(call, { askingClient }));
        return this.working(askingClient ? 'TOOL_CALL_CONFIRMATION' : 'TOOL_CALL_UPDATE', [
            dataPart(wire),
        ]);
    }
    working(kind, parts) {
        return statusUpdate(this.options.ids, dist/* TaskState */.Dr.TASK_STATE_WORKING, {
            parts,
            metadata: eventMetadata({ kind, model: this.model }),
        });
    }
    redactDeep(value) {
        return redactStrings(value, this.options.redact);
    }
}
function redactStrings(value, redact) {
    if (typeof value === 'string')
        return redact(value);
    if (Array.isArray(value))
        return value.map((item) => redactStrings(item, redact));
    if (typeof value === 'object' && value !== null) {
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, redact)]));
    }
    return value;
}

// EXTERNAL MODULE: ./src/platform/path-containment.ts
var path_containment = __webpack_require__(48225);
// EXTERNAL MODULE: ./src/tools/protected-paths.ts
var protected_paths = __webpack_require__(82404);
;// CONCATENATED MODULE: ./src/cli/a2a-server/workspaces.ts
/**
 * Where tasks may work: inside the roots the server was started with (`--repo`, `--root`),
 * checked after symlinks are resolved, never inside a protected folder (a repository's `.gemini`
 * or `.github`, any `.git`, and below a root no `.gemini` or `.github` at all: see
 * `src/tools/protected-paths.ts`), and one task at a time per workspace (a workspace inside
 * another counts as the same one, since both tasks would touch the same files).
 */




class WorkspaceRefused extends Error {
    name = 'WorkspaceRefused';
}
class Workspaces {
    roots;
    holders = new Map();
    constructor(
    /** Real paths; the first is the default workspace. */
    roots) {
        this.roots = roots;
    }
    /** The roots as real paths; each must be an existing directory. */
    static async create(roots) {
        const real = [];
        for (const root of roots) {
            const resolved = await realDirectory(root);
            if (resolved === undefined)
                throw new WorkspaceRefused(`${root} is not a directory.`);
            const problem = await (0,protected_paths/* protectedWorkspaceProblem */.nd)(root, resolved);
            if (problem !== undefined)
                throw new WorkspaceRefused(problem);
            if (!real.includes(resolved))
                real.push(resolved);
        }
        if (real.length === 0)
            throw new WorkspaceRefused('At least one workspace root is needed.');
        return new Workspaces(real);
    }
    get defaultWorkspace() {
        return this.roots[0] ?? '';
    }
    /**
     * The real path of a workspace a client asked for, or a refusal that says why: it must be an
     * absolute path to an existing directory equal to, or inside, one of the roots.
     */
    async resolve(requested) {
        if (!external_node_path_default().isAbsolute(requested)) {
            throw new WorkspaceRefused(`AgentSettings.workspace_path must be an absolute path, got ${JSON.stringify(requested)}.`);
        }
        const resolved = await realDirectory(requested);
        if (resolved === undefined) {
            throw new WorkspaceRefused(`AgentSettings.workspace_path ${JSON.stringify(requested)} is not an existing directory.`);
        }
        const root = this.roots.find((candidate) => (0,path_containment/* isInsideOrSame */._h)(resolved, candidate));
        if (root === undefined) {
            throw new WorkspaceRefused(`AgentSettings.workspace_path ${JSON.stringify(requested)} is outside the workspaces this server was started with (${this.roots.join(', ')}); start it with --root for another one.`);
        }
        const problem = await (0,protected_paths/* protectedWorkspaceProblem */.nd)(requested, resolved, { pickedBelow: root });
        if (problem !== undefined) {
            throw new WorkspaceRefused(`AgentSettings.workspace_path is refused: ${problem}`);
        }
        return resolved;
    }
    /** The task working in `workspace`, or in a workspace inside it or around it. */
    holder(workspace) {
        for (const [held, taskId] of this.holders) {
            if ((0,path_containment/* isInsideOrSame */._h)(workspace, held) || (0,path_containment/* isInsideOrSame */._h)(held, workspace))
                return taskId;
        }
        return undefined;
    }
    /** Takes the workspace for a task; false when another task holds it. */
    claim(workspace, taskId) {
        const holder = this.holder(workspace);
        if (holder !== undefined && holder !== taskId)
            return false;
        this.holders.set(workspace, taskId);
        return true;
    }
    release(workspace, taskId) {
        if (this.holders.get(workspace) === taskId)
            this.holders.delete(workspace);
    }
    /** Hands a held workspace to another holder (an admitted request's to its task); false if not held by `from`. */
    transfer(workspace, from, to) {
        if (this.holders.get(workspace) !== from)
            return false;
        this.holders.set(workspace, to);
        return true;
    }
}
async function realDirectory(dir) {
    try {
        const resolved = await (0,promises_.realpath)(dir);
        return (await (0,promises_.stat)(resolved)).isDirectory() ? resolved : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/task-executor.ts











/** How long a cancelled session may take to stop its tools and let go of the sandbox. */
const STOP_GRACE_MS = 15_000;
/** Conversations kept for continuation; the oldest is forgotten first. */
const MAX_CONVERSATIONS = 100;
const ADMISSION_HOLDER = 'starting:';
/** The holder name of a workspace claimed for a request that has no task yet. */
function admissionHolder(messageId) {
    return `${ADMISSION_HOLDER}${messageId}`;
}
class DevelopmentToolExecutor {
    options;
    tasks = new Map();
    /** Workspaces claimed at admission, by the message id of the request, until its task starts. */
    reservations = new Map();
    conversations = new Map();
    contextOfTask = new Map();
    /**
     * Ends a task through the request handler, so the task store records it too (the handler is
     * built after the executor and sets this).
     */
    cancelThroughHandler;
    constructor(options) {
        this.options = options;
    }
    // --- admission: checked before the request handler takes a message, so a refusal is a
    // JSON-RPC error and not a failed task. ---
    /**
     * Refuses a new task whose workspace is not allowed or is busy, and otherwise claims the
     * workspace for it at once (the task takes the claim over when it starts).
     */
    async admitNewTask(message) {
        const workspace = await this.workspaceFor(message);
        const { messageId } = message;
        if (this.reservations.has(messageId)) {
            throw new dist_errors/* RequestMalformedError */.rA(`A request with message id ${messageId} is already being started; give every message its own id.`);
        }
        const holder = admissionHolder(messageId);
        const workspaces = this.options.workspaces;
        if (!workspaces.claim(workspace, holder)) {
            throw new dist_errors/* UnsupportedOperationError */.vR(busyMessage(workspace, workspaces.holder(workspace) ?? 'another task'));
        }
        this.reservations.set(messageId, { workspace, holder });
        return {
            workspace,
            cancel: () => {
                if (this.reservations.get(messageId)?.holder !== holder)
                    return;
                this.reservations.delete(messageId);
                workspaces.release(workspace, holder);
            },
        };
    }
    /** Refuses a message to a paused task that does not answer its pending confirmation. */
    admitAnswer(taskId, message) {
        this.answerIn(taskId, message);
    }
    // --- AgentExecutor ---
    async execute(context, bus) {
        const { taskId, contextId } = context;
        this.contextOfTask.set(taskId, contextId);
        const extension = context.context.requestedExtensions?.includes(DEVELOPMENT_TOOL_URI) ?? false;
        if (extension)
            context.context.addActivatedExtension(DEVELOPMENT_TOOL_URI);
        const running = this.tasks.get(taskId);
        if (running !== undefined) {
            await this.resume(running, context, bus);
            return;
        }
        await this.start(context, bus, extension);
    }
    async cancelTask(taskId, bus) {
        const task = this.tasks.get(taskId);
        const ids = task?.ids ?? { taskId, contextId: this.contextOfTask.get(taskId) ?? '' };
        const reason = task?.cancelReason ?? 'The task was cancelled.';
        let more = [];
        if (task !== undefined) {
            // Without a reason of the server's own, it is the client's `tasks/cancel`.
            if (task.cancelReason === undefined) {
                task.cancellation ??= (0,run_stop/* describeCancellation */.vk)('client', new Date(), 'The task');
            }
            task.cancelReason = reason;
            // The cancellation rides on the abort, so the session's last event says by what and when.
            task.controller.abort(task.cancellation === undefined ? reason : (0,agent_events/* cancellationReason */.qf)(task.cancellation));
            // The canceled state is published once the model request and every tool process stopped.
            const stopped = await settlesWithin(task.done, STOP_GRACE_MS);
            if (!stopped) {
                this.options.logger.warning(`Task ${taskId} did not stop within ${STOP_GRACE_MS / 1000} s of being cancelled.`);
            }
            more = await this.leftBehind(task);
        }
        const events = task?.events ??
            new TaskEvents({
                ids,
                extension: false,
                redact: this.options.redact,
                model: this.options.model,
            });
        bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(events.stateChange(dist/* TaskState */.Dr.TASK_STATE_CANCELED, { text: reason, more })));
        task?.letGo();
    }
    /**
     * Stops every running task (the server is shutting down): each ends `canceled` through the
     * request handler, so its store and its client's stream get the final state, with `reason`
     * and the cancellation. Resolves once their tools stopped.
     */
    async stopAll(reason, cancellation) {
        const running = [...this.tasks.values()];
        await Promise.all(running.map(async (task) => {
            task.cancelReason ??= reason;
            if (cancellation !== undefined)
                task.cancellation ??= cancellation;
            const cancel = this.cancelThroughHandler;
            if (cancel !== undefined) {
                await cancel(task.ids.taskId).catch((error) => {
                    this.options.logger.warning(`Task ${task.ids.taskId} could not be cancelled: ${(0,errors/* errorMessage */.gJ)(error)}`);
                });
            }
            // A task paused for a confirmation has no execution for the handler to cancel.
            task.controller.abort(task.cancellation === undefined ? reason : (0,agent_events/* cancellationReason */.qf)(task.cancellation));
            await settlesWithin(task.done, STOP_GRACE_MS);
        }));
    }
    /** How many tasks are running or waiting for a confirmation. */
    runningTasks() {
        return this.tasks.size;
    }
    /**
     * What a cancelled task tells its client and the server log after its reason: by what and
     * when, and the files its session left changed in the workspace (kept, never committed).
     */
    async leftBehind(task) {
        const changes = await (task.describeChanges?.() ?? Promise.resolve([])).catch((error) => [`The changed files could not be listed: ${(0,errors/* errorMessage */.gJ)(error)}`]);
        const lines = [
            ...(task.cancellation === undefined ? [] : [task.cancellation.message]),
            ...changes,
        ];
        if (lines.length > 0)
            this.options.logger.info(`Task ${task.ids.taskId}: ${lines.join('\n')}`);
        return lines.length === 0 ? [] : [lines.join('\n')];
    }
    // --- a task's life ---
    async start(context, bus, extension) {
        const ids = { taskId: context.taskId, contextId: context.contextId };
        const message = context.userMessage;
        const conversation = this.conversations.get(ids.contextId);
        // The workspace admission claimed for this request, taken over before anything is awaited.
        const workspace = this.takeReservation(message.messageId, ids.taskId) ??
            (await this.claimUnadmitted(message, conversation, ids.taskId));
        bus.publish(dist_server/* AgentEvent */.gW.task(context.task ?? submittedTask(ids, message)));
        const events = new TaskEvents({
            ids,
            extension,
            redact: this.options.redact,
            model: this.options.model,
        });
        let markDone = () => undefined;
        const done = new Promise((resolve) => {
            markDone = resolve;
        });
        const task = {
            ids,
            workspace,
            events,
            controller: new AbortController(),
            bus,
            letGo: () => undefined,
            done,
            markDone,
            notices: [],
            confirmations: new ClientConfirmations({
                canAsk: extension,
                timeoutMs: this.options.confirmationTimeoutMs,
                onAsk: (question) => {
                    this.ask(task, question);
                },
                onTimeout: (question) => {
                    this.timedOut(task, question);
                },
            }),
        };
        const paused = this.pause(task);
        this.tasks.set(ids.taskId, task);
        let run;
        try {
            run = await this.options.startTurn({
                taskId: ids.taskId,
                workspace,
                prompt: messageText(message),
                ...(conversation === undefined ? {} : { history: conversation.history }),
                askUser: task.confirmations.askUser,
                onEvent: (event) => {
                    if (task.cancelReason !== undefined)
                        return;
                    for (const update of task.events.fromAgentEvent(event)) {
                        task.bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(update));
                    }
                },
                signal: task.controller.signal,
            });
        }
        catch (error) {
            // The session could not start (a workspace setting, an unknown command, a custom
            // command's `!{\u2026}` block the policy refused): the task fails with why, as the extension
            // shapes every state change.
            this.tasks.delete(ids.taskId);
            this.options.workspaces.release(workspace, ids.taskId);
            task.markDone();
            // A cancelled task's end is published by `cancelTask`, which lets this call return.
            if (task.cancelReason !== undefined) {
                await paused;
                return;
            }
            const message = (0,errors/* errorMessage */.gJ)(error);
            bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(events.stateChange(dist/* TaskState */.Dr.TASK_STATE_FAILED, { text: message, error: message })));
            return;
        }
        task.notices = run.notices ?? [];
        if (run.describeChanges !== undefined)
            task.describeChanges = run.describeChanges;
        for (const notice of task.notices) {
            if (task.cancelReason !== undefined)
                break;
            bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(events.stateChange(dist/* TaskState */.Dr.TASK_STATE_WORKING, { text: notice })));
        }
        run.result.then((result) => {
            this.finish(task, result);
        }, (error) => {
            this.finish(task, undefined, error);
        });
        await paused;
    }
    /** The workspace admission claimed for the message, now held by the task. */
    takeReservation(messageId, taskId) {
        const reservation = this.reservations.get(messageId);
        if (reservation === undefined)
            return undefined;
        this.reservations.delete(messageId);
        const { workspace, holder } = reservation;
        return this.options.workspaces.transfer(workspace, holder, taskId) ? workspace : undefined;
    }
    /** A task that did not come through admission (not a path the request handler takes). */
    async claimUnadmitted(message, conversation, taskId) {
        const workspace = await this.workspaceFor(message, conversation);
        if (!this.options.workspaces.claim(workspace, taskId)) {
            const holder = this.options.workspaces.holder(workspace) ?? 'another task';
            throw new dist_errors/* UnsupportedOperationError */.vR(busyMessage(workspace, holder));
        }
        return workspace;
    }
    /** The answer to the pending confirmation arrived: the session goes on. */
    async resume(task, context, bus) {
        task.bus = bus;
        bus.publish(dist_server/* AgentEvent */.gW.task(context.task ?? submittedTask(task.ids, context.userMessage)));
        let answer;
        try {
            answer = this.answerIn(context.taskId, context.userMessage);
        }
        catch (error) {
            // Admission checked it; an answer that raced another one leaves the question standing.
            const state = dist/* TaskState */.Dr.TASK_STATE_INPUT_REQUIRED;
            bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(task.events.stateChange(state, { text: (0,errors/* errorMessage */.gJ)(error) })));
            return;
        }
        const paused = this.pause(task);
        bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(task.events.stateChange(dist/* TaskState */.Dr.TASK_STATE_WORKING)));
        task.confirmations.answer(answer);
        await paused;
    }
    /** A call waits for the client: show it, then pause the task. */
    ask(task, question) {
        if (task.cancelReason !== undefined)
            return;
        const request = task.events.confirmationRequest(question.callId);
        if (request !== undefined)
            task.bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(request));
        task.bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(task.events.stateChange(dist/* TaskState */.Dr.TASK_STATE_INPUT_REQUIRED)));
        task.letGo();
    }
    timedOut(task, question) {
        const seconds = Math.round(this.options.confirmationTimeoutMs / 1000);
        task.cancelReason = `Nobody confirmed the call of ${question.toolName} within ${seconds} s, so the task was cancelled.`;
        const cancel = this.cancelThroughHandler;
        if (cancel === undefined) {
            task.controller.abort(task.cancelReason);
            return;
        }
        cancel(task.ids.taskId).catch((error) => {
            this.options.logger.warning(`Task ${task.ids.taskId} could not be cancelled after its confirmation timed out: ${(0,errors/* errorMessage */.gJ)(error)}`);
        });
    }
    /** The session ended and let go of everything: the task's final state. */
    finish(task, result, failure) {
        const { taskId, contextId } = task.ids;
        task.confirmations.dispose();
        this.tasks.delete(taskId);
        this.options.workspaces.release(task.workspace, taskId);
        task.markDone();
        // A cancelled task's end is published by `cancelTask`.
        if (task.cancelReason !== undefined)
            return;
        const notes = task.notices.length === 0 ? {} : { text: task.notices.join('\n') };
        if (result?.reason === 'completed') {
            this.remember(contextId, { workspace: task.workspace, history: result.history });
            task.bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(task.events.stateChange(dist/* TaskState */.Dr.TASK_STATE_COMPLETED, notes)));
        }
        else {
            const message = result?.error ??
                (failure === undefined
                    ? `The session ended: ${result?.reason ?? 'unknown'}.`
                    : (0,errors/* errorMessage */.gJ)(failure));
            task.bus.publish(dist_server/* AgentEvent */.gW.statusUpdate(task.events.stateChange(dist/* TaskState */.Dr.TASK_STATE_FAILED, { text: message, error: message })));
        }
        task.letGo();
    }
    pause(task) {
        return new Promise((resolve) => {
            task.letGo = resolve;
        });
    }
    remember(contextId, conversation) {
        this.conversations.delete(contextId);
        this.conversations.set(contextId, conversation);
        const oldest = this.conversations.keys().next().value;
        if (this.conversations.size > MAX_CONVERSATIONS && oldest !== undefined) {
            this.conversations.delete(oldest);
        }
    }
    /**
     * The workspace `AgentSettings` in `metadata` names (inside a root), else the default one; a
     * JSON-RPC error for any other.
     */
    async requestedWorkspace(metadata) {
        return (await this.namedWorkspace(metadata)) ?? this.options.workspaces.defaultWorkspace;
    }
    async namedWorkspace(metadata) {
        const requested = readWorkspacePath(metadata);
        if (typeof requested === 'object')
            throw new dist_errors/* RequestMalformedError */.rA(requested.problem);
        if (requested === undefined)
            return undefined;
        try {
            return await this.options.workspaces.resolve(requested);
        }
        catch (error) {
            if (error instanceof WorkspaceRefused)
                throw new dist_errors/* RequestMalformedError */.rA(error.message);
            throw error;
        }
    }
    /**
     * The workspace a new task works in: its context's, else the one `AgentSettings` names (inside
     * a root), else the default one.
     */
    async workspaceFor(message, conversation) {
        const known = conversation ?? this.conversations.get(message.contextId);
        const workspace = await this.namedWorkspace(message.metadata);
        if (known === undefined)
            return workspace ?? this.options.workspaces.defaultWorkspace;
        if (workspace !== undefined && workspace !== known.workspace) {
            throw new dist_errors/* RequestMalformedError */.rA(`This context works in ${known.workspace}; start a new context (no contextId) to work in ${workspace}.`);
        }
        return known.workspace;
    }
    /** The message's answer to the task's pending confirmation, or why it is not one. */
    answerIn(taskId, message) {
        const pending = this.tasks.get(taskId)?.confirmations;
        const question = pending?.pending;
        if (pending === undefined || question === undefined) {
            throw new dist_errors/* UnsupportedOperationError */.vR(`Task ${taskId} is not waiting for a confirmation.`);
        }
        const answers = messageData(message)
            .map(readToolCallConfirmation)
            .filter((answer) => answer !== undefined);
        const expected = `Task ${taskId} is waiting for the confirmation of tool call ${question.callId} (${question.toolName}): send a DataPart ToolCallConfirmation {"tool_call_id": "${question.callId}", "selected_option_id": "proceed_once" | "proceed_always" | "cancel"}.`;
        const [answer, ...more] = answers;
        if (answer === undefined)
            throw new dist_errors/* RequestMalformedError */.rA(expected);
        if (more.length > 0) {
            throw new dist_errors/* RequestMalformedError */.rA(`Send one ToolCallConfirmation at a time. ${expected}`);
        }
        if ('problem' in answer)
            throw new dist_errors/* RequestMalformedError */.rA(`${answer.problem}. ${expected}`);
        const problem = pending.problemWith(answer);
        if (problem !== undefined)
            throw new dist_errors/* RequestMalformedError */.rA(`${problem}. ${expected}`);
        return answer;
    }
}
function busyMessage(workspace, holder) {
    const task = holder.startsWith(ADMISSION_HOLDER)
        ? `a task that is starting (message ${holder.slice(ADMISSION_HOLDER.length)})`
        : `task ${holder}`;
    return `The workspace ${workspace} is busy with ${task}: one task works in a workspace at a time. Send this again when that task has ended, or cancel it (tasks/cancel, CancelTask).`;
}
async function settlesWithin(promise, ms) {
    let timer;
    const timeout = new Promise((resolve) => {
        timer = setTimeout(() => {
            resolve(false);
        }, ms);
    });
    try {
        return await Promise.race([promise.then(() => true), timeout]);
    }
    finally {
        clearTimeout(timer);
    }
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/a2a-server.ts
/**
 * The A2A server assembled: the HTTP listener, the agent card naming the address it listens on,
 * the SDK's request handler over an in-memory task store, and the task executor.
 */









/** Prompts and edits with their whole new file content fit; anything larger is refused. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
async function startA2AServer(options) {
    const server = external_node_http_default().createServer();
    // Receiving a request may take this long; the event streams answering them are not limited.
    server.headersTimeout = 10_000;
    server.requestTimeout = 30_000;
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port, options.host, () => {
            server.off('error', reject);
            resolve();
        });
    });
    const { port } = server.address();
    const listenUrl = `http://${urlHost(options.host)}:${port}`;
    const url = (options.publicUrl ?? listenUrl).replace(/\/+$/, '');
    const card = buildAgentCard(`${url}${JSON_RPC_PATH}`);
    const executor = new DevelopmentToolExecutor({
        workspaces: options.workspaces,
        startTurn: options.startTurn,
        redact: options.redact,
        confirmationTimeoutMs: options.confirmationTimeoutMs,
        model: options.model,
        logger: options.logger,
    });
    const requestHandler = new DevelopmentToolRequestHandler(card, new dist_server/* InMemoryTaskStore */.fj(), executor);
    executor.cancelThroughHandler = (taskId) => requestHandler.cancelTask({ tenant: '', id: taskId, metadata: undefined }, internalCallContext());
    const handle = httpRoutes({
        card,
        requestHandler,
        extensionMethods: slashCommandMethods({
            catalog: options.commands,
            requestHandler,
            workspaceOf: (metadata) => executor.requestedWorkspace(metadata),
        }),
        authorized: bearerChecker(options.token),
        maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
        logger: options.logger,
    });
    server.on('request', (req, res) => {
        handle(req, res).catch((error) => {
            options.logger.warning(`A request failed: ${(0,errors/* errorMessage */.gJ)(error)}`);
            if (!res.headersSent)
                res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
            res.end();
        });
    });
    return {
        url,
        cardUrl: `${url}${AGENT_CARD_PATH}`,
        listenUrl,
        runningTasks: () => executor.runningTasks(),
        async close(cancellation) {
            await executor.stopAll(cancellation === undefined
                ? 'The server stopped.'
                : `The server stopped (${cancellation.by === 'terminate' ? 'SIGTERM' : 'Ctrl-C'}), so the task was cancelled.`, cancellation);
            await new Promise((resolve) => {
                server.close(() => {
                    resolve();
                });
                server.closeAllConnections();
            });
        },
    };
}
/** `::1` as `[::1]`; an any-address as loopback, which at least works from this machine. */
function urlHost(host) {
    if (host === '0.0.0.0')
        return '127.0.0.1';
    if (host === '::')
        return '[::1]';
    return host.includes(':') ? `[${host}]` : host;
}

// EXTERNAL MODULE: ./src/platform/process-group.ts
var process_group = __webpack_require__(70192);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(77593);
// EXTERNAL MODULE: ./src/model/model-table.ts + 1 modules
var model_table = __webpack_require__(90109);
// EXTERNAL MODULE: ./src/platform/sandbox/sandbox-types.ts
var sandbox_types = __webpack_require__(9332);
;// CONCATENATED MODULE: ./src/cli/a2a-server/serve-args.ts
/**
 * The flags of `gemini-agent serve`; every mistake is a one-line `UsageError` (exit code 42).
 */








const DEFAULT_HOST = '127.0.0.1';
/** The Gemini CLI's A2A server's default port (its CODER_AGENT_PORT), so clients find us there. */
const DEFAULT_PORT = 41242;
const DEFAULT_CONFIRMATION_TIMEOUT_SECONDS = 600;
const SERVE_USAGE = `Usage: gemini-agent serve [options]

Serves the agent over A2A (protocol 1.0, and 0.3 for older clients) with the development-tool
extension: a client (an IDE, another agent, the Gemini CLI as a remote subagent) starts tasks,
watches every tool call, thought and text as it happens, and answers the confirmations the
policy asks for. See docs/a2a.md.

Options:
      --host HOST              the address to listen on (default: ${DEFAULT_HOST}, this machine only)
      --port PORT              the port (default: ${DEFAULT_PORT}; 0 picks a free one)
      --public-url URL         the address clients reach the server at, for the agent card
                               (default: http://HOST:PORT; needed with --host 0.0.0.0 or ::,
                               which name no address a client could use)
      --repo DIR               the default workspace (default: current directory)
      --root DIR               another directory a client may pick a workspace inside, with
                               AgentSettings.workspace_path (repeatable; --repo is one)
      --token-file FILE        the bearer token clients must send (default: $${TOKEN_VARIABLE},
                               else a new token printed once at start)
      --extension DIR          load the Gemini CLI extension in DIR for every workspace
                               (repeatable), besides the workspace's .gemini/extensions/<name>/
  -m, --model MODEL            the model, or an alias: ${(0,model_table/* describeAliases */.iS)()}
      --fallback-model MODEL   the model to go on with, once, when the first is not found or
                               its quota is exhausted
      --mode MODE              invoke | review | triage | maintenance (default: invoke): the
                               built-in policy preset
      --policy FILE            a policy TOML file over the preset (repeatable); rules that say
                               ask_user send the call to the client to confirm
      --allow-command CMD      allow shell commands starting with CMD (repeatable)
      --sandbox MODE           where shell commands run: auto (default), namespace, user, none
      --confirmation-timeout SECONDS
                               how long a confirmation waits for the client before the task is
                               cancelled (default: ${DEFAULT_CONFIRMATION_TIMEOUT_SECONDS})
      --store-requests         let the Gemini API keep the model requests, which hold the
                               workspaces' code (default: every request says store=false;
                               Vertex AI and Code Assist requests cannot carry the setting)
      --replay FILE            answer every task from a recorded session ({method, response}
                               JSON lines, as --record writes them), from its start: no key,
                               no network
  -d, --debug                  log details to standard error
  -h, --help                   print this help

Every request but the agent card (/.well-known/agent-card.json) needs
"Authorization: Bearer <token>". One task works in a workspace at a time; a second one is
refused until the first ends.

Authentication: GEMINI_API_KEY; or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and
GOOGLE_CLOUD_LOCATION; or GOOGLE_GENAI_USE_GCA=true (Code Assist). Not needed with --replay.

Exit codes: 0 stopped by Ctrl-C or SIGTERM, 1 error, 41 authentication, 42 bad input,
52 configuration.
`;
function parseServeArgs(argv, cwd) {
    const { values, positionals } = (0,args/* parseFlags */.bQ)('serve', () => (0,external_node_util_.parseArgs)({
        args: [...argv],
        allowPositionals: true,
        strict: true,
        options: {
            host: { type: 'string' },
            port: { type: 'string' },
            'public-url': { type: 'string' },
            repo: { type: 'string' },
            root: { type: 'string', multiple: true },
            'token-file': { type: 'string' },
            extension: { type: 'string', multiple: true },
            model: { type: 'string', short: 'm' },
            'fallback-model': { type: 'string' },
            mode: { type: 'string' },
            policy: { type: 'string', multiple: true },
            'allow-command': { type: 'string', multiple: true },
            sandbox: { type: 'string' },
            'confirmation-timeout': { type: 'string' },
            'store-requests': { type: 'boolean' },
            replay: { type: 'string' },
            debug: { type: 'boolean', short: 'd' },
            help: { type: 'boolean', short: 'h' },
        },
    }));
    if (positionals.length > 0) {
        throw new errors/* UsageError */.eb(`serve takes no positional arguments (got "${positionals[0] ?? ''}"); clients send the tasks.`);
    }
    const host = values.host ?? DEFAULT_HOST;
    if (host.trim() === '' || /\s/.test(host)) {
        throw new errors/* UsageError */.eb(`--host expects an address such as 127.0.0.1 or ::1, got "${host}".`);
    }
    const publicUrl = publicUrlOf(values['public-url']);
    // The card's `url` is where a remote client sends its tasks. An address that listens on every
    // interface names none a client could use, and a guess (the host name, the first interface's
    // address) is wrong behind NAT, in containers and on machines with several networks: a card
    // pointing at the client's own localhost fails far from its cause. So the address is asked for.
    if (publicUrl === undefined && isUnspecified(host)) {
        throw new errors/* UsageError */.eb(`--host ${host} listens on every address of this machine, so the agent card cannot say which one reaches it: pass --public-url with the address clients use (e.g. --public-url http://my-host.example:${values.port ?? DEFAULT_PORT}), or give --host that address.`);
    }
    const sandbox = values.sandbox ?? 'auto';
    if (!sandbox_types/* SANDBOX_MODES */.f.includes(sandbox)) {
        throw new errors/* UsageError */.eb(`--sandbox expects one of ${sandbox_types/* SANDBOX_MODES */.f.join(', ')}, got "${sandbox}".`);
    }
    const allowCommands = values['allow-command'] ?? [];
    if (allowCommands.some((command) => command.trim() === '')) {
        throw new errors/* UsageError */.eb('--allow-command expects a command such as "npm test", got an empty one.');
    }
    return {
        host,
        port: portOf(values.port),
        publicUrl,
        repo: external_node_path_default().resolve(cwd, values.repo ?? '.'),
        roots: (values.root ?? []).map((root) => external_node_path_default().resolve(cwd, root)),
        tokenFile: values['token-file'],
        extensions: (values.extension ?? []).map((folder) => external_node_path_default().resolve(cwd, folder)),
        model: (0,args/* modelFlag */.gH)('--model', values.model),
        fallbackModel: (0,args/* modelFlag */.gH)('--fallback-model', values['fallback-model']),
        policyFiles: values.policy ?? [],
        allowCommands,
        mode: (0,args/* parseRunMode */.i3)('--mode', values.mode),
        sandbox: sandbox,
        confirmationTimeoutSeconds: secondsOf(values['confirmation-timeout']),
        storeRequests: values['store-requests'] ?? false,
        replay: values.replay === undefined ? undefined : external_node_path_default().resolve(cwd, values.replay),
        debug: values.debug ?? false,
        help: values.help ?? false,
    };
}
/** `0.0.0.0`, `::` and their other spellings: every address of the machine, none in particular. */
function isUnspecified(host) {
    const bare = host.replace(/^\[(.*)\]$/, '$1');
    if ((0,external_node_net_.isIPv4)(bare))
        return bare.split('.').every((part) => Number(part) === 0);
    return (0,external_node_net_.isIPv6)(bare) && /^[0:]+$/.test(bare);
}
function portOf(value) {
    if (value === undefined)
        return DEFAULT_PORT;
    const port = Number(value);
    if (!/^\d+$/.test(value) || port > 65535) {
        throw new errors/* UsageError */.eb(`--port expects a port number from 0 to 65535, got "${value}".`);
    }
    return port;
}
function publicUrlOf(value) {
    if (value === undefined)
        return undefined;
    let url;
    try {
        url = new URL(value);
    }
    catch {
        throw new errors/* UsageError */.eb(`--public-url expects an http(s) URL, got "${value}".`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new errors/* UsageError */.eb(`--public-url expects an http(s) URL, got "${value}".`);
    }
    return url.toString();
}
function secondsOf(value) {
    if (value === undefined)
        return DEFAULT_CONFIRMATION_TIMEOUT_SECONDS;
    const seconds = Number(value);
    if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
        throw new errors/* UsageError */.eb(`--confirmation-timeout expects a positive number of seconds, got "${value}".`);
    }
    return seconds;
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/listen-error.ts
/**
 * Why `serve` could not listen, as a usage error (exit code 42) that says what to change: a port
 * another program holds, one this user may not open, a host that is not this machine's. Node
 * reports these as a bare `listen EADDRINUSE: address already in use 127.0.0.1:41242`.
 */


function listenError(error, host, port) {
    const code = (0,errors/* errorCode */.CA)(error);
    const where = `${host}:${port}`;
    const which = port === DEFAULT_PORT ? `port ${port} (the default)` : `port ${port}`;
    const another = 'choose another with --port PORT (--port 0 picks a free one)';
    switch (code) {
        case 'EADDRINUSE':
            return new errors/* UsageError */.eb(`Cannot listen on ${where}: ${which} is in use by another program (EADDRINUSE). Stop that program, or ${another}.`, undefined, { cause: error });
        case 'EACCES':
            return new errors/* UsageError */.eb(`Cannot listen on ${where}: this user may not open ${which} (EACCES; ports below 1024 need privileges). ${capitalised(another)}.`, undefined, { cause: error });
        case 'EADDRNOTAVAIL':
            return new errors/* UsageError */.eb(`Cannot listen on ${where}: --host ${host} is not an address of this machine (EADDRNOTAVAIL). Use one of its addresses, or 127.0.0.1 (the default) or 0.0.0.0.`, undefined, { cause: error });
        default:
            return error;
    }
}
function capitalised(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/command-prompt.ts
function commandPromptGuard(prompt, askUser) {
    if (typeof prompt === 'string')
        return { prompt, askUser };
    let expanding = false;
    return {
        prompt: async (services) => {
            expanding = true;
            try {
                return await prompt(services);
            }
            finally {
                expanding = false;
            }
        },
        askUser: (question, verdict, signal) => {
            if (!expanding)
                return askUser(question, verdict, signal);
            return Promise.resolve({
                decision: 'deny',
                reason: `the policy asks for confirmation of this command (${verdict.reason}), and a command's !{\u2026} blocks run before the task starts, where nobody can confirm them; allow it with --allow-command or a policy rule.`,
                decided_by: verdict.decidedBy,
            });
        },
    };
}

// EXTERNAL MODULE: ./src/agent/subagents/agent-files.ts + 1 modules
var agent_files = __webpack_require__(50082);
// EXTERNAL MODULE: ./src/custom-commands/extensions/extension-config.ts
var extension_config = __webpack_require__(72485);
// EXTERNAL MODULE: ./src/session-setup/policy-setup.ts + 23 modules
var policy_setup = __webpack_require__(9798);
;// CONCATENATED MODULE: ./src/cli/a2a-server/workspace-setup.ts






/**
 * `heldSecrets`: the secret values the server holds outside `env` (its A2A token, from a file or
 * generated), which `$VAR` expansion must not hand a server under any name.
 */
async function loadWorkspaceSetup(workspace, flags, env, heldSecrets, logger) {
    const written = await (0,written_configuration/* checkWrittenConfiguration */.O8)({
        workspace,
        extensionPaths: flags.extensions,
        policyFiles: flags.policyFiles,
        env,
    });
    for (const warning of written.warnings)
        logger.warning(warning);
    const ownSettings = await (0,config_settings/* loadAgentSettings */.td)({
        input: undefined,
        configDirectory: workspace,
        env,
        forbiddenValues: heldSecrets,
        readFile: (0,written_configuration/* readUnlessHeldBack */.rU)(written),
    });
    const { extensions, registry } = await loadWorkspaceCommands(workspace, flags, env, {
        heldSecrets,
        logger,
        written,
    });
    const settings = (0,extension_config/* withExtensionServers */.k0)(ownSettings, extensions, logger);
    const policy = await (0,policy_setup/* loadCliPolicy */.rw)({ ...flags, yolo: false, settings, extensions });
    const agents = await (0,agent_files/* loadAgents */.L2)([
        { ...(0,agent_files/* projectAgentsFolder */.uG)(workspace), mayLoad: written.mayLoad },
        ...(0,extension_config/* extensionAgentFolders */.Ir)(extensions),
    ], logger);
    return {
        settings,
        ownSettings,
        commands: registry,
        extensionContextFiles: (0,extension_config/* extensionContextFiles */.ek)(extensions),
        agents,
        policy,
        heldBack: written.warnings,
    };
}
function loadWorkspaceCommands(workspace, flags, env, options) {
    return (0,run_commands/* loadRunCommands */.iY)({
        workspaceRoot: workspace,
        configRoot: workspace,
        paths: flags.extensions,
        pathsSetting: '--extension',
        env,
        forbiddenValues: options.heldSecrets,
        logger: options.logger,
        mayLoad: options.written.mayLoad,
    });
}
/** The custom commands of each workspace, for `commands/get` and `command/execute`. */
function workspaceCommandCatalog(flags, env, heldSecrets, logger) {
    const registryOf = async (workspace) => {
        const written = await (0,written_configuration/* checkWrittenConfiguration */.O8)({
            workspace,
            extensionPaths: flags.extensions,
            env,
        });
        const quiet = quietLogger(logger);
        return (await loadWorkspaceCommands(workspace, flags, env, { heldSecrets, logger: quiet, written })).registry;
    };
    return {
        async list(workspace) {
            return (await registryOf(workspace))
                .list()
                .map(({ name, description }) => ({ name, description }));
        },
        async problemWith(workspace, name) {
            const registry = await registryOf(workspace);
            const found = registry.lookup(name);
            if (found.kind === 'command')
                return undefined;
            if (found.kind === 'broken')
                return found.problem.error.message;
            const known = registry.list().map((command) => `/${command.name}`);
            return `There is no command /${name} in ${workspace}. ${known.length === 0 ? `It has no custom commands (${run_commands/* REPOSITORY_COMMANDS_PATH */.yb}/*.toml).` : `Its commands: ${known.join(', ')}.`}`;
        },
    };
}
/** The logger with its informational lines moved to debug: for set-ups read only to list things. */
function quietLogger(logger) {
    return {
        debug: (message) => {
            logger.debug(message);
        },
        info: (message) => {
            logger.debug(message);
        },
        warning: (message) => {
            logger.warning(message);
        },
        error: (message) => {
            logger.error(message);
        },
    };
}

;// CONCATENATED MODULE: ./src/cli/a2a-server/serve-command.ts
/**
 * `gemini-agent serve`: the composition of the A2A server. Flags \u2192 token, workspaces, model
 * transport, sandbox and policy \u2192 the server; each task's turn is one agent session built as the
 * CLI builds its own (settings and policy of the task's workspace, the same tools, sandbox and
 * redaction), with the client answering what the policy would ask a person.
 */
































/** Runs the server until Ctrl-C or SIGTERM; returns the exit code, never throws. */
async function runServeCommand(argv, terminal) {
    // What the server logs names clients' workspaces, manifests and models' errors: neutral text only.
    const io = (0,platform_logger/* neutralIo */.ak)(terminal);
    // Stage 1: the flags.
    let options;
    try {
        options = parseServeArgs(argv, process.cwd());
    }
    catch (error) {
        io.stderr.write(`error: ${(0,errors/* errorMessage */.gJ)(error)}\n`);
        return (0,exit_codes/* exitCodeForError */.Lo)(error);
    }
    if (options.help) {
        io.stdout.write(SERVE_USAGE);
        return exit_codes/* ExitCode */.yU.OK;
    }
    try {
        const run = await authorize(options, io);
        const context = await prepare(run);
        const server = await listen(run, context);
        return await serveUntilStopped(run, server);
    }
    catch (error) {
        io.stderr.write(`error: ${(0,errors/* errorMessage */.gJ)(error)}\n`);
        return (0,exit_codes/* exitCodeForError */.Lo)(error);
    }
}
/** Stage 2: the token, and the redacting log that never shows it. */
async function authorize(options, io) {
    const token = await resolveToken({ tokenFile: options.tokenFile, env: io.env });
    const redactor = (0,redaction/* createRedactor */.lY)({ secrets: [...(0,redaction/* secretEnvironmentValues */.yk)(io.env), token.value] });
    const logger = (0,platform_logger/* streamLogger */.VO)({ write: (text) => io.stderr.write(redactor.redact(text)) }, { debug: options.debug });
    return { options, io, token, redactor, logger, heldSecrets: [token.value] };
}
/**
 * Stage 3: the workspaces, and what the default one configures (settings, extensions, commands,
 * policy), checked now so a typo stops the server at start rather than failing every task; the
 * model and the sandbox.
 */
async function prepare(run) {
    const { options, io, logger } = run;
    const workspaces = await Workspaces.create([options.repo, ...options.roots]).catch((error) => {
        const message = error instanceof WorkspaceRefused ? error.message : (0,errors/* errorMessage */.gJ)(error);
        throw new errors/* UsageError */.eb(`--repo and --root expect existing directories outside any .git, and outside a repository's .gemini and .github: ${message}`);
    });
    if (options.tokenFile !== undefined)
        await requireOutside(options.tokenFile, workspaces.roots);
    const initial = await loadWorkspaceSetup(workspaces.defaultWorkspace, options, io.env, run.heldSecrets, logger);
    // What a server was given through `$VAR` in settings or a manifest is as secret as the token.
    for (const value of initial.settings.expandedValues)
        run.redactor.register(value);
    for (const warning of initial.policy.warnings)
        logger.warning(warning);
    const models = (0,model_choice/* chooseRunModels */.fc)(modelSettings(options, io.env, initial.ownSettings));
    let auth;
    if (options.replay === undefined) {
        auth = (0,model_auth/* resolveModelAuth */.k)(io.env);
        // Before listening: a server whose every task would fail for want of credentials does not start.
        (0,application_default_credentials/* checkApplicationDefaultCredentials */.Mo)(auth, io.env);
        // Said once for the server, not per task: every task's requests go the same way.
        const storage = (0,request_storage/* requestStorageNotice */.L)(auth.type, options.storeRequests);
        if (storage !== undefined)
            logger.info(storage);
    }
    else {
        // Read now, so a missing or malformed recording stops the server at start.
        await (0,recording/* readRecordedSession */.hP)(options.replay).catch((error) => {
            throw new errors/* UsageError */.eb(`--replay: ${(0,errors/* errorMessage */.gJ)(error)}`);
        });
        logger.info(`Every task is answered from the recorded session ${options.replay}, from its start: no model is called.`);
    }
    const sandbox = await (0,resolve_sandbox/* resolveSandbox */.u1)(options.sandbox, {
        env: io.env,
        logger,
        setting: '--sandbox',
    });
    (0,resolve_sandbox/* reportSandbox */.go)(sandbox, {
        mode: options.sandbox,
        isolateNetwork: false,
        logger,
        silence: 'Pass --sandbox none to run without one on purpose and silence this notice.',
    });
    return { workspaces, models, auth, sandbox };
}
/** Stage 4: the server listening, each task's turn a session (`turnStarter`). */
async function listen(run, context) {
    const { options, io, logger } = run;
    const server = await startA2AServer({
        host: options.host,
        port: options.port,
        ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
        token: run.token.value,
        workspaces: context.workspaces,
        startTurn: turnStarter(run, context),
        commands: workspaceCommandCatalog(options, io.env, run.heldSecrets, logger),
        redact: run.redactor.redact,
        confirmationTimeoutMs: Math.round(options.confirmationTimeoutSeconds * 1000),
        model: context.models.model.name,
        logger,
    }).catch((error) => {
        throw listenError(error, options.host, options.port);
    });
    printStart(io, options, server, run.token);
    return server;
}
/**
 * Stage 5: serving until Ctrl-C or SIGTERM, then the end: every running task ends `canceled`,
 * saying by what and when and what it left changed, and the server closes. A second signal stops
 * at once: the tools' processes are killed without a grace period and the process exits.
 */
async function serveUntilStopped(run, server) {
    const { io, logger } = run;
    let cancellation;
    const stopped = new Promise((resolve) => {
        const stopListening = io.onInterrupt((signal) => {
            if (cancellation === undefined) {
                cancellation = (0,run_stop/* describeCancellation */.vk)((0,run_stop/* causeOfSignal */.t2)(signal), new Date(), 'The task');
                resolve(cancellation);
                return;
            }
            stopListening();
            void stopAtOnce(run, (0,exit_codes/* exitCodeForCancellation */.o3)(cancellation));
        });
    });
    const ending = await stopped;
    logger.info('Stopping: cancelling the running tasks.');
    const cancelled = server.runningTasks();
    await server.close(ending);
    // A server stopped while idle ended normally; one that cancelled tasks says how it was stopped.
    return cancelled === 0 ? exit_codes/* ExitCode */.yU.OK : (0,exit_codes/* exitCodeForCancellation */.o3)(ending);
}
/** A second signal while the tasks stop: their tools' processes are killed now, and it exits. */
async function stopAtOnce(run, code) {
    const killed = await (0,process_group/* killToolProcessesNow */.wf)();
    run.logger.info(`Stopped at once${killed.length === 0 ? '' : `: ${killed.length} process group(s) of the tools killed`}.`);
    run.io.exit?.(code);
}
/**
 * Each task's turn, built as a CLI run in its workspace would be: that workspace's own settings
 * (MCP servers, tool selection, model), extensions, commands and the policy they imply, the same
 * tools, sandbox and redaction, with the client answering what the policy would ask a person.
 */
function turnStarter(run, context) {
    const { options, io, logger } = run;
    return async (turn) => {
        const setup = await loadWorkspaceSetup(turn.workspace, options, io.env, run.heldSecrets, logger);
        for (const value of setup.settings.expandedValues)
            run.redactor.register(value);
        // A message that invokes a custom command is expanded by the session, through its tools.
        const { prompt, askUser } = commandPromptGuard((0,run_commands/* sessionPromptFor */._w)(turn.prompt, setup.commands), turn.askUser);
        const sessionId = (0,external_node_crypto_.randomUUID)();
        // With --replay, each task has the recording served from its start by a server of its own,
        // stopped when the task's session ends.
        const replay = options.replay === undefined ? undefined : await (0,replay_model/* serveRecordedSession */.G)(options.replay);
        const startTask = async (auth) => {
            if (auth === undefined)
                throw new Error('serve: no model credentials and no --replay.');
            const contentGenerator = await (0,create_content_generator/* createContentGenerator */.z)(auth, {
                sessionId,
                storeRequests: options.storeRequests,
                retry: {
                    // A recording holds the failed replies a session retried; replaying them needs no wait.
                    ...(replay === undefined ? {} : { sleep: () => Promise.resolve() }),
                    onRetry: (event) => {
                        logger.warning(`Task ${turn.taskId}: ${(0,retry/* describeRetry */.eV)(event)}`);
                    },
                },
            });
            logger.info(`Task ${turn.taskId}: working in ${turn.workspace}.`);
            // Recorded from before its first tool until its tools have stopped, so a later task does not
            // load configuration this one wrote (written-configuration.ts). What was left out, and why,
            // the task tells its client.
            const notices = [...setup.heldBack];
            const recorded = await (0,written_configuration/* recordRun */.vj)(turn.workspace, io.env, (message) => {
                logger.warning(message);
                notices.push(message);
            });
            const startedAt = Date.now();
            const starting = (0,run_agent/* startAgent */.Ih)({
                prompt,
                extensionContextFiles: setup.extensionContextFiles,
                workspaceRoot: turn.workspace,
                ...(0,model_choice/* chooseRunModels */.fc)(modelSettings(options, io.env, setup.ownSettings)),
                env: io.env,
                sessionId,
                contentGenerator,
                allowCommandHint: run_agent/* CLI_ALLOW_COMMAND_HINT */.VL,
                ...(replay === undefined ? {} : { replay: replay.comparison }),
                // Whoever holds the token started the server on their own machine: maintainer trust,
                // as for a local CLI run.
                policy: {
                    engine: setup.policy.engine,
                    runMode: options.mode,
                    trust: 'maintainer',
                    askUser,
                },
                logger,
                onEvent: turn.onEvent,
                signal: turn.signal,
                sandbox: context.sandbox,
                settings: setup.settings,
                agents: setup.agents,
                ...(turn.history === undefined ? {} : { history: turn.history }),
            });
            return { agent: await recorded(starting), notices, startedAt };
        };
        let agent;
        let notices;
        let startedAt;
        try {
            ({ agent, notices, startedAt } = await startTask(replay?.auth ?? context.auth));
        }
        catch (error) {
            await replay?.close();
            throw error;
        }
        if (replay !== undefined) {
            void agent.result.then(() => replay.close(), () => replay.close());
        }
        return {
            ...agent,
            notices,
            // What the session left changed in the workspace, for a cancelled task's final status.
            describeChanges: async () => (0,changed_files/* describeSessionChanges */.B)(await (0,changed_files/* readSessionChanges */.s)({
                workspace: turn.workspace,
                since: startedAt,
                written: agent.writtenFiles(),
                env: io.env,
            })),
        };
    };
}
function modelSettings(options, env, settings) {
    return {
        explicit: { value: options.model, setBy: '--model' },
        env,
        settings,
        fallback: { value: options.fallbackModel, setBy: '--fallback-model' },
        howToChoose: `--model (-m) or GEMINI_MODEL (or model.name in ${config_settings/* DEFAULT_SETTINGS_PATH */.WA})`,
    };
}
/** A token file inside a workspace could be read by the agent's own tools. */
async function requireOutside(tokenFile, roots) {
    const file = await (0,promises_.realpath)(tokenFile).catch(() => external_node_path_default().resolve(tokenFile));
    const root = roots.find((candidate) => (0,path_containment/* isInsideOrSame */._h)(file, candidate));
    if (root !== undefined) {
        throw new errors/* UsageError */.eb(`--token-file must be outside the workspaces, where the agent's tools cannot read it; ${file} is inside ${root}.`);
    }
}
function printStart(io, options, server, token) {
    const lines = [
        server.listenUrl === server.url
            ? `A2A server listening on ${server.url}`
            : `A2A server listening on ${server.listenUrl} (--public-url sends clients to ${server.url})`,
        `  agent card: ${server.cardUrl}`,
        token.source === 'generated'
            ? `  token:      ${token.value}  (generated now and shown only here; send it as "Authorization: Bearer <token>")`
            : `  token:      from ${token.source === 'file' ? '--token-file' : 'GEMINI_AGENT_A2A_TOKEN'}`,
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    if (!isLoopback(options.host)) {
        io.stderr.write(`warning: --host ${options.host} makes the server reachable from other machines, over plain HTTP: the token and every task travel unencrypted. Put it behind a TLS proxy and pass the proxy's https:// address as --public-url, or keep the default 127.0.0.1.\n`);
    }
}
function isLoopback(host) {
    if (host === 'localhost')
        return true;
    if ((0,external_node_net_.isIP)(host) === 4)
        return host.startsWith('127.');
    return host === '::1';
}


/***/ })

};
