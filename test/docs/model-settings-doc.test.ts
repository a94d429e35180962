// docs/model-settings.md against the code it describes: the fields a settings file may not set,
// and the scopes of the agents this product ships.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSED_GENERATION_FIELDS } from '../../src/config/model-configs-settings.js';
import { MAIN_AGENT_SCOPE } from '../../src/model/model-configs.js';
import {
  CODEBASE_INVESTIGATOR_AGENT_NAME,
  REVIEWER_AGENT_NAME,
  VERIFIER_AGENT_NAME,
} from '../../src/tools/reserved-names.js';
import { parseAgentSettings } from '../../src/config/settings.js';
import { chooseModel } from '../../src/model/model-choice.js';
import { resolveModelConfig } from '../../src/model/model-configs.js';
import { codeBlocks, section } from './markdown.js';

const doc = await readFile(
  path.resolve(import.meta.dirname, '../../docs/model-settings.md'),
  'utf8',
);

function sectionOf(heading: string): string {
  const text = section(doc, heading);
  if (text === undefined) throw new Error(`docs/model-settings.md has no "${heading}" section`);
  return text;
}

describe('docs/model-settings.md', () => {
  it('lists exactly the fields settings may not set', () => {
    const rows = [...sectionOf('Fields the agent sets itself').matchAll(/^\| `(\w+)` +\|/gm)].map(
      (match) => match[1],
    );
    expect(rows.sort()).toEqual([...REFUSED_GENERATION_FIELDS].sort());
  });

  it("names the main agent's scope and every built-in subagent's", () => {
    const scopes = sectionOf('Scopes: the main agent and subagents');
    for (const name of [
      MAIN_AGENT_SCOPE,
      CODEBASE_INVESTIGATOR_AGENT_NAME,
      REVIEWER_AGENT_NAME,
      VERIFIER_AGENT_NAME,
    ]) {
      expect(scopes).toContain(`\`${name}\``);
    }
  });

  it('means what it says of its example', () => {
    const [example] = codeBlocks(sectionOf('An example')).filter((block) => block.lang === 'json');
    const settings = parseAgentSettings(JSON.parse(example?.text ?? '{}'), {
      source: '.gemini/settings.json',
      env: {},
    });
    const configs = settings.modelConfigs;
    expect(
      chooseModel([{ value: settings.modelName, setBy: 'model.name' }], '', configs),
    ).toMatchObject({
      name: 'gemini-2.5-flash',
      alias: 'steady',
    });
    const main = resolveModelConfig(configs, { requested: 'steady' }).generateContentConfig;
    expect(main).toMatchObject({ temperature: 0.3, seed: 42, maxOutputTokens: 16384 });
    const investigator = resolveModelConfig(configs, {
      requested: 'steady',
      scope: CODEBASE_INVESTIGATOR_AGENT_NAME,
    }).generateContentConfig;
    expect(investigator.maxOutputTokens).toBeUndefined();
    expect(investigator.thinkingConfig?.thinkingBudget).toBe(512);
    expect(resolveModelConfig(configs, { requested: 'pro' }).name).toBe(
      'gemini-3.1-pro-preview-customtools',
    );
  });
});
