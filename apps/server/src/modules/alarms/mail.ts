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
      'device-unconfirmed': 'Thermostat bestätigt den Sollwert nicht',
      'battery-low': 'Batterie schwach',
    },
    unreachable: {
      thermostat: 'Thermostat nicht erreichbar',
      sensor: 'Sensor nicht erreichbar',
      other: 'Gerät nicht erreichbar',
    },
    device: 'Gerät',
    battery: 'Batterie',
    setpointSent: 'Gesendeter Sollwert',
    deviceOfflineText:
      'Das Gerät meldet sich nicht mehr (Funk, Batterie oder Strom). Seine Werte fehlen dem Raum.',
    deviceUnconfirmedText:
      'Das Thermostat hat den gesendeten Sollwert nicht zurückgemeldet: Es heizt womöglich nach einem anderen.',
    batteryLowText: 'Bitte die Batterie bald wechseln.',
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
      'device-unconfirmed': 'Thermostat does not confirm the setpoint',
      'battery-low': 'Battery low',
    },
    unreachable: {
      thermostat: 'Thermostat unreachable',
      sensor: 'Sensor unreachable',
      other: 'Device unreachable',
    },
    device: 'Device',
    battery: 'Battery',
    setpointSent: 'Setpoint sent',
    deviceOfflineText:
      'The device no longer reports (radio, battery or power). The room lacks its values.',
    deviceUnconfirmedText:
      'The thermostat has not reported the setpoint sent to it: it may be heating to another one.',
    batteryLowText: 'Please change the battery soon.',
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

const percent = (value: number, language: MailLanguage) =>
  `${String(Math.round(value))}${language === 'de' ? ' %' : '%'}`;

/**
 * The kind in words: "zu kalt"; a device's alarm as the app says it ("Thermostat nicht
 * erreichbar", "Sensor nicht erreichbar", "Batterie schwach (12 %)").
 */
export function kindText(alarm: AlarmRecord, language: MailLanguage): string {
  const t = TEXTS[language];
  if (alarm.device !== null && alarm.kind === 'device-offline') {
    return t.unreachable[alarm.deviceKind ?? 'other'];
  }
  if (alarm.kind === 'battery-low' && alarm.value !== null) {
    return `${t.kind['battery-low']} (${percent(alarm.value, language)})`;
  }
  return t.kind[alarm.kind as AlarmKind];
}

/**
 * "Büro (EG) zu kalt"; a device's alarm names it: "Büro (EG) Thermostat nicht erreichbar: TRV
 * Büro"; an alarm of no room (proxy mode's device-offline) is its kind alone.
 */
const title = (alarm: AlarmRecord, language: MailLanguage) => {
  const kind = kindText(alarm, language);
  if (alarm.roomId === null) return kind;
  const room = `${alarm.roomName} (${alarm.floorName}) ${kind}`;
  return alarm.device === null ? room : `${room}: ${alarm.device}`;
};

/** The room page of the web app under PUBLIC_URL (apps/web config/paths.ts: room, smart area). */
export const roomLink = (base: string, roomId: number) =>
  `${base}/re/home/room-control/smart/room/${roomId}`;

/** The app's alarms page under PUBLIC_URL (apps/web config/paths.ts: alarms). */
export const alarmsLink = (base: string) => `${base}/re/home/alarms`;

function details(alarm: AlarmRecord, language: MailLanguage, clock: LocalClock, base: string) {
  const t = TEXTS[language];
  if (alarm.device !== null && alarm.roomId !== null) {
    const lines = [`${t.device}: ${alarm.device}`];
    if (alarm.kind === 'device-offline') lines.push(t.deviceOfflineText);
    if (alarm.kind === 'device-unconfirmed') {
      lines.push(t.deviceUnconfirmedText, `${t.setpointSent}: ${degrees(alarm.target, language)}`);
    }
    if (alarm.kind === 'battery-low') {
      lines.push(
        `${t.battery}: ${alarm.value === null ? t.none : percent(alarm.value, language)}`,
        t.batteryLowText,
      );
    }
    return [
      ...lines,
      `${t.since}: ${t.time(clock, alarm.since)}`,
      `${t.open}: ${roomLink(base, alarm.roomId)}`,
    ];
  }
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
