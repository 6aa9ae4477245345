import { describe, expect, it } from 'vitest';
import { can, capabilitiesOf } from './capabilities.js';

const as = (smart: string, pro: string) => ({ access_to_smart: smart, access_to_pro: pro });

describe('capabilities', () => {
  it('gives nothing to a user without access in both areas', () => {
    expect(capabilitiesOf(as('no-access', 'no-access'))).toEqual([]);
    expect(capabilitiesOf(null)).toEqual([]);
  });

  it('lets read access in one area read, and nothing more', () => {
    expect(capabilitiesOf(as('read', 'no-access'))).toEqual(['read']);
    expect(capabilitiesOf(as('no-access', 'read'))).toEqual(['read']);
  });

  it('lets permanent access write but not manage', () => {
    expect(capabilitiesOf(as('permanent', 'no-access'))).toEqual(['read', 'write']);
  });

  it('lets full access in either area manage', () => {
    expect(capabilitiesOf(as('no-access', 'full'))).toEqual(['read', 'write', 'manage']);
    expect(can(as('read', 'full'), 'manage')).toBe(true);
  });

  it('reads but never writes with an access value it does not know', () => {
    expect(capabilitiesOf(as('something-new', 'no-access'))).toEqual(['read']);
  });
});
