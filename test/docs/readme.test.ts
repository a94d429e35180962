// The README is what a newcomer follows line by line, so what it states is checked here: the
// inputs and outputs tables against action.yml (with the same generator `node
// scripts/action-docs.mjs` runs), every link into the repository, the test command CI runs, the
// workflow excerpts against the Action's input schema, and the policy examples against the policy
// loader and `policy explain`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { actionTables, cellText, markers, renderReadme } from '../../scripts/action-docs.mjs';
import { findDemoFiles } from '../../src/cli/subcommands/demo.js';
import { EXPLAIN_DENIED_EXIT, runPolicyCommand } from '../../src/cli/subcommands/policy.js';
import { actionInputsSchema } from '../../src/action/action-inputs.js';
import { SANDBOX_USER_NAME } from '../../src/platform/sandbox/sandbox-user.js';
import { checkPolicy } from '../../src/policy/parse-policy.js';
import { tempRepo } from '../support/temp-repo.js';
import { anchors, codeBlocks, links, section } from './markdown.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const README = path.join(ROOT, 'README.md');
const readme = await readFile(README, 'utf8');
const actionYml = await readFile(path.join(ROOT, 'action.yml'), 'utf8');
const DOCS = (await readdir(path.join(ROOT, 'docs')))
  .filter((name) => name.endsWith('.md'))
  .map((name) => path.join('docs', name));
/** README.md and docs/*.md, relative to the repository root. */
const MARKDOWN_FILES = ['README.md', ...DOCS];
const texts = new Map(
  await Promise.all(
    MARKDOWN_FILES.map(
      async (file) => [file, await readFile(path.join(ROOT, file), 'utf8')] as const,
    ),
  ),
);

function text(file: string): string {
  const found = texts.get(file);
  if (found === undefined) throw new Error(`${file} was not read`);
  return found;
}

type Yaml = Record<string, unknown>;

