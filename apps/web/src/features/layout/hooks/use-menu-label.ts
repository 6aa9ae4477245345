import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MenuLabel } from '../utils/menu';

/** Turns a menu label into text: EG and OG read as Erdgeschoss and Obergeschoss, others as named. */
export function useMenuLabel() {
  const intl = useIntl();
  return useCallback(
    (label: MenuLabel): string => {
      if ('id' in label) return intl.formatMessage({ id: label.id });
      if ('floor' in label) {
        const id = `layout.floor.${label.floor}`;
        return intl.messages[id] ? intl.formatMessage({ id }) : label.floor;
      }
      return label.text;
    },
    [intl],
  );
}
