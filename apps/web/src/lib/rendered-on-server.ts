/**
 * Whether this page came rendered from the server (docs/web.md, Server rendering): then what the server drew
 * first, the browser draws first too, so hydration finds the same tree. Set by the server's entry, and by
 * main.tsx when the page carries the server's data; never reset (later pages are the browser's own navigation).
 */
let renderedOnServer = false;

export function markRenderedOnServer(): void {
  renderedOnServer = true;
}

export function isRenderedOnServer(): boolean {
  return renderedOnServer;
}
