export const id = 256;
export const ids = [256];
export const modules = {

/***/ 35256:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  connectMcpServers: () => (/* binding */ connectMcpServers)
});

// UNUSED EXPORTS: DEFAULT_MCP_CONNECT_TIMEOUT_MS

// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/tools/reserved-names.ts
var reserved_names = __webpack_require__(16806);
;// CONCATENATED MODULE: ./src/tools/mcp/mcp-names.ts
/**
 * The names MCP tools are offered to the model under. The Gemini API accepts function names of
 * `[A-Za-z0-9_.-]` up to 63 characters in practice, so a server's own name is made to fit; a name
 * that is already taken (by a built-in tool or another server's tool) is qualified with the
 * server's name as `server__tool`, as the Gemini CLI does.
 */

/** Longer names are cut in the middle (28 + `___` + 32 characters). */
const MAX_NAME_LENGTH = 63;
const HEAD_LENGTH = 28;
const TAIL_LENGTH = 32;
/** Between the server's name and the tool's in a qualified name. */
const QUALIFIED_NAME_SEPARATOR = '__';
/**
 * A name the Gemini API accepts: every character outside `[A-Za-z0-9_.-]` becomes `_`, and a name
 * over 63 characters keeps its first 28 and last 32 characters around `___`.
 */
function sanitizeMcpToolName(name) {
    const valid = name.replace(/[^A-Za-z0-9_.-]/g, '_');
    if (valid.length <= MAX_NAME_LENGTH)
        return valid;
    return `${valid.slice(0, HEAD_LENGTH)}___${valid.slice(-TAIL_LENGTH)}`;
}
/** `server__tool`, sanitized as a whole. */
function qualifiedMcpToolName(serverName, toolName) {
    return sanitizeMcpToolName(`${serverName}${QUALIFIED_NAME_SEPARATOR}${toolName}`);
}
/**
 * The name each tool is offered under, in the order given (servers in settings order, each
 * server's tools in its listing order).
 *
 * A tool keeps its sanitized plain name unless a tool of the session (`reserved`), a reserved name
 * in any spelling (../reserved-names.ts: `complete_task`, `Run-Shell-Command`), or a tool of another
 * server has the same one; then every tool sharing that name is qualified (`server__tool`), so
 * which server's tool answers to a name never depends on which server happened to connect first.
 * Two tools of one server whose names sanitize alike, or a qualified name that is still taken,
 * cannot both be offered: the later one is left out with the reason, as is a tool whose
 * qualified name is itself reserved.
 */
function assignExposedNames(tools, reserved) {
    const serversByPlainName = new Map();
    for (const tool of tools) {
        const plain = sanitizeMcpToolName(tool.toolName);
        const servers = serversByPlainName.get(plain) ?? new Set();
        servers.add(tool.serverName);
        serversByPlainName.set(plain, servers);
    }
    const taken = new Set(reserved);
    return tools.map((tool) => {
        const plain = sanitizeMcpToolName(tool.toolName);
        const shared = reserved.has(plain) ||
            (0,reserved_names/* reservedToolName */.y6)(plain) !== undefined ||
            (serversByPlainName.get(plain)?.size ?? 0) > 1;
        const name = shared ? qualifiedMcpToolName(tool.serverName, tool.toolName) : plain;
        const clash = (0,reserved_names/* reservedToolName */.y6)(name);
        if (clash !== undefined) {
            return { tool, name: undefined, reason: (0,reserved_names/* describeReservedName */.rg)(name, clash) };
        }
        if (taken.has(name)) {
            return {
                tool,
                name: undefined,
                reason: `its name "${name}" is already taken by another tool`,
            };
        }
        taken.add(name);
        return { tool, name, qualified: shared };
    });
}

// EXTERNAL MODULE: ./src/tools/declaration-limits.ts
var declaration_limits = __webpack_require__(41752);
;// CONCATENATED MODULE: ./src/tools/mcp/mcp-schema.ts

const COMBINERS = ['anyOf', 'allOf', 'oneOf'];
/** Why the tool cannot be offered, or undefined when it can. */
function mcpToolProblem(tool) {
    const limit = (0,declaration_limits/* declarationLimitProblem */.FW)({
        description: tool.description,
        schema: tool.inputSchema,
    });
    if (limit !== undefined)
        return { kind: 'limit', message: limit };
    if (!hasValidTypes(tool.inputSchema)) {
        return { kind: 'untyped', message: 'its parameter schema lacks types' };
    }
    return undefined;
}
/**
 * Whether every schema node has type information: a node needs a `type`, or else an
 * `anyOf`/`allOf`/`oneOf` whose subschemas all pass; an object's `properties` and an array's
 * `items` are checked the same way. Anything that is not a schema object has nothing to check.
 * The nodes are visited from a list, not by recursion, so no schema can exhaust the stack.
 */
function hasValidTypes(schema) {
    const pending = [schema];
    const seen = new Set();
    for (let next = pending.pop(); next !== undefined || pending.length > 0; next = pending.pop()) {
        if (typeof next !== 'object' || next === null || seen.has(next))
            continue;
        seen.add(next);
        const node = next;
        if (!node['type']) {
            let hasSubschemas = false;
            for (const keyword of COMBINERS) {
                const subschemas = node[keyword];
                if (!Array.isArray(subschemas))
                    continue;
                hasSubschemas = true;
                for (const subschema of subschemas)
                    pending.push(subschema);
            }
            if (!hasSubschemas)
                return false;
        }
        const properties = node['properties'];
        if (node['type'] === 'object' && typeof properties === 'object' && properties !== null) {
            for (const property of Object.values(properties))
                pending.push(property);
        }
        const items = node['items'];
        if (node['type'] === 'array' && items)
            pending.push(items);
    }
    return true;
}
/** Output schemas are not compiled, and structured results are not checked against them. */
const uncheckedOutputSchemas = {
    getValidator() {
        return (input) => ({ valid: true, data: input, errorMessage: undefined });
    },
};

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js + 31 modules
var esm_client = __webpack_require__(30063);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/types.js
var types = __webpack_require__(63846);
// EXTERNAL MODULE: ./src/platform/version.ts + 1 modules
var version = __webpack_require__(16138);
// EXTERNAL MODULE: ./src/platform/text-limits.ts
var text_limits = __webpack_require__(17781);
// EXTERNAL MODULE: ./src/tools/shell-output.ts
var shell_output = __webpack_require__(63819);
;// CONCATENATED MODULE: ./src/tools/mcp/mcp-parts.ts


