/**
 * Shell command analysis: every simple command of a command line, at any depth, with what makes
 * it more than its words (see shell-analysis-types.ts). The policy engine judges each piece.
 *
 * Fail closed: a command too long to judge, a parse that errs or takes too long, or bytes the
 * grammar may read differently from bash become hazards of the whole command; constructs the walk
 * does not know become hazards of a piece. Nothing is skipped silently.
 */
import { loadBashParser } from './bash-parser.js';
import type { BashParser } from './bash-parser.js';
import type { ShellAnalysis, ShellHazard } from './shell-analysis-types.js';
import { ShellWalker } from './shell-walk.js';
import type { MutablePiece } from './shell-walk.js';

export interface ShellAnalysisOptions {
  /** Time allowed for parsing, `bash -c` strings included. Default 1000 ms. */
  timeoutMs?: number;
  /** Longest command analysed, in characters. Default 20,000. */
  maxLength?: number;
  /** The clock for the time limit (tests inject one). */
  now?: () => number;
}

export const DEFAULT_SHELL_TIMEOUT_MS = 1000;
export const DEFAULT_SHELL_MAX_LENGTH = 20_000;

/** Loads the parser on first use, then analyses. */
export async function analyzeShellCommand(
  command: string,
  options: ShellAnalysisOptions = {},
): Promise<ShellAnalysis> {
  const tooLong = lengthHazard(command, options);
  if (tooLong) return { commands: [], hazards: [tooLong] };
  const parser = await loadBashParser();
  return analyzeShellCommandSync(command, { ...options, parser });
}

/** The same analysis with a parser already loaded (`await loadBashParser()`). */
export function analyzeShellCommandSync(
  command: string,
  options: ShellAnalysisOptions & { parser: BashParser },
): ShellAnalysis {
  const tooLong = lengthHazard(command, options);
  if (tooLong) return { commands: [], hazards: [tooLong] };
  const now = options.now ?? (() => performance.now());
  const timeoutMs = options.timeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS;
  const walker = new ShellWalker({ parser: options.parser, now, deadline: now() + timeoutMs });
  const hazards = walker.walkSource(command);
  const commands = walker.result();
  flagRelativePathsAfterDirectoryChange(commands);
  return { commands, hazards };
}

function lengthHazard(command: string, options: ShellAnalysisOptions): ShellHazard | undefined {
  const maxLength = options.maxLength ?? DEFAULT_SHELL_MAX_LENGTH;
  if (command.length <= maxLength) return undefined;
  return {
    kind: 'parse_error',
    detail: `a command of ${command.length} characters, longer than the ${maxLength} that are checked`,
  };
}

const DIRECTORY_CHANGES = new Set(['cd', 'pushd', 'popd']);

/**
 * The engine resolves a relative redirection target, and a relative file a command reads, against
 * the call's directory. After `cd` (anywhere in the command: loops run it before later
 * iterations), a relative path means something else, so `cd .git && echo x > hooks/pre-commit`
 * must not pass as a workspace write, nor `cd .. && cat secret.txt` as a workspace read.
 */
function flagRelativePathsAfterDirectoryChange(commands: MutablePiece[]): void {
  const change = commands.find(
    (piece) => piece.name !== undefined && DIRECTORY_CHANGES.has(piece.name),
  );
  if (!change) return;
  for (const piece of commands) {
    const relative = piece.redirects.find(
      (r) =>
        !r.isDescriptorDuplication &&
        !r.operator.includes('<<') &&
        !r.literalTarget?.startsWith('/'),
    );
    if (relative) {
      piece.hazards.push({
        kind: 'unsupported_construct',
        detail: `the relative redirection \`${relative.operator} ${relative.target}\` in a command that changes directory (\`${change.text}\`)`,
      });
    }
    if (piece.files === undefined) continue;
    piece.files = piece.files.map((access) => {
      const written = access.path ?? access.glob;
      if (written === undefined || written.startsWith('/')) return access;
      return {
        text: access.text,
        purpose: access.purpose,
        unknown: `it is a relative path in a command that changes directory (\`${change.text}\`), so where it leads is only known when it runs (use a path from the workspace root and no cd)`,
      };
    });
  }
}
