import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** Spec section 1: three global loading flags; the bar and the overlay follow the last two. */
export interface LoadingState {
  contentLoader: boolean;
  progressBarLoader: boolean;
  screenLoader: boolean;
}

interface LoadersContextValue extends LoadingState {
  setLoader: (flag: keyof LoadingState, on: boolean) => void;
}

const LoadersContext = createContext<LoadersContextValue | null>(null);

export function LoadersProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<LoadingState>({
    contentLoader: false,
    progressBarLoader: false,
    screenLoader: false,
  });
  const setLoader = useCallback((flag: keyof LoadingState, on: boolean) => {
    setState((previous) => (previous[flag] === on ? previous : { ...previous, [flag]: on }));
  }, []);
  const value = useMemo(() => ({ ...state, setLoader }), [state, setLoader]);
  return <LoadersContext.Provider value={value}>{children}</LoadersContext.Provider>;
}

export function useLoaders(): LoadersContextValue {
  const value = useContext(LoadersContext);
  if (!value) throw new Error('useLoaders must be used inside LoadersProvider');
  return value;
}
