/**
 * What a fleet plan starts from: a file of repositories (one `owner/name` a line), or an owner's
 * repositories narrowed by topics, a language and name globs. This file parses the first and
 * holds the filters of the second; reading GitHub is fleet-listing.ts's job.
 */
import picomatch from 'picomatch';
import { ConfigurationError } from '../platform/errors.js';

/** A GitHub login: letters, digits and single dashes between them, at most 39 characters. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** A repository name as GitHub accepts it: letters, digits, `.`, `_`, `-`; not `.` or `..`. */
const NAME = /^(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;

export interface RepositoryName {
  owner: string;
  name: string;
}

/** `owner/name`, checked; undefined when it is not one. */
export function parseRepositoryName(text: string): RepositoryName | undefined {
  const parts = text.split('/');
  if (parts.length !== 2) return undefined;
  const [owner = '', name = ''] = parts;
  return OWNER.test(owner) && NAME.test(name) ? { owner, name } : undefined;
}

export function isOwnerLogin(text: string): boolean {
  return OWNER.test(text);
}

/**
 * The repositories a repos file lists, in its order, each once (names compare case-insensitively,
 * as GitHub's do). A line that is not `owner/name` is a ConfigurationError at `file:line`.
 */
export function parseReposFile(text: string, file: string): RepositoryName[] {
  const seen = new Set<string>();
  const entries: RepositoryName[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    // A comment runs to the end of its line; `#` is never part of an owner or a name.
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const parsed = parseRepositoryName(line);
    if (parsed === undefined) {
      throw new ConfigurationError(
        `expected one repository a line as owner/name (e.g. "octo-org/api"), or a "#" comment, got ${JSON.stringify(line.slice(0, 120))}.`,
        { file, line: index + 1 },
      );
    }
    const key = `${parsed.owner}/${parsed.name}`.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    entries.push(parsed);
  }
  return entries;
}

/** `--topic` (all must match), `--language`, `--name` (any may match). */
export interface OwnerFilters {
  topics: readonly string[];
  language: string | undefined;
  /** Globs on the repository's name (without the owner), e.g. `service-*`. */
  names: readonly string[];
}

/** What the filters read of a listed repository. */
export interface FilterableRepository {
  name: string;
  topics?: readonly string[] | undefined;
  language?: string | null | undefined;
}

/** A predicate for the filters; globs are picomatch's, case-insensitive as GitHub's names are. */
export function ownerFilter(filters: OwnerFilters): (repo: FilterableRepository) => boolean {
  const topics = filters.topics.map((topic) => topic.toLowerCase());
  const language = filters.language?.toLowerCase();
  const names =
    filters.names.length === 0 ? undefined : picomatch([...filters.names], { nocase: true });
  return (repo) => {
    const have = new Set((repo.topics ?? []).map((topic) => topic.toLowerCase()));
    if (!topics.every((topic) => have.has(topic))) return false;
    if (language !== undefined && (repo.language ?? '').toLowerCase() !== language) return false;
    return names === undefined || names(repo.name);
  };
}

/** `1 repository`, `3 repositories`. */
export function repositoriesText(count: number, adjective = ''): string {
  const words = adjective === '' ? '' : `${adjective} `;
  return `${count} ${words}${count === 1 ? 'repository' : 'repositories'}`;
}
