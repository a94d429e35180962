/**
 * The layers of `src/`, from the top down: a folder may import its own files and the folders of
 * any lower rank, never one beside it or above it. The import-graph test holds the tree to this
 * chain, and the documentation test holds docs/architecture.md's drawing of it to the same.
 */
export const LAYER_CHAIN: readonly (readonly string[])[] = [
  ['cli'],
  ['local'],
  ['action'],
  ['modes'],
  ['fleet'],
  ['review', 'triage', 'publish', 'maintenance'],
  ['report'],
  ['github'],
  ['session-setup'],
  ['custom-commands', 'telemetry'],
  ['policy'],
  ['agent'],
  ['tools'],
  ['fake-gemini'],
  ['config', 'model'],
  ['platform'],
];
