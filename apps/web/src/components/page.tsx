import type { ReactNode } from 'react';

/** The page frame every screen shares: a title band, then the content. */
export function Page({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <>
      <header className="page-header">
        <div className="container py-4">
          <h1 className="h2 mb-1">{title}</h1>
          {description ? <p className="lead mb-0">{description}</p> : null}
        </div>
      </header>
      <div className="container py-4">{children}</div>
    </>
  );
}
