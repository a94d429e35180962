export const id = 565;
export const ids = [565];
export const modules = {

/***/ 46565:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runPolicyCommand: () => (/* binding */ runPolicyCommand)
});

// UNUSED EXPORTS: EXPLAIN_DENIED_EXIT, POLICY_USAGE

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
// EXTERNAL MODULE: ./src/platform/errors.ts
var errors = __webpack_require__(46316);
// EXTERNAL MODULE: ./src/platform/logger.ts
var logger = __webpack_require__(63255);
// EXTERNAL MODULE: ./src/policy/load-policy.ts
var load_policy = __webpack_require__(86403);
// EXTERNAL MODULE: ./src/policy/policy-confirmer.ts
var policy_confirmer = __webpack_require__(52468);
// EXTERNAL MODULE: ./src/policy/deny-readings.ts + 1 modules
var deny_readings = __webpack_require__(88807);
// EXTERNAL MODULE: ./src/policy/option-grammar.ts
var option_grammar = __webpack_require__(31929);
// EXTERNAL MODULE: ./src/policy/describe-rule.ts
var describe_rule = __webpack_require__(74996);
;// CONCATENATED MODULE: ./src/policy/respelling-coverage.ts
/**
 * Which deny (and ask_user) rules a command could slip past by being spelled differently, for
 * `gemini-agent policy check`: a `commandPrefix` that gives options to a program whose option
 * grammar is not known (only its own spelling, give or take quotes and spaces, is denied), one
 * with options the grammar does not know, one that is not plain words, and a `commandRegex` that
 * spells options out. Each warning names the rule as `file:line:column`. Pure.
 */



const KNOWN = option_grammar/* KNOWN_PROGRAMS */.e0.join(', ');
function respellingWarnings(rules) {
    const warnings = [];
    for (const rule of rules) {
        if (rule.decision === 'allow')
            continue;
        const at = (0,describe_rule/* ruleLocation */.eK)(rule);
        for (const prefix of rule.commandPrefixes ?? []) {
            const problem = prefixProblem(prefix);
            if (problem !== undefined)
                warnings.push(`${at}: ${problem}`);
        }
        const regex = rule.commandRegex;
        if (regex !== undefined && spellsOptions(regex.source)) {
            warnings.push(`${at}: commandRegex /${regex.source}/ names options as they are written, so other ` +
                `spellings of the same options (-fr for -rf, -r -f, long forms, another order) do not ` +
                `match it; for ${KNOWN}, deny with commandPrefix instead, which matches every spelling`);
        }
    }
    return warnings;
}
function prefixProblem(prefix) {
    const shown = JSON.stringify(prefix);
    const form = (0,deny_readings/* prefixForm */.LE)(prefix);
    const words = form.words;
    if (words === undefined) {
        return (`commandPrefix ${shown} is not plain words (it holds quotes left open, $, a glob or shell ` +
            `syntax), so it is matched on the command's raw text only: a respelling of it (other ` +
            `spaces, quotes, a path to the program) is not denied`);
    }
    const program = words[0] ?? '';
    const options = words.slice(1).filter((word) => word.startsWith('-') && word !== '-');
    if (options.length === 0)
        return undefined;
    const listed = options.join(' ');
    if (form.grammar === undefined) {
        return (`commandPrefix ${shown} gives options (${listed}) to \`${program}\`, whose options this ` +
            `agent does not know: only this spelling is denied, not the options grouped, split, ` +
            `reordered, abbreviated or in their long form. Deny \`${program}\` as a whole, or list each ` +
            `spelling (options are known for ${KNOWN})`);
    }
    if (form.grammar.kind === 'git') {
        const subcommand = form.canonical?.operands[0]?.word;
        const name = subcommand?.kind === 'literal' ? subcommand.value : undefined;
        if (name !== undefined && !(0,option_grammar/* gitSubcommandGrammar */.rf)(name).known) {
            const subOptions = form.canonical?.options.filter((o) => o.scope !== 'git') ?? [];
            if (subOptions.length > 0) {
                return (`commandPrefix ${shown} gives options to \`git ${name}\`, whose options this agent ` +
                    `does not know: their short and long forms are not equated (grouped, split and ` +
                    `reordered short options still are). Deny \`git ${name}\` as a whole, or list each spelling`);
            }
        }
    }
    const unknown = form.canonical?.unknown ?? [];
    if (unknown.length > 0) {
        const subcommand = form.canonical?.operands[0]?.word;
        const whose = form.grammar.kind === 'git' && subcommand?.kind === 'literal'
            ? `git ${subcommand.value}`
            : program;
        return (`commandPrefix ${shown} gives \`${whose}\` options this agent does not know ` +
            `(${unknown.join(' ')}): their other spellings are not denied, and neither are commands ` +
            `where a word after them is read differently`);
    }
    return undefined;
}
/** A regex that spells out an option: ` -rf`, `\s--force`, `(-f|--force)`. */
function spellsOptions(source) {
    return /(?:^|[\s(|]|\\s[*+?]?|\\s\{[\d,]+\}|\])-{1,2}[A-Za-z]/u.test(source);
}

