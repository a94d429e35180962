import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SearchFileContentToolOptions } from '../../src/tools/search-file-content.js';
import { createSearchFileContentTool } from '../../src/tools/search-file-content.js';
import { createJsScanStrategy } from '../../src/tools/search/js-scan.js';
import type { SearchStrategy } from '../../src/tools/search/types.js';
import { isBuildError } from '../../src/tools/tool-types.js';
import type { ToolHarness } from './tool-harness.js';
import { errorPart, makeTempDir, outputPart, removeTempDirs, toolHarness } from './tool-harness.js';

const TOOL = 'search_file_content';
let root: string;
let harness: ToolHarness;

/** A harness whose search uses only the JavaScript scan, so outputs do not depend on PATH. */
async function searchHarness(
  options: Partial<SearchFileContentToolOptions> = {},
  aliases?: Record<string, string>,
): Promise<ToolHarness> {
  return toolHarness(root, {
    tools: (workspace) => [
      createSearchFileContentTool({ workspace, strategies: [createJsScanStrategy()], ...options }),
    ],
    ...(aliases ? { aliases } : {}),
  });
}

beforeEach(async () => {
  root = await makeTempDir('search-');
  harness = await searchHarness();
});
afterEach(removeTempDirs);

async function files(entries: Record<string, string | Buffer>): Promise<void> {
  for (const [name, content] of Object.entries(entries)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

describe('search_file_content', () => {
  it('groups matching lines by file, in path order, with line numbers', async () => {
    await files({
      'src/b.ts': 'const foo = 1;\nbar();\nreturn Foo;\n',
      'src/a.ts': 'nothing\nfoo()\n',
      'README.md': '# FOO project\n',
    });
    const completed = await harness.call(TOOL, { pattern: 'foo' });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        TOOL,
        'Found 4 matches for pattern "foo" in path ".":\n---\nFile: README.md\nL1: # FOO project\n---\nFile: src/a.ts\nL2: foo()\n---\nFile: src/b.ts\nL1: const foo = 1;\nL3: return Foo;\n---',
      ),
    );
    expect(completed.result.returnDisplay).toBe('Found 4 matches');
  });

  it('searches below `path` (or `dir_path`) and only files the include glob selects', async () => {
    await files({
      'src/a.ts': 'import x from "y";\n',
      'src/b.js': 'import z from "w";\n',
      'src/deep/c.ts': '  import q from "r";\n',
      'test/d.ts': 'import t from "u";\n',
    });
    const parts = await harness.respond(TOOL, {
      pattern: '^\\s*import\\s+\\w+',
      dir_path: 'src',
      include_pattern: '*.ts',
    });
    expect(parts).toEqual(
      outputPart(
        'call-1',
        TOOL,
        'Found 2 matches for pattern "^\\s*import\\s+\\w+" in path "src" (filter: "*.ts"):\n---\nFile: a.ts\nL1: import x from "y";\n---\nFile: deep/c.ts\nL1:   import q from "r";\n---',
      ),
    );
    const withSlash = await harness.respond(TOOL, { pattern: 'import', include: 'src/*.ts' });
    expect(withSlash).toEqual(
      outputPart(
        'call-2',
        TOOL,
        'Found 1 match for pattern "import" in path "." (filter: "src/*.ts"):\n---\nFile: src/a.ts\nL1: import x from "y";\n---',
      ),
    );
  });

  it('searches a single file when `path` names one', async () => {
    await files({ 'src/a.ts': 'one\ntwo foo\n', 'src/b.ts': 'foo\n' });
    expect(await harness.respond(TOOL, { pattern: 'foo', path: 'src/a.ts' })).toEqual(
      outputPart(
        'call-1',
        TOOL,
        'Found 1 match for pattern "foo" in path "src/a.ts":\n---\nFile: a.ts\nL2: two foo\n---',
      ),
    );
  });

  it('says when nothing matches', async () => {
    await files({ 'a.txt': 'hello\n' });
    const completed = await harness.call(TOOL, { pattern: 'absent', include: '*.txt' });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        TOOL,
        'No matches found for pattern "absent" in path "." (filter: "*.txt").',
      ),
    );
    expect(completed.result.returnDisplay).toBe('No matches found');
  });

  it('skips ignored, excluded, binary and linked-out files', async () => {
    const outside = await makeTempDir('search-outside-');
    await writeFile(path.join(outside, 'secret.txt'), 'needle outside\n');
    await files({
      '.gitignore': 'dist/\n*.log\n',
      '.geminiignore': 'private.md\n',
      'dist/out.js': 'needle\n',
      'debug.log': 'needle\n',
      'private.md': 'needle\n',
      'node_modules/lib/index.js': 'needle\n',
      'data.bin.txt': Buffer.concat([Buffer.from('needle\n'), Buffer.from([0, 1, 2])]),
      'image.png': 'needle\n',
      'kept.txt': 'needle kept\n',
    });
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
    await symlink(outside, path.join(root, 'linked-dir'));
    expect(await harness.respond(TOOL, { pattern: 'needle' })).toEqual(
      outputPart(
        'call-1',
        TOOL,
        'Found 1 match for pattern "needle" in path ".":\n---\nFile: kept.txt\nL1: needle kept\n---',
      ),
    );
  });

  it('shows at most 100 matches and says the results were limited', async () => {
    const lines = Array.from({ length: 150 }, (_, index) => `hit ${index + 1}`);
    await files({ 'a.txt': lines.slice(0, 60).join('\n'), 'b.txt': lines.slice(60).join('\n') });
    const completed = await harness.call(TOOL, { pattern: 'hit' });
    const expectedA = lines.slice(0, 60).map((line, index) => `L${index + 1}: ${line}`);
    const expectedB = lines.slice(60, 100).map((line, index) => `L${index + 1}: ${line}`);
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        TOOL,
        `Found 100 matches for pattern "hit" in path "." (results limited to 100 matches for performance):\n---\nFile: a.txt\n${expectedA.join('\n')}\n---\nFile: b.txt\n${expectedB.join('\n')}\n---`,
      ),
    );
    expect(completed.result.returnDisplay).toBe('Found 100 matches (limited)');
  });

  it('cuts very long lines', async () => {
    await files({ 'min.js': `${'x'.repeat(600)}needle` });
    const parts = await harness.respond(TOOL, { pattern: 'needle' });
    expect(parts).toEqual(
      outputPart(
        'call-1',
        TOOL,
        `Found 1 match for pattern "needle" in path ".":\n---\nFile: min.js\nL1: ${'x'.repeat(500)}... [truncated]\n---`,
      ),
    );
  });

  it('answers to the current name `grep_search`', async () => {
    await files({ 'a.txt': 'Needle\n' });
    const aliased = await searchHarness({}, { grep_search: TOOL });
    const completed = await aliased.call('grep_search', { pattern: 'needle' });
    expect(completed.responseParts).toEqual(
      outputPart(
        'call-1',
        'grep_search',
        'Found 1 match for pattern "needle" in path ".":\n---\nFile: a.txt\nL1: Needle\n---',
      ),
    );
  });
});

