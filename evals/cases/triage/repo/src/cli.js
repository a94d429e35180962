#!/usr/bin/env node
// The command line: parses the options, converts, and writes or checks the result.
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { convert } from './convert.js';
import { formatFromPath } from './detect.js';
import { watchInputs } from './watch.js';

const HELP = `Usage: cfgconv <input...> [options]

  -o, --output FILE   where to write the result (default: standard output)
      --from FORMAT   input format: yaml, toml, json, ini, env
      --to FORMAT     output format: yaml, toml, json, ini, env
      --merge         merge all inputs, later ones win
      --interpolate   replace \${VAR} in string values with environment variables
      --env-file FILE variables for --interpolate
      --sort-keys     sort the keys of every object
      --indent N      indentation of YAML and JSON output (default 2)
      --check         exit 1 when the output file is not up to date
      --watch         convert again when an input changes
  -h, --help          print this help
`;

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  from: { type: 'string' },
  to: { type: 'string' },
  merge: { type: 'boolean' },
  interpolate: { type: 'boolean' },
  'env-file': { type: 'string' },
  'sort-keys': { type: 'boolean' },
  indent: { type: 'string' },
  check: { type: 'boolean' },
  watch: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
  });
  if (values.help || positionals.length === 0) {
    process.stdout.write(HELP);
    return positionals.length === 0 && !values.help ? 2 : 0;
  }
  const to = values.to ?? (values.output ? formatFromPath(values.output) : undefined);
  if (to === undefined) throw new Error('Give --to or an output file with a known extension.');
  const options = {
    from: values.from,
    to,
    merge: values.merge ?? false,
    interpolate: values.interpolate ?? false,
    envFile: values['env-file'],
    sortKeys: values['sort-keys'] ?? false,
    indent: values.indent === undefined ? 2 : Number(values.indent),
  };
  const run = async () => {
    const output = await convert(positionals, options);
    if (values.check) return check(values.output, output);
    if (values.output) await writeFile(values.output, output);
    else process.stdout.write(output);
    return 0;
  };
  if (values.watch) {
    await run();
    return watchInputs(positionals, run);
  }
  return run();
}

async function check(file, output) {
  let existing;
  try {
    existing = await readFile(file, 'utf8');
  } catch {
    // Nothing to compare with yet.
    return 0;
  }
  if (existing === output) return 0;
  process.stderr.write(`${file} is not up to date; run cfgconv without --check.\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`cfgconv: ${error.message}\n`);
    process.exitCode = 1;
  },
);
