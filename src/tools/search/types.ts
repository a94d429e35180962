/**
 * The contract between `search_file_content` and the programs that find the lines (ripgrep,
 * git grep, a JavaScript scan). A strategy only proposes candidate lines; the tool decides what
 * counts (see `match-collector.ts`), so all strategies give the same answer for the same files.
 */

/** A line a strategy reports. */
export interface RawMatch {
  /** Relative to the search directory, `/` or the platform separator; a leading `./` is allowed. */
  filePath: string;
  /** 1-based. */
  lineNumber: number;
  /** The line without its terminator (a trailing `\r` is tolerated). */
  line: string;
}

/** What the collector says after each candidate: keep going, or enough has been found. */
export type CollectVerdict = 'more' | 'enough';

export interface SearchRequest {
  /** The pattern as the model sent it, for the external programs. */
  pattern: string;
  /**
   * The meaning of the pattern: the indexes of the lines the JavaScript regular expression
   * (case-insensitive) matches. Throws `RegexTimeoutError` when the pattern is too slow.
   */
  matchLines(lines: readonly string[]): number[];
  /** Absolute real path of the directory searched; strategies run there. */
  searchDir: string;
  /** A single file (a name inside `searchDir`) to search instead of the whole directory. */
  targetFile: string | null;
  /** The model's file filter glob, relative to `searchDir` (see `normalizeInclude`). */
  include: string | undefined;
  /** Whether `.gitignore` rules hide files (`.geminiignore` is left to the collector). */
  respectGitIgnore: boolean;
  /** Files larger than this are not searched. */
  maxFileBytes: number;
  /** Whether a directory (relative to `searchDir`) can hold no file worth searching. */
  prunesDirectory(relativePath: string): boolean;
  /**
   * Reads a file (relative to `searchDir`) through the workspace's verified open; null when it
   * is refused, not a regular file, or larger than `maxFileBytes`.
   */
  readFile(relativePath: string): Promise<Buffer | null>;
  /** Whether a file (relative to `searchDir`) passes the include glob. */
  selectsFile(relativePath: string): boolean;
  /** Hands one candidate to the tool; stop when it answers `enough`. */
  collect(match: RawMatch): Promise<CollectVerdict>;
  /**
   * Hands a whole list of candidates to the tool in its order, as `collect` one by one would
   * (stopping at `enough`), while the files of the next few are already being checked.
   */
  collectAll(matches: readonly RawMatch[]): Promise<void>;
  /** Aborted on cancellation and on the search timeout. */
  signal: AbortSignal;
  /** The workspace roots, where external programs are never taken from. */
  untrustedDirectories: readonly string[];
}

export type StrategyOutcome =
  | { kind: 'searched' }
  /** The strategy cannot run here (program missing, not a repository, unsupported pattern). */
  | { kind: 'unavailable'; reason: string };

export interface SearchStrategy {
  readonly name: string;
  /**
   * Whether candidates arrive in tree order (file path by `comparePaths`, then line number).
   * An ordered strategy can be stopped as soon as enough matches are in; others run to the end.
   */
  readonly ordered: boolean;
  search(request: SearchRequest): Promise<StrategyOutcome>;
}
