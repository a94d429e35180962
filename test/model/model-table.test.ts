// The model table (src/model/model-table.json): what it holds, what a broken copy of it is told,
// and what generation settings each kind of model gets. What the API actually receives for each
// model is checked through the CLI in test/cli/run-cli-models.test.ts.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MODEL,
  MODEL_TABLE,
  describeAliases,
  familyOf,
  findModel,
  generationConfigFor,
  parseModelTable,
  resolveModelAlias,
} from '../../src/model/model-table.js';

/** The shipped table, changed by `edit`: for the checks a broken data file must fail. */
function tableWith(edit: (table: Record<string, unknown>) => void): unknown {
  const table = structuredClone(MODEL_TABLE) as unknown as Record<string, unknown>;
  edit(table);
  return table;
}

describe('the model table', () => {
  it('defaults to a stable model it lists, and cites where its facts come from', () => {
    expect(findModel(DEFAULT_MODEL)?.stage).toBe('stable');
    expect(MODEL_TABLE.defaultReason).toMatch(/Sources: \w/);
    for (const url of Object.values(MODEL_TABLE.sources)) expect(url).toMatch(/^https:\/\//);
    expect(MODEL_TABLE.sources['models']).toBe('https://ai.google.dev/gemini-api/docs/models');
  });

  it('resolves the aliases pro, flash and flash-lite to models it lists', () => {
    expect(Object.keys(MODEL_TABLE.aliases).sort()).toEqual(['flash', 'flash-lite', 'pro']);
    for (const alias of ['pro', 'flash', 'flash-lite']) {
      const { name } = resolveModelAlias(alias);
      expect(findModel(name), alias).toBeDefined();
    }
    expect(resolveModelAlias(' Flash ')).toEqual({ name: DEFAULT_MODEL, alias: 'flash' });
    expect(resolveModelAlias('gemini-3.7-flash')).toEqual({ name: 'gemini-3.7-flash' });
    expect(describeAliases()).toMatch(
      /^pro = gemini-[\w.-]+, flash = gemini-[\w.-]+, flash-lite = /,
    );
  });

  it('is not a whitelist: a name it lacks keeps its family, or gets no family at all', () => {
    expect(findModel('gemini-3.9-flash')).toBeUndefined();
    expect(familyOf('gemini-3.9-flash')?.name).toBe('gemini-3');
    expect(familyOf('models/gemini-2.5-flash-lite')?.name).toBe('gemini-2.5');
    expect(familyOf('gemini-4-krypton')?.name).toBe('gemini-4');
    expect(familyOf('gemini-5-ultra')).toBeUndefined();
    expect(familyOf('gemma-3-27b-it')).toBeUndefined();
  });

  it.each<[string, (table: Record<string, unknown>) => void, RegExp]>([
    [
      'a preview default',
      (t) => (t['default'] = 'gemini-3.1-pro-preview'),
      /the default gemini-3.1-pro-preview must be a stable model/,
    ],
    [
      'an alias to a model it lacks',
      (t) => (t['aliases'] = { pro: 'gemini-9-pro' }),
      /alias pro names gemini-9-pro, which is not in the table/,
    ],
    [
      'a model outside its family',
      (t) => {
        Object.assign((t['models'] as object[])[0] ?? {}, { family: 'gemini-2.5' });
      },
      /does not match the pattern of its family gemini-2\.5/,
    ],
    [
      'a thinking level and a budget at once',
      (t) => {
        Object.assign((t['families'] as object[])[1] ?? {}, { thinkingBudget: 1024 });
      },
      /gemini-3 sets both thinkingLevel and thinkingBudget/,
    ],
    [
      'a thinking budget for a family that rejects one',
      (t) => {
        Object.assign((t['families'] as object[])[0] ?? {}, {
          thinkingLevel: undefined,
          thinkingBudget: 1024,
        });
      },
      /gemini-4 sends a thinkingBudget, which its family rejects/,
    ],
    [
      'a level its family does not accept',
      (t) => {
        Object.assign((t['families'] as object[])[0] ?? {}, { thinkingLevel: 'MINIMAL' });
      },
      /gemini-4 sends thinkingLevel MINIMAL, which its family does not accept/,
    ],
    [
      'sampling parameters for a family that ignores them',
      (t) => {
        Object.assign((t['families'] as object[])[0] ?? {}, { sampling: { temperature: 0 } });
      },
      /gemini-4 sends sampling parameters, which its family ignores/,
    ],
    [
      'price tiers out of order',
      (t) => {
        Object.assign((t['models'] as object[])[0] ?? {}, {
          price: {
            source: 'pricing',
            tiers: [
              { promptTokensUpTo: 200000, input: 1, output: 2 },
              { promptTokensUpTo: 100000, input: 2, output: 4 },
            ],
          },
        });
      },
      /price tiers must rise in promptTokensUpTo/,
    ],
    [
      'a price from a page it does not cite',
      (t) => {
        Object.assign((t['models'] as object[])[0] ?? {}, {
          price: { source: 'a-blog', tiers: [{ input: 1, output: 2 }] },
        });
      },
      /its price source a-blog is not in sources/,
    ],
    [
      'a deprecated model with neither a shutdown date nor routing',
      (t) => {
        Object.assign((t['models'] as object[])[0] ?? {}, { stage: 'deprecated' });
      },
      /is deprecated but has neither a shutdown date nor routed requests/,
    ],
    [
      'an unknown thinking level',
      (t) => {
        Object.assign((t['families'] as object[])[0] ?? {}, { thinkingLevel: 'EXTREME' });
      },
      /families\.0\.thinkingLevel/,
    ],
  ])('refuses %s', (_what, edit, message) => {
    expect(() => parseModelTable(tableWith(edit))).toThrow(message);
  });
});

describe('generation settings per family', () => {
  it('gives Gemini 3 a thinking level and no sampling parameters', () => {
    for (const name of ['gemini-3.8-flash', 'gemini-3.1-pro-preview', 'gemini-3.9-flash']) {
      const config = generationConfigFor(name);
      expect(config, name).toEqual({
        thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' },
      });
    }
    // A model's own level replaces its family's.
    expect(generationConfigFor('gemini-3.5-flash-lite').thinkingConfig).toEqual({
      includeThoughts: true,
      thinkingLevel: 'LOW',
    });
  });

  it('gives Gemini 2.5 a thinking budget and deterministic sampling', () => {
    expect(generationConfigFor('gemini-2.5-flash-lite')).toEqual({
      temperature: 0,
      topP: 1,
      thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 },
    });
  });

  it('gives Gemini 4 a thinking level it accepts, no budget, no sampling, one candidate', () => {
    // A Gemini 4 model the table lacks gets its family's rules from its name.
    for (const name of ['gemini-4-hydrogen', 'gemini-4-argon', 'gemini-4-krypton']) {
      expect(generationConfigFor(name), name).toEqual({
        thinkingConfig: { includeThoughts: true, thinkingLevel: 'HIGH' },
      });
    }
    const rules = familyOf('gemini-4-neon')?.rules;
    expect(rules).toMatchObject({ thinkingBudget: false, sampling: 'ignored', maxCandidates: 1 });
    expect(rules?.thinkingLevels).toEqual(['LOW', 'MEDIUM', 'HIGH', 'XHIGH']);
  });

  it('sends nothing to a model of no known family: the API defaults fit any model', () => {
    expect(generationConfigFor('gemini-5-ultra')).toEqual({});
    expect(generationConfigFor('gemini-2.0-flash')).toEqual({});
  });
});
