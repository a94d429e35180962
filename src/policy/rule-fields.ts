/**
 * Reading the fields of one policy table: each reader checks the type and range of one key and,
 * when it is wrong, reports a problem at that key (or at the array entry at fault) saying what was
 * expected, then returns `undefined` so the caller carries on and every problem of a file is found
 * in one pass.
 */
import { editDistance } from '../tools/registry.js';
import type { TomlPath } from './toml-positions.js';

export type TomlTable = Readonly<Record<string, unknown>>;

/** Where a problem (or a warning) about a key or table goes. */
export type Report = (path: TomlPath, message: string) => void;

export interface TableContext {
  table: TomlTable;
  /** Path of the table in the document, e.g. `['rule', 0]`. */
  path: TomlPath;
  report(path: TomlPath, message: string): void;
}

/** A field as found: the name it was written under (canonical or alias) and its value. */
interface Found {
  key: string;
  value: unknown;
  path: TomlPath;
}

/**
 * The value of `key`, also accepted under `alias` (e.g. the Gemini CLI's older snake_case names).
 * Writing both is reported, since the two could disagree.
 */
function find(context: TableContext, key: string, alias?: string): Found | undefined {
  const has = (name: string) => Object.prototype.hasOwnProperty.call(context.table, name);
  if (alias !== undefined && has(alias)) {
    if (has(key)) {
      context.report(
        [...context.path, alias],
        `${alias} and ${key} are the same field; keep only ${key}`,
      );
      return undefined;
    }
    return { key: alias, value: context.table[alias], path: [...context.path, alias] };
  }
  if (!has(key)) return undefined;
  return { key, value: context.table[key], path: [...context.path, key] };
}

