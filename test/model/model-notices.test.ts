// What a run says about its model: a model being shut down (from the model table, against the
// day of the run) and a model that answered in place of the one asked for.
import { describe, expect, it } from 'vitest';
import {
  apiLifecycleNotice,
  lifecycleNotice,
  routedNotice,
} from '../../src/model/model-notices.js';
import { MODEL_TABLE, parseModelTable } from '../../src/model/model-table.js';

/** The shipped table with one model of each lifecycle, on fixed dates. */
const table = parseModelTable({
  ...MODEL_TABLE,
  default: 'gemini-3.8-flash',
  defaultFallback: 'gemini-3.8-flash',
  aliases: {},
  models: [
    { name: 'gemini-3.8-flash', family: 'gemini-3', stage: 'stable', released: '2026-09-02' },
    {
      name: 'gemini-3.6-flash',
      family: 'gemini-3',
      stage: 'stable',
      released: '2026-07-21',
      shutdown: '2026-12-20',
      replacement: 'gemini-3.8-flash',
    },
    {
      name: 'gemini-3.5-flash',
      family: 'gemini-3',
      stage: 'deprecated',
      released: '2026-05-19',
      routed: true,
      replacement: 'gemini-3.6-flash',
    },
    {
      name: 'gemini-2.5-pro',
      family: 'gemini-2.5',
      stage: 'deprecated',
      released: '2025-06-17',
      shutdown: '2027-03-01',
      replacement: 'gemini-3.8-flash',
    },
  ],
});
const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('the lifecycle notice', () => {
  it('warns of a deprecated model whatever its date, naming the replacement and the source', () => {
    expect(lifecycleNotice('gemini-2.5-pro', day('2026-12-06'), table)).toBe(
      'The model gemini-2.5-pro is deprecated and shuts down on 2027-03-01, in 85 days; Google recommends gemini-3.8-flash (https://ai.google.dev/gemini-api/docs/deprecations).',
    );
  });

  it('warns of a stable model only within 30 days of its shutdown', () => {
    expect(lifecycleNotice('gemini-3.6-flash', day('2026-11-19'), table)).toBeUndefined();
    expect(lifecycleNotice('gemini-3.6-flash', day('2026-11-20'), table)).toMatch(
      /^The model gemini-3\.6-flash shuts down on 2026-12-20, in 30 days; Google recommends gemini-3\.8-flash/,
    );
    expect(lifecycleNotice('gemini-3.6-flash', day('2026-12-19'), table)).toMatch(/in 1 day;/);
    expect(lifecycleNotice('gemini-3.6-flash', day('2026-12-21'), table)).toMatch(
      /^The model gemini-3\.6-flash was shut down on 2026-12-20;/,
    );
  });

  it('says a deprecated model is answered by its replacement when Google routes it', () => {
    expect(lifecycleNotice('gemini-3.5-flash', day('2026-12-06'), table)).toBe(
      'The model gemini-3.5-flash is deprecated: Google answers its requests with gemini-3.6-flash (https://ai.google.dev/gemini-api/docs/deprecations).',
    );
  });

  it('says nothing of a current model or one the table does not know', () => {
    expect(lifecycleNotice('gemini-3.8-flash', day('2026-12-06'), table)).toBeUndefined();
    expect(lifecycleNotice('gemini-9-flash', day('2026-12-06'), table)).toBeUndefined();
  });
});

describe('the routing notice', () => {
  it('names the model that answered when it is another', () => {
    expect(routedNotice('gemini-flash-latest', 'gemini-4-hydrogen')).toBe(
      'The model gemini-flash-latest was asked for, and gemini-4-hydrogen answered (the API routed the request to it).',
    );
    expect(routedNotice('gemini-3.8-flash', 'models/gemini-3.7-flash')).toMatch(
      /and gemini-3\.7-flash answered/,
    );
  });

  it('says nothing when the same model answered, with or without a version suffix', () => {
    expect(routedNotice('gemini-3.8-flash', 'gemini-3.8-flash')).toBeUndefined();
    expect(routedNotice('models/gemini-3.8-flash', 'gemini-3.8-flash-001')).toBeUndefined();
    expect(routedNotice('gemini-3.8-flash', undefined)).toBeUndefined();
    expect(routedNotice('gemini-3.8-flash', 'gemini-3.8-flash-lite')).toMatch(/answered/);
  });
});

describe("the API's own lifecycle notice", () => {
  it('warns of a leaving stage or a retirement within 30 days, with the API message', () => {
    const today = day('2026-12-06');
    expect(
      apiLifecycleNotice('models/gemini-4-hydrogen', { modelStage: 'DEPRECATED' as never }, today),
    ).toBe('The API reports the model gemini-4-hydrogen as deprecated.');
    expect(
      apiLifecycleNotice(
        'gemini-4-hydrogen',
        { retirementTime: '2026-12-20T08:00:00Z', message: 'Migrate to gemini-4-neon. ' },
        today,
      ),
    ).toBe(
      'The API reports the model gemini-4-hydrogen retiring on 2026-12-20: Migrate to gemini-4-neon.',
    );
  });

  it('says nothing of a stable model, a far retirement, or no status', () => {
    const today = day('2026-12-06');
    expect(apiLifecycleNotice('m', { modelStage: 'STABLE' as never }, today)).toBeUndefined();
    expect(
      apiLifecycleNotice('m', { retirementTime: '2027-06-01T00:00:00Z' }, today),
    ).toBeUndefined();
    expect(apiLifecycleNotice('m', { retirementTime: 'soon' }, today)).toBeUndefined();
    expect(apiLifecycleNotice('m', undefined, today)).toBeUndefined();
  });
});
