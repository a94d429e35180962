// A deny rule's commandPrefix and commandRegex are matched on the command as bash runs it: its
// parsed words, and for programs whose options are known, the options in canonical form. Each
// row is judged by the real engine over the real bash analysis, under a deny rule and an allow
// that covers any command exactly (so only the deny can refuse it).
import { describe, expect, it } from 'vitest';
import { prefixWords } from '../../src/policy/shell/command-words.js';
import { rule } from './support/rules.js';
import { shellVerdict } from './support/shell-verdict.js';

const SHELL = ['run_shell_command'];

/** Allows every single-line command, hazards included (a regex matching the whole text). */
const ALLOW_EVERYTHING = rule({
  toolNames: SHELL,
  commandRegex: /.*/u,
  decision: 'allow',
  priority: 0,
});

function denyRule(spec: { prefix?: string; regex?: RegExp; decision?: 'deny' | 'ask_user' }) {
  return rule({
    toolNames: SHELL,
    ...(spec.prefix === undefined ? {} : { commandPrefixes: [spec.prefix] }),
    ...(spec.regex === undefined ? {} : { commandRegex: spec.regex }),
    decision: spec.decision ?? 'deny',
    priority: 200,
  });
}

/** Whether the deny rule is what decided (it matched some sub-command). */
async function deniedBy(prefix: string, command: string): Promise<boolean> {
  const deny = denyRule({ prefix });
  const verdict = await shellVerdict([deny, ALLOW_EVERYTHING], command);
  return verdict.decision === 'deny' && verdict.rule === deny;
}

