// What checking the query of `GET /api/products` costs the API's CPU, in-process on the built API (apps/api/dist):
// the hand parser it uses (parseProductListQuery) against a class-validator DTO of the same parameters run as the
// global ValidationPipe runs one (class-transformer's plainToInstance, then validateSync with whitelist, unknown
// keys refused and stop at a field's first failure). The DTO here holds only the per-parameter rules (digits and
// ranges, the sort's names, a UUID, the search's length, control characters and words), none of the parser's
// cursor decoding, cross-parameter checks or search normalisation: a floor for what a DTO would cost, not its
// whole price. A cached list answer costs the API about 30 µs of CPU in all (docs/performance.md), so this is
// compared with that.
//   npx nx run api:build && ./node_modules/.bin/node apps/api/bench/list-query.mjs
// A benchmark, not a test: a busy machine moves the figures; the ratios within one run are the steadier result.
import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength, registerDecorator, validateSync } from 'class-validator';
import {
  PRODUCT_LIST_LIMIT_MAX,
  PRODUCT_SEARCH_MAX_CHARS,
  PRODUCT_SEARCH_MAX_WORDS,
  PRODUCT_SEARCH_MIN_WORD_CHARS,
  PRODUCT_SORT_FIELDS,
  PRODUCT_SORT_ORDERS,
  hasControlCharacters,
} from '@store/contract';
import { fromDist, step } from './support.mjs';

const N = Number(process.env.BENCH_CALLS ?? 20000);
const ROUNDS = 3;

const { parseProductListQuery } = await fromDist('modules/catalogue/dto/product-list-query.js');

/** A custom rule, as the contract's DTOs register theirs. */
const holds = (name, test, message) => (target, property) =>
  registerDecorator({ name, target: target.constructor, propertyName: property, options: { message }, validator: { validate: test } });
/** Decorators as TypeScript applies them to a property: bottom-up. */
const decorate = (cls, property, ...decorators) => [...decorators].reverse().forEach((decorator) => decorator(cls.prototype, property));
const whole = (min, max) => (value) => /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max;

class ListQueryDto {}
decorate(
  ListQueryDto,
  'limit',
  IsOptional(),
  IsString({ message: 'limit must be given once' }),
  holds('limit', whole(1, PRODUCT_LIST_LIMIT_MAX), `limit must be a whole number from 1 to ${PRODUCT_LIST_LIMIT_MAX}`),
);
decorate(
  ListQueryDto,
  'offset',
  IsOptional(),
  IsString({ message: 'offset must be given once' }),
  holds('offset', whole(0, 999_999_999), 'offset must be a whole number from 0 to 999999999'),
);
decorate(
  ListQueryDto,
  'after',
  IsOptional(),
  IsString({ message: 'after must be given once' }),
  MaxLength(512, { message: 'after must be a cursor this API returned in X-Next-Cursor, unchanged' }),
  Matches(/^[A-Za-z0-9_-]+$/, { message: 'after must be a cursor this API returned in X-Next-Cursor, unchanged' }),
);
decorate(
  ListQueryDto,
  'sortBy',
  IsOptional(),
  IsIn(PRODUCT_SORT_FIELDS, { message: `sortBy must be one of ${PRODUCT_SORT_FIELDS.join(', ')}` }),
);
decorate(
  ListQueryDto,
  'order',
  IsOptional(),
  IsIn(PRODUCT_SORT_ORDERS, { message: `order must be one of ${PRODUCT_SORT_ORDERS.join(', ')}` }),
);
decorate(ListQueryDto, 'category', IsOptional(), IsUUID('all', { message: 'category must be a valid category id' }));
decorate(
  ListQueryDto,
  'q',
  IsOptional(),
  IsString({ message: 'q must be given once' }),
  MaxLength(PRODUCT_SEARCH_MAX_CHARS, { message: `q must be at most ${PRODUCT_SEARCH_MAX_CHARS} characters` }),
  holds('qControl', (value) => !hasControlCharacters(value), 'q must not contain control or invalid characters'),
  holds(
    'qWords',
    (value) => {
      const words = value.toLowerCase().split(/\s+/u).filter(Boolean);
      return (
        words.length <= PRODUCT_SEARCH_MAX_WORDS &&
        (words.length === 0 || words.some((word) => [...word].length >= PRODUCT_SEARCH_MIN_WORD_CHARS))
      );
    },
    `q must have at most ${PRODUCT_SEARCH_MAX_WORDS} words, one of at least ${PRODUCT_SEARCH_MIN_WORD_CHARS} characters`,
  ),
);
const OPTIONS = { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true };
const viaDto = (query) => {
  const errors = validateSync(plainToInstance(ListQueryDto, query), OPTIONS);
  if (errors.length > 0) throw new Error('refused');
};
const viaParser = (query) => parseProductListQuery(query);

/** The queries the home page and the catalogue's filters send, and one the API refuses. */
const QUERIES = {
  'home page (no query)': {},
  'a page, sorted': { limit: '12', offset: '12', sortBy: 'price', order: 'desc' },
  'a category': { limit: '12', category: '0b9d2f8a-3c1e-4b8e-9a6f-2d4c5e6f7a8b' },
  'a search': { limit: '12', q: 'Blue Summer shirt' },
  'refused (limit 0, unknown key)': { limit: '0', colour: 'red' },
};

/** CPU microseconds per call of `work`, over N calls. */
function cpuPerCall(work, query) {
  const before = process.cpuUsage();
  for (let i = 0; i < N; i += 1) {
    try {
      work(query);
    } catch {
      // a refused query throws in both ways: that is its answer
    }
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / N;
}

for (const query of Object.values(QUERIES)) for (const work of [viaParser, viaDto]) cpuPerCall(work, query); // warm-up
step(`${N} calls per query and way, ${ROUNDS} rounds; CPU per call (measured on this machine, as it is)`);
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const [name, query] of Object.entries(QUERIES)) {
    const parser = cpuPerCall(viaParser, query);
    const dto = cpuPerCall(viaDto, query);
    step(`round ${round}, ${name}: hand parser ${parser.toFixed(2)} µs, DTO ${dto.toFixed(2)} µs (${(dto / parser).toFixed(1)}x)`);
  }
}
