// Which files a command names, read from its arguments as the program's own option parser would:
// what the workspace check (file-access-check.test.ts) is given to judge.
import { describe, expect, it } from 'vitest';
import { FILE_READERS } from '../../src/policy/shell/file-operands.js';
import { analyzeShellCommand } from '../../src/policy/shell/shell-analysis.js';
import type { ShellFileAccess } from '../../src/policy/shell/shell-analysis-types.js';

/** The accesses of the command's only piece, each as `purpose:path`, `glob:…` or `unknown:text`. */
async function accesses(command: string): Promise<string[] | undefined> {
  const analysis = await analyzeShellCommand(command);
  const [piece] = analysis.commands;
  return piece?.files?.map(shown);
}

function shown(access: ShellFileAccess): string {
  if (access.path !== undefined) return `${access.purpose}:${access.path}`;
  if (access.glob !== undefined) return `${access.purpose} glob:${access.glob}`;
  return `unknown:${access.text}`;
}

describe('file arguments of the readers a policy is likely to allow', () => {
  it.each<[string, string[]]>([
    ['cat ../other/secret.txt', ['read:../other/secret.txt']],
    ['cat -v /proc/1234/environ', ['read:/proc/1234/environ']],
    ['cat -- -n notes.txt', ['read:-n', 'read:notes.txt']],
    ['cat - notes.txt', ['read:notes.txt']],
    ['head -n 5 /etc/passwd', ['read:/etc/passwd']],
    ['head -n5 a.txt -c 10 b.txt', ['read:a.txt', 'read:b.txt']],
    ['head --lines 3 README.md', ['read:README.md']],
    ['tail -f --pid=12 log.txt', ['read:log.txt']],
    ['wc -l src/a.ts src/b.ts', ['read:src/a.ts', 'read:src/b.ts']],
    ['wc --files0-from=names.txt', ['unknown:names.txt']],
    ['wc --files0=names.txt', ['unknown:names.txt']],
    ['sort -o out.txt -k 2 in.txt', ['write:out.txt', 'read:in.txt']],
    ['sort --random-source=/dev/urandom in.txt', ['read:/dev/urandom', 'read:in.txt']],
    ['uniq -c in.txt out.txt', ['read:in.txt', 'write:out.txt']],
    ['cut -d : -f 1 /etc/passwd', ['read:/etc/passwd']],
    ['diff -u a.txt ~/b.txt', ['read:a.txt', 'unknown:~/b.txt']],
    ['diff -r a b', ['unknown:-r', 'read:a', 'read:b']],
    ['diff --recursive --no-dereference a b', ['read:a', 'read:b']],
    ['diff --from-file=/etc/hosts a', ['read:/etc/hosts', 'read:a']],
    ['cmp a b 10 20', ['read:a', 'read:b']],
    ['file -m /etc/magic x', ['read:/etc/magic', 'read:x']],
    ['file -f list.txt', ['unknown:list.txt']],
    ['stat -c %s x', ['read:x']],
    ['nl -ba -w 3 x', ['read:x']],
    ['od -A x -t x1z x', ['read:x']],
    ['xxd -l 64 in out', ['read:in', 'write:out']],
    ['hexdump -C -n 16 x', ['read:x']],
    ['strings -n 8 x', ['read:x']],
    ['base64 -w 0 x', ['read:x']],
    ['sha256sum a b', ['read:a', 'read:b']],
    ['sha256sum -c sums.txt', ['unknown:-c', 'read:sums.txt']],
    ['md5sum --check sums.txt', ['unknown:-c', 'read:sums.txt']],
    ['grep -rn TODO src', ['read:src']],
    ['grep -R TODO src', ['unknown:-R', 'read:src']],
    ['grep --dereference-recursive TODO .', ['unknown:-R', 'read:.']],
    ['grep -e x -e y a b', ['read:a', 'read:b']],
    ['grep -f /etc/passwd x', ['read:/etc/passwd', 'read:x']],
    ['grep -f/etc/passwd x', ['read:/etc/passwd', 'read:x']],
    ['grep --exclude-from=../ignore x .', ['read:../ignore', 'read:.']],
    ['egrep /etc/passwd notes.txt', ['read:notes.txt']],
    ['fgrep -i word a', ['read:a']],
    ["awk '{print $1}' /etc/passwd", ['read:/etc/passwd']],
    ["awk -F : -v n=1 '{print $n}' x n=2 y", ['read:x', 'read:y']],
    ['awk -f prog.awk x', ['read:prog.awk', 'read:x']],
    ["sed -n '1,5p' /etc/passwd", ['read:/etc/passwd']],
    ["sed -i 's/a/b/' x", ['write:x']],
    ["jq '.name' package.json", ['read:package.json']],
    ['jq --rawfile k /etc/passwd -n .', ['read:/etc/passwd']],
    ["jq --arg name '/x' '.a' f.json", ['read:f.json']],
    ["jq -L /tmp/mods '.' a.json", ['read:/tmp/mods', 'read:a.json']],
    ['jq \'import "x" as x; .\' a.json', ['unknown:\'import "x" as x; .\'', 'read:a.json']],
    ["yq eval '.a' a.yml", ['read:a.yml']],
    ["yq -i '.a = 1' a.yml", ['write:a.yml']],
    ['yq -n \'load("/etc/passwd")\'', ['unknown:\'load("/etc/passwd")\'']],
    ['ls -la ~', ['unknown:~']],
    ['ls -R src', ['read:src']],
    ['ls -RL src', ['unknown:-R -L', 'read:src']],
    ['ls --recursive --dereference src', ['unknown:-R -L', 'read:src']],
    ['ls --color=always -I node_modules', []],
    ['tree -L 2 src', ['read:src']],
    ['tree -l src', ['unknown:-l', 'read:src']],
    ['tree -o out.txt .', ['write:out.txt', 'read:.']],
    ['rg -n TODO src', ['read:src']],
    ['rg --follow TODO', ['unknown:-L']],
    ['less -o log.txt x', ['write:log.txt', 'read:x']],
  ])('%s', async (command, expected) => {
    expect(await accesses(command)).toEqual(expected);
  });

  it('checks the value of a long option it does not know as a path', async () => {
    expect(await accesses('cat --nonsense=/etc/passwd x')).toEqual(['read:/etc/passwd', 'read:x']);
  });

  it('takes unquoted globs as patterns, and other dynamic words as unknown', async () => {
    expect(await accesses('cat src/*.ts')).toEqual(['read glob:src/*.ts']);
    expect(await accesses('cat "src"/*.ts')).toEqual(['unknown:"src"/*.ts']);
    expect(await accesses('cat {a,../b}')).toEqual(['unknown:{a,../b}']);
    expect(await accesses('cat ~/.npmrc')).toEqual(['unknown:~/.npmrc']);
    expect(await accesses('cat "$HOME/.npmrc"')).toEqual(['unknown:"$HOME/.npmrc"']);
  });

  it('names nothing for programs it does not know', async () => {
    expect(await accesses('npm test -- ../x')).toBeUndefined();
    expect(FILE_READERS).toEqual(
      expect.arrayContaining([
        ...['cat', 'head', 'tail', 'less', 'more', 'wc', 'sort', 'uniq', 'cut', 'diff', 'cmp'],
        ...['file', 'stat', 'nl', 'od', 'xxd', 'hexdump', 'strings', 'base64', 'md5sum'],
        ...['sha1sum', 'sha256sum', 'sha512sum', 'grep', 'egrep', 'fgrep', 'awk', 'jq', 'yq'],
        ...['ls', 'tree'],
      ]),
    );
  });

  it('makes relative paths unknown in a command that changes directory', async () => {
    const analysis = await analyzeShellCommand('cd .. && cat secret.txt /etc/hostname');
    const cat = analysis.commands.find((piece) => piece.name === 'cat');
    expect(cat?.files?.map(shown)).toEqual(['unknown:secret.txt', 'read:/etc/hostname']);
  });

  it('finds the files inside bash -c strings and pipelines', async () => {
    const analysis = await analyzeShellCommand("ls && bash -c 'head -1 ../x' | wc -l");
    expect(analysis.commands.map((piece) => piece.files?.map(shown))).toEqual([
      [],
      ['read:../x'],
      [],
    ]);
  });
});
