// What each piece of an analysis holds: exact text, literal name and arguments, depth,
// redirections, and hazard details that quote the command.
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../src/policy/shell/shell-analysis.js';
import type { ShellRedirect } from '../../src/policy/shell/shell-analysis-types.js';

async function pieces(command: string) {
  return (await analyzeShellCommand(command)).commands;
}

async function redirects(command: string): Promise<readonly ShellRedirect[]> {
  const [first] = await pieces(command);
  return first?.redirects ?? [];
}

describe('text', () => {
  it('is the exact bytes of the command, spacing and quoting included', async () => {
    expect((await pieces(`git  log --format='%H %s'   -n 3`))[0]?.text).toBe(
      `git  log --format='%H %s'   -n 3`,
    );
    expect((await pieces('npm \\\n  test'))[0]?.text).toBe('npm \\\n  test');
  });

  it('leaves out redirections, joining words around one in the middle by a space', async () => {
    expect((await pieces('npm test > out.txt 2>&1'))[0]?.text).toBe('npm test');
    expect((await pieces('echo a >f b'))[0]).toMatchObject({ text: 'echo a b', args: ['a', 'b'] });
    expect((await pieces('cat <<< "x" file'))[0]).toMatchObject({
      text: 'cat file',
      args: ['file'],
    });
  });

  it('is the inner text for commands inside substitutions and `bash -c` strings', async () => {
    expect(
      (await pieces(`echo "$(git rev-parse HEAD)" && sh -c 'ls -la  src'`)).map((p) => p.text),
    ).toEqual(['echo "$(git rev-parse HEAD)"', 'git rev-parse HEAD', 'ls -la  src']);
  });
});

describe('name and arguments', () => {
  it('are literal values after quote removal', async () => {
    const [piece] = await pieces(`git commit -m "fix: a \\"b\\"" -m 'c d' e\\ f`);
    expect(piece).toMatchObject({
      name: 'git',
      args: ['commit', '-m', 'fix: a "b"', '-m', 'c d', 'e f'],
    });
  });

  it('are undefined where a word is not literal', async () => {
    const [piece] = await pieces('ls $HOME *.ts {a,b} ~/x "$(id)" src/file.ts');
    expect(piece?.args).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      'src/file.ts',
    ]);
  });

  it('keep a quoted name readable but flag it', async () => {
    const [quoted] = await pieces('"git" status');
    expect(quoted?.name).toBe('git');
    expect(quoted?.hazards).toEqual([
      {
        kind: 'dynamic_command_name',
        detail: 'the command name `"git"`, which is not a plain word',
      },
    ]);
    const [globbed] = await pieces('/usr/bin/g?t status');
    expect(globbed?.name).toBeUndefined();
  });
});

describe('depth and order', () => {
  it('lists outer commands before inner ones, with their depth', async () => {
    const result = await pieces(`a $(b $(c)) | d; bash -c 'e && echo $(f)'`);
    expect(result.map((p) => [p.text, p.depth])).toEqual([
      ['a $(b $(c))', 0],
      ['b $(c)', 1],
      ['c', 2],
      ['d', 0],
      ['e', 1],
      ['echo $(f)', 1],
      ['f', 2],
    ]);
  });
});

