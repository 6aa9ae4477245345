import { describe, expect, it } from 'vitest';
import { buildingLink } from './building-link';

const at = (hostname: string, port = '', protocol = 'https:') => ({ protocol, hostname, port });

describe('buildingLink', () => {
  it('opens the overview here for a building without a host label', () => {
    expect(buildingLink(null, at('haus-a.example.com'))).toEqual({ kind: 'here' });
    expect(buildingLink('', at('haus-a.example.com'))).toEqual({ kind: 'here' });
  });

  it('puts the label in place of the current building’s label', () => {
    expect(buildingLink('schule-nord', at('haus-a.example.com'))).toEqual({
      kind: 'host',
      href: 'https://schule-nord.example.com/re/home/',
    });
    expect(buildingLink('schule-nord', at('haus-a.heizung.example.com'))).toEqual({
      kind: 'host',
      href: 'https://schule-nord.heizung.example.com/re/home/',
    });
  });

  it('puts the label in front of a host without one, keeping scheme and port', () => {
    expect(buildingLink('Schule-Nord', at('example.com'))).toEqual({
      kind: 'host',
      href: 'https://schule-nord.example.com/re/home/',
    });
    expect(buildingLink('schule-nord', at('localhost', '8080', 'http:'))).toEqual({
      kind: 'host',
      href: 'http://schule-nord.localhost:8080/re/home/',
    });
  });

  it('stays here on an IP address, and for a label that is no host name label', () => {
    expect(buildingLink('schule-nord', at('192.168.1.20', '8080'))).toEqual({ kind: 'here' });
    expect(buildingLink('schule-nord', at('[::1]'))).toEqual({ kind: 'here' });
    expect(buildingLink('evil.com/x', at('haus-a.example.com'))).toEqual({ kind: 'here' });
    expect(buildingLink('-bad', at('haus-a.example.com'))).toEqual({ kind: 'here' });
  });
});
