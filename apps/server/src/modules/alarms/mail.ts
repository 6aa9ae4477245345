import type { AlarmRecord } from './repository.js';
import type { AlarmKind } from './rules.js';
import {
  formatDueTime,
  formatReportedAt,
  type LocalClock,
} from '../../platform/clock/local-time.js';
import type { OutgoingMail } from '../../platform/mail/mailer.js';

export type MailLanguage = 'de' | 'en';
export const MAIL_LANGUAGES: readonly MailLanguage[] = ['de', 'en'];
export const mailLanguage = (value: string): MailLanguage => (value === 'en' ? 'en' : 'de');

const TEXTS = {
  de: {
    kind: {
      'too-cold': 'zu kalt',
      'too-warm': 'zu warm',
      'sensor-silent': 'Sensor meldet nicht',
      'device-offline': 'Regler nicht erreichbar',
    },
    value: 'Messwert',
    lastValue: 'Letzter Messwert',
    target: 'Sollwert',
    since: 'Seit',
    none: '–',
    open: 'Raum öffnen',
    openAlarms: 'Alarme öffnen',
    deviceOffline: 'Der Regler gibt keine Antwort. Die Werte der Räume sind bis dahin unbekannt.',
    digestSubject: (n: number) => `Raumregler: ${n} weitere Alarme`,
    digestIntro: (n: number) =>
      `In den letzten Minuten sind ${n} weitere Alarme aufgetreten (gesammelt, um Sie nicht mit einzelnen E-Mails zu überhäufen):`,
    footer: 'Alle Alarme finden Sie in Raumregler unter „Alarme“.',
    decimal: ',',
    time: (clock: LocalClock, at: number) => formatReportedAt(clock.toWall(at)),
  },
  en: {
    kind: {
      'too-cold': 'too cold',
      'too-warm': 'too warm',
      'sensor-silent': 'sensor not reporting',
      'device-offline': 'Controller unreachable',
    },
    value: 'Reading',
    lastValue: 'Last reading',
    target: 'Target',
    since: 'Since',
    none: '–',
    open: 'Open the room',
    openAlarms: 'Open the alarms',
    deviceOffline: 'The controller does not answer. The rooms’ values are unknown until it does.',
    digestSubject: (n: number) => `Raumregler: ${n} more alarms`,
    digestIntro: (n: number) =>
      `${n} more alarms were raised in the last minutes (collected so as not to flood you with single e-mails):`,
    footer: 'All alarms are on the Alarms page of Raumregler.',
    decimal: '.',
    time: (clock: LocalClock, at: number) => formatDueTime(clock.toWall(at)),
  },
} as const;

const degrees = (value: number | null, language: MailLanguage) =>
  value === null
    ? TEXTS[language].none
    : `${value.toFixed(1).replace('.', TEXTS[language].decimal)} °C`;

/** "Büro (EG) zu kalt"; an alarm of no room (device-offline) is its kind alone. */
const title = (alarm: AlarmRecord, language: MailLanguage) => {
  const kind = TEXTS[language].kind[alarm.kind as AlarmKind];
  return alarm.roomId === null ? kind : `${alarm.roomName} (${alarm.floorName}) ${kind}`;
};

/** The room page of the web app under PUBLIC_URL (apps/web config/paths.ts: room, smart area). */
export const roomLink = (base: string, roomId: number) =>
  `${base}/re/home/room-control/smart/room/${roomId}`;

/** The app's alarms page under PUBLIC_URL (apps/web config/paths.ts: alarms). */
export const alarmsLink = (base: string) => `${base}/re/home/alarms`;

function details(alarm: AlarmRecord, language: MailLanguage, clock: LocalClock, base: string) {
  const t = TEXTS[language];
  if (alarm.roomId === null) {
    return [
      t.deviceOffline,
      `${t.since}: ${t.time(clock, alarm.since)}`,
      `${t.openAlarms}: ${alarmsLink(base)}`,
    ];
  }
  return [
    `${alarm.kind === 'sensor-silent' ? t.lastValue : t.value}: ${degrees(alarm.value, language)}`,
    `${t.target}: ${degrees(alarm.target, language)}`,
    `${t.since}: ${t.time(clock, alarm.since)}`,
    `${t.open}: ${roomLink(base, alarm.roomId)}`,
  ];
}

/** The mail for one alarm: subject with room and floor; value, target, since when, link. */
export function alarmMail(
  alarm: AlarmRecord,
  to: string,
  language: MailLanguage,
  clock: LocalClock,
  base: string,
): OutgoingMail {
  return {
    to,
    subject: `Alarm: ${title(alarm, language)}`,
    text: [
      `Alarm: ${title(alarm, language)}`,
      '',
      ...details(alarm, language, clock, base),
      '',
      TEXTS[language].footer,
      '',
      'Raumregler',
    ].join('\n'),
  };
}

/** One digest for the alarms of a storm that were not mailed singly. */
export function digestMail(
  alarms: readonly AlarmRecord[],
  to: string,
  language: MailLanguage,
  clock: LocalClock,
  base: string,
): OutgoingMail {
  const t = TEXTS[language];
  return {
    to,
    subject: t.digestSubject(alarms.length),
    text: [
      t.digestIntro(alarms.length),
      '',
      ...alarms.flatMap((alarm) => [
        `Alarm: ${title(alarm, language)}`,
        ...details(alarm, language, clock, base).map((line) => `  ${line}`),
        '',
      ]),
      t.footer,
      '',
      'Raumregler',
    ].join('\n'),
  };
}
