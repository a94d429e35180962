import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundledFiles, packageFolderOf, renderLicenses } from '../../scripts/bundle-licenses.mjs';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'bundle-licenses-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Installs a package folder with a manifest, the given files, and one source file. */
async function install(
  folder: string,
  manifest: Record<string, unknown>,
  files: Record<string, string> = {},
): Promise<string> {
  const dir = join(root, folder);
  await mkdir(join(dir, 'lib'), { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const source = join(dir, 'lib', 'index.js');
  await writeFile(source, 'module.exports = 1;\n');
  return source;
}

describe('the notices written beside a bundle', () => {
  it('lists both versions of a package the bundle holds twice, each with its own text', async () => {
    const newer = await install(
      'node_modules/minimatch',
      { name: 'minimatch', version: '11.0.9', license: 'BlueOak-1.0.0' },
      { 'LICENSE.md': '# Blue Oak Model License\n' },
    );
    const older = await install(
      'node_modules/glob/node_modules/minimatch',
      { name: 'minimatch', version: '9.0.9', license: 'ISC' },
      { LICENSE: 'The ISC License\r\n' },
    );

    const text = await renderLicenses([newer, older]);

    expect(text).toBe(
      'minimatch@9.0.9\nISC\nThe ISC License\n\n\n' +
        'minimatch@11.0.9\nBlueOak-1.0.0\n# Blue Oak Model License\n',
    );
  });

  it('writes the same text whatever order the build met the files in', async () => {
    const files = [
      await install(
        'node_modules/b',
        { name: 'b', version: '1.0.0', license: 'MIT' },
        { LICENSE: 'b' },
      ),
      await install(
        'node_modules/@scope/a',
        { name: '@scope/a', version: '2.0.0', license: 'MIT' },
        { LICENSE: 'a' },
      ),
      await install(
        'node_modules/x/node_modules/b',
        { name: 'b', version: '0.9.0', license: 'MIT' },
        { LICENSE: 'old b' },
      ),
    ];

    const forwards = await renderLicenses(files);
    const backwards = await renderLicenses([...files].reverse());

    expect(backwards).toBe(forwards);
    expect(forwards.split('\n\n\n').map((entry) => entry.split('\n')[0])).toEqual([
      '@scope/a@2.0.0',
      'b@0.9.0',
      'b@1.0.0',
    ]);
  });

  it('keeps a NOTICE file beside the license, lists a copy installed twice once, and skips the project', async () => {
    const apache = await install(
      'node_modules/google-auth-library',
      { name: 'google-auth-library', version: '10.0.0', license: { type: 'Apache-2.0' } },
      { LICENSE: 'Apache License', NOTICE: 'Copyright Google' },
    );
    const copy = await install(
      'node_modules/other/node_modules/google-auth-library',
      { name: 'google-auth-library', version: '10.0.0', license: { type: 'Apache-2.0' } },
      { LICENSE: 'Apache License', NOTICE: 'Copyright Google' },
    );
    const bare = await install('node_modules/bare', { name: 'bare', version: '1.0.0' });

    const text = await renderLicenses([apache, copy, bare, join(root, 'src', 'main.ts')]);

    expect(text).toBe(
      'bare@1.0.0\nUNKNOWN\n(the package ships no license file)\n\n\n' +
        'google-auth-library@10.0.0\nApache-2.0\nApache License\n\nCopyright Google\n',
    );
  });
});

describe('which files the notices cover', () => {
  it('takes every module of the compilation, the parts of concatenated modules included', () => {
    const files = bundledFiles({
      modules: [
        { nameForCondition: '/p/src/entry.ts' },
        {
          modules: [
            { nameForCondition: '/p/node_modules/a/index.js' },
            { modules: [{ nameForCondition: '/p/node_modules/b/x.js' }] },
          ],
        },
        {},
      ],
    });
    expect(files).toEqual([
      '/p/src/entry.ts',
      '/p/node_modules/a/index.js',
      '/p/node_modules/b/x.js',
    ]);
  });

  it('finds the package a file belongs to under its last node_modules, scoped or not', () => {
    expect(packageFolderOf('/p/node_modules/a/lib/x.js')).toBe('/p/node_modules/a');
    expect(packageFolderOf('/p/node_modules/@s/a/x.js')).toBe('/p/node_modules/@s/a');
    expect(packageFolderOf('/p/node_modules/a/node_modules/b/x.js')).toBe(
      '/p/node_modules/a/node_modules/b',
    );
    expect(packageFolderOf('/p/src/x.ts')).toBeUndefined();
    expect(packageFolderOf('/p/node_modules/@s')).toBeUndefined();
  });
});
