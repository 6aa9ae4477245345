import { describe, expect, it } from 'vitest';
import { buildingLink } from './building-link';

const at = (hostname: string, port = '', protocol = 'https:') => ({ protocol, hostname, port });
const labelled = (host_label: string | null, house_id = 2) => ({ house_id, host_label });
const here = (house: number) => ({ kind: 'here', href: `/re/home/?house=${house}` });

describe('buildingLink', () => {
  it('opens a building without a host label by its house id, on this origin', () => {
    expect(buildingLink(labelled(null), at('haus-a.example.com'))).toEqual(here(2));
    expect(buildingLink(labelled('', 17), at('haus-a.example.com'))).toEqual(here(17));
  });

  it('puts the label in place of the current building’s label', () => {
    expect(buildingLink(labelled('schule-nord'), at('haus-a.example.com'))).toEqual({
      kind: 'host',
      href: 'https://schule-nord.example.com/re/home/',
    });
    expect(buildingLink(labelled('schule-nord'), at('haus-a.heizung.example.com'))).toEqual({
      kind: 'host',
      href: 'https://schule-nord.heizung.example.com/re/home/',
    });
  });

  it('puts the label in front of a host without one, keeping scheme and port', () => {
    expect(buildingLink(labelled('Schule-Nord'), at('example.com'))).toEqual({
      kind: 'host',
      href: 'https://schule-nord.example.com/re/home/',
    });
    expect(buildingLink(labelled('schule-nord'), at('localhost', '8080', 'http:'))).toEqual({
      kind: 'host',
      href: 'http://schule-nord.localhost:8080/re/home/',
    });
  });

  it('opens by house id on an IP address, and for a label that is no host name label', () => {
    expect(buildingLink(labelled('schule-nord'), at('192.168.1.20', '8080'))).toEqual(here(2));
    expect(buildingLink(labelled('schule-nord'), at('[::1]'))).toEqual(here(2));
    expect(buildingLink(labelled('evil.com/x'), at('haus-a.example.com'))).toEqual(here(2));
    expect(buildingLink(labelled('-bad'), at('haus-a.example.com'))).toEqual(here(2));
  });
});
