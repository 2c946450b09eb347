import { posix } from 'node:path';
import ts from 'typescript';

/**
 * The layer walls of src, checked on an in-memory map of files (path → source) so the same checker
 * runs on the real tree and on a planted graph in the test. Every rule is a pattern on the path
 * (`src/features/<x>/…`, `src/engine/…`), never a list of folders, so a folder added tomorrow is
 * walled the day it appears. Paths are repository-relative and use '/'.
 */

export interface ImportEdge {
  readonly from: string;
  /** The specifier as written: './parts', 'react', '../../engine'. */
  readonly specifier: string;
  /** The file the specifier resolves to, for a relative specifier; undefined for a package. */
  readonly to: string | undefined;
  /** `import type …` / `export type … from`: erased by the compiler, so it carries no code. */
  readonly typeOnly: boolean;
}

export interface Violation {
  readonly from: string;
  readonly specifier: string;
  readonly rule: string;
}

/** The static imports, re-exports and dynamic `import('…')` calls of one file. */
export function readImports(path: string, source: string): { specifier: string; typeOnly: boolean }[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false, scriptKindOf(path));
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node) });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      // `typeof import('../engine')` in a type position.
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function scriptKindOf(path: string): ts.ScriptKind {
  return path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/** `import type { A }` or `import { type A, type B }` (every binding a type): nothing at run time. */
function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false; // `import './x.css'` runs the module.
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** Where a relative specifier lands, as the bundler resolves it (extension and index optional). */
export function resolveRelative(
  from: string,
  specifier: string,
  files: ReadonlySet<string>,
): string | undefined {
  const bare = specifier.replace(/\?.*$/, '');
  const target = posix.normalize(posix.join(posix.dirname(from), bare));
  const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  return candidates.find((candidate) => files.has(candidate));
}

export function isSourceFile(path: string): boolean {
  return /\.tsx?$/.test(path);
}

/** Every import edge of every .ts/.tsx file; other files (json, css) are only targets. */
export function importEdges(files: ReadonlyMap<string, string>): ImportEdge[] {
  const paths = new Set(files.keys());
  return [...files]
    .filter(([path]) => isSourceFile(path))
    .flatMap(([from, source]) =>
      readImports(from, source).map(({ specifier, typeOnly }) => ({
        from,
        specifier,
        typeOnly,
        to: specifier.startsWith('.') ? resolveRelative(from, specifier, paths) : undefined,
      })),
    );
}

/** The package an import names: 'react-dom/client' → 'react-dom', '@tanstack/react-table' stays. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const ENGINE = 'src/engine/';
const SCENARIO = 'src/scenario/';
const LIB = 'src/lib/';
const VIEW_MODEL = 'src/view-model/';
const I18N = 'src/i18n/';
const FEATURES = 'src/features/';

const within = (path: string, layer: string): boolean => path.startsWith(layer);
/** `src/features/<x>/…` → 'x'; undefined outside the features. */
const featureOf = (path: string): string | undefined =>
  within(path, FEATURES) ? path.slice(FEATURES.length).split('/')[0] : undefined;

/** Packages that touch the page, the store, the charts or validation: none belongs in a pure layer. */
const UI_PACKAGES = new Set(['react', 'react-dom', 'react-i18next', 'zustand', 'zundo', 'recharts']);

/** One wall: a rule that an edge either keeps or breaks (a message naming what it broke). */
type Wall = (edge: ImportEdge) => string | undefined;

const walls: readonly Wall[] = [
  ({ from, to, specifier }) => {
    if (!within(from, ENGINE)) return undefined;
    if (to === undefined) return `the engine is pure: it imports no package (${packageOf(specifier)})`;
    return within(to, ENGINE) ? undefined : 'the engine imports only src/engine';
  },
  ({ from, to, specifier }) => {
    if (!within(from, SCENARIO)) return undefined;
    if (to === undefined) {
      return ['zod', 'fflate', 'papaparse'].includes(packageOf(specifier))
        ? undefined
        : 'src/scenario imports only zod, fflate and papaparse among packages';
    }
    return [ENGINE, SCENARIO, LIB].some((layer) => within(to, layer))
      ? undefined
      : 'src/scenario imports only the engine, itself and the leaf helpers in src/lib';
  },
  ({ from, to, specifier }) => {
    if (!within(from, LIB)) return undefined;
    if (to === undefined) {
      return UI_PACKAGES.has(packageOf(specifier))
        ? 'a leaf helper in src/lib imports no UI package'
        : undefined;
    }
    return within(to, LIB)
      ? undefined
      : 'a leaf helper in src/lib imports nothing of the project outside src/lib';
  },
  ({ from, to, specifier, typeOnly }) => {
    if (!within(from, VIEW_MODEL)) return undefined;
    if (to === undefined) {
      // i18next's TFunction type lets a view-model function take the caller's `t`; the library
      // itself (and every UI package) stays out, so the layer runs in node as it runs in the page.
      return packageOf(specifier) === 'i18next' && typeOnly
        ? undefined
        : 'src/view-model is pure: among packages only i18next types';
    }
    if ([ENGINE, SCENARIO, LIB, VIEW_MODEL].some((layer) => within(to, layer))) return undefined;
    if (within(to, I18N) && typeOnly) return undefined;
    return 'src/view-model imports only the engine, src/scenario, src/lib, itself and i18n types';
  },
  ({ from, to }) => {
    const source = featureOf(from);
    const target = to === undefined ? undefined : featureOf(to);
    return source !== undefined && target !== undefined && source !== target
      ? `features never import each other (features/${source} → features/${target}): share through src/components or src/view-model`
      : undefined;
  },
  ({ from, to }) => {
    if (within(from, ENGINE) || to === undefined || !within(to, ENGINE)) return undefined;
    if (within(to, `${ENGINE}kernel/`)) return 'only the engine imports src/engine/kernel';
    // One public surface: a file deep in the engine can move without touching its callers.
    return to === `${ENGINE}index.ts`
      ? undefined
      : 'outside the engine, import the engine from src/engine/index.ts';
  },
  ({ from, to, specifier }) => {
    // The command line and the library: the engine and the scenario layer, with the view-model's
    // sentences and the translations, never the page (docs/architecture.md).
    if (!within(from, 'src/cli/') && !within(from, 'src/package/')) return undefined;
    if (to === undefined)
      return specifier.startsWith('node:') || packageOf(specifier) === 'i18next'
        ? undefined
        : 'src/cli and src/package import only node builtins and i18next among packages (zod through src/lib/zod.ts)';
    return [ENGINE, SCENARIO, LIB, VIEW_MODEL, I18N, 'src/cli/', 'src/package/'].some((layer) =>
      within(to, layer),
    )
      ? undefined
      : 'src/cli and src/package import only the engine, src/scenario, src/lib, src/view-model and the translations';
  },
  ({ from, to }) => {
    const isUi = (path: string): boolean =>
      within(path, FEATURES) || within(path, 'src/app/') || path === 'src/main.tsx';
    return within(from, 'src/components/') && to !== undefined && isUi(to)
      ? 'src/components holds shared pieces below the features: it imports no feature and not the app'
      : undefined;
  },
];

/** Every edge that breaks a wall, and every relative import that lands on no file. */
export function wallViolations(edges: readonly ImportEdge[]): Violation[] {
  return edges.flatMap((edge) => {
    if (edge.specifier.startsWith('.') && edge.to === undefined) {
      return [{ from: edge.from, specifier: edge.specifier, rule: 'the import resolves to no file' }];
    }
    return walls.flatMap((wall) => {
      const rule = wall(edge);
      return rule === undefined ? [] : [{ from: edge.from, specifier: edge.specifier, rule }];
    });
  });
}

/**
 * The circles of files in the import graph, each as the files in order with the first repeated at
 * the end (a → b → a). One circle per strongly connected component (Tarjan), walked from the
 * component's first file in sorted order, so the report is stable. Type-only imports count: the
 * compiler erases them, but a reader following the types still walks in a circle.
 */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (to === undefined || !isSourceFile(to)) continue;
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const nodes = [...new Set([...next.keys(), ...[...next.values()].flat()])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = (next.get(node) ?? []).includes(node);
    if (component.length > 1 || selfLoop) components.push(component.sort());
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return components.map((component) => circleThrough(component, next));
}

/** A shortest path from the component's first file back to itself, inside the component. */
function circleThrough(component: readonly string[], next: ReadonlyMap<string, string[]>): string[] {
  const start = component[0]!;
  const members = new Set(component);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of next.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (
          let step: string | undefined = node;
          step !== start && step !== undefined;
          step = cameFrom.get(step)
        ) {
          path.splice(1, 0, step);
        }
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...component, start];
}
