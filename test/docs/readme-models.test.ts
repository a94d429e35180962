// The README's model and key facts against the one place they come from: the model table
// (src/model/model-table.json) and the shapes redaction knows. A model renamed in the table
// fails here until the README says the same.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FALLBACK_MODEL,
  DEFAULT_MODEL,
  MODEL_TABLE,
  familyOf,
  generationConfigFor,
} from '../../src/model/model-table.js';
import { SHUTDOWN_WARNING_DAYS } from '../../src/model/model-notices.js';
import { createRedactor } from '../../src/platform/redaction.js';
import { parse } from 'yaml';
import { parseCliArgs } from '../../src/cli/args.js';
import {
  MODEL_TABLE_ISSUE_LABEL,
  MODEL_TABLE_ISSUE_TITLE,
} from '../../src/github/model-table-issue.js';
import { section } from './markdown.js';

const readme = await readFile(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

function sectionOf(heading: string): string {
  const text = section(readme, heading);
  if (text === undefined) throw new Error(`README.md has no "${heading}" section`);
  return text;
}

describe('README: Models', () => {
  const models = sectionOf('Models');

  it('names the default and every alias as the table does', () => {
    expect(models).toContain(`The default model is **\`${DEFAULT_MODEL}\`**`);
    expect(models).toContain(`goes on once with\n**\`${DEFAULT_FALLBACK_MODEL}\`**`);
    const rows = [...models.matchAll(/^\| `([\w-]+)` +\| `([\w.-]+)` +\|/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(Object.fromEntries(rows)).toEqual(MODEL_TABLE.aliases);
  });

  it('states the settings the table sends, and cites the pages they come from', () => {
    expect(models).toContain(
      `\`thinkingLevel\` (\`${String(generationConfigFor(DEFAULT_MODEL).thinkingConfig?.thinkingLevel)}\`;`,
    );
    const budget = generationConfigFor('gemini-2.5-flash-lite').thinkingConfig?.thinkingBudget;
    expect(models).toContain(
      `\`thinkingBudget\` of ${(budget ?? 0).toLocaleString('en-US')} tokens`,
    );
    const gemini4 = familyOf('gemini-4-krypton');
    const bullet = (/- \*\*Gemini 4\*\*[\s\S]*?(?=\n- )/.exec(models)?.[0] ?? '').replace(
      /\s+/g,
      ' ',
    );
    expect(bullet).toContain(`get a \`thinkingLevel\` (\`${String(gemini4?.thinkingLevel)}\`;`);
    for (const level of gemini4?.rules.thinkingLevels ?? [])
      expect(bullet).toContain(`\`${level}\``);
    expect(gemini4?.rules).toMatchObject({
      thinkingBudget: false,
      sampling: 'ignored',
      maxCandidates: 1,
    });
    expect(bullet).toContain(
      '**no** `thinkingBudget`, no `temperature`, `topP` or `topK`, and one candidate',
    );
    expect(bullet).toContain(
      `One ${(gemini4?.rules.inputTokenLimit ?? 0).toLocaleString('en-US')}-token window`,
    );
    expect(bullet).toContain(
      `longer than ${(gemini4?.rules.outputTokenLimit ?? 0).toLocaleString('en-US')} tokens`,
    );
    expect(models).toContain(`is ${SHUTDOWN_WARNING_DAYS} days away or less`);
    const sources = ['models', 'deprecations', 'thinking', 'gemini3', 'gemini4', 'gemini4Hydrogen'];
    for (const source of sources) {
      expect(models, source).toContain(MODEL_TABLE.sources[source]);
    }
  });
});

describe('README: Authentication', () => {
  const auth = sectionOf('Authentication');

  it('covers both key shapes, each of which redaction recognises, with the source', () => {
    expect(auth).toContain('starting with `AQ.`');
    expect(auth).toContain('starting with `AIza`');
    expect(auth).toContain('https://ai.google.dev/gemini-api/docs/api-key');
    const redact = createRedactor().redact;
    expect(redact('AQ.Ab8RN6LmZq3vT0xKp_7sYc2dWfH9uJeB-4gNaQiX')).toBe('***');
    expect(redact('AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY')).toBe('***');
  });

  it('names every variable google-github-actions/auth points at its credentials file', () => {
    for (const name of [
      'GOOGLE_APPLICATION_CREDENTIALS',
      'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
      'GOOGLE_GHA_CREDS_PATH',
    ]) {
      expect(auth).toContain(`\`${name}\``);
    }
    expect(auth).toContain('test/model/workload-identity.test.ts');
  });
});

describe('README: the weekly check and request storage', () => {
  it('names the workflow and the issue the check keeps, as the check does', () => {
    const models = sectionOf('Models');
    expect(
      existsSync(path.resolve(import.meta.dirname, '../../.github/workflows/models.yml')),
    ).toBe(true);
    expect(models).toContain('(.github/workflows/models.yml)');
    expect(models).toContain(`"${MODEL_TABLE_ISSUE_TITLE}" (label \`${MODEL_TABLE_ISSUE_LABEL}\`)`);
  });

  it('says requests are not stored, with the input and the flag that exist', async () => {
    const security = sectionOf('Security model').replace(/\s+/g, ' ');
    expect(security).toContain('says `store=false`');
    expect(security).toContain('`store_requests: true` (Action) or pass `--store-requests`');
    const action = parse(
      await readFile(path.resolve(import.meta.dirname, '../../action.yml'), 'utf8'),
    ) as { inputs: Record<string, { default?: string }> };
    expect(action.inputs['store_requests']?.default).toBe('false');
    expect(parseCliArgs(['-p', 'x', '--store-requests']).storeRequests).toBe(true);
    expect(parseCliArgs(['-p', 'x']).storeRequests).toBe(false);
    expect(security).toContain('https://ai.google.dev/gemini-api/docs/logs-datasets');
  });
});

describe('README: cost and the cost cap', () => {
  const cost = sectionOf('Cost and the cost cap').replace(/\s+/g, ' ');

  it('names exactly the models the table has list prices for, and the default as unpriced', () => {
    const priced = MODEL_TABLE.models.filter((model) => model.price !== undefined);
    const names = priced.map((model) => `\`${model.name}\``);
    const listed = `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
    expect(cost).toContain(`the table has list prices for ${listed} only`);
    expect(priced.map((model) => model.name)).not.toContain(DEFAULT_MODEL);
    expect(cost).toContain('the default among them, is shown as **unknown**, never as 0');
  });

  it('names the cap input, the flag and the output that exist', async () => {
    const action = parse(
      await readFile(path.resolve(import.meta.dirname, '../../action.yml'), 'utf8'),
    ) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
    expect(cost).toContain('`max_cost_usd: 0.50` (the Action) or `--max-cost 0.50`');
    expect(Object.keys(action.inputs)).toContain('max_cost_usd');
    expect(Object.keys(action.outputs)).toContain('cost_usd');
    expect(parseCliArgs(['-p', 'x', '--max-cost', '0.50']).maxCostUsd).toBe(0.5);
  });
});
