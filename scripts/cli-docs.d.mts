// Types of scripts/cli-docs.mjs, for the test that runs the generator in-process.

/** The commands whose `--help` the block is made of, in its order (the first: no command). */
export declare const HELP_COMMANDS: readonly (readonly string[])[];

/** The marker comments around the README's block. */
export declare const MARKERS: { start: string; end: string };

/** The block's text, without fences, from the helps in HELP_COMMANDS' order. */
export declare function commandsBlock(helps: readonly string[]): string;

/** README text with the block between the markers regenerated from `helps`. */
export declare function renderCommandsSection(readme: string, helps: readonly string[]): string;
