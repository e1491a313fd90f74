import { FIT_NOTES, FIT_SIGNAL_MIN, type ProductFit, PRODUCT_SIZES, type ReturnKind, type ReturnReason } from '@store/contract';

/** One line of a return or exchange of a product, as the fit loop reads it (rejected requests are left out). */
export interface FitEvent {
  kind: ReturnKind;
  reason: ReturnReason;
  /** The size sent back, and for an exchange the size wanted instead ('' when the variant has no size). */
  sizeFrom: string;
  sizeTo: string;
}

/**
 * The fit signal of one product (docs/returns.md, "The fit loop"). Each line says "small" when it went up a size
 * (an exchange to a larger size) or, without a size change, gave the reason too small; "large" the other way round.
 * The direction of an exchange outranks its reason. Lines that say neither (damaged, a colour swap) are not
 * fit-related. From FIT_SIGNAL_MIN fit-related lines on, a clear majority (at least two in three) of one side makes
 * the note "Runs small" or "Runs large"; otherwise "True to size". Fewer: no note.
 */
export function fitSignal(product: string, events: readonly FitEvent[]): ProductFit {
  let small = 0;
  let large = 0;
  for (const event of events) {
    const side = sideOf(event);
    if (side === 'small') small += 1;
    else if (side === 'large') large += 1;
  }
  const fitRelated = small + large;
  const note =
    fitRelated < FIT_SIGNAL_MIN
      ? null
      : 3 * small >= 2 * fitRelated
        ? FIT_NOTES.small
        : 3 * large >= 2 * fitRelated
          ? FIT_NOTES.large
          : FIT_NOTES.true;
  return { product, note, fitRelated, small, large };
}

function sideOf(event: FitEvent): 'small' | 'large' | undefined {
  if (event.kind === 'exchange') {
    const from = sizeRank(event.sizeFrom);
    const to = sizeRank(event.sizeTo);
    if (from >= 0 && to >= 0 && from !== to) return to > from ? 'small' : 'large';
  }
  if (event.reason === 'too-small') return 'small';
  if (event.reason === 'too-big') return 'large';
  return undefined;
}

function sizeRank(size: string): number {
  return (PRODUCT_SIZES as readonly string[]).indexOf(size);
}
