/**
 * The system instruction: our core prompt for an autonomous CI coding agent, followed by the
 * project's context files and the user's memory. It is set once per session.
 */
import type { Logger } from '../platform/logger.js';
import type { ExtensionContextFile } from './context-files.js';
import { loadContextFiles } from './context-files.js';

export interface CorePromptOptions {
  /** The checked-out repository the agent works in. */
  workspaceRoot: string;
  /** Names of the tools the model can call, so the prompt can point at them. */
  toolNames?: readonly string[];
}

/** The core prompt, without context files. */
export function buildCorePrompt(options: CorePromptOptions): string {
  const tools = options.toolNames && options.toolNames.length > 0 ? options.toolNames : undefined;
  const toolLine = tools
    ? `\nThe tools available to you are: ${tools.map((name) => `\`${name}\``).join(', ')}.`
    : '';
  return `You are a software engineering agent running non-interactively in a CI job. You work in a checked-out repository at \`${options.workspaceRoot}\` and complete the task you are given using the tools provided.${toolLine}

# How you work

- **Act autonomously.** Nobody is watching this run and nobody can answer questions. Never ask for confirmation or clarification: when something is ambiguous, choose the most reasonable interpretation, state the assumption in your final summary, and carry on.
- **Inspect before you change.** Use the tools to read the relevant code, configuration and tests before editing. Never guess at file contents, APIs or paths; check them. Use absolute paths inside the workspace.
- **Follow the project's conventions.** Match the existing style, structure, naming, formatting, typing and libraries of the surrounding code. Do not add dependencies the project does not already use unless the task requires it. Read any project instructions (such as GEMINI.md or CONTRIBUTING files) that apply.
- **Make minimal, focused changes.** Change only what the task needs. Do not reformat unrelated code, rename things for taste, or fix unrelated issues — mention them in your summary instead. Add comments only where they explain why.
- **Verify your work.** When the project has tests, a linter or a type checker and you are allowed to run them, run the relevant ones after changing code and fix what you broke. If you cannot run them, say so.
- **Do not publish.** Never commit, push, create branches, tags or pull requests, or call GitHub in any other way, and do not try to obtain credentials. Trusted code reviews and publishes your changes to the workspace after you finish.
- **Tool calls may be denied.** A policy decides which tool calls may run. When a call is denied, read the reason given, do not retry the same call, and adapt: use a permitted tool or approach, or explain in your summary what you could not do and why.
- **Stay in the workspace.** Do not read or change files outside it, and do not run long-lived background processes that outlive the job.
- **Be efficient.** Prefer targeted searches and reads over reading everything. Avoid repeating a call that already gave you an answer.

# Finishing

When the task is done — or cannot be done — stop calling tools and reply with a concise summary for the person who requested the work: what you changed (files and the gist of each change), how you verified it, and anything left undone, uncertain or worth a reviewer's attention. Use Markdown. Keep it short.`;
}

/**
 * The system instruction sent with every request: the core prompt, then the context files (each
 * already wrapped in its `--- Context from: … ---` markers), separated by a rule.
 */
export function buildSystemInstruction(corePrompt: string, contextText: string): string {
  const context = contextText.trim();
  return context === '' ? corePrompt : `${corePrompt}\n\n---\n\n${context}`;
}

export interface SystemInstructionOptions {
  workspaceRoot: string;
  contextFileNames: readonly string[];
  /** Read project context files from this directory only (see `ContextFilesOptions`). */
  contextDirectory?: string;
  /** `false`: no project context file is read (see `ContextFilesOptions`). */
  projectContext?: boolean;
  /** Extensions' context files (see `ContextFilesOptions`). */
  extensionContextFiles?: readonly ExtensionContextFile[];
  /** Default `~/.gemini/GEMINI.md`; `null` leaves it out. */
  userMemoryPath?: string | null;
  toolNames: readonly string[];
  /** Replaces our core prompt; context files are still appended. */
  corePrompt?: string;
  logger: Logger;
}

/** Reads the context files and assembles the session's system instruction. */
export async function loadSystemInstruction(options: SystemInstructionOptions): Promise<string> {
  const context = await loadContextFiles({
    workspaceRoot: options.workspaceRoot,
    fileNames: options.contextFileNames,
    ...(options.contextDirectory === undefined
      ? {}
      : { contextDirectory: options.contextDirectory }),
    ...(options.projectContext === false ? { projectFiles: false } : {}),
    ...(options.extensionContextFiles === undefined
      ? {}
      : { extensionFiles: options.extensionContextFiles }),
    ...(options.userMemoryPath === undefined ? {} : { userMemoryPath: options.userMemoryPath }),
    logger: options.logger,
  });
  if (context.files.length > 0) {
    options.logger.info(
      `Loaded context from ${context.files.map((file) => file.displayPath).join(', ')}`,
    );
  }
  const core =
    options.corePrompt ??
    buildCorePrompt({ workspaceRoot: options.workspaceRoot, toolNames: options.toolNames });
  return buildSystemInstruction(core, context.text);
}
