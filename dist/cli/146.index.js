export const id = 146;
export const ids = [146];
export const modules = {

/***/ 42146:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

__webpack_require__.r(__webpack_exports__);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(88532);
/**
 * zod compiles a parser for each object schema (with `new Function`) the first time the schema
 * parses something. A run parses most of its schemas once or a few times (its inputs, the event,
 * the settings, each tool's arguments), so compiling them costs more than it saves: about 9 ms of
 * the Action's start. Without the compiled parsers zod interprets the same schemas: the same
 * checks, the same results, and no code generated at run time.
 *
 * zod reads this setting when a schema is made, and most schemas are made when their module
 * loads, so each entry imports this module before any other that defines one.
 */

(0,zod__WEBPACK_IMPORTED_MODULE_0__/* .config */ .$W)({ jitless: true });


/***/ })

};
