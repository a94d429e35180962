/**
 * The ripgrep strategy: `rg --json` from PATH, handing lines on in path order so the search can
 * stop early.
 *
 * ripgrep first runs on all cores in no particular order, and its lines are sorted here. That is
 * the whole search unless it finds more than a thousand lines: then the answer will be cut
 * anyway, and a second, sorted run (`--sort path`, one core) that stops at the first lines needed
 * costs less than reading every line. Either way the lines come out in the same order.
 *
 * ripgrep decides little on its own here. It reads the `.gitignore` files inside the search
 * directory (not global or parent ones, not `.ignore`), searches binary-looking files as text
 * (the collector applies the one binary rule), never follows symlinks, and matches the pattern
 * case-insensitively with its default engine, or PCRE2 when the pattern needs look-around or
 * backreferences. Patterns ripgrep cannot compile leave the search to the next strategy.
 */
import { BINARY_EXTENSIONS_FOR_SEARCH } from './skipped-extensions.js';
import { comparePaths, DEFAULT_EXCLUDED_DIRECTORIES } from '../file-walk.js';
import { portabilityProblem, toRipgrepPattern } from './pattern-dialect.js';
import { findExecutable, runLines } from './run-process.js';
import type { RawMatch, SearchRequest, SearchStrategy, StrategyOutcome } from './types.js';

/**
 * The unordered run gives way to a sorted one once it has found more lines than this, or more
 * text: past that, the result is cut and the sorted run can stop early.
 */
const UNORDERED_MAX_LINES = 1000;
const UNORDERED_MAX_BYTES = 4 * 1024 * 1024;

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

/**
 * The arguments for one search; exported for tests that check what is (not) passed. `sorted`
 * asks ripgrep for path order, which makes it use one thread.
 */
export function ripgrepArguments(
  request: SearchRequest,
  options: { sorted: boolean } = { sorted: true },
): string[] {
  const args = [
    '--json',
    '--no-config',
    '--hidden',
    '--text',
    '--ignore-case',
    '--crlf',
    '--engine',
    'auto',
    ...(options.sorted ? ['--sort', 'path'] : []),
    '--max-filesize',
    String(request.maxFileBytes),
    '--no-ignore-parent',
    '--no-ignore-global',
    '--no-ignore-dot',
    '--no-require-git',
  ];
  if (!request.respectGitIgnore) args.push('--no-ignore-vcs', '--no-ignore-exclude');
  for (const dir of DEFAULT_EXCLUDED_DIRECTORIES) args.push('--glob', `!${dir}`);
  // Known binary formats are never searched; leaving them out here saves reading them. One glob
  // with alternatives: ripgrep checks every path against every glob given separately.
  const extensions = BINARY_EXTENSIONS_FOR_SEARCH.map((extension) => extension.slice(1));
  args.push('--iglob', `!*.{${extensions.join(',')}}`);
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
  const found: RawMatch[] = [];
  let bytes = 0;
  const unordered = await runPass(rg, request, {
    sorted: false,
    onMatch: (match) => {
      found.push(match);
      bytes += match.line.length + match.filePath.length;
      return found.length > UNORDERED_MAX_LINES || bytes > UNORDERED_MAX_BYTES ? 'stop' : 'more';
    },
  });
  if (unordered.kind === 'unavailable') return unordered;
  if (!unordered.stopped) {
    found.sort(
      (a, b) =>
        comparePaths(relativeOf(a.filePath), relativeOf(b.filePath)) || a.lineNumber - b.lineNumber,
    );
    await request.collectAll(found);
    return { kind: 'searched' };
  }
  const ordered = await runPass(rg, request, {
    sorted: true,
    onMatch: async (match) => ((await request.collect(match)) === 'enough' ? 'stop' : 'more'),
  });
  return ordered.kind === 'unavailable' ? ordered : { kind: 'searched' };
}

/** ripgrep names files below `.` as `./path`. */
function relativeOf(filePath: string): string {
  return filePath.startsWith('./') ? filePath.slice(2) : filePath;
}

/** One ripgrep run, each match handed to `onMatch` as it arrives. */
async function runPass(
  rg: string,
  request: SearchRequest,
  options: {
    sorted: boolean;
    onMatch: (match: RawMatch) => 'more' | 'stop' | Promise<'more' | 'stop'>;
  },
): Promise<{ kind: 'searched'; stopped: boolean } | { kind: 'unavailable'; reason: string }> {
  const seen = { summary: false };
  const result = await runLines({
    command: rg,
    args: ripgrepArguments(request, { sorted: options.sorted }),
    cwd: request.searchDir,
    signal: request.signal,
    onLine: (raw) => {
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
      return options.onMatch({ filePath, lineNumber, line: line.replace(/\r?\n$/u, '') });
    },
  });
  if (result.stopped) return { kind: 'searched', stopped: true };
  // Exit code 2 with a summary means some files could not be read; the rest was searched.
  if (result.exitCode === 0 || result.exitCode === 1 || (result.exitCode === 2 && seen.summary)) {
    return { kind: 'searched', stopped: false };
  }
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
