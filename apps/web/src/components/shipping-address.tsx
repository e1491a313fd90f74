import { SHIPPING_ADDRESS_FIELDS, SHIPPING_COUNTRIES, type ShippingAddress } from '@store/contract';

/** The address's lines as a label shows them: its fields in the form's order, the country by name, the phone labelled. */
export function shippingAddressLines(address: ShippingAddress): string[] {
  return SHIPPING_ADDRESS_FIELDS.flatMap((field) => {
    const value: unknown = address[field];
    if (typeof value !== 'string' || value.trim() === '') return [];
    if (field === 'country') return [SHIPPING_COUNTRIES.find((country) => country.code === value)?.name ?? value];
    return [field === 'phone' ? `Phone: ${value}` : value];
  });
}

/**
 * Where an order ships: for the buyer's confirmation and history and the admin's orders (one
 * component, so all three read the same). Renders nothing for an order without an address.
 */
export function ShippingAddressBlock({ address, inline = false }: { address: ShippingAddress | undefined; inline?: boolean }) {
  if (!address) return null;
  const lines = shippingAddressLines(address);
  // Inline: one line in a list of orders ("Ships to Sam, 1 Main Street, ..."); otherwise one field a line, as on a label.
  return inline ? (
    <address className="small mb-0 mt-1" aria-label="Shipping address">
      <span className="text-body-secondary">Ships to </span>
      {lines.join(', ')}
    </address>
  ) : (
    <address className="mb-0" aria-label="Shipping address">
      {lines.map((line, index) => (
        <div key={index}>{line}</div>
      ))}
    </address>
  );
}
