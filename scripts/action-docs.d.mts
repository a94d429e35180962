// Types of scripts/action-docs.mjs, for the test that runs the generator in-process.

/** The README sections generated from action.yml, in the order they are written. */
export declare const SECTIONS: readonly ['inputs', 'outputs'];

export type Section = (typeof SECTIONS)[number];

/** The marker comments around a section's table. */
export declare function markers(section: Section): { start: string; end: string };

/** Text for one table cell: one line, pipes and Markdown emphasis escaped. */
export declare function cellText(text: string): string;

/** The two tables as unformatted Markdown, from action.yml's text. */
export declare function actionTables(actionYml: string): Record<Section, string>;

/** README text with each section's table regenerated from `actionYml` and formatted. */
export declare function renderReadme(
  readme: string,
  actionYml: string,
  options?: { filepath?: string },
): Promise<string>;
