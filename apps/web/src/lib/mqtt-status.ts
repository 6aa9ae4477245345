import type { MqttStatus } from '@raumregler/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, OWN_SERVER } from './api-client';

/** How often the radio gateway's state is asked while MQTT is on (and on focus). */
export const MQTT_STATUS_POLL_MS = 30_000;
export const MQTT_STATUS_PATH = '/mqtt/status';

/**
 * `GET /api/mqtt/status` (issue 36, read capability): the broker's, zigbee2mqtt's and discovery's
 * state. Asked once after sign-in; polled every 30 s, and when the window regains focus, only
 * when MQTT is on. Shared by the gateway banner, the user menu, the Geräte and Integrationen pages.
 */
export const mqttStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['mqtt-status'],
    queryFn: () => apiGet<MqttStatus>(MQTT_STATUS_PATH, OWN_SERVER),
    // Cheap to ask: a window that regains focus asks at once.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.enabled ? MQTT_STATUS_POLL_MS : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (query) => query.state.data?.enabled === true,
    // A server without the endpoint (an older one, a forwarding host) answers the same again.
    retry: false,
  });

/** The MQTT status while signed in; undefined before the first answer (or without one). */
export function useMqttStatus(signedIn: boolean): MqttStatus | undefined {
  return useQuery({ ...mqttStatusQueryOptions(), enabled: signedIn }).data;
}
