// A deliberately small shell analyser for engine unit tests: splits on separators, reads simple
// redirections and marks `$`, backticks, quotes and wrappers as hazards. The real analyser is
// tested against the engine in shell-table.test.ts; this one keeps unit tests independent of it.
import type {
  ShellAnalysis,
  ShellCommandPiece,
  ShellHazard,
  ShellRedirect,
} from '../../../src/policy/shell/shell-analysis-types.js';

const WRAPPERS = new Set(['env', 'command', 'exec', 'eval', 'xargs', 'sudo', 'timeout', 'nice']);

export function simpleShell(command: string): Promise<ShellAnalysis> {
  if (command.includes('((')) {
    return Promise.resolve({
      commands: [],
      hazards: [{ kind: 'parse_error', detail: 'a parse error' }],
    });
  }
  const commands: ShellCommandPiece[] = [];
  for (const segment of command.split(/&&|\|\||[;|\n]/u)) {
    const words = segment
      .trim()
      .split(/\s+/u)
      .filter((word) => word !== '');
    if (words.length === 0) continue;
    const kept: string[] = [];
    const redirects: ShellRedirect[] = [];
    for (let i = 0; i < words.length; i++) {
      const word = words[i] ?? '';
      const match = /^(\d?>>?|<|&>)(.*)$/u.exec(word);
      if (match) {
        const operator = match[1] ?? '>';
        const target = match[2] || (words[++i] ?? '');
        const dup = target.startsWith('&');
        redirects.push({
          operator,
          target,
          ...(target.includes('$') ? {} : { literalTarget: target }),
          isDescriptorDuplication: dup,
        });
      } else {
        kept.push(word);
      }
    }
    const hazards: ShellHazard[] = [];
    const text = kept.join(' ');
    if (/\$\(|`/u.test(text))
      hazards.push({ kind: 'command_substitution', detail: 'command substitution' });
    else if (text.includes('$')) hazards.push({ kind: 'expansion', detail: 'an expansion' });
    if (/['"\\]/u.test(kept[0] ?? ''))
      hazards.push({ kind: 'dynamic_command_name', detail: 'a quoted command name' });
    if (WRAPPERS.has(kept[0] ?? ''))
      hazards.push({ kind: 'wrapper', detail: `the wrapper \`${kept[0] ?? ''}\`` });
    commands.push({
      text,
      ...(kept[0] !== undefined ? { name: kept[0] } : {}),
      args: kept.slice(1),
      redirects,
      hazards,
      depth: 0,
    });
  }
  return Promise.resolve({ commands, hazards: [] });
}