/** Text longer than this keeps its first 20% and last 80%, as the shell tool's output does. */
const MAX_MCP_TEXT_CHARS = (/* unused pure expression or super */ null && (DEFAULT_MAX_OUTPUT_CHARS));
/**
 * How much one `tools/call` result may hold. A result is written out as JSON (structured content,
 * an error result, the transcript), which recursion does; a server that nests it thousands of
 * levels deep overflowed the stack there, and one of millions of content blocks would become as
 * many parts of the next request. A result has a few levels of its own (content, block, resource)
 * and the model reads at most {@link MAX_MCP_TEXT_CHARS} characters of each text, so these sit
 * far above anything it could use; an image of tens of megabytes still fits.
 */
const MCP_RESULT_LIMITS = {
    maxDepth: 64,
    maxEntries: 10_000,
    maxChars: 64 * 1024 * 1024,
};
/** Why a result passes {@link MCP_RESULT_LIMITS} (a sentence), or undefined. */
function mcpResultLimitProblem(result) {
    return (0,text_limits/* valueLimitProblem */.UF)(result, MCP_RESULT_LIMITS, 'a tool result')?.message;
}
function asBlock(value) {
    return typeof value === 'object' && value !== null ? value : undefined;
}
function stringField(block, key) {
    const value = block?.[key];
    return typeof value === 'string' ? value : undefined;
}
/** `title`, else `name`, as the resource link names itself. */
function linkLabel(block) {
    return stringField(block, 'title') || (stringField(block, 'name') ?? 'undefined');
}
/**
 * The parts the model reads for one result:
 * - `text` \u2192 a text part;
 * - `image` / `audio` \u2192 a note naming the MIME type, then the data as `inlineData`;
 * - an embedded `resource` \u2192 its text, or a note and its `blob` as `inlineData`;
 * - `resource_link` \u2192 `Resource Link: <title or name> at <uri>`;
 * - anything else is left out.
 * A result with no content blocks but `structuredContent` sends that as JSON text, so the model
 * does not get an empty answer. Every text part is cut to {@link MAX_MCP_TEXT_CHARS}.
 */
function mcpResultToParts(result, toolName) {
    const blocks = result.content;
    if (!Array.isArray(blocks))
        return [{ text: '[Error: Could not parse tool response]' }];
    if (blocks.length === 0 && result.structuredContent !== undefined) {
        return [{ text: (0,shell_output/* cutMiddle */.it)(JSON.stringify(result.structuredContent)) }];
    }
    const parts = [];
    for (const value of blocks) {
        const block = asBlock(value);
        if (block === undefined)
            continue;
        const type = stringField(block, 'type');
        if (type === 'text') {
            const text = stringField(block, 'text');
            if (text !== undefined)
                parts.push({ text: (0,shell_output/* cutMiddle */.it)(text) });
        }
        else if (type === 'image' || type === 'audio') {
            const mimeType = stringField(block, 'mimeType') ?? 'application/octet-stream';
            const data = stringField(block, 'data') ?? '';
            parts.push({
                text: `[Tool '${toolName}' provided the following ${type} data with mime-type: ${mimeType}]`,
            }, { inlineData: { mimeType, data } });
        }
        else if (type === 'resource') {
            parts.push(...resourceParts(asBlock(block['resource']), toolName));
        }
        else if (type === 'resource_link') {
            parts.push({
                text: `Resource Link: ${linkLabel(block)} at ${stringField(block, 'uri') ?? ''}`,
            });
        }
    }
    return parts;
}
function resourceParts(resource, toolName) {
    const text = stringField(resource, 'text');
    if (text)
        return [{ text: (0,shell_output/* cutMiddle */.it)(text) }];
    const blob = stringField(resource, 'blob');
    if (!blob)
        return [];
    const mimeType = stringField(resource, 'mimeType') || 'application/octet-stream';
    return [
        {
            text: `[Tool '${toolName}' provided the following embedded resource with mime-type: ${mimeType}]`,
        },
        { inlineData: { mimeType, data: blob } },
    ];
}
/**
 * What the transcript shows: text as it is, other blocks as a bracketed description
 * (`[Image: image/png]`, `[Link to <title>: <uri>]`), one block a line.
 */
function mcpResultDisplay(result) {
    const blocks = result.content;
    if (!Array.isArray(blocks)) {
        return '```json\n' + JSON.stringify(result, null, 2) + '\n```';
    }
    if (blocks.length === 0 && result.structuredContent !== undefined) {
        return (0,shell_output/* cutMiddle */.it)(JSON.stringify(result.structuredContent));
    }
    const lines = blocks.map((value) => {
        const block = asBlock(value) ?? {};
        const type = stringField(block, 'type');
        switch (type) {
            case 'text':
                return stringField(block, 'text') ?? '';
            case 'image':
                return `[Image: ${stringField(block, 'mimeType') ?? 'unknown type'}]`;
            case 'audio':
                return `[Audio: ${stringField(block, 'mimeType') ?? 'unknown type'}]`;
            case 'resource_link':
                return `[Link to ${linkLabel(block)}: ${stringField(block, 'uri') ?? ''}]`;
            case 'resource': {
                const resource = asBlock(block['resource']);
                const text = stringField(resource, 'text');
                if (text)
                    return text;
                return `[Embedded Resource: ${stringField(resource, 'mimeType') || 'unknown type'}]`;
            }
            default:
                return `[Unknown content type: ${type ?? String(type)}]`;
        }
    });
    return (0,shell_output/* cutMiddle */.it)(lines.join('\n'));
}
/**
 * What the model reads when the server answered with `isError: true`: the call and the server's
 * whole answer, in the Gemini CLI's words.
 */
