/**
 * Where tasks may work: inside the roots the server was started with (`--repo`, `--root`),
 * checked after symlinks are resolved, never inside a protected folder (a repository's `.gemini`
 * or `.github`, any `.git`, and below a root no `.gemini` or `.github` at all: see
 * `src/tools/protected-paths.ts`), and one task at a time per workspace (a workspace inside
 * another counts as the same one, since both tasks would touch the same files).
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInsideOrSame } from '../../platform/path-containment.js';
import { protectedWorkspaceProblem } from '../../tools/protected-paths.js';

export class WorkspaceRefused extends Error {
  override readonly name = 'WorkspaceRefused';
}

export class Workspaces {
  private readonly holders = new Map<string, string>();

  private constructor(
    /** Real paths; the first is the default workspace. */
    readonly roots: readonly string[],
  ) {}

  /** The roots as real paths; each must be an existing directory. */
  static async create(roots: readonly string[]): Promise<Workspaces> {
    const real: string[] = [];
    for (const root of roots) {
      const resolved = await realDirectory(root);
      if (resolved === undefined) throw new WorkspaceRefused(`${root} is not a directory.`);
      const problem = await protectedWorkspaceProblem(root, resolved);
      if (problem !== undefined) throw new WorkspaceRefused(problem);
      if (!real.includes(resolved)) real.push(resolved);
    }
    if (real.length === 0) throw new WorkspaceRefused('At least one workspace root is needed.');
    return new Workspaces(real);
  }

  get defaultWorkspace(): string {
    return this.roots[0] ?? '';
  }

  /**
   * The real path of a workspace a client asked for, or a refusal that says why: it must be an
   * absolute path to an existing directory equal to, or inside, one of the roots.
   */
  async resolve(requested: string): Promise<string> {
    if (!path.isAbsolute(requested)) {
      throw new WorkspaceRefused(
        `AgentSettings.workspace_path must be an absolute path, got ${JSON.stringify(requested)}.`,
      );
    }
    const resolved = await realDirectory(requested);
    if (resolved === undefined) {
      throw new WorkspaceRefused(
        `AgentSettings.workspace_path ${JSON.stringify(requested)} is not an existing directory.`,
      );
    }
    const root = this.roots.find((candidate) => isInsideOrSame(resolved, candidate));
    if (root === undefined) {
      throw new WorkspaceRefused(
        `AgentSettings.workspace_path ${JSON.stringify(requested)} is outside the workspaces this server was started with (${this.roots.join(', ')}); start it with --root for another one.`,
      );
    }
    const problem = await protectedWorkspaceProblem(requested, resolved, { pickedBelow: root });
    if (problem !== undefined) {
      throw new WorkspaceRefused(`AgentSettings.workspace_path is refused: ${problem}`);
    }
    return resolved;
  }

  /** The task working in `workspace`, or in a workspace inside it or around it. */
  holder(workspace: string): string | undefined {
    for (const [held, taskId] of this.holders) {
      if (isInsideOrSame(workspace, held) || isInsideOrSame(held, workspace)) return taskId;
    }
    return undefined;
  }

  /** Takes the workspace for a task; false when another task holds it. */
  claim(workspace: string, taskId: string): boolean {
    const holder = this.holder(workspace);
    if (holder !== undefined && holder !== taskId) return false;
    this.holders.set(workspace, taskId);
    return true;
  }

  release(workspace: string, taskId: string): void {
    if (this.holders.get(workspace) === taskId) this.holders.delete(workspace);
  }

  /** Hands a held workspace to another holder (an admitted request's to its task); false if not held by `from`. */
  transfer(workspace: string, from: string, to: string): boolean {
    if (this.holders.get(workspace) !== from) return false;
    this.holders.set(workspace, to);
    return true;
  }
}

async function realDirectory(dir: string): Promise<string | undefined> {
  try {
    const resolved = await realpath(dir);
    return (await stat(resolved)).isDirectory() ? resolved : undefined;
  } catch {
    return undefined;
  }
}
