// The model table against recorded `models.list` answers (test/fixtures/models-list/): what the
// weekly check reports, one line per difference, and what it must not report (previews, moving
// aliases, snapshots, speech/image/live variants, deprecated models the API dropped).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListedModel } from '../../src/model/list-models.js';
import { compareModelTable, looksStable } from '../../src/model/model-table-check.js';
import type { ModelTable } from '../../src/model/model-table.js';
import { MODEL_TABLE, parseModelTable } from '../../src/model/model-table.js';

interface Recorded {
  pages: { models?: ListedModel[]; nextPageToken?: string }[];
}

function recorded(name: string): ListedModel[] {
  const file = new URL(`../fixtures/models-list/${name}.json`, import.meta.url);
  const { pages } = JSON.parse(readFileSync(file, 'utf8')) as Recorded;
  return pages.flatMap((page) => page.models ?? []);
}

/** The week after the table was checked: nothing of the table shuts down within 30 days. */
const TODAY = new Date('2026-12-13T06:17:00Z');

/** A copy of the table with `change` applied, checked by the table's own schema. */
function tableWith(change: (raw: ModelTable) => void): ModelTable {
  const raw = structuredClone(MODEL_TABLE);
  change(raw);
  return parseModelTable(raw);
}

function withModel(listing: ListedModel[], name: string, change: Partial<ListedModel>) {
  return listing.map((model) =>
    model.name === `models/${name}` ? { ...model, ...change } : model,
  );
}

