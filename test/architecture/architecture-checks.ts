// The checks docs/architecture.md is held to, as functions of its text and of the tree it
// describes, so each can be shown failing on a made-up document or a made-up tree: every folder of
// src/ has its section and no section outlives its folder, each section says what its folder may
// import, the lines fit an editor, and the paths and names it gives exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { codeBlocks, section } from '../docs/markdown.js';

/** Longer lines do not fit an editor beside another window; URLs do not count. */
export const MAX_LINE_LENGTH = 120;

/**
 * Names in code spans that src/ neither declares nor imports from a package: the doc names them as
 * what the code does not have.
 */
export const OUTSIDE_NAMES: ReadonlyMap<string, string> = new Map([
  ['GitHubSink', "the original design's one writer, which the doc says the code does without"],
]);

/** Every folder below `src`, as `platform/sandbox`, parents before their children. */
export function sourceFolders(src: string): string[] {
  return readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => [
      name,
      ...sourceFolders(path.join(src, name)).map((child) => `${name}/${child}`),
    ]);
}

/** The folders with a section of their own: a heading that is only `src/<folder>/`. */
export function folderSections(markdown: string): string[] {
  return headings(markdown)
    .map((heading) => /^#{2,6} `src\/([\w/-]+)\/`$/.exec(heading)?.[1])
    .filter((folder): folder is string => folder !== undefined);
}

/** Folders of the tree without a section, and sections of folders the tree does not have. */
export function folderCoverage(
  folders: readonly string[],
  markdown: string,
): { missing: string[]; stale: string[] } {
  const sections = folderSections(markdown);
  return {
    missing: folders.filter((folder) => !sections.includes(folder)),
    stale: sections.filter((folder) => !folders.includes(folder)),
  };
}

/**
 * What each folder's section says it may import, checked against the chain: a top-level folder's
 * `Imports:` line names the folders of the next rank down (and no folder at the bottom), a nested
 * folder's names its parent first.
 */
export function importLineProblems(
  markdown: string,
  chain: readonly (readonly string[])[],
): string[] {
  const problems: string[] = [];
  for (const folder of folderSections(markdown)) {
    const text = section(markdown, `\`src/${folder}/\``) ?? '';
    const line = text.split('\n').find((candidate) => candidate.startsWith('Imports: '));
    if (line === undefined) {
      problems.push(`src/${folder}/: no "Imports:" line`);
      continue;
    }
    const named = [...line.matchAll(/`([\w/-]+)\/`/g)].map((match) => match[1] ?? '');
    const parent = folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : undefined;
    if (parent !== undefined) {
      if (named[0] !== parent)
        problems.push(`src/${folder}/: "${line}" does not start at ${parent}/`);
      continue;
    }
    const rank = chain.findIndex((folders) => folders.includes(folder));
    if (rank === -1) {
      problems.push(`src/${folder}/: not in the layer chain`);
      continue;
    }
    const below = chain[rank + 1] ?? [];
    const expected = [...below].sort().join(', ');
    if ([...named].sort().join(', ') !== expected) {
      problems.push(
        `src/${folder}/: "${line}" should name ${expected === '' ? 'no folder' : expected}`,
      );
    }
  }
  return problems;
}

/** The lines longer than `max` characters once URLs are taken out, as `line N: L characters`. */
export function longLines(markdown: string, max = MAX_LINE_LENGTH): string[] {
  return markdown.split('\n').flatMap((line, index) => {
    const length = line.replace(/<?https?:\/\/[^\s)>]*>?/g, '').length;
    return length > max ? [`line ${index + 1}: ${length} characters`] : [];
  });
}

