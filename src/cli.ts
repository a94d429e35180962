import { VERSION } from './version.js';
const args = process.argv.slice(2);
if (args.includes('--version')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { runCli } = await import('./cli/run-cli.js');
  await runCli(args);
}