describe('redirections', () => {
  it('describe operator, target, literal target and descriptor duplication', async () => {
    expect(
      await redirects('cmd > out.txt 2>&1 >&2 <&0 3<&- &>all.log >>$LOG 2> "e r r" >| f <in'),
    ).toEqual([
      {
        operator: '>',
        target: 'out.txt',
        literalTarget: 'out.txt',
        isDescriptorDuplication: false,
      },
      { operator: '2>&', target: '1', literalTarget: '1', isDescriptorDuplication: true },
      { operator: '>&', target: '2', literalTarget: '2', isDescriptorDuplication: true },
      { operator: '<&', target: '0', literalTarget: '0', isDescriptorDuplication: true },
      { operator: '3<&-', target: '', literalTarget: '', isDescriptorDuplication: true },
      {
        operator: '&>',
        target: 'all.log',
        literalTarget: 'all.log',
        isDescriptorDuplication: false,
      },
      { operator: '>>', target: '$LOG', isDescriptorDuplication: false },
      { operator: '2>', target: '"e r r"', literalTarget: 'e r r', isDescriptorDuplication: false },
      { operator: '>|', target: 'f', literalTarget: 'f', isDescriptorDuplication: false },
      { operator: '<', target: 'in', literalTarget: 'in', isDescriptorDuplication: false },
    ]);
  });

  it('treat `>& word` as a file, not a duplication', async () => {
    expect(await redirects('cmd >& out.txt')).toEqual([
      {
        operator: '>&',
        target: 'out.txt',
        literalTarget: 'out.txt',
        isDescriptorDuplication: false,
      },
    ]);
  });

  it('have no literal target for `~` or expansions', async () => {
    expect(await redirects('echo x > ~/.bashrc')).toEqual([
      { operator: '>', target: '~/.bashrc', isDescriptorDuplication: false },
    ]);
    const [piece] = await pieces('echo x >> "$GITHUB_ENV"');
    expect(piece?.redirects[0]?.literalTarget).toBeUndefined();
    expect(piece?.hazards).toEqual([{ kind: 'expansion', detail: 'the expansion `$GITHUB_ENV`' }]);
  });

  it('include here-documents and here-strings', async () => {
    expect(await redirects("cat <<'EOF' > notes.md\nhi\nEOF")).toEqual([
      { operator: '<<', target: "'EOF'", literalTarget: 'EOF', isDescriptorDuplication: false },
      {
        operator: '>',
        target: 'notes.md',
        literalTarget: 'notes.md',
        isDescriptorDuplication: false,
      },
    ]);
    expect(await redirects('grep x <<< "a b"')).toEqual([
      { operator: '<<<', target: '"a b"', literalTarget: 'a b', isDescriptorDuplication: false },
    ]);
  });

  it('of a group, loop or pipeline apply to every command in it', async () => {
    const result = await pieces('{ git log; curl x; } > .git/hooks/pre-commit');
    expect(result.map((p) => [p.text, p.redirects.map((r) => r.target)])).toEqual([
      ['git log', ['.git/hooks/pre-commit']],
      ['curl x', ['.git/hooks/pre-commit']],
    ]);
    const loop = await pieces('while read l; do echo "$l"; done < list.txt');
    expect(loop.every((p) => p.redirects.some((r) => r.target === 'list.txt'))).toBe(true);
  });

  it('of an unwrapped `bash -c` pass to the commands of its string', async () => {
    const result = await pieces("bash -c 'git log; ls' > out.txt");
    expect(result.map((p) => [p.text, p.depth, p.redirects.map((r) => r.target)])).toEqual([
      ['git log', 1, ['out.txt']],
      ['ls', 1, ['out.txt']],
    ]);
  });

  it('keep a `bash -c` with hazards of its own as a piece, besides its commands', async () => {
    const result = await pieces("GIT_DIR=/tmp bash -c 'git log'");
    expect(result.map((p) => [p.text, p.hazards.map((h) => h.kind)])).toEqual([
      ["GIT_DIR=/tmp bash -c 'git log'", ['assignment_prefix']],
      ['git log', []],
    ]);
  });
});

describe('hazard details', () => {
  it('quote what was found', async () => {
    const result = await pieces('echo $(env) `id` <(ls) ${x@P}; env curl x; python3 -c 1');
    expect(result.flatMap((p) => p.hazards.map((h) => h.detail))).toEqual([
      'the command substitution `$(env)`',
      'the command substitution ``id``',
      'the process substitution `<(ls)`',
      'the expansion `${x@P}`',
      'the wrapper `env`, which runs a command with a changed environment',
      'the wrapper `env`, which runs a command with a changed environment',
      'inline code given to `python3 -c`',
    ]);
  });

  it('shorten long source text', async () => {
    const long = `echo $(${'x'.repeat(200)})`;
    const [piece] = await pieces(long);
    const detail = piece?.hazards[0]?.detail ?? '';
    expect(detail.length).toBeLessThan(100);
    expect(detail).toMatch(/^the command substitution `\$\(x+…`$/u);
  });

  it('name the syntax error', async () => {
    const analysis = await analyzeShellCommand('ls && && pwd');
    expect(analysis.hazards[0]?.kind).toBe('parse_error');
    expect(analysis.hazards[0]?.detail).toMatch(/^a syntax error near `.*` \(offset \d+\)$/u);
  });
});