/** [deny prefix, commands it must deny, commands it must leave to the other rules]. */
const TABLE: [string, string[], string[]][] = [
  [
    'rm -rf',
    [
      'rm  -rf x',
      "rm '-rf' x",
      'rm "-rf" x',
      'rm \\-rf x',
      "rm -'r'f x",
      'rm\t-rf x',
      'rm -fr x',
      'rm -r -f x',
      'rm -f -r x',
      'rm -R -f x',
      'rm -Rf x',
      'rm --recursive --force x',
      'rm --force --recursive x',
      'rm --recur --forc x',
      'rm -r --force x',
      'rm x -rf',
      'rm x -r -f',
      'rm -r x -f',
      'rm -rfv x',
      'rm -v -f -r x',
      '/bin/rm -rf x',
      '/usr/bin/rm -fr x',
      './rm -rf x',
      'RM -rf x',
      "'rm' -rf x",
      'r\\m -fr x',
      '"rm" -r -f x',
      'rm -rf',
      'rm -r -f -- x',
      'timeout 5 rm -fr x',
      'env rm -r -f x',
      'command rm --recursive --force x',
      'nice -n 5 rm -fr x',
      'xargs rm -fr < list.txt',
      "bash -c 'rm -fr x'",
      'find . -exec rm -fr {} ;',
      'rm -r $FLAGS x',
      'rm -r * ',
      '$RM -rf x',
      'ls && rm -fr x',
      'echo $(rm -r -f x)',
    ],
    [
      'rm -r x',
      'rm -f x',
      'rm x',
      'rm -rv x',
      'rm -- -rf',
      'rm -f -- -r',
      'rm -r ./*.log',
      'echo rm -rf x',
      "echo 'rm -fr x'",
      'rmdir x',
      'rm -i x',
      'git rm -rf x',
    ],
  ],
  [
    'git push --force',
    [
      'git push -f',
      'git push -f origin main',
      'git push origin main -f',
      'git push origin main --force',
      'git push --forc origin',
      'git push -uf origin main',
      'git  push  --force',
      "git 'push' '--force'",
      'git -C . push -f',
      'git --no-pager push -f',
      'git push origin +main',
      '/usr/bin/git push -f',
    ],
    [
      'git push',
      'git push origin main',
      'git push --force-with-lease origin main',
      'git push -u origin main',
      'git push -o -f origin',
      'git push origin -- -f',
      'git pull -f',
      'git fetch --force',
    ],
  ],
  [
    'git push --delete',
    ['git push -d origin x', 'git push origin :x', 'git push origin --delete x'],
    ['git push origin x'],
  ],
  [
    'git commit --no-verify',
    [
      'git commit -n -m wip',
      'git commit -anm wip',
      'git commit -m wip --no-verify',
      'git commit --no-ver',
    ],
    ['git commit -m wip', 'git commit -m -n', 'git commit -F -n'],
  ],
  [
    'git branch -D',
    ['git branch -D x', 'git branch -d -f x', 'git branch --delete --force x', 'git branch -fd x'],
    ['git branch -d x', 'git branch -f x y'],
  ],
  [
    'git clean -fdx',
    ['git clean -xdf', 'git clean -d -x -f', 'git clean --force -dx', 'git clean -f -d -x -n'],
    ['git clean -fd', 'git clean -e -f -dx', 'git clean -n -dx'],
  ],
  [
    'git reset --hard',
    [
      'git reset --hard HEAD~1',
      'git reset HEAD~1 --hard',
      'git reset --har',
      'git reset -q --hard',
    ],
    ['git reset HEAD~1', 'git reset --soft HEAD~1', 'git reset -- --hard'],
  ],
  [
    'sed -i',
    [
      'sed -i s/a/b/ f',
      'sed --in-place s/a/b/ f',
      'sed --in-place=.bak s/a/b/ f',
      'sed -i.bak s/a/b/ f',
      'sed -ni s/a/b/p f',
      'sed -in s/a/b/ f',
      'sed s/a/b/ -i f',
      'sed -e s/a/b/ -i f',
      'sed --in-pl s/a/b/ f',
    ],
    ['sed -n p f', 'sed s/a/b/ f', 'sed -e -i f', "sed 's/-i/x/' f"],
  ],
  [
    'curl -X POST',
    [
      'curl -X POST https://example.com',
      'curl -XPOST https://example.com',
      'curl --request POST https://example.com',
      'curl --request=POST https://example.com',
      'curl https://example.com -X POST',
      'curl -sX POST https://example.com',
      'curl -s -S -X POST https://example.com',
    ],
    [
      'curl -X GET https://example.com',
      'curl https://example.com',
      'curl -d POST https://example.com',
    ],
  ],
  [
    'chmod -R 777',
    ['chmod 777 -R x', 'chmod --recursive 777 x', 'chmod -Rv 777 x'],
    ['chmod 777 x', 'chmod -R 755 x', 'chmod -w x'],
  ],
  [
    'find . -delete',
    ['find . -type f -delete', 'find . -name x -delete', 'find -L . -delete'],
    ['find . -name -delete', 'find src -delete'],
  ],
  [
    'npm publish',
    ['npm  publish', "'npm' publish", '/usr/local/bin/npm publish', 'npm "publish" --tag x'],
    ['npm publish-notes', 'npm test', 'echo npm publish'],
  ],
];

describe('a deny prefix denies every respelling of its command', () => {
  for (const [prefix, denied, leftAlone] of TABLE) {
    describe(prefix, () => {
      it.each(denied)('denies %s', async (command) => {
        expect(await deniedBy(prefix, command)).toBe(true);
      });
      it.each(leftAlone)('does not deny %s', async (command) => {
        expect(await deniedBy(prefix, command)).toBe(false);
      });
    });
  }
});

describe('commandRegex denials', () => {
  it('match the parsed words too: quotes, spaces and paths are gone', async () => {
    const deny = denyRule({ regex: /rm -rf/u });
    for (const command of ["rm '-rf' x", '/bin/rm -rf x', 'rm  -rf x', 'timeout 1 rm -rf x']) {
      const verdict = await shellVerdict([deny, ALLOW_EVERYTHING], command);
      expect(verdict.rule, command).toBe(deny);
    }
    expect((await shellVerdict([deny, ALLOW_EVERYTHING], 'rm -fr x')).decision).toBe('allow');
  });
});

