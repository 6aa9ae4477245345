import { createContext, useContext } from 'react';

/**
 * A context for one provider's value and the hook that reads it. The hook throws outside the
 * provider: a missing provider is a wiring mistake, never a state to render.
 */
export function requiredContext<T>(hookName: string, providerName: string) {
  const Context = createContext<T | null>(null);
  const useValue = (): T => {
    const value = useContext(Context);
    if (value === null) throw new Error(`${hookName} must be used inside ${providerName}`);
    return value;
  };
  return { Provider: Context.Provider, useValue };
}
