// The hook that starts work needed only once the model has answered (a sandbox's set-up): through
// the real @google/genai client against the fake Gemini server.
import type { GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { onFirstRequest } from '../../src/model/first-request.js';
import { collect, genaiClientFor, textReply, useFakeGemini } from '../support/fake-gemini.js';

const request: GenerateContentParameters = { model: 'gemini-2.5-flash', contents: 'Hi' };

describe('onFirstRequest', () => {
  it('calls back once, when the first request has been sent, whatever kind the later ones are', async () => {
    const server = await useFakeGemini([textReply('One'), textReply('Two')]);
    let calls = 0;
    const generator = onFirstRequest(genaiClientFor(server), () => {
      calls += 1;
    });
    expect(calls).toBe(0);

    const answer = generator.generateContentStream(request, 'p1');
    expect(calls).toBe(1);
    expect(partsText(await collect(await answer))).toBe('One');
    const second = await generator.generateContent(request, 'p2');
    expect(second.text).toBe('Two');
    await generator.countTokens({ model: request.model, contents: 'Hi' });
    expect(calls).toBe(1);
    expect(server.requests.map((r) => r.rpc)).toEqual([
      'streamGenerateContent',
      'generateContent',
      'countTokens',
    ]);
  });

  it('calls back for a first request that fails, and passes the failure on', async () => {
    const server = await useFakeGemini([]);
    let calls = 0;
    const generator = onFirstRequest(genaiClientFor(server), () => {
      calls += 1;
    });
    await expect(generator.generateContent(request, 'p1')).rejects.toThrow();
    expect(calls).toBe(1);
  });
});

function partsText(chunks: readonly { text?: string | undefined }[]): string {
  return chunks.map((chunk) => chunk.text ?? '').join('');
}
