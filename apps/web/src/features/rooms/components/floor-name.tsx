import { useIntl } from 'react-intl';

/** EG and OG read as Erdgeschoss and Obergeschoss; other labels stay as the device names them. */
export function FloorName({ name }: { name: string }) {
  const intl = useIntl();
  const id = `floor.${name}`;
  return <>{intl.messages[id] ? intl.formatMessage({ id }) : name}</>;
}
