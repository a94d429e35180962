// The weekly model check (.github/workflows/models.yml): compares src/model/model-table.json with
// the Gemini API's model list and keeps the differences in one issue, "Model table out of date".
// The check itself is scripts/check-model-table.ts, which imports the model table and the GitHub
// client from src/; scripts/run-typescript.mjs bundles and runs it.
//
// Usage: GEMINI_API_KEY=… [GITHUB_TOKEN=… GITHUB_REPOSITORY=owner/name] node scripts/check-model-table.mjs
//   Without GEMINI_API_KEY it says so and exits 0; without GITHUB_TOKEN it only prints.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTypeScript } from './run-typescript.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.exitCode = await runTypeScript(
  join(root, 'scripts/check-model-table.ts'),
  'check-model-table-',
);
