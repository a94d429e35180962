/**
 * Where the specification and the current Gemini CLI name a tool's parameter differently, the
 * tool declares the specification's name and accepts the Gemini CLI's as an alias: alias →
 * declared name, per tool. One table, because the policy needs it too: a Gemini CLI user's
 * `argsPattern = '"file_path":"…"'` for `read_file` must see the call under that name.
 */
export const PARAMETER_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  read_file: { file_path: 'absolute_path' },
  list_directory: { dir_path: 'path' },
  glob: { dir_path: 'path' },
  search_file_content: { dir_path: 'path', include_pattern: 'include' },
  run_shell_command: { dir_path: 'directory' },
};

/** The tool's arguments under the Gemini CLI's current names (declared name → alias). */
export function withGeminiNames(
  toolName: string,
  args: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const aliases = PARAMETER_ALIASES[toolName];
  if (aliases === undefined) return { ...args };
  const renamed: Record<string, unknown> = {};
  const geminiName = new Map(Object.entries(aliases).map(([alias, declared]) => [declared, alias]));
  for (const [key, value] of Object.entries(args)) renamed[geminiName.get(key) ?? key] = value;
  return renamed;
}
