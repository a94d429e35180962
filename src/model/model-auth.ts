import { AuthenticationError, ConfigurationError } from '../platform/errors.js';
import type { GeminiApiKeyTarget, VertexTarget } from './genai-generator.js';

/** Code Assist ("Login with Google"): OAuth via Application Default Credentials. */
export interface CodeAssistTarget {
  type: 'code-assist';
  project?: string;
  baseUrl?: string;
}

/** How the model is reached, as read from the environment. */
export type ModelAuth = GeminiApiKeyTarget | VertexTarget | CodeAssistTarget;

export type Environment = Readonly<Record<string, string | undefined>>;

const HOW_TO_SET_UP =
  'Set GEMINI_API_KEY, or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (or GOOGLE_API_KEY), or GOOGLE_GENAI_USE_GCA=true.';

function value(env: Environment, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === '' ? undefined : raw;
}

function flag(env: Environment, name: string): boolean {
  return value(env, name)?.toLowerCase() === 'true';
}

function baseUrl(env: Environment, name: string): { baseUrl?: string } {
  const url = value(env, name);
  if (url === undefined) return {};
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigurationError(`expected an http(s) URL, got ${JSON.stringify(url)}.`, {
      input: name,
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigurationError(`expected an http(s) URL, got ${JSON.stringify(url)}.`, {
      input: name,
    });
  }
  return { baseUrl: url };
}

/**
 * Chooses the model transport from environment variables, in the Gemini CLI's order:
 * `GOOGLE_GENAI_USE_GCA=true` (Code Assist), then `GOOGLE_GENAI_USE_VERTEXAI=true` (Vertex AI),
 * then `GEMINI_API_KEY` (Gemini API). Base URLs come from `GOOGLE_GEMINI_BASE_URL`,
 * `GOOGLE_VERTEX_BASE_URL` and `CODE_ASSIST_ENDPOINT`.
 */
export function resolveModelAuth(env: Environment): ModelAuth {
  if (flag(env, 'GOOGLE_GENAI_USE_GCA')) {
    const project = value(env, 'GOOGLE_CLOUD_PROJECT') ?? value(env, 'GOOGLE_CLOUD_PROJECT_ID');
    return {
      type: 'code-assist',
      ...(project !== undefined ? { project } : {}),
      ...baseUrl(env, 'CODE_ASSIST_ENDPOINT'),
    };
  }

  if (flag(env, 'GOOGLE_GENAI_USE_VERTEXAI')) {
    const project = value(env, 'GOOGLE_CLOUD_PROJECT');
    const location = value(env, 'GOOGLE_CLOUD_LOCATION');
    const apiKey = value(env, 'GOOGLE_API_KEY');
    const url = baseUrl(env, 'GOOGLE_VERTEX_BASE_URL');
    if (project !== undefined && location !== undefined) {
      return { type: 'vertex-ai', project, location, ...url };
    }
    if (apiKey !== undefined) return { type: 'vertex-ai', apiKey, ...url };
    const missing = [project === undefined ? 'GOOGLE_CLOUD_PROJECT' : undefined]
      .concat(location === undefined ? 'GOOGLE_CLOUD_LOCATION' : undefined)
      .filter((name): name is string => name !== undefined);
    throw new AuthenticationError(
      `GOOGLE_GENAI_USE_VERTEXAI=true needs GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (or GOOGLE_API_KEY for Vertex AI express mode); ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.`,
    );
  }

  const apiKey = value(env, 'GEMINI_API_KEY');
  if (apiKey !== undefined) {
    return { type: 'gemini-api-key', apiKey, ...baseUrl(env, 'GOOGLE_GEMINI_BASE_URL') };
  }

  throw new AuthenticationError(`No model credentials found. ${HOW_TO_SET_UP}`);
}
