/**
 * Which deny (and ask_user) rules a command could slip past by being spelled differently, for
 * `gemini-agent policy check`: a `commandPrefix` that gives options to a program whose option
 * grammar is not known (only its own spelling, give or take quotes and spaces, is denied), one
 * with options the grammar does not know, one that is not plain words, and a `commandRegex` that
 * spells options out. Each warning names the rule as `file:line:column`. Pure.
 */
import { prefixForm } from './deny-readings.js';
import { gitSubcommandGrammar, KNOWN_PROGRAMS } from './option-grammar.js';
import type { PolicyRule } from './policy-types.js';
import { ruleLocation } from './describe-rule.js';

const KNOWN = KNOWN_PROGRAMS.join(', ');

export function respellingWarnings(rules: readonly PolicyRule[]): string[] {
  const warnings: string[] = [];
  for (const rule of rules) {
    if (rule.decision === 'allow') continue;
    const at = ruleLocation(rule);
    for (const prefix of rule.commandPrefixes ?? []) {
      const problem = prefixProblem(prefix);
      if (problem !== undefined) warnings.push(`${at}: ${problem}`);
    }
    const regex = rule.commandRegex;
    if (regex !== undefined && spellsOptions(regex.source)) {
      warnings.push(
        `${at}: commandRegex /${regex.source}/ names options as they are written, so other ` +
          `spellings of the same options (-fr for -rf, -r -f, long forms, another order) do not ` +
          `match it; for ${KNOWN}, deny with commandPrefix instead, which matches every spelling`,
      );
    }
  }
  return warnings;
}

function prefixProblem(prefix: string): string | undefined {
  const shown = JSON.stringify(prefix);
  const form = prefixForm(prefix);
  const words = form.words;
  if (words === undefined) {
    return (
      `commandPrefix ${shown} is not plain words (it holds quotes left open, $, a glob or shell ` +
      `syntax), so it is matched on the command's raw text only: a respelling of it (other ` +
      `spaces, quotes, a path to the program) is not denied`
    );
  }
  const program = words[0] ?? '';
  const options = words.slice(1).filter((word) => word.startsWith('-') && word !== '-');
  if (options.length === 0) return undefined;
  const listed = options.join(' ');
  if (form.grammar === undefined) {
    return (
      `commandPrefix ${shown} gives options (${listed}) to \`${program}\`, whose options this ` +
      `agent does not know: only this spelling is denied, not the options grouped, split, ` +
      `reordered, abbreviated or in their long form. Deny \`${program}\` as a whole, or list each ` +
      `spelling (options are known for ${KNOWN})`
    );
  }
  if (form.grammar.kind === 'git') {
    const subcommand = form.canonical?.operands[0]?.word;
    const name = subcommand?.kind === 'literal' ? subcommand.value : undefined;
    if (name !== undefined && !gitSubcommandGrammar(name).known) {
      const subOptions = form.canonical?.options.filter((o) => o.scope !== 'git') ?? [];
      if (subOptions.length > 0) {
        return (
          `commandPrefix ${shown} gives options to \`git ${name}\`, whose options this agent ` +
          `does not know: their short and long forms are not equated (grouped, split and ` +
          `reordered short options still are). Deny \`git ${name}\` as a whole, or list each spelling`
        );
      }
    }
  }
  const unknown = form.canonical?.unknown ?? [];
  if (unknown.length > 0) {
    const subcommand = form.canonical?.operands[0]?.word;
    const whose =
      form.grammar.kind === 'git' && subcommand?.kind === 'literal'
        ? `git ${subcommand.value}`
        : program;
    return (
      `commandPrefix ${shown} gives \`${whose}\` options this agent does not know ` +
      `(${unknown.join(' ')}): their other spellings are not denied, and neither are commands ` +
      `where a word after them is read differently`
    );
  }
  return undefined;
}

/** A regex that spells out an option: ` -rf`, `\s--force`, `(-f|--force)`. */
function spellsOptions(source: string): boolean {
  return /(?:^|[\s(|]|\\s[*+?]?|\\s\{[\d,]+\}|\])-{1,2}[A-Za-z]/u.test(source);
}
