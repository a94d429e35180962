// Types of scripts/eager-factories.mjs, for its test.

/** `code` with each module factory written as a function; the count must match the modules. */
export declare function eagerModuleFactories(code: string): string;
