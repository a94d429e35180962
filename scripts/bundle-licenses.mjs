// The third-party notices written beside each bundle (`licenses.txt`).
//
// ncc's own `license` option keeps one entry per package *name*, the first it meets. A bundle
// holding two versions of a package (ours and an older one nested under a dependency) then
// names whichever the build happened to reach first: the text differs from build to build, and
// the other version's license is missing. Here every package directory a bundled file comes from
// is listed, by name and version, in a fixed order, so a fresh build always writes the same file.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';

// Files a package ships its terms in. NOTICE files are kept too: Apache-2.0 asks for them.
const NOTICE_FILE = /^(licen[cs]e|copying|notice)([.-].*)?$/i;

/**
 * The absolute paths of every source file in a webpack compilation, including the files a
 * concatenated module was made of. `stats` is ncc's `stats.toJson({ all: false, modules: true,
 * nestedModules: true })`.
 */
export function bundledFiles(stats) {
  const files = [];
  const visit = (modules) => {
    for (const module of modules ?? []) {
      if (typeof module.nameForCondition === 'string') files.push(module.nameForCondition);
      visit(module.modules);
    }
  };
  visit(stats.modules);
  return files;
}

/**
 * The folder of the installed package a file belongs to: the folder right under its last
 * `node_modules` (two folders for a scoped package). Files of the project itself have none.
 */
export function packageFolderOf(file) {
  const marker = `${sep}node_modules${sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return undefined;
  const parts = file.slice(at + marker.length).split(sep);
  const depth = parts[0]?.startsWith('@') ? 2 : 1;
  if (parts.length <= depth) return undefined;
  return file.slice(0, at + marker.length) + parts.slice(0, depth).join(sep);
}

// A package's name, version, declared license and the text of every license or notice file it
// ships, in file-name order.
async function describePackage(folder) {
  const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8'));
  const files = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && NOTICE_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const texts = await Promise.all(
    files.map(async (file) => (await readFile(join(folder, file), 'utf8')).replace(/\r\n/g, '\n')),
  );
  const license =
    typeof manifest.license === 'string'
      ? manifest.license
      : typeof manifest.license?.type === 'string'
        ? manifest.license.type
        : 'UNKNOWN';
  return {
    name: typeof manifest.name === 'string' ? manifest.name : basename(folder),
    version: typeof manifest.version === 'string' ? manifest.version : '',
    license,
    text: texts.map((text) => text.trim()).join('\n\n'),
  };
}

/**
 * The notices for a bundle made of `files` (absolute paths): every package they come from,
 * ordered by name and then version, each with its license text.
 */
export async function renderLicenses(files) {
  const folders = new Set();
  for (const file of files) {
    const folder = packageFolderOf(file);
    if (folder !== undefined) folders.add(folder);
  }
  const packages = (await Promise.all([...folders].map(describePackage))).sort(
    (a, b) =>
      compareText(a.name, b.name) ||
      a.version.localeCompare(b.version, 'en', { numeric: true }) ||
      compareText(a.text, b.text),
  );
  const entries = packages.map((pkg) =>
    [`${pkg.name}@${pkg.version}`, pkg.license, pkg.text || '(the package ships no license file)']
      .join('\n')
      .trim(),
  );
  // npm can install the same version in two folders: it is listed once.
  return entries.filter((entry, i) => entry !== entries[i - 1]).join('\n\n\n') + '\n';
}

// Code-point order, the same on every machine and in every locale.
function compareText(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