/** The ranks of the chain drawn in the first code block under "Layers": one line a rank. */
export function drawnChain(markdown: string): string[][] {
  const layers = section(markdown, 'Layers');
  const drawing = layers === undefined ? undefined : codeBlocks(layers)[0];
  if (drawing === undefined) return [];
  return drawing.text
    .split('\n')
    .map((line) => [...line.matchAll(/([a-z][a-z-]*)\//g)].map((match) => match[1] ?? ''))
    .filter((rank) => rank.length > 0);
}

/** The text of every inline code span outside code blocks. */
export function codeSpans(markdown: string): string[] {
  let inBlock = false;
  const spans: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) inBlock = !inBlock;
    if (inBlock) continue;
    for (const match of line.matchAll(/`([^`]+)`/g)) spans.push(match[1] ?? '');
  }
  return spans;
}

/** The top-level folders of the repository a path in the doc may start from. */
const ROOT_FOLDERS = [
  'src',
  'test',
  'scripts',
  'docs',
  'bench',
  'evals',
  'examples',
  'policies',
  'dist',
  '.github',
];

/**
 * Every path the doc gives that does not exist under `root`:
 * - `src/…` and the other top-level folders' paths, in prose or code;
 * - code spans that are a path from src/ (`action/run-action.ts`, `cli/a2a-server/`);
 * - bare file names (`retry.ts`): in a folder's section, a file of that folder or of its parent
 *   (or one by its path from src/ or the root); elsewhere, a file somewhere in src/ or the root.
 */
export function missingPaths(markdown: string, root: string): string[] {
  const src = path.join(root, 'src');
  const topFolders = existsSync(src) ? readdirSync(src) : [];
  const missing = new Set<string>();
  const rooted = new RegExp(
    `(?<![\\w./-])(?:${ROOT_FOLDERS.map((name) => name.replace('.', '\\.')).join('|')})\\/[\\w./-]*[\\w/]`,
    'g',
  );
  for (const match of markdown.matchAll(rooted)) {
    if (!existsSync(path.join(root, match[0]))) missing.add(match[0]);
  }
  const sourceFiles = new Set(allFiles(src).map((file) => path.basename(file)));
  const sectionOf = fileSections(markdown);
  for (const [folder, text] of sectionOf) {
    for (const span of codeSpans(text)) {
      if (!/^[\w.-]+(\/[\w.-]+)*\/?$/.test(span) || span.startsWith('.')) continue;
      const first = span.split('/')[0] ?? '';
      if (span.includes('/')) {
        if (topFolders.includes(first) && !existsSync(path.join(src, span))) missing.add(span);
        continue;
      }
      if (!/\.(ts|mts|mjs)$/.test(span)) continue;
      const found =
        folder === undefined
          ? sourceFiles.has(span) || existsSync(path.join(root, span))
          : [folder, path.dirname(folder), '.']
              .map((dir) => path.join(src, dir, span))
              .concat(path.join(root, span))
              .some((candidate) => existsSync(candidate));
      if (!found) missing.add(folder === undefined ? span : `src/${folder}/: ${span}`);
    }
  }
  return [...missing];
}

/**
 * Names in code spans that the code does not have: a `PascalCase` name must be declared in src/
 * (a class, interface, type, enum, function or constant) or imported there from a package, a
 * `camelCase` one must occur there as a word; `Name.member` checks both parts. `outside` lists
 * names the doc may give anyway.
 */
export function unknownNames(
  markdown: string,
  sourceText: string,
  outside: ReadonlyMap<string, string> = OUTSIDE_NAMES,
): string[] {
  const unknown = new Set<string>();
  const words = new Set(sourceText.split(/[^\w$]+/));
  const declared = new Set(
    [
      ...sourceText.matchAll(
        /\b(?:class|interface|type|enum|function|const|let|namespace)\s+(\w+)/g,
      ),
    ].map((found) => found[1]),
  );
  for (const statement of sourceText.matchAll(/^import ([^;]*) from '[^.][^']*';/gm)) {
    for (const name of (statement[1] ?? '').matchAll(/\w+/g)) declared.add(name[0]);
  }
  for (const span of codeSpans(markdown)) {
    const match = /^([A-Za-z][A-Za-z0-9]*)(?:\.([a-z][A-Za-z0-9]*))?(?:\(\))?$/.exec(span);
    const name = match?.[1];
    if (name === undefined || outside.has(name)) continue;
    const pascal = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*$/.test(name);
    const camel = /^[a-z]+[A-Z][A-Za-z0-9]*$/.test(name);
    if (!pascal && !camel) continue;
    const member = match?.[2];
    if (!(pascal ? declared : words).has(name) || (member !== undefined && !words.has(member))) {
      unknown.add(span);
    }
  }
  return [...unknown];
}

/** The text of every `.ts` file below `src`, joined. */
export function sourceText(src: string): string {
  return allFiles(src)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

function allFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? allFiles(full) : [full];
  });
}

/** The doc cut at headings: each part with the folder whose section it is, if any. */
function fileSections(markdown: string): [string | undefined, string][] {
  const parts: [string | undefined, string][] = [];
  let folder: string | undefined;
  let lines: string[] = [];
  let inBlock = false;
  for (const line of markdown.split('\n')) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) inBlock = !inBlock;
    if (!inBlock && /^#{1,6} /.test(line)) {
      parts.push([folder, lines.join('\n')]);
      folder = /^#{2,6} `src\/([\w/-]+)\/`$/.exec(line)?.[1];
      lines = [];
      continue;
    }
    lines.push(line);
  }
  parts.push([folder, lines.join('\n')]);
  return parts;
}

/** The heading lines outside code blocks. */
function headings(markdown: string): string[] {
  let inBlock = false;
  return markdown.split('\n').filter((line) => {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) inBlock = !inBlock;
    return !inBlock && /^#{1,6} /.test(line);
  });
}

/** Folders at the top of the repository that are not its own (tools' output and caches). */
const NOT_THE_REPOSITORY = ['node_modules', 'coverage'];

/** The repository's top-level folders besides `src/`; hidden ones are the tools'. */
export function topLevelFolders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .filter((name) => !name.startsWith('.') && name !== 'src' && !NOT_THE_REPOSITORY.includes(name))
    .sort();
}

/** The folders the section "Outside src/" does not name as `folder/`. */
export function unnamedTopFolders(folders: readonly string[], markdown: string): string[] {
  const spans = new Set(codeSpans(section(markdown, 'Outside src/') ?? ''));
  return folders.filter((folder) => !spans.has(`${folder}/`));
}
