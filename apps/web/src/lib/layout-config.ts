import { readJson, writeJson } from './storage';

/** Per-layout options (e.g. a collapsed sidebar), persisted under `layouts-configs`. */
export const LAYOUTS_STORAGE_KEY = 'layouts-configs';

type LayoutConfigs = Record<string, Record<string, unknown>>;

function readAll(): LayoutConfigs {
  const stored = readJson<unknown>(LAYOUTS_STORAGE_KEY);
  return stored !== null && typeof stored === 'object' && !Array.isArray(stored)
    ? (stored as LayoutConfigs)
    : {};
}

export function getLayoutConfig<T extends Record<string, unknown>>(name: string): T | null {
  return (readAll()[name] as T | undefined) ?? null;
}

export function hasLayoutConfig(name: string): boolean {
  return name in readAll();
}

/** Merges `config` into the named layout's stored configuration. */
export function updateLayoutConfig(name: string, config: Record<string, unknown>): void {
  const all = readAll();
  writeJson(LAYOUTS_STORAGE_KEY, { ...all, [name]: { ...all[name], ...config } });
}
