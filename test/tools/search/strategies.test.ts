// The same searches through ripgrep, git grep (PCRE and POSIX extended) and the JavaScript scan
// on one fixture must give the model exactly the same text.
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchFileContentTool } from '../../../src/tools/search-file-content.js';
import { createGitGrepStrategy } from '../../../src/tools/search/git-grep.js';
import { createJsScanStrategy } from '../../../src/tools/search/js-scan.js';
import { isPosixExtendedSafe } from '../../../src/tools/search/pattern-dialect.js';
import { createRipgrepStrategy } from '../../../src/tools/search/ripgrep.js';
import { findExecutable } from '../../../src/tools/search/run-process.js';
import type { SearchStrategy } from '../../../src/tools/search/types.js';
import { memoryLogger } from '../../../src/platform/logger.js';
import { makeTempDir, removeTempDirs, toolHarness } from '../tool-harness.js';
import { itNeeds, skipBecause } from '../../support/needs.js';

const TOOL = 'search_file_content';
const rgPath = await findExecutable('rg', {
  pathVariable: process.env.PATH,
  untrustedDirectories: [],
});

/** Whether a program accepts a PCRE pattern (CI builds may lack PCRE2). */
function acceptsPcre(command: string, args: string[], cwd?: string): boolean {
  try {
    execFileSync(command, args, { cwd, stdio: 'ignore' });
    return true;
  } catch (error) {
    // Exit code 1 means "no match", which still proves the pattern compiled.
    return (error as { status?: unknown }).status === 1;
  }
}
const rgHasPcre2 = rgPath !== null && acceptsPcre(rgPath, ['--pcre2-version']);
/** Patterns only PCRE2 can run under ripgrep. */
const needsPcre2 = (args: Record<string, unknown>) => /\(\?<?[=!]/u.test(String(args.pattern));

let root: string;
let gitHasPcre = false;

async function files(entries: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(entries)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

function git(...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: root,
    stdio: 'ignore',
  });
}

beforeAll(async () => {
  root = await makeTempDir('search-strategies-');
  const lateNul = Buffer.concat([
    Buffer.from(`needle before\n${'x'.repeat(9000)}\n`),
    Buffer.from([0]),
    Buffer.from('\nneedle after\n'),
  ]);
  await files({
    '.gitignore': 'ignored/\n*.log\n',
    '.geminiignore': 'secret.txt\n',
    'src/app.ts': [
      'export function main() {',
      "  const naïve = 'café';",
      '  return naïve; // needle: a/b',
      '}',
      '',
    ].join('\n'),
    'src/nested/deep/util.ts': 'export const NEEDLE = 1;\nconst limit = 3; // caffeine\n',
    'docs/readme.md': 'Ünïcödé text about café\n日本語のテキスト needle\nemoji 😀 needle\n',
    'a.txt': 'needle in a\n',
    'a/b.txt': 'needle in a/b\n',
    'B.txt': 'Needle in B\n',
    'crlf.txt': 'alpha\r\nneedle end\r\n',
    'bom.txt': '\uFEFFneedle after a byte-order mark\n',
    'blob.raw': Buffer.concat([Buffer.from('needle\n'), Buffer.from([0, 159, 146, 150])]),
    'late-nul.txt': lateNul,
    'ignored/x.txt': 'needle ignored\n',
    'tracked.log': 'needle tracked but ignored\n',
    'secret.txt': 'needle secret\n',
    'node_modules/pkg/index.js': 'needle dependency\n',
    'picture.png': 'needle in a text file with an image name\n',
    'flags.txt': 'run it with --files -rf\n',
  });
  await symlink(path.join(root, 'src/app.ts'), path.join(root, 'link.ts'));
  git('init', '-q');
  git('add', '.');
  git('add', '-f', 'tracked.log');
  git('commit', '-q', '-m', 'fixture');
  await files({ 'untracked.txt': 'needle not yet added\n' });
  gitHasPcre = acceptsPcre('git', ['grep', '-q', '-P', '-e', 'a(?=b)'], root);
});
afterAll(removeTempDirs);

/** Fails the call (with the reason in the text) when the strategy declines to run. */
function strict(strategy: SearchStrategy): SearchStrategy {
  return {
    name: strategy.name,
    ordered: strategy.ordered,
    async search(request) {
      const outcome = await strategy.search(request);
      if (outcome.kind === 'unavailable') {
        throw new Error(`${strategy.name} did not run: ${outcome.reason}`);
      }
      return outcome;
    },
  };
}

async function searchWith(
  strategy: SearchStrategy,
  args: Record<string, unknown>,
): Promise<string> {
  const harness = await toolHarness(root, {
    tools: (workspace) => [
      createSearchFileContentTool({ workspace, strategies: [strict(strategy)] }),
    ],
  });
  const [part] = await harness.respond(TOOL, args);
  const response = part?.functionResponse?.response ?? {};
  return JSON.stringify(response);
}

