import type { DeviceInfo } from '@raumregler/contract';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { setRequestCredentials } from '@/lib/api-client';
import { readStoredAuth, writeStoredAuth, type StoredAuth } from '@/lib/auth-storage';
import { deviceIdFromHost } from '@/lib/device';
import { getDeviceInfo } from '../api/get-device-info';

export interface LoginInput {
  username: string;
  password: string;
  remember: boolean;
}

interface AuthContextValue {
  auth: StoredAuth | null;
  currentUser: StoredAuth | null;
  login: (input: LoginInput) => Promise<void>;
  logout: () => void;
  verify: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Holds who is signed in. Renders nothing until the stored auth has been read. */
export function AuthProvider({ children }: { children: ReactNode }) {
  // Stored auth is read synchronously before the first render, so nothing renders without it.
  const [auth, setAuth] = useState<StoredAuth | null>(readStoredAuth);
  const [currentUser, setCurrentUser] = useState<StoredAuth | null>(readStoredAuth);

  const logout = useCallback(() => {
    writeStoredAuth(null);
    setRequestCredentials(null);
    setAuth(null);
    setCurrentUser(null);
  }, []);

  const login = useCallback(async ({ username, password, remember }: LoginInput) => {
    try {
      const deviceInfo: DeviceInfo = await getDeviceInfo({ username, password });
      const next: StoredAuth = {
        macAddress: deviceIdFromHost(window.location.hostname),
        username,
        password,
        deviceInfo,
      };
      writeStoredAuth(next, remember);
      setAuth(next);
      setCurrentUser(next);
    } catch (error) {
      writeStoredAuth(null);
      setAuth(null);
      setCurrentUser(null);
      throw Object.assign(new Error(`Login error: ${(error as Error).message}`), { cause: error });
    }
  }, []);

  const verify = useCallback(async () => {
    const stored = readStoredAuth();
    if (!stored) {
      setAuth(null);
      setCurrentUser(null);
      return;
    }
    setCurrentUser(stored);
  }, []);

  const value = useMemo(
    () => ({ auth, currentUser, login, logout, verify }),
    [auth, currentUser, login, logout, verify],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
