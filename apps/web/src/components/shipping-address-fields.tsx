import { SHIPPING_COUNTRIES, type ShippingAddress, type ShippingCountry } from '@store/contract';
import { ShippingAddressDto } from '@store/contract/dto/shipping-address.dto';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { controlClass, Field, invalidProps, TextField } from '@/components/field';
import { dtoResolver } from '@/lib/dto-resolver';

/**
 * The form's values: every field a string (an optional one left blank is ''), the country '' until chosen, and the
 * region: a pricing input asked only where tax rates are per region (docs/pricing.md, "Taxes"), sent beside the
 * address as the payment's `region`, never in it ('' for none).
 */
export type AddressFormValues = Omit<Required<ShippingAddress>, 'country'> & { country: ShippingCountry | ''; region: string };

/** A blank form; the name defaults to the signed-in buyer's, the usual person to ship to. */
export function blankAddress(name = ''): AddressFormValues {
  return { name, line1: '', line2: '', city: '', postalCode: '', country: '', phone: '', region: '' };
}

export function addressFormValues(address: ShippingAddress): AddressFormValues {
  return { ...blankAddress(), ...address };
}

/**
 * The form's check: the API's own ShippingAddressDto, every rule and message as the server applies them to
 * `paymentInfo.shippingAddress`. The values it passes on are the DTO's: trimmed, a blank optional field dropped, and
 * no region (the checkout reads it from the form on its own).
 */
const shippingAddressResolver = dtoResolver<Omit<AddressFormValues, 'region'>>(ShippingAddressDto);
export const addressResolver: Resolver<AddressFormValues> = async (values, context, options) => {
  // The region is chosen from the shop's own list, so it needs no check; it is left out of the address sent.
  const { region: _region, ...address } = values;
  return (await shippingAddressResolver(address, context, options as never)) as Awaited<ReturnType<Resolver<AddressFormValues>>>;
};

/**
 * The shipping address part of the checkout: the fields of a react-hook-form form the checkout owns (it validates
 * them before Buy goes through with {@link addressResolver}). `regions`: the regions of the chosen country that have
 * a tax rate of their own (the quote's `taxRegions`); when there are any, the form asks for the region too.
 */
export function ShippingAddressFields({ form, regions = [] }: { form: UseFormReturn<AddressFormValues>; regions?: readonly string[] }) {
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
      {regions.length > 0 ? (
        <Field id="ship-region" label="State / region" hint="Sales tax depends on it.">
          <select
            id="ship-region"
            className="form-select"
            autoComplete="shipping address-level1"
            aria-describedby="ship-region-hint"
            {...register('region')}
          >
            <option value="">Another region</option>
            {regions.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
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
