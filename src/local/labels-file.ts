/**
 * `gemini-agent run --labels-file FILE`: the repository's labels with their descriptions, in the
 * shape `gh label list --json name,description,color` prints. A triage run chooses from the
 * labels and reads their descriptions, so `--labels a,b` (names only) gives the model less to go
 * on than the real repository would.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { locateJsonPath, parseJsonText } from '../config/json-text.js';
import { ConfigurationError, UsageError, errorMessage } from '../platform/errors.js';

/** A label as the user gives it; what is left out is filled in as GitHub would show it. */
export interface LabelSpec {
  name: string;
  description?: string;
  color?: string;
}

const labelEntry = z.strictObject({
  name: z.string().trim().min(1, 'a label needs a non-empty "name"'),
  description: z.string().nullable().optional(),
  color: z
    .string()
    .regex(/^[0-9a-fA-F]{6}$/, 'a color is six hex digits without "#", as GitHub gives it')
    .optional(),
});
const labelsFile = z.array(labelEntry).min(1, 'the file lists no labels');

/** The labels of `file`; a file that is not such a list is an error at the entry that is not. */
export function readLabelsFile(file: string): LabelSpec[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--labels-file: cannot read "${file}": ${errorMessage(error)}`);
  }
  const parsed = labelsFile.safeParse(parseJsonText(text, file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? locateJsonPath(text, issue.path as (string | number)[]) : undefined;
    throw new ConfigurationError(
      `expected a JSON list of labels, each {"name", "description", "color"} as \`gh label list --json name,description,color\` prints them: ${issue?.message ?? 'not such a list'}.`,
      { file, ...(where ?? {}) },
    );
  }
  const names = new Set<string>();
  return parsed.data.map((label, index) => {
    const key = label.name.toLowerCase();
    if (names.has(key)) {
      throw new ConfigurationError(`the label "${label.name}" is listed twice.`, {
        file,
        ...(locateJsonPath(text, [index, 'name']) ?? {}),
      });
    }
    names.add(key);
    return {
      name: label.name,
      ...(label.description ? { description: label.description } : {}),
      ...(label.color !== undefined ? { color: label.color.toLowerCase() } : {}),
    };
  });
}
