export const id = 212;
export const ids = [212];
export const modules = {

/***/ 212:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runCli: () => (/* binding */ runCli)
/* harmony export */ });
function runCli(args) {
    process.stdout.write(`${args.join(' ')}\n`);
    return Promise.resolve();
}


/***/ })

};
