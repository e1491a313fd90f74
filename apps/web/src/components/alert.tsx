import type { ReactNode } from 'react';

type Variant = 'success' | 'danger' | 'info' | 'warning';

/** A Bootstrap alert; failures are announced at once (role alert), the rest politely (role status). */
export function Alert({ variant, children, className = '' }: { variant: Variant; children: ReactNode; className?: string }) {
  return (
    <div className={`alert alert-${variant} ${className}`.trim()} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A failure as the spec shows it: a red alert with the quoted message, and the server's reason under it when there is one. */
export function ErrorAlert({ message, reason }: { message: string | null | undefined; reason?: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="danger">
      <div>{message}</div>
      {reason && reason !== message ? <div className="small mt-1">{reason}</div> : null}
    </Alert>
  );
}
