import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { requiredContext } from './required-context';

/** Spec section 1: three global loading flags; the bar and the overlay follow the last two. */
export interface LoadingState {
  contentLoader: boolean;
  progressBarLoader: boolean;
  screenLoader: boolean;
}

interface LoadersContextValue extends LoadingState {
  setLoader: (flag: keyof LoadingState, on: boolean) => void;
}

const LoadersContext = requiredContext<LoadersContextValue>('useLoaders', 'LoadersProvider');

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

export const useLoaders: () => LoadersContextValue = LoadersContext.useValue;
