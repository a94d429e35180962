/**
 * What the workspace boundary answers about a path. Apart from workspace.ts because the verified
 * open (verified-open.ts), which the workspace uses, speaks them too.
 */

export type PathPurpose = 'read' | 'write';

export type ResolvedPath =
  | {
      ok: true;
      /** The real path (symlinks resolved), which tools must use for the actual file operation. */
      absolutePath: string;
      /** Relative to the workspace root the path lies in; `''` for that root itself. */
      relativePath: string;
      /** The workspace root (real path) that contains the path. */
      root: string;
    }
  | { ok: false; error: { message: string; type: 'path_not_in_workspace' } };
