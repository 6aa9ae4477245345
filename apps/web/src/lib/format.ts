/** Numbers and dates for people: always through Intl, in the active locale ("21,5 °C" in German). */
export function formatTemperature(locale: string, celsius: number | null | undefined): string {
  if (celsius === null || celsius === undefined || !Number.isFinite(celsius)) return '–';
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'celsius',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(celsius);
}

export function formatDateTime(
  locale: string,
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return new Intl.DateTimeFormat(locale, options).format(date);
}
