/**
 * `set_labels`: in a triage run the model chooses labels for an issue, from the labels the
 * repository already has, and may add a short note for the issue's author. The tool only records
 * the choice in a collector; trusted code applies it after the session (see
 * src/triage/apply-labels.ts), so the model never writes to GitHub itself.
 *
 * A call naming some labels the repository lacks keeps the ones it has: those are recorded, and
 * the result names the dropped ones with the closest existing names, so the model can call again
 * (and the final report lists them). A call naming none of the repository's labels is refused,
 * so it never replaces an earlier valid choice with nothing. A name that differs only in case is
 * taken as the label it matches. In a batch (scheduled triage of several issues in one session)
 * the call names the issue, which must be one of the batch's.
 */
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import type { ValidationFailure } from '../tools/define-tool.js';
import { editDistance } from '../tools/registry.js';
import type { Tool } from '../tools/tool-types.js';
import { SET_LABELS_TOOL_NAME } from '../tools/reserved-names.js';
import { oneLine } from '../platform/text.js';

export { SET_LABELS_TOOL_NAME };

/** GitHub allows at most 100 labels on an issue; a triage that picks more than this is noise. */
export const MAX_LABELS_PER_CALL = 10;
/** The longest note the model may ask to post. */
export const MAX_LABEL_COMMENT_CHARS = 2000;
/** Labels listed in the tool's description; a repository with more is cut (the rest stay usable). */
const MAX_LISTED_LABELS = 300;
const MAX_DESCRIPTION_CHARS = 120;
const MAX_SUGGESTIONS = 3;

/** A label of the repository, as the trusted caller read it from GitHub. */
export interface LabelChoice {
  /** The label's exact name on GitHub. */
  name: string;
  /** Its description, already stripped of hidden content by the caller. */
  description?: string | undefined;
}

/** What the model chose for one issue. The last call for an issue replaces earlier ones. */
export interface LabelDecision {
  /** The issue, in a batch; undefined in a single-issue run (the run's own issue). */
  issueNumber: number | undefined;
  /** Canonical label names (as GitHub spells them), without duplicates. */
  labels: string[];
  /** The note to post, trimmed; undefined when none. */
  comment: string | undefined;
  /** Names the call asked for that are not labels of the repository (as written), left out. */
  dropped: string[];
}

export interface LabelCollectorOptions {
  /** The repository's labels: the only names the tool accepts. */
  labels: readonly LabelChoice[];
  /**
   * The issues of a batch. When given, every call must name one of them in `issue_number`; when
   * left out the run is about one issue and the parameter is not offered.
   */
  issues?: readonly number[];
}

export interface LabelCollector {
  tool: Tool<SetLabelsParams>;
  /** The latest decision per issue, in the order the issues were first labelled. */
  result(): LabelDecision[];
}

const labelsParameter = z
  .array(z.string())
  .describe(
    `The names of the labels to add, exactly as listed in the tool description (at most ${MAX_LABELS_PER_CALL}). An empty list records that no label fits.`,
  );
const commentParameter = z
  .string()
  .optional()
  .describe(
    `Optional. A short, friendly note to post on the issue (at most ${MAX_LABEL_COMMENT_CHARS} characters), e.g. asking for a missing reproduction. Leave it out when the labels say enough. Do not mention people with @.`,
  );

const singleParameters = z.object({ labels: labelsParameter, comment: commentParameter });
const batchParameters = z.object({
  issue_number: z
    .number()
    .int()
    .describe('The number of the issue these labels are for: one of the issues of this batch.'),
  labels: labelsParameter,
  comment: commentParameter,
});

export type SetLabelsParams = {
  labels: string[];
  comment?: string | undefined;
  /** Present (and required) in a batch. */
  issue_number?: number | undefined;
};

