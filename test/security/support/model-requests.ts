/** Reading what the Action sent the (fake) model: the prompt, and the tools' answers. */
import type { FakeRequest } from '../../support/fake-gemini.js';

export interface ToolResponse {
  name: string;
  id: string | undefined;
  /** The response object as sent (`{output}` or `{error}`), as JSON text. */
  text: string;
}

interface ContentLike {
  role?: string;
  parts?: {
    text?: string;
    functionResponse?: { id?: string; name?: string; response?: unknown };
  }[];
}

/** The contents of a generate request (Gemini API shape). */
export function contentsOf(request: FakeRequest | undefined): ContentLike[] {
  const body = request?.body as { contents?: ContentLike[] } | undefined;
  return body?.contents ?? [];
}

/** The task prompt the Action built: the last user message of the first request. */
export function promptOf(request: FakeRequest | undefined): string {
  const users = contentsOf(request).filter((content) => content.role === 'user');
  return (users.at(-1)?.parts ?? []).map((part) => part.text ?? '').join('\n');
}

/** The function responses the model got, in order, as of the last request. */
export function toolResponsesOf(requests: readonly FakeRequest[]): ToolResponse[] {
  const last = requests[requests.length - 1];
  const responses: ToolResponse[] = [];
  for (const content of contentsOf(last)) {
    for (const part of content.parts ?? []) {
      const response = part.functionResponse;
      if (response === undefined) continue;
      responses.push({
        name: response.name ?? '',
        id: response.id,
        text: JSON.stringify(response.response ?? null),
      });
    }
  }
  return responses;
}
