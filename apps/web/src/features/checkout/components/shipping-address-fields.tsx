import {
  SHIPPING_CITY_MAX,
  SHIPPING_COUNTRIES,
  SHIPPING_LINE_MAX,
  SHIPPING_NAME_MAX,
  SHIPPING_PHONE_PATTERN,
  SHIPPING_POSTAL_CODE_PATTERN,
  type ShippingAddress,
  type ShippingCountry,
} from '@store/contract';
import type { UseFormReturn } from 'react-hook-form';
import { controlClass, Field, invalidProps, TextField } from '@/components/field';

/** The form's values: every field a string (an optional one left blank is ''), the country '' until chosen. */
export type AddressFormValues = Omit<Required<ShippingAddress>, 'country'> & { country: ShippingCountry | '' };

/** A blank form; the name defaults to the signed-in buyer's, the usual person to ship to. */
export function blankAddress(name = ''): AddressFormValues {
  return { name, line1: '', line2: '', city: '', postalCode: '', country: '', phone: '' };
}

export function addressFormValues(address: ShippingAddress): AddressFormValues {
  return { ...blankAddress(), ...address };
}

/** What the payment sends: trimmed, optional fields only when filled in (the server reads blank as absent too). */
export function toShippingAddress(values: AddressFormValues): ShippingAddress {
  const line2 = values.line2.trim();
  const phone = values.phone.trim();
  return {
    name: values.name.trim(),
    line1: values.line1.trim(),
    ...(line2 ? { line2 } : {}),
    city: values.city.trim(),
    postalCode: values.postalCode.trim(),
    country: values.country as ShippingCountry,
    ...(phone ? { phone } : {}),
  };
}

/** The server's rules for a required text field, on the trimmed value, with the field's own words. */
function requiredText(what: string, max: number) {
  return {
    validate: (value: string) => {
      const trimmed = value.trim();
      if (trimmed === '') return `Enter ${what}`;
      return trimmed.length <= max || `Use at most ${max} characters`;
    },
  };
}

/**
 * The shipping address part of the checkout: the fields of a react-hook-form form the checkout owns (it validates
 * them before Buy goes through). Field rules are the server's (libs/contract/src/shipping.ts).
 */
export function ShippingAddressFields({ form }: { form: UseFormReturn<AddressFormValues> }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="mb-3">
      <legend className="h6">Shipping address</legend>
      <TextField
        id="ship-name"
        label="Full name"
        error={errors.name}
        autoComplete="shipping name"
        registration={register('name', requiredText('the name to ship to', SHIPPING_NAME_MAX))}
      />
      <TextField
        id="ship-line1"
        label="Address line 1"
        error={errors.line1}
        autoComplete="shipping address-line1"
        placeholder="Street and number"
        registration={register('line1', requiredText('the street address', SHIPPING_LINE_MAX))}
      />
      <TextField
        id="ship-line2"
        label="Address line 2 (optional)"
        error={errors.line2}
        autoComplete="shipping address-line2"
        placeholder="Apartment, suite, floor"
        registration={register('line2', {
          validate: (value) => value.trim().length <= SHIPPING_LINE_MAX || `Use at most ${SHIPPING_LINE_MAX} characters`,
        })}
      />
      <div className="row g-2">
        <div className="col-sm-7">
          <TextField
            id="ship-city"
            label="City"
            error={errors.city}
            autoComplete="shipping address-level2"
            registration={register('city', requiredText('the city', SHIPPING_CITY_MAX))}
          />
        </div>
        <div className="col-sm-5">
          <TextField
            id="ship-postal-code"
            label="Postal code"
            error={errors.postalCode}
            autoComplete="shipping postal-code"
            registration={register('postalCode', {
              validate: (value) => {
                const trimmed = value.trim();
                if (trimmed === '') return 'Enter the postal code';
                return SHIPPING_POSTAL_CODE_PATTERN.test(trimmed) || 'Use 2 to 12 letters, digits, spaces or hyphens';
              },
            })}
          />
        </div>
      </div>
      <Field id="ship-country" label="Country" error={errors.country}>
        <select
          id="ship-country"
          className={controlClass('form-select', errors.country)}
          autoComplete="shipping country"
          {...invalidProps('ship-country', errors.country)}
          {...register('country', { required: 'Choose the country to ship to' })}
        >
          <option value="">Choose a country</option>
          {SHIPPING_COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        id="ship-phone"
        label="Phone (optional)"
        error={errors.phone}
        type="tel"
        autoComplete="shipping tel"
        hint="For the courier, if a delivery needs it."
        registration={register('phone', {
          validate: (value) => {
            const trimmed = value.trim();
            return trimmed === '' || SHIPPING_PHONE_PATTERN.test(trimmed) || 'Use at least 6 digits; + ( ) . - and spaces are allowed';
          },
        })}
      />
    </fieldset>
  );
}
