export const id = 34;
export const ids = [34];
export const modules = {

/***/ 72034:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runPolicyCommand: () => (/* binding */ runPolicyCommand)
/* harmony export */ });
/* unused harmony exports EXPLAIN_DENIED_EXIT, POLICY_USAGE */
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(46316);
/* harmony import */ var _platform_logger_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(63255);
/* harmony import */ var _policy_load_policy_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(86403);
/* harmony import */ var _policy_policy_confirmer_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(52468);
/* harmony import */ var _policy_policy_types_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(45578);
/* harmony import */ var _agent_scheduler_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(53564);
/* harmony import */ var _tools_builtin_tools_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(14431);
/* harmony import */ var _tools_registry_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(64988);
/* harmony import */ var _tools_tool_types_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(29285);
/* harmony import */ var _tools_workspace_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(14747);
/* harmony import */ var _session_setup_run_agent_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(39842);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(77593);
/* harmony import */ var _exit_codes_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(28551);
/* harmony import */ var _session_setup_policy_setup_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(57362);
/* harmony import */ var _platform_run_mode_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(37816);
/**
 * `gemini-agent policy \u2026`: try policies before a workflow uses them.
 *
 * - `policy check FILE\u2026` loads the files (every problem of every file, each at file:line:column)
 *   and lists the rules in the order the engine tries them, with their effective priority.
 * - `policy explain --tool NAME --args JSON \u2026` judges one call the way a run would \u2014 same preset,
 *   files, flags and shell analysis \u2014 and prints the decision, the rule that decided, why, what
 *   the model would read, and for shell commands the verdict of every sub-command.
 */
















/**
 * `policy explain`'s exit code for a denied call, so a script can assert a decision
 * (`policy explain \u2026 || echo denied`). Not 1, which any crash returns: a check that a deny rule
 * holds must not pass because the command failed.
 */
