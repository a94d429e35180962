/**
 * The Node.js versions the CLI runs on. package.json's `engines` holds the oldest release it
 * accepts; the even majors it is built and tested on (CI runs 22 and 24, the Action runs on 24)
 * are named here. An older Node would fail somewhere in the middle of a run (APIs, syntax and
 * module loading the bundle relies on), so the CLI refuses it at start with a message that names
 * what to install instead; a newer or odd major is let through with one warning.
 */
import packageJson from '../../package.json' with { type: 'json' };

/** The majors CI runs the suite on and the Action's runtime (`runs: node24`). */
export const TESTED_NODE_MAJORS: readonly number[] = [22, 24];

export type NodeVersionCheck =
  | { verdict: 'supported' }
  | { verdict: 'untested'; message: string }
  | { verdict: 'unsupported'; message: string };

/** `>=22.13` in package.json's `engines.node`, as numbers. */
export function minimumNodeVersion(engines: string = packageJson.engines.node): number[] {
  const match = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(engines.trim());
  if (!match?.[1]) throw new Error(`package.json engines.node is not ">=X.Y": ${engines}`);
  return match[1].split('.').map(Number);
}

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

function atLeast(version: readonly number[], minimum: readonly number[]): boolean {
  for (let i = 0; i < minimum.length; i += 1) {
    const have = version[i] ?? 0;
    const need = minimum[i] ?? 0;
    if (have !== need) return have > need;
  }
  return true;
}

/** The versions to name in a message: "Node.js 22 (22.13 or later) or 24". */
export function supportedNodeVersions(): string {
  const minimum = minimumNodeVersion();
  const [first, ...rest] = TESTED_NODE_MAJORS.map((major) =>
    major === minimum[0] && minimum.length > 1
      ? `${major} (${minimum.join('.')} or later)`
      : String(major),
  );
  return rest.length === 0 ? `Node.js ${first}` : `Node.js ${first} or ${rest.join(' or ')}`;
}

/** Whether `version` (`process.versions.node`) can run the CLI, and what to say if not. */
export function checkNodeVersion(version: string): NodeVersionCheck {
  const have = parts(version);
  if (!atLeast(have, minimumNodeVersion())) {
    return {
      verdict: 'unsupported',
      message: `gemini-agent needs ${supportedNodeVersions()}; this is Node.js ${version}. Install one of those and run it again.`,
    };
  }
  if (!TESTED_NODE_MAJORS.includes(have[0] ?? 0)) {
    return {
      verdict: 'untested',
      message: `gemini-agent is tested on ${supportedNodeVersions()}; Node.js ${version} may work but is not tested.`,
    };
  }
  return { verdict: 'supported' };
}
