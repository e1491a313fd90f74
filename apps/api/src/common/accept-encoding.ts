import { createRequire } from 'node:module';

/** The content codings an answer can go out in, as the response compression middleware names them. */
export type ContentCoding = 'br' | 'gzip' | 'deflate' | 'identity';

interface NegotiatorLike {
  encoding(available: readonly string[], preferred: readonly string[]): string | undefined;
}

// The negotiator the `compression` middleware itself uses (its own pinned copy, which parses Accept-Encoding
// differently from the newer one Express's `accepts` uses): a body compressed ahead of time is then chosen
// exactly as the middleware would have chosen to compress it, whatever odd header a client sends.
const requireFromCompression = createRequire(createRequire(import.meta.url).resolve('compression'));
const Negotiator = requireFromCompression('negotiator') as new (request: { headers: Record<string, string | undefined> }) => NegotiatorLike;

/** compression's lists (brotli support is always there on the Node versions the store runs on). */
const SUPPORTED: readonly ContentCoding[] = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED: readonly ContentCoding[] = ['br', 'gzip'];

/** Distinct Accept-Encoding values are few (one per browser family); a hostile stream of new ones only empties this. */
const MEMO_MAX = 256;
const memo = new Map<string, ContentCoding>();

/**
 * The coding the response compression middleware picks for a compressible answer over its threshold, given the
 * request's Accept-Encoding: identity when the header is absent or nothing acceptable is offered.
 */
export function negotiateCoding(acceptEncoding: string | undefined): ContentCoding {
  if (acceptEncoding === undefined) return 'identity';
  let coding = memo.get(acceptEncoding);
  if (coding === undefined) {
    coding = (new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(SUPPORTED, PREFERRED) ??
      'identity') as ContentCoding;
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(acceptEncoding, coding);
  }
  return coding;
}
