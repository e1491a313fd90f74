import { AccountDeletionDto } from '@store/contract/dto/account.dto';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/field';
import { errorMessage } from '@/lib/api-client';
import { dtoResolver } from '@/lib/dto-resolver';
import { paths } from '@/lib/paths';
import { useServerError } from '@/lib/use-server-error';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadMyData } from '../api/download-my-data';

/** Saves a file the browser holds (the download's bytes) under `name`. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "My data": download everything the shop holds about me; delete my account. */
export function MyData() {
  return (
    <section aria-labelledby="my-data-heading" className="mt-4">
      <h2 id="my-data-heading" className="h4">
        Your data
      </h2>
      <DownloadMyData />
      <DeleteAccountForm />
    </section>
  );
}

function DownloadMyData() {
  const { mutateAsync, isPending, error } = useDownloadMyData();
  return (
    <div className="mb-4">
      <p className="text-body-secondary small mb-2">
        Everything the shop holds about you (your details, addresses, orders, returns and back-in-stock alerts) as one JSON file.
      </p>
      {error ? <Alert variant="danger">{errorMessage(error)}</Alert> : null}
      <button
        type="button"
        className="btn btn-outline-dark btn-sm"
        disabled={isPending}
        onClick={() =>
          void mutateAsync().then(
            (file) => saveFile(file, 'my-data.json'),
            () => undefined,
          )
        }
      >
        Download my data
      </button>
    </div>
  );
}

function DeleteAccountForm() {
  const navigate = useNavigate();
  const { serverError, attempt } = useServerError();
  const { mutateAsync: remove } = useDeleteAccount();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AccountDeletionDto>({ resolver: dtoResolver(AccountDeletionDto), defaultValues: { password: '' } });
  const onSubmit = handleSubmit((values) =>
    attempt(async () => {
      const { message } = await remove(values);
      // The sign-in page forgets the session once it is on screen: forgotten here, the guard of this page would send
      // the user to sign in as if their session had merely ended.
      await navigate(paths.signin, { replace: true, state: { notice: message, endSession: true } });
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Delete your account" className="col-lg-6">
      <h3 className="h6">Delete your account</h3>
      <p className="text-body-secondary small mb-2">
        Your details, addresses and sign-in go for good. Your orders stay in the shop&apos;s books without your name or address, as the
        accounts must keep them.
      </p>
      {serverError ? <Alert variant="danger">{serverError}</Alert> : null}
      <TextField
        id="delete-password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        registration={register('password')}
      />
      <button type="submit" className="btn btn-danger" disabled={isSubmitting}>
        Delete my account
      </button>
    </form>
  );
}