export function isTable(value: unknown): value is TomlTable {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

/** `"x" (a string)`, `5 (an integer)`, `an array`, … for "but is …" in messages. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `${JSON.stringify(value)} (a string)`;
  if (typeof value === 'number') {
    return `${String(value)} (${Number.isInteger(value) ? 'an integer' : 'a float'})`;
  }
  if (typeof value === 'boolean') return `${String(value)} (a boolean)`;
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a date';
  return isTable(value) ? 'a table' : typeof value;
}

/** `"a", "b" or "c"`. */
export function quoteChoices(choices: readonly string[]): string {
  const quoted = choices.map((choice) => JSON.stringify(choice));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1] ?? ''}`;
}

/**
 * The candidate `input` was most likely meant as: the same name in another case or with `_`/`-`
 * (`tool_name` → `toolName`), or one within a few typing mistakes.
 */
export function closestName(input: string, candidates: readonly string[]): string | undefined {
  const fold = (name: string) => name.toLowerCase().replace(/[_-]/g, '');
  const folded = fold(input);
  const same = candidates.find((candidate) => fold(candidate) === folded);
  if (same !== undefined) return same;
  // A shortened name (`ask` for `ask_user`).
  const extended = candidates.filter((candidate) => fold(candidate).startsWith(folded));
  if (folded.length >= 3 && extended.length === 1) return extended[0];
  const limit = Math.max(1, Math.floor(folded.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(folded, fold(candidate));
    if (distance <= limit && (!best || distance < best.distance))
      best = { name: candidate, distance };
  }
  return best?.name;
}

export function didYouMean(input: string, candidates: readonly string[]): string {
  const closest = closestName(input, candidates);
  return closest === undefined ? '' : `; did you mean "${closest}"?`;
}

/**
 * A field `input` is the end of (`prefix` for `commandPrefix`, `pattern` for `argsPattern`): a
 * condition written short. Only for five letters or more, so `name` stays a name of its own.
 */
function shortenedName(input: string, candidates: readonly string[]): string | undefined {
  const folded = input.toLowerCase().replace(/[_-]/g, '');
  if (folded.length < 5) return undefined;
  const matches = candidates.filter((candidate) =>
    candidate.toLowerCase().replace(/[_-]/g, '').endsWith(folded),
  );
  return matches.length === 1 ? matches[0] : undefined;
}

export interface KeyCheck {
  /** Canonical field names. */
  known: readonly string[];
  /** Other accepted spellings → canonical name. */
  aliases?: Readonly<Record<string, string>>;
  /** How the table is named in messages, e.g. `[[rule]]`. */
  where: string;
  /** A specific message for a key that is not accepted here (instead of "unknown field"). */
  explain?: (key: string) => string | undefined;
  /**
   * Where an unknown key goes that is no likely misspelling of a known one, instead of being an
   * error: the Gemini CLI ignores keys it does not know in `[[rule]]` tables (`name`, say). A
   * misspelt condition stays an error, since ignoring it would widen the rule.
   */
  ignoreUnknown?: (path: TomlPath, key: string) => void;
}

/** Reports every key the table does not accept, with the likeliest intended name. */
export function checkKeys(context: TableContext, check: KeyCheck): void {
  const aliases = check.aliases ?? {};
  for (const key of Object.keys(context.table)) {
    if (check.known.includes(key) || key in aliases) continue;
    const explained = check.explain?.(key);
    const candidates = [...check.known, ...Object.keys(aliases)];
    const shortened = shortenedName(key, candidates);
    const suggestion =
      shortened === undefined ? didYouMean(key, candidates) : `; did you mean "${shortened}"?`;
    if (explained === undefined && suggestion === '' && check.ignoreUnknown) {
      check.ignoreUnknown([...context.path, key], key);
      continue;
    }
    context.report(
      [...context.path, key],
      explained ??
        (suggestion === ''
          ? `unknown field "${key}" in ${check.where}; expected one of: ${check.known.join(', ')}`
          : `unknown field "${key}" in ${check.where}${suggestion}`),
    );
  }
}

export function readString(
  context: TableContext,
  key: string,
  options: { alias?: string; nonEmpty?: boolean } = {},
): string | undefined {
  const found = find(context, key, options.alias);
  if (!found) return undefined;
  if (typeof found.value !== 'string') {
    context.report(
      found.path,
      `${found.key} must be a string, but is ${describeValue(found.value)}`,
    );
    return undefined;
  }
  if (options.nonEmpty && found.value.trim() === '') {
    context.report(found.path, `${found.key} must not be empty`);
    return undefined;
  }
  return found.value;
}

export function readBoolean(
  context: TableContext,
  key: string,
  options: { alias?: string } = {},
): boolean | undefined {
  const found = find(context, key, options.alias);
  if (!found) return undefined;
  if (typeof found.value !== 'boolean') {
    context.report(
      found.path,
      `${found.key} must be true or false, but is ${describeValue(found.value)}`,
    );
    return undefined;
  }
  return found.value;
}

export function readInteger(
  context: TableContext,
  key: string,
  range: { min: number; max: number; expected: string; tooLarge?: string },
): number | undefined {
  const found = find(context, key);
  if (!found) return undefined;
  const { value } = found;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < range.min ||
    value > range.max
  ) {
    const shown = typeof value === 'number' ? String(value) : describeValue(value);
    const extra =
      typeof value === 'number' && value > range.max && range.tooLarge
        ? ` (${range.tooLarge})`
        : '';
    context.report(found.path, `${found.key} must be ${range.expected}, but is ${shown}${extra}`);
    return undefined;
  }
  return value;
}

export function readChoice<T extends string>(
  context: TableContext,
  key: string,
  choices: readonly T[],
): T | undefined {
  const found = find(context, key);
  if (!found) return undefined;
  const { value } = found;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value))
    return value as T;
  const hint = typeof value === 'string' ? didYouMean(value, choices) : '';
  context.report(
    found.path,
    `${found.key} must be ${quoteChoices(choices)}, but is ${describeValue(value)}${hint}`,
  );
  return undefined;
}

export interface ListOptions {
  alias?: string;
  /** What an entry is, for messages: `tool name`, `glob pattern`, … */
  noun: string;
  /** Message for `[]`; without it an empty list is accepted and read as absent. */
  emptyMessage?: string;
  /** Message for an empty-string entry. */
  blankMessage?: string;
  /** Further checks of one entry; returns a problem, or `undefined` when the entry is fine. */
  check?: (entry: string) => string | undefined;
}

/** A string or an array of strings (the Gemini CLI accepts both for list fields). */
export function readStringList(
  context: TableContext,
  key: string,
  options: ListOptions,
): string[] | undefined {
  const found = find(context, key, options.alias);
  if (!found) return undefined;
  const entries: { value: unknown; path: TomlPath }[] = Array.isArray(found.value)
    ? found.value.map((value: unknown, index) => ({ value, path: [...found.path, index] }))
    : [{ value: found.value, path: found.path }];
  if (!Array.isArray(found.value) && typeof found.value !== 'string') {
    context.report(
      found.path,
      `${found.key} must be a ${options.noun} or an array of them, but is ${describeValue(found.value)}`,
    );
    return undefined;
  }
  if (entries.length === 0) {
    if (options.emptyMessage !== undefined) context.report(found.path, options.emptyMessage);
    return undefined;
  }
  let ok = true;
  const values: string[] = [];
  for (const entry of entries) {
    const problem =
      typeof entry.value !== 'string'
        ? `${found.key} entries must be strings (${options.noun}s), but one is ${describeValue(entry.value)}`
        : entry.value.trim() === ''
          ? (options.blankMessage ?? `${found.key} entries must not be empty`)
          : options.check?.(entry.value);
    if (problem !== undefined) {
      context.report(entry.path, problem);
      ok = false;
    } else if (typeof entry.value === 'string') {
      values.push(entry.value);
    }
  }
  return ok ? values : undefined;
}

/** A list of fixed words (run modes, trust levels, approval modes), as a string or an array. */
export function readChoiceList<T extends string>(
  context: TableContext,
  key: string,
  choices: readonly T[],
  options: { emptyMessage?: string } = {},
): T[] | undefined {
  const list = readStringList(context, key, {
    noun: 'string',
    ...(options.emptyMessage !== undefined ? { emptyMessage: options.emptyMessage } : {}),
    check: (entry) =>
      (choices as readonly string[]).includes(entry)
        ? undefined
        : `${key} entries must be ${quoteChoices(choices)}, but one is ${JSON.stringify(entry)}${didYouMean(entry, choices)}`,
  });
  return list as T[] | undefined;
}

export function readTable(context: TableContext, key: string): TomlTable | undefined {
  const found = find(context, key);
  if (!found) return undefined;
  if (!isTable(found.value)) {
    context.report(
      found.path,
      `${found.key} must be a table such as { readOnlyHint = true }, but is ${describeValue(found.value)}`,
    );
    return undefined;
  }
  return found.value;
}

/** Whether the table has `key` (or its alias) at all. */
export function hasField(context: TableContext, key: string, alias?: string): boolean {
  const has = (name: string) => Object.prototype.hasOwnProperty.call(context.table, name);
  return has(key) || (alias !== undefined && has(alias));
}

/** The name the field is written under in this table (for messages about it). */
export function writtenName(context: TableContext, key: string, alias?: string): string {
  return alias !== undefined && Object.prototype.hasOwnProperty.call(context.table, alias)
    ? alias
    : key;
}
