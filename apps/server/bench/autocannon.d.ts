// autocannon ships no types; this declares the part of its API the bench uses (README, v9).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    /** Requests per second from all connections together (a fixed rate instead of full load). */
    overallRate?: number;
    /** Requests per second from each connection. */
    connectionRate?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Requests each connection sends in turn; `setupRequest` may change each before it is sent. */
    requests?: {
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
      setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData;
      /** Called with each answer (its status and body). */
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }[];
  }
  export interface RequestData {
    method: string;
    path: string;
    body?: string;
    headers: Record<string, string>;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
