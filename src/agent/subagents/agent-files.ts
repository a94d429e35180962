/**
 * Subagents from Markdown files, in the Gemini CLI's format (docs/core/subagents.md; the loader
 * packages/core/src/agents/agentLoader.ts): a file `<folder>/<name>.md` starts with YAML
 * frontmatter between `---` lines — `name`, `description`, optionally `kind: local`,
 * `display_name`, `tools`, `model`, `temperature`, `max_turns`, `timeout_mins` — and its body is
 * the agent's system prompt. The main agent passes it one input, `query`.
 *
 * As in the Gemini CLI: only the folder's top-level `*.md` files are read, files starting with
 * `_` are skipped, a missing folder is no error, unknown keys are errors (the schema is strict,
 * so the docs' `mcpServers` spelling is refused), and the defaults are 30 turns, 10 minutes and
 * the main session's model. Unlike it, a `${placeholder}` the agent cannot fill is an error
 * when the file is loaded rather than when the agent runs, and `temperature` left unset keeps
 * the model table's settings. A file that does not load is reported with its file, line and
 * column, and the other agents still load.
 *
 * Two refusals of our own: a file past the limits of `AGENT_FILE_LIMITS` (its size, how deeply
 * its frontmatter nests, how many files a folder holds), and an agent named like a tool or agent
 * this product or the Gemini CLI defines (tools/reserved-names.ts): a `complete_task` agent would
 * be offered to the main agent as the tool every preset allows by that name.
 */
