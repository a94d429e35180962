/**
 * Whether Google keeps a run's model requests, per transport, in words for the run's log. The
 * Gemini API keeps the generate requests of new paid-tier projects unless a request says
 * `store: false` (its changelog of 2026-10-26), so that transport sends `store` with every
 * generate request (genai-generator.ts): false unless the user opted in. The other transports have
 * no such field: the run says so once instead of pretending.
 */
import type { ModelAuth } from './model-auth.js';

/**
 * The line a run logs once about storage, or undefined when the transport carries the setting
 * (the Gemini API: nothing to explain).
 */
export function requestStorageNotice(
  transport: ModelAuth['type'],
  storeRequests: boolean,
): string | undefined {
  const asked = storeRequests
    ? ' The store_requests input (--store-requests) has no effect there.'
    : '';
  if (transport === 'vertex-ai') {
    return `Vertex AI requests carry no store setting: the API does not accept one (the SDK refuses it), so what Google keeps of them follows the Google Cloud project's own data settings.${asked}`;
  }
  if (transport === 'code-assist') {
    return `Code Assist requests carry no store setting: its request has no such field, so what Google keeps of them follows the Gemini Code Assist terms of the signed-in account.${asked}`;
  }
  return undefined;
}
