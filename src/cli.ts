// The CLI entry. `--version` and `--help` are answered before the agent's modules load, so they
// stay fast; everything else is loaded on demand.
import { VERSION } from './version.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { runCli, processIo } = await import('./cli/run-cli.js');
  process.exitCode = await runCli(args, processIo());
}
