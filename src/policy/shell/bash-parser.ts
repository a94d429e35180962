/**
 * The bash parser: tree-sitter's bash grammar running in WebAssembly, loaded once per process.
 * This is the only file of the shell analysis that does I/O (loading the runtime and reading the
 * two `.wasm` files).
 *
 * Parsing returns a plain copy of the syntax tree (`ShellSyntaxNode`) so that the analysis is
 * pure code over plain objects and no WebAssembly memory outlives a parse.
 *
 * The bundles in `dist/` have no `node_modules`: the build copies the runtime
 * (`web-tree-sitter.cjs` and `web-tree-sitter.wasm`) and the grammar (`tree-sitter-bash.wasm`)
 * next to each bundle, so those are looked up beside the running code first and in
 * `node_modules` second (running from source, in tests).
 *
 * The runtime is web-tree-sitter's CommonJS build, loaded at run time rather than bundled: its ES
 * module build finds Node's `createRequire` through `await import('module')`, which ncc turns
 * into a namespace without it, so the bundled copy fails to start.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import type * as TreeSitter from 'web-tree-sitter';
import type { Parser, TreeCursor } from 'web-tree-sitter';

/** One node of a parsed command, detached from the parser. Offsets index the source string. */
export interface ShellSyntaxNode {
  /** The grammar's node type (`command`, `word`, `;`, …). */
  readonly type: string;
  /** False for punctuation and keywords (`;`, `&&`, `then`, …). */
  readonly isNamed: boolean;
  /** The field this node fills in its parent (`name`, `argument`, `redirect`, …). */
  readonly field: string | undefined;
  /** UTF-16 offsets into the parsed string, as `String.prototype.slice` takes them. */
  readonly start: number;
  readonly end: number;
  readonly isError: boolean;
  readonly isMissing: boolean;
  readonly children: readonly ShellSyntaxNode[];
}

export type BashParseResult =
  { ok: true; root: ShellSyntaxNode; hasError: boolean } | { ok: false; reason: 'timeout' };

export interface BashParseOptions {
  /** Parsing stops (and fails) once this many milliseconds have passed. */
  timeoutMs: number;
  /** The clock, in milliseconds; injectable so the time limit can be tested deterministically. */
  now?: () => number;
}

export interface BashParser {
  parse(source: string, options: BashParseOptions): BashParseResult;
}

/** Where the runtime and the grammar are searched for. */
export interface RuntimeLocation {
  /** URL of the running module (a bundle in `dist/`, or this file from source). */
  moduleUrl: string;
  /** Existence check; injectable for tests. */
  exists?: (path: string) => boolean;
}

/** A file the parser needs at run time: its name beside the bundle, its package specifier. */
export interface RuntimeFile {
  file: string;
  specifier: string;
}

export const RUNTIME_JS: RuntimeFile = {
  file: 'web-tree-sitter.cjs',
  // Resolved with `require` conditions: the CommonJS build.
  specifier: 'web-tree-sitter',
};
export const RUNTIME_WASM: RuntimeFile = {
  file: 'web-tree-sitter.wasm',
  specifier: 'web-tree-sitter/web-tree-sitter.wasm',
};
export const BASH_GRAMMAR_WASM: RuntimeFile = {
  file: 'tree-sitter-bash.wasm',
  specifier: 'tree-sitter-bash/tree-sitter-bash.wasm',
};

/**
 * The path of a runtime file: beside the running module first (the bundles), then the installed
 * package. Throws when neither exists — a broken installation, not a user error.
 */
export function locateRuntimeFile(runtimeFile: RuntimeFile, location: RuntimeLocation): string {
  const exists = location.exists ?? existsSync;
  const beside = fileURLToPath(new URL(`./${runtimeFile.file}`, location.moduleUrl));
  if (exists(beside)) return beside;
  let installed: string | undefined;
  try {
    installed = createRequire(location.moduleUrl).resolve(runtimeFile.specifier);
  } catch {
    installed = undefined;
  }
  if (installed !== undefined && exists(installed)) return installed;
  throw new Error(
    `The shell parser needs ${runtimeFile.file}, which is neither at ${beside} nor installed as ` +
      `${runtimeFile.specifier}; the installation or the build of dist/ is incomplete.`,
  );
}

