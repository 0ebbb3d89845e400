import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md "Server layout": features import one another only through service.ts
// (ESLint checks that, file by file), and never in a loop: if videos uses search, search does not
// use videos, not even through a third feature. A loop is only seen on the whole folder, so it is
// checked here.

const FEATURES = path.join(import.meta.dirname, 'features');

/** The relative imports of a source file: `import … from`, `export … from`, `import '…'`, `import('…')`. */
function importsOf(source: string): string[] {
  const specifiers = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]+)['"]/g);
  return [...specifiers].map((m) => m[1]!);
}

/** Feature → the other features it imports → those imports (`file -> imported file`, under features/). */
function featureGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const entry of fs.readdirSync(FEATURES, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const from = path.relative(FEATURES, file).split(path.sep);
    for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
      const to = path.relative(FEATURES, path.resolve(path.dirname(file), specifier)).split(path.sep);
      if (to[0] === '..' || to[0] === from[0]) continue;
      const edges = graph.get(from[0]!) ?? new Map<string, string[]>();
      graph.set(from[0]!, edges);
      edges.set(to[0]!, [...(edges.get(to[0]!) ?? []), `${from.join('/')} -> ${to.join('/')}`]);
    }
  }
  return graph;
}

/** The loops of a graph: its strongly connected parts of more than one node, each sorted (Tarjan). */
export function loopsOf(graph: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      part.push(w);
    } while (w !== v);
    if (part.length > 1) loops.push(part.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return loops.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('server feature folders', () => {
  it('finds a loop, and only the loop', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['f']],
      ['f', ['e']],
    ]);
    expect(loopsOf(graph)).toEqual([
      ['a', 'b', 'c'],
      ['e', 'f'],
    ]);
    expect(loopsOf(new Map([['a', ['b']]]))).toEqual([]);
  });

  it('import one another without a loop', () => {
    const graph = featureGraph();
    // Each loop with the imports that make it, so the failure says what to change.
    const loops = loopsOf(new Map([...graph].map(([feature, edges]) => [feature, [...edges.keys()]]))).map((features) => ({
      features,
      imports: [...new Set(features.flatMap((a) => features.flatMap((b) => graph.get(a)?.get(b) ?? [])))],
    }));
    expect(loops).toEqual([]);
  });
});