describe('ask_user rules', () => {
  it('match as deny rules do (a denial in a run)', async () => {
    const ask = denyRule({ prefix: 'rm -rf', decision: 'ask_user' });
    const verdict = await shellVerdict([ask, ALLOW_EVERYTHING], 'rm -r -f x');
    expect(verdict).toMatchObject({ decision: 'ask_user', rule: ask });
  });
});

describe('allow rules are as strict as before', () => {
  it.each([
    ['npm test', 'npm  test'],
    ['npm test', "'npm' test"],
    ['npm test', '/usr/bin/npm test'],
    ['git status', 'git "status"'],
  ])('an allow of %s does not allow %s', async (prefix, command) => {
    const allow = rule({ toolNames: SHELL, commandPrefixes: [prefix], decision: 'allow' });
    expect((await shellVerdict([allow], command)).decision).toBe('deny');
  });
});

describe('the reading that denied', () => {
  it('is named in the verdict and told to the model', async () => {
    const deny = denyRule({ prefix: 'rm -rf' });
    const verdict = await shellVerdict([deny, ALLOW_EVERYTHING], 'rm -fr x');
    expect(verdict.subcommands?.[0]?.reading).toEqual({
      on: 'options',
      form: 'rm --force --recursive x',
      sentence:
        'Read as bash runs it, `rm -fr x` is `rm --force --recursive x`, and the prefix `rm -rf` is `rm --force --recursive`.',
    });
    expect(verdict.reason).toBe(
      'Denied by the rule at policy.toml:' +
        `${deny.source.line}:1. Read as bash runs it, \`rm -fr x\` is \`rm --force --recursive x\`, and the prefix \`rm -rf\` is \`rm --force --recursive\`.`,
    );
    const quoted = await shellVerdict([deny, ALLOW_EVERYTHING], "rm '-rf' x");
    expect(quoted.subcommands?.[0]?.reading).toMatchObject({ on: 'words', form: 'rm -rf x' });
  });

  it('is absent when the raw text matched, and the reason is what it always was', async () => {
    const deny = rule({
      toolNames: SHELL,
      commandPrefixes: ['rm -rf'],
      decision: 'deny',
      denyMessage: 'No.',
    });
    const verdict = await shellVerdict([deny, ALLOW_EVERYTHING], 'rm -rf x');
    expect(verdict.reason).toBe('No.');
    expect(verdict.subcommands?.[0]?.reading).toBeUndefined();
  });

  it('names the word that may expand into options', async () => {
    const deny = denyRule({ prefix: 'rm -rf' });
    const verdict = await shellVerdict([deny, ALLOW_EVERYTHING], 'rm -r *');
    expect(verdict.reason).toContain('`*` in `rm -r *` may expand into options');
  });
});

describe('a command with a great many words that could start another', () => {
  it('is taken to run the denied one rather than read word by word', async () => {
    const deny = denyRule({ prefix: 'rm -rf' });
    const command = `timeout 1 ${'rm '.repeat(300)}x`;
    const verdict = await shellVerdict([deny, ALLOW_EVERYTHING], command);
    expect(verdict.rule).toBe(deny);
    expect(verdict.reason).toContain('more than 256 of its words could start one');
  });
});

describe('prefixWords', () => {
  it.each([
    ['rm -rf', ['rm', '-rf']],
    ['  rm   -rf  ', ['rm', '-rf']],
    ["rm '-rf'", ['rm', '-rf']],
    ['rm "-r"f', ['rm', '-rf']],
    ['rm \\-rf', ['rm', '-rf']],
    ['/usr/bin/rm -rf', ['rm', '-rf']],
    ['git log --format=%H', ['git', 'log', '--format=%H']],
  ])('%s is %j', (prefix, words) => {
    expect(prefixWords(prefix)).toEqual(words);
  });

  it.each(['echo $HOME', 'rm *', "rm 'x", 'a; b', 'a | b', 'echo `id`', 'rm ~/x', '', '   '])(
    '%j is not plain words',
    (prefix) => {
      expect(prefixWords(prefix)).toBeUndefined();
    },
  );
});
