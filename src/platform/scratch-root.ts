/**
 * Where the trusted process keeps its own short-lived files (a throwaway git index, a shadow
 * repository for a push). On a runner that is `RUNNER_TEMP`: the runner empties it after every
 * job, so files a killed step could not remove (SIGKILL gives no chance) do not pile up on a
 * self-hosted runner. Tools never see it: `RUNNER_TEMP` is a denied path. Elsewhere, the system's
 * temporary folder.
 */
import { tmpdir } from 'node:os';

export function scratchRoot(env: NodeJS.ProcessEnv = process.env): string {
  const runnerTemp = env.RUNNER_TEMP;
  return runnerTemp !== undefined && runnerTemp !== '' ? runnerTemp : tmpdir();
}
