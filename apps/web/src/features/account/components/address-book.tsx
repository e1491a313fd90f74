import { ADDRESS_BOOK_MAX, type ShippingAddress } from '@store/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAddresses } from '@/api/addresses/list-addresses';
import { useRemoveAddress } from '@/api/addresses/remove-address';
import { useSaveAddress } from '@/api/addresses/save-address';
import { Alert } from '@/components/alert';
import { ShippingAddressBlock } from '@/components/shipping-address';
import { type AddressFormValues, addressResolver, blankAddress, ShippingAddressFields } from '@/components/shipping-address-fields';
import { errorMessage } from '@/lib/api-client';
import { useRequiredSession } from '@/lib/session';

/** The address book: the addresses checkout offers, the default first; make one the default, remove one, add one. */
export function AddressBook() {
  const book = useAddresses().data?.addresses;
  const save = useSaveAddress();
  const remove = useRemoveAddress();
  const failure = save.error ?? remove.error;
  return (
    <section aria-labelledby="addresses-heading" className="mb-4">
      <h2 id="addresses-heading" className="h4 mb-3">
        Your addresses
      </h2>
      {failure ? <Alert variant="danger">{errorMessage(failure)}</Alert> : null}
      {book && book.length === 0 ? (
        <p className="text-body-secondary">No saved addresses yet. Checkout offers the ones you add here.</p>
      ) : null}
      <ul className="list-unstyled row g-3 mb-3" aria-label="Saved addresses">
        {(book ?? []).map((saved) => (
          <li key={saved._id} className="col-md-6">
            <div className="card h-100">
              <div className="card-body">
                {saved.isDefault ? <span className="badge text-bg-primary mb-2">Default</span> : null}
                <ShippingAddressBlock address={saved.shippingAddress} />
              </div>
              <div className="card-footer bg-transparent d-flex gap-2">
                {saved.isDefault ? null : (
                  <button
                    type="button"
                    className="btn btn-outline-dark btn-sm"
                    disabled={save.isPending}
                    onClick={() => save.mutate({ addressId: saved._id, shippingAddress: saved.shippingAddress, isDefault: true })}
                  >
                    Make default
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(saved._id)}
                >
                  Remove
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {book && book.length < ADDRESS_BOOK_MAX ? <AddAddressForm /> : null}
    </section>
  );
}

function AddAddressForm() {
  const session = useRequiredSession();
  const [open, setOpen] = useState(false);
  const { mutateAsync: save, isPending } = useSaveAddress();
  const form = useForm<AddressFormValues>({ resolver: addressResolver, defaultValues: blankAddress(session.user.name) });
  const onSubmit = form.handleSubmit(async (address) => {
    try {
      await save({ shippingAddress: address as ShippingAddress });
      form.reset(blankAddress(session.user.name));
      setOpen(false);
    } catch {
      // Shown above the list from the mutation's error.
    }
  });
  if (!open)
    return (
      <button type="button" className="btn btn-outline-dark" onClick={() => setOpen(true)}>
        Add an address
      </button>
    );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add an address" className="col-lg-6">
      <ShippingAddressFields form={form} />
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-success" disabled={isPending}>
          Save address
        </button>
        <button type="button" className="btn btn-link" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
