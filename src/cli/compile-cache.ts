/**
 * V8's compile cache for the CLI's bundle (Node ≥ 22.1, `module.enableCompileCache`): the ~4 MB
 * loaded before the first model request are compiled on the first run of a version and read back
 * from the cache after that, which takes tens of milliseconds off every start. Node checks each
 * entry against the file it was made from and falls back to compiling when they differ.
 *
 * The cache lives in the user's own cache directory, not Node's default under the shared
 * temporary directory: compiled code read from a place other users can write to would let them
 * run code in this process. `NODE_COMPILE_CACHE` still chooses another directory and
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off, as for any Node program.
 */
import module from 'node:module';
import path from 'node:path';

export function enableCompileCache(env: Readonly<Record<string, string | undefined>>): void {
  // Absent before Node 22.1: the CLI then compiles on every start, as it always did.
  const enable = (module as { enableCompileCache?: (directory?: string) => unknown })
    .enableCompileCache;
  if (enable === undefined) return;
  const cacheHome = env.XDG_CACHE_HOME ?? (env.HOME ? path.join(env.HOME, '.cache') : undefined);
  if (cacheHome === undefined || !path.isAbsolute(cacheHome)) return;
  try {
    // Quiet by design: it reports a directory it cannot use instead of throwing.
    enable.call(module, path.join(cacheHome, 'gemini-agent', 'node-compile-cache'));
  } catch {
    // A cache is an optimization; starting without one is always fine.
  }
}
