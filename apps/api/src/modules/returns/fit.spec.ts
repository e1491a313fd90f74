import { FIT_NOTES } from '@store/contract';
import { type FitEvent, fitSignal } from './fit.js';

const exchange = (sizeFrom: string, sizeTo: string, reason: FitEvent['reason'] = 'too-small'): FitEvent => ({
  kind: 'exchange',
  reason,
  sizeFrom,
  sizeTo,
});
const back = (reason: FitEvent['reason'], size = 'M'): FitEvent => ({ kind: 'return', reason, sizeFrom: size, sizeTo: '' });

describe('fitSignal', () => {
  it('says nothing below five fit-related lines', () => {
    const events = [exchange('M', 'L'), exchange('S', 'M'), exchange('M', 'L'), exchange('L', 'XL')];
    expect(fitSignal('p', events)).toEqual({ product: 'p', note: null, fitRelated: 4, small: 4, large: 0 });
  });

  it('runs small when most exchanges went up a size', () => {
    const events = [exchange('M', 'L'), exchange('S', 'M'), exchange('M', 'L'), exchange('L', 'XL'), exchange('M', 'S', 'too-big')];
    expect(fitSignal('p', events)).toEqual({ product: 'p', note: FIT_NOTES.small, fitRelated: 5, small: 4, large: 1 });
    expect(FIT_NOTES.small).toBe('Runs small: most exchanges went up a size');
  });

  it('runs large when most went down a size or came back too big', () => {
    const events = [exchange('L', 'M'), exchange('XL', 'L'), back('too-big'), back('too-big'), back('too-big'), exchange('S', 'M')];
    expect(fitSignal('p', events).note).toBe('Runs large: most exchanges went down a size');
  });

  it('is true to size when neither side has two in three', () => {
    const events = [exchange('M', 'L'), exchange('M', 'L'), exchange('M', 'L'), exchange('L', 'M'), exchange('L', 'M')];
    expect(fitSignal('p', events)).toMatchObject({ note: 'True to size', small: 3, large: 2 });
  });

  it('lets the direction of an exchange outrank its reason, and ignores lines that say nothing about fit', () => {
    const events = [
      exchange('M', 'L', 'too-big'),
      exchange('M', 'M', 'not-as-pictured'),
      back('damaged'),
      back('other'),
      exchange('', '', 'too-small'),
    ];
    expect(fitSignal('p', events)).toEqual({ product: 'p', note: null, fitRelated: 2, small: 2, large: 0 });
  });
});