/** A WebAssembly function index beyond any module's (V8 takes int32 flag values). */
const NO_WASM_FUNCTION = 2 ** 31 - 1;

let loading: Promise<BashParser> | undefined;
let loaded: BashParser | undefined;

/**
 * Loads the runtime and the grammar once; later calls return the same parser. A failed load is
 * not cached, so a later call tries again.
 */
export function loadBashParser(location?: RuntimeLocation): Promise<BashParser> {
  loading ??= createBashParser(location ?? { moduleUrl: import.meta.url }).then(
    (parser) => {
      loaded = parser;
      return parser;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The parser if `loadBashParser()` has finished, for synchronous callers. */
export function loadedBashParser(): BashParser | undefined {
  return loaded;
}

async function createBashParser(location: RuntimeLocation): Promise<BashParser> {
  const runtime = createRequire(location.moduleUrl)(
    locateRuntimeFile(RUNTIME_JS, location),
  ) as typeof TreeSitter;
  const runtimeWasm = locateRuntimeFile(RUNTIME_WASM, location);
  const grammarWasm = locateRuntimeFile(BASH_GRAMMAR_WASM, location);
  // Keep the grammar on V8's baseline WebAssembly compiler (Liftoff). Once a few thousand commands
  // were parsed, the optimizing tier would recompile the grammar's hot functions in the
  // background: most of a second of both cores of a runner, and on Node 24 a burst of some 500 MB
  // of native memory (the grammar's lexer is one huge function), for a parser that only ever sees
  // short command lines. `--liftoff-only` no longer takes effect once Node 24's V8 has started, so
  // tier-up is filtered instead: only the function of an index no module has may tier up. Node 22
  // and 24 both honour it at run time; it is process-wide, as the flag before it was.
  setFlagsFromString(`--wasm-tier-up-filter=${NO_WASM_FUNCTION}`);
  // The runtime asks for its own wasm by name; answer with the file found above.
  await runtime.Parser.init({ locateFile: () => runtimeWasm });
  const language = await runtime.Language.load(grammarWasm);
  const parser = new runtime.Parser();
  parser.setLanguage(language);
  return { parse: (source, options) => parseWith(parser, source, options) };
}

function parseWith(parser: Parser, source: string, options: BashParseOptions): BashParseResult {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const progress = { timedOut: false };
  const tree = parser.parse(source, null, {
    // Returning true cancels the parse (the declared type says void; the runtime reads it).
    progressCallback: () => {
      progress.timedOut = now() - started >= options.timeoutMs;
      return progress.timedOut;
    },
  });
  if (!tree) {
    // A cancelled parse would otherwise be resumed by the next call.
    parser.reset();
    if (progress.timedOut) return { ok: false, reason: 'timeout' };
    throw new Error('The bash parser returned no tree.');
  }
  try {
    const cursor = tree.walk();
    try {
      return { ok: true, root: copyTree(cursor), hasError: tree.rootNode.hasError };
    } finally {
      cursor.delete();
    }
  } finally {
    tree.delete();
  }
}

/** Copies the subtree under the cursor; iterative so that deep nesting cannot overflow the stack. */
function copyTree(cursor: TreeCursor): ShellSyntaxNode {
  interface Building {
    node: Omit<ShellSyntaxNode, 'children'>;
    children: ShellSyntaxNode[];
  }
  const open = (): Building => ({
    node: {
      type: cursor.nodeType,
      isNamed: cursor.nodeIsNamed,
      field: cursor.currentFieldName ?? undefined,
      start: cursor.startIndex,
      end: cursor.endIndex,
      isError: cursor.nodeType === 'ERROR',
      isMissing: cursor.nodeIsMissing,
    },
    children: [],
  });
  const close = (building: Building): ShellSyntaxNode => ({
    ...building.node,
    children: building.children,
  });
  const stack: Building[] = [open()];
  for (;;) {
    if (cursor.gotoFirstChild()) {
      stack.push(open());
      continue;
    }
    for (;;) {
      const done = stack.pop();
      if (done === undefined) throw new Error('Syntax tree copy lost its place.');
      const parent = stack[stack.length - 1];
      if (parent === undefined) return close(done);
      parent.children.push(close(done));
      if (cursor.gotoNextSibling()) {
        stack.push(open());
        break;
      }
      cursor.gotoParent();
    }
  }
}
