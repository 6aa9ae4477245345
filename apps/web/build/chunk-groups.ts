import path from 'node:path';
import type { Rollup } from 'vite';
import { FIRST_VIEWS } from './first-views.ts';

/** What the bundler's chunking hands a group's `name` function (rolldown's ChunkingContext). */
interface ChunkingContext {
  getModuleInfo(id: string): Rollup.ModuleInfo | null;
}

/**
 * The screens a first view opens with (build/first-views.ts). Every other lazily loaded module (a
 * section, a dialog, the other sign-in screens) is loaded by one of these, later.
 */
const SIGNED_IN = new Set(Object.keys(FIRST_VIEWS).filter((view) => view !== 'login'));
/** The other sign-in screens, which the router loads by themselves. */
const isAuthScreen = (view: string) => view === 'login' || view.startsWith('routes/auth/');

/** `import { a, b as c } from 'x'` and `export { a } from 'x'`: the names taken, by specifier. */
const NAMED = /(?:import|export)\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** Any other import of a specifier: default, namespace, side effect, `export *`. */
const WHOLE =
  /(?:import\s+[\w$]+\s*(?:,\s*\{[^}]*\})?\s*from|import\s*\*\s*as\s+[\w$]+\s*from|import|export\s*\*(?:\s*as\s+[\w$]+)?\s*from)\s*["']([^"']+)["']/g;

const stripExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');

/** Whether `specifier`, written in `importer`, names the module `id`. */
function names(importer: string, specifier: string, id: string): boolean {
  const target = id.replaceAll('\\', '/');
  if (specifier.startsWith('.')) {
    const resolved = path.posix.join(path.posix.dirname(importer.replaceAll('\\', '/')), specifier);
    return (
      stripExtension(target) === stripExtension(resolved) ||
      target.startsWith(`${stripExtension(resolved)}/index.`)
    );
  }
  return (
    target.includes(`/node_modules/${specifier}/`) || target.includes(`/node_modules/${specifier}.`)
  );
}

/** The imported name behind each `a` / `b as c` of a braces list, as the exporter calls it. */
function importedNames(list: string, exporting: boolean): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return (exporting ? (alias ?? name) : name)!.trim();
    });
}

/**
 * Names the chunk of each module a first view needs, so that a first view loads a handful of
 * files instead of dozens (on a slow line every file costs a round trip; Lighthouse's simulated
 * HTTP/1.1 connections take six at a time):
 *
 * - a module only one view needs goes into that view's chunk (its route module's);
 * - what a sign-in screen shares with the signed-in views (button, alert, input …) into `shared`,
 *   which the sign-in screen loads with its own chunk;
 * - what two or more signed-in pages share into `layout`, the signed-in frame every one of them
 *   loads first;
 * - what the sign-in screen shares with the other sign-in screens stays in `login`.
 *
 * Modules of the entry's static graph are in the entry's group (`$initial`), and modules no first
 * view loads statically (sections, dialogs, the chart, the other sign-in screens' own code) are
 * left to the bundler's own splitting (null). A module a view needs that a later lazy module of
 * another view needs as well is left to the bundler too, so that the later module never pulls in a
 * whole foreign view.
 */
