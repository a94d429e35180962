// Has V8 compile a bundle's module factories with the file, not when each is first called.
//
// The bundler wraps every module in an arrow function, `/***/ ((module, exports, require) => {`,
// which V8 compiles lazily: only when the module is first required. Node's compile cache
// (src/cli/compile-cache.ts) keeps the code V8 made when it compiled the file, before anything
// ran, so those factories were compiled again on every start. Written as `(function (…) {`, a
// parenthesised function, V8 compiles them with the file and the cache keeps them too.
//
// The bundler calls each factory with the module's exports as `this` (`.call(module.exports,
// …)`): a function sees what a CommonJS module expects there, where the arrow saw `undefined`,
// and no module reads `arguments` at its top level (an arrow at a chunk's top level has none).

const ARROW_FACTORY = /^\/\*\*\*\/ \(\(([\w$, ]*)\) => \{$/gm;
/** A module that reads `this` at its top level gets a function from the bundler already. */
const FUNCTION_FACTORY = /^\/\*\*\*\/ \(function ?\([\w$, ]*\) \{$/gm;
const FACTORY_KEY = /^\/\*\*\*\/ "?[\w./@-]+"?:$/gm;

/** `code` with each module factory written as a function; the count must match the modules. */
export function eagerModuleFactories(code) {
  const modules = code.match(FACTORY_KEY)?.length ?? 0;
  const functions = code.match(FUNCTION_FACTORY)?.length ?? 0;
  let rewritten = 0;
  const out = code.replace(ARROW_FACTORY, (_line, parameters) => {
    rewritten += 1;
    return `/***/ (function (${parameters}) {`;
  });
  if (rewritten + functions !== modules) {
    throw new Error(
      `expected one factory per module: ${modules} modules, ${rewritten} arrow and ${functions} function factories. Has the bundler's output format changed?`,
    );
  }
  return out;
}
