/**
 * The git grep strategy, for a search directory inside a git work tree: tracked and untracked
 * files (`--untracked`), binary files skipped (`-I`), the pattern as PCRE (`-P`) where git has
 * it, else as a POSIX extended regex (`-E`) when that reads the pattern the same way.
 *
 * git is run without system or global configuration and with settings that change its output
 * or run programs (`core.fsmonitor`) turned off, so a repository's or user's configuration
 * cannot reshape the result. Its output comes in index order, not path order, so it runs to the
 * end and the collector sorts.
 */
import { devNull } from 'node:os';
import { DEFAULT_EXCLUDED_DIRECTORIES } from '../file-walk.js';
import { isPosixExtendedSafe, portabilityProblem } from './pattern-dialect.js';
import { findExecutable, runLines } from './run-process.js';
import type { SearchRequest, SearchStrategy, StrategyOutcome } from './types.js';

export interface GitGrepStrategyOptions {
  /** The `PATH` to find `git` on; default: this process's. */
  pathVariable?: string;
  /** Treat git as built without PCRE (for tests of the `-E` path). */
  disablePerlRegex?: boolean;
}

const PCRE_MISSING = /USE_LIBPCRE|Perl-compatible regexes/iu;

export function createGitGrepStrategy(options: GitGrepStrategyOptions = {}): SearchStrategy {
  let perlRegex = options.disablePerlRegex !== true;
  return {
    name: 'git grep',
    ordered: false,
    async search(request) {
      const git = await findExecutable('git', {
        pathVariable: options.pathVariable ?? process.env.PATH,
        untrustedDirectories: request.untrustedDirectories,
      });
      if (git === null) return { kind: 'unavailable', reason: 'git is not on PATH' };
      const problem = portabilityProblem(request.pattern);
      if (problem !== null) return { kind: 'unavailable', reason: problem };
      if (!(await insideWorkTree(git, request))) {
        return { kind: 'unavailable', reason: 'the search directory is not in a git work tree' };
      }
      if (perlRegex) {
        const outcome = await runGitGrep(git, request, '-P');
        if (outcome.kind === 'searched' || !PCRE_MISSING.test(outcome.reason)) return outcome;
        perlRegex = false;
      }
      if (!isPosixExtendedSafe(request.pattern)) {
        return {
          kind: 'unavailable',
          reason: 'git has no PCRE support and the pattern is not plain POSIX extended syntax',
        };
      }
      return runGitGrep(git, request, '-E');
    },
  };
}

/** Settings that would change what git grep prints or make it run other programs. */
const GIT_CONFIG = [
  'core.fsmonitor=false',
  `core.excludesFile=${devNull}`,
  'grep.fullName=false',
  'grep.column=false',
  'grep.lineNumber=true',
  'grep.fallbackToNoIndex=false',
  'color.grep=never',
];

/** The arguments for one search; exported for tests that check what is (not) passed. */
export function gitGrepArguments(request: SearchRequest, syntax: '-P' | '-E'): string[] {
  const args = GIT_CONFIG.flatMap((setting) => ['-c', setting]);
  args.push('grep', '--untracked', '-n', '-z', '-I', '--ignore-case', '--no-color', syntax);
  if (!request.respectGitIgnore) args.push('--no-exclude-standard');
  // PCRE's `$` then also matches before the `\r` of a CRLF line, and `.` no longer matches `\r`,
  // as in JavaScript.
  args.push('-e', syntax === '-P' ? `(*ANYCRLF)${request.pattern}` : request.pattern, '--');
  if (request.targetFile !== null) {
    args.push(`:(literal)${request.targetFile}`);
    return args;
  }
  const include = request.include;
  // git's globs know no braces and read `!` differently; the collector applies those includes.
  if (include !== undefined && !include.includes('{') && !include.startsWith('!')) {
    args.push(include.includes('/') ? `:(glob)${include}` : `:(glob)**/${include}`);
  }
  for (const dir of DEFAULT_EXCLUDED_DIRECTORIES) args.push(`:(exclude,glob)**/${dir}/**`);
  return args;
}

async function insideWorkTree(git: string, request: SearchRequest): Promise<boolean> {
  let answer = '';
  try {
    const result = await runLines({
      command: git,
      args: ['rev-parse', '--is-inside-work-tree'],
      cwd: request.searchDir,
      signal: request.signal,
      env: gitEnvironment(),
      onLine: (line) => {
        answer += line.toString('utf8').trim();
        return 'more';
      },
    });
    return result.exitCode === 0 && answer === 'true';
  } catch {
    request.signal.throwIfAborted();
    return false;
  }
}

async function runGitGrep(
  git: string,
  request: SearchRequest,
  syntax: '-P' | '-E',
): Promise<StrategyOutcome> {
  const result = await runLines({
    command: git,
    args: gitGrepArguments(request, syntax),
    cwd: request.searchDir,
    signal: request.signal,
    env: gitEnvironment(),
    onLine: async (raw) => {
      // -z: `path NUL line-number NUL text`; the text may contain NUL bytes itself.
      const first = raw.indexOf(0);
      const second = first === -1 ? -1 : raw.indexOf(0, first + 1);
      if (second === -1) return 'more';
      const lineNumber = Number(raw.subarray(first + 1, second).toString('latin1'));
      const verdict = await request.collect({
        filePath: raw.subarray(0, first).toString('utf8'),
        lineNumber,
        line: raw.subarray(second + 1).toString('utf8'),
      });
      return verdict === 'enough' ? 'stop' : 'more';
    },
  });
  if (result.stopped || result.exitCode === 0 || result.exitCode === 1) return { kind: 'searched' };
  return {
    kind: 'unavailable',
    reason: `git grep ${syntax} exited with ${String(result.exitCode)}: ${result.stderr.slice(0, 300)}`,
  };
}

/**
 * No system or global configuration, no optional index locks, and a UTF-8 locale so that PCRE
 * and POSIX classes read multi-byte characters as characters.
 */
function gitEnvironment(): Record<string, string> {
  const inherited = process.env.LC_ALL ?? process.env.LC_CTYPE ?? process.env.LANG ?? '';
  return {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: devNull,
    GIT_OPTIONAL_LOCKS: '0',
    LC_ALL: /utf-?8/iu.test(inherited) ? inherited : 'C.UTF-8',
  };
}
