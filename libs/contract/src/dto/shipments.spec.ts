import { CARRIER_CODES, CARRIERS, carrierName, trackingUrl } from './shipments.js';

describe('trackingUrl', () => {
  it('fills each carrier template with the number, spaces dropped and the rest URL-encoded', () => {
    expect(trackingUrl('ups', '1Z 999 AA1')).toBe('https://www.ups.com/track?tracknum=1Z999AA1');
    expect(trackingUrl('royal-mail', 'AB-12 GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB-12GB');
    for (const carrier of CARRIERS.filter((candidate) => candidate.trackingUrl !== null)) {
      expect(trackingUrl(carrier.code, 'X1')).toMatch(/^https:\/\/[^{}]+X1/);
    }
  });

  it('has no link for `other` or a carrier it does not know', () => {
    expect(trackingUrl('other', '123')).toBeUndefined();
    expect(trackingUrl('pigeon', '123')).toBeUndefined();
    expect(carrierName('royal-mail')).toBe('Royal Mail');
    expect(carrierName('pigeon')).toBe('pigeon');
  });
});

describe('CARRIER_CODES', () => {
  it('lists every carrier of CARRIERS, in order', () => {
    expect(CARRIER_CODES).toEqual(CARRIERS.map((carrier) => carrier.code));
  });
});
