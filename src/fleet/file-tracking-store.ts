/**
 * A campaign's tracking issue kept in a local JSON file instead of GitHub, for `fleet local` and
 * dry runs: the same merge and rendering (tracking-issue.ts) write to it, so a campaign tried on
 * local repositories shows the body GitHub would get, and a second run shows it unchanged.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import { makeDirectory } from '../platform/make-directory.js';
import type { TrackingIssue, TrackingIssueStore } from './tracking-issue.js';
import { trackingMarker } from './tracking-body.js';

const fileSchema = z.object({
  issues: z.array(
    z.object({ id: z.number().int().positive(), title: z.string(), body: z.string() }),
  ),
});
type StoreFile = z.infer<typeof fileSchema>;

async function load(file: string): Promise<StoreFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { issues: [] };
    throw error;
  }
  try {
    return fileSchema.parse(JSON.parse(text));
  } catch (error) {
    throw new ConfigurationError(
      `expected the tracking issues file a fleet run writes ({"issues": [...]}): ${errorMessage(error)}`,
      { file },
      { cause: error },
    );
  }
}

/** Written whole to a temporary file, then renamed: a crash never leaves half a file. */
async function save(file: string, content: StoreFile): Promise<void> {
  await makeDirectory(path.dirname(file));
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`);
  await rename(temporary, file);
}

/** The store over `file`; an issue's `url` is `file#id`. */
export function fileTrackingStore(file: string): TrackingIssueStore {
  const view = (issue: StoreFile['issues'][number]): TrackingIssue => ({
    id: issue.id,
    body: issue.body,
    url: `${file}#${issue.id}`,
  });
  return {
    async find(key) {
      const marker = trackingMarker(key);
      const found = (await load(file)).issues.find((issue) => issue.body.includes(marker));
      return found === undefined ? undefined : view(found);
    },
    async create(title, body) {
      const content = await load(file);
      const issue = { id: Math.max(0, ...content.issues.map((i) => i.id)) + 1, title, body };
      content.issues.push(issue);
      await save(file, content);
      return view(issue);
    },
    async update(id, body) {
      const content = await load(file);
      const issue = content.issues.find((candidate) => candidate.id === id);
      if (issue === undefined) throw new Error(`${file} holds no tracking issue ${id}.`);
      issue.body = body;
      await save(file, content);
      return view(issue);
    },
  };
}
