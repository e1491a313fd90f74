import { existsSync } from 'node:fs';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_PREFIX } from '@store/contract';
import express, { type NextFunction, type Request, type Response } from 'express';
import { DOCUMENT_ONLY_HEADERS } from '../http/security-headers.js';
import type { RenderedAnswer, WebPages } from './web-pages.js';

/** Precompressed siblings the web build writes (apps/web/build/precompress.plugin.ts), best first. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/** Content types of the files that get precompressed siblings; express.static would guess from `.br`/`.gz`. */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** Whether `Accept-Encoding` allows `coding` (a `;q=0` refuses it). */
export function acceptsEncoding(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== coding && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, index.html never cached,
 * the public pages rendered on the server when `pages` renders them (web-pages.ts), robots.txt and the sitemap,
 * any other non-API GET answered with index.html so client-side routes survive a reload. A file with a
 * precompressed `.br`/`.gz` sibling is sent as that sibling (with `Content-Encoding` and `Vary: Accept-Encoding`)
 * when the browser accepts it, so `npm start` sends the same small bytes nginx does with `gzip_static`.
 * Source maps are never served, even if a build left some behind.
 */
export function serveWebApp(app: NestExpressApplication, webDist: string, pages?: WebPages): void {
  const root = path.resolve(webDist);
  const indexHtml = path.join(root, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(`WEB_DIST=${webDist} has no index.html; build the web app first (npm run build)`);
  const isApi = (url: string): boolean => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
  const isAsset = (filePath: string): boolean => filePath.includes(`${path.sep}assets${path.sep}`);
  const cacheControl = (filePath: string): string => (isAsset(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
  /** A fingerprinted file's headers: cached for a year, without the headers only a document uses. */
  const setFileHeaders = (response: Response, filePath: string): void => {
    response.setHeader('Cache-Control', cacheControl(filePath));
    if (isAsset(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) response.removeHeader(name);
  };
  const staticFiles = express.static(root, { index: false, setHeaders: setFileHeaders });

  const logger = new Logger('WebApp');
  const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';
  if (pages) {
    app.use((request: Request, response: Response, next: NextFunction) => {
      if (!isRead(request) || isApi(request.path)) return next();
      pages.crawlerFile(request.path).then((file) => (file ? sendAnswer(request, response, file) : next()), next);
    });
  }
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (isApi(request.path)) return next();
    if (request.path.endsWith('.map')) return response.status(404).type('text/plain').send('Not found');
    if ((request.method === 'GET' || request.method === 'HEAD') && sendPrecompressed(request, response)) return;
    staticFiles(request, response, next);
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!isRead(request) || isApi(request.path)) return next();
    const sendShell = () => {
      response.setHeader('Cache-Control', 'no-cache');
      if (!sendPrecompressed(request, response, indexHtml)) response.sendFile(indexHtml);
    };
    if (!pages?.renders) return sendShell();
    const search = request.originalUrl.includes('?') ? request.originalUrl.slice(request.originalUrl.indexOf('?')) : '';
    pages.page(request.path, search).then(
      (page) => (page ? sendAnswer(request, response, page) : sendShell()),
      (error: unknown) => {
        // The page still works when rendering fails: the browser renders it, as it did before the server did.
        logger.error(
          `Rendering ${request.path} failed; sending the app shell: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        sendShell();
      },
    );
  });

  /** Sends a rendered answer in the best encoding the client takes; never cached without asking again. */
  function sendAnswer(request: Request, response: Response, answer: RenderedAnswer): void {
    const encoding = ENCODINGS.find((candidate) => acceptsEncoding(request.headers['accept-encoding'], candidate.name));
    response.vary('Accept-Encoding');
    response.setHeader('Cache-Control', 'no-cache');
    response.setHeader('Content-Type', answer.contentType);
    if (encoding) response.setHeader('Content-Encoding', encoding.name);
    response.status(answer.status).send(encoding ? answer[encoding.name] : answer.body);
  }

  /** Sends `file.br`/`file.gz` for the request's file (or `file`) when one exists and is accepted. */
  function sendPrecompressed(request: Request, response: Response, file?: string): boolean {
    let target = file;
    if (!target) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(request.path);
      } catch {
        return false;
      }
      target = path.join(root, path.normalize(decoded));
      if (!target.startsWith(root + path.sep)) return false;
    }
    const contentType = CONTENT_TYPES[path.extname(target)];
    if (!contentType) return false;
    const encoding = ENCODINGS.find(
      (candidate) => acceptsEncoding(request.headers['accept-encoding'], candidate.name) && existsSync(target + candidate.extension),
    );
    // Whether compressed or not, the answer for this URL depends on Accept-Encoding once a sibling exists.
    if (existsSync(`${target}.br`) || existsSync(`${target}.gz`)) response.vary('Accept-Encoding');
    if (!encoding) return false;
    response.setHeader('Content-Encoding', encoding.name);
    setFileHeaders(response, target);
    response.sendFile(
      target + encoding.extension,
      { headers: { 'Content-Type': contentType }, lastModified: true },
      (error?: Error & { status?: number }) => {
        if (!error || response.headersSent) return;
        // Refused (an unsatisfiable Range, a failed If-Match) or gone mid-deploy: the answer has no body, so it
        // must not claim the sibling's encoding.
        response.removeHeader('Content-Encoding');
        response.status(error.status === 412 || error.status === 416 ? error.status : 404).end();
      },
    );
    return true;
  }
}