export function firstViewChunks(srcDir: string) {
  const rootsByView = new Map(
    Object.entries(FIRST_VIEWS).map(([view, { modules }]) => [
      view,
      modules.map((file) => path.join(srcDir, file)),
    ]),
  );
  let graph: {
    context: ChunkingContext;
    viewsOf: Map<string, { first: Set<string>; all: Set<string> }>;
  } | null = null;

  const analyse = (context: ChunkingContext, anyId: string) => {
    const info = (id: string) => context.getModuleInfo(id);
    // Which of a module's imports it really uses. A package's index re-exports everything it has
    // (lucide-react's 1,500 icons, TanStack Query); a module that takes two names from it uses the
    // two modules behind those names, not all of them, as the bundler's tree-shaking knows too.
    const reExports = new Map<string, Map<string, string> | null>();
    const stars = new Map<string, string[]>();
    const reExportsOf = (id: string): Map<string, string> | null => {
      if (reExports.has(id)) return reExports.get(id)!;
      const module = info(id);
      let map: Map<string, string> | null = null;
      const code = module?.code ?? '';
      // Only a module that is nothing but imports and exports is a plain index.
      const body = code
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/["']use (client|strict)["'];?/g, '')
        .replace(NAMED, '')
        .replace(WHOLE, '')
        .replace(/export\s*\{[^}]*\};?/g, '')
        .replace(/;/g, '')
        .trim();
      if (module && body === '') {
        map = new Map();
        const imported = new Map<string, string>();
        for (const match of code.matchAll(NAMED)) {
          const target = module.importedIds.find((dep) => names(id, match[2]!, dep));
          if (!target) continue;
          const exporting = match[0].startsWith('export');
          for (const name of importedNames(match[1]!, exporting)) {
            if (exporting) map.set(name, target);
            else imported.set(name, target);
          }
          if (!exporting)
            for (const part of match[1]!.split(',')) {
              const [name, alias] = part.trim().split(/\s+as\s+/);
              if (name) imported.set((alias ?? name).trim(), target);
            }
        }
        for (const match of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
          const target = module.importedIds.find((dep) => names(id, match[1]!, dep));
          if (target) stars.set(id, [...(stars.get(id) ?? []), target]);
        }
        for (const match of code.matchAll(/export\s*\{([^}]*)\}\s*;?\s*(?!from)/g))
          for (const part of match[1]!.split(',')) {
            const [local, exported] = part.trim().split(/\s+as\s+/);
            const target = local ? imported.get(local.trim()) : undefined;
            if (target) map.set((exported ?? local)!.trim(), target);
          }
      }
      reExports.set(id, map);
      return map;
    };
    /** The module that defines `name` for an index, following its `export * from`. */
    const provider = (index: string, name: string, depth = 0): string | undefined => {
      const direct = reExportsOf(index)?.get(name);
      if (direct) return direct;
      if (depth > 5) return undefined;
      for (const star of stars.get(index) ?? []) {
        if (reExportsOf(star)) {
          const found = provider(star, name, depth + 1);
          if (found) return found;
        } else if (info(star)?.exports.includes(name)) return star;
      }
      return undefined;
    };
    const usedImports = (id: string): string[] => {
      const module = info(id);
      if (!module) return [];
      const code = module.code ?? '';
      const used: string[] = [];
      for (const dep of module.importedIds) {
        if (!reExportsOf(dep)) {
          used.push(dep);
          continue;
        }
        // The names this module takes from the index; anything else (default, namespace, a
        // name the index does not re-export) takes the whole of it.
        const taken: string[] = [];
        let whole = false;
        for (const match of code.matchAll(NAMED))
          if (names(id, match[2]!, dep)) taken.push(...importedNames(match[1]!, false));
        for (const match of code.matchAll(WHOLE))
          if (!/\{/.test(match[0]) && names(id, match[1]!, dep)) whole = true;
        const providers = taken.map((name) => provider(dep, name));
        if (whole || taken.length === 0 || providers.some((found) => !found)) used.push(dep);
        else used.push(...(providers as string[]));
      }
      return used;
    };
    // Every module, from the entries, through static and dynamic imports.
    const all = new Set<string>();
    const entries: string[] = [];
    const stack = [anyId];
    const seen = new Set<string>();
    // Walk up to the entry first: importers lead there.
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const module = info(id);
      if (!module) continue;
      if (module.isEntry) entries.push(id);
      stack.push(...module.importers, ...module.dynamicImporters);
    }
    stack.push(...entries);
    while (stack.length) {
      const id = stack.pop()!;
      if (all.has(id)) continue;
      all.add(id);
      const module = info(id);
      if (module) stack.push(...module.importedIds, ...module.dynamicallyImportedIds);
    }
    const staticClosure = (root: string) => {
      const closure = new Set<string>();
      const todo = [root];
      while (todo.length) {
        const id = todo.pop()!;
        if (closure.has(id)) continue;
        closure.add(id);
        todo.push(...usedImports(id));
      }
      return closure;
    };
    const initial = new Set<string>();
    for (const entry of entries) for (const id of staticClosure(entry)) initial.add(id);
    const viewOfRoot = new Map<string, string>();
    for (const [view, roots] of rootsByView) for (const root of roots) viewOfRoot.set(root, view);
    // Lazy roots: every dynamically imported module.
    const lazyRoots = new Set<string>();
    for (const id of all)
      for (const target of info(id)?.dynamicallyImportedIds ?? []) lazyRoots.add(target);
    const closures = new Map([...lazyRoots].map((root) => [root, staticClosure(root)]));
    const rootsOf = new Map<string, string[]>();
    for (const [root, closure] of closures)
      for (const id of closure) rootsOf.set(id, [...(rootsOf.get(id) ?? []), root]);
    // The views a later lazy root belongs to: those of the modules that import it.
    const laterViews = new Map<string, Set<string>>();
    const viewsOfRoot = (root: string, visiting = new Set<string>()): Set<string> => {
      const view = viewOfRoot.get(root);
      if (view) return new Set([view]);
      const known = laterViews.get(root);
      if (known) return known;
      if (visiting.has(root)) return new Set();
      visiting.add(root);
      const views = new Set<string>();
      for (const importer of info(root)?.dynamicImporters ?? []) {
        // Loaded by the entry itself (a route the router loads, the toasts, English): a view of
        // its own, named by its file.
        if (initial.has(importer)) views.add(path.relative(srcDir, root));
        else
          for (const importerRoot of rootsOf.get(importer) ?? [])
            for (const v of viewsOfRoot(importerRoot, visiting)) views.add(v);
      }
      laterViews.set(root, views);
      return views;
    };
    const viewsOf = new Map<string, { first: Set<string>; all: Set<string> }>();
    for (const [id, roots] of rootsOf) {
      if (initial.has(id)) continue;
      const first = new Set<string>();
      const every = new Set<string>();
      for (const root of roots) {
        const view = viewOfRoot.get(root);
        if (view) first.add(view);
        for (const v of viewsOfRoot(root)) every.add(v);
      }
      viewsOf.set(id, { first, all: every });
    }
    return { context, viewsOf };
  };

  return function chunkName(id: string, context: ChunkingContext): string | null {
    if (graph?.context !== context) graph = analyse(context, id);
    const views = graph.viewsOf.get(id);
    if (!views || views.first.size === 0) return null;
    const every = [...views.all];
    if (every.every(isAuthScreen)) return views.first.has('login') ? 'login' : null;
    if (every.some(isAuthScreen)) return 'shared';
    if (!every.every((view) => SIGNED_IN.has(view))) return null;
    if (every.length === 1) return every[0]!;
    if (views.first.size >= 2) return 'layout';
    return null;
  };
}
