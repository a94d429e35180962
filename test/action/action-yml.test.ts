// action.yml and the input schema describe the same inputs: a new input in one and not the other,
// or defaults that disagree, would make runs on the runner differ from runs in tests.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INPUT_DEFAULTS, INPUT_NAMES } from '../../src/action/action-inputs.js';

interface Declared {
  description: string;
  default: string | undefined;
}

/** The entries of a top-level section (`inputs:`, `outputs:`) of action.yml, with their fields. */
function section(yaml: string, name: string): Map<string, Declared> {
  const entries = new Map<string, Declared>();
  let inSection = false;
  let current: Declared | undefined;
  let field: 'description' | undefined;
  for (const line of yaml.split('\n')) {
    if (/^\S/.test(line)) {
      inSection = line === `${name}:`;
      continue;
    }
    if (!inSection) continue;
    const entry = /^ {2}([a-z_]+):\s*$/.exec(line);
    if (entry?.[1]) {
      current = { description: '', default: undefined };
      entries.set(entry[1], current);
      continue;
    }
    const property = /^ {4}([a-z]+):\s*(.*)$/.exec(line);
    if (property && current) {
      const [, key, value = ''] = property;
      field = undefined;
      if (key === 'description') {
        field = 'description';
        current.description = value === '>-' ? '' : value;
      }
      if (key === 'default') current.default = value.replace(/^'(.*)'$/, '$1');
      continue;
    }
    if (field === 'description' && current) current.description += ` ${line.trim()}`;
  }
  return entries;
}

const actionYml = await readFile(path.resolve(import.meta.dirname, '../../action.yml'), 'utf8');
const inputs = section(actionYml, 'inputs');
const outputs = section(actionYml, 'outputs');

describe('action.yml', () => {
  it('declares exactly the inputs the schema reads, each described', () => {
    expect([...inputs.keys()].sort()).toEqual([...INPUT_NAMES].sort());
    for (const [name, input] of inputs) {
      expect(input.description.trim().length, name).toBeGreaterThan(10);
    }
  });

  it('declares the same defaults as the schema', () => {
    for (const [name, value] of Object.entries(INPUT_DEFAULTS)) {
      expect(inputs.get(name)?.default, name).toBe(value);
    }
    expect(inputs.get('github_token')?.default).toBe('${{ github.token }}');
  });

  it('declares the outputs of a run', () => {
    expect([...outputs.keys()].sort()).toEqual(
      [
        'comment_url',
        'conclusion',
        'error',
        'input_tokens',
        'output_tokens',
        'cached_input_tokens',
        'thought_tokens',
        'cost_usd',
        'summary',
        'tool_calls',
        'transcript_file',
        'review_url',
        'labels',
        'branch_name',
        'commit_sha',
        'pr_number',
        'pr_url',
        'fleet_result',
      ].sort(),
    );
  });

  it('runs on node24 with a cleanup step', () => {
    expect(actionYml).toMatch(
      /\nruns:\n {2}using: node24\n {2}main: dist\/index\.js\n {2}post: dist\/post\.js\n/,
    );
  });
});
