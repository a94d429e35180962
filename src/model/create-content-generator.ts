import { checkApplicationDefaultCredentials } from './application-default-credentials.js';
import type { CodeAssistCredentials } from './code-assist-generator.js';
import { CodeAssistContentGenerator } from './code-assist-generator.js';
import type { ContentGenerator } from './content-generator.js';
import type { GenaiGeneratorOptions } from './genai-generator.js';
import { createGenaiContentGenerator } from './genai-generator.js';
import type { Environment, ModelAuth } from './model-auth.js';
import type { ModelCallListener } from './model-calls.js';
import { reportModelCalls } from './model-calls.js';
import { explainUnreachable, modelEndpoint } from './model-endpoint.js';
import type { RecordingSink } from './recording.js';
import { RecordingContentGenerator } from './recording.js';
import type { RetryOptions } from './retry.js';
import { withRetry } from './retry.js';
import { requestStorageNotice } from './request-storage.js';

export interface CreateContentGeneratorOptions {
  retry?: RetryOptions;
  /** Replaces global `fetch` for every transport (tests). */
  fetch?: typeof fetch;
  /** OAuth for Code Assist; defaults to Application Default Credentials with the cloud-platform scope. */
  codeAssistCredentials?: CodeAssistCredentials;
  /** Credentials for Vertex AI without an API key; defaults to Application Default Credentials. */
  googleAuthOptions?: GenaiGeneratorOptions['googleAuthOptions'];
  /** The session id Code Assist receives as `request.session_id`. */
  sessionId?: string;
  /** Records every model reply (one JSONL line per call) to this sink or file. */
  recordTo?: RecordingSink | string;
  /** Told about every attempt at a request (see model-calls.ts), e.g. `ModelCalls.report`. */
  onModelCall?: ModelCallListener;
  /**
   * Whether Google may store the requests (`store_requests`, `--store-requests`); false unless
   * the user asked. Only the Gemini API carries the setting (see request-storage.ts).
   */
  storeRequests?: boolean;
  /** Told once, when the transport cannot carry the storage setting, what that means. */
  onNotice?: (message: string) => void;
  /**
   * Where Application Default Credentials are looked for: Google's auth library reads
   * `process.env` (the default), so only tests pass another.
   */
  env?: Environment;
}

const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

async function defaultCodeAssistCredentials(): Promise<CodeAssistCredentials> {
  // Loaded on demand: only Code Assist users pay for google-auth-library at startup.
  const { GoogleAuth } = await import('google-auth-library');
  return new GoogleAuth({ scopes: [CLOUD_PLATFORM_SCOPE] });
}

/**
 * The content generator for `auth`, wrapped in retries. Recording (when asked) sits inside the
 * retries, so a recording holds exactly the replies the session was given, including unusable ones
 * it retried, and replays the same way. Each attempt is reported inside the retries too, as the
 * Gemini CLI logs each one. A host that cannot be reached ends in one line naming the base URL and
 * the variable that sets it. Vertex AI and Code Assist without Application Default Credentials
 * stop here, before any request, with an `AuthenticationError` that says what to do.
 */
export async function createContentGenerator(
  auth: ModelAuth,
  options: CreateContentGeneratorOptions = {},
): Promise<ContentGenerator> {
  const injected =
    auth.type === 'code-assist'
      ? options.codeAssistCredentials !== undefined
      : options.googleAuthOptions !== undefined;
  // Before the library would look for them, with a metadata-server lookup where none is.
  if (!injected) checkApplicationDefaultCredentials(auth, options.env ?? process.env);
  let transport: ContentGenerator;
  if (auth.type === 'code-assist') {
    transport = new CodeAssistContentGenerator({
      credentials: options.codeAssistCredentials ?? (await defaultCodeAssistCredentials()),
      ...(auth.project !== undefined ? { project: auth.project } : {}),
      ...(auth.baseUrl !== undefined ? { baseUrl: auth.baseUrl } : {}),
      ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  } else {
    transport = createGenaiContentGenerator(auth, {
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.googleAuthOptions ? { googleAuthOptions: options.googleAuthOptions } : {}),
      storeRequests: options.storeRequests ?? false,
    });
  }
  const storage = requestStorageNotice(auth.type, options.storeRequests ?? false);
  if (storage !== undefined) options.onNotice?.(storage);
  if (options.recordTo !== undefined) {
    transport = new RecordingContentGenerator(transport, options.recordTo);
  }
  if (options.onModelCall !== undefined) {
    transport = reportModelCalls(transport, options.onModelCall);
  }
  return explainUnreachable(withRetry(transport, options.retry), modelEndpoint(auth));
}
