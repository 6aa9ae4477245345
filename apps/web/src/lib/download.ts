/**
 * Saves text the app fetched with the user's credentials as a file. A plain link cannot carry
 * Basic credentials, so the answer is fetched first and handed to the browser as a Blob.
 */
export function saveText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  saveBlob(new Blob([text], { type }), filename);
}

/** Hands a Blob to the browser as a download (a big one stays in the browser's blob store). */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the Blob only after the click's task: release it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An instant as local ISO 8601 with the browser's UTC offset (`2026-11-23T08:00:00+01:00`). */
export function toOffsetIso(date: Date): string {
  const pad = (value: number) => String(Math.trunc(Math.abs(value))).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}
