export const id = 737;
export const ids = [737];
export const modules = {

/***/ 39139:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ createTranscriptWriter)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _platform_make_directory_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(65855);
/**
 * The transcript: every AgentEvent of a session as one JSON line, in the order emitted. Lines are
 * appended synchronously, so none is lost or reordered even if the process ends abruptly after a
 * listener returns.
 */



/** Opens (creating folders as needed) a JSONL file for appending events to. */
function createTranscriptWriter(filePath, options) {
    const target = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(filePath);
    // Not Node's recursive mkdir, which never returns for a folder under /proc (make-directory.ts).
    (0,_platform_make_directory_js__WEBPACK_IMPORTED_MODULE_2__/* .makeDirectorySync */ .hC)(node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(target));
    let fd = node_fs__WEBPACK_IMPORTED_MODULE_0___default().openSync(target, 'a');
    const write = (event) => {
        const line = JSON.stringify(event);
        const text = `${options.redact(line)}\n`;
        fd ??= node_fs__WEBPACK_IMPORTED_MODULE_0___default().openSync(target, 'a');
        node_fs__WEBPACK_IMPORTED_MODULE_0___default().writeSync(fd, text);
    };
    return Object.assign(write, {
        path: target,
        close() {
            if (fd === undefined)
                return;
            node_fs__WEBPACK_IMPORTED_MODULE_0___default().closeSync(fd);
            fd = undefined;
        },
    });
}


/***/ }),

/***/ 47014:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ requireRepoDirectory)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(46316);
/**
 * `--repo`: every command that takes it refuses a folder that does not exist the same way, as a
 * usage error (exit 42), instead of answering as if the folder were empty.
 */



async function requireRepoDirectory(dir) {
    const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(dir).catch(() => undefined);
    if (!info?.isDirectory()) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`--repo expects an existing directory, got "${node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(dir)}".`);
    }
}


/***/ }),

/***/ 41737:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  processIo: () => (/* binding */ processIo),
  runCli: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/agent/transcript.ts
var agent_transcript = __webpack_require__(39139);
// EXTERNAL MODULE: ./src/model/create-content-generator.ts + 9 modules
var create_content_generator = __webpack_require__(94521);
// EXTERNAL MODULE: ./src/model/model-auth.ts
var model_auth = __webpack_require__(67815);
// EXTERNAL MODULE: ./src/model/model-calls.ts
var model_calls = __webpack_require__(89584);
// EXTERNAL MODULE: ./src/model/model-choice.ts
var model_choice = __webpack_require__(11106);
// EXTERNAL MODULE: ./src/model/retry.ts + 1 modules
var retry = __webpack_require__(92638);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/platform/logger.ts
var platform_logger = __webpack_require__(63255);
// EXTERNAL MODULE: ./src/platform/process-group.ts
var process_group = __webpack_require__(70192);
// EXTERNAL MODULE: ./src/platform/sandbox/pending-sandbox.ts
var pending_sandbox = __webpack_require__(35890);
// EXTERNAL MODULE: ./src/platform/sandbox/resolve-sandbox.ts + 6 modules
var resolve_sandbox = __webpack_require__(33784);
// EXTERNAL MODULE: ./src/tools/tool-processes.ts
var tool_processes = __webpack_require__(90161);
// EXTERNAL MODULE: ./src/tools/protected-paths.ts
var protected_paths = __webpack_require__(82404);
// EXTERNAL MODULE: ./src/session-setup/written-configuration.ts
var written_configuration = __webpack_require__(43928);
// EXTERNAL MODULE: ./src/report/session-stats.ts
var session_stats = __webpack_require__(93020);
// EXTERNAL MODULE: ./src/session-setup/run-agent.ts + 25 modules
var run_agent = __webpack_require__(70832);
// EXTERNAL MODULE: ./src/agent/subagents/agent-files.ts + 1 modules
var agent_files = __webpack_require__(50082);
// EXTERNAL MODULE: ./src/config/settings.ts + 1 modules
var config_settings = __webpack_require__(64730);
// EXTERNAL MODULE: ./src/config/settings-types.ts
var settings_types = __webpack_require__(88705);
// EXTERNAL MODULE: ./src/session-setup/folder-trust.ts
var folder_trust = __webpack_require__(55545);
// EXTERNAL MODULE: ./src/platform/version.ts
var version = __webpack_require__(95895);
// EXTERNAL MODULE: ./src/telemetry/start-telemetry.ts + 2 modules
var start_telemetry = __webpack_require__(51274);
// EXTERNAL MODULE: ./src/telemetry/telemetry.ts
var telemetry_telemetry = __webpack_require__(28048);
// EXTERNAL MODULE: ./src/custom-commands/run-commands.ts + 3 modules
var run_commands = __webpack_require__(3939);
// EXTERNAL MODULE: ./src/custom-commands/extensions/extension-config.ts
var extension_config = __webpack_require__(72485);
// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(77593);
// EXTERNAL MODULE: ./src/cli/changed-files.ts
var changed_files = __webpack_require__(51608);
// EXTERNAL MODULE: ./src/cli/exit-codes.ts
var exit_codes = __webpack_require__(28551);
// EXTERNAL MODULE: ./src/platform/text.ts
var platform_text = __webpack_require__(37376);
;// CONCATENATED MODULE: ./src/cli/output/json-output.ts


function createJsonOutput(options) {
    const { stdout, stats } = options;
    // Warnings hold text from the API (a model's status message): no control character of it
    // reaches the terminal.
    const stderr = (0,platform_logger/* neutralSink */.hp)(options.stderr);
    return {
        listener: (event) => {
            if (event.kind === 'warning')
                stderr.write(`warning: ${event.message}\n`);
        },
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
            stdout.write(`${(0,platform_text/* inertJson */.nl)(output, 2)}\n`);
        },
        failBeforeStart(error) {
            stdout.write(`${(0,platform_text/* inertJson */.nl)({ error }, 2)}\n`);
        },
    };
}

;// CONCATENATED MODULE: ./src/cli/output/stream-json-output.ts

