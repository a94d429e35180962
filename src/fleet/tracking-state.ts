/**
 * The rows of a campaign's tracking issue, kept in its body so each report run can merge into
 * what the earlier runs and chunks found: JSON, gzip-compressed and Base64-encoded in a hidden
 * HTML comment. Compressed because a campaign of hundreds of repositories would spend most of
 * GitHub's 65,536 characters on plain JSON (rows repeat the same keys, owners and URL prefixes,
 * which compress about tenfold); Base64 because its alphabet cannot end the comment (`-->`) or
 * open a tag, whatever text the rows hold. The state is read back through the row schema: a row
 * that does not pass is dropped, a state that does not decode starts the table again.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import type { FleetRow } from './fleet-rows.js';
import { fleetRowSchema } from './fleet-rows.js';

const STATE_PREFIX = '<!-- gemini-agent-fleet-state v1 ';
const STATE_END = ' -->';
/** Decompressed state larger than this is refused: a body of 65,536 characters never holds it. */
const MAX_STATE_BYTES = 8 * 1024 * 1024;
/**
 * The most a state comment may take of the body; beyond it, notes are dropped from the state
 * (they stay in the table while it shows them), then the report refuses.
 */
export const STATE_ROOM = 40_000;

const stateSchema = z.object({
  campaign: z.string(),
  rows: z.array(z.unknown()),
});

function encode(campaign: string, rows: readonly FleetRow[]): string {
  const json = JSON.stringify({ campaign, rows });
  return `${STATE_PREFIX}${gzipSync(json, { level: 9 }).toString('base64')}${STATE_END}`;
}

/**
 * The hidden comment holding `rows`. When it would pass {@link STATE_ROOM}, the rows' notes are
 * left out of it (the oldest rows' first); if that is not enough, the campaign is too large for
 * one issue and this throws.
 */
export function renderTrackingState(campaign: string, rows: readonly FleetRow[]): string {
  let kept = [...rows];
  let text = encode(campaign, kept);
  if (text.length <= STATE_ROOM) return text;
  const byAge = rows
    .map((row, index) => ({ index, at: Date.parse(row.at ?? '') || 0 }))
    .sort((a, b) => a.at - b.at);
  // Halving steps: a few encodings at most, whatever the number of rows.
  for (let drop = Math.ceil(byAge.length / 8); ; drop = Math.min(byAge.length, drop * 2)) {
    const without = new Set(byAge.slice(0, drop).map((entry) => entry.index));
    kept = rows.map((row, index) => {
      if (!without.has(index) || row.note === undefined) return row;
      const rest = { ...row };
      delete rest.note;
      return rest;
    });
    text = encode(campaign, kept);
    if (text.length <= STATE_ROOM) return text;
    if (drop >= byAge.length) break;
  }
  throw new Error(
    `The tracking issue cannot hold the state of ${rows.length} repositories within GitHub's 65,536 characters; split the campaign.`,
  );
}

/**
 * The rows in a tracking issue's body; `undefined` when it holds no state, or one that cannot be
 * read (not decodable, another campaign's), so the caller can say the table starts again.
 */
export function readTrackingState(body: string, campaign: string): FleetRow[] | undefined {
  const start = body.lastIndexOf(STATE_PREFIX);
  if (start < 0) return undefined;
  const end = body.indexOf(STATE_END, start + STATE_PREFIX.length);
  if (end < 0) return undefined;
  const encoded = body.slice(start + STATE_PREFIX.length, end);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return undefined;
  let parsed: unknown;
  try {
    const json = gunzipSync(Buffer.from(encoded, 'base64'), { maxOutputLength: MAX_STATE_BYTES });
    parsed = JSON.parse(json.toString('utf8'));
  } catch {
    return undefined;
  }
  const state = stateSchema.safeParse(parsed);
  if (!state.success || state.data.campaign !== campaign) return undefined;
  return state.data.rows.flatMap((row) => {
    const checked = fleetRowSchema.safeParse(row);
    return checked.success ? [checked.data] : [];
  });
}
