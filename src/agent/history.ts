/**
 * Helpers that keep the chat history valid for replay: thought parts and empty chunks never reach
 * it, text split over stream chunks is joined, and every `thoughtSignature` the model sent is kept
 * (Gemini 3 rejects replayed function calls that lost theirs).
 */
import type { Content, FunctionCall, Part } from '@google/genai';

/** A part with nothing in it (streams sometimes send `{}` or `{text: ""}` as a keep-alive). */
function isEmptyPart(part: Part | undefined): boolean {
  if (part === undefined) return true;
  const keys = Object.keys(part).filter((key) => key !== 'thoughtSignature');
  if (keys.length === 0) return true;
  return keys.every((key) => key === 'text' || key === 'thought') && part.text === '';
}

/** A text part that is only text: safe to merge with a neighbouring one. */
export function isPlainTextPart(part: Part): boolean {
  return (
    typeof part.text === 'string' &&
    part.thought !== true &&
    part.functionCall === undefined &&
    part.functionResponse === undefined &&
    part.inlineData === undefined &&
    part.fileData === undefined &&
    part.executableCode === undefined &&
    part.codeExecutionResult === undefined
  );
}

/**
 * The parts of one model response (all its chunks, in order) as they are kept in history:
 * thought parts and empty parts dropped, consecutive text parts merged. A signature carried by a
 * dropped part moves to the next kept part without one (or, failing that, the previous one), so
 * the model still finds it where it expects a signed step.
 */
export function curateModelParts(parts: readonly (Part | undefined)[]): Part[] {
  const kept: Part[] = [];
  let orphanSignature: string | undefined;

  const adopt = (part: Part): Part => {
    if (orphanSignature !== undefined && part.thoughtSignature === undefined) {
      const signed = { ...part, thoughtSignature: orphanSignature };
      orphanSignature = undefined;
      return signed;
    }
    return part;
  };

  for (const raw of parts) {
    if (raw === undefined) continue;
    if (raw.thought === true || isEmptyPart(raw)) {
      if (raw.thoughtSignature !== undefined) orphanSignature ??= raw.thoughtSignature;
      continue;
    }
    const part = adopt({ ...raw });
    const last = kept[kept.length - 1];
    const bothSigned = last?.thoughtSignature !== undefined && part.thoughtSignature !== undefined;
    if (last && isPlainTextPart(last) && isPlainTextPart(part) && !bothSigned) {
      const merged: Part = { ...last, text: `${last.text ?? ''}${part.text ?? ''}` };
      const signature = last.thoughtSignature ?? part.thoughtSignature;
      if (signature !== undefined) merged.thoughtSignature = signature;
      kept[kept.length - 1] = merged;
    } else {
      kept.push(part);
    }
  }

  if (orphanSignature !== undefined) {
    for (let i = kept.length - 1; i >= 0; i--) {
      const part = kept[i];
      if (part && part.thoughtSignature === undefined) {
        kept[i] = { ...part, thoughtSignature: orphanSignature };
        break;
      }
    }
  }
  return kept;
}

/** A model content that can be replayed: has parts, none empty, none a thought. */
export function isValidModelContent(content: Content): boolean {
  const parts = content.parts ?? [];
  if (parts.length === 0) return false;
  return parts.every((part) => !isEmptyPart(part) && part.thought !== true);
}

/**
 * History fit for a request: model contents cleaned of thoughts and empty parts, and model
 * contents left with nothing dropped entirely. User contents pass through untouched.
 */
export function curateHistory(history: readonly Content[]): Content[] {
  const curated: Content[] = [];
  for (const content of history) {
    if (content.role !== 'model') {
      curated.push(content);
      continue;
    }
    const parts = curateModelParts(content.parts ?? []);
    if (parts.length > 0) curated.push({ role: 'model', parts });
  }
  return curated;
}

export function functionCallsOf(content: Content): FunctionCall[] {
  return (content.parts ?? []).flatMap((part) => (part.functionCall ? [part.functionCall] : []));
}

export function hasFunctionCall(content: Content): boolean {
  return (content.parts ?? []).some((part) => part.functionCall !== undefined);
}

/** A user content answering function calls (tool results). */
export function isFunctionResponseContent(content: Content): boolean {
  return (
    content.role === 'user' &&
    (content.parts ?? []).some((part) => part.functionResponse !== undefined)
  );
}

/** A user content that is a message of its own, not tool results: a safe start for a history. */
export function isPlainUserContent(content: Content): boolean {
  return (
    content.role === 'user' &&
    (content.parts ?? []).length > 0 &&
    !isFunctionResponseContent(content)
  );
}

/** The visible text of some parts (thoughts excluded), in order. */
export function textOfParts(parts: readonly Part[]): string {
  return parts
    .filter((part) => isPlainTextPart(part))
    .map((part) => part.text ?? '')
    .join('');
}

/**
 * Sizes measured so far. A content in the history is never changed in place (a change replaces
 * it), so its size is measured once, not serialised again at every compression.
 */
const measuredSizes = new WeakMap<Content, number>();

/** Size in characters of a content as sent on the wire; the unit compression splits by. */
export function contentSize(content: Content): number {
  let size = measuredSizes.get(content);
  if (size === undefined) {
    size = JSON.stringify(content).length;
    measuredSizes.set(content, size);
  }
  return size;
}

export function userText(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}

export function modelText(text: string): Content {
  return { role: 'model', parts: [{ text }] };
}

/** A copy of a user content with one more text part at the end. */
export function withAppendedText(content: Content, text: string): Content {
  return { ...content, parts: [...(content.parts ?? []), { text }] };
}
