import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** What the connection logs with (the app's pino logger fits). */
export interface ConnectionLog {
  info: (message: string) => void;
  warn: (message: string) => void;
  debug: (message: string) => void;
}

/** MQTT_URL as it may be logged: the password replaced by `***`, the user kept. */
export function redactMqttUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password !== '') url.password = '***';
    return url.toString().replace(/\/$/, '');
  } catch {
    return 'MQTT_URL';
  }
}

/** Reconnect waits: from `initialMs`, doubled after each failed attempt, up to `maxMs`. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 60_000 };

/** `raumregler/<houseId>/status`: `online` while we are connected, `offline` (our last will) else. */
export const statusTopic = (houseId: number) => `raumregler/${houseId}/status`;

export interface ConnectionOptions {
  url: string;
  houseId: number;
  log: ConnectionLog;
  /** Topic filters subscribed on every (re)connect. */
  subscriptions: string[];
  onMessage: (topic: string, payload: Buffer) => void;
  /** After each (re)connect and subscribe: what must be (re)sent goes here. */
  onConnect?: () => void;
  onDisconnect?: () => void;
  now?: () => number;
  backoff?: Backoff;
}

export interface MqttConnection {
  readonly connected: boolean;
  /** Since when the connection is up (connected) or down (not connected); epoch ms. */
  readonly since: number;
  publish(
    topic: string,
    payload: string,
    options?: { retain?: boolean; qos?: 0 | 1 },
  ): Promise<void>;
  /**
   * Subscribes to more topic filters now (when connected) and on every later reconnect (they
   * join `subscriptions`).
   */
  subscribe(filters: string[]): Promise<void>;
  /** Unsubscribes from topic filters now (when connected) and leaves them out of reconnects. */
  unsubscribe(filters: string[]): Promise<void>;
  /** Says `offline` on the status topic and disconnects; no more reconnects. */
  close(): Promise<void>;
}

/** Client options from MQTT_URL: user and password decoded from the URL (percent-encoding). */
function clientOptions(raw: string, houseId: number): IClientOptions {
  const url = new URL(raw);
  const secure = url.protocol === 'mqtts:';
  return {
    protocol: secure ? 'mqtts' : 'mqtt',
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? (secure ? 8883 : 1883) : Number(url.port),
    ...(url.username !== '' ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password !== '' ? { password: decodeURIComponent(url.password) } : {}),
    clientId: `raumregler-${houseId}-${Math.random().toString(16).slice(2, 10)}`,
    clean: true,
    keepalive: 30,
    connectTimeout: 10_000,
    // We reconnect ourselves, with back-off (mqtt.js retries at a fixed period).
    reconnectPeriod: 0,
    will: { topic: statusTopic(houseId), payload: Buffer.from('offline'), retain: true, qos: 1 },
  };
}

/**
 * The server's one connection to the broker (issue 36): announces itself on
 * `raumregler/<houseId>/status` (`online` retained; the broker publishes the last will
 * `offline` when the connection dies), subscribes on every connect, and reconnects with
 * back-off while the broker is away. The password in the URL is never logged.
 */
export function connectMqtt(options: ConnectionOptions): MqttConnection {
  const now = options.now ?? Date.now;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const where = redactMqttUrl(options.url);
  const client: MqttClient = mqtt.connect(clientOptions(options.url, options.houseId));
  let connected = false;
  let since = now();
  let closing = false;
  let wait = backoff.initialMs;
  let retry: NodeJS.Timeout | null = null;
  let lastError = '';

  client.on('connect', () => {
    connected = true;
    since = now();
    wait = backoff.initialMs;
    lastError = '';
    options.log.info(`MQTT connected to ${where}`);
    void (async () => {
      try {
        await client.publishAsync(statusTopic(options.houseId), 'online', { retain: true, qos: 1 });
        if (options.subscriptions.length > 0) {
          await client.subscribeAsync(options.subscriptions, { qos: 1 });
        }
        options.onConnect?.();
      } catch (error) {
        options.log.warn(`MQTT subscribe at ${where} failed: ${(error as Error).message}`);
      }
    })();
  });
  client.on('message', (topic, payload) => options.onMessage(topic, payload));
  client.on('error', (error) => {
    // Messages name the host and the reason (ECONNREFUSED, Not authorized), never the password.
    if (error.message !== lastError) options.log.warn(`MQTT ${where}: ${error.message}`);
    lastError = error.message;
  });
  client.on('close', () => {
    if (connected) {
      connected = false;
      since = now();
      options.log.warn(`MQTT connection to ${where} lost`);
      options.onDisconnect?.();
    }
    if (closing || retry) return;
    options.log.debug(`MQTT reconnect to ${where} in ${wait} ms`);
    retry = setTimeout(() => {
      retry = null;
      if (!closing) client.reconnect();
    }, wait);
    retry.unref();
    wait = Math.min(backoff.maxMs, wait * 2);
  });

  return {
    get connected() {
      return connected;
    },
    get since() {
      return since;
    },
    async publish(topic, payload, { retain = false, qos = 1 } = {}) {
      await client.publishAsync(topic, payload, { retain, qos });
    },
    async subscribe(filters) {
      const fresh = filters.filter((filter) => !options.subscriptions.includes(filter));
      options.subscriptions.push(...fresh);
      if (fresh.length > 0 && client.connected) await client.subscribeAsync(fresh, { qos: 1 });
    },
    async unsubscribe(filters) {
      const gone = filters.filter((filter) => options.subscriptions.includes(filter));
      for (const filter of gone)
        options.subscriptions.splice(options.subscriptions.indexOf(filter), 1);
      if (gone.length > 0 && client.connected) await client.unsubscribeAsync(gone);
    },
    async close() {
      closing = true;
      if (retry) clearTimeout(retry);
      retry = null;
      if (client.connected) {
        await client
          .publishAsync(statusTopic(options.houseId), 'offline', { retain: true, qos: 1 })
          .catch(() => {});
      }
      await client.endAsync(true);
    },
  };
}
