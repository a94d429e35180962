/**
 * A generator that says when its first request has left: work that is needed only once the model
 * has answered (a sandbox's set-up) starts then, while the request is on its way, instead of
 * competing for the processor with the work that builds the request.
 */
import type { ContentGenerator } from './content-generator.js';

/** `inner`, calling `onFirst` once, right after its first request of any kind has been sent. */
export function onFirstRequest(inner: ContentGenerator, onFirst: () => void): ContentGenerator {
  let sent = false;
  const afterSending = <T>(request: Promise<T>): Promise<T> => {
    if (!sent) {
      sent = true;
      onFirst();
    }
    return request;
  };
  return {
    generateContent: (request, promptId) => afterSending(inner.generateContent(request, promptId)),
    generateContentStream: (request, promptId) =>
      afterSending(inner.generateContentStream(request, promptId)),
    countTokens: (request) => afterSending(inner.countTokens(request)),
  };
}
