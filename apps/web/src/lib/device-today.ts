/**
 * Today as the rights see it (issue 34: a user's validity is in device-local days,
 * `YYYY-MM-DD`). The app reads device times as the browser's local wall time everywhere, so
 * today is the browser's local date.
 */
export function deviceToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
