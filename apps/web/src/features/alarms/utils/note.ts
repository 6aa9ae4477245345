/** The longest note an acknowledge may carry (issue 15). */
export const NOTE_MAX_LENGTH = 500;

/** Characters as a person counts them: an emoji is one, surrounding blanks are not sent. */
export const noteLength = (note: string) => [...note.trim()].length;

export const noteTooLong = (note: string) => noteLength(note) > NOTE_MAX_LENGTH;
