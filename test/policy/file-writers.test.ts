// Which files a writer names, read from its arguments as the program's own option parser would:
// what the workspace check and the protected-path judgement are given (shell-writes-protected
// test). Also what a partly known path could be (glob-reach.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILE_WRITERS } from '../../src/policy/shell/file-operands.js';
import { GIT_WRITERS } from '../../src/policy/shell/file-writers.js';
import { reach } from '../../src/policy/glob-reach.js';
import { analyzeShellCommand } from '../../src/policy/shell/shell-analysis.js';
import type { ShellFileAccess } from '../../src/policy/shell/shell-analysis-types.js';

/** The accesses of the command's only piece: `purpose:path`, `… glob:…`, `unknown:text`; `+` for a tree. */
async function accesses(command: string): Promise<string[] | undefined> {
  const analysis = await analyzeShellCommand(command);
  const [piece] = analysis.commands;
  return piece?.files?.map(shown);
}

function shown(access: ShellFileAccess): string {
  const tree = access.tree === true ? '+' : '';
  if (access.path !== undefined) return `${access.purpose}:${access.path}${tree}`;
  if (access.glob !== undefined) return `${access.purpose} glob:${access.glob}${tree}`;
  return `unknown:${access.text}`;
}

describe('file arguments of the writers', () => {
  it.each<[string, string[]]>([
    ['cp a.json b.json', ['read:a.json', 'write:b.json', 'write:b.json/a.json']],
    ['cp -r src app/', ['read:src', 'write:app/', 'write:app/src+']],
    ['cp -a src .', ['read:src', 'write:.', 'write:src+']],
    ['cp -r app/. .', ['read:app/.', 'write:.', 'write:.+']],
    ['git mv a b', ['write:a+', 'write:b+', 'write:b/a+']],
    ['git rm -r --cached x', ['write:x+']],
    ['cp -t dest a b', ['read:a', 'read:b', 'write:dest', 'write:dest/a', 'write:dest/b']],
    ['cp --target-directory=dest a', ['read:a', 'write:dest', 'write:dest/a']],
    ['cp -T a b', ['read:a', 'write:b']],
    ['cp --parents src/x.ts app', ['read:src/x.ts', 'write:app', 'write:app/src/x.ts']],
    ['cp -l secret.txt link', ['write:secret.txt', 'write:link', 'write:link/secret.txt']],
    ['cp -S .bak a b', ['read:a', 'write:b', 'write:b/a']],
    ['cp x .g*/s.json', ['read:x', 'write glob:.g*/s.json', 'write glob:.g*/s.json/x']],
    ['mv a b', ['write:a+', 'write:b+', 'write:b/a+']],
    ['mv -t dir a', ['write:a+', 'write:dir', 'write:dir/a+']],
    ['install -m 644 a bin/a', ['read:a', 'write:bin/a', 'write:bin/a/a']],
    ['install -d x y', ['write:x', 'write:y']],
    ['ln -s ../x app/y', ['write:x', 'write:app/x', 'write:app/y', 'write:app/y/x']],
    ['ln -s app/.gemini', ['write:app/.gemini', 'write:.', 'write:.gemini']],
    ['ln a b', ['write:a', 'write:b', 'write:b/a']],
    ['tee -a a b', ['write:a', 'write:b']],
    ['touch -r ref.txt new.txt', ['read:ref.txt', 'write:new.txt']],
    ['touch -d tomorrow new.txt', ['write:new.txt']],
    ['truncate -s 0 log.txt', ['write:log.txt']],
    ['mkdir -p -m 700 a/b', ['write:a/b']],
    ['rm -rf build', ['write:build+']],
    ['rm --recursive build', ['write:build+']],
    ['rm build.log', ['write:build.log']],
    ['rmdir -p a/b', ['write:a/b']],
    ['chmod -R u+w src', ['write:u+w+', 'write:src+']],
    ['chmod --reference=a b', ['read:a', 'write:b']],
    ['chown -R me:me src', ['write:me:me+', 'write:src+']],
    ['dd if=in.bin of=out.bin bs=1M', ['read:in.bin', 'write:out.bin']],
    ['dd of=$OUT', ['unknown:of=$OUT']],
    ['git checkout -- a.ts', ['write:a.ts+']],
    ['git checkout main -- .github', ['write:main+', 'write:.github+']],
    ['git checkout -b topic', ['write:main+'].slice(1)],
    ['git --no-pager restore --source=HEAD~1 a.ts', ['write:a.ts+']],
    ["git restore ':(glob)**/x'", ["unknown:':(glob)**/x'"]],
    ['git checkout --pathspec-from-file=list.txt', ['unknown:list.txt']],
    ['git apply p.diff', ['unknown:p.diff']],
    ['git apply --check p.diff', []],
    ['git apply --check --apply p.diff', ['unknown:--check --apply p.diff']],
    ['git am mails.mbox', ['unknown:mails.mbox']],
    ['patch -p1 -i fix.diff', ['read:fix.diff', 'unknown:-p1 -i fix.diff']],
    ['patch --dry-run -p1 -i fix.diff', ['read:fix.diff']],
  ])('%s', async (command, expected) => {
    expect(await accesses(command)).toEqual(expected);
  });

  it('leaves other git subcommands, and other programs, without known files', async () => {
    expect(await accesses('git status')).toBeUndefined();
    expect(await accesses('git -C elsewhere log')).toBeUndefined();
    expect(await accesses('npm test')).toBeUndefined();
  });

  it('marks git run in another folder as unknown', async () => {
    expect(await accesses('git -C app checkout -- a.ts')).toEqual(['unknown:-C']);
  });

  it('are each named in docs/policy.md', () => {
    const docs = readFileSync(new URL('../../docs/policy.md', import.meta.url), 'utf8');
    const named = [
      ...FILE_WRITERS.filter((name) => name !== 'git'),
      ...Object.keys(GIT_WRITERS).map((sub) => `git ${sub}`),
    ];
    expect(named.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('what a partly known path could be', () => {
  it.each<[string, string, boolean, string[] | 'unsure' | undefined]>([
    ['.gem*/settings.json', '.gemini/**', false, ['.gemini/settings.json']],
    ['app/.g*/x', '**/.github/**', false, ['app/.github/x']],
    ['*/settings.json', '**/.gemini/**', false, undefined],
    ['.*/settings.json', '**/.gemini/**', false, ['.gemini/settings.json']],
    ['*.md', '**/GEMINI.md', false, ['GEMINI.md']],
    ['*.log', '**/GEMINI.md', false, undefined],
    ['.', '.github/**', true, ['.github']],
    ['app', 'app/secrets/**', true, ['app/secrets']],
    ['build', '.github/**', true, undefined],
    ['x/*.a', 'x/*.b', false, undefined],
    ['*.log', '**/*.secret', false, undefined],
    ['*', '**/.*', false, undefined],
    ['x/*a', 'x/b*', false, ['x/ba', 'x/bxa']],
    ['x/*a*', 'x/*b*', false, 'unsure'],
    ['x/a', '{x/a,y}', false, 'unsure'],
  ])('%s against %s (below: %s)', (written, pattern, below, expected) => {
    const found = reach(written, pattern, below);
    if (expected === undefined || expected === 'unsure') expect(found).toBe(expected);
    else expect(found).toEqual({ witnesses: expected });
  });
});
