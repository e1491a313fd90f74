import type { ProductOption, ProductVariant } from '@store/contract';
import type { FieldError } from 'react-hook-form';
import { invalidProps } from '@/components/field';
import { FEW_LEFT } from './size-picker';

/** Why a value cannot be chosen with what is chosen before it: nothing of it is made, or what is made is sold out. */
export type Unavailable = 'sold out' | 'not available';

/**
 * Whether `value` of option `index` can be chosen, given the values chosen for the options before it (colour
 * first, then sizes): some active variant with stock has them all. Undefined when it can; else the reason.
 */
export function unavailability(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  chosen: readonly (string | undefined)[],
  index: number,
  value: string,
): Unavailable | undefined {
  const matching = variants.filter(
    (variant) =>
      variant.active && variant.options[index] === value && chosen.slice(0, index).every((c, i) => !c || variant.options[i] === c),
  );
  if (matching.length === 0) return 'not available';
  return matching.some((variant) => variant.stock > 0) ? undefined : 'sold out';
}

/** The variant the chosen values name, when every option has one chosen. */
export function chosenVariant(variants: readonly ProductVariant[], chosen: readonly (string | undefined)[]): ProductVariant | undefined {
  if (chosen.some((value) => !value)) return undefined;
  return variants.find((variant) => variant.active && variant.options.every((value, index) => value === chosen[index]));
}

/**
 * One radio group per option, in the options' order: a colour as swatches (its name for screen readers and as a
 * tooltip), any other option as buttons. A value no variant with stock has (with the values chosen before it) is
 * shown disabled, with the reason. The chosen variant's "Only N left" is said under the last group.
 */
export function VariantPicker({
  options,
  variants,
  chosen,
  onChoose,
  error,
}: {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  chosen: readonly (string | undefined)[];
  onChoose: (index: number, value: string) => void;
  error?: FieldError;
}) {
  const variant = chosenVariant(variants, chosen);
  const few = variant && variant.stock > 0 && variant.stock <= FEW_LEFT ? variant.stock : undefined;
  return (
    <div className="mb-3">
      {options.map((option, index) => {
        const id = `product-option-${index}`;
        const last = index === options.length - 1;
        const swatches = option.values.some((value) => value.swatch);
        return (
          <fieldset key={option._id} className="mb-3" {...invalidProps(id, last ? error : undefined, last && few !== undefined)}>
            <legend className="form-label fs-6 fw-semibold">
              {option.name}
              {chosen[index] ? <span className="fw-normal text-body-secondary">: {chosen[index]}</span> : null}
            </legend>
            <div className="d-flex flex-wrap gap-2">
              {option.values.map((value) => {
                const reason = unavailability(options, variants, chosen, index, value.value);
                const inputId = `${id}-${value._id}`;
                return (
                  <span key={value._id}>
                    <input
                      type="radio"
                      className="btn-check"
                      id={inputId}
                      name={id}
                      value={value.value}
                      checked={chosen[index] === value.value}
                      disabled={reason !== undefined}
                      onChange={() => onChoose(index, value.value)}
                    />
                    {swatches ? (
                      <label
                        className="btn btn-outline-dark swatch-option p-1"
                        htmlFor={inputId}
                        title={reason ? `${value.value} (${reason})` : value.value}
                      >
                        <span
                          className="swatch d-inline-block rounded-circle border"
                          style={{ background: value.swatch ?? 'transparent' }}
                          aria-hidden="true"
                        />
                        <span className="visually-hidden">
                          {value.value}
                          {reason ? ` (${reason})` : ''}
                        </span>
                      </label>
                    ) : (
                      <label
                        className="btn btn-outline-dark size-option"
                        htmlFor={inputId}
                        title={reason ? `${value.value} (${reason})` : undefined}
                      >
                        {value.value}
                        {reason ? <span className="visually-hidden"> ({reason})</span> : null}
                      </label>
                    )}
                  </span>
                );
              })}
            </div>
            {last && few !== undefined ? (
              <p id={`${id}-hint`} className="small text-body-secondary mt-2 mb-0">
                Only {few} left in {chosen.join(' / ')}
              </p>
            ) : null}
            {last && error?.message ? (
              // The darker red: Bootstrap's invalid-feedback red is under 4.5:1 on the page's grey (axe).
              <div id={`${id}-error`} className="invalid-feedback d-block text-danger-emphasis fw-semibold" role="alert">
                {error.message}
              </div>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}
