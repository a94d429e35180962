import { GenerateContentResponse } from '../../src/model/genai-values.js';
import { describe, expect, it } from 'vitest';
import {
  fromCodeAssistResponse,
  toCodeAssistRequest,
  toContents,
} from '../../src/model/code-assist-converter.js';
import { ModelRequestError } from '../../src/model/errors.js';

describe('toContents', () => {
  it('turns every form of contents into Content[]', () => {
    expect(toContents('hi')).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
    expect(toContents({ text: 'part' })).toEqual([{ role: 'user', parts: [{ text: 'part' }] }]);
    expect(toContents(['a', { text: 'b' }])).toEqual([
      { role: 'user', parts: [{ text: 'a' }, { text: 'b' }] },
    ]);
    const history = [
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ text: 'a', thoughtSignature: 's' }] },
    ];
    expect(toContents(history)).toEqual(history);
    expect(toContents({ role: 'user', parts: [{ text: 'one' }] })).toEqual([
      { role: 'user', parts: [{ text: 'one' }] },
    ]);
  });
});

describe('toCodeAssistRequest', () => {
  it('moves every generation field into generationConfig and keeps request-level fields apart', () => {
    const body = toCodeAssistRequest(
      {
        model: 'm',
        contents: 'x',
        config: {
          systemInstruction: { role: 'system', parts: [{ text: 'sys' }] },
          cachedContent: 'cachedContents/1',
          safetySettings: [],
          temperature: 0.2,
          topK: 3,
          maxOutputTokens: 100,
          stopSequences: ['END'],
          seed: 7,
          responseMimeType: 'application/json',
          responseJsonSchema: { type: 'object' },
          candidateCount: 1,
          presencePenalty: 0.1,
          frequencyPenalty: 0.2,
        },
      },
      { promptId: 'p' },
    );
    expect(body).toEqual({
      model: 'm',
      user_prompt_id: 'p',
      request: {
        contents: [{ role: 'user', parts: [{ text: 'x' }] }],
        systemInstruction: { role: 'system', parts: [{ text: 'sys' }] },
        cachedContent: 'cachedContents/1',
        safetySettings: [],
        generationConfig: {
          temperature: 0.2,
          topK: 3,
          maxOutputTokens: 100,
          stopSequences: ['END'],
          seed: 7,
          responseMimeType: 'application/json',
          responseJsonSchema: { type: 'object' },
          candidateCount: 1,
          presencePenalty: 0.1,
          frequencyPenalty: 0.2,
        },
      },
    });
    expect('project' in body).toBe(false);
  });

  it('leaves generationConfig out when the config has no generation fields', () => {
    const body = toCodeAssistRequest(
      { model: 'm', contents: 'x', config: { abortSignal: new AbortController().signal } },
      { promptId: 'p', project: 'proj', sessionId: 's' },
    );
    expect(body.request).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'x' }] }],
      session_id: 's',
    });
  });
});

describe('fromCodeAssistResponse', () => {
  it('unwraps the response and uses the trace id as response id', () => {
    const response = fromCodeAssistResponse({
      response: { candidates: [{ content: { role: 'model', parts: [{ text: 'hi' }] } }] },
      traceId: 'trace-1',
    });
    expect(response).toBeInstanceOf(GenerateContentResponse);
    expect(response.text).toBe('hi');
    expect(response.responseId).toBe('trace-1');
  });

  it('gives a chunk without candidates an empty list', () => {
    const response = fromCodeAssistResponse({
      response: { automaticFunctionCallingHistory: [] },
    });
    expect(response.candidates).toEqual([]);
  });

  it('turns an error object sent in the stream into an http error', () => {
    expect(() => fromCodeAssistResponse({ error: { code: 503, message: 'overloaded' } })).toThrow(
      ModelRequestError,
    );
    try {
      fromCodeAssistResponse({ error: { code: 503, message: 'overloaded' } });
    } catch (error) {
      expect(error).toMatchObject({ kind: 'http', status: 503 });
      expect((error as Error).message).toBe('Code Assist reported an error (503): overloaded');
    }
    expect(() => fromCodeAssistResponse([1])).toThrow(/not a JSON object/);
  });
});
