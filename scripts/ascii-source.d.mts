// Types of scripts/ascii-source.mjs, for its test.

/** `code` with every non-ASCII character escaped where that keeps its meaning. */
export declare function asciiSource(code: string): string;
