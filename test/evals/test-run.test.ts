// A fix case's tests are counted from what the test runner prints.
import { describe, expect, it } from 'vitest';
import { killAllGroups } from '../../evals/harness/process-groups.js';
import { countTests, runTests } from '../../evals/harness/test-run.js';
import { tempFolder, writeFiles } from './harness-support.js';

describe('countTests', () => {
  it('reads node --test (TAP and spec) and python3 -m unittest', () => {
    expect(
      countTests('TAP version 13\nok 1 - a\n1..3\n# tests 3\n# suites 0\n# pass 2\n# fail 1\n'),
    ).toBe(3);
    expect(countTests('✔ a (1ms)\nℹ tests 5\nℹ suites 1\nℹ pass 5\n')).toBe(5);
    expect(
      countTests(
        '..F\n----------------------------------------------------------------------\nRan 3 tests in 0.001s\n\nFAILED (failures=1)\n',
      ),
    ).toBe(3);
    expect(countTests('.\nRan 1 test in 0.000s\n\nOK\n')).toBe(1);
  });

  it('takes the last summary, and null when there is none', () => {
    expect(countTests('# tests 1\n...\n# tests 4\n')).toBe(4);
    expect(countTests('SyntaxError: Unexpected token\n')).toBeNull();
    expect(countTests('# tests: 3\n')).toBeNull();
  });
});

describe('runTests', () => {
  it('runs the command in the folder and counts a real node --test run', async () => {
    const dir = await tempFolder();
    await writeFiles(dir, {
      'package.json': '{ "type": "module" }\n',
      'test/a.test.js':
        "import { test } from 'node:test';\ntest('one', () => {});\ntest('two', () => { throw new Error('no'); });\n",
    });
    const run = await runTests('node --test', dir);
    expect(run.exitCode).not.toBe(0);
    expect(run.count).toBe(2);
  });

  it('runs python3 -m unittest and stops a command past its time', async () => {
    const dir = await tempFolder();
    await writeFiles(dir, {
      'test_a.py':
        'import unittest\n\nclass A(unittest.TestCase):\n    def test_one(self):\n        self.assertEqual(1, 1)\n',
    });
    const run = await runTests('python3 -m unittest', dir);
    expect({ exitCode: run.exitCode, count: run.count }).toEqual({ exitCode: 0, count: 1 });
    const slow = await runTests('sleep 30', dir, { timeoutMs: 200 });
    expect(slow.timedOut).toBe(true);
  });

  it('ends the commands still running when the harness is stopped', async () => {
    const dir = await tempFolder();
    const started = Date.now();
    const running = runTests('sleep 30; echo late', dir);
    await new Promise((resolve) => setTimeout(resolve, 200));
    killAllGroups();
    const run = await running;
    expect(run.exitCode).toBeNull();
    expect(run.output).not.toContain('late');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
