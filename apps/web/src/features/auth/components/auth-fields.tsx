import { PASSWORD_MAX, PASSWORD_MIN } from '@store/contract';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/field';

interface RowProps {
  id: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
}

/** The email row of the sign-in and sign-up forms (checked by the form's DTO). */
export function EmailField(props: RowProps) {
  return <TextField {...props} label="Email" type="email" autoComplete="email" />;
}

/** The password row: the browser offers the saved password at sign-in (`current`) and suggests one at sign-up (`new`). */
export function PasswordField({ purpose, ...props }: RowProps & { purpose: 'current' | 'new' }) {
  return <TextField {...props} label="Password" type="password" autoComplete={`${purpose}-password`} />;
}

/** The new password of a reset or a change, with the rules it must meet. */
export function NewPasswordField(props: RowProps) {
  return (
    <TextField
      {...props}
      label="New password"
      type="password"
      autoComplete="new-password"
      hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters; not one of the most common passwords.`}
    />
  );
}