const searches: Record<string, unknown>[] = [
  { pattern: 'needle' },
  { pattern: 'NEEDLE', path: 'src' },
  { pattern: 'caf\\b' },
  { pattern: '\\bcaf' },
  { pattern: 'naïve|日本' },
  { pattern: 'function\\s+\\w+\\(' },
  { pattern: '^\\s*return' },
  { pattern: 'end$' },
  { pattern: '(?<=const )\\w+' },
  { pattern: 'a\\/b' },
  { pattern: 'main\\(\\) \\{' },
  { pattern: '😀 ne+dle' },
  { pattern: '--files' },
  { pattern: '-rf' },
  { pattern: 'needle', include: '*.ts' },
  { pattern: 'needle', include: 'src/**' },
  { pattern: 'needle', include: '*.{md,txt}' },
  { pattern: 'needle', path: 'src/nested/deep/util.ts' },
];

describe('search strategies agree', () => {
  it('the JavaScript scan gives the reference answer', async () => {
    expect(JSON.parse(await searchWith(createJsScanStrategy(), { pattern: 'needle' }))).toEqual({
      output: [
        'Found 12 matches for pattern "needle" in path ".":',
        '---',
        'File: B.txt',
        'L1: Needle in B',
        '---',
        'File: a/b.txt',
        'L1: needle in a/b',
        '---',
        'File: a.txt',
        'L1: needle in a',
        '---',
        'File: bom.txt',
        'L1: needle after a byte-order mark',
        '---',
        'File: crlf.txt',
        'L2: needle end',
        '---',
        'File: docs/readme.md',
        'L2: 日本語のテキスト needle',
        'L3: emoji 😀 needle',
        '---',
        'File: late-nul.txt',
        'L1: needle before',
        'L4: needle after',
        '---',
        'File: src/app.ts',
        'L3:   return naïve; // needle: a/b',
        '---',
        'File: src/nested/deep/util.ts',
        'L1: export const NEEDLE = 1;',
        '---',
        'File: untracked.txt',
        'L1: needle not yet added',
        '---',
      ].join('\n'),
    });
  });

  itNeeds(
    rgPath === null ? 'rg is not on PATH' : undefined,
    'ripgrep gives the same answers',
    async () => {
      for (const args of searches.filter((search) => rgHasPcre2 || !needsPcre2(search))) {
        const expected = await searchWith(createJsScanStrategy(), args);
        expect(await searchWith(createRipgrepStrategy(), args), JSON.stringify(args)).toBe(
          expected,
        );
      }
    },
  );

  it('git grep with PCRE gives the same answers', async (context) => {
    if (!gitHasPcre) skipBecause(context, 'this git is built without PCRE (git grep -P)');
    for (const args of searches) {
      const expected = await searchWith(createJsScanStrategy(), args);
      expect(await searchWith(createGitGrepStrategy(), args), JSON.stringify(args)).toBe(expected);
    }
  });

  it('git grep with POSIX extended regexes gives the same answers where it runs', async () => {
    const plain = searches.filter((args) => isPosixExtendedSafe(String(args.pattern)));
    expect(plain.length).toBeGreaterThan(5);
    for (const args of plain) {
      const expected = await searchWith(createJsScanStrategy(), args);
      const gitE = createGitGrepStrategy({ disablePerlRegex: true });
      expect(await searchWith(gitE, args), JSON.stringify(args)).toBe(expected);
    }
  });

  it('by default, hands patterns other engines would misread to the JavaScript scan', async () => {
    const logger = memoryLogger();
    const harness = await toolHarness(root, {
      tools: (workspace) => [createSearchFileContentTool({ workspace, logger })],
    });
    await writeFile(path.join(root, 'escapes.txt'), 'literally p{L} here\n');
    // In JavaScript `\p{L}` without the `u` flag is the text "p{L}"; PCRE and ripgrep read a class.
    const [part] = await harness.respond(TOOL, { pattern: '\\p{L}', include: 'escapes.txt' });
    expect(part?.functionResponse?.response).toEqual({
      output:
        'Found 1 match for pattern "\\p{L}" in path "." (filter: "escapes.txt"):\n---\nFile: escapes.txt\nL1: literally p{L} here\n---',
    });
    const debug = logger.lines.map((line) => line.message);
    expect(debug).toContain(
      'search_file_content: git grep not used: the escape \\p means something else (or nothing) in other engines',
    );
    expect(debug).toContain('search_file_content: searched with JavaScript scan');
  });

  it('git grep declines outside a git work tree', async () => {
    const plainDir = await makeTempDir('search-no-git-');
    await writeFile(path.join(plainDir, 'a.txt'), 'needle\n');
    const harness = await toolHarness(plainDir, {
      tools: (workspace) => [
        createSearchFileContentTool({ workspace, strategies: [createGitGrepStrategy()] }),
      ],
    });
    const [part] = await harness.respond(TOOL, { pattern: 'needle' });
    expect(part?.functionResponse?.response).toEqual({
      error:
        'Error during grep search operation: No search strategy could run (git grep: the search directory is not in a git work tree).',
    });
  });
});
