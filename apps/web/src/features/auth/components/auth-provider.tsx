import type { RegisterPayload, User } from '@raumregler/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { requiredContext } from '@/lib/required-context';
import type { ApiError } from '@/lib/api-error';
import {
  readStoredAuth,
  replaceStoredPassword,
  writeStoredAuth,
  type StoredAuth,
} from '@/lib/auth-storage';
import { OWN_SERVER } from '@/lib/api-client';
import { GATEWAY_STATUSES } from '@/lib/connection';
import { deviceIdFromHost } from '@/lib/device';
import { getDeviceInfo } from '../api/get-device-info';
import { getUser, register as registerAccount } from '../api/register';

export interface LoginInput {
  username: string;
  password: string;
  remember: boolean;
}

interface AuthContextValue {
  /** The stored auth object; null when signed out. */
  auth: StoredAuth | null;
  /** Who the app shows as signed in (the stored auth after login or verify). */
  currentUser: StoredAuth | null;
  /** The account of GET /user, once fetched (after registration). */
  user: User | null;
  /** True when the browser refused to store the sign-in: it is held in memory until a reload. */
  notRemembered: boolean;
  login: (input: LoginInput) => Promise<void>;
  register: (payload: RegisterPayload) => Promise<void>;
  logout: () => void;
  /** Checks the stored credentials with the device; see `verify` below. */
  verify: () => Promise<void>;
  /** After the user changed their password: the session goes on with the new one. */
  updatePassword: (password: string) => void;
}

const AuthContext = requiredContext<AuthContextValue>('useAuth', 'AuthProvider');

/**
 * Signing in asks the device's `info` with the credentials. Behind our server in proxy mode a
 * device that does not answer (502/503/504) must not keep our users out (issue 32): the
 * accounts are ours, so our own `/api/user` checks the credentials instead (no device info).
 */
async function signInInfo(credentials: { username: string; password: string }) {
  try {
    return await getDeviceInfo(credentials);
  } catch (error) {
    if (!GATEWAY_STATUSES.includes((error as ApiError).status ?? 0)) throw error;
    await getUser(credentials, OWN_SERVER);
    return null;
  }
}

const causeOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Holds who is signed in. The stored auth is read synchronously before the first render, so the
 * provider never renders children with an unknown sign-in state.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [auth, setAuth] = useState<StoredAuth | null>(readStoredAuth);
  const [currentUser, setCurrentUser] = useState<StoredAuth | null>(readStoredAuth);
  const [user, setUser] = useState<User | null>(null);
  const [notRemembered, setNotRemembered] = useState(false);

  const clear = useCallback(() => {
    writeStoredAuth(null);
    setNotRemembered(false);
    setAuth(null);
    setCurrentUser(null);
    setUser(null);
  }, []);

  const logout = useCallback(() => {
    clear();
    // The next user of this browser must not see the last one's rooms from the cache.
    queryClient.clear();
  }, [clear, queryClient]);

  const login = useCallback(
    async ({ username, password, remember }: LoginInput) => {
      try {
        const deviceInfo = await signInInfo({ username, password });
        const next: StoredAuth = {
          macAddress: deviceIdFromHost(window.location.hostname),
          username,
          password,
          deviceInfo,
        };
        setNotRemembered(writeStoredAuth(next, remember) === 'memory');
        setAuth(next);
        setCurrentUser(next);
      } catch (error) {
        clear();
        throw Object.assign(new Error(`Login error: ${causeOf(error)}`), { cause: error });
      }
    },
    [clear],
  );

  const register = useCallback(
    async (payload: RegisterPayload) => {
      try {
        await registerAccount(payload);
        const next: StoredAuth = {
          macAddress: deviceIdFromHost(window.location.hostname),
          username: payload.email,
          password: payload.password,
          deviceInfo: null,
        };
        setNotRemembered(writeStoredAuth(next, true) === 'memory');
        setAuth(next);
        setUser(await getUser(next));
        setCurrentUser(next);
      } catch (error) {
        clear();
        throw Object.assign(new Error(`Error ${causeOf(error)}`), { cause: error });
      }
    },
    [clear],
  );

  /**
   * Asks the device whether the stored credentials still hold. Only a 401 signs the user out;
   * a network failure or a busy device keeps them signed in (the connection banner says why
   * nothing loads), so a flaky Wi-Fi never throws anyone back to the login page.
   */
  const verify = useCallback(async () => {
    const stored = readStoredAuth();
    if (!stored) {
      setAuth(null);
      setCurrentUser(null);
      return;
    }
    try {
      await getDeviceInfo(stored);
      setCurrentUser(stored);
    } catch (error) {
      if ((error as ApiError).status === 401) {
        clear();
        queryClient.clear();
      }
      throw Object.assign(new Error('User verify request failed!'), { cause: error });
    }
  }, [clear, queryClient]);

  const updatePassword = useCallback((password: string) => {
    const next = replaceStoredPassword(password);
    if (!next) return;
    setAuth(next);
    setCurrentUser(next);
  }, []);

  const value = useMemo(
    () => ({
      auth,
      currentUser,
      user,
      notRemembered,
      login,
      register,
      logout,
      verify,
      updatePassword,
    }),
    [auth, currentUser, user, notRemembered, login, register, logout, verify, updatePassword],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export const useAuth: () => AuthContextValue = AuthContext.useValue;