// EXTERNAL MODULE: ./src/policy/rule-matching.ts
var rule_matching = __webpack_require__(67496);
// EXTERNAL MODULE: ./src/policy/policy-types.ts
var policy_types = __webpack_require__(45578);
// EXTERNAL MODULE: ./src/agent/response-limits.ts
var response_limits = __webpack_require__(8595);
// EXTERNAL MODULE: ./src/agent/scheduler.ts
var scheduler = __webpack_require__(53564);
// EXTERNAL MODULE: ./src/platform/text-limits.ts
var text_limits = __webpack_require__(17781);
// EXTERNAL MODULE: ./src/tools/builtin-tools.ts + 22 modules
var builtin_tools = __webpack_require__(4647);
// EXTERNAL MODULE: ./src/tools/registry.ts
var tools_registry = __webpack_require__(64988);
// EXTERNAL MODULE: ./src/tools/tool-types.ts
var tool_types = __webpack_require__(29285);
// EXTERNAL MODULE: ./src/tools/workspace.ts + 4 modules
var tools_workspace = __webpack_require__(14747);
// EXTERNAL MODULE: ./src/session-setup/run-agent.ts + 25 modules
var run_agent = __webpack_require__(70832);
// EXTERNAL MODULE: ./src/cli/args.ts
var args = __webpack_require__(77593);
// EXTERNAL MODULE: ./src/cli/exit-codes.ts
var exit_codes = __webpack_require__(28551);
// EXTERNAL MODULE: ./src/session-setup/policy-setup.ts + 23 modules
var policy_setup = __webpack_require__(9798);
// EXTERNAL MODULE: ./src/platform/run-mode.ts
var run_mode = __webpack_require__(37816);
// EXTERNAL MODULE: ./src/cli/repo-directory.ts
var repo_directory = __webpack_require__(47014);
;// CONCATENATED MODULE: ./src/cli/subcommands/policy.ts
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
                return subcommand === undefined ? exit_codes/* ExitCode */.yU.INPUT : exit_codes/* ExitCode */.yU.OK;
            default:
                throw new errors/* UsageError */.eb(`Unknown policy command "${subcommand}"; expected "check" or "explain". Run "gemini-agent policy --help" for usage.`);
        }
    }
    catch (error) {
        io.stderr.write(`error: ${(0,errors/* errorMessage */.gJ)(error)}\n`);
        return (0,exit_codes/* exitCodeForError */.Lo)(error);
    }
}
async function check(argv, io) {
    const { values, positionals } = (0,args/* parseFlags */.bQ)('policy', () => (0,external_node_util_.parseArgs)({
        args: [...argv],
        allowPositionals: true,
        options: { tier: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
    if (values.help)
        return printUsage(io);
    if (positionals.length === 0) {
        throw new errors/* UsageError */.eb('policy check expects at least one policy file.');
    }
    const tier = parseTier(values.tier);
    // Every problem of every file comes back at once, each as file:line:column: message.
    const loaded = await (0,load_policy/* loadPolicyFiles */.gC)(positionals.map((path) => ({ path, tier })));
    for (const file of loaded.files) {
        const count = `${file.ruleCount} rule${file.ruleCount === 1 ? '' : 's'}`;
        io.stdout.write(`${file.file}: valid, ${count} (tier ${file.tier})\n`);
    }
    for (const warning of loaded.warnings)
        io.stderr.write(`warning: ${warning}\n`);
    // A deny that a respelled command could slip past is worth knowing before a run relies on it.
    for (const warning of respellingWarnings(loaded.rules))
        io.stderr.write(`warning: ${warning}\n`);
    if (loaded.rules.length > 0) {
        io.stdout.write('\nRules in the order they are tried (first match wins):\n');
        for (const rule of loaded.rules)
            io.stdout.write(`  ${(0,load_policy/* describeRule */.IO)(rule)}\n`);
    }
    return exit_codes/* ExitCode */.yU.OK;
}
async function explain(argv, io) {
    const { values, positionals } = (0,args/* parseFlags */.bQ)('policy', () => (0,external_node_util_.parseArgs)({
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
        throw new errors/* UsageError */.eb(`policy explain takes no positional arguments (got "${positionals[0] ?? ''}").`);
    }
    if (values.tool === undefined || values.tool.trim() === '') {
        throw new errors/* UsageError */.eb('policy explain expects --tool NAME, e.g. --tool run_shell_command.');
    }
    if (values.args === undefined) {
        throw new errors/* UsageError */.eb(`--args is required: the call's arguments as a JSON object, e.g. --args '{"command":"npm test"}' ('{}' for none).`);
    }
    const runMode = (0,args/* parseRunMode */.i3)('--mode', values.mode);
    const trust = parseTrust(values.trust);
    const rawArgs = parseJsonObject(values.args);
    const policy = await (0,policy_setup/* loadCliPolicy */.rw)({
        mode: runMode,
        policyFiles: values.policy ?? [],
        allowCommands: values['allow-command'] ?? [],
        yolo: values.yolo ?? false,
    });
    const repo = values.repo ?? process.cwd();
    await (0,repo_directory/* requireRepoDirectory */.n)(repo);
    const workspace = await tools_workspace/* Workspace */.a.create(repo);
    const call = await policyCallFor(values.tool, rawArgs, workspace, values.server);
    const context = (0,run_agent/* policyContext */._v)(workspace, { runMode, trust });
    const verdict = await policy.engine.decide(call, context);
    const declared = !policy.engine.isUnconditionallyDenied({
        name: call.toolName,
        kind: call.kind,
        ...(call.serverName ? { serverName: call.serverName } : {}),
    }, context);
    io.stdout.write(formatExplanation({ call, verdict, declared, sources: policy.sources, context }));
    return (0,policy_confirmer/* outcomeOf */.sG)(call.toolName, verdict).decision === 'allow' ? exit_codes/* ExitCode */.yU.OK : EXPLAIN_DENIED_EXIT;
}
function printUsage(io) {
    io.stdout.write(POLICY_USAGE);
    return exit_codes/* ExitCode */.yU.OK;
}
/**
 * The call as a run's policy would see it: for a built-in tool, its arguments validated and under
 * their canonical names, with the paths it touches; for any other tool, the arguments as given.
 */
async function policyCallFor(toolName, args, workspace, serverName) {
    const registry = new tools_registry/* ToolRegistry */.m();
    (0,builtin_tools/* registerBuiltinTools */.gE)(registry, { workspace, logger: logger/* silentLogger */.qq });
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
        if ((0,tool_types/* isBuildError */.d1)(built)) {
            throw new errors/* UsageError */.eb(`--args are not valid for ${tool.name}: ${built.error}`);
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
    const outcome = (0,policy_confirmer/* outcomeOf */.sG)(call.toolName, verdict);
    const lines = [
        `Tool:        ${call.toolName}${call.serverName ? ` (MCP server ${call.serverName})` : ''}`,
        `Arguments:   ${JSON.stringify(call.args)}`,
        `Run:         mode ${context.runMode}, trust ${context.trust}`,
        `Policy:      ${sources.join('; ')}`,
        `Decision:    ${verdict.decision}${verdict.decision === 'ask_user' ? ' (a denial: nobody can confirm in a non-interactive run)' : ''}`,
        `Decided by:  ${verdict.decidedBy}`,
    ];
    if (verdict.rule)
        lines.push(`Rule:        ${(0,load_policy/* describeRule */.IO)(verdict.rule)}`);
    lines.push(`Reason:      ${verdict.reason}`);
    if (outcome.decision === 'deny') {
        const message = outcome.reason
            ? `${scheduler/* POLICY_DENIAL_PREFIX */.Eb} ${outcome.reason}`
            : scheduler/* POLICY_DENIAL_PREFIX */.Eb;
        lines.push(`Model reads: ${message}`);
    }
    if (verdict.subcommands && verdict.subcommands.length > 0) {
        lines.push('Sub-commands:');
        for (const sub of verdict.subcommands) {
            const at = sub.rule ? (0,load_policy/* ruleLocation */.eK)(sub.rule) : undefined;
            // A deny message does not say where it comes from; the built-in reasons do.
            const where = at === undefined || sub.reason.includes(at) ? '' : ` (${at})`;
            lines.push(`  ${sub.decision.padEnd(8)} ${sub.text}`, `           ${sub.reason}${where}`);
            const matchedOn = readingOf(sub);
            if (matchedOn !== undefined)
                lines.push(`           matched on: ${matchedOn}`);
        }
    }
    lines.push(`Declared:    ${declared ? 'yes' : 'no \u2014 the policy denies every call of this tool, so it is left out of the declarations sent to the model'}`);
    return `${lines.join('\n')}\n`;
}
/**
 * Which reading of the command a deny or ask_user rule on its text matched: the raw text, the
 * words bash will run, or a known program's options in canonical form.
 */
function readingOf(sub) {
    if (sub.decision === 'allow' || sub.rule === undefined || !(0,rule_matching/* hasCommandConditions */.gi)(sub.rule)) {
        return undefined;
    }
    const reading = sub.reading;
    if (reading === undefined)
        return 'the raw text';
    return reading.on === 'words'
        ? `the parsed words \`${reading.form}\``
        : `the options in canonical form \`${reading.form}\``;
}
function parseTier(value) {
    if (value === undefined)
        return 'workflow';
    const tiers = Object.keys(policy_types/* TIER_BASE */.H);
    if (!tiers.includes(value)) {
        throw new errors/* UsageError */.eb(`--tier expects one of ${tiers.join(', ')}, got "${value}".`);
    }
    return value;
}
function parseTrust(value) {
    if (value === undefined)
        return 'maintainer';
    if (!run_mode/* RUN_TRUSTS */.o.includes(value)) {
        throw new errors/* UsageError */.eb(`--trust expects one of ${run_mode/* RUN_TRUSTS */.o.join(', ')}, got "${value}".`);
    }
    return value;
}
function parseJsonObject(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        throw new errors/* UsageError */.eb(`--args expects a JSON object, e.g. '{"command":"npm test"}': ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new errors/* UsageError */.eb(`--args expects a JSON object, e.g. '{"command":"npm test"}'.`);
    }
    // A run refuses such arguments before the policy sees them (agent/response-limits.ts).
    const problem = (0,text_limits/* valueLimitProblem */.UF)(value, response_limits/* MODEL_ARGUMENT_LIMITS */.Bm, 'arguments');
    if (problem !== undefined)
        throw new errors/* UsageError */.eb(`--args: ${problem.message}`);
    return value;
}


/***/ })

};
