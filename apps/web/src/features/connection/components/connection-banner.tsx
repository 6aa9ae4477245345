import { accountPaths, deviceApiPaths } from '@raumregler/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, RadioTower, RefreshCw, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiGet } from '@/lib/api-client';
import { readStoredAuth } from '@/lib/auth-storage';
import {
  currentReachability,
  onReachabilityChange,
  reportReachability,
  type Reachability,
} from '@/lib/connection';
import { formatDayTime, parseDeviceTime } from '@/lib/device-values';
import { useLastRoomsShownAt } from '@/lib/last-rooms';
import { useMqttStatus } from '@/lib/mqtt-status';

/** How often to knock while the controller is away, and how often to check while it is there. */
export const OFFLINE_PROBE_MS = 3000;
export const ONLINE_HEARTBEAT_MS = 30_000;
const RECOVERED_NOTICE_MS = 5000;

type State = 'online' | 'offline' | 'recovered';

/**
 * Any answer proves the controller is there; the API client reports it. Signed in, ask the
 * device itself; signed out, ask the public app config, so probes never count as failed logins.
 */
function probe(): Promise<boolean> {
  const request = readStoredAuth()
    ? apiGet(deviceApiPaths.info())
    : apiGet(accountPaths.appConfig, { baseURL: '/api' });
  return request.then(
    () => true,
    () => false,
  );
}

/**
 * Says plainly when the controller does not answer, keeps trying by itself, and when it answers
 * again reloads every query and says so for a few seconds.
 */
export function ConnectionBanner({ signedIn = false }: { signedIn?: boolean } = {}) {
  const queryClient = useQueryClient();
  // Issue 36: the radio gateway (MQTT broker) away is said in the same place, changes still go.
  const mqtt = useMqttStatus(signedIn);
  const gatewaySince = signedIn && mqtt?.broker?.connected === false ? mqtt.broker.since : null;
  const [state, setState] = useState<State>(() =>
    currentReachability() === 'unreachable' ? 'offline' : 'online',
  );

  useEffect(
    () =>
      onReachabilityChange((reachability: Reachability) =>
        setState((previous) => {
          if (reachability === 'unreachable') return 'offline';
          return previous === 'offline' ? 'recovered' : previous;
        }),
      ),
    [],
  );

  useEffect(() => {
    const wentOffline = () => reportReachability('unreachable');
    const cameOnline = () => void probe();
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameOnline);
    return () => {
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameOnline);
    };
  }, []);

  // The rooms on screen are the stored ones (issue 32): the controller is away even when our
  // own server answers other requests (proxy mode answers permissions and alarms itself).
  const lastRoomsAt = useLastRoomsShownAt();
  const away = state === 'offline' || lastRoomsAt !== null;
  useEffect(() => {
    const every = away ? OFFLINE_PROBE_MS : ONLINE_HEARTBEAT_MS;
    const timer = window.setInterval(() => {
      if (!away && document.visibilityState !== 'visible') return;
      void probe().then((answered) => {
        // The device answers again: live rooms replace the stored ones.
        if (answered && lastRoomsAt !== null) {
          setState('recovered');
          void queryClient.invalidateQueries();
        }
      });
    }, every);
    return () => window.clearInterval(timer);
  }, [away, lastRoomsAt, queryClient]);

  useEffect(() => {
    if (state !== 'recovered') return;
    void queryClient.invalidateQueries();
    const timer = window.setTimeout(() => setState('online'), RECOVERED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [state, queryClient]);

  const retryNow = useCallback(() => void probe(), []);
  const banner = useRef<HTMLDivElement>(null);
  useBannerHeight(banner, away ? 'offline' : state, gatewaySince);

  if (state === 'online' && lastRoomsAt === null)
    return gatewaySince === null ? null : <GatewayBanner since={gatewaySince} banner={banner} />;
  if (state === 'recovered' && lastRoomsAt === null)
    return (
      <div
        ref={banner}
        role="status"
        className="sticky top-0 z-30 flex items-center justify-center gap-2 bg-emerald-700 px-4 py-2 text-sm font-medium text-white"
      >
        <CircleCheck className="size-4" aria-hidden="true" />
        <FormattedMessage id="connection.recovered" />
      </div>
    );
  return (
    <div
      ref={banner}
      role="alert"
      className="sticky top-0 z-30 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold">
          <FormattedMessage id="connection.lost.title" />
        </strong>{' '}
        <FormattedMessage id="connection.lost.detail" />
      </span>
      {lastRoomsAt !== null && <LastKnownNote at={lastRoomsAt} />}
      <button
        type="button"
        onClick={retryNow}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium underline underline-offset-4 hover:bg-amber-200 dark:hover:bg-amber-800"
      >
        <RefreshCw className="size-3.5" aria-hidden="true" />
        <FormattedMessage id="connection.retry" />
      </button>
    </div>
  );
}

/**
 * "Funk-Gateway nicht erreichbar seit 07:40" (issue 36): the MQTT broker is away since then (the
 * building's time; the date too when not today). Changes are still taken: they reach the
 * thermostats when it is back.
 */
function GatewayBanner({
  since,
  banner,
}: {
  since: string;
  banner: React.RefObject<HTMLDivElement | null>;
}) {
  const intl = useIntl();
  const when = parseDeviceTime(since);
  const time = when ? formatDayTime(intl, when, new Date()) : since;
  return (
    <div
      ref={banner}
      role="status"
      data-testid="gateway-banner"
      className="sticky top-0 z-30 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      <RadioTower className="size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold">
          <FormattedMessage id="connection.gateway.title" values={{ time }} />
        </strong>{' '}
        <FormattedMessage id="connection.gateway.detail" />
      </span>
    </div>
  );
}

/**
 * "Stand 07:40: zuletzt bekannte Werte, Änderungen erst wieder mit Verbindung." — the rooms on
 * screen are the stored ones (issue 32); the date too when they are not of today.
 */
function LastKnownNote({ at }: { at: number }) {
  const intl = useIntl();
  const when = new Date(at);
  const today = new Date().toDateString() === when.toDateString();
  const time = today
    ? intl.formatTime(when, { hour: '2-digit', minute: '2-digit' })
    : intl.formatDate(when, {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
  return (
    <span data-testid="last-known-rooms" className="basis-full text-center">
      <FormattedMessage id="connection.lastKnown" values={{ time }} />
    </span>
  );
}

/**
 * The banner stays at the top while it shows (sticky, above everything); its height goes to
 * `--banner-h` on <html>, so the fixed sidebar and the sticky header start below it instead of
 * covering it (features/layout/components/app-shell.tsx, sidebar.tsx).
 */
function useBannerHeight(
  banner: React.RefObject<HTMLDivElement | null>,
  state: State,
  gateway: string | null,
) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = banner.current;
    if (!element) return;
    const measure = () => root.style.setProperty('--banner-h', `${element.offsetHeight}px`);
    measure();
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--banner-h');
    };
  }, [banner, state, gateway]);
}
