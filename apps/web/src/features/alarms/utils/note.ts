import { ALARM_NOTE_MAX } from '@raumregler/contract';

/** The longest note an acknowledge may carry (issue 15; the server's own limit). */
export const NOTE_MAX_LENGTH = ALARM_NOTE_MAX;

/** Characters as a person counts them (an emoji is one), trimmed: as the server counts them. */
export const noteLength = (note: string) => [...note.trim()].length;

export const noteTooLong = (note: string) => noteLength(note) > NOTE_MAX_LENGTH;