const EXPLAIN_DENIED_EXIT = 3;
const POLICY_USAGE = `Usage: gemini-agent policy check [--tier TIER] FILE...
       gemini-agent policy explain --tool NAME --args JSON [options]

check     Loads the policy files and lists their rules in the order they are tried, with their
          effective priority (tier + priority/1000). Exit 0 when every file is valid, 52 with
          each problem as file:line:column otherwise.
          --tier TIER   default | repository | workflow | admin (default: workflow)

explain   Judges one tool call as a run would, and prints the decision, the rule that decided
          and why; for run_shell_command also the verdict of every sub-command.
          --tool NAME           the tool, e.g. run_shell_command or write_file
          --args JSON           its arguments, e.g. '{"command":"npm test"}'
          --mode MODE           invoke | review | triage | maintenance (default: invoke)
          --trust TRUST         maintainer | automatic (default: maintainer)
          --policy FILE         a policy file over the preset (repeatable)
          --allow-command CMD   allow shell commands starting with CMD (repeatable)
          --yolo                allow what no rule decides (see gemini-agent --help)
          --server NAME         the MCP server providing the tool, for MCP tools
          --repo DIR            the workspace paths are resolved in (default: current directory)
          Exit 0 when the call is allowed, ${EXPLAIN_DENIED_EXIT} when it is denied (ask_user too: nobody can
          confirm in a run), 42 for bad flags, 52 for an invalid policy file.
`;
/** Runs `policy <subcommand> \u2026` and returns the exit code; never throws. */
async function runPolicyCommand(argv, io) {
    const [subcommand, ...rest] = argv;
    try {
        switch (subcommand) {
            case 'check':
                return await check(rest, io);
            case 'explain':
                return await explain(rest, io);
            case undefined:
            case '--help':
            case '-h':
            case 'help':
                io.stdout.write(POLICY_USAGE);
                return subcommand === undefined ? _exit_codes_js__WEBPACK_IMPORTED_MODULE_12__/* .ExitCode */ .yU.INPUT : _exit_codes_js__WEBPACK_IMPORTED_MODULE_12__/* .ExitCode */ .yU.OK;
            default:
                throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`Unknown policy command "${subcommand}"; expected "check" or "explain". Run "gemini-agent policy --help" for usage.`);
        }
    }
    catch (error) {
        io.stderr.write(`error: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error)}\n`);
        return (0,_exit_codes_js__WEBPACK_IMPORTED_MODULE_12__/* .exitCodeForError */ .Lo)(error);
    }
}
async function check(argv, io) {
    const { values, positionals } = (0,_args_js__WEBPACK_IMPORTED_MODULE_11__/* .parseFlags */ .bQ)('policy', () => (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
        args: [...argv],
        allowPositionals: true,
        options: { tier: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
    if (values.help)
        return printUsage(io);
    if (positionals.length === 0) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb('policy check expects at least one policy file.');
    }
    const tier = parseTier(values.tier);
    // Every problem of every file comes back at once, each as file:line:column: message.
    const loaded = await (0,_policy_load_policy_js__WEBPACK_IMPORTED_MODULE_3__/* .loadPolicyFiles */ .gC)(positionals.map((path) => ({ path, tier })));
    for (const file of loaded.files) {
        const count = `${file.ruleCount} rule${file.ruleCount === 1 ? '' : 's'}`;
        io.stdout.write(`${file.file}: valid, ${count} (tier ${file.tier})\n`);
    }
    for (const warning of loaded.warnings)
        io.stderr.write(`warning: ${warning}\n`);
    if (loaded.rules.length > 0) {
        io.stdout.write('\nRules in the order they are tried (first match wins):\n');
        for (const rule of loaded.rules)
            io.stdout.write(`  ${(0,_policy_load_policy_js__WEBPACK_IMPORTED_MODULE_3__/* .describeRule */ .IO)(rule)}\n`);
    }
    return _exit_codes_js__WEBPACK_IMPORTED_MODULE_12__/* .ExitCode */ .yU.OK;
}
async function explain(argv, io) {
    const { values, positionals } = (0,_args_js__WEBPACK_IMPORTED_MODULE_11__/* .parseFlags */ .bQ)('policy', () => (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
        args: [...argv],
        allowPositionals: true,
        options: {
            tool: { type: 'string' },
            args: { type: 'string' },
            mode: { type: 'string' },
            trust: { type: 'string' },
            policy: { type: 'string', multiple: true },
            'allow-command': { type: 'string', multiple: true },
            yolo: { type: 'boolean' },
            server: { type: 'string' },
            repo: { type: 'string' },
            help: { type: 'boolean', short: 'h' },
        },
    }));
    if (values.help)
        return printUsage(io);
    if (positionals.length > 0) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`policy explain takes no positional arguments (got "${positionals[0] ?? ''}").`);
    }
    if (values.tool === undefined || values.tool.trim() === '') {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb('policy explain expects --tool NAME, e.g. --tool run_shell_command.');
    }
    if (values.args === undefined) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--args is required: the call's arguments as a JSON object, e.g. --args '{"command":"npm test"}' ('{}' for none).`);
    }
    const runMode = (0,_args_js__WEBPACK_IMPORTED_MODULE_11__/* .parseRunMode */ .i3)('--mode', values.mode);
    const trust = parseTrust(values.trust);
    const rawArgs = parseJsonObject(values.args);
    const policy = await (0,_session_setup_policy_setup_js__WEBPACK_IMPORTED_MODULE_13__/* .loadCliPolicy */ .rw)({
        mode: runMode,
        policyFiles: values.policy ?? [],
        allowCommands: values['allow-command'] ?? [],
        yolo: values.yolo ?? false,
    });
    const workspace = await _tools_workspace_js__WEBPACK_IMPORTED_MODULE_9__/* .Workspace */ .a.create(values.repo ?? process.cwd());
    const call = await policyCallFor(values.tool, rawArgs, workspace, values.server);
    const context = (0,_session_setup_run_agent_js__WEBPACK_IMPORTED_MODULE_10__/* .policyContext */ ._)(workspace, { runMode, trust });
    const verdict = await policy.engine.decide(call, context);
    const declared = !policy.engine.isUnconditionallyDenied({
        name: call.toolName,
        kind: call.kind,
        ...(call.serverName ? { serverName: call.serverName } : {}),
    }, context);
    io.stdout.write(formatExplanation({ call, verdict, declared, sources: policy.sources, context }));
    return (0,_policy_policy_confirmer_js__WEBPACK_IMPORTED_MODULE_4__/* .outcomeOf */ .sG)(call.toolName, verdict).decision === 'allow' ? _exit_codes_js__WEBPACK_IMPORTED_MODULE_12__/* .ExitCode */ .yU.OK : EXPLAIN_DENIED_EXIT;
}
function printUsage(io) {
    io.stdout.write(POLICY_USAGE);
    return _exit_codes_js__WEBPACK_IMPORTED_MODULE_12__/* .ExitCode */ .yU.OK;
}
/**
 * The call as a run's policy would see it: for a built-in tool, its arguments validated and under
 * their canonical names, with the paths it touches; for any other tool, the arguments as given.
 */