describe('search_file_content: failures', () => {
  it('refuses an invalid regular expression before searching', async () => {
    const completed = await harness.call(TOOL, { pattern: 'foo(' });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        TOOL,
        'Invalid regular expression pattern provided: foo(. Error: Invalid regular expression: /foo(/i: Unterminated group',
      ),
    );
    expect(completed.result.error?.type).toBe('invalid_tool_params');
  });

  it('refuses a path outside the workspace and reports a missing one', async () => {
    expect(await harness.respond(TOOL, { pattern: 'x', path: '../' })).toEqual(
      errorPart(
        'call-1',
        TOOL,
        `Path not in workspace: Attempted path "${path.dirname(root)}" resolves outside the allowed workspace directories: ${root}`,
      ),
    );
    const missing = await harness.call(TOOL, { pattern: 'x', path: 'nope' });
    expect(missing.responseParts).toEqual(
      errorPart('call-2', TOOL, `Path does not exist: ${path.join(root, 'nope')}`),
    );
    expect(missing.result.error?.type).toBe('file_not_found');
  });

  it('stops a pattern that backtracks catastrophically', async () => {
    await files({ 'a.txt': `${'a'.repeat(40)}!\n` });
    const slow = await searchHarness({ regexTimeoutMs: 50 });
    const completed = await slow.call(TOOL, { pattern: '(a+)+$' });
    expect(completed.result.error?.type).toBe('grep_execution_error');
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        TOOL,
        'Error during grep search operation: The regular expression took longer than 50 ms on one batch of lines and was stopped; it probably backtracks catastrophically. Simplify the pattern (avoid nested quantifiers such as (a+)+).',
      ),
    );
  });

  it('stops a search that runs past its time limit', async () => {
    const hanging: SearchStrategy = {
      name: 'hanging',
      ordered: true,
      search: (request) =>
        new Promise((_, reject) => {
          request.signal.addEventListener('abort', () => {
            reject(request.signal.reason as Error);
          });
        }),
    };
    const timed = await searchHarness({ strategies: [hanging], timeoutMs: 5 });
    expect(await timed.respond(TOOL, { pattern: 'x' })).toEqual(
      errorPart(
        'call-1',
        TOOL,
        'Error during grep search operation: The search did not finish within 5 ms and was stopped.',
      ),
    );
  });

  it('falls back past strategies that cannot run, and fails when none can', async () => {
    await files({ 'a.txt': 'needle\n' });
    const unavailable: SearchStrategy = {
      name: 'absent',
      ordered: true,
      search: () => Promise.resolve({ kind: 'unavailable', reason: 'not installed' }),
    };
    const fallback = await searchHarness({ strategies: [unavailable, createJsScanStrategy()] });
    expect(await fallback.respond(TOOL, { pattern: 'needle' })).toEqual(
      outputPart(
        'call-1',
        TOOL,
        'Found 1 match for pattern "needle" in path ".":\n---\nFile: a.txt\nL1: needle\n---',
      ),
    );
    const none = await searchHarness({ strategies: [unavailable] });
    const completed = await none.call(TOOL, { pattern: 'needle' });
    expect(completed.responseParts).toEqual(
      errorPart(
        'call-1',
        TOOL,
        'Error during grep search operation: No search strategy could run (absent: not installed).',
      ),
    );
    expect(completed.result.error?.type).toBe('grep_execution_error');
  });
});

describe('search_file_content: invocation', () => {
  it('describes the call, names its location and asks for plain information', async () => {
    await mkdir(path.join(root, 'src'));
    const tool = createSearchFileContentTool({ workspace: harness.workspace });
    const built = tool.build({ pattern: 'TODO', path: 'src', include: '*.ts' });
    if (isBuildError(built)) throw new Error(built.error);
    expect(built.describe()).toBe("Search for 'TODO' in *.ts within src");
    expect(built.locations()).toEqual(['src']);
    expect(await built.confirmationDetails(new AbortController().signal)).toEqual({
      type: 'info',
      title: 'Confirm Search',
      prompt: "Search for 'TODO' in *.ts within src",
    });
    const whole = tool.build({ pattern: 'TODO' });
    if (isBuildError(whole)) throw new Error(whole.error);
    expect(whole.describe()).toBe("Search for 'TODO' within ./");
    expect(tool.kind).toBe('search');
  });
});