import { lstat, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Document } from 'yaml';
import { z } from 'zod';
import { ConfigurationError, errorMessage, isMissingPathError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { describeReservedName, reservedToolName } from '../../tools/reserved-names.js';
import type { AgentDefinition } from './agent-definition.js';
import { AGENT_FILE_LIMITS, frontmatterLimitProblem } from './agent-file-limits.js';
import {
  AGENT_NAME_PATTERN,
  AGENT_NAME_RULE,
  DEFAULT_AGENT_MAX_TURNS,
  DEFAULT_AGENT_TIMEOUT_MS,
  INHERIT_MODEL,
  defineAgent,
  templatePlaceholders,
} from './agent-definition.js';

/** A folder of agent files, and how messages name it (a base-branch copy lives in a temp dir). */
export interface AgentFolder {
  path: string;
  /** Shown instead of `path` in sources and errors, e.g. `.gemini/agents`. */
  shownAs?: string;
  /** False for an agent file not to load (the agent wrote it in an earlier session). */
  mayLoad?: (absolutePath: string) => boolean;
}

export interface LoadedAgents {
  agents: AgentDefinition[];
  /** One per file that did not load, each naming the file, line and column. */
  problems: ConfigurationError[];
}

/** The Gemini CLI's frontmatter pattern. */
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?$/;

/** What the body may hold in `${…}`: the agent's input, and values the executor fills. */
export const AGENT_FILE_PLACEHOLDERS = ['query', 'today', 'activeModel'] as const;

const TOOL_ENTRY = /^(?:\*|mcp_\*|mcp_[A-Za-z0-9_.:-]+_\*|[A-Za-z_][A-Za-z0-9_.:-]*)$/;

const frontmatterSchema = z.strictObject({
  kind: z
    .literal('local', {
      error: 'only local agents are supported here (kind: local); remote (A2A) agents are not',
    })
    .optional(),
  name: z.string().regex(AGENT_NAME_PATTERN, `expected ${AGENT_NAME_RULE}`),
  description: z.string().trim().min(1, 'expected a description of what the agent does'),
  display_name: z.string().trim().min(1).optional(),
  tools: z
    .array(
      z
        .string()
        .regex(TOOL_ENTRY, 'expected a tool name, or a wildcard (*, mcp_*, mcp_<server>_*)'),
    )
    .optional(),
  mcp_servers: z
    .unknown()
    .refine(() => false, {
      message:
        "servers of an agent's own are not supported here; declare them in .gemini/settings.json and name their tools in tools",
    })
    .optional(),
  model: z.string().trim().min(1).optional(),
  temperature: z.number().min(0).max(2).optional(),
  max_turns: z.number().int().positive().optional(),
  timeout_mins: z.number().positive().optional(),
});

/** The repository's agent files, as the base-branch copy names them. */
export const PROJECT_AGENT_FILES = '.gemini/agents/*.md';

/**
 * The repository's agents folder under a configuration root: the workspace, or on a pull request
 * the copy of the base branch's files (a contributor's agent cannot run with the Action's trust
 * before it is merged; the Gemini CLI asks a person to acknowledge new project agents instead).
 */
export function projectAgentsFolder(configRoot: string): AgentFolder {
  return { path: path.join(configRoot, '.gemini', 'agents'), shownAs: '.gemini/agents' };
}

/**
 * An extension's agents folder: `agents/*.md` in the extension's root, as the Gemini CLI loads
 * them (docs/extensions/reference.md "Sub-agents"), read from `directory` (on a pull request the
 * base branch's copy of a repository extension) and shown as `<shownAs>/agents`. They come after
 * the built-in and the repository's agents, so an extension cannot replace one of those.
 */
export function extensionAgentsFolder(directory: string, shownAs: string): AgentFolder {
  return { path: path.join(directory, 'agents'), shownAs: `${shownAs}/agents` };
}

/**
 * The agents of these folders (the repository's, then extensions'), for `startAgent`. A file that
 * does not load is a warning naming its file, line and column; the others are still offered.
 */
export async function loadAgents(
  folders: readonly AgentFolder[],
  logger: Logger,
): Promise<AgentDefinition[]> {
  const loaded = await loadAgentFolders(folders);
  for (const problem of loaded.problems) {
    logger.warning(`The agent file was not loaded: ${problem.message}`);
  }
  if (loaded.agents.length > 0) {
    logger.info(
      `Agents: ${loaded.agents.map((agent) => `${agent.name} (${agent.source})`).join(', ')}.`,
    );
  }
  return loaded.agents;
}

/** Reads the agent files of each folder, in order; `problems` holds the files that failed. */
export async function loadAgentFolders(folders: readonly AgentFolder[]): Promise<LoadedAgents> {
  const loaded: LoadedAgents = { agents: [], problems: [] };
  for (const folder of folders) {
    let names: string[];
    try {
      names = await readdir(folder.path);
    } catch (error) {
      if (isMissingPathError(error)) continue;
      loaded.problems.push(
        new ConfigurationError(`the agents folder cannot be read: ${errorMessage(error)}`, {
          file: folder.shownAs ?? folder.path,
        }),
      );
      continue;
    }
    const agentFiles = names.filter((entry) => entry.endsWith('.md') && !entry.startsWith('_'));
    if (agentFiles.length > AGENT_FILE_LIMITS.maxFilesPerFolder) {
      loaded.problems.push(
        new ConfigurationError(
          `expected at most ${AGENT_FILE_LIMITS.maxFilesPerFolder} agent files in one folder (each agent is offered to the model as a tool); it has ${agentFiles.length}, so none of them is loaded.`,
          { file: folder.shownAs ?? folder.path },
        ),
      );
      continue;
    }
    for (const name of agentFiles.sort()) {
      const file = path.join(folder.path, name);
      if (folder.mayLoad?.(file) === false) continue;
      const shown = folder.shownAs === undefined ? file : `${folder.shownAs}/${name}`;
      try {
        const info = await lstat(file);
        // Not a regular file (a folder, a link out of the repository): not an agent file.
        if (!info.isFile()) continue;
        if (info.size > AGENT_FILE_LIMITS.maxBytes) {
          throw new ConfigurationError(
            `expected an agent file of at most ${AGENT_FILE_LIMITS.maxBytes} bytes; it has ${info.size}.`,
            { file: shown },
          );
        }
        loaded.agents.push(await parseAgentFile(await readFile(file, 'utf8'), shown));
      } catch (error) {
        loaded.problems.push(
          error instanceof ConfigurationError
            ? error
            : new ConfigurationError(errorMessage(error), { file: shown }),
        );
      }
    }
  }
  return loaded;
}

/**
 * The YAML parser, loaded with the first agent file: most runs have none, and it is about 290 KB
 * of the bundle that every start would otherwise compile and run before its first request.
 */
const loadYaml = () => import('yaml');
type Yaml = Awaited<ReturnType<typeof loadYaml>>;

/** One agent file's definition; a `ConfigurationError` at the file, line and column at fault. */
export async function parseAgentFile(text: string, file: string): Promise<AgentDefinition> {
  const match = FRONTMATTER.exec(text);
  const yamlText = match?.[1];
  if (match === null || yamlText === undefined) {
    throw new ConfigurationError(
      'expected the agent file to start with YAML frontmatter between "---" lines (name, description, …), followed by the system prompt.',
      { file, line: 1, column: 1 },
    );
  }
  // The frontmatter starts on the file's second line.
  const yamlLine = 2;
  const yaml = await loadYaml();
  const tooMuch = frontmatterLimitProblem(yaml, yamlText);
  if (tooMuch !== undefined) {
    const yamlStart = text.indexOf('\n') + 1;
    throw new ConfigurationError(
      tooMuch.message,
      filePosition(text, yamlStart + tooMuch.offset, file),
    );
  }
  const lineCounter = new yaml.LineCounter();
  const document = yaml.parseDocument(yamlText, { lineCounter, prettyErrors: false });
  const at = (offset: number) => {
    const position = lineCounter.linePos(offset);
    return { file, line: position.line + yamlLine - 1, column: position.col };
  };
  const yamlError = document.errors[0];
  if (yamlError !== undefined) {
    throw new ConfigurationError(
      `the frontmatter is not valid YAML: ${yamlError.message}`,
      at(yamlError.pos[0]),
    );
  }
  if (!yaml.isMap(document.contents)) {
    throw new ConfigurationError(
      'expected the frontmatter to be a YAML mapping (name: …, description: …); a list defines remote agents, which are not supported here.',
      { file, line: yamlLine, column: 1 },
    );
  }
  const parsed = frontmatterSchema.safeParse(document.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const keys = issue?.code === 'unrecognized_keys' ? issue.keys : [];
    const where =
      keys.length > 0
        ? keyOffset(yaml, document, keys[0] ?? '')
        : nodeOffset(document, issue?.path ?? []);
    const field = issue?.path.join('.') ?? '';
    const missing = issue !== undefined && issue.path.length === 1 && !document.has(issue.path[0]);
    const message =
      keys.length > 0
        ? `unknown field ${keys.map((key) => `"${key}"`).join(', ')}; expected kind, name, description, display_name, tools, model, temperature, max_turns or timeout_mins`
        : missing
          ? `${field}: required, but the frontmatter has none`
          : `${field === '' ? 'frontmatter' : field}: ${issue?.message ?? 'invalid'}`;
    throw new ConfigurationError(`${message}.`, at(where));
  }
  const fields = parsed.data;
  const reserved = reservedToolName(fields.name);
  if (reserved !== undefined) {
    throw new ConfigurationError(
      `name: ${describeReservedName(fields.name, reserved)}. Rename the agent.`,
      at(nodeOffset(document, ['name'])),
    );
  }
  const body = match[2] ?? '';
  const bodyStart = text.length - body.length;
  const fileAt = (offset: number) => filePosition(text, offset, file);
  if (body.trim() === '') {
    throw new ConfigurationError(
      "expected the agent's system prompt after the frontmatter.",
      fileAt(bodyStart),
    );
  }
  for (const placeholder of templatePlaceholders(body)) {
    if (!(AGENT_FILE_PLACEHOLDERS as readonly string[]).includes(placeholder.name)) {
      throw new ConfigurationError(
        `unknown placeholder \${${placeholder.name}}; an agent file may use ${AGENT_FILE_PLACEHOLDERS.map((name) => `\${${name}}`).join(', ')}.`,
        fileAt(bodyStart + placeholder.offset),
      );
    }
  }
  return defineAgent({
    name: fields.name,
    displayName: fields.display_name,
    description: fields.description,
    systemPrompt: body.trim(),
    query: '${query}',
    inputSchema: z.object({
      query: z
        .string()
        .min(1)
        .describe('The task for the agent, complete with what it needs to know.'),
    }),
    model: fields.model ?? INHERIT_MODEL,
    temperature: fields.temperature,
    tools: fields.tools,
    maxTurns: fields.max_turns ?? DEFAULT_AGENT_MAX_TURNS,
    timeoutMs:
      fields.timeout_mins === undefined
        ? DEFAULT_AGENT_TIMEOUT_MS
        : Math.round(fields.timeout_mins * 60_000),
    source: file,
  });
}

/** Where the value at `path` starts in the frontmatter (its start when it is missing). */
function nodeOffset(document: Document, keyPath: readonly PropertyKey[]): number {
  for (let depth = keyPath.length; depth > 0; depth--) {
    const node: unknown = document.getIn(keyPath.slice(0, depth) as unknown[], true);
    const range = (node as { range?: [number, number, number] } | undefined)?.range;
    if (range !== undefined) return range[0];
  }
  return 0;
}

function keyOffset(yaml: Yaml, document: Document, key: string): number {
  if (!yaml.isMap(document.contents)) return 0;
  for (const pair of document.contents.items) {
    if (yaml.isScalar(pair.key) && pair.key.value === key) return pair.key.range?.[0] ?? 0;
  }
  return 0;
}

function filePosition(text: string, offset: number, file: string) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { file, line, column: offset - before.lastIndexOf('\n') };
}