async function policyCallFor(toolName, args, workspace, serverName) {
    const registry = new _tools_registry_js__WEBPACK_IMPORTED_MODULE_14__/* .ToolRegistry */ .m();
    (0,_tools_builtin_tools_js__WEBPACK_IMPORTED_MODULE_7__/* .registerBuiltinTools */ .gE)(registry, { workspace, logger: _platform_logger_js__WEBPACK_IMPORTED_MODULE_2__/* .silentLogger */ .qq });
    try {
        const tool = serverName === undefined ? registry.get(toolName) : undefined;
        if (!tool) {
            return {
                toolName,
                args,
                kind: 'other',
                locations: [],
                ...(serverName === undefined ? {} : { serverName }),
            };
        }
        const built = tool.build(args);
        if ((0,_tools_tool_types_js__WEBPACK_IMPORTED_MODULE_8__/* .isBuildError */ .d1)(built)) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--args are not valid for ${tool.name}: ${built.error}`);
        }
        return {
            toolName: tool.name,
            args: built.params,
            kind: tool.kind,
            locations: built.locations(),
        };
    }
    finally {
        await registry.dispose();
    }
}
function formatExplanation(input) {
    const { call, verdict, declared, sources, context } = input;
    const outcome = (0,_policy_policy_confirmer_js__WEBPACK_IMPORTED_MODULE_4__/* .outcomeOf */ .sG)(call.toolName, verdict);
    const lines = [
        `Tool:        ${call.toolName}${call.serverName ? ` (MCP server ${call.serverName})` : ''}`,
        `Arguments:   ${JSON.stringify(call.args)}`,
        `Run:         mode ${context.runMode}, trust ${context.trust}`,
        `Policy:      ${sources.join('; ')}`,
        `Decision:    ${verdict.decision}${verdict.decision === 'ask_user' ? ' (a denial: nobody can confirm in a non-interactive run)' : ''}`,
        `Decided by:  ${verdict.decidedBy}`,
    ];
    if (verdict.rule)
        lines.push(`Rule:        ${(0,_policy_load_policy_js__WEBPACK_IMPORTED_MODULE_3__/* .describeRule */ .IO)(verdict.rule)}`);
    lines.push(`Reason:      ${verdict.reason}`);
    if (outcome.decision === 'deny') {
        const message = outcome.reason
            ? `${_agent_scheduler_js__WEBPACK_IMPORTED_MODULE_6__/* .POLICY_DENIAL_PREFIX */ .Eb} ${outcome.reason}`
            : _agent_scheduler_js__WEBPACK_IMPORTED_MODULE_6__/* .POLICY_DENIAL_PREFIX */ .Eb;
        lines.push(`Model reads: ${message}`);
    }
    if (verdict.subcommands && verdict.subcommands.length > 0) {
        lines.push('Sub-commands:');
        for (const sub of verdict.subcommands) {
            const at = sub.rule ? (0,_policy_load_policy_js__WEBPACK_IMPORTED_MODULE_3__/* .ruleLocation */ .eK)(sub.rule) : undefined;
            // A deny message does not say where it comes from; the built-in reasons do.
            const where = at === undefined || sub.reason.includes(at) ? '' : ` (${at})`;
            lines.push(`  ${sub.decision.padEnd(8)} ${sub.text}`, `           ${sub.reason}${where}`);
        }
    }
    lines.push(`Declared:    ${declared ? 'yes' : 'no \u2014 the policy denies every call of this tool, so it is left out of the declarations sent to the model'}`);
    return `${lines.join('\n')}\n`;
}
function parseTier(value) {
    if (value === undefined)
        return 'workflow';
    const tiers = Object.keys(_policy_policy_types_js__WEBPACK_IMPORTED_MODULE_5__/* .TIER_BASE */ .H);
    if (!tiers.includes(value)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--tier expects one of ${tiers.join(', ')}, got "${value}".`);
    }
    return value;
}
function parseTrust(value) {
    if (value === undefined)
        return 'maintainer';
    if (!_platform_run_mode_js__WEBPACK_IMPORTED_MODULE_15__/* .RUN_TRUSTS */ .o.includes(value)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--trust expects one of ${_platform_run_mode_js__WEBPACK_IMPORTED_MODULE_15__/* .RUN_TRUSTS */ .o.join(', ')}, got "${value}".`);
    }
    return value;
}
function parseJsonObject(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--args expects a JSON object, e.g. '{"command":"npm test"}': ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error)}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`--args expects a JSON object, e.g. '{"command":"npm test"}'.`);
    }
    return value;
}


/***/ })

};
