import type { ReactNode } from 'react';

/** The narrow centred card of the sign-in and sign-up pages: an optional notice above it, a line of links below the form. */
export function AuthCard({ notice, footer, children }: { notice?: ReactNode; footer: ReactNode; children: ReactNode }) {
  return (
    <div className="row justify-content-center">
      <div className="col-md-8 col-lg-6">
        {notice}
        <div className="card shadow-sm">
          <div className="card-body p-4">
            {children}
            <p className="text-center small mt-3 mb-0">{footer}</p>
          </div>
        </div>
      </div>
    </div>
  );
}
