import type { SavedAddress, ShippingAddress } from '@store/contract';
import { shippingAddressLines } from '@/components/shipping-address';

/**
 * The address book at checkout: choosing a saved address fills the shipping address form with it (still editable).
 * The default is what the form starts with; nothing shows for a buyer without saved addresses.
 */
export function AddressPicker({ addresses, onPick }: { addresses: SavedAddress[]; onPick: (address: ShippingAddress) => void }) {
  if (addresses.length === 0) return null;
  return (
    <div className="mb-3">
      <label htmlFor="saved-address" className="form-label">
        Ship to a saved address
      </label>
      <select
        id="saved-address"
        className="form-select"
        defaultValue={addresses.find((saved) => saved.isDefault)?._id ?? ''}
        onChange={(event) => {
          const saved = addresses.find((candidate) => candidate._id === event.target.value);
          if (saved) onPick(saved.shippingAddress);
        }}
      >
        {addresses.map((saved) => (
          <option key={saved._id} value={saved._id}>
            {shippingAddressLines(saved.shippingAddress).slice(0, 3).join(', ')}
            {saved.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
