export const id = 652;
export const ids = [652];
export const modules = {

/***/ 98652:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runCommandsCommand: () => (/* binding */ runCommandsCommand)
/* harmony export */ });
/* unused harmony export COMMANDS_USAGE */
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _custom_commands_command_registry_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2589);
/* harmony import */ var _custom_commands_extensions_load_extensions_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3522);
/* harmony import */ var _custom_commands_run_commands_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3939);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(46316);
/* harmony import */ var _session_setup_folder_trust_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(55545);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(77593);
/* harmony import */ var _platform_logger_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(63255);
/* harmony import */ var _exit_codes_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(28551);
/* harmony import */ var _repo_directory_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(47014);
/**
 * `gemini-agent commands list`: the custom commands a run in this repository would offer, with
 * their descriptions and the file each comes from, the extensions they come with, which commands
 * replace others, and the command files that do not load (each at file:line:column).
 */










const COMMANDS_USAGE = `Usage: gemini-agent commands list [--repo DIR] [--extension DIR]...

Lists the custom commands of the repository (.gemini/commands/**/*.toml) and of its extensions
(.gemini/extensions/<name>/ and each --extension folder), as "/name  description  (file)". A
command of the repository replaces an extension's of the same name. Invoke one with
gemini-agent -p "/name args", or in a comment with "/gemini /name args".

Commands are listed in a folder that is not trusted too: listing runs nothing. A note then says
that a run there stops before loading them until the folder is trusted.

Exit 0 when every file loads, 42 when --repo is not a folder, 52 when an extension manifest or a command file has a problem
(each printed as file:line:column).
`;
/** Runs `commands <subcommand> \u2026` and returns the exit code; never throws. */
async function runCommandsCommand(argv, io) {
    try {
        const [subcommand, ...rest] = argv;
        if (subcommand === '--help' || subcommand === '-h') {
            io.stdout.write(COMMANDS_USAGE);
            return _exit_codes_js__WEBPACK_IMPORTED_MODULE_7__/* .ExitCode */ .yU.OK;
        }
        if (subcommand !== 'list') {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`expected "commands list", got "commands ${subcommand ?? ''}". Run "gemini-agent commands --help".`);
        }
        return await list(rest, io);
    }
    catch (error) {
        io.stderr.write(`error: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .gJ)(error)}\n`);
        return (0,_exit_codes_js__WEBPACK_IMPORTED_MODULE_7__/* .exitCodeForError */ .Lo)(error);
    }
}
async function list(argv, io) {
    const { values } = (0,_args_js__WEBPACK_IMPORTED_MODULE_5__/* .parseFlags */ .bQ)('commands', () => (0,node_util__WEBPACK_IMPORTED_MODULE_0__.parseArgs)({
        args: [...argv],
        strict: true,
        options: {
            repo: { type: 'string' },
            extension: { type: 'string', multiple: true },
            help: { type: 'boolean', short: 'h' },
        },
    }));
    if (values.help === true) {
        io.stdout.write(COMMANDS_USAGE);
        return _exit_codes_js__WEBPACK_IMPORTED_MODULE_7__/* .ExitCode */ .yU.OK;
    }
    const repo = values.repo ?? process.cwd();
    await (0,_repo_directory_js__WEBPACK_IMPORTED_MODULE_8__/* .requireRepoDirectory */ .n)(repo);
    const { extensions, registry } = await (0,_custom_commands_run_commands_js__WEBPACK_IMPORTED_MODULE_2__/* .loadRunCommands */ .iY)({
        workspaceRoot: repo,
        configRoot: repo,
        paths: values.extension ?? [],
        pathsSetting: '--extension',
        env: io.env,
        logger: _platform_logger_js__WEBPACK_IMPORTED_MODULE_6__/* .silentLogger */ .qq,
    });
    const out = [];
    for (const extension of extensions)
        out.push(`Extension ${(0,_custom_commands_extensions_load_extensions_js__WEBPACK_IMPORTED_MODULE_1__/* .describeExtension */ .l_)(extension)}`);
    if (extensions.length > 0)
        out.push('');
    const commands = registry.list();
    const width = Math.max(0, ...commands.map((command) => command.name.length + 1));
    for (const command of commands) {
        out.push(`/${command.name.padEnd(width - 1)}  ${command.description}  (${command.origin.file})`);
    }
    if (commands.length === 0)
        out.push('No custom commands (.gemini/commands/**/*.toml).');
    for (const shadowed of registry.shadowed)
        out.push(`note: ${(0,_custom_commands_command_registry_js__WEBPACK_IMPORTED_MODULE_9__/* .describeShadowing */ .oj)(shadowed)}`);
    io.stdout.write(`${out.join('\n')}\n`);
    for (const problem of registry.problems)
        io.stderr.write(`error: ${problem.error.message}\n`);
    const trust = await (0,_session_setup_folder_trust_js__WEBPACK_IMPORTED_MODULE_4__/* .assessWorkspaceTrust */ .kM)({
        folder: repo,
        env: io.env,
        skipTrust: false,
        contents: () => (0,_session_setup_folder_trust_js__WEBPACK_IMPORTED_MODULE_4__/* .folderContents */ .$c)(repo),
    });
    if (!trust.trusted && trust.decision !== undefined && (0,_session_setup_folder_trust_js__WEBPACK_IMPORTED_MODULE_4__/* .neededTrust */ .Wh)(trust, {}).length > 0) {
        io.stderr.write(`note: ${(0,_session_setup_folder_trust_js__WEBPACK_IMPORTED_MODULE_4__/* .describeUntrusted */ ._z)(repo, trust.decision)}: a run there stops before loading its configuration, these commands included (exit code 55). ${(0,_session_setup_folder_trust_js__WEBPACK_IMPORTED_MODULE_4__/* .howToTrust */ .i$)(repo, trust.decision.file)}\n`);
    }
    return registry.problems.length > 0 ? _exit_codes_js__WEBPACK_IMPORTED_MODULE_7__/* .ExitCode */ .yU.CONFIG : _exit_codes_js__WEBPACK_IMPORTED_MODULE_7__/* .ExitCode */ .yU.OK;
}


/***/ })

};