export function createLabelCollector(options: LabelCollectorOptions): LabelCollector {
  const catalog = new LabelCatalog(options.labels);
  const issues = options.issues;
  const batch = issues !== undefined;
  const decisions = new Map<number | undefined, LabelDecision>();

  const validate = (params: SetLabelsParams): ValidationFailure | null => {
    if (batch && (params.issue_number === undefined || !issues.includes(params.issue_number))) {
      return invalid(
        `issue_number must be one of the issues of this batch: ${issues.map((n) => `#${n}`).join(', ')}; got ${params.issue_number === undefined ? 'none' : `#${params.issue_number}`}.`,
      );
    }
    const unknown = catalog.unknown(params.labels);
    if (unknown.length > 0 && catalog.canonicalAll(params.labels).length === 0) {
      return invalid(
        `None of these is a label of this repository; nothing was recorded.\n${unknownLines(catalog, unknown).join('\n')}\nCall ${SET_LABELS_TOOL_NAME} again with names from the list in the tool description, or with an empty list when no label fits.`,
      );
    }
    const names = catalog.canonicalAll(params.labels);
    if (names.length > MAX_LABELS_PER_CALL) {
      return invalid(
        `At most ${MAX_LABELS_PER_CALL} labels can be set on an issue; got ${names.length}. Keep the ones that fit best.`,
      );
    }
    const comment = params.comment?.trim() ?? '';
    if (comment.length > MAX_LABEL_COMMENT_CHARS) {
      return invalid(
        `The comment is ${comment.length} characters long; at most ${MAX_LABEL_COMMENT_CHARS} are allowed. Shorten it.`,
      );
    }
    return null;
  };

  // Both schemas produce the same params shape; only the batch one offers (and requires)
  // `issue_number`, so a single-issue run never shows the model a parameter it cannot use.
  const parameters: z.ZodType<SetLabelsParams> = batch ? batchParameters : singleParameters;
  const tool = defineTool({
    name: SET_LABELS_TOOL_NAME,
    displayName: 'SetLabels',
    description: describeTool(catalog, issues),
    kind: 'other',
    parameters,
    validate,
    invocation(params) {
      const issueNumber = batch ? params.issue_number : undefined;
      const labels = catalog.canonicalAll(params.labels);
      const dropped = catalog.unknown(params.labels);
      const comment = params.comment?.trim() || undefined;
      const where = issueNumber === undefined ? 'the issue' : `issue #${issueNumber}`;
      const list = labels.length > 0 ? labels.join(', ') : '(no labels)';
      return {
        describe: () => `Set labels on ${where}: ${list}${comment ? ' (with a comment)' : ''}`,
        locations: () => [],
        confirmationDetails: () =>
          Promise.resolve({
            type: 'info',
            title: 'Confirm Labels',
            prompt: `${where}: ${list}${comment ? `\n\nComment:\n${comment}` : ''}`,
          }),
        execute: () => {
          const replaced = decisions.has(issueNumber);
          decisions.delete(issueNumber);
          decisions.set(issueNumber, { issueNumber, labels, comment, dropped });
          const chosen =
            labels.length > 0
              ? `Recorded the labels for ${where}: ${list}.`
              : `Recorded that no label fits ${where}.`;
          const notes = [
            chosen,
            comment ? 'The comment will be posted with them.' : '',
            replaced ? 'This replaces your earlier choice for it.' : '',
            'They are applied after you finish.',
          ].filter((note) => note !== '');
          // What was dropped goes back to the model, so it can correct the name in the same session.
          const droppedNote =
            dropped.length === 0
              ? ''
              : `\nLeft out, because the repository has no such label:\n${unknownLines(catalog, dropped).join('\n')}\nTo use an existing label instead, call ${SET_LABELS_TOOL_NAME} again with the whole list (it replaces this choice).`;
          const display = [
            `**${where}**: ${labels.length > 0 ? labels.map((label) => `\`${label}\``).join(', ') : 'no labels'}`,
            ...(dropped.length > 0
              ? [`Left out (not labels of this repository): ${dropped.join(', ')}`]
              : []),
            ...(comment ? ['', `Comment (${comment.length} characters)`] : []),
          ].join('\n');
          return Promise.resolve({
            llmContent: `${notes.join(' ')}${droppedNote}`,
            returnDisplay: display,
          });
        },
      };
    },
  });

  return {
    tool,
    // A copy, so the caller cannot change what later calls see.
    result: () =>
      [...decisions.values()].map((decision) => ({
        ...decision,
        labels: [...decision.labels],
        dropped: [...decision.dropped],
      })),
  };
}

/** One line per unknown name, with the existing labels it most likely meant. */
function unknownLines(catalog: LabelCatalog, names: readonly string[]): string[] {
  return names.map((label) => {
    const close = catalog.closest(label);
    const hint =
      close.length > 0
        ? ` Closest existing labels: ${close.map((name) => JSON.stringify(name)).join(', ')}.`
        : '';
    return `- ${JSON.stringify(label)} is not a label of this repository.${hint}`;
  });
}

function invalid(message: string): ValidationFailure {
  return { message, type: 'invalid_tool_params' };
}

function describeTool(catalog: LabelCatalog, issues: readonly number[] | undefined): string {
  const listed = catalog.labels.slice(0, MAX_LISTED_LABELS).map((label) => {
    const description = oneLine(label.description ?? '').slice(0, MAX_DESCRIPTION_CHARS);
    return description === ''
      ? `- ${JSON.stringify(label.name)}`
      : `- ${JSON.stringify(label.name)}: ${description}`;
  });
  const more = catalog.labels.length - listed.length;
  const target =
    issues === undefined
      ? 'Sets the labels of the issue this run triages'
      : `Sets the labels of one issue of this batch (${issues.map((n) => `#${n}`).join(', ')}); call it once per issue, naming the issue in issue_number`;
  return [
    `${target}. Only the repository's existing labels can be used; they are listed below (name, then description). Choose the labels that clearly fit, at most ${MAX_LABELS_PER_CALL}; use an empty list when none fits. Calling it again for the same issue replaces the earlier choice. The labels are added after you finish, next to any labels the issue already has; nothing is removed.`,
    '',
    "The repository's labels:",
    ...(listed.length > 0 ? listed : ['(the repository has no labels)']),
    ...(more > 0 ? [`(${more} more labels not listed)`] : []),
  ].join('\n');
}

/** The repository's labels, looked up the way GitHub treats names: without regard to case. */
class LabelCatalog {
  readonly labels: readonly LabelChoice[];
  private readonly byFolded = new Map<string, string>();

  constructor(labels: readonly LabelChoice[]) {
    const unique: LabelChoice[] = [];
    for (const label of labels) {
      const key = fold(label.name);
      if (key === '' || this.byFolded.has(key)) continue;
      this.byFolded.set(key, label.name);
      unique.push(label);
    }
    this.labels = unique;
  }

  /** The label's name as GitHub spells it, or undefined when the repository has no such label. */
  canonical(name: string): string | undefined {
    return this.byFolded.get(fold(name));
  }

  /** Canonical names of known labels, in the given order, without duplicates. */
  canonicalAll(names: readonly string[]): string[] {
    const result: string[] = [];
    for (const name of names) {
      const canonical = this.canonical(name);
      if (canonical !== undefined && !result.includes(canonical)) result.push(canonical);
    }
    return result;
  }

  /** The names that are not labels of the repository, as written, without duplicates. */
  unknown(names: readonly string[]): string[] {
    const result: string[] = [];
    for (const name of names) {
      if (this.canonical(name) === undefined && !result.includes(name)) result.push(name);
    }
    return result;
  }

  /**
   * Up to three existing labels a mistaken name most likely meant: the same words with other
   * separators (`good first issue` for `good-first-issue`), names containing it or contained in
   * it (`bug` for `type: bug`), then the nearest by edit distance.
   */
  closest(name: string): string[] {
    const wanted = squash(name);
    if (wanted === '') return [];
    const scored = this.labels.map((label) => {
      const candidate = squash(label.name);
      let score: number;
      if (candidate === wanted) score = -2;
      else if (candidate.includes(wanted) || wanted.includes(candidate)) score = -1;
      else score = editDistance(wanted, candidate);
      return { name: label.name, score };
    });
    const limit = Math.max(2, Math.floor(wanted.length / 2));
    return scored
      .filter((entry) => entry.score <= limit)
      .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
      .slice(0, MAX_SUGGESTIONS)
      .map((entry) => entry.name);
  }
}

/** How GitHub compares label names: case-insensitively, around trimmed spaces. */
function fold(name: string): string {
  return name.trim().toLowerCase();
}

/** A name without case, spaces, punctuation or separators, for suggestions only. */
function squash(name: string): string {
  return name.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}