function mcpToolErrorMessage(options) {
    const call = JSON.stringify({ name: options.toolName, args: options.args });
    const response = JSON.stringify([
        { functionResponse: { name: options.toolName, response: { error: options.result } } },
    ]);
    return (0,shell_output/* cutMiddle */.it)(`MCP tool '${options.toolName}' reported tool error for function call: ${call} with response: ${response}`);
}
/** The text blocks of a result, joined: the server's own words about an error, for humans. */
function mcpResultText(result) {
    if (!Array.isArray(result.content))
        return '';
    return result.content
        .map((value) => stringField(asBlock(value), 'text') ?? '')
        .filter((text) => text !== '')
        .join('\n');
}

// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/client/sse.js + 1 modules
var sse = __webpack_require__(10053);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/client/streamableHttp.js + 2 modules
var streamableHttp = __webpack_require__(83491);
;// CONCATENATED MODULE: ./src/tools/mcp/mcp-message-limits.ts
/**
 * How much of one MCP message the agent holds while it arrives. A server is a process a
 * repository, an extension or a compromised package may have written, or an address anyone may
 * answer at; one that writes without ever ending its message (no newline on stdio, no blank line
 * after an SSE event, a JSON body that never closes) would otherwise be held whole, gigabytes of
 * it, in the agent's memory.
 *
 * The bound is the largest message the agent would accept at all: a tool result of the most
 * {@link MCP_RESULT_LIMITS} allow (64 MiB as JSON), in its JSON-RPC envelope. A server that passes
 * it is cut off with an error naming the limit (a stdio server is stopped, an HTTP server's
 * connection closed); its calls fail saying so, and the session and the other servers go on.
 *
 * What the MCP SDK does alone: its stdio `ReadBuffer` stops at 10 MiB, below what a result may
 * hold, concatenating each chunk into what it has (time quadratic in the size); its streamable
 * HTTP and SSE transports hold a JSON body, an SSE event or an error body whole, however large.
 */

/** Bytes of one message: the largest result, with room for the envelope around it. */
const MAX_MCP_MESSAGE_BYTES = MCP_RESULT_LIMITS.maxChars + 64 * 1024;
class McpMessageTooLarge extends Error {
    maxBytes;
    constructor(maxBytes) {
        super(`it sent a message of more than ${maxBytes} bytes, the most one MCP message may hold`);
        this.maxBytes = maxBytes;
        this.name = 'McpMessageTooLarge';
    }
}
const LF = 0x0a;
const CR = 0x0d;
/**
 * Splits a stdio stream into its newline-ended lines (one JSON-RPC message each), holding at most
 * `maxBytes` of a line that has not ended yet. Each chunk is looked at once.
 */
class BoundedLineReader {
    maxBytes;
    pending = [];
    pendingBytes = 0;
    constructor(maxBytes = MAX_MCP_MESSAGE_BYTES) {
        this.maxBytes = maxBytes;
    }
    /** The lines `chunk` completes, without their `\n` (nor a `\r` before it). */
    append(chunk) {
        const lines = [];
        let start = 0;
        for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
            this.hold(chunk.subarray(start, end));
            lines.push(this.takeLine());
            start = end + 1;
        }
        if (start < chunk.length)
            this.hold(chunk.subarray(start));
        return lines;
    }
    /** Forgets what was held. */
    clear() {
        this.pending = [];
        this.pendingBytes = 0;
    }
    hold(piece) {
        if (this.pendingBytes + piece.length > this.maxBytes) {
            this.clear();
            throw new McpMessageTooLarge(this.maxBytes);
        }
        if (piece.length === 0)
            return;
        this.pending.push(piece);
        this.pendingBytes += piece.length;
    }
    takeLine() {
        const line = this.pending.length === 1
            ? (this.pending[0] ?? Buffer.alloc(0)).toString('utf8')
            : Buffer.concat(this.pending, this.pendingBytes).toString('utf8');
        this.clear();
        return line.endsWith('\r') ? line.slice(0, -1) : line;
    }
}
/**
 * `fetch` for the HTTP transports, whose response bodies fail once one message passes
 * `maxBytes`: an SSE stream's event (bytes since the last blank line), any other body whole.
 * `onTooLarge` hears of it first (to close the connection; the SDK alone would wait, or try the
 * stream again). The response is the one `fetch` gave, its body read through the count.
 */
