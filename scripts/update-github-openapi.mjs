// Regenerates test/fixtures/github-openapi.json: the part of GitHub's REST API description that
// this project calls. Tests check every GitHub request they intercept against it (method, path,
// query parameters, JSON body), so a fake that GitHub itself would reject cannot make a test pass.
//
// The description comes from the @octokit/openapi package at a pinned version, fetched with
// `npm pack` into a temporary folder (it is not a dependency: the dereferenced file is ~70 MB).
// Only the operations listed below are kept, with their parameters and request bodies, without
// descriptions, examples or response schemas, so the fixture stays small and reviewable.
//
// Usage: node scripts/update-github-openapi.mjs [--from path/to/api.github.com.deref.json]
//   --from  read a local copy of the description instead of downloading the package
//
// To cover a new endpoint, add it to OPERATIONS and run the script again.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(root, 'test/fixtures/github-openapi.json');

const PACKAGE = '@octokit/openapi';
const VERSION = '23.0.2';
const DESCRIPTION_FILE = 'generated/api.github.com.deref.json';

/** Every GitHub REST operation the project uses, as `METHOD /path/template`. */
const OPERATIONS = [
  // Repository, configuration from the base branch, and the actor's permission.
  'GET /repos/{owner}/{repo}',
  'GET /repos/{owner}/{repo}/contents/{path}',
  'GET /repos/{owner}/{repo}/compare/{basehead}',
  'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
  // Issues and their comments (pull requests are issues too).
  'GET /repos/{owner}/{repo}/issues/{issue_number}',
  'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'GET /repos/{owner}/{repo}/issues/comments/{comment_id}',
  'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
  // A second delivery of an event removes the progress comment it posted a moment too late.
  'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}',
  'DELETE /repos/{owner}/{repo}/pulls/comments/{comment_id}',
  // Reactions (👀 on the trigger).
  'POST /repos/{owner}/{repo}/issues/{issue_number}/reactions',
  'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions',
  'POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions',
  // Labels (triage).
  'GET /repos/{owner}/{repo}/labels',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/labels',
  'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
  // Pull requests: metadata, diff (same operation, diff media type), files, reviews, threads.
  'GET /repos/{owner}/{repo}/pulls',
  'POST /repos/{owner}/{repo}/pulls',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/comments',
  'GET /repos/{owner}/{repo}/pulls/comments/{comment_id}',
  'PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}',
  'POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
  'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
  // Branches for the agent's changes.
  'GET /repos/{owner}/{repo}/git/ref/{ref}',
  'GET /repos/{owner}/{repo}/git/matching-refs/{ref}',
  'POST /repos/{owner}/{repo}/git/refs',
  'PATCH /repos/{owner}/{repo}/git/refs/{ref}',
  // Signed commits through the Git Data API.
  'GET /repos/{owner}/{repo}/git/commits/{commit_sha}',
  'POST /repos/{owner}/{repo}/git/blobs',
  'POST /repos/{owner}/{repo}/git/trees',
  'POST /repos/{owner}/{repo}/git/commits',
  // Pull requests for the agent's branch: reopened runs update the one they opened.
  'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
  // Scheduled triage, and the maintenance report kept in one issue.
  'GET /repos/{owner}/{repo}/issues',
  'POST /repos/{owner}/{repo}/issues',
  'PATCH /repos/{owner}/{repo}/issues/{issue_number}',
  // Finding earlier runs' issues and pull requests.
  'GET /search/issues',
  // A newer run of the same workflow for the same pull request (a superseded review).
  'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
  'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
  // Fleet plans: an owner's repositories, and whether the owner is an organization or a user.
  'GET /users/{username}',
  'GET /orgs/{org}/repos',
  'GET /users/{username}/repos',
];

/** Documentation, not validation: dropped wherever they are keywords (not property names). */
const DOCUMENTATION_KEYS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  'tags',
  'x-github',
  'x-octokit',
  'x-githubEnterpriseOverlays',
]);

/** Copies a schema (or any part of the description) without documentation keys. */
function strip(node) {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  const result = {};
  for (const [key, value] of Object.entries(node)) {
    if (DOCUMENTATION_KEYS.has(key)) continue;
    // Under `properties` the keys are property names: a property may be called `description`.
    result[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, strip(schema)]))
        : strip(value);
  }
  return result;
}

function trimOperation(operation) {
  const trimmed = { operationId: operation.operationId };
  if (operation.parameters?.length) {
    trimmed.parameters = operation.parameters.map((parameter) =>
      strip({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required ?? false,
        schema: parameter.schema,
      }),
    );
  }
  const json = operation.requestBody?.content?.['application/json'];
  if (json) {
    trimmed.requestBody = {
      required: operation.requestBody.required ?? false,
      content: { 'application/json': { schema: strip(json.schema) } },
    };
  }
  return trimmed;
}

async function downloadDescription(folder) {
  const { stdout } = await run(
    'npm',
    ['pack', `${PACKAGE}@${VERSION}`, '--pack-destination', folder, '--json', '--silent'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const [packed] = JSON.parse(stdout);
  await run('tar', [
    '-xzf',
    join(folder, packed.filename),
    '-C',
    folder,
    `package/${DESCRIPTION_FILE}`,
  ]);
  return join(folder, 'package', DESCRIPTION_FILE);
}

async function main() {
  const fromFlag = process.argv.indexOf('--from');
  const temp = await mkdtemp(join(os.tmpdir(), 'github-openapi-'));
  try {
    const source =
      fromFlag >= 0 ? resolve(process.argv[fromFlag + 1]) : await downloadDescription(temp);
    const description = JSON.parse(await readFile(source, 'utf8'));
    const paths = {};
    const missing = [];
    // Sorted by path, then method, so a regenerated file diffs cleanly.
    const entries = OPERATIONS.map((entry) => entry.split(' ')).sort(([m1, p1], [m2, p2]) =>
      p1 === p2 ? m1.localeCompare(m2) : p1.localeCompare(p2),
    );
    for (const [method, template] of entries) {
      const entry = `${method} ${template}`;
      const operation = description.paths[template]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(entry);
        continue;
      }
      paths[template] ??= {};
      paths[template][method.toLowerCase()] = trimOperation(operation);
    }
    if (missing.length > 0) {
      throw new Error(`not in ${PACKAGE}@${VERSION}: ${missing.join(', ')}`);
    }
    const fixture = {
      openapi: description.openapi,
      info: {
        title: 'GitHub REST API operations used by this project (generated, do not edit)',
        version: description.info.version,
        'x-source': `${PACKAGE}@${VERSION} ${DESCRIPTION_FILE}; regenerate with node scripts/update-github-openapi.mjs`,
      },
      paths,
    };
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(output)) ?? {};
    const text = await prettier.format(JSON.stringify(fixture), { ...config, parser: 'json' });
    await writeFile(output, text);
    console.log(`wrote ${output}: ${OPERATIONS.length} operations, ${text.length} characters`);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

await main();
