/**
 * The ripgrep strategy: `rg --json` from PATH, in path order so it can stop early.
 *
 * ripgrep decides little on its own here. It reads the `.gitignore` files inside the search
 * directory (not global or parent ones, not `.ignore`), searches binary-looking files as text
 * (the collector applies the one binary rule), never follows symlinks, and matches the pattern
 * case-insensitively with its default engine, or PCRE2 when the pattern needs look-around or
 * backreferences. Patterns ripgrep cannot compile leave the search to the next strategy.
 */
import { BINARY_EXTENSIONS_FOR_SEARCH } from './skipped-extensions.js';
import { DEFAULT_EXCLUDED_DIRECTORIES } from '../file-walk.js';
import { portabilityProblem, toRipgrepPattern } from './pattern-dialect.js';
import { findExecutable, runLines } from './run-process.js';
import type { SearchRequest, SearchStrategy, StrategyOutcome } from './types.js';

export interface RipgrepStrategyOptions {
  /** The `PATH` to find `rg` on; default: this process's. */
  pathVariable?: string;
}

export function createRipgrepStrategy(options: RipgrepStrategyOptions = {}): SearchStrategy {
  return {
    name: 'ripgrep',
    ordered: true,
    async search(request) {
      const rg = await findExecutable('rg', {
        pathVariable: options.pathVariable ?? process.env.PATH,
        untrustedDirectories: request.untrustedDirectories,
      });
      if (rg === null) return { kind: 'unavailable', reason: 'rg is not on PATH' };
      const problem = portabilityProblem(request.pattern);
      if (problem !== null) return { kind: 'unavailable', reason: problem };
      return runRipgrep(rg, request);
    },
  };
}

/** The arguments for one search; exported for tests that check what is (not) passed. */
export function ripgrepArguments(request: SearchRequest): string[] {
  const args = [
    '--json',
    '--no-config',
    '--hidden',
    '--text',
    '--ignore-case',
    '--crlf',
    '--engine',
    'auto',
    '--sort',
    'path',
    '--max-filesize',
    String(request.maxFileBytes),
    '--no-ignore-parent',
    '--no-ignore-global',
    '--no-ignore-dot',
    '--no-require-git',
  ];
  if (!request.respectGitIgnore) args.push('--no-ignore-vcs', '--no-ignore-exclude');
  for (const dir of DEFAULT_EXCLUDED_DIRECTORIES) args.push('--glob', `!${dir}`);
  // Known binary formats are never searched; leaving them out here saves reading them.
  for (const extension of BINARY_EXTENSIONS_FOR_SEARCH) args.push('--iglob', `!*${extension}`);
  if (request.include !== undefined) args.push('--glob', request.include);
  args.push('--regexp', toRipgrepPattern(request.pattern), '--', request.targetFile ?? '.');
  return args;
}

interface RipgrepEvent {
  type?: unknown;
  data?: {
    path?: { text?: unknown; bytes?: unknown };
    lines?: { text?: unknown; bytes?: unknown };
    line_number?: unknown;
  };
}

async function runRipgrep(rg: string, request: SearchRequest): Promise<StrategyOutcome> {
  const seen = { summary: false };
  const result = await runLines({
    command: rg,
    args: ripgrepArguments(request),
    cwd: request.searchDir,
    signal: request.signal,
    onLine: async (raw) => {
      let event: RipgrepEvent;
      try {
        event = JSON.parse(raw.toString('utf8')) as RipgrepEvent;
      } catch {
        return 'more';
      }
      if (event.type === 'summary') seen.summary = true;
      if (event.type !== 'match') return 'more';
      const filePath = textOf(event.data?.path);
      const line = textOf(event.data?.lines);
      const lineNumber = event.data?.line_number;
      if (filePath === null || line === null || typeof lineNumber !== 'number') return 'more';
      const verdict = await request.collect({
        filePath,
        lineNumber,
        line: line.replace(/\r?\n$/u, ''),
      });
      return verdict === 'enough' ? 'stop' : 'more';
    },
  });
  if (result.stopped || result.exitCode === 0 || result.exitCode === 1) return { kind: 'searched' };
  // Exit code 2 with a summary means some files could not be read; the rest was searched.
  if (result.exitCode === 2 && seen.summary) return { kind: 'searched' };
  return {
    kind: 'unavailable',
    reason: `rg exited with ${String(result.exitCode)}: ${firstLines(result.stderr)}`,
  };
}

/** ripgrep sends text that is not valid UTF-8 as base64 `bytes`; decoded like the file scan. */
function textOf(value: { text?: unknown; bytes?: unknown } | undefined): string | null {
  if (typeof value?.text === 'string') return value.text;
  if (typeof value?.bytes === 'string') return Buffer.from(value.bytes, 'base64').toString('utf8');
  return null;
}

function firstLines(text: string): string {
  return text.split('\n').slice(0, 3).join(' ').slice(0, 300);
}