function boundedMessageFetch(onTooLarge, maxBytes = MAX_MCP_MESSAGE_BYTES, 
// Looked up at each call, so a fetch replaced later (tests) is the one used.
base = (url, init) => globalThis.fetch(url, init)) {
    return async (url, init) => {
        const response = await base(url, init);
        if (response.body === null)
            return response;
        const type = response.headers.get('content-type') ?? '';
        const count = new MessageCount(/^\s*text\/event-stream/i.test(type), maxBytes);
        const body = response.body.pipeThrough(new TransformStream({
            transform(chunk, controller) {
                if (count.take(chunk)) {
                    controller.enqueue(chunk);
                    return;
                }
                const error = new McpMessageTooLarge(maxBytes);
                onTooLarge(error);
                // Errors the reader, and cancels the response: nothing more is read.
                controller.error(error);
            },
        }));
        const bounded = new Response(body, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers,
        });
        // What a `Response` built here cannot be given: the transports read it for redirects.
        Object.defineProperties(bounded, {
            url: { value: response.url },
            redirected: { value: response.redirected },
            type: { value: response.type },
        });
        return bounded;
    };
}
/** The bytes of the message in progress: of the SSE event since the last blank line, or all. */
class MessageCount {
    eventStream;
    maxBytes;
    bytes = 0;
    /** The current line of an event stream has had no byte but line ends yet. */
    lineEmpty = true;
    afterCR = false;
    constructor(eventStream, maxBytes) {
        this.eventStream = eventStream;
        this.maxBytes = maxBytes;
    }
    /** Counts `chunk`; false once the message passes the limit. */
    take(chunk) {
        if (!this.eventStream) {
            this.bytes += chunk.length;
            return this.bytes <= this.maxBytes;
        }
        for (const byte of chunk) {
            // A line ends at CR, LF or CR LF; a blank line ends the event.
            if (byte === LF && this.afterCR) {
                this.afterCR = false;
                continue;
            }
            this.afterCR = byte === CR;
            if (byte === LF || byte === CR) {
                if (this.lineEmpty)
                    this.bytes = 0;
                this.lineEmpty = true;
                continue;
            }
            this.lineEmpty = false;
            this.bytes += 1;
            if (this.bytes > this.maxBytes)
                return false;
        }
        return true;
    }
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: ./node_modules/@modelcontextprotocol/sdk/dist/esm/shared/stdio.js
var stdio = __webpack_require__(6224);
// EXTERNAL MODULE: ./src/platform/process-group.ts
var process_group = __webpack_require__(70192);
;// CONCATENATED MODULE: ./src/tools/mcp/mcp-stdio-transport.ts
/**
 * The stdio transport for MCP servers the run starts. The SDK's own stdio transport merges some of
 * this process's environment (HOME, PATH, USER, \u2026) into the server's; this one starts the server
 * with exactly the environment it is given (the allow-listed one, through the run's sandbox), as
 * the leader of its own process group so that closing it also ends whatever it started (`npx`
 * starts the real server as a child).
 */





/** How many of the server's last stderr lines are kept for the log when it fails. */
const STDERR_TAIL_LINES = 20;
/** A longer stderr line is cut; the log needs the gist, not a dump. */
const STDERR_LINE_CHARS = 500;
/**
 * How long a server gets to exit by itself once its stdin is closed (many do), before its process
 * group gets SIGTERM; and how long after that before SIGKILL.
 */
const DEFAULT_EOF_GRACE_MS = 500;
const DEFAULT_TERM_GRACE_MS = 2000;
class ProcessStdioTransport {
    options;
    onclose;
    onerror;
    onmessage;
    child;
    reader;
    /** Why the transport stopped the server itself (a message past the limit). */
    failure;
    stderrTail = [];
    stderrCarry = '';
    exit;
    exited;
    closedNotified = false;
    constructor(options) {
        this.options = options;
        this.reader = new BoundedLineReader(options.maxMessageBytes);
    }
    start() {
        if (this.child)
            return Promise.reject(new Error('The MCP server process was already started.'));
        const [file, ...args] = this.options.command.argv;
        if (file === undefined)
            return Promise.reject(new Error('No command to start.'));
        return new Promise((resolve, reject) => {
            let child;
            try {
                child = (0,external_node_child_process_.spawn)(file, args, {
                    env: { ...this.options.command.env },
                    cwd: this.options.command.cwd,
                    stdio: ['pipe', 'pipe', 'pipe'],
                    detached: true,
                });
            }
            catch (error) {
                reject(startError(file, error));
                return;
            }
            this.child = child;
            (0,process_group/* reportProcessGroup */.n6)(child.pid);
            this.exited = new Promise((done) => {
                child.once('close', (code, signal) => {
                    this.flushStderr();
                    this.exit = { code, signal };
                    done();
                    this.notifyClosed();
                });
            });
            child.on('error', (error) => {
                // Before `spawn` this is the start failing (command not found); after, a lost pipe.
                reject(startError(file, error));
                this.onerror?.(error);
            });
            child.once('spawn', () => {
                resolve();
            });
            child.stdin?.on('error', (error) => this.onerror?.(error));
            child.stdout?.on('error', (error) => this.onerror?.(error));
            child.stdout?.on('data', (chunk) => {
                this.receive(chunk);
            });
            child.stderr?.on('error', (error) => this.onerror?.(error));
            child.stderr?.setEncoding('utf8');
            child.stderr?.on('data', (text) => {
                this.receiveStderr(text);
            });
        });
    }
    send(message) {
        const stdin = this.child?.stdin;
        if (!stdin || this.exit !== undefined || stdin.destroyed) {
            return Promise.reject(new Error('Not connected'));
        }
        return new Promise((resolve) => {
            if (stdin.write((0,stdio/* serializeMessage */.Ex)(message)))
                resolve();
            else
                stdin.once('drain', resolve);
        });
    }
    /**
     * Closes stdin (a well-behaved server exits), then ends the whole process group: SIGTERM, and
     * SIGKILL after the grace period. Never throws.
     */
    async close() {
        const child = this.child;
        if (child?.pid === undefined) {
            this.notifyClosed();
            return;
        }
        const termGrace = this.options.termGraceMs ?? DEFAULT_TERM_GRACE_MS;
        try {
            child.stdin?.end();
        }
        catch {
            // Already gone.
        }
        if (this.exit === undefined) {
            await waitAtMost(this.exited, this.options.eofGraceMs ?? DEFAULT_EOF_GRACE_MS);
        }
        // Also when the leader has exited: what it started may still run in its group.
        await (0,process_group/* killProcessGroup */.$X)(child.pid, { graceMs: termGrace }).catch(() => undefined);
        if (this.exit === undefined)
            await waitAtMost(this.exited, termGrace);
        this.reader.clear();
        this.notifyClosed();
    }
    /** The process id of the server (or of the sandbox wrapper); undefined before it started. */
    get pid() {
        return this.child?.pid;
    }
    /**
     * Why the transport stopped the server (`it sent a message of more than \u2026 bytes \u2026`); undefined
     * unless it did.
     */
    failureDescription() {
        return this.failure;
    }
    /** How the process ended, e.g. `exited with code 1`; undefined while it runs. */
    exitDescription() {
        if (this.exit === undefined)
            return undefined;
        if (this.exit.signal !== null)
            return `was killed by ${this.exit.signal}`;
        return `exited with code ${this.exit.code ?? '(none)'}`;
    }
    /** The last lines the server wrote to stderr, oldest first. */
    lastStderrLines() {
        return [...this.stderrTail];
    }
    receive(chunk) {
        // Once stopped for a message past the limit, nothing more is read from it.
        if (this.failure !== undefined)
            return;
        let lines;
        try {
            lines = this.reader.append(chunk);
        }
        catch (error) {
            if (!(error instanceof McpMessageTooLarge))
                throw error;
            // The stream cannot be trusted any more: nothing more is read from it (the server blocks
            // on its next write), the server is stopped, and its calls fail saying why.
            this.failure = `${error.message}, so it was stopped`;
            this.child?.stdout?.destroy();
            this.onerror?.(error);
            void this.close();
            return;
        }
        for (const line of lines) {
            if (line.trim() === '')
                continue;
            let message;
            try {
                message = (0,stdio/* deserializeMessage */.b_)(line);
            }
            catch (error) {
                // A line that is not JSON-RPC (a server printing to stdout): skipped, the next may be fine.
                this.onerror?.(new Error(`The server wrote a line that is not JSON-RPC: ${(0,errors/* errorMessage */.gJ)(error)}`));
                continue;
            }
            this.onmessage?.(message);
        }
    }
    receiveStderr(text) {
        const lines = (this.stderrCarry + text).split('\n');
        this.stderrCarry = lines.pop() ?? '';
        for (const line of lines)
            this.stderrLine(line);
    }
    flushStderr() {
        if (this.stderrCarry !== '')
            this.stderrLine(this.stderrCarry);
        this.stderrCarry = '';
    }
    stderrLine(raw) {
        const line = raw.replace(/\r$/, '');
        if (line.trim() === '')
            return;
        const cut = line.length > STDERR_LINE_CHARS ? `${line.slice(0, STDERR_LINE_CHARS)}\u2026` : line;
        this.stderrTail.push(cut);
        if (this.stderrTail.length > STDERR_TAIL_LINES)
            this.stderrTail.shift();
        this.options.onStderrLine?.(cut);
    }
    notifyClosed() {
        if (this.closedNotified)
            return;
        this.closedNotified = true;
        this.onclose?.();
    }
}
/** A server's last stderr lines as a log section (empty when there are none). */
function stderrSection(lines) {
    if (lines.length === 0)
        return '';
    return `\nThe last lines it wrote to stderr:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}
function startError(file, error) {
    if ((0,errors/* errorCode */.CA)(error) === 'ENOENT') {
        return new Error(`the command "${file}" was not found (check "command" and PATH)`);
    }
    return new Error(`"${file}" could not be started: ${(0,errors/* errorMessage */.gJ)(error)}`);
}
async function waitAtMost(promise, ms) {
    if (promise === undefined)
        return;
    let timer;
    await Promise.race([
        promise,
        new Promise((resolve) => {
            timer = setTimeout(resolve, ms);
            timer.unref();
        }),
    ]);
    clearTimeout(timer);
}

;// CONCATENATED MODULE: ./src/tools/mcp/mcp-transport.ts
/**
 * How to reach one configured MCP server, as the Gemini CLI decides it: `httpUrl` is streamable
 * HTTP, `url` is SSE (or streamable HTTP with `type: "http"`), `command` is a program started over
 * stdio. Stdio servers start through the run's `ToolProcesses`: in its sandbox, with the
 * allow-listed environment plus the server's own `env`, in the workspace or their `cwd` \u2014 never
 * in the workspace when it may hold code the configuration did not come from
 * (tools/configured-launch.ts). Whichever the transport, one message is held only up to
 * `MAX_MCP_MESSAGE_BYTES` (mcp-message-limits.ts).
 */





/** Which transport the settings ask for; undefined when they name no way to reach the server. */
function mcpTransportKind(settings) {
    if (settings.httpUrl !== undefined)
        return 'http';
    if (settings.url !== undefined)
        return settings.type === 'http' ? 'http' : 'sse';
    if (settings.command !== undefined)
        return 'stdio';
    return undefined;
}
async function createMcpTransport(settings, options) {
    const kind = mcpTransportKind(settings);
    if (kind === undefined) {
        throw new Error('it has none of "command" (stdio), "url" (SSE) or "httpUrl" (streamable HTTP)');
    }
    if (kind === 'stdio') {
        const { processes } = options;
        const command = settings.command ?? '';
        // In the workspace (or the configured cwd); outside it when the workspace holds code the
        // configuration did not come from.
        const { cwd, env } = processes.configuredProcess({
            ...(settings.cwd === undefined ? {} : { cwd: settings.cwd }),
            extra: settings.env ?? {},
        });
        let prepared;
        try {
            prepared = await processes.prepare({ argv: [command, ...(settings.args ?? [])], env, cwd });
        }
        catch (error) {
            // Never started unconfined instead.
            throw new Error(`the sandbox could not start it: ${(0,errors/* errorMessage */.gJ)(error)}`, { cause: error });
        }
        const transport = new ProcessStdioTransport({
            command: prepared,
            ...(options.onStderrLine ? { onStderrLine: options.onStderrLine } : {}),
        });
        return { kind, transport, process: transport, failure: () => transport.failureDescription() };
    }
    const address = settings.httpUrl ?? settings.url ?? '';
    let url;
    try {
        url = new URL(address);
    }
    catch {
        throw new Error(`"${address}" is not a valid URL`);
    }
    const requestInit = settings.headers ? { headers: { ...settings.headers } } : {};
    // Each message the server sends is held up to the limit; past it, the connection is closed, so
    // its pending calls fail at once saying why (the SDK alone would wait for them, or reconnect).
    let failure;
    const fetch = boundedMessageFetch((error) => {
        if (failure !== undefined)
            return;
        failure = `${error.message}, so the connection was closed`;
        // Only ever called from a response, so once `transport` below is there.
        void transport.close();
    });
    const transport = kind === 'http'
        ? new streamableHttp/* StreamableHTTPClientTransport */.j(url, { requestInit, fetch })
        : // Deprecated in the protocol, but `url` servers of Gemini CLI settings still speak it.
            // eslint-disable-next-line @typescript-eslint/no-deprecated
            new sse/* SSEClientTransport */.A(url, { requestInit, fetch });
    return { kind, transport, failure: () => failure };
}

;// CONCATENATED MODULE: ./src/tools/mcp/mcp-server-connection.ts
/**
 * One connected MCP server: the SDK client over its transport, the tools it lists, and tool calls
 * whose failures are explained in words a maintainer (and the model) can act on \u2014 the server did
 * not answer in time, its process exited, it is no longer connected.
 */










/** A server listing more pages of tools than this is not listed further. */
const MAX_TOOL_PAGES = 100;
/** A server could not be started or reached; `stderr` holds what a stdio server said last. */
class McpConnectError extends Error {
    stderr;
    constructor(message, stderr) {
        super(message);
        this.stderr = stderr;
        this.name = 'McpConnectError';
    }
}
class McpServerConnection {
    serverName;
    kind;
    client;
    created;
    closing;
    /** The handshake completed. */
    ready = false;
    /** The connection ended (the process exited, the server hung up, or `close()`). */
    lost = false;
    constructor(serverName, kind, client, created) {
        this.serverName = serverName;
        this.kind = kind;
        this.client = client;
        this.created = created;
    }
    /**
     * Starts or reaches the server and completes the MCP handshake. Rejects with the reason in a
     * phrase (`the command "x" was not found`, `it did not answer within 60 s`); the transport is
     * closed again by then.
     */
    static async open(options) {
        const { serverName, logger } = options;
        const deadline = deadlineSignal(options.connectTimeoutMs, options.signal);
        const created = await createMcpTransport(options.settings, {
            processes: options.processes,
            onStderrLine: (line) => {
                logger.debug(`[MCP server '${serverName}' stderr] ${line}`);
            },
        });
        const client = new esm_client/* Client */.K({ name: 'gemini-agent-action', version: version/* VERSION */.x }, {
            // Roots tell file-oriented servers which directory the run works in.
            capabilities: { roots: { listChanged: false } },
            // The server's output schemas are not compiled (see mcp-schema.ts).
            jsonSchemaValidator: uncheckedOutputSchemas,
        });
        // Not where the workspace may hold code the configuration did not come from: a server is not
        // told of files it could load as code (its command line may not name them either).
        const root = options.processes.workspaceRoot;
        const roots = options.processes.launchesOutsideWorkspace
            ? []
            : [{ uri: (0,external_node_url_.pathToFileURL)(root).href, name: (0,external_node_path_.basename)(root) }];
        client.setRequestHandler(types/* ListRootsRequestSchema */.WQ, () => ({ roots }));
        const connection = new McpServerConnection(serverName, created.kind, client, created);
        client.onerror = (error) => {
            logger.debug(`MCP server '${serverName}': ${error.message}`);
        };
        client.onclose = () => {
            connection.lost = true;
            // A server that goes away during the run (not at its end) is worth a line in the log.
            if (connection.ready && connection.closing === undefined) {
                logger.warning(`MCP server '${serverName}' closed the connection${connection.exitClause()}; calls of its tools fail from now on.${stderrSection(connection.stderrTail())}`);
            }
        };
        try {
            await client.connect(created.transport, {
                timeout: options.connectTimeoutMs,
                signal: deadline,
            });
        }
        catch (error) {
            const reason = connection.explain(error, {
                timeoutMs: options.connectTimeoutMs,
                signal: deadline,
                request: 'startup',
            });
            await connection.close();
            throw new McpConnectError(reason, connection.stderrTail());
        }
        connection.ready = true;
        return connection;
    }
    /** Every tool the server lists (following pagination). */
    async listTools(options) {
        const signal = deadlineSignal(options.timeoutMs, options.signal);
        const tools = [];
        let cursor;
        try {
            for (let page = 0; page < MAX_TOOL_PAGES; page += 1) {
                const result = await this.client.listTools(cursor === undefined ? {} : { cursor }, {
                    timeout: options.timeoutMs,
                    signal,
                });
                tools.push(...result.tools);
                cursor = result.nextCursor;
                if (cursor === undefined)
                    break;
            }
        }
        catch (error) {
            throw new Error(this.explain(error, { ...options, signal, request: 'startup' }), {
                cause: error,
            });
        }
        return tools;
    }
    async callTool(request, options) {
        if (this.lost || this.closing) {
            throw new Error(`the server is no longer connected${this.exitClause()}.`);
        }
        let result;
        try {
            result = await this.client.callTool(request, undefined, {
                timeout: options.timeoutMs,
                signal: options.signal,
            });
        }
        catch (error) {
            throw new Error(`${this.explain(error, { ...options, request: 'call' })}.`, {
                cause: error,
            });
        }
        // Before anything walks the result or writes it out as JSON.
        const problem = mcpResultLimitProblem(result);
        if (problem !== undefined)
            throw new Error(`its result was refused: ${problem}`);
        return toCallResult(result);
    }
    /** The last lines a stdio server wrote to stderr (for the log, never for the model). */
    stderrTail() {
        return this.created.process?.lastStderrLines() ?? [];
    }
    /** Ends the session and the transport (a stdio server's whole process group). Never throws. */
    close() {
        this.closing ??= (async () => {
            try {
                // Closes the transport too (for stdio: the server's whole process group).
                await this.client.close();
            }
            catch {
                await this.created.transport.close().catch(() => undefined);
            }
        })();
        return this.closing;
    }
    /**
     * Why a request failed, as a phrase. A tool call's time limit is the server's `timeout`
     * setting; starting up has the run's own limit.
     */
    explain(error, options) {
        const limit = formatSeconds(options.timeoutMs);
        const timedOut = options.signal?.aborted === true
            ? isTimeout(options.signal.reason)
            : error instanceof types/* McpError */.Nh && error.code === types/* ErrorCode */.O4.RequestTimeout;
        if (timedOut) {
            return options.request === 'call'
                ? `it did not answer within ${limit} (the server's "timeout" setting); the request was cancelled`
                : `it did not answer within ${limit}`;
        }
        // The SDK reports any abort as a timeout; the signal says what really happened.
        if (options.signal?.aborted === true) {
            return `the request was cancelled (${(0,errors/* errorMessage */.gJ)(options.signal.reason)})`;
        }
        if (error instanceof types/* McpError */.Nh && error.code === types/* ErrorCode */.O4.ConnectionClosed) {
            return `the server closed the connection${this.exitClause()}`;
        }
        const message = (0,errors/* errorMessage */.gJ)(error);
        if (message === 'Not connected')
            return `the server is no longer connected${this.exitClause()}`;
        // The HTTP transports' errors carry the status as `code`; their messages do not always say it.
        const status = error?.code;
        if (typeof status === 'number' &&
            status >= 100 &&
            status < 600 &&
            !message.includes(`${status}`)) {
            return `${message} (HTTP ${status})`;
        }
        const cause = error?.cause;
        return cause === undefined ? message : `${message} (${(0,errors/* errorMessage */.gJ)(cause)})`;
    }
    /**
     * ` (its process exited with code 1)` for a stdio server that has ended; why, when the
     * transport cut the server off (a message past the limit).
     */
    exitClause() {
        const failure = this.created.failure();
        if (failure !== undefined)
            return ` (${failure})`;
        const exit = this.created.process?.exitDescription();
        return exit === undefined ? '' : ` (its process ${exit})`;
    }
}
/** The fields of a `tools/call` result that matter here. */
function toCallResult(result) {
    const content = result['content'];
    if (!Array.isArray(content)) {
        // The protocol's first version answered with `toolResult` instead of content blocks.
        return { content: [{ type: 'text', text: JSON.stringify(result['toolResult']) }] };
    }
    return {
        content,
        ...(result['structuredContent'] === undefined
            ? {}
            : { structuredContent: result['structuredContent'] }),
        ...(result['isError'] === true ? { isError: true } : {}),
    };
}
/** Aborts after `ms`, or when `outer` aborts. */
function deadlineSignal(ms, outer) {
    const timeout = AbortSignal.timeout(ms);
    return outer ? AbortSignal.any([outer, timeout]) : timeout;
}
/** The reason `AbortSignal.timeout` aborts with. */
function isTimeout(reason) {
    return reason?.name === 'TimeoutError';
}
function formatSeconds(ms) {
    const seconds = ms / 1000;
    return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

// EXTERNAL MODULE: ./src/tools/mcp/mcp-tool-filter.ts
var mcp_tool_filter = __webpack_require__(56326);
// EXTERNAL MODULE: ./src/tools/external-schema-tool.ts
var external_schema_tool = __webpack_require__(8789);
// EXTERNAL MODULE: ./src/platform/text.ts
var platform_text = __webpack_require__(37376);
;// CONCATENATED MODULE: ./src/tools/mcp/mcp-tool.ts
/**
 * One tool of an MCP server, as the session sees it: declared with the server's own input schema,
 * confirmed with `mcp` details (the policy answers), and executed as a `tools/call` with a time
 * limit. Whatever goes wrong \u2014 the server reports an error, does not answer in time, or is gone \u2014
 * becomes an `mcp_tool_error` result the model reads; the session goes on.
 */





/** The Gemini CLI's default for a call without a configured `timeout`: ten minutes. */
const DEFAULT_MCP_TIMEOUT_MS = 600_000;
/** How the confirmation is titled (as in the Gemini CLI). */
const MCP_CONFIRMATION_TITLE = 'Confirm MCP Tool Execution';
/** Longest argument summary in a call's one-line description. */
const DESCRIBE_ARGS_CHARS = 120;
class McpTool extends external_schema_tool/* ExternalSchemaTool */.H {
    serverName;
    serverToolName;
    annotations;
    timeoutMs;
    caller;
    constructor(options) {
        super({
            name: options.name,
            displayName: `${options.serverToolName} (${options.serverName} MCP Server)`,
            description: options.description,
            parametersJsonSchema: options.inputSchema,
        });
        this.serverName = options.serverName;
        this.serverToolName = options.serverToolName;
        this.annotations = options.annotations;
        this.timeoutMs = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
        this.caller = options.caller;
    }
    invocation(params) {
        return {
            params,
            describe: () => `${this.serverName}: ${this.serverToolName}(${summarizeArgs(params)})`,
            locations: () => [],
            confirmationDetails: () => Promise.resolve({
                type: 'mcp',
                title: MCP_CONFIRMATION_TITLE,
                serverName: this.serverName,
                toolName: this.serverToolName,
                toolDisplayName: this.name,
            }),
            execute: (signal) => this.execute(params, signal),
        };
    }
    async execute(params, signal) {
        let result;
        try {
            result = await this.caller.callTool({ name: this.serverToolName, arguments: params }, { timeoutMs: this.timeoutMs, signal });
        }
        catch (error) {
            return this.failure(`MCP tool '${this.serverToolName}' (server '${this.serverName}') failed: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
        if (result.isError === true) {
            const serverText = mcpResultText(result);
            const message = mcpToolErrorMessage({ toolName: this.serverToolName, args: params, result });
            return {
                llmContent: message,
                returnDisplay: (0,shell_output/* cutMiddle */.it)(`Error: MCP tool '${this.serverToolName}' reported an error.${serverText ? `\n${serverText}` : ''}`),
                error: { message, type: 'mcp_tool_error' },
            };
        }
        return {
            llmContent: mcpResultToParts(result, this.serverToolName),
            returnDisplay: mcpResultDisplay(result),
        };
    }
    failure(message) {
        return {
            llmContent: message,
            returnDisplay: message,
            error: { message, type: 'mcp_tool_error' },
        };
    }
}
/** `key: value, \u2026` with JSON values, cut to a readable length. */
function summarizeArgs(params) {
    const text = Object.entries(params)
        .map(([key, value]) => `${key}: ${JSON.stringify(value) ?? String(value)}`)
        .join(', ');
    return (0,platform_text/* ellipsize */.mc)(text, DESCRIBE_ARGS_CHARS);
}

;// CONCATENATED MODULE: ./src/tools/mcp/mcp-connections.ts









/**
 * How long a server gets to start, shake hands and list its tools. Generous, because `npx` may
 * first download the server; a server that takes longer is left out rather than holding up the run.
 */
const DEFAULT_MCP_CONNECT_TIMEOUT_MS = 120_000;
/** How long closing one server may take before it is given up on (its process group is killed). */
const CLOSE_LIMIT_MS = 10_000;
async function connectMcpServers(options) {
    const { logger } = options;
    const timeoutMs = options.connectTimeoutMs ?? DEFAULT_MCP_CONNECT_TIMEOUT_MS;
    const entries = Object.entries(options.servers);
    const statuses = [];
    const discoveries = entries.map(([name, settings]) => {
        const status = {
            name,
            transport: mcpTransportKind(settings),
            state: 'connected',
            tools: [],
            skippedTools: [],
        };
        statuses.push(status);
        const disabled = (0,mcp_tool_filter/* mcpServerDisabledReason */.u)(name, options);
        if (disabled !== undefined) {
            status.state = 'disabled';
            status.reason = disabled;
            logger.info(`MCP server '${name}' is not started: ${disabled}.`);
            return undefined;
        }
        return discover(name, settings, { ...options, timeoutMs });
    });
    const settled = await Promise.all(discoveries.map((discovery) => discovery ?? Promise.resolve(undefined)));
    const connections = [];
    const candidates = [];
    settled.forEach((discovery, index) => {
        const status = statuses[index];
        const settings = entries[index]?.[1];
        if (discovery === undefined || status === undefined || settings === undefined)
            return;
        if (!discovery.ok) {
            status.state = 'failed';
            status.reason = discovery.reason;
            logger.warning(failureLine(status, discovery.stderr));
            return;
        }
        connections.push(discovery.connection);
        candidates.push(...offerable(discovery.connection, discovery.tools, { status, settings, logger }));
    });
    const tools = buildTools(candidates, {
        statuses,
        servers: options.servers,
        reservedNames: options.reservedNames,
        logger,
    });
    // A server none of whose tools is offered has nothing to do in this run.
    const idle = connections.filter((connection) => statuses.find((status) => status.name === connection.serverName)?.tools.length === 0);
    await Promise.all(idle.map((connection) => closeWithin(connection, logger)));
    for (const status of statuses) {
        if (status.state !== 'connected')
            continue;
        logger.info(connectedLine(status));
    }
    const active = connections.filter((connection) => !idle.includes(connection));
    let closing;
    return {
        tools,
        servers: statuses,
        close: () => {
            closing ??= Promise.all(active.map((connection) => closeWithin(connection, logger))).then(() => undefined);
            return closing;
        },
    };
}
/** The server's tools its settings let through and whose schemas the model can be given. */
function offerable(connection, descriptions, context) {
    const { status, logger } = context;
    const candidates = [];
    for (const [index, description] of descriptions.entries()) {
        const toolName = description.name;
        if (!(0,mcp_tool_filter/* isMcpToolEnabled */.U)(toolName, context.settings)) {
            logger.debug(`MCP tool '${toolName}' of server '${status.name}' is filtered out by its settings.`);
            continue;
        }
        const problem = mcpToolProblem(description);
        if (problem?.kind === 'untyped') {
            status.skippedTools.push({ name: toolName, reason: problem.message });
            logger.warning(`Skipping tool '${toolName}' from MCP server '${status.name}' because it has missing types in its parameter schema. Please file an issue with the owner of the MCP server.`);
            continue;
        }
        if (problem !== undefined) {
            status.skippedTools.push({ name: toolName, reason: problem.message });
            logger.warning(`Skipping tool '${toolName}' from MCP server '${status.name}': ${problem.message}`);
            continue;
        }
        if (candidates.length === declaration_limits/* MAX_DECLARED_TOOLS */.m4) {
            const rest = descriptions.slice(index);
            const reason = (0,declaration_limits/* tooManyToolsMessage */.Uh)(descriptions.length, rest.length);
            for (const tool of rest)
                status.skippedTools.push({ name: tool.name, reason });
            logger.warning(`MCP server '${status.name}': ${reason}`);
            break;
        }
        candidates.push({ serverName: status.name, toolName, description, connection });
    }
    return candidates;
}
/** The session tools, under the names `assignExposedNames` gives them; the statuses list them. */
function buildTools(candidates, context) {
    const { logger } = context;
    const tools = [];
    for (const exposed of assignExposedNames(candidates, context.reservedNames)) {
        const { tool: candidate } = exposed;
        const status = context.statuses.find((entry) => entry.name === candidate.serverName);
        if (exposed.name === undefined) {
            status?.skippedTools.push({ name: candidate.toolName, reason: exposed.reason });
            logger.warning(`Skipping tool '${candidate.toolName}' from MCP server '${candidate.serverName}': ${exposed.reason}.`);
            continue;
        }
        if (exposed.qualified) {
            logger.info(`MCP tool '${candidate.toolName}' of server '${candidate.serverName}' is offered as '${exposed.name}': another tool has its name.`);
        }
        const { description } = candidate;
        tools.push(new McpTool({
            name: exposed.name,
            serverName: candidate.serverName,
            serverToolName: candidate.toolName,
            description: description.description ?? '',
            inputSchema: description.inputSchema,
            ...(description.annotations ? { annotations: description.annotations } : {}),
            timeoutMs: context.servers[candidate.serverName]?.timeout ?? DEFAULT_MCP_TIMEOUT_MS,
            caller: candidate.connection,
        }));
        status?.tools.push(exposed.name);
    }
    return tools;
}
async function discover(serverName, settings, options) {
    // One budget for starting, the handshake and the listing.
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    let connection;
    try {
        connection = await McpServerConnection.open({
            serverName,
            settings,
            processes: options.processes,
            logger: options.logger,
            connectTimeoutMs: options.timeoutMs,
            signal,
        });
    }
    catch (error) {
        return { ok: false, reason: (0,errors/* errorMessage */.gJ)(error), stderr: stderrOf(error) };
    }
    try {
        const tools = await connection.listTools({ timeoutMs: options.timeoutMs, signal });
        return { ok: true, connection, tools };
    }
    catch (error) {
        const stderr = connection.stderrTail();
        await closeWithin(connection, options.logger);
        return { ok: false, reason: `listing its tools failed: ${(0,errors/* errorMessage */.gJ)(error)}`, stderr };
    }
}
/** What a stdio server wrote to stderr before it failed to start. */
function stderrOf(error) {
    return error instanceof McpConnectError ? error.stderr : [];
}
function transportLabel(status) {
    return status.transport ?? 'no transport';
}
function connectedLine(status) {
    const head = `MCP server '${status.name}' (${transportLabel(status)})`;
    if (status.tools.length === 0)
        return `${head} connected but offers no usable tools; it was stopped.`;
    const count = status.tools.length === 1 ? '1 tool' : `${status.tools.length} tools`;
    return `${head} connected: ${count} (${status.tools.join(', ')}).`;
}
function failureLine(status, stderr) {
    return `MCP server '${status.name}' (${transportLabel(status)}) is not used: ${status.reason ?? 'unknown reason'}. The run goes on without its tools.${stderrSection(stderr)}`;
}
async function closeWithin(connection, logger) {
    let timer;
    const limit = new Promise((resolve) => {
        timer = setTimeout(() => {
            resolve('timeout');
        }, CLOSE_LIMIT_MS);
        timer.unref();
    });
    const outcome = await Promise.race([connection.close().then(() => 'closed'), limit]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
        logger.warning(`MCP server '${connection.serverName}' did not shut down in time.`);
    }
}


/***/ })

};