describe('the model table against models.list', () => {
  it('finds nothing when the API lists what the table says', () => {
    expect(compareModelTable(MODEL_TABLE, recorded('matching'), TODAY)).toEqual([]);
  });

  it('reports a retired default, and the alias that names it, once each', () => {
    const differences = compareModelTable(MODEL_TABLE, recorded('retired-default'), TODAY);
    expect(differences.map(({ kind, model }) => [kind, model])).toEqual([
      ['target-gone', 'gemini-4-hydrogen'],
      ['target-gone', 'gemini-4-hydrogen'],
    ]);
    expect(differences[0]?.line).toBe(
      "The default names `gemini-4-hydrogen`, which the API no longer lists: it may be retired or renamed. Check Google's deprecations page; mark it deprecated in the table (shutdown date, replacement) and point the default at a listed stable model by the table's rule.",
    );
    expect(differences[1]?.line).toMatch(/^The alias `flash` names `gemini-4-hydrogen`/);
  });

  it('reports a newer stable model of a known family, not its snapshot, preview or image variant', () => {
    const differences = compareModelTable(MODEL_TABLE, recorded('newer-model'), TODAY);
    expect(differences).toEqual([
      {
        kind: 'new-model',
        model: 'gemini-4-krypton',
        line: '`gemini-4-krypton` is listed by the API, looks stable and is of the known family gemini-4, but the table lacks it: add it with its stage, release date and sources, and see whether the default or an alias should move to it.',
      },
    ]);
  });

  it('ignores a stable-looking name of no known family, or one that cannot generate content', () => {
    const listing = [
      ...recorded('matching'),
      { ...recorded('matching')[0], name: 'models/gemini-5-xenon' },
      {
        ...recorded('newer-model')[0],
        supportedGenerationMethods: ['countTokens', 'bidiGenerateContent'],
      },
    ] as ListedModel[];
    // gemini-5 matches no family's pattern; krypton here only speaks the Live API.
    expect(compareModelTable(MODEL_TABLE, listing, TODAY)).toEqual([]);
  });

  it('reports a default or alias the table marks deprecated, or whose shutdown is within 30 days', () => {
    const routed = tableWith((raw) => {
      raw.aliases['flash-lite'] = 'gemini-3.7-flash';
    });
    expect(compareModelTable(routed, recorded('matching'), TODAY)).toEqual([
      {
        kind: 'target-retiring',
        model: 'gemini-3.7-flash',
        line: 'The alias `flash-lite` names `gemini-3.7-flash`, which is being retired: The model gemini-3.7-flash is deprecated: Google answers its requests with gemini-3.8-flash (https://ai.google.dev/gemini-api/docs/deprecations). Point it at a model that is not.',
      },
    ]);

    const closing = tableWith((raw) => {
      raw.aliases['flash-lite'] = 'gemini-3.1-flash-lite';
    });
    // gemini-3.1-flash-lite shuts down on 2027-05-07: quiet until 30 days before.
    expect(compareModelTable(closing, recorded('matching'), new Date('2027-04-06'))).toEqual([]);
    expect(
      compareModelTable(closing, recorded('matching'), new Date('2027-04-07')).map(
        (difference) => difference.line,
      ),
    ).toEqual([
      'The alias `flash-lite` names `gemini-3.1-flash-lite`, which is being retired: The model gemini-3.1-flash-lite shuts down on 2027-05-07, in 30 days (https://ai.google.dev/gemini-api/docs/deprecations). Point it at a model that is not.',
    ]);
  });

  it('reports what the metadata contradicts: thinking, token limits, generateContent', () => {
    let listing = recorded('matching');
    listing = withModel(listing, 'gemini-4-argon', { thinking: undefined });
    listing = withModel(listing, 'gemini-3.6-flash', { outputTokenLimit: 131072 });
    listing = withModel(listing, 'gemini-4-neon', { inputTokenLimit: 2097152 });
    listing = withModel(listing, 'gemini-3.8-flash', {
      supportedGenerationMethods: ['countTokens'],
    });
    const differences = compareModelTable(MODEL_TABLE, listing, TODAY);
    expect(differences.map((difference) => [difference.kind, difference.line])).toEqual([
      [
        'contradiction',
        "`gemini-4-neon`: the API reports an inputTokenLimit of 2,097,152, the rules of its family gemini-4 say 1,048,576. Correct the family's rules (or the model is not of this family).",
      ],
      [
        'contradiction',
        "`gemini-4-argon`: the API does not report thinking for it, but the table sends it a thinking setting (family gemini-4): a request may be refused. Give the model its own rules or correct the family's.",
      ],
      [
        'contradiction',
        '`gemini-3.8-flash` is listed without `generateContent` among its supportedGenerationMethods: a run on it would fail. Mark it deprecated or remove it from the table.',
      ],
      [
        'contradiction',
        "`gemini-3.6-flash`: the API reports an outputTokenLimit of 131,072, the rules of its family gemini-3 say 65,536. Correct the family's rules (or the model is not of this family).",
      ],
    ]);
  });

  it('checks a new stable model against its family’s rules too', () => {
    const listing = withModel(recorded('newer-model'), 'gemini-4-krypton', {
      outputTokenLimit: 131072,
    });
    expect(
      compareModelTable(MODEL_TABLE, listing, TODAY).map(({ kind, model }) => [kind, model]),
    ).toEqual([
      ['new-model', 'gemini-4-krypton'],
      ['contradiction', 'gemini-4-krypton'],
    ]);
  });

  it('takes a missing `thinking` as "does not think" only where the listing reports it at all', () => {
    const withoutField = recorded('matching').map(({ thinking: _, ...model }) => model);
    expect(compareModelTable(MODEL_TABLE, withoutField, TODAY)).toEqual([]);
  });

  it('reports thinking the family’s rules do not allow, and a temperature above the maximum', () => {
    const table = tableWith((raw) => {
      const family = raw.families.find((entry) => entry.name === 'gemini-2.5');
      if (family === undefined) throw new Error('no gemini-2.5 family');
      family.rules = { thinkingBudget: false, sampling: 'accepted' };
      delete family.thinkingBudget;
      family.sampling = { temperature: 2.5 };
      for (const model of raw.models.filter((entry) => entry.family === 'gemini-2.5')) {
        delete model.thinkingBudget;
      }
    });
    const listing = [
      ...recorded('matching'),
      { ...recorded('matching')[0], name: 'models/gemini-2.5-pro', version: '2.5' },
    ] as ListedModel[];
    expect(compareModelTable(table, listing, TODAY).map((difference) => difference.line)).toEqual([
      "`gemini-2.5-pro`: the API reports that it thinks, but the rules of its family gemini-2.5 take neither thinking levels nor a budget. Correct the family's rules.",
      "`gemini-2.5-pro`: the table sends temperature 2.5 (family gemini-2.5), above the maxTemperature of 2 the API reports. Correct the family's sampling.",
    ]);
  });

  it('lists stable and preview table models the API dropped, not deprecated ones', () => {
    const listing = recorded('matching').filter(
      (model) =>
        ![
          'models/gemini-3-flash-preview',
          'models/gemini-3.6-flash',
          'models/gemini-3.7-flash',
        ].includes(model.name),
    );
    expect(
      compareModelTable(MODEL_TABLE, listing, TODAY).map((difference) => difference.line),
    ).toEqual([
      "`gemini-3.6-flash` (stable in the table) is not in the API's model list: if Google's deprecations page says it is retired, mark it deprecated with its shutdown date and replacement.",
      "`gemini-3-flash-preview` (preview in the table) is not in the API's model list: if Google's deprecations page says it is retired, mark it deprecated with its shutdown date and replacement.",
    ]);
  });

  it('never echoes a listed name that is not shaped like a model name', () => {
    const listing = [
      ...recorded('matching'),
      { ...recorded('matching')[0], name: 'models/gemini-4-x](https://evil.example)' },
      { ...recorded('matching')[0], name: 'models/gemini-4-`code`' },
    ] as ListedModel[];
    expect(compareModelTable(MODEL_TABLE, listing, TODAY)).toEqual([]);
  });
});

describe('which listed names look stable', () => {
  it.each([
    'gemini-4-krypton',
    'gemini-3.8-flash',
    'gemini-3.5-flash-lite',
    'models/gemini-2.5-pro',
    'gemini-4',
  ])('%s does', (name) => {
    expect(looksStable(name)).toBe(true);
  });

  // Names models.list has given: previews, experiments, moving aliases, snapshots and variants.
  it.each([
    'gemini-3-pro-preview',
    'gemini-3.1-pro-preview',
    'gemini-2.0-flash-exp',
    'gemini-exp-1206',
    'gemini-flash-latest',
    'gemini-2.0-flash-001',
    'gemini-2.0-flash-lite-preview-02-05',
    'gemini-2.5-flash-preview-09-2025',
    'gemini-2.5-flash-preview-tts',
    'gemini-2.0-flash-live-001',
    'gemini-live-2.5-flash-preview',
    'gemini-2.5-flash-image',
    'gemini-2.0-flash-exp-image-generation',
    'gemini-2.5-flash-native-audio-latest',
    'gemini-2.5-flash-preview-native-audio-dialog',
    'gemini-2.5-computer-use-preview-10-2025',
    'gemini-robotics-er-1.5-preview',
    'gemini-2.0-flash-thinking-exp-01-21',
    'gemini-embedding-001',
  ])('%s does not', (name) => {
    expect(looksStable(name)).toBe(false);
  });
});
