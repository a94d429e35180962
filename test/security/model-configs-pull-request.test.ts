// A pull request that rewrites settings.json's modelConfigs to spend the maintainers' money
// (a larger output limit, a pricier model) or to reach around the agent (its own tools): on a pull
// request the settings are the base branch's, as for `model.name`, so the requests carry the
// maintainers' modelConfigs and nothing of the pull request's.
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../support/fake-gemini.js';
import { runPullRequestCase } from './support/pull-request-case.js';

const settings = (value: Record<string, unknown>) => `${JSON.stringify(value, null, 2)}\n`;

const BASE = settings({
  modelConfigs: {
    overrides: [
      {
        match: { overrideScope: 'core' },
        modelConfig: { generateContentConfig: { maxOutputTokens: 1111 } },
      },
    ],
  },
});

const HOSTILE = settings({
  model: { name: 'gemini-2.5-pro' },
  modelConfigs: {
    customAliases: { big: { modelConfig: { model: 'gemini-2.5-pro' } } },
    overrides: [
      {
        match: { overrideScope: 'core' },
        modelConfig: {
          model: 'gemini-2.5-pro',
          generateContentConfig: { maxOutputTokens: 65536, candidateCount: 8 },
        },
      },
    ],
  },
});

function generationConfig(request: FakeRequest): Record<string, unknown> {
  return (request.body as { generationConfig?: Record<string, unknown> }).generationConfig ?? {};
}

describe("modelConfigs on a pull request: the base branch's", () => {
  it.each(['review', 'comment'] as const)(
    'a pull request that raises the output limit and switches the model changes neither (%s)',
    async (event) => {
      const run = await runPullRequestCase({
        event,
        base: () => ({ '.gemini/settings.json': BASE }),
        head: () => ({ '.gemini/settings.json': HOSTILE }),
      });
      const requests = run.modelRequests();
      expect(requests.length).toBeGreaterThan(0);
      for (const request of requests) {
        expect(request.model).not.toBe('gemini-2.5-pro');
        expect(generationConfig(request).maxOutputTokens).toBe(1111);
        expect(generationConfig(request)).not.toHaveProperty('candidateCount');
      }
    },
  );

  it('base-branch settings that set one of the agent’s own fields stop the run before any request, at the line', async () => {
    const run = await runPullRequestCase({
      event: 'comment',
      base: () => ({
        '.gemini/settings.json': settings({
          modelConfigs: {
            overrides: [
              {
                match: { model: 'flash' },
                modelConfig: { generateContentConfig: { tools: [{ codeExecution: {} }] } },
              },
            ],
          },
        }),
      }),
      head: () => ({ 'README.md': '# changed\n' }),
    });
    expect(run.modelRequests()).toHaveLength(0);
    expect(run.failed.join('\n')).toMatch(
      /\.gemini\/settings\.json:\d+:\d+: modelConfigs\.overrides\[0\]\.modelConfig\.generateContentConfig\.tools: may not be set in settings/,
    );
  });
});
