import { ApiError } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { ModelRequestError } from '../../src/model/errors.js';
import {
  httpStatusError,
  normalizeModelError,
  parseGoogleErrorBody,
  parseRetryDelay,
} from '../../src/model/normalize-error.js';

const quotaBody = JSON.stringify({
  error: {
    code: 429,
    message: 'Resource has been exhausted (e.g. check quota).',
    status: 'RESOURCE_EXHAUSTED',
    details: [
      { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [] },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '3s' },
    ],
  },
});

/** A free-tier daily quota running out, as the Gemini API reports it. */
const dailyQuotaBody = JSON.stringify({
  error: {
    code: 429,
    message:
      'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
    status: 'RESOURCE_EXHAUSTED',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
        violations: [
          {
            quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
            quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
            quotaDimensions: { location: 'global', model: 'gemini-3.8-flash' },
            quotaValue: '250',
          },
        ],
      },
      { '@type': 'type.googleapis.com/google.rpc.Help', links: [] },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '31s' },
    ],
  },
});

function systemError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:1`), { code });
}

describe('parseRetryDelay', () => {
  it('reads protobuf durations in seconds', () => {
    expect(parseRetryDelay('3s')).toBe(3000);
    expect(parseRetryDelay('0.5s')).toBe(500);
    expect(parseRetryDelay('41.234567s')).toBe(41235);
  });

  it('ignores anything else', () => {
    expect(parseRetryDelay('3')).toBeUndefined();
    expect(parseRetryDelay('3m')).toBeUndefined();
    expect(parseRetryDelay(3)).toBeUndefined();
  });
});

describe('parseGoogleErrorBody', () => {
  it('reads message, status and the RetryInfo delay', () => {
    expect(parseGoogleErrorBody(quotaBody)).toEqual({
      message: 'Resource has been exhausted (e.g. check quota).',
      status: 'RESOURCE_EXHAUSTED',
      code: 429,
      retryDelayMs: 3000,
      quotaIds: [],
    });
  });

  it('reads the quota a 429 names', () => {
    expect(parseGoogleErrorBody(dailyQuotaBody)?.quotaIds).toEqual([
      'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
    ]);
  });

  it('accepts a body wrapped in an array and rejects non-error bodies', () => {
    expect(parseGoogleErrorBody(`[${quotaBody}]`)?.retryDelayMs).toBe(3000);
    expect(parseGoogleErrorBody('<html>502</html>')).toBeUndefined();
    expect(parseGoogleErrorBody({ candidates: [] })).toBeUndefined();
  });
});

describe('what an HTTP error says about the model', () => {
  it('takes a 404 NOT_FOUND, or a 400 that says the model is unknown, for a model not found', () => {
    const notFound = httpStatusError(
      404,
      JSON.stringify({
        error: {
          code: 404,
          message:
            'models/gemini-9-ultra is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
          status: 'NOT_FOUND',
        },
      }),
    );
    expect(notFound).toMatchObject({ status: 404, apiStatus: 'NOT_FOUND' });
    expect(notFound.isModelNotFound).toBe(true);
    expect(notFound.retryable).toBe(false);
    const unsupported = httpStatusError(
      400,
      '{"error":{"code":400,"message":"Model gemini-1.0-pro is not supported.","status":"INVALID_ARGUMENT"}}',
    );
    expect(unsupported.isModelNotFound).toBe(true);
    // A request the model rejects is not a model the API lacks.
    const badSetting = httpStatusError(
      400,
      '{"error":{"code":400,"message":"Thinking level is not supported for this model.","status":"INVALID_ARGUMENT"}}',
    );
    expect(badSetting.isModelNotFound).toBe(false);
    // A proxy's bare 404 says nothing about the model.
    expect(httpStatusError(404, '<html>Not Found</html>').isModelNotFound).toBe(false);
  });

  it('does not retry a daily quota that ran out, but does a per-minute one', () => {
    const daily = httpStatusError(429, dailyQuotaBody);
    expect(daily.isQuotaExhausted).toBe(true);
    expect(daily.isDailyQuotaExhausted).toBe(true);
    expect(daily.retryable).toBe(false);
    const perMinute = httpStatusError(429, quotaBody);
    expect(perMinute.isQuotaExhausted).toBe(true);
    expect(perMinute.retryable).toBe(true);
  });
});

describe('normalizeModelError', () => {
  it('turns the SDK ApiError into an http error with status and retry delay', () => {
    const error = normalizeModelError(new ApiError({ message: quotaBody, status: 429 }));
    expect(error).toBeInstanceOf(ModelRequestError);
    const e = error as ModelRequestError;
    expect(e.kind).toBe('http');
    expect(e.status).toBe(429);
    expect(e.retryDelayMs).toBe(3000);
    expect(e.retryable).toBe(true);
    expect(e.message).toBe(
      'The model API answered HTTP 429 RESOURCE_EXHAUSTED: Resource has been exhausted (e.g. check quota).',
    );
  });

  it('classifies fetch failures by their cause code: no connection made, or one that broke', () => {
    const kinds: Record<string, string> = {
      ENOTFOUND: 'unreachable',
      EAI_AGAIN: 'unreachable',
      ECONNREFUSED: 'unreachable',
      ETIMEDOUT: 'unreachable',
      UND_ERR_CONNECT_TIMEOUT: 'unreachable',
      ECONNRESET: 'network',
      UND_ERR_SOCKET: 'network',
    };
    for (const [code, kind] of Object.entries(kinds)) {
      const error = normalizeModelError(
        new TypeError('fetch failed', { cause: systemError(code) }),
      ) as ModelRequestError;
      expect(error.kind, code).toBe(kind);
      expect(error.retryable).toBe(true);
      expect(error.message).toContain(code);
    }
    // undici's own refusals carry no code: a port fetch will not use, a certificate refused.
    const badPort = normalizeModelError(
      new TypeError('fetch failed', { cause: new Error('bad port') }),
    ) as ModelRequestError;
    expect(badPort).toMatchObject({ kind: 'unreachable' });
    expect(badPort.message).toBe('Could not connect to the model API: fetch failed: bad port');
  });

  it('makes an error during a stream after chunks a stream_cut', () => {
    const error = normalizeModelError(new TypeError('terminated'), { chunksReceived: 2 });
    expect((error as ModelRequestError).kind).toBe('stream_cut');
    const parseError = normalizeModelError(new Error('Incomplete JSON segment at the end'), {
      chunksReceived: 0,
    });
    expect((parseError as ModelRequestError).kind).toBe('stream_cut');
  });

  it('keeps an HTTP error sent inside a stream an http error', () => {
    const error = normalizeModelError(new ApiError({ message: quotaBody, status: 429 }), {
      chunksReceived: 3,
    });
    expect((error as ModelRequestError).kind).toBe('http');
  });

  it('passes aborts and unrelated errors through unchanged', () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect(normalizeModelError(abort)).toBe(abort);
    expect(normalizeModelError(abort, { chunksReceived: 1 })).toBe(abort);
    const bug = new RangeError('bug');
    expect(normalizeModelError(bug)).toBe(bug);
  });
});

describe('httpStatusError', () => {
  it('falls back to the raw body when it is not a Google error', () => {
    const error = httpStatusError(502, '<html>Bad Gateway</html>');
    expect(error.status).toBe(502);
    expect(error.message).toBe('The model API answered HTTP 502: <html>Bad Gateway</html>');
    expect(error.retryable).toBe(true);
    expect(httpStatusError(400, '').retryable).toBe(false);
  });
});
