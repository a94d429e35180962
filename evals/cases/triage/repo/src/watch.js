// --watch: converts again whenever one of the inputs changes.
import { watchFile } from 'node:fs';

const POLL_INTERVAL_MS = 50;

export function watchInputs(files, run) {
  return new Promise(() => {
    for (const file of files) {
      watchFile(file, { interval: POLL_INTERVAL_MS }, () => {
        run().catch((error) => process.stderr.write(`cfgconv: ${error.message}\n`));
      });
    }
  });
}
