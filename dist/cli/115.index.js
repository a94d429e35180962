export const id = 115;
export const ids = [115];
export const modules = {

/***/ 22115:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runTrustCommand: () => (/* binding */ runTrustCommand)
/* harmony export */ });
/* unused harmony export TRUST_USAGE */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(57975);
/* harmony import */ var node_util__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_util__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _config_trusted_folders_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(77057);
/* harmony import */ var _platform_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(46316);
/* harmony import */ var _session_setup_folder_trust_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(55545);
/* harmony import */ var _args_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(77593);
/* harmony import */ var _exit_codes_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(28551);
/**
 * `gemini-agent trust [--parent] [DIR]`: trusts a folder from now on, by writing the rule the
 * Gemini CLI's trust dialog writes to the trusted folders file it reads too
 * (src/config/trusted-folders.ts). It shows what the folder holds first, so the choice is made
 * knowing what will load.
 */








const TRUST_USAGE = `Usage: gemini-agent trust [--parent] [DIR]

Trusts DIR (default: the current directory) from now on: runs in it, or in a folder below it,
load its .gemini/ settings, extensions, commands and agents and its GEMINI.md without
--skip-trust. Writes "DIR": "TRUST_FOLDER" to ~/.gemini/trustedFolders.json (or the file
${_config_trusted_folders_js__WEBPACK_IMPORTED_MODULE_3__/* .TRUSTED_FOLDERS_PATH_VARIABLE */ .lG} names), the file the Gemini CLI's trust dialog writes; a
"DO_NOT_TRUST" rule for a folder below DIR still wins there.

Options:
      --parent   trust the folder that holds DIR, and everything below it ("TRUST_PARENT")
  -h, --help     print this help
`;
/** Runs `trust \u2026` and returns the exit code; never throws. */
async function runTrustCommand(argv, io) {
    try {
        const { values, positionals } = (0,_args_js__WEBPACK_IMPORTED_MODULE_6__/* .parseFlags */ .bQ)('trust', () => (0,node_util__WEBPACK_IMPORTED_MODULE_2__.parseArgs)({
            args: [...argv],
            allowPositionals: true,
            strict: true,
            options: {
                parent: { type: 'boolean' },
                help: { type: 'boolean', short: 'h' },
            },
        }));
        if (values.help === true) {
            io.stdout.write(TRUST_USAGE);
            return _exit_codes_js__WEBPACK_IMPORTED_MODULE_7__/* .ExitCode */ .yU.OK;
        }
        if (positionals.length > 1) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`trust takes one folder, got ${positionals.length}.`);
        }
        const folder = node_path__WEBPACK_IMPORTED_MODULE_1___default().resolve(positionals[0] ?? process.cwd());
        const info = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.stat)(folder).catch(() => undefined);
        if (!info?.isDirectory()) {
            throw new _platform_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UsageError */ .eb(`trust expects an existing folder, got "${folder}".`);
        }
        const level = values.parent === true ? 'TRUST_PARENT' : 'TRUST_FOLDER';
        const file = (0,_config_trusted_folders_js__WEBPACK_IMPORTED_MODULE_3__/* .trustedFoldersFile */ .Fb)(io.env);
        const { configuration, contextFiles } = await (0,_session_setup_folder_trust_js__WEBPACK_IMPORTED_MODULE_5__/* .folderContents */ .$c)(folder);
        await (0,_config_trusted_folders_js__WEBPACK_IMPORTED_MODULE_3__/* .saveTrustRule */ .MX)(file, folder, level);
        const trusted = level === 'TRUST_PARENT' ? `${node_path__WEBPACK_IMPORTED_MODULE_1___default().dirname(folder)} and everything below it` : folder;
        const lines = [`Trusted ${trusted}: "${folder}": "${level}" in ${(0,_config_trusted_folders_js__WEBPACK_IMPORTED_MODULE_3__/* .displayPath */ .Gt)(file)}.`];
        const held = [
            ...configuration.map((finding) => `  ${finding.place}: ${finding.what}`),
            ...contextFiles.map((file) => `  ${file}: context the agent is given as instructions`),
        ];
        if (held.length > 0)
            lines.push(`Runs in ${folder} now load:`, ...held);
        io.stdout.write(`${lines.join('\n')}\n`);
        return _exit_codes_js__WEBPACK_IMPORTED_MODULE_7__/* .ExitCode */ .yU.OK;
    }
    catch (error) {
        io.stderr.write(`error: ${(0,_platform_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .errorMessage */ .gJ)(error)}\n`);
        return (0,_exit_codes_js__WEBPACK_IMPORTED_MODULE_7__/* .exitCodeForError */ .Lo)(error);
    }
}


/***/ })

};
