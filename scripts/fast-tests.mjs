// `npm run test:fast`: the test files that each ran in under a second in the last timing run,
// whatever their project, run on their own and timed. The list is data, checked in
// (test/fast-files.json), so the fast loop is chosen by what a file costs, not by its folder.
//
//   node scripts/fast-tests.mjs                      run the listed files, print the run time
//   node scripts/fast-tests.mjs --from TIMING.json   rewrite the list from a timing run:
//       npx vitest run --reporter=json --outputFile.json=TIMING.json   (the whole suite)
//
// The files run without isolation (one module graph per worker), which is what keeps the loop
// under two minutes; a test that needs a fresh module state says so and skips there.
//
// A file's time is its whole run in the timing run (start to end, its tests and hooks), measured
// with the whole suite running beside it: a file that is fast alone but slow under load is left
// out, which keeps the loop short on a busy machine.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const LIST = join(root, 'test/fast-files.json');
/** A file is fast when its run took less than this. */
export const THRESHOLD_MS = 1000;

/** The files of a vitest JSON report that ran in under `threshold` ms, relative and sorted. */
export function fastFiles(report, threshold = THRESHOLD_MS) {
  if (!Array.isArray(report?.testResults)) {
    throw new Error('expected a vitest JSON report (npx vitest run --reporter=json).');
  }
  return report.testResults
    .filter((file) => file.status === 'passed' && file.endTime - file.startTime < threshold)
    .map((file) => relative(root, file.name).split('\\').join('/'))
    .sort();
}

function update(timingFile) {
  const report = JSON.parse(readFileSync(timingFile, 'utf8'));
  const files = fastFiles(report);
  writeFileSync(
    LIST,
    `${JSON.stringify({ thresholdMs: THRESHOLD_MS, of: report.testResults.length, files }, null, 2)}\n`,
  );
  console.log(`test/fast-files.json: ${files.length} of ${report.testResults.length} files.`);
}

function run() {
  const { files } = JSON.parse(readFileSync(LIST, 'utf8'));
  const missing = files.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) {
    console.error(
      `test/fast-files.json lists files that are gone (${missing.join(', ')}); rewrite it with --from.`,
    );
    process.exitCode = 1;
    return;
  }
  const started = performance.now();
  // Without isolation: the files share one module graph per worker instead of importing it again
  // each (about 70 s here, against 165 s isolated). The whole suite, `npm test`, stays isolated.
  const vitest = spawnSync('npx', ['vitest', 'run', '--no-isolate', ...files], {
    cwd: root,
    stdio: 'inherit',
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `test:fast: ${files.length} files in ${seconds} s (the files listed in test/fast-files.json).`,
  );
  process.exitCode = vitest.status ?? 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const from = process.argv.indexOf('--from');
  if (from >= 0) update(resolve(process.argv[from + 1] ?? ''));
  else run();
}