function createStreamJsonOutput(options) {
    const { stdout, prompt, stats } = options;
    const now = options.now ?? (() => new Date());
    const announced = new Set();
    const line = (event) => stdout.write(`${(0,platform_text/* inertJson */.nl)({ ...event, timestamp: now().toISOString() })}\n`);
    /**
     * A subagent's calls carry the id of the call that runs it (`parent_tool_id`) and an id made
     * unique with it, since each session numbers its calls on its own.
     */
    const onToolCall = (call, parent) => {
        const toolId = parent ? `${parent.id}/${call.tool_call_id}` : call.tool_call_id;
        const nesting = parent ? { parent_tool_id: parent.id, agent_name: parent.agent } : {};
        if (!announced.has(toolId)) {
            announced.add(toolId);
            line({
                type: 'tool_use',
                tool_name: call.tool_name,
                tool_id: toolId,
                parameters: call.input_parameters,
                ...nesting,
            });
        }
        if (call.status === 'SUCCEEDED') {
            const output = outputText(call.output);
            line({ type: 'tool_result', tool_id: toolId, status: 'success', output, ...nesting });
        }
        else if (call.status === 'FAILED' || call.status === 'CANCELLED') {
            line({
                type: 'tool_result',
                tool_id: toolId,
                status: 'error',
                error: {
                    type: call.error?.type ?? (call.status === 'CANCELLED' ? 'cancelled' : 'error'),
                    message: call.error?.message ?? 'The tool call did not complete.',
                },
                ...(call.confirmation_outcome ? { decision: call.confirmation_outcome } : {}),
                ...nesting,
            });
        }
    };
    /** What a subagent did, under the call that runs it: its text, its calls, its warnings. */
    const onNested = (event) => {
        const parent = { id: event.parent_call_id, agent: event.agent_name };
        const inner = event.event;
        const nesting = { parent_tool_id: parent.id, agent_name: parent.agent };
        if (inner.kind === 'tool_call_update')
            onToolCall(inner.tool_call, parent);
        else if (inner.kind === 'text_content') {
            line({ type: 'message', role: 'assistant', content: inner.text, delta: true, ...nesting });
        }
        else if (inner.kind === 'warning') {
            line({ type: 'error', severity: 'warning', message: inner.message, ...nesting });
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
            case 'subagent_event':
                onNested(event);
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
/** The text form of a tool's display: the text, the unified diff, or the todo list. */
function outputText(output) {
    if (!output)
        return '';
    if ('text' in output)
        return output.text;
    if ('diff' in output)
        return output.diff.fileDiff;
    return output.structured_data.todos
        .map((todo) => `[${todo.status}] ${todo.description}`)
        .join('\n');
}

;// CONCATENATED MODULE: ./src/cli/output/terminal-text.ts
/**
 * Text measured and cleaned for a terminal: how many columns a string takes (wide CJK and emoji
 * characters take two, combining marks none), cutting to a width with an ellipsis, and keeping
 * only printable text from strings the model chose.
 */
/**
 * A tool's description comes from model-chosen arguments: escape sequences, newlines or bidi
 * overrides in it could move the cursor or corrupt the terminal, so only printable text is kept.
 */
function printableOneLine(text) {
    return (text
        // eslint-disable-next-line no-control-regex -- removing terminal escape sequences is the point
        .replace(/\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g, '')
        // eslint-disable-next-line no-control-regex -- so is replacing control characters
        .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim());
}
/**
 * Made on first use, not when the module loads: the first `Intl` object of a process loads ICU's
 * data (about 10 ms), and most runs never measure anything but printable ASCII.
 */
let graphemeSegmenter;
function graphemes(text) {
    graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return graphemeSegmenter.segment(text);
}
/** Printable ASCII only: one column per character. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Terminal columns a string takes: wide (CJK, emoji) characters count 2, combining marks 0. */
function displayWidth(text) {
    if (PRINTABLE_ASCII.test(text))
        return text.length;
    let width = 0;
    for (const { segment } of graphemes(text))
        width += graphemeWidth(segment);
    return width;
}
/** `text` cut to at most `width` columns, ending in an ellipsis when anything was cut. */
function truncateToWidth(text, width) {
    if (displayWidth(text) <= width)
        return text;
    if (width <= 0)
        return '';
    // One column stays free for the ellipsis.
    if (PRINTABLE_ASCII.test(text))
        return `${text.slice(0, width - 1).trimEnd()}\u2026`;
    let result = '';
    let used = 0;
    for (const { segment } of graphemes(text)) {
        const next = graphemeWidth(segment);
        // One column stays free for the ellipsis; a wide character that would not fit is dropped.
        if (used + next > width - 1)
            break;
        result += segment;
        used += next;
    }
    // `cut \u2026` reads as a gap; `cut\u2026` as a cut.
    return `${result.trimEnd()}\u2026`;
}
function graphemeWidth(segment) {
    const first = segment.codePointAt(0) ?? 0;
    if (/^[\p{Mark}\p{Default_Ignorable_Code_Point}\p{Control}]/u.test(segment))
        return 0;
    if (isWide(first) || /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u.test(segment)) {
        return 2;
    }
    return 1;
}
/** East Asian Wide and Fullwidth ranges (the ones terminals draw two columns wide). */
function isWide(code) {
    return ((code >= 0x1100 && code <= 0x115f) ||
        (code >= 0x2e80 && code <= 0x303e) ||
        (code >= 0x3041 && code <= 0x33ff) ||
        (code >= 0x3400 && code <= 0x4dbf) ||
        (code >= 0x4e00 && code <= 0x9fff) ||
        (code >= 0xa000 && code <= 0xa4cf) ||
        (code >= 0xa960 && code <= 0xa97f) ||
        (code >= 0xac00 && code <= 0xd7a3) ||
        (code >= 0xf900 && code <= 0xfaff) ||
        (code >= 0xfe10 && code <= 0xfe19) ||
        (code >= 0xfe30 && code <= 0xfe6f) ||
        (code >= 0xff00 && code <= 0xff60) ||
        (code >= 0xffe0 && code <= 0xffe6) ||
        (code >= 0x20000 && code <= 0x3fffd));
}

;// CONCATENATED MODULE: ./src/cli/output/status-line.ts



function initialStatusState(startedAt) {
    return {
        startedAt,
        turn: 0,
        activity: 'starting',
        calls: [],
        inputTokens: 0,
        outputTokens: 0,
        ended: false,
    };
}
/** The state after `event`; never mutates `state`. */
function applyStatusEvent(state, event) {
    const next = { ...state, turn: Math.max(state.turn, event.turn) };
    // A new model request starts a new activity; the last turn's thought no longer applies.
    if (next.turn !== state.turn) {
        next.activity = 'waiting';
        delete next.thought;
    }
    switch (event.kind) {
        case 'state_change':
            if (event.final)
                return { ...next, ended: true, calls: [] };
            if (event.state === 'working' && next.activity === 'starting')
                next.activity = 'waiting';
            return next;
        case 'thought':
            return { ...next, activity: 'thinking', thought: event.thought.subject };
        case 'text_content':
            return { ...next, activity: 'writing' };
        case 'token_usage':
            return {
                ...next,
                inputTokens: event.total.input_tokens,
                outputTokens: event.total.output_tokens,
            };
        case 'tool_call_update':
            return { ...next, calls: updateCalls(state.calls, event.tool_call) };
        default:
            return next;
    }
}
function updateCalls(calls, data) {
    const others = calls.filter((call) => call.id !== data.tool_call_id);
    if (data.status !== 'PENDING' && data.status !== 'EXECUTING')
        return others;
    const call = {
        id: data.tool_call_id,
        name: data.tool_name,
        executing: data.status === 'EXECUTING',
        ...(data.description ? { description: data.description } : {}),
    };
    const index = calls.findIndex((existing) => existing.id === data.tool_call_id);
    if (index === -1)
        return [...calls, call];
    return calls.map((existing, i) => (i === index ? call : existing));
}
const SEPARATOR = ' \u00b7 ';
/** Below this many columns for the activity, the line is cut at its end instead. */
const MIN_ACTIVITY_WIDTH = 12;
/**
 * The status line as plain text (no escape codes), at most `columns - 1` wide: writing into a
 * terminal's last column makes some terminals wrap, which would break the in-place redraw.
 */
function renderStatusLine(state, options) {
    const width = Math.max(0, Math.floor(options.columns) - 1);
    const { main, suffix } = describeActivity(state);
    const before = state.turn > 0 ? [`turn ${state.turn}`] : [];
    const after = [formatElapsed(options.now - state.startedAt)];
    if (state.inputTokens > 0 || state.outputTokens > 0) {
        after.push(`${formatCount(state.inputTokens)} in / ${formatCount(state.outputTokens)} out`);
    }
    const fixed = [...before, ...after].join(SEPARATOR) + SEPARATOR;
    const room = width - displayWidth(fixed) - displayWidth(suffix);
    // The activity gives way first, so the turn, the clock and the tokens stay readable.
    if (room >= MIN_ACTIVITY_WIDTH) {
        return [...before, truncateToWidth(main, room) + suffix, ...after].join(SEPARATOR);
    }
    return truncateToWidth([...before, main + suffix, ...after].join(SEPARATOR), width);
}
function describeActivity(state) {
    const shown = state.calls.find((call) => call.executing) ?? state.calls[0];
    if (shown) {
        const description = shown.description ? `: ${printableOneLine(shown.description)}` : '';
        const more = state.calls.length - 1;
        return {
            main: printableOneLine(shown.name) + description,
            suffix: more > 0 ? ` (+${more} more)` : '',
        };
    }
    switch (state.activity) {
        case 'starting':
            return { main: 'starting', suffix: '' };
        case 'waiting':
            return { main: 'waiting for the model', suffix: '' };
        case 'thinking':
            return {
                main: state.thought ? `thinking: ${printableOneLine(state.thought)}` : 'thinking',
                suffix: '',
            };
        case 'writing':
            return { main: 'writing', suffix: '' };
    }
}
function formatElapsed(ms) {
    const seconds = Math.max(0, Math.floor(ms / 1000));
    if (seconds < 60)
        return `${seconds}s`;
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60)
        return `${minutes}m ${pad(seconds % 60)}s`;
    return `${Math.floor(minutes / 60)}h ${pad(minutes % 60)}m`;
}
function pad(value) {
    return String(value).padStart(2, '0');
}
function formatCount(count) {
    if (count < 1000)
        return String(count);
    if (count < 1_000_000)
        return `${trimZero((count / 1000).toFixed(count < 10_000 ? 1 : 0))}k`;
    return `${trimZero((count / 1_000_000).toFixed(1))}M`;
}
function trimZero(text) {
    return text.endsWith('.0') ? text.slice(0, -2) : text;
}
const CLEAR_LINE = '\r\u001b[K';
const DEFAULT_COLUMNS = 80;
/**
 * The live status line for a run in a terminal. Off a terminal (or with `TERM=dumb`) it is
 * inert: the listener ignores events and `above` hands sinks back untouched.
 */
function createTerminalProgress(options) {
    // The status line's escape codes are the program's own formatting: they go to the stream below
    // a neutral wrapper, and the text written above the line is made neutral here instead.
    const stream = (0,platform_logger/* rawSink */.e9)(options.stream);
    const env = options.env ?? {};
    const live = (options.isTTY ?? isTerminal(stream)) && env.TERM !== 'dumb';
    const colour = !env.NO_COLOR;
    const now = options.now ?? Date.now;
    const startTimer = options.setInterval ?? ((callback, ms) => setInterval(callback, ms));
    // Only ever given the handles the default above created.
    const stopTimer = options.clearInterval ??
        ((handle) => {
            clearInterval(handle);
        });
    const minRedrawMs = options.minRedrawMs ?? 100;
    let state = initialStatusState(now());
    let timer;
    let stopped = !live;
    /** The text of the status line on screen, if one is. */
    let shown;
    let lastDrawAt = Number.NEGATIVE_INFINITY;
    /** Whether the cursor is at the start of a line; a status line drawn mid-line would split it. */
    let atLineStart = true;
    const columns = () => {
        const value = typeof options.columns === 'function'
            ? options.columns()
            : (options.columns ?? terminalColumns(stream));
        return value !== undefined && value > 0 ? value : DEFAULT_COLUMNS;
    };
    /** The status line's bytes, or undefined when it need not be drawn now. */
    const frame = (force) => {
        if (stopped || !atLineStart)
            return undefined;
        const time = now();
        if (!force && time - lastDrawAt < minRedrawMs)
            return undefined;
        const line = renderStatusLine(state, { columns: columns(), now: time });
        if (line === shown)
            return undefined;
        shown = line;
        lastDrawAt = time;
        return `\r${colour ? `\u001b[2m${line}\u001b[22m` : line}\u001b[K`;
    };
    const draw = (force) => {
        const bytes = frame(force);
        if (bytes !== undefined)
            stream.write(bytes);
    };
    const clear = () => {
        if (shown === undefined)
            return '';
        shown = undefined;
        return CLEAR_LINE;
    };
    const stop = () => {
        if (timer !== undefined)
            stopTimer(timer);
        timer = undefined;
        if (stopped)
            return;
        const bytes = clear();
        if (bytes)
            stream.write(bytes);
        stopped = true;
    };
    const listener = (event) => {
        if (stopped)
            return;
        state = applyStatusEvent(state, event);
        if (state.ended) {
            stop();
            return;
        }
        if (timer === undefined) {
            // The clock must move while a long tool runs and no event comes; the same tick draws a
            // change that the redraw limit held back.
            timer = startTimer(() => {
                draw(false);
            }, minRedrawMs);
            timer.unref?.();
        }
        draw(false);
    };
    const above = (given) => {
        const sink = (0,platform_logger/* rawSink */.e9)(given);
        if (!live || (sink !== stream && !isTerminal(sink)))
            return given;
        const clean = sink === given ? (text) => text : platform_text/* neutralText */.J3;
        return {
            write(raw) {
                const text = clean(raw);
                if (stopped)
                    return sink.write(text);
                const wasShown = shown !== undefined;
                const cleared = clear();
                if (text !== '')
                    atLineStart = text.endsWith('\n');
                // The line that was on screen comes back at once below the new text; one write to one
                // stream, so the terminal never shows a frame without it.
                const restored = frame(wasShown) ?? '';
                if (sink === stream)
                    return stream.write(cleared + text + restored);
                if (cleared)
                    stream.write(cleared);
                const result = sink.write(text);
                if (restored)
                    stream.write(restored);
                return result;
            },
        };
    };
    return { listener, live, above, stop };
}
function isTerminal(sink) {
    return 'isTTY' in sink && sink.isTTY === true;
}
function terminalColumns(sink) {
    return 'columns' in sink && typeof sink.columns === 'number' ? sink.columns : undefined;
}

;// CONCATENATED MODULE: ./src/cli/output/text-output.ts

function createTextOutput(options) {
    const { progress } = options;
    const [plainOut, plainErr] = [(0,platform_logger/* neutralSink */.hp)(options.stdout), (0,platform_logger/* neutralSink */.hp)(options.stderr)];
    const stdout = progress ? progress.above(plainOut) : plainOut;
    const stderr = progress ? progress.above(plainErr) : plainErr;
    let endsWithNewline = true;
    let lastTextTurn;
    const sharedTerminal = options.sharedTerminal ?? (text_output_isTerminal(options.stdout) && text_output_isTerminal(options.stderr));
    /** A line for stderr, after ending the model's line on the terminal they share. */
    const errLine = (text) => {
        if (sharedTerminal && !endsWithNewline) {
            stdout.write('\n');
            endsWithNewline = true;
        }
        stderr.write(text);
    };
    const toolLine = (call) => {
        const what = `${call.tool_name}${call.description ? `: ${call.description}` : ''}`;
        switch (call.status) {
            case 'SUCCEEDED':
                return `\u2713 ${what}`;
            case 'FAILED':
                return `\u2717 ${what} \u2014 ${firstLine(call.error?.message ?? 'failed')}`;
            case 'CANCELLED':
                return `- ${what} (cancelled)`;
            default:
                return undefined;
        }
    };
    const listener = (event) => {
        // The status line learns of the event first, so the one drawn below a final line is current.
        progress?.listener(event);
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
                errLine(`${text}\n`);
        }
        else if (event.kind === 'subagent_event' && event.event.kind === 'tool_call_update') {
            // A subagent's finished calls, indented under the call that runs it.
            const text = toolLine(event.event.tool_call);
            if (text)
                errLine(`  ${event.agent_name}: ${text}\n`);
        }
        else if (event.kind === 'warning') {
            errLine(`warning: ${event.message}\n`);
        }
    };
    return {
        listener,
        finish(outcome) {
            progress?.stop();
            if (lastTextTurn !== undefined && !endsWithNewline)
                stdout.write('\n');
            if (outcome.reason !== 'completed') {
                stderr.write(`error: ${outcome.error ?? outcome.reason}\n`);
            }
        },
        failBeforeStart(error) {
            progress?.stop();
            stderr.write(`error: ${error.message}\n`);
        },
    };
}
function text_output_isTerminal(sink) {
    return 'isTTY' in sink && sink.isTTY === true;
}
function firstLine(text) {
    const line = text.split('\n', 1)[0] ?? '';
    return line.length > 200 ? `${line.slice(0, 200)}\u2026` : line;
}

// EXTERNAL MODULE: ./src/session-setup/policy-setup.ts + 23 modules
var policy_setup = __webpack_require__(9798);
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

// EXTERNAL MODULE: ./src/cli/run-stop.ts
var run_stop = __webpack_require__(15800);
// EXTERNAL MODULE: ./src/session-setup/replay-model.ts + 2 modules
var replay_model = __webpack_require__(57846);
// EXTERNAL MODULE: ./src/session-setup/replay-divergence.ts
var replay_divergence = __webpack_require__(28812);
// EXTERNAL MODULE: ./src/cli/repo-directory.ts
var repo_directory = __webpack_require__(47014);
// EXTERNAL MODULE: ./src/platform/make-directory.ts
var make_directory = __webpack_require__(65855);
;// CONCATENATED MODULE: ./src/cli/run-cli.ts
/**
 * The CLI's composition root: flags \u2192 model transport (live, or a recorded session served by the
 * local fake server) \u2192 tools and session \u2192 the chosen output format \u2192 exit code.
 */










































function processIo() {
    return {
        env: process.env,
        stdout: process.stdout,
        stderr: process.stderr,
        stdin: process.stdin,
        onInterrupt(handler) {
            const onSigint = () => {
                handler('SIGINT');
            };
            const onSigterm = () => {
                handler('SIGTERM');
            };
            process.on('SIGINT', onSigint);
            process.on('SIGTERM', onSigterm);
            return () => {
                process.off('SIGINT', onSigint);
                process.off('SIGTERM', onSigterm);
            };
        },
        exit(code) {
            process.exit(code);
        },
    };
}
/** Runs the CLI and returns its exit code; never throws. */
async function runCli(argv, terminal) {
    // Everything the CLI and its subcommands print carries text from repositories, manifests, the
    // model or tools: no control character of theirs reaches the terminal (logger.ts).
    const io = (0,platform_logger/* neutralIo */.ak)(terminal);
    const subcommand = await runSubcommand(argv, io);
    if (subcommand !== undefined)
        return subcommand;
    // Stage 1: the flags.
    let options;
    try {
        options = (0,args/* parseCliArgs */.hT)(argv);
    }
    catch (error) {
        io.stderr.write(`error: ${(0,errors/* errorMessage */.gJ)(error)}\n`);
        return (0,exit_codes/* exitCodeForError */.Lo)(error);
    }
    if (options.help) {
        io.stdout.write(args/* USAGE */.u_);
        return exit_codes/* ExitCode */.yU.OK;
    }
    if (options.version) {
        io.stdout.write(`${version/* VERSION */.x}\n`);
        return exit_codes/* ExitCode */.yU.OK;
    }
    const run = await openRun(options, io);
    try {
        // A second Ctrl-C ends the run at once, whatever stage it is in.
        return await Promise.race([runStages(run), run.stop.forced]);
    }
    catch (error) {
        return endEarly(run, error);
    }
    finally {
        run.stop.dispose();
        for (const cleanup of run.cleanups.reverse())
            await cleanup();
    }
}
/** The subcommands; undefined when the first word is none of them. */
async function runSubcommand(argv, io) {
    // `policy`, `run`, `commands`, `demo`, `trust` and `fleet` as the first word are subcommands; a prompt
    // starting with one of them needs -p.
    // Loaded when used: they bring most of the Action's GitHub side, which `-p` never needs and
    // whose loading would delay every run's first model request.
    switch (argv[0]) {
        case 'policy': {
            const { runPolicyCommand } = await __webpack_require__.e(/* import() */ 565).then(__webpack_require__.bind(__webpack_require__, 46565));
            return runPolicyCommand(argv.slice(1), io);
        }
        case 'run': {
            const { runRunCommand } = await Promise.all(/* import() */[__webpack_require__.e(366), __webpack_require__.e(647), __webpack_require__.e(111)]).then(__webpack_require__.bind(__webpack_require__, 49647));
            return runRunCommand(argv.slice(1), io);
        }
        case 'commands': {
            const { runCommandsCommand } = await __webpack_require__.e(/* import() */ 652).then(__webpack_require__.bind(__webpack_require__, 98652));
            return runCommandsCommand(argv.slice(1), io);
        }
        case 'demo': {
            const { runDemoCommand } = await Promise.all(/* import() */[__webpack_require__.e(366), __webpack_require__.e(647), __webpack_require__.e(111), __webpack_require__.e(950)]).then(__webpack_require__.bind(__webpack_require__, 45950));
            return runDemoCommand(argv.slice(1), io);
        }
        case 'trust': {
            const { runTrustCommand } = await __webpack_require__.e(/* import() */ 115).then(__webpack_require__.bind(__webpack_require__, 22115));
            return runTrustCommand(argv.slice(1), io);
        }
        case 'fleet': {
            const { runFleetCommand } = await Promise.all(/* import() */[__webpack_require__.e(366), __webpack_require__.e(111), __webpack_require__.e(778)]).then(__webpack_require__.bind(__webpack_require__, 55778));
            return runFleetCommand(argv.slice(1), io);
        }
        default:
            return undefined;
    }
}
/** The record of a run that is starting: its log, output and prompt, and its stop. */
async function openRun(options, io) {
    const logger = (0,platform_logger/* streamLogger */.VO)(io.stderr, { debug: options.debug });
    const stats = new session_stats/* SessionStatsCollector */.L();
    const prompt = options.prompt ?? (await readPipedStdin(io.stdin))?.trim();
    const output = createOutput(options, io, stats, prompt ?? '');
    const run = {
        options,
        io,
        logger,
        stats,
        output,
        prompt,
        cleanups: [],
        sessionId: (0,external_node_crypto_.randomUUID)(),
        stop: new run_stop/* RunStop */.cw({
            stderr: io.stderr,
            onInterrupt: (handler) => io.onInterrupt(handler),
            onForce: (cancellation) => stopAtOnce(run, cancellation),
        }),
    };
    return run;
}
/** The stages, each over the record: authorize \u2192 context \u2192 session \u2192 report. */
async function runStages(run) {
    const workspace = await authorize(run);
    run.stop.throwIfCancelled();
    const context = await loadContext(run, workspace);
    run.stop.throwIfCancelled();
    const result = await runSession(run, workspace, context);
    return report(run, result);
}
/**
 * Stage 2: the prompt and the workspace. The workspace's own configuration loads only in a
 * trusted folder; one that is not trusted and holds some stops here, before anything of it is
 * read or started (folder-trust.ts).
 */
async function authorize(run) {
    const { options, io, logger } = run;
    if (!run.prompt) {
        throw new errors/* UsageError */.eb('No prompt given: pass the task with -p "<prompt>" or pipe it in.');
    }
    await (0,repo_directory/* requireRepoDirectory */.n)(options.repo);
    await requireUnprotected(options.repo);
    const trust = await (0,folder_trust/* requireWorkspaceTrust */.BS)({
        folder: options.repo,
        env: io.env,
        skipTrust: options.skipTrust,
        contents: () => (0,folder_trust/* folderContents */.$c)(options.repo),
    });
    (0,folder_trust/* reportUntrustedContext */.mD)(trust, options.repo, logger);
    const configRoot = trust.trusted ? options.repo : undefined;
    // Files the run writes are checked before anything starts, so a path that cannot be written
    // is a usage error naming its flag rather than a failure in the middle of the session.
    if (options.record !== undefined)
        await requireWritableFile('--record', options.record);
    if (options.transcript !== undefined) {
        await requireWritableFile('--transcript', options.transcript);
    }
    return { trust, configRoot };
}
/**
 * Stage 3: the transcript, the sandbox's probe, and the configuration: settings, custom commands
 * and extensions, policy, agents, models.
 */
async function loadContext(run, workspace) {
    const { options, io, logger, cleanups } = run;
    const { configRoot } = workspace;
    // The transcript is the user's own file on their machine, as the CLI's other outputs are: it
    // is written as the session went, unredacted.
    if (options.transcript) {
        const transcript = (0,agent_transcript/* createTranscriptWriter */.C)(options.transcript, { redact: (line) => line });
        run.transcript = (0,run_stop/* followSessionEnd */.bl)(transcript, run.sessionId);
        cleanups.push(() => {
            transcript.close();
        });
    }
    // Finding the sandbox runs a probe the first time. The probe is the session the shell tool's
    // commands will run in (the options ToolProcesses opens it with), so the sandbox is set up
    // once. Under `auto` it starts once the session's first model request has been sent
    // (pending-sandbox.ts); a sandbox asked for by name starts now, beside the settings, policy
    // and model, since the session waits for it.
    const sandboxProbe = (0,pending_sandbox/* pendingSandbox */.Z)(options.sandbox, () => (0,resolve_sandbox/* resolveSandbox */.u1)(options.sandbox, {
        env: io.env,
        logger,
        setting: '--sandbox',
        firstSession: (0,tool_processes/* toolSandboxSession */.Y)({ workspaceRoot: options.repo, parentEnv: io.env }),
    }));
    // The session, when nothing took it over (the run stopped before its session started).
    cleanups.push(() => sandboxProbe.release());
    // What an earlier run's agent wrote among the configuration and nobody changed since is not
    // loaded (written-configuration.ts); a --policy file of that kind stops the run.
    const written = await (0,written_configuration/* checkWrittenConfiguration */.O8)({
        workspace: options.repo,
        extensionPaths: options.extensions,
        policyFiles: options.policyFiles,
        env: io.env,
    });
    for (const warning of written.warnings)
        logger.warning(warning);
    // Settings and policy problems (a typo in a --policy file) stop the run before any model
    // request. Settings come from the repository's .gemini/settings.json, as in the Gemini CLI.
    // Custom commands and extensions: from the repository and the --extension folders. Read
    // beside the settings, and the policy beside the agents (each pair is independent).
    const [settings, commands] = await bothInOrder(configRoot === undefined
        ? Promise.resolve(settings_types/* EMPTY_SETTINGS */.s)
        : (0,config_settings/* loadAgentSettings */.td)({
            input: undefined,
            configDirectory: configRoot,
            env: io.env,
            readFile: (0,written_configuration/* readUnlessHeldBack */.rU)(written),
        }), (0,run_commands/* loadRunCommands */.iY)({
        workspaceRoot: options.repo,
        configRoot,
        paths: options.extensions,
        pathsSetting: '--extension',
        env: io.env,
        logger,
        mayLoad: written.mayLoad,
    }));
    const runSettings = (0,extension_config/* withExtensionServers */.k0)(settings, commands.extensions, logger);
    const sessionPrompt = (0,run_commands/* sessionPromptFor */._w)(run.prompt ?? '', commands.registry);
    const [policy, agents] = await bothInOrder((0,policy_setup/* loadCliPolicy */.rw)({ ...options, settings: runSettings, extensions: commands.extensions }), (0,agent_files/* loadAgents */.L2)([
        ...(configRoot === undefined
            ? []
            : [{ ...(0,agent_files/* projectAgentsFolder */.uG)(configRoot), mayLoad: written.mayLoad }]),
        ...(0,extension_config/* extensionAgentFolders */.Ir)(commands.extensions),
    ], logger));
    for (const warning of policy.warnings)
        logger.warning(warning);
    const models = (0,model_choice/* chooseRunModels */.fc)({
        explicit: { value: options.model, setBy: '--model' },
        env: io.env,
        settings,
        fallback: { value: options.fallbackModel, setBy: '--fallback-model' },
        howToChoose: `--model (-m) or GEMINI_MODEL (or model.name in ${config_settings/* DEFAULT_SETTINGS_PATH */.WA})`,
    });
    run.modelName = models.model.name;
    return {
        written,
        settings,
        runSettings,
        commands,
        sessionPrompt,
        policy,
        agents,
        models,
        sandboxProbe,
    };
}
/** Stage 4: the model, the sandbox, telemetry, and the session, until it ends. */
async function runSession(run, workspace, context) {
    const { options, io, logger, cleanups, sessionId } = run;
    const { settings, models, sandboxProbe, commands, policy } = context;
    // Retries happen below the session; until it exists they go to the log, then into its event
    // stream, so every output format shows them.
    let reportRetry = (message) => {
        logger.warning(message);
    };
    const modelCalls = new model_calls/* ModelCalls */.r();
    const model = await openModel(options, io, {
        sessionId,
        cleanups,
        onRetry: (message) => {
            reportRetry(message);
        },
        onNotice: (message) => {
            logger.info(message);
        },
        onModelCall: modelCalls.report,
    });
    if (model.replay !== undefined)
        run.replay = model.replay;
    // `auto` falls back to no sandbox rather than failing, so its probe need not hold up the first
    // model request: the session starts it once that request has been sent, and every shell
    // command waits for it (see ToolProcesses), so none runs before it has decided. A sandbox
    // asked for by name must work, and its failure stops the run here, before any request.
    const sandbox = options.sandbox === 'auto' ? sandboxProbe : await sandboxProbe.find();
    sandboxProbe.answer
        .then((found) => {
        (0,resolve_sandbox/* reportSandbox */.go)(found, {
            mode: options.sandbox,
            isolateNetwork: false,
            logger,
            silence: 'Pass --sandbox none to run without one on purpose and silence this notice.',
            quiet: true,
        });
    })
        .catch(() => undefined);
    const telemetry = await (0,start_telemetry/* startTelemetry */.a)({
        settings,
        env: io.env,
        baseDirectory: process.cwd(),
        logger,
        run: {
            version: version/* VERSION */.x,
            sessionId,
            authType: model.authType,
            model: models.model.name,
            mode: options.mode,
            outputFormat: options.outputFormat,
            debug: options.debug,
            // Whether one is configured, as the Gemini CLI reports it; `auto` may still find none.
            sandboxEnabled: options.sandbox !== 'none',
            mcpServers: Object.keys(settings.mcpServers),
            coreTools: settings.coreTools,
            github: (0,telemetry_telemetry/* githubFactsFromEnvironment */.g)(io.env),
        },
    });
    // Last of the cleanups: the answer is out before telemetry's final export.
    if (telemetry)
        cleanups.unshift(() => telemetry.shutdown());
    // Recorded from before its first tool until its tools have stopped, so a later run does not
    // load configuration this one wrote.
    const recorded = await (0,written_configuration/* recordRun */.vj)(options.repo, io.env, (message) => {
        logger.warning(message);
    });
    const startedAt = Date.now();
    const starting = (0,run_agent/* startAgent */.Ih)({
        prompt: context.sessionPrompt,
        extensionContextFiles: (0,extension_config/* extensionContextFiles */.ek)(commands.extensions),
        ...(workspace.trust.trusted ? {} : { projectContext: false }),
        workspaceRoot: options.repo,
        ...models,
        env: io.env,
        sessionId,
        contentGenerator: model.generator,
        modelCalls,
        allowCommandHint: run_agent/* CLI_ALLOW_COMMAND_HINT */.VL,
        ...(model.replay !== undefined ? { replay: model.replay } : {}),
        // Nobody is asked: the policy answers every confirmation. A local run is started by a
        // person at their own checkout, so it runs with maintainer trust.
        policy: { engine: policy.engine, runMode: options.mode, trust: 'maintainer' },
        logger,
        onEvent: fanOut([
            run.stats.listener,
            run.output.listener,
            ...(run.transcript ? [run.transcript.listener] : []),
        ]),
        budgets: {
            ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns } : {}),
            ...(options.maxCostUsd !== undefined ? { maxCostUsd: options.maxCostUsd } : {}),
            ...(options.timeoutSeconds !== undefined
                ? { timeoutMs: Math.round(options.timeoutSeconds * 1000) }
                : {}),
        },
        // A cancellation's reason says by what and when; the session's last event carries it.
        signal: run.stop.signal,
        sandbox,
        settings: context.runSettings,
        ...(telemetry ? { telemetry } : {}),
        agents: context.agents,
        cost: { capSetBy: '--max-cost' },
    });
    const agent = await recorded(starting);
    run.session = { agent, startedAt };
    reportRetry = (message) => {
        agent.session.reportWarning('model_retry', message);
    };
    return agent.result;
}
/** Stage 5: the answer in the chosen format; a cancelled run also lists what it changed. */
async function report(run, session) {
    const cancellation = session.reason === 'cancelled' ? run.stop.cancellation : undefined;
    const exitCode = cancellation === undefined
        ? (0,exit_codes/* exitCodeForReason */.Nj)(session.reason)
        : (0,exit_codes/* exitCodeForCancellation */.o3)(cancellation);
    // `--strict`: a replay that diverged from its recording does not succeed, whatever it answered.
    const diverged = run.replay?.divergences ?? [];
    const strictFailure = run.options.strict && exitCode === exit_codes/* ExitCode */.yU.OK && diverged.length > 0;
    run.output.finish({
        sessionId: session.sessionId,
        model: run.modelName ?? '',
        response: session.response,
        reason: strictFailure ? 'replay_diverged' : session.reason,
        error: strictFailure ? `--strict: ${(0,replay_divergence/* divergenceSummary */.FE)(diverged)}.` : session.error,
        exitCode: strictFailure ? exit_codes/* ExitCode */.yU.ERROR : exitCode,
    });
    if (strictFailure)
        return exit_codes/* ExitCode */.yU.ERROR;
    if (cancellation !== undefined)
        await listChanges(run);
    return exitCode;
}
/** The run ended before its session did: the error (or the cancellation) in the output format. */
function endEarly(run, error) {
    const { cancellation } = run.stop;
    if (cancellation !== undefined && (error instanceof run_stop/* RunCancelled */.zL || isAbort(error))) {
        const code = (0,exit_codes/* exitCodeForCancellation */.o3)(cancellation);
        run.transcript?.endWith(cancellation, run.modelName ?? '');
        run.output.failBeforeStart({ type: 'Cancelled', message: cancellation.message, code });
        return code;
    }
    const code = (0,exit_codes/* exitCodeForError */.Lo)(error);
    run.output.failBeforeStart({
        type: error instanceof Error ? error.name : 'Error',
        message: (0,errors/* errorMessage */.gJ)(error),
        code,
    });
    if (run.options.debug && error instanceof Error && error.stack)
        run.logger.debug(error.stack);
    return code;
}
/**
 * A second Ctrl-C: every process the tools started is killed now, without a grace period; the
 * transcript still ends with the cancellation, and the changed files are listed when that is
 * quick. Then the process exits, without waiting for the session.
 */
async function stopAtOnce(run, cancellation) {
    const code = (0,exit_codes/* exitCodeForCancellation */.o3)(cancellation);
    const killed = await (0,process_group/* killToolProcessesNow */.wf)();
    run.transcript?.endWith(cancellation, run.modelName ?? '');
    run.io.stderr.write(`Stopped at once${killed.length === 0 ? '' : `: ${killed.length} process group(s) of the tools killed`}.\n`);
    await settleWithin(listChanges(run), FORCED_LISTING_MS);
    run.io.exit?.(code);
    return code;
}
/** How long a run stopped at once still spends listing the files it changed. */
const FORCED_LISTING_MS = 1000;
/** The files the session changed, left in place, on stderr. The CLI never commits them. */
async function listChanges(run) {
    if (run.session === undefined)
        return;
    try {
        const changes = await (0,changed_files/* readSessionChanges */.s)({
            workspace: run.options.repo,
            since: run.session.startedAt,
            written: run.session.agent.writtenFiles(),
            env: run.io.env,
        });
        for (const line of (0,changed_files/* describeSessionChanges */.B)(changes))
            run.io.stderr.write(`${line}\n`);
    }
    catch (error) {
        run.logger.warning(`The changed files could not be listed: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
}
function isAbort(error) {
    return error instanceof Error && error.name === 'AbortError';
}
async function settleWithin(promise, ms) {
    let timer;
    await Promise.race([
        promise.catch(() => undefined),
        new Promise((resolve) => {
            timer = setTimeout(resolve, ms);
        }),
    ]);
    clearTimeout(timer);
}
function createOutput(options, io, stats, prompt) {
    switch (options.outputFormat) {
        case 'json':
            return createJsonOutput({ stdout: io.stdout, stderr: io.stderr, stats });
        case 'stream-json':
            return createStreamJsonOutput({ stdout: io.stdout, prompt, stats });
        case 'text':
            return createTextOutput({
                stdout: io.stdout,
                stderr: io.stderr,
                progress: createTerminalProgress({ stream: io.stderr, env: io.env }),
            });
    }
}
/**
 * Two loads started together; when both fail, the first one's error is the one reported, as
 * when they ran one after the other.
 */
async function bothInOrder(first, second) {
    const [a, b] = await Promise.allSettled([first, second]);
    if (a.status === 'rejected')
        throw a.reason;
    if (b.status === 'rejected')
        throw b.reason;
    return [a.value, b.value];
}
/** The workspace may not lie inside a repository's .gemini or .github, or any .git. */
async function requireUnprotected(dir) {
    const problem = await (0,protected_paths/* protectedFolderProblem */.WM)(dir);
    if (problem !== undefined) {
        throw new errors/* UsageError */.eb(`--repo (default: the current folder): ${problem}`);
    }
}
/** A file the run may create or append to; a folder or an unwritable place is a usage error. */
async function requireWritableFile(flag, file) {
    const target = external_node_path_default().resolve(file);
    const info = await (0,promises_.stat)(target).catch(() => undefined);
    if (info?.isDirectory()) {
        throw new errors/* UsageError */.eb(`${flag} expects a file, but "${target}" is a directory.`);
    }
    try {
        await (0,make_directory/* makeDirectory */.Oh)(external_node_path_default().dirname(target));
        await (await (0,promises_.open)(target, 'a')).close();
    }
    catch (error) {
        throw new errors/* UsageError */.eb(`${flag}: cannot write "${target}" (${(0,errors/* errorMessage */.gJ)(error)}).`);
    }
}
/**
 * The model: live from the environment's credentials, or \u2014 with `--replay` \u2014 a recorded session
 * served by the local fake Gemini server, so replay goes through the same client as live runs.
 */
async function openModel(options, io, run) {
    let auth;
    let comparison;
    if (options.replay !== undefined) {
        const replay = await (0,replay_model/* serveRecordedSession */.G)(options.replay);
        run.cleanups.push(() => replay.close());
        auth = replay.auth;
        comparison = replay.comparison;
    }
    else {
        auth = (0,model_auth/* resolveModelAuth */.k)(io.env);
    }
    const generator = await (0,create_content_generator/* createContentGenerator */.z)(auth, {
        env: io.env,
        sessionId: run.sessionId,
        storeRequests: options.storeRequests,
        onNotice: run.onNotice,
        ...(options.record !== undefined ? { recordTo: options.record } : {}),
        retry: {
            onRetry: (event) => {
                run.onRetry((0,retry/* describeRetry */.eV)(event));
            },
        },
        onModelCall: run.onModelCall,
    });
    return {
        generator,
        authType: auth.type,
        ...(comparison !== undefined ? { replay: comparison } : {}),
    };
}
function fanOut(listeners) {
    return (event) => {
        for (const listener of listeners)
            listener(event);
    };
}


/***/ }),

/***/ 65855:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Oh: () => (/* binding */ makeDirectory),
/* harmony export */   hC: () => (/* binding */ makeDirectorySync),
/* harmony export */   uz: () => (/* binding */ DirectoryError)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(46316);
/**
 * `mkdir -p` that always ends, for folders a user names (an outfile's, `--out`, `--transcript`).
 *
 * Node's own `mkdir(dir, { recursive: true })` (sync and async, Node 22 and 24) never returns
 * when a folder on the way exists but answers ENOENT for a child, as procfs does
 * (`/proc/nope/t.jsonl`): its walk makes the parent (EEXIST), retries the child (ENOENT), and
 * so on forever, spinning on the CPU; the async call spins in a thread-pool thread, which also
 * keeps the process from exiting. Here each folder on the way is tried at most twice \u2014 once, and
 * once more after its parent has been made \u2014 and a second failure is the answer.
 *
 * A failure is a `DirectoryError` whose message says which folder and why, in words a person
 * can act on ("/tmp/x is a file, not a folder"); it keeps the system's `code` and the `path`.
 */




class DirectoryError extends Error {
    code;
    path;
    name = 'DirectoryError';
    constructor(message, 
    /** The system's error code (`EACCES`, `ENOTDIR`, \u2026). */
    code, 
    /** The folder that could not be made, or the entry in its way. */
    path, options) {
        super(message, options);
        this.code = code;
        this.path = path;
    }
}
/** Makes `dir` and the folders above it that are missing; nothing when it is a folder already. */
async function makeDirectory(dir, mode) {
    const target = node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(dir);
    const options = mode === undefined ? undefined : { mode };
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(target, options);
        return;
    }
    catch (error) {
        if (await settled(target, error))
            return;
        await makeDirectory(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(target), mode);
    }
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(target, options);
    }
    catch (error) {
        if ((0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorCode */ .CA)(error) === 'EEXIST' && (await isFolder(target)))
            return;
        throw finalError(target, error);
    }
}
/** `makeDirectory`, synchronous: for the few places that must not wait for the event loop. */
function makeDirectorySync(dir, mode) {
    const target = node_path__WEBPACK_IMPORTED_MODULE_2___default().resolve(dir);
    const options = mode === undefined ? undefined : { mode };
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)(target, options);
        return;
    }
    catch (error) {
        if (settledSync(target, error))
            return;
        makeDirectorySync(node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(target), mode);
    }
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdirSync)(target, options);
    }
    catch (error) {
        if ((0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorCode */ .CA)(error) === 'EEXIST' && isFolderSync(target))
            return;
        throw finalError(target, error);
    }
}
/**
 * After the first `mkdir` of `target` failed: true when it is a folder already, nothing when the
 * parent should be made first (ENOENT, or ENOTDIR: something above is not a folder, found by
 * the walk up), else the failure.
 */
async function settled(target, error) {
    const code = (0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorCode */ .CA)(error);
    if (code === 'EEXIST') {
        if (await isFolder(target))
            return true;
        throw notAFolder(target, error);
    }
    if ((code === 'ENOENT' || code === 'ENOTDIR') && node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(target) !== target)
        return false;
    throw finalError(target, error);
}
function settledSync(target, error) {
    const code = (0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorCode */ .CA)(error);
    if (code === 'EEXIST') {
        if (isFolderSync(target))
            return true;
        throw notAFolder(target, error);
    }
    if ((code === 'ENOENT' || code === 'ENOTDIR') && node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(target) !== target)
        return false;
    throw finalError(target, error);
}
async function isFolder(target) {
    try {
        return (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.stat)(target)).isDirectory();
    }
    catch {
        return false;
    }
}
function isFolderSync(target) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(target).isDirectory();
    }
    catch {
        return false;
    }
}
function notAFolder(target, cause) {
    let what = 'is not a folder';
    try {
        if ((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.statSync)(target).isFile())
            what = 'is a file, not a folder';
    }
    catch {
        // A dangling link, or something that went away: "not a folder" is still true.
    }
    return new DirectoryError(`${target} ${what}`, 'ENOTDIR', target, { cause });
}
/** The failure of `mkdir target` once its parent is there (or cannot be made). */
function finalError(target, error) {
    const code = (0,_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorCode */ .CA)(error) ?? 'EIO';
    const parent = node_path__WEBPACK_IMPORTED_MODULE_2___default().dirname(target);
    const reason = code === 'EACCES' || code === 'EPERM'
        ? `no permission to create ${target} (${code})`
        : code === 'EROFS'
            ? `${parent} is on a read-only file system, so ${target} cannot be created`
            : code === 'ENOENT' || code === 'ENOTDIR'
                ? `${target} cannot be created in ${parent} (${code})`
                : code === 'ENOSPC' || code === 'EDQUOT'
                    ? `no space left to create ${target} (${code})`
                    : `${target} cannot be created: ${error instanceof Error ? error.message : String(error)}`;
    return new DirectoryError(reason, code, target, { cause: error });
}


/***/ }),

/***/ 93020:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ SessionStatsCollector)
/* harmony export */ });
/* harmony import */ var _agent_events_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(60944);
/* harmony import */ var _agent_budgets_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(44407);
/* harmony import */ var _model_model_cost_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(21468);



/** USD to the millionth: what a list price can say, without float noise. */
function roundUsd(usd) {
    return Number(usd.toFixed(6));
}
const noDecisions = () => ({ accept: 0, reject: 0, modify: 0, auto_accept: 0 });
/** Ends that count as a failed model request in the statistics. */
const MODEL_FAILURES = new Set([
    'model_error',
    'model_not_found',
    'auth_error',
]);
/**
 * Consumes AgentEvents; read `metrics()` / `streamStats()` at any time. A subagent's events count
 * too (its requests, tokens and tool calls are the run's), each session's tokens once.
 */
class SessionStatsCollector {
    sessions = new Map();
    tools = {
        totalCalls: 0,
        totalSuccess: 0,
        totalFail: 0,
        totalDurationMs: 0,
        totalDecisions: noDecisions(),
        byName: {},
    };
    files = { totalLinesAdded: 0, totalLinesRemoved: 0 };
    costs = {};
    startedAt;
    endedAt;
    listener = (event) => {
        const time = Date.parse(event.timestamp);
        this.startedAt ??= time;
        // The run ends with the main session's final state; a subagent's is nested.
        if (event.kind === 'state_change' && event.final)
            this.endedAt = time;
        this.record(event);
    };
    record(event, nested) {
        switch (event.kind) {
            case 'state_change': {
                const share = this.share(event.session_id);
                share.model = event.model;
                if (event.final && event.reason !== undefined && MODEL_FAILURES.has(event.reason)) {
                    share.errors++;
                }
                break;
            }
            case 'token_usage': {
                const share = this.share(event.session_id);
                share.requests++;
                share.total = event.total;
                break;
            }
            case 'tool_call_update':
                this.recordToolCall(event.tool_call);
                break;
            case 'model_call':
                // The top-level report only: a subagent's requests reach its parent's stream as well.
                if (nested === undefined && event.call.cost !== undefined) {
                    this.costs = (0,_model_model_cost_js__WEBPACK_IMPORTED_MODULE_1__/* .addRequestCost */ ._c)(this.costs, event.call.cost);
                }
                break;
            case 'subagent_event':
                this.record(event.event, event.agent_name);
                break;
            default:
                break;
        }
    }
    share(sessionId) {
        let share = this.sessions.get(sessionId);
        if (share === undefined) {
            share = { model: 'unknown', requests: 0, errors: 0, total: (0,_agent_events_js__WEBPACK_IMPORTED_MODULE_2__/* .emptyUsage */ .ly)() };
            this.sessions.set(sessionId, share);
        }
        return share;
    }
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
    /** The tokens of every session of the run. */
    get usage() {
        let total = (0,_agent_events_js__WEBPACK_IMPORTED_MODULE_2__/* .emptyUsage */ .ly)();
        for (const share of this.sessions.values())
            total = (0,_agent_budgets_js__WEBPACK_IMPORTED_MODULE_0__/* .addUsage */ .vk)(total, share.total);
        return total;
    }
    metrics() {
        const models = {};
        for (const share of this.sessions.values()) {
            if (share.requests + share.errors === 0)
                continue;
            const t = share.total;
            const entry = (models[share.model] ??= {
                api: { totalRequests: 0, totalErrors: 0, totalLatencyMs: 0 },
                tokens: { input: 0, prompt: 0, candidates: 0, total: 0, cached: 0, thoughts: 0, tool: 0 },
            });
            entry.api.totalRequests += share.requests + share.errors;
            entry.api.totalErrors += share.errors;
            entry.tokens.input += Math.max(0, t.input_tokens - t.cached_tokens);
            entry.tokens.prompt += t.input_tokens;
            entry.tokens.candidates += t.output_tokens;
            entry.tokens.total += t.total_tokens;
            entry.tokens.cached += t.cached_tokens;
            entry.tokens.thoughts += t.thoughts_tokens;
            entry.tokens.tool += t.tool_use_prompt_tokens;
        }
        return {
            models,
            tools: structuredClone(this.tools),
            files: { ...this.files },
            cost: this.costStats(),
        };
    }
    /** The run's cost so far (see {@link CostStats}). */
    costStats() {
        const total = (0,_model_model_cost_js__WEBPACK_IMPORTED_MODULE_1__/* .costTotal */ .S$)(this.costs);
        const models = {};
        for (const [model, share] of Object.entries(this.costs)) {
            models[model] = {
                requests: share.requests,
                usd: share.unknownRequests > 0 ? null : roundUsd(share.knownUsd),
                known_usd: roundUsd(share.knownUsd),
            };
        }
        return {
            estimate: 'list prices',
            usd: total.usd === null ? null : roundUsd(total.usd),
            known_usd: roundUsd(total.knownUsd),
            upper_bound: total.cachedAtInputRate,
            unknown: total.unknown,
            models,
        };
    }
    streamStats() {
        const t = this.usage;
        return {
            total_tokens: t.total_tokens,
            input_tokens: t.input_tokens,
            output_tokens: t.output_tokens,
            cached: t.cached_tokens,
            input: Math.max(0, t.input_tokens - t.cached_tokens),
            duration_ms: this.startedAt === undefined ? 0 : (this.endedAt ?? this.startedAt) - this.startedAt,
            tool_calls: this.tools.totalCalls,
            cost_usd: this.costStats().usd,
            cached_input_tokens: t.cached_tokens,
            thought_tokens: t.thoughts_tokens,
        };
    }
}


/***/ }),

/***/ 51274:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  a: () => (/* binding */ startTelemetry)
});

// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/platform/redaction.ts
var redaction = __webpack_require__(63178);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/platform/make-directory.ts
var make_directory = __webpack_require__(65855);
;// CONCATENATED MODULE: ./src/telemetry/outfile.ts
/**
 * `telemetry.outfile`, checked before any signal is made: its folder made and the file opened
 * for appending once, so a path that cannot be written costs one warning that names it and says
 * why, and telemetry stays off, rather than a failure in the middle of the run or at its end.
 */




/** Undefined when `file` can be appended to; else why not, in words a person can act on. */
async function outfileProblem(file) {
    try {
        await (0,make_directory/* makeDirectory */.Oh)(external_node_path_default().dirname(file));
        await (0,promises_.appendFile)(file, '');
        return undefined;
    }
    catch (error) {
        return error instanceof make_directory/* DirectoryError */.uz ? error.message : writeProblem(error);
    }
}
function writeProblem(error) {
    const code = (0,errors/* errorCode */.CA)(error);
    switch (code) {
        case 'EACCES':
        case 'EPERM':
            return `no permission to write it (${code})`;
        case 'EISDIR':
            return 'it is a folder';
        case 'EROFS':
            return 'it is on a read-only file system';
        case 'ENOSPC':
        case 'EDQUOT':
            return `no space left (${code})`;
        default:
            return error instanceof Error ? error.message : String(error);
    }
}

// EXTERNAL MODULE: ./src/platform/text.ts
var platform_text = __webpack_require__(37376);
;// CONCATENATED MODULE: ./src/telemetry/telemetry-config.ts
/**
 * Whether telemetry is on and where it goes, from the settings' `telemetry` object and the
 * environment, as the Gemini CLI resolves them (https://geminicli.com/docs/cli/telemetry;
 * `resolveTelemetrySettings` in @google/gemini-cli-core 0.61.0, telemetry/config.js):
 *
 * - `GEMINI_TELEMETRY_*` variables win over the settings; a yes-or-no is `true`/`1` or
 *   `false`/`0` there, and here `yes`/`on` and `no`/`off` too (any other word is false, with a
 *   warning).
 * - The endpoint: `GEMINI_TELEMETRY_OTLP_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT`, else
 *   `telemetry.otlpEndpoint`, else the protocol's standard local port. A signal's own
 *   `OTEL_EXPORTER_OTLP_{LOGS,METRICS,TRACES}_ENDPOINT` is used as it is, as OpenTelemetry's
 *   exporters do.
 * - `outfile` writes the signals to a file instead of sending them.
 *
 * The `OTEL_EXPORTER_OTLP_*` headers, timeout and compression are read here from the environment
 * the caller passes (the Action removes credentials from its own `process.env`), and the header
 * values are returned as secrets to redact.
 *
 * The headers are the collector credentials of whoever set the environment, so they go only to
 * an endpoint the environment chose too: one of the endpoint variables, or \u2014 none set anywhere \u2014
 * the standard local port, where OpenTelemetry's exporters send them as well. An endpoint from
 * settings (`telemetry.otlpEndpoint`, which a repository's `.gemini/settings.json` may set) gets
 * the signals without them, and one warning says so. Unlike the Gemini CLI, which hands the
 * variables to OpenTelemetry's exporters whatever endpoint the settings chose.
 *
 * A mistyped target or protocol is a configuration error, as in the Gemini CLI; an endpoint that
 * is not a URL only turns telemetry off with a warning, so it never fails a run.
 */



const TELEMETRY_SIGNALS = ['logs', 'metrics', 'traces'];
/** One export's time limit unless `OTEL_EXPORTER_OTLP_TIMEOUT` says less (or up to the cap). */
const DEFAULT_EXPORT_TIMEOUT_MS = 3_000;
const MAX_EXPORT_TIMEOUT_MS = 10_000;
/** OTLP's standard local ports (opentelemetry-proto docs/specification.md). */
const DEFAULT_ENDPOINTS = { grpc: 'http://localhost:4317', http: 'http://localhost:4318' };
function resolveTelemetryConfig(options) {
    const { env } = options;
    const settings = options.settings ?? {};
    /** What the variables say that cannot be read (a yes-or-no that is neither). */
    const flagWarnings = [];
    const flag = (name) => envFlag(env, name, flagWarnings);
    const enabled = flag('GEMINI_TELEMETRY_ENABLED') ?? settings.enabled ?? false;
    if (!enabled)
        return { warnings: flagWarnings, secrets: [] };
    const target = envChoice(env, 'GEMINI_TELEMETRY_TARGET', ['local', 'gcp']) ?? settings.target ?? 'local';
    const protocol = envChoice(env, 'GEMINI_TELEMETRY_OTLP_PROTOCOL', ['grpc', 'http']) ??
        settings.otlpProtocol ??
        'grpc';
    const logPrompts = flag('GEMINI_TELEMETRY_LOG_PROMPTS') ?? settings.logPrompts ?? false;
    const useCollector = flag('GEMINI_TELEMETRY_USE_COLLECTOR') ?? settings.useCollector ?? false;
    const exportTimeoutMs = exportTimeout(env);
    const resourceAttributes = parseKeyValueList(env.OTEL_RESOURCE_ATTRIBUTES);
    const serviceName = (0,platform_text/* nonEmpty */.hq)(env.OTEL_SERVICE_NAME);
    if (serviceName !== undefined)
        resourceAttributes['service.name'] = serviceName.trim();
    const outfile = (0,platform_text/* nonEmpty */.hq)(env.GEMINI_TELEMETRY_OUTFILE) ?? settings.outfile;
    if (outfile !== undefined) {
        return {
            config: {
                destination: { kind: 'file', path: external_node_path_default().resolve(options.baseDirectory, outfile) },
                logPrompts,
                exportTimeoutMs,
                resourceAttributes,
            },
            warnings: flagWarnings,
            secrets: [],
        };
    }
    const warnings = [...flagWarnings];
    const [endpoint, endpointSource, fromEnvironment] = chosenEndpoint(options, protocol);
    const off = (source, text) => ({
        warnings: [
            ...flagWarnings,
            `Telemetry is off: ${source} is ${JSON.stringify(text)}, not an http:// or https:// URL.`,
        ],
        secrets: [],
    });
    const base = parseEndpoint(endpoint);
    if (base === undefined)
        return off(endpointSource, endpoint);
    if (target === 'gcp' && !useCollector) {
        warnings.push(`Telemetry target "gcp": the signals go over OTLP to ${base.href}; this agent does not write to Google Cloud directly. Run an OpenTelemetry collector with the googlecloud exporter there, and set telemetry.useCollector to true to say so.`);
    }
    const urls = {};
    const headers = {};
    const shared = parseKeyValueList(env.OTEL_EXPORTER_OTLP_HEADERS);
    const secrets = new Set(Object.values(shared));
    /** The header variables whose values a settings-chosen endpoint did not get. */
    const withheld = new Set();
    for (const signal of TELEMETRY_SIGNALS) {
        const upper = signal.toUpperCase();
        const name = `OTEL_EXPORTER_OTLP_${upper}_ENDPOINT`;
        const own = (0,platform_text/* nonEmpty */.hq)(env[name]);
        const ownUrl = own === undefined ? undefined : parseEndpoint(own);
        if (own !== undefined && ownUrl === undefined)
            return off(name, own);
        // A signal's own endpoint is its full URL for HTTP; gRPC needs only the server's address.
        urls[signal] =
            ownUrl === undefined
                ? signalUrl(base, protocol, signal)
                : protocol === 'grpc'
                    ? ownUrl.origin
                    : ownUrl.href;
        const headerVariable = `OTEL_EXPORTER_OTLP_${upper}_HEADERS`;
        const signalHeaders = { ...shared, ...parseKeyValueList(env[headerVariable]) };
        for (const value of Object.values(signalHeaders))
            secrets.add(value);
        if (ownUrl !== undefined || fromEnvironment) {
            headers[signal] = signalHeaders;
        }
        else {
            headers[signal] = {};
            if (Object.keys(shared).length > 0)
                withheld.add('OTEL_EXPORTER_OTLP_HEADERS');
            if ((0,platform_text/* nonEmpty */.hq)(env[headerVariable]) !== undefined)
                withheld.add(headerVariable);
        }
    }
    if (withheld.size > 0) {
        warnings.push(`Telemetry goes to ${base.href}, which ${endpointSource} chose, without the headers of ${[...withheld].join(' and ')}: the environment's collector credentials go only to an endpoint the environment names. Set GEMINI_TELEMETRY_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT to send them there.`);
    }
    const compression = envChoice(env, 'OTEL_EXPORTER_OTLP_COMPRESSION', ['gzip', 'none']) ??
        // The Gemini CLI compresses gRPC exports (telemetry/sdk.js).
        (protocol === 'grpc' ? 'gzip' : 'none');
    return {
        config: {
            destination: { kind: 'otlp', protocol, urls, headers, compression },
            logPrompts,
            exportTimeoutMs,
            resourceAttributes,
        },
        warnings,
        // Withheld or sent, they stay secrets of the run.
        secrets: [...secrets],
    };
}
/** The endpoint, what chose it, and whether the environment did (the default counts as its). */
function chosenEndpoint(options, protocol) {
    for (const name of ['GEMINI_TELEMETRY_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT']) {
        const value = (0,platform_text/* nonEmpty */.hq)(options.env[name]);
        if (value !== undefined)
            return [value, name, true];
    }
    const setting = (0,platform_text/* nonEmpty */.hq)(options.settings?.otlpEndpoint);
    if (setting !== undefined)
        return [setting, `telemetry.otlpEndpoint in ${options.source}`, false];
    return [DEFAULT_ENDPOINTS[protocol], 'the default endpoint', true];
}
/** The endpoint as a URL; quotes around it are dropped, as the Gemini CLI does. */
function parseEndpoint(text) {
    try {
        const url = new URL(text.trim().replace(/^(["'])(.*)\1$/, '$2'));
        return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
    }
    catch {
        return undefined;
    }
}
/** HTTP: `<endpoint>/v1/<signal>` (OTLP/HTTP's paths); gRPC: the server's address. */
function signalUrl(base, protocol, signal) {
    if (protocol === 'grpc')
        return base.origin;
    return `${base.href.replace(/\/+$/, '')}/v1/${signal}`;
}
/** `OTEL_EXPORTER_OTLP_TIMEOUT` in milliseconds, capped so a run never waits long at its end. */
function exportTimeout(env) {
    const value = Number((0,platform_text/* nonEmpty */.hq)(env.OTEL_EXPORTER_OTLP_TIMEOUT) ?? Number.NaN);
    if (!Number.isFinite(value) || value <= 0)
        return DEFAULT_EXPORT_TIMEOUT_MS;
    return Math.min(Math.round(value), MAX_EXPORT_TIMEOUT_MS);
}
/**
 * `key=value,key2=value2`, percent-decoded: the W3C Baggage-like list OpenTelemetry uses for
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_RESOURCE_ATTRIBUTES`. Entries without `=` are skipped.
 */
function parseKeyValueList(text) {
    const result = {};
    for (const entry of (text ?? '').split(',')) {
        const separator = entry.indexOf('=');
        if (separator <= 0)
            continue;
        const key = decode(entry.slice(0, separator).trim());
        const value = decode(entry.slice(separator + 1).trim());
        if (key !== '')
            result[key] = value;
    }
    return result;
}
function decode(text) {
    try {
        return decodeURIComponent(text);
    }
    catch {
        return text;
    }
}
const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];
/**
 * A yes-or-no variable, in any case: `true`, `1`, `yes`, `on`, or `false`, `0`, `no`, `off`. The
 * Gemini CLI reads `true` and `1` as true and everything else as false, so both agree wherever it
 * is told `true`, `1`, `false` or `0`; any other word is false there too, and here one warning
 * says so, rather than leaving `yes` silently off.
 */
function envFlag(env, name, warnings) {
    const value = (0,platform_text/* nonEmpty */.hq)(env[name]);
    if (value === undefined)
        return undefined;
    const lower = value.trim().toLowerCase();
    if (TRUE_WORDS.includes(lower))
        return true;
    if (!FALSE_WORDS.includes(lower)) {
        warnings.push(`${name} is ${JSON.stringify(value)}, which is neither true nor false, so it counts as false (as in the Gemini CLI). Set it to true or false (1/0, yes/no and on/off work too).`);
    }
    return false;
}
function envChoice(env, name, choices) {
    const value = (0,platform_text/* nonEmpty */.hq)(env[name])?.trim().toLowerCase();
    if (value === undefined)
        return undefined;
    const choice = choices.find((candidate) => candidate === value);
    if (choice === undefined) {
        throw new errors/* ConfigurationError */.j1(`expected ${choices.map((c) => JSON.stringify(c)).join(' or ')}, got ${JSON.stringify(env[name])}.`, { input: name });
    }
    return choice;
}

;// CONCATENATED MODULE: ./src/telemetry/start-telemetry.ts




/**
 * The run's telemetry, or undefined when it is off. A configuration error (a mistyped protocol)
 * throws a `ConfigurationError`; anything else that goes wrong is one warning and no telemetry.
 */
async function startTelemetry(options) {
    const { settings, logger } = options;
    const resolved = resolveTelemetryConfig({
        settings: settings.telemetry,
        source: settings.source,
        env: options.env,
        baseDirectory: options.baseDirectory,
    });
    for (const warning of resolved.warnings)
        logger.warning(warning);
    const { config } = resolved;
    if (config === undefined)
        return undefined;
    const redactor = options.redactor ?? (0,redaction/* createRedactor */.lY)({ secrets: (0,redaction/* secretEnvironmentValues */.yk)(options.env) });
    for (const secret of resolved.secrets)
        redactor.register(secret);
    if (config.destination.kind === 'file') {
        const file = config.destination.path;
        const problem = await outfileProblem(file);
        if (problem !== undefined) {
            logger.warning(redactor.redact(`Telemetry is off: its outfile ${file} cannot be written: ${problem}. The run goes on without it.`));
            return undefined;
        }
    }
    try {
        const { createOtelTelemetry } = await Promise.all(/* import() */[__webpack_require__.e(182), __webpack_require__.e(96)]).then(__webpack_require__.bind(__webpack_require__, 41096));
        return await createOtelTelemetry({
            config,
            run: options.run,
            redact: redactor.redact,
            warn: (message) => {
                logger.warning(message);
            },
        });
    }
    catch (error) {
        logger.warning(`Telemetry is off: it could not be started (${(0,errors/* errorMessage */.gJ)(error)}).`);
        return undefined;
    }
}


/***/ }),

/***/ 28048:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ githubFactsFromEnvironment)
/* harmony export */ });
/** The run facts the workflow's environment holds (none outside GitHub Actions). */
function githubFactsFromEnvironment(env) {
    const read = (name) => env[name]?.trim() || undefined;
    return {
        repository: read('GITHUB_REPOSITORY'),
        workflow: read('GITHUB_WORKFLOW'),
        runId: read('GITHUB_RUN_ID'),
        runAttempt: read('GITHUB_RUN_ATTEMPT'),
        eventName: read('GITHUB_EVENT_NAME'),
    };
}


/***/ })

};
