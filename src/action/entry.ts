// First: the schemas the modules below make are interpreted (interpreted-schemas.ts).
import '../platform/interpreted-schemas.js';
import { protectInitialEnvironment } from '../platform/initial-environment.js';
import { limitHeapGrowthAfterStartUp } from '../platform/heap-growth.js';
import { run } from './main.js';

// Before anything else: the runner's tokens and keys in this process's environment must not stay
// readable in /proc/<pid>/environ by the commands it runs (see initial-environment.ts).
const protection = protectInitialEnvironment();
if (protection.outcome === 'not_protected') {
  process.stderr.write(
    `::warning::The credentials in the Action's environment stay readable to the commands it runs where no sandbox separates them: ${protection.reason}.\n`,
  );
}
limitHeapGrowthAfterStartUp();
await run();