function isRecord(value: unknown): value is Yaml {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const action: unknown = parse(actionYml);
if (!isRecord(action) || !isRecord(action.inputs) || !isRecord(action.outputs)) {
  throw new Error('action.yml: expected inputs and outputs');
}
const declaredInputs = action.inputs;
const declaredOutputs = action.outputs;

describe('README inputs and outputs tables', () => {
  it('are what scripts/action-docs.mjs generates from action.yml', async () => {
    const expected = await renderReadme(readme, actionYml, { filepath: README });
    // On failure: run `node scripts/action-docs.mjs` and commit README.md.
    expect(readme).toBe(expected);
  });

  it('list every input and output of action.yml with its default', () => {
    const inputs = readme.slice(
      readme.indexOf(markers('inputs').start),
      readme.indexOf(markers('inputs').end),
    );
    for (const [name, spec] of Object.entries(declaredInputs)) {
      const row = inputs.split('\n').find((line) => line.startsWith(`| \`${name}\` `));
      expect(row, `input ${name}`).toBeDefined();
      const fallback = isRecord(spec) ? spec.default : undefined;
      if (typeof fallback === 'string' && fallback !== '') expect(row).toContain(`\`${fallback}\``);
    }
    const outputs = readme.slice(
      readme.indexOf(markers('outputs').start),
      readme.indexOf(markers('outputs').end),
    );
    for (const name of Object.keys(declaredOutputs)) {
      expect(outputs, `output ${name}`).toContain(`| \`${name}\` `);
    }
  });

  it('fail the check when action.yml changes', async () => {
    const changed = actionYml.replace(
      'description: The Google Cloud project for Vertex AI',
      'description: The Google Cloud project to bill for Vertex AI',
    );
    expect(changed).not.toBe(actionYml);
    const updated = await renderReadme(readme, changed, { filepath: README });
    expect(updated).not.toBe(readme);
    expect(updated).toContain('The Google Cloud project to bill for Vertex AI');
  });

  it('refuse a README without the marker comments', async () => {
    const withoutOutputs = readme.replace(markers('outputs').start, '');
    await expect(renderReadme(withoutOutputs, actionYml)).rejects.toThrow(
      /expected one "<!-- outputs:start -->" followed by one "<!-- outputs:end -->"/,
    );
  });

  it('keep each description on one line, with pipes and emphasis characters escaped', () => {
    expect(cellText('Folded\n  over two lines.')).toBe('Folded over two lines.');
    expect(cellText('a | b, `x | y`')).toBe('a \\| b, `x \\| y`');
    expect(cellText('Globs such as dist/** or *.lock, not `*.md`')).toBe(
      'Globs such as dist/\\*\\* or \\*.lock, not `*.md`',
    );
    const tables = actionTables(
      'inputs:\n  a:\n    description: >-\n      one | two\n    default: x|y\noutputs:\n  b:\n    description: out\n',
    );
    expect(tables.inputs.split('\n')).toEqual([
      '| input | description | default |',
      '| --- | --- | --- |',
      '| `a` | one \\| two | `x\\|y` |',
    ]);
  });
});

describe('links in README.md and docs/', () => {
  it.each(MARKDOWN_FILES)('%s links only to files and headings that exist', (file) => {
    const broken: string[] = [];
    for (const { target, line } of links(text(file))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like
      const [pathPart = '', anchor] = target.split('#', 2);
      const resolved =
        pathPart === ''
          ? path.join(ROOT, file)
          : path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(pathPart));
      const where = `${file}:${line}: ${target}`;
      if (!resolved.startsWith(`${ROOT}${path.sep}`)) {
        broken.push(`${where} (outside the repository)`);
      } else if (!existsSync(resolved)) {
        broken.push(`${where} (no such file)`);
      } else if (anchor !== undefined && resolved.endsWith('.md')) {
        const targetFile = path.relative(ROOT, resolved);
        const headings = anchors(texts.get(targetFile) ?? '');
        if (texts.has(targetFile) && !headings.has(anchor))
          broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the README commands', () => {
  it('runs the tests with `npm ci && npm test`, the command CI runs', () => {
    const tests = section(readme, 'Run the tests');
    expect(tests, 'a "## Run the tests" section').toBeDefined();
    expect(codeBlocks(tests ?? '')[0]?.text).toBe('npm ci && npm test');
  });

  it('starts with the offline demo', () => {
    const first = codeBlocks(readme)[0];
    expect(first?.text).toBe('npm ci && npm run demo');
  });

  it('installs the CLI from this repository at a tag, never through npx', () => {
    const install = section(readme, 'Install the command line');
    const block = codeBlocks(install ?? '')[0]?.text ?? '';
    expect(block.split('\n').slice(1)).toEqual([
      'npm install -g "github:$GEMINI_AGENT_REPO#v1"',
      'gemini-agent --version',
    ]);
    // Pasted into a shell as it is, it installs from the one repository its first line names.
    const pasted = execFileSync('sh', ['-c', block.replace(/^(npm|gemini-agent) /gm, 'echo $1 ')], {
      encoding: 'utf8',
    });
    expect(pasted.split('\n')[0]).toBe('npm install -g github:OWNER/gemini-agent-action#v1');
    // npx would fetch an unrelated package of that name from the registry: the name may appear
    // only in the warning against it.
    const npx = [...texts.entries(), ...exampleTexts()].flatMap(([file, content]) =>
      content
        .split('\n')
        .map((line, index) => ({ where: `${file}:${index + 1}`, line }))
        .filter(({ line }) => line.includes('npx gemini-agent') && !/\bdo not run\b/.test(line)),
    );
    expect(npx.map(({ where }) => where)).toEqual([]);
  });

  it('names the sample project the demo really copies', async () => {
    const source = pathToFileURL(path.join(ROOT, 'src/cli/subcommands/demo.ts')).href;
    const sample = path.relative(ROOT, path.join(await findDemoFiles(source), 'repo'));
    const targets = (markdown: string | undefined) =>
      links(markdown ?? '').map((link) => link.target);
    expect(targets(section(readme, 'Try it in a minute'))).toContain(`${sample}/`);
    expect(targets(section(text('docs/local-runs.md'), 'The demo'))).toContain(`../${sample}/`);
  });

  it('says that a run as root leaves the sandbox user behind, and how to remove it', () => {
    for (const part of [
      section(readme, 'Try it in a minute'),
      section(text('docs/local-runs.md'), 'The demo'),
    ]) {
      expect(part).toContain(`\`${SANDBOX_USER_NAME}\``);
      expect(part).toContain(`userdel ${SANDBOX_USER_NAME}`);
    }
  });

  it('asks for the Node.js versions package.json requires and CI tests', async () => {
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(manifest.engines.node).toBe('>=22.13');
    expect(section(readme, 'Try it in a minute')).toContain(
      'You need Node.js 22 (22.13 or later) or 24',
    );
    expect(section(readme, 'Install the command line')).toContain('Node.js 22.13 or later');
    const ci = await readFile(path.join(ROOT, '.ci/run'), 'utf8');
    // CI installs and tests on 22 and tests again on 24.
    expect(ci).toMatch(/^node22=\$\(fetch_node 22\)$/m);
    expect(ci).toMatch(/^node24=\$\(fetch_node 24\)$/m);
  });
});

/** The example workflows and the demo's README, which users read too. */
function exampleTexts(): [string, string][] {
  return [
    'examples/demo/README.md',
    ...readdirSync(path.join(ROOT, 'examples/workflows')).map(
      (name) => `examples/workflows/${name}`,
    ),
  ].map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]);
}

/** The `with:` mappings of the Action's steps in a YAML excerpt (or a bare `with:` fragment). */
function actionWiths(document: unknown): Yaml[] {
  const found: Yaml[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isRecord(node)) return;
    if (
      typeof node.uses === 'string' &&
      (node.uses.includes('gemini-agent-action@') || node.uses === './') &&
      isRecord(node.with)
    ) {
      found.push(node.with);
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  if (isRecord(document) && Object.keys(document).length === 1 && isRecord(document.with)) {
    found.push(document.with);
  }
  return found;
}

describe('workflow excerpts in the docs', () => {
  const excerpts = [
    ...MARKDOWN_FILES.flatMap((file) =>
      codeBlocks(text(file))
        .filter((block) => block.lang === 'yaml' || block.lang === 'yml')
        .map((block) => ({ where: `${file}:${block.line}`, text: block.text })),
    ),
    // The example workflows users copy whole, and this repository's own (`uses: ./`), are held
    // to the same rules.
    ...['examples/workflows', '.github/workflows'].flatMap((folder) =>
      readdirSync(path.join(ROOT, folder)).map((file) => ({
        where: `${folder}/${file}`,
        text: readFileSync(path.join(ROOT, folder, file), 'utf8'),
      })),
    ),
  ];

  it('include the Action in every mode', () => {
    const readmeWiths = codeBlocks(readme)
      .filter((block) => block.lang === 'yaml')
      .flatMap((block) => actionWiths(parse(block.text)));
    const modes = new Set(
      readmeWiths.map((inputs) => (typeof inputs.mode === 'string' ? inputs.mode : 'auto')),
    );
    expect([...modes].sort()).toEqual(['auto', 'maintenance', 'review', 'triage']);
  });

  it.each(excerpts)(
    '$where gives the Action only inputs it has, with values it accepts',
    ({ text: yamlText }) => {
      const document: unknown = parse(yamlText);
      for (const inputs of actionWiths(document)) {
        const unknown = Object.keys(inputs).filter((name) => !(name in declaredInputs));
        expect(unknown, 'inputs action.yml does not declare').toEqual([]);
        // Every other input at its action.yml default, as the runner would pass it.
        const raw = Object.fromEntries(
          Object.entries(declaredInputs).map(([name, spec]) => {
            const given = inputs[name];
            const fallback = isRecord(spec) && typeof spec.default === 'string' ? spec.default : '';
            return [name, given === undefined ? fallback : scalar(given).trim()];
          }),
        );
        const result = actionInputsSchema.safeParse(raw);
        expect(
          result.success
            ? []
            : result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`),
        ).toEqual([]);
      }
    },
  );
});

describe("the README's workflow excerpts", () => {
  // Each `### …` section under "Use it in a workflow" links one example file and shows its heart.
  const workflowSection = section(readme, 'Use it in a workflow') ?? '';
  const excerpts = workflowSection
    .split(/\n(?=### )/)
    .slice(1)
    .map((part) => {
      const file = /\]\((examples\/workflows\/[\w.-]+\.yml)\)/.exec(part)?.[1];
      const block = codeBlocks(part).find((candidate) => candidate.lang === 'yaml');
      return { heading: part.split('\n', 1)[0] ?? '', file, yaml: block?.text };
    });

  it('cover every example workflow, one each', () => {
    expect(excerpts.map((excerpt) => excerpt.file).sort()).toEqual(
      readdirSync(path.join(ROOT, 'examples/workflows'))
        .map((name) => `examples/workflows/${name}`)
        .sort(),
    );
  });

  it.each(excerpts)(
    '$heading starts on the same events, with the same permissions and inputs, as $file',
    ({ file, yaml }) => {
      const excerpt: unknown = parse(yaml ?? '');
      const full: unknown = parse(readFileSync(path.join(ROOT, file ?? ''), 'utf8'));
      if (!isRecord(excerpt) || !isRecord(full)) throw new Error('expected two workflows');
      // The trigger events with their activity types and schedules (a dispatch form's fields
      // may be left out).
      expect(triggers(excerpt.on)).toEqual(triggers(full.on));
      expect(excerpt.permissions).toEqual(full.permissions);
      const jobs = (workflow: Yaml) => (isRecord(workflow.jobs) ? workflow.jobs : {});
      for (const [name, job] of Object.entries(jobs(excerpt))) {
        const fullJob = jobs(full)[name];
        expect(isRecord(job) && isRecord(fullJob), `job ${name}`).toBe(true);
        if (!isRecord(job) || !isRecord(fullJob)) continue;
        expect(job.permissions, `job ${name}: permissions`).toEqual(fullJob.permissions);
        // Every input the excerpt shows has the file's value (the file may set more).
        const [shown] = actionWiths(job);
        const [actual] = actionWiths(fullJob);
        expect(actual, `job ${name}: the Action's with:`).toMatchObject(shown ?? {});
      }
    },
  );
});

describe('policy examples in the docs', () => {
  const examples = MARKDOWN_FILES.flatMap((file) =>
    codeBlocks(text(file))
      .filter((block) => block.lang === 'toml')
      .map((block) => ({ where: `${file}:${block.line}`, text: block.text })),
  );

  it.each(examples)('$where is a valid policy', ({ where, text: toml }) => {
    const { problems } = checkPolicy(toml, { file: where, tier: 'workflow' });
    expect(
      problems.map((problem) => `${problem.line}:${problem.column}: ${problem.message}`),
    ).toEqual([]);
  });

  it("decides the README's `policy explain` example as the README shows", async () => {
    const policy = section(readme, 'Policy: what the agent may do') ?? '';
    const blocks = codeBlocks(policy);
    const toml = blocks.find((block) => block.lang === 'toml');
    const commandIndex = blocks.findIndex(
      (block) => block.lang === 'sh' && block.text.includes('policy explain'),
    );
    const shown = blocks[commandIndex + 1];
    expect(toml, 'the example policy file').toBeDefined();
    expect(shown?.lang, 'the output after the explain command').toBe('text');

    const file = '.gemini/policies/ci.toml';
    const dir = await tempRepo({ [file]: toml?.text ?? '' });
    const words = shellWords(blocks[commandIndex]?.text.replace(/\\\n/g, ' ') ?? '');
    expect(words.slice(0, 3)).toEqual(['gemini-agent', 'policy', 'explain']);
    const args = words.slice(2).map((word) => (word === file ? path.join(dir, file) : word));
    let stdout = '';
    const code = await runPolicyCommand(args, {
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: { write: () => true },
    });
    // The example's decision is deny, which `policy explain` exits 3 for.
    expect(code).toBe(EXPLAIN_DENIED_EXIT);
    const output = stdout.replaceAll(`${dir}${path.sep}`, '');
    for (const line of (shown?.text ?? '').split('\n')) {
      // A line shortened with … in the README must match up to the ellipsis.
      expect(output).toContain(line.endsWith('…') ? line.slice(0, -1).trimEnd() : line);
    }
  });
});

/** A workflow's `on:` as event → its activity types or schedule, whatever else it sets. */
function triggers(on: unknown): Record<string, unknown> {
  if (!isRecord(on)) throw new Error(`expected on: to be a mapping, got ${JSON.stringify(on)}`);
  return Object.fromEntries(
    Object.entries(on).map(([event, spec]) => [
      event,
      Array.isArray(spec) ? spec : isRecord(spec) ? (spec.types ?? null) : null,
    ]),
  );
}

/** A YAML value as the runner passes it to an input: a string (objects would be a mistake). */
function scalar(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

/** Splits a one-line shell command into words: whitespace separates, quotes group. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const match of command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) {
    words.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  return words;
}
