/** The group dialog's limits: a temporary target of 1 to 12 hours, 21,0 °C for 2 h to begin with. */
export const DEFAULT_TARGET = 21;
export const DEFAULT_HOURS = 2;
/** The relative step of "+0,5 °C" / "−0,5 °C". */
export const SHIFT_STEP = 0.5;
