import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app imports runtime values (paths, constants, capabilities) from the main entry and
// must not ship the schema library: the main entry may name the schemas' types, never load them.

const src = path.dirname(fileURLToPath(import.meta.url));
// An import or export that loads its module at run time (not `import type` / `export type`).
const LOADING = /^\s*(?:import|export)\s+(?!type\b)(?:[^;'"]*?\bfrom\s+)?['"]([^'"]+)['"]/gm;

/** The modules the main entry loads at run time, followed through relative imports. */
function loadedModules(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const specifiers = [...readFileSync(file, 'utf8').matchAll(LOADING)].map((match) => match[1]!);
    seen.set(file, specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        visit(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')));
      }
    }
  };
  visit(entry);
  return seen;
}

describe('the main entry @raumregler/contract', () => {
  it('loads neither the schemas nor the schema library', () => {
    const loaded = loadedModules(path.join(src, 'index.ts'));
    // The walk does follow the entry's modules (device.ts holds the setpoint constants).
    expect([...loaded.keys()]).toContain(path.join(src, 'device.ts'));
    for (const [file, specifiers] of loaded) {
      expect(path.relative(src, file), 'a module under schemas/').not.toMatch(/^schemas\//);
      expect(specifiers.filter((name) => !name.startsWith('.'))).toEqual([]);
    }
  });
});
