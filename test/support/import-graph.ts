/**
 * The import graph of `src/`, read with TypeScript's own parser, and the two rules the tree keeps:
 * imports run down the layer chain, and no file reaches itself through its imports. Every kind of
 * reference counts: `import`, `import type`, `export … from`, dynamic `import()` and
 * `typeof import('…')` types — a type-only edge ties two files together as much as a value does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Importing file, relative to the source root, with `/` separators. */
  from: string;
  /** Imported file, relative to the source root. */
  to: string;
  /** 1-based line of the reference, for the message. */
  line: number;
}

/** Module specifiers a file references, with their lines. */
export function moduleReferences(
  fileName: string,
  text: string,
): { specifier: string; line: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { specifier: string; line: number }[] = [];
  const add = (node: ts.Node, literal: ts.Expression | undefined): void => {
    if (literal === undefined || !ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ specifier: literal.text, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      add(node, node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0]);
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument)) add(node, argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const toPosix = (path: string): string => path.split(sep).join('/');

/**
 * Every edge between two files under `root`. References to packages and to files outside the root
 * (`package.json`) are not edges; a relative reference to a file that does not exist is reported.
 */
export function readImportGraph(root: string): { edges: ImportEdge[]; unresolved: string[] } {
  const edges: ImportEdge[] = [];
  const unresolved: string[] = [];
  for (const file of sourceFiles(root)) {
    const from = toPosix(relative(root, file));
    for (const { specifier, line } of moduleReferences(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      const to = toPosix(relative(root, target));
      if (to.startsWith('..')) continue;
      if (!existsSync(target)) {
        unresolved.push(`${from}:${line} imports ${specifier}, which does not exist`);
        continue;
      }
      edges.push({ from, to, line });
    }
  }
  return { edges, unresolved };
}

/** The layer a file belongs to: its top folder under the root, or the file itself at the top. */
export function layerOf(file: string): string {
  const slash = file.indexOf('/');
  return slash < 0 ? file : file.slice(0, slash);
}

/**
 * Edges that go up the chain or sideways between two layers of one rank. `chain` lists the ranks
 * from the top; a file may import its own layer and any layer of a lower rank. A layer missing
 * from the chain is a violation of its own, so a new folder has to be placed before it is used.
 */
export function layerViolations(
  edges: readonly ImportEdge[],
  chain: readonly (readonly string[])[],
): string[] {
  const rank = new Map<string, number>();
  chain.forEach((layers, index) => {
    for (const layer of layers) rank.set(layer, index);
  });
  const describe = (layer: string): string =>
    chain.find((layers) => layers.includes(layer))?.join(', ') ?? '?';
  const problems: string[] = [];
  const unplaced = new Set<string>();
  for (const edge of edges) {
    const fromLayer = layerOf(edge.from);
    const toLayer = layerOf(edge.to);
    for (const layer of [fromLayer, toLayer]) {
      if (!rank.has(layer) && !unplaced.has(layer)) {
        unplaced.add(layer);
        problems.push(`${layer} is not placed in the layer chain`);
      }
    }
    if (fromLayer === toLayer) continue;
    const fromRank = rank.get(fromLayer);
    const toRank = rank.get(toLayer);
    if (fromRank === undefined || toRank === undefined) continue;
    if (toRank <= fromRank) {
      const direction = toRank === fromRank ? 'beside it' : 'above it';
      problems.push(
        `${edge.from}:${edge.line} imports ${edge.to}: ${toLayer} (${describe(toLayer)}) is ${direction}, ` +
          `not below ${fromLayer} (${describe(fromLayer)})`,
      );
    }
  }
  return problems;
}

/** Every import circle, each as the files on it (the strongly connected components of two or more). */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (from === to) continue;
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  // Tarjan's algorithm, iterative so a long chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  const nodes = [...new Set(edges.flatMap((edge) => [edge.from, edge.to]))].sort();
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame === undefined) break;
      const children = next.get(frame.node) ?? [];
      const child = children[frame.child++];
      if (child !== undefined) {
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(child) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) {
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
