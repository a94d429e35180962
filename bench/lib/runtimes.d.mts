// Types of bench/lib/runtimes.mjs, for its test.

/** The runtimes `npm run bench` runs on when not told: Node 24 first. */
export declare const DEFAULT_RUNTIMES: readonly number[];

/** `--node 24,22` as a list of major versions, in the order given; throws on anything else. */
export declare function parseRuntimes(text: string): number[];

/** The major version of `version` ("v24.1.0" or "24.1.0"). */
export declare function majorOf(version: string): number;

/** The node binary of Node `major`: the running one, or one fetched into the cache folder. */
export declare function nodeBinary(major: number, log?: (message: string) => void): string;

/** What npm's error output says went wrong, in a line. */
export declare function npmReason(stderr: string, error?: unknown): string;
