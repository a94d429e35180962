import { describe, expect, it } from 'vitest';
import { resolveModelAuth } from '../../src/model/model-auth.js';
import { AuthenticationError, ConfigurationError } from '../../src/platform/errors.js';

describe('resolveModelAuth', () => {
  it('uses GEMINI_API_KEY for the Gemini API, with GOOGLE_GEMINI_BASE_URL', () => {
    expect(resolveModelAuth({ GEMINI_API_KEY: 'key' })).toEqual({
      type: 'gemini-api-key',
      apiKey: 'key',
    });
    expect(
      resolveModelAuth({ GEMINI_API_KEY: 'key', GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:8080' }),
    ).toEqual({ type: 'gemini-api-key', apiKey: 'key', baseUrl: 'http://127.0.0.1:8080' });
  });

  it('uses Vertex AI with project and location, with GOOGLE_VERTEX_BASE_URL', () => {
    expect(
      resolveModelAuth({
        GOOGLE_GENAI_USE_VERTEXAI: 'true',
        GOOGLE_CLOUD_PROJECT: 'proj',
        GOOGLE_CLOUD_LOCATION: 'us-central1',
        GOOGLE_API_KEY: 'ignored-when-project-and-location-are-set',
        GOOGLE_VERTEX_BASE_URL: 'https://vertex.example',
        GEMINI_API_KEY: 'also-ignored',
      }),
    ).toEqual({
      type: 'vertex-ai',
      project: 'proj',
      location: 'us-central1',
      baseUrl: 'https://vertex.example',
    });
  });

  it('uses Vertex AI express mode with GOOGLE_API_KEY alone', () => {
    expect(
      resolveModelAuth({ GOOGLE_GENAI_USE_VERTEXAI: 'True', GOOGLE_API_KEY: 'express' }),
    ).toEqual({
      type: 'vertex-ai',
      apiKey: 'express',
    });
  });

  it('names the missing variable when Vertex AI is incomplete', () => {
    const noLocation = () =>
      resolveModelAuth({ GOOGLE_GENAI_USE_VERTEXAI: 'true', GOOGLE_CLOUD_PROJECT: 'proj' });
    expect(noLocation).toThrow(AuthenticationError);
    expect(noLocation).toThrow(/GOOGLE_CLOUD_LOCATION is not set\.$/);
    expect(() => resolveModelAuth({ GOOGLE_GENAI_USE_VERTEXAI: 'true' })).toThrow(
      /GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION are not set\.$/,
    );
  });

  it('uses Code Assist with GOOGLE_GENAI_USE_GCA, ahead of the others', () => {
    expect(
      resolveModelAuth({
        GOOGLE_GENAI_USE_GCA: 'true',
        GOOGLE_GENAI_USE_VERTEXAI: 'true',
        GEMINI_API_KEY: 'key',
        GOOGLE_CLOUD_PROJECT: 'proj',
        CODE_ASSIST_ENDPOINT: 'http://127.0.0.1:9',
      }),
    ).toEqual({ type: 'code-assist', project: 'proj', baseUrl: 'http://127.0.0.1:9' });
    expect(resolveModelAuth({ GOOGLE_GENAI_USE_GCA: 'true' })).toEqual({ type: 'code-assist' });
  });

  it('fails with one line saying which variables to set when nothing is set', () => {
    const error = (() => {
      try {
        resolveModelAuth({ GEMINI_API_KEY: '  ', GOOGLE_GENAI_USE_VERTEXAI: 'false' });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toBe(
      'No model credentials found. Set GEMINI_API_KEY, or GOOGLE_GENAI_USE_VERTEXAI=true with GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION (or GOOGLE_API_KEY), or GOOGLE_GENAI_USE_GCA=true.',
    );
  });

  it('rejects a base URL that is not an http(s) URL, naming the variable', () => {
    expect(() =>
      resolveModelAuth({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: 'localhost:8080' }),
    ).toThrow(ConfigurationError);
    expect(() =>
      resolveModelAuth({ GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: 'not a url' }),
    ).toThrow(/^GOOGLE_GEMINI_BASE_URL: expected an http\(s\) URL/);
  });
});
