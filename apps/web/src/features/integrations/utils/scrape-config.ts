/**
 * A Prometheus `scrape_configs` job for this server's `/metrics` (issue 35): the scheme and the
 * host (with its port: Prometheus takes a target as host:port) of the address the app runs at,
 * a Bearer token as the credentials. Without a token, `placeholder` stands in its place.
 */
export function scrapeConfig({
  origin,
  token,
  placeholder,
}: {
  origin: string;
  token: string | null;
  placeholder: string;
}): string {
  const url = new URL(origin);
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  const port = url.port || (scheme === 'https' ? '443' : '80');
  return [
    'scrape_configs:',
    '  - job_name: raumregler',
    '    scrape_interval: 15s',
    `    scheme: ${scheme}`,
    '    metrics_path: /metrics',
    '    static_configs:',
    // An IPv6 address's hostname keeps its brackets, as a target needs them.
    `      - targets: ['${url.hostname}:${port}']`,
    '    authorization:',
    '      type: Bearer',
    `      credentials: ${token ?? placeholder}`,
    '',
  ].join('\n');
}

/** Where Prometheus reads the metrics: `/metrics` at the root of the server, not under the app. */
export const metricsUrl = (origin: string) => `${new URL(origin).origin}/metrics`;
