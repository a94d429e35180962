/**
 * Citations for answers grounded by Google Search or URL context: `[n]` markers after the cited
 * segments and a numbered Sources list, in the format the Gemini CLI's web tools return, so
 * prompts written for it read the same results.
 */
import type { GenerateContentResponse, GroundingChunk, GroundingSupport } from '@google/genai';

export interface CitationOptions {
  /** Shown for a source without a URI (`No URI` for search, `Unknown URI` for fetch). */
  missingUri: string;
}

/** The answer text of a response: the first candidate's text parts, thoughts left out. */
export function responseText(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts
    .filter((part) => typeof part.text === 'string' && part.thought !== true)
    .map((part) => part.text ?? '')
    .join('');
}

/**
 * Inserts `[n]` markers (1-based chunk numbers) at each support's `segment.endIndex`. The indices
 * are UTF-8 byte offsets, so the text is cut as bytes; markers go in from the end so earlier
 * offsets stay valid. An offset inside a multi-byte character moves to the character's end, and
 * one past the end of the text is clamped to it.
 */
export function insertCitationMarkers(
  text: string,
  supports: readonly GroundingSupport[] | undefined,
): string {
  const insertions: { index: number; marker: string }[] = [];
  for (const support of supports ?? []) {
    const end = support.segment?.endIndex;
    const indices = support.groundingChunkIndices;
    if (end === undefined || !indices) continue;
    insertions.push({ index: end, marker: indices.map((i) => `[${i + 1}]`).join('') });
  }
  if (insertions.length === 0) return text;
  // Stable sort: of two markers at one offset, the later support's marker ends up first.
  insertions.sort((a, b) => b.index - a.index);

  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  let rest = bytes.length;
  for (const { index, marker } of insertions) {
    const at = characterBoundary(bytes, Math.max(0, Math.min(index, rest)));
    pieces.unshift(bytes.subarray(at, rest));
    pieces.unshift(Buffer.from(marker, 'utf8'));
    rest = at;
  }
  pieces.unshift(bytes.subarray(0, rest));
  return Buffer.concat(pieces).toString('utf8');
}

/** The first offset at or after `index` that does not fall inside a UTF-8 sequence. */
function characterBoundary(bytes: Buffer, index: number): number {
  let at = index;
  while (at < bytes.length && ((bytes[at] ?? 0) & 0xc0) === 0x80) at += 1;
  return at;
}

/** `[1] Title (uri)` lines; a chunk without a title is `Untitled`. */
export function formatSources(
  chunks: readonly GroundingChunk[],
  options: CitationOptions,
): string[] {
  return chunks.map((chunk, i) => {
    const title = chunk.web?.title || 'Untitled';
    const uri = chunk.web?.uri || options.missingUri;
    return `[${i + 1}] ${title} (${uri})`;
  });
}

/**
 * The answer with citation markers and a `Sources:` list appended. Without grounding chunks the
 * text is returned unchanged: markers would point at a list that does not exist.
 */
export function withCitations(
  text: string,
  response: GenerateContentResponse,
  options: CitationOptions,
): string {
  const metadata = response.candidates?.[0]?.groundingMetadata;
  const chunks = metadata?.groundingChunks ?? [];
  if (chunks.length === 0) return text;
  const cited = insertCitationMarkers(text, metadata?.groundingSupports);
  return `${cited}\n\nSources:\n${formatSources(chunks, options).join('\n')}`;
}
