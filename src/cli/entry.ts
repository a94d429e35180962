// The CLI entry. `--version` and `--help` are answered before the agent's modules load, so they
// stay fast; everything else is loaded on demand.
import { protectInitialEnvironment } from '../platform/initial-environment.js';
import { VERSION } from '../platform/version.js';
import { limitHeapGrowthAfterStartUp } from '../platform/heap-growth.js';
import { enableCompileCache } from './compile-cache.js';
import { checkNodeVersion } from '../platform/node-version.js';

const args = process.argv.slice(2);
// First, so a Node.js the bundle cannot run on is named instead of failing somewhere later.
const node = checkNodeVersion(process.versions.node);
if (node.verdict !== 'supported') process.stderr.write(`${node.message}\n`);
if (node.verdict === 'unsupported') {
  process.exitCode = 1;
} else if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  // Before anything else: the keys in this process's environment must not stay readable in
  // /proc/<pid>/environ by the commands it runs (see initial-environment.ts).
  const protection = protectInitialEnvironment();
  if (protection.outcome === 'not_protected') {
    process.stderr.write(
      `warning: the credentials in this process's environment stay readable to the commands it runs where no sandbox separates them: ${protection.reason}.\n`,
    );
  }
  enableCompileCache(process.env);
  limitHeapGrowthAfterStartUp();
  // Before the modules that make schemas load (interpreted-schemas.ts).
  await import('../platform/interpreted-schemas.js');
  const { runCli, processIo } = await import('./run-cli.js');
  if (args[0] === 'serve') {
    // The A2A server and its SDK are loaded only for `serve`.
    const { runServeCommand } = await import('./a2a-server/serve-command.js');
    process.exitCode = await runServeCommand(args.slice(1), processIo());
  } else {
    process.exitCode = await runCli(args, processIo());
  }
}
