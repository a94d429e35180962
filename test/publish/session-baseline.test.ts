// The workspace before the session decides what publishing and the final diff leave out: files
// an earlier step left, and clean filters configured while the session ran.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkChanges } from '../../src/publish/change-checks.js';
import { buildTree } from '../../src/publish/commit.js';
import { captureSessionBaseline } from '../../src/publish/session-baseline.js';
import { readWorkspaceChanges } from '../../src/publish/workspace-changes.js';
import { workspaceDiff } from '../../src/publish/workspace-diff.js';
import { tempRepo } from '../support/temp-repo.js';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

describe('session baseline', () => {
  it('leaves out untracked files an earlier step left, keeping what the session added', async () => {
    const root = await tempRepo({ 'README.md': 'hello\n' }, { git: true });
    await writeFile(path.join(root, 'gha-creds-1234.json'), '{"type":"external_account"}\n');
    const baseline = await captureSessionBaseline(root);
    expect([...(baseline?.untracked ?? [])]).toEqual(['gha-creds-1234.json']);

    await writeFile(path.join(root, 'notes.md'), 'from the session\n');
    await writeFile(path.join(root, 'README.md'), 'hello again\n');
    const changes = await readWorkspaceChanges(root, { baseline });
    const checked = await checkChanges(changes, { preexisting: baseline?.untracked });
    expect(checked.accepted.map((entry) => entry.path)).toEqual(['README.md', 'notes.md']);
    expect(checked.refusals).toEqual([
      expect.objectContaining({ path: 'gha-creds-1234.json', kind: 'preexisting' }),
    ]);

    const diff = await workspaceDiff(root, { baseline });
    expect(diff?.patch).toContain('+from the session');
    expect(diff?.patch).not.toContain('gha-creds');
    expect(diff?.patch).not.toContain('external_account');
  });

  it('the final diff leaves out what the secret scan refuses', async () => {
    const root = await tempRepo({ 'README.md': 'hello\n' }, { git: true });
    const baseline = await captureSessionBaseline(root);
    const secret = 'run-secret-value-0987654321';
    await writeFile(path.join(root, 'deploy.sh'), `curl -H "Authorization: Bearer ${secret}"\n`);
    await writeFile(path.join(root, 'README.md'), 'hello again\n');
    const diff = await workspaceDiff(root, { baseline, checks: { knownSecrets: [secret] } });
    expect(diff?.patch).toContain('+hello again');
    expect(diff?.patch).not.toContain('deploy.sh');
  });

  it('switches off a clean filter configured during the session, but keeps one from before', async () => {
    const root = await tempRepo({ 'README.md': 'hello\n' }, { git: true });
    // Markers inside .git: outside the working tree, removed with the repository.
    const trusted = path.join(root, '.git', 'trusted-filter-ran');
    const planted = path.join(root, '.git', 'planted-filter-ran');
    // A filter configured before the session (as Git LFS would be): it upper-cases `*.up` files.
    git(root, 'config', 'filter.upper.clean', `sh -c "touch '${trusted}'; tr a-z A-Z"`);
    await writeFile(path.join(root, '.gitattributes'), '*.up filter=upper\n*.txt filter=pwn\n');
    const baseline = await captureSessionBaseline(root);

    // During the session: a new filter driver, and a changed one.
    git(root, 'config', 'filter.pwn.clean', `sh -c "touch '${planted}'; cat"`);
    await writeFile(path.join(root, 'shout.up'), 'quiet\n');
    await writeFile(path.join(root, 'notes.txt'), 'plain\n');
    const changes = await readWorkspaceChanges(root, { baseline });
    expect(existsSync(planted)).toBe(false);
    expect(existsSync(trusted)).toBe(true);

    const tree = await buildTree({ changes, accepted: changes.entries });
    expect(existsSync(planted)).toBe(false);
    expect(git(root, 'cat-file', '-p', `${tree}:shout.up`)).toBe('QUIET');
    expect(git(root, 'cat-file', '-p', `${tree}:notes.txt`)).toBe('plain');

    git(root, 'config', 'filter.upper.clean', `sh -c "touch '${planted}'; cat"`);
    await readWorkspaceChanges(root, { baseline });
    expect(existsSync(planted)).toBe(false);
  });

  it('is undefined outside a repository', async () => {
    const plain = await tempRepo({ 'a.txt': 'x' });
    expect(await captureSessionBaseline(plain)).toBeUndefined();
  });
});
