// `models.list` read to the end or not at all: every page, the key in a header only, and one
// line for an answer that is not the list (so a partial list never passes for the API's).
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { listModels, ModelListError } from '../../src/model/list-models.js';

afterEach(() => {
  nock.cleanAll();
});

const GEMINI = 'https://generativelanguage.googleapis.com';
const KEY = 'AIzaSyTEST-list-models-0123456789abcd';

function model(name: string) {
  return {
    name: `models/${name}`,
    version: '001',
    displayName: name,
    inputTokenLimit: 1048576,
    outputTokenLimit: 65536,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
    thinking: true,
  };
}

describe('listModels', () => {
  it('reads every page, with the key in x-goog-api-key and never in the URL', async () => {
    const urls: string[] = [];
    const scope = nock(GEMINI, { reqheaders: { 'x-goog-api-key': KEY } })
      .get('/v1beta/models')
      .query({ pageSize: '1000' })
      .reply(function () {
        urls.push(this.req.path);
        return [200, { models: [model('gemini-4-argon')], nextPageToken: 'page-2' }];
      })
      .get('/v1beta/models')
      .query({ pageSize: '1000', pageToken: 'page-2' })
      .reply(function () {
        urls.push(this.req.path);
        return [200, { models: [model('gemini-4-neon')], nextPageToken: '' }];
      });
    const models = await listModels({ apiKey: KEY });
    expect(scope.isDone()).toBe(true);
    expect(models.map((entry) => entry.name)).toEqual([
      'models/gemini-4-argon',
      'models/gemini-4-neon',
    ]);
    expect(urls.join(' ')).not.toContain(KEY);
  });

  it('refuses an answer that is not the list, in one line', async () => {
    nock(GEMINI)
      .get('/v1beta/models')
      .query(true)
      .reply(200, { models: [{ name: 'models/gemini-4-argon', inputTokenLimit: 'many' }] });
    await expect(listModels({ apiKey: KEY })).rejects.toThrow(
      "The Gemini API's model list from https://generativelanguage.googleapis.com/v1beta/models was not in the shape https://ai.google.dev/api/models documents (models.0.inputTokenLimit: Invalid input: expected number, received string).",
    );

    nock(GEMINI).get('/v1beta/models').query(true).reply(200, '<html>proxy</html>');
    await expect(listModels({ apiKey: KEY })).rejects.toThrow(
      "The Gemini API's model list from https://generativelanguage.googleapis.com/v1beta/models was not JSON (HTTP 200).",
    );
  });

  it('gives up on a page token that never ends, and says busy for a 503', async () => {
    nock(GEMINI)
      .get('/v1beta/models')
      .query(true)
      .times(50)
      .reply(200, { models: [], nextPageToken: 'again' });
    await expect(listModels({ apiKey: KEY })).rejects.toThrow(/went on for more than 50 pages/);

    nock(GEMINI).get('/v1beta/models').query(true).reply(503, 'unavailable');
    const error = await listModels({ apiKey: KEY }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ModelListError);
    expect((error as ModelListError).status).toBe(503);
    expect((error as ModelListError).message).toBe(
      'The Gemini API refused to list its models at https://generativelanguage.googleapis.com/v1beta/models: HTTP 503. The API is busy or failing; run the check again later.',
    );
  });
});
