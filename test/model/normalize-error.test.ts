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
    });
  });

  it('accepts a body wrapped in an array and rejects non-error bodies', () => {
    expect(parseGoogleErrorBody(`[${quotaBody}]`)?.retryDelayMs).toBe(3000);
    expect(parseGoogleErrorBody('<html>502</html>')).toBeUndefined();
    expect(parseGoogleErrorBody({ candidates: [] })).toBeUndefined();
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

  it('classifies fetch failures by their cause code as network errors', () => {
    for (const code of ['ECONNRESET', 'ECONNREFUSED', 'UND_ERR_SOCKET', 'ETIMEDOUT']) {
      const error = normalizeModelError(
        new TypeError('fetch failed', { cause: systemError(code) }),
      ) as ModelRequestError;
      expect(error.kind).toBe('network');
      expect(error.retryable).toBe(true);
      expect(error.message).toContain(code);
    }
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
