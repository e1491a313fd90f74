import { type ReactNode, useEffect } from 'react';

export const SHOP_NAME = 'T-Shirt Store';

/** A page's tab title: its own, then the shop's. */
export const pageTitle = (title: string): string => `${title} | ${SHOP_NAME}`;

/** The page frame every screen shares: a title band, then the content. It also names the page in the tab. */
export function Page({
  title,
  description,
  metaDescription = description,
  children,
}: {
  title: string;
  description?: string;
  /** The meta description when it is not the shown one (a long text shortened for link previews). */
  metaDescription?: string;
  children: ReactNode;
}) {
  // Each page its own tab title and meta description (index.html holds the shop's defaults for the first paint).
  useEffect(() => {
    document.title = pageTitle(title);
    if (metaDescription) document.querySelector('meta[name="description"]')?.setAttribute('content', metaDescription);
  }, [title, metaDescription]);
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
