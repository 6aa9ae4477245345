/** The device's time zone in the tests (the seeds' buildings are in Berlin). */
export const ZONE = 'Europe/Berlin';

/** A Berlin calendar date `daysAgo` days before today, as `YYYY-MM-DD`. */
export const berlinDate = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

/** Minutes Berlin is ahead of UTC at an instant. */
export const offsetAt = (epochMs: number) => {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, timeZoneName: 'shortOffset' })
    .formatToParts(new Date(epochMs))
    .find((part) => part.type === 'timeZoneName')!.value; // "GMT+1"
  return Number(name.replace('GMT', '') || '0') * 60;
};

/** The instant of Berlin midnight starting a `YYYY-MM-DD` date. */
export const berlinMidnight = (date: string) => {
  const utc = Date.parse(`${date}T00:00:00Z`);
  return utc - offsetAt(utc - 3 * 3_600_000) * 60_000;
};
