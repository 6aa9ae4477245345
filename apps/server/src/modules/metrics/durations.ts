/** The upper bounds (seconds) of the request-duration histogram's buckets. */
export const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const NAME = 'raumregler_http_request_duration_seconds';
const HELP = 'Duration of HTTP requests, by method, route template and status code.';

/** A label value in the text format: backslash, double quote and line feed escaped. */
export const labelValue = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

interface Series {
  labels: string;
  /** Per bucket, the observations up to its bound (not cumulative; summed when rendered). */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * `raumregler_http_request_duration_seconds`: a histogram kept by hand rather than with
 * prom-client's Histogram, whose observe() validates and hashes the labels on every call
 * (~0.8 µs, a few percent of a polled `temps` answer on the demo building); here one map
 * lookup per request. The label set stays bounded: method, route template, status code.
 */
export function requestDurations() {
  const series: Series[] = [];
  // route → status → method → series: lookups of strings Fastify keeps and a number, without
  // building a key per request.
  const byRoute = new Map<string, Map<number, Map<string, Series>>>();
  const observe = (method: string, route: string, status: number, seconds: number) => {
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let byMethod = byStatus.get(status);
    if (!byMethod) byStatus.set(status, (byMethod = new Map()));
    let entry = byMethod.get(method);
    if (!entry) {
      entry = {
        labels: `method="${labelValue(method)}",route="${labelValue(route)}",status_code="${status}"`,
        buckets: new Array<number>(DURATION_BUCKETS.length).fill(0),
        sum: 0,
        count: 0,
      };
      byMethod.set(method, entry);
      series.push(entry);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    if (bucket < DURATION_BUCKETS.length) entry.buckets[bucket]! += 1;
    entry.sum += seconds;
    entry.count += 1;
  };
  const render = (): string => {
    let text = `# HELP ${NAME} ${HELP}\n# TYPE ${NAME} histogram\n`;
    for (const entry of series) {
      let cumulative = 0;
      for (let i = 0; i < DURATION_BUCKETS.length; i++) {
        cumulative += entry.buckets[i]!;
        text += `${NAME}_bucket{${entry.labels},le="${DURATION_BUCKETS[i]}"} ${cumulative}\n`;
      }
      text += `${NAME}_bucket{${entry.labels},le="+Inf"} ${entry.count}\n`;
      text += `${NAME}_sum{${entry.labels}} ${entry.sum}\n`;
      text += `${NAME}_count{${entry.labels}} ${entry.count}\n`;
    }
    return `${text}\n`;
  };
  return { observe, render };
}
