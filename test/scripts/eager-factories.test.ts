import { Script, runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { eagerModuleFactories } from '../../scripts/eager-factories.mjs';

/** A chunk as the bundler writes it: keyed module factories and a require that calls them. */
function chunk(factories: string[]): string {
  const modules = factories.map((factory, index) => `/***/ ${index + 1}:\n${factory}\n\n/***/ })`);
  return `var __webpack_modules__ = ({\n\n${modules.join(',\n\n')}\n\n});
function __nccwpck_require__(moduleId) {
  var module = { exports: {} };
  __webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
  return module.exports;
}`;
}

/** A module whose body has real work in it, as most do. */
const BODY = Array.from(
  { length: 40 },
  (_, index) => `  const value${index} = [${index}, ${index + 1}].map((n) => n * 2).join(',');`,
).join('\n');

const ESM_MODULE = `/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {\n${BODY}\n  __webpack_exports__.answer = 42;`;
const CJS_MODULE = `/***/ ((module) => {\n${BODY}\n  module.exports = { fromTwo: __nccwpck_require__(1).answer };`;
const THIS_MODULE = `/***/ (function(module) {\n  module.exports = { self: this };`;

describe('module factories compiled with the file', () => {
  it('rewrites each arrow factory as a function, and runs the same', () => {
    const code = chunk([ESM_MODULE, CJS_MODULE, THIS_MODULE]);
    const eager = eagerModuleFactories(code);
    expect(eager).not.toContain('=> {\n  const value0');
    expect(eager.match(/^\/\*\*\*\/ \(function ?\(/gm)).toHaveLength(3);
    const run = (source: string): unknown =>
      runInNewContext(
        `${source}\n[__nccwpck_require__(2).fromTwo, __nccwpck_require__(3).self]`,
      ) as unknown;
    expect(run(eager)).toEqual(run(code));
    expect(run(eager)).toEqual([42, {}]);
  });

  it('is compiled by V8 with the file, so a code cache made then holds its body', () => {
    const cached = (source: string) => new Script(source).createCachedData().length;
    const eager = cached(eagerModuleFactories(chunk([ESM_MODULE, CJS_MODULE])));
    // The same modules with nothing in them: what a cache of factories left to compile later holds.
    const empty = cached(
      eagerModuleFactories(chunk([`/***/ ((module) => {`, `/***/ ((module) => {`])),
    );
    expect(eager).toBeGreaterThan(4 * empty);
  });

  it('refuses output whose module factories it does not recognise', () => {
    const code = chunk([ESM_MODULE, '/***/ (async (module) => {\n  module.exports = 1;']);
    expect(() => eagerModuleFactories(code)).toThrow(
      /expected one factory per module: 2 modules, 1 arrow and 0 function factories/,
    );
  });
});
