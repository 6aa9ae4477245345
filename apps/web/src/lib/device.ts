/** The device id: the first label of the page host name ("haus12" of haus12.example.com). */
export function deviceIdFromHost(hostname: string): string {
  if (isLocalHost(hostname)) return 'localhost';
  return hostname.split('.')[0] ?? hostname;
}

/** localhost, 127.x, ::1 and bare IP addresses talk to the API on the same origin under /api. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ||
    host.includes(':')
  );
}

/**
 * Base URL of the API. On localhost or an IP address: /api. Elsewhere: the forwarding host from
 * the template the server hands out (`{device}` = first host label), or /api when there is none.
 */
export function apiBaseUrl(hostname: string, template: string | null | undefined): string {
  if (isLocalHost(hostname) || !template) return '/api';
  return template.replaceAll('{device}', deviceIdFromHost(hostname)).replace(/\/+$/, '');
}
