/**
 * Menu configurations by name and the one current menu item, held in memory only: they are
 * rebuilt from permissions and floors on every start, so persisting them would only go stale.
 */
const configs = new Map<string, unknown>();
let currentItem: unknown = null;

export function setMenuConfig(name: string, config: unknown): void {
  configs.set(name, config);
}

export function getMenuConfig<T>(name: string): T | null {
  return (configs.get(name) as T | undefined) ?? null;
}

export function setCurrentMenuItem(item: unknown): void {
  currentItem = item;
}

export function getCurrentMenuItem<T>(): T | null {
  return currentItem as T | null;
}
