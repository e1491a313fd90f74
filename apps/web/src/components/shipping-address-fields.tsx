import { SHIPPING_COUNTRIES, type ShippingAddress, type ShippingCountry } from '@store/contract';
import { ShippingAddressDto } from '@store/contract/dto/shipping-address.dto';
import type { UseFormReturn } from 'react-hook-form';
import { controlClass, Field, invalidProps, TextField } from '@/components/field';
import { dtoResolver } from '@/lib/dto-resolver';

/** The form's values: every field a string (an optional one left blank is ''), the country '' until chosen. */
export type AddressFormValues = Omit<Required<ShippingAddress>, 'country'> & { country: ShippingCountry | '' };

/** A blank form; the name defaults to the signed-in buyer's, the usual person to ship to. */
export function blankAddress(name = ''): AddressFormValues {
  return { name, line1: '', line2: '', city: '', postalCode: '', country: '', phone: '' };
}

export function addressFormValues(address: ShippingAddress): AddressFormValues {
  return { ...blankAddress(), ...address };
}

/**
 * The form's check: the API's own ShippingAddressDto, every rule and message as the server applies them to
 * `paymentInfo.shippingAddress`. The values it passes on are the DTO's: trimmed, a blank optional field dropped.
 */
export const addressResolver = dtoResolver<AddressFormValues>(ShippingAddressDto);

/**
 * The shipping address part of the checkout: the fields of a react-hook-form form the checkout owns (it validates
 * them before Buy goes through with {@link addressResolver}).
 */
export function ShippingAddressFields({ form }: { form: UseFormReturn<AddressFormValues> }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="mb-3">
      <legend className="h6">Shipping address</legend>
      <TextField id="ship-name" label="Full name" error={errors.name} autoComplete="shipping name" registration={register('name')} />
      <TextField
        id="ship-line1"
        label="Address line 1"
        error={errors.line1}
        autoComplete="shipping address-line1"
        placeholder="Street and number"
        registration={register('line1')}
      />
      <TextField
        id="ship-line2"
        label="Address line 2 (optional)"
        error={errors.line2}
        autoComplete="shipping address-line2"
        placeholder="Apartment, suite, floor"
        registration={register('line2')}
      />
      <div className="row g-2">
        <div className="col-sm-7">
          <TextField
            id="ship-city"
            label="City"
            error={errors.city}
            autoComplete="shipping address-level2"
            registration={register('city')}
          />
        </div>
        <div className="col-sm-5">
          <TextField
            id="ship-postal-code"
            label="Postal code"
            error={errors.postalCode}
            autoComplete="shipping postal-code"
            registration={register('postalCode')}
          />
        </div>
      </div>
      <Field id="ship-country" label="Country" error={errors.country}>
        <select
          id="ship-country"
          className={controlClass('form-select', errors.country)}
          autoComplete="shipping country"
          {...invalidProps('ship-country', errors.country)}
          {...register('country')}
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
        registration={register('phone')}
      />
    </fieldset>
  );
}
