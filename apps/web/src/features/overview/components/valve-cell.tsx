import type { IntlShape } from 'react-intl';
import { formatValve } from '../utils/valve';

/**
 * The valve's text: "45 %", or a dash for a room without outputs, named for screen readers
 * ("kein Ventil") rather than left an empty cell.
 */
export function ValveText({ intl, valve }: { intl: IntlShape; valve: number | null }) {
  const text = formatValve(intl, valve);
  if (text !== null) return text;
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">{intl.formatMessage({ id: 'overview.valveNone' })}</span>
    </>
  );
}

/** The table's Ventil cell (issue 32). */
export function ValveCell({ intl, valve }: { intl: IntlShape; valve: number | null }) {
  return (
    <td className="px-1.5 py-2 text-right whitespace-nowrap tabular-nums">
      <ValveText intl={intl} valve={valve} />
    </td>
  );
}
