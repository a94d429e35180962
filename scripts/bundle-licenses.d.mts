// Types of scripts/bundle-licenses.mjs, for its test.

/** The part of a webpack stats module the notices read. */
export interface StatsModule {
  nameForCondition?: string;
  modules?: StatsModule[];
}

/** Every source file in a compilation, concatenated modules' parts included. */
export declare function bundledFiles(stats: { modules?: StatsModule[] }): string[];

/** The installed package folder a file belongs to; undefined for the project's own files. */
export declare function packageFolderOf(file: string): string | undefined;

/** The notices text for a bundle made of `files`: every package, by name then version. */
export declare function renderLicenses(files: Iterable<string>): Promise<string>;
