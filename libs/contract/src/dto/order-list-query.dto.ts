import { Transform } from 'class-transformer';
import { IsOptional, registerDecorator, type ValidationArguments } from 'class-validator';
import { ORDER_PAGE_MAX, ORDER_SEARCH_MAX, ORDER_STATUSES, type OrderStatus } from '../checkout.js';
import { hasControlCharacters } from '../text-rules.js';

/**
 * The query of the order lists: `GET /orders/user/:userId` takes paging only ({@link OrderPageQueryDto}); the
 * admin's `GET /order/all/:userId` and `GET /order/export/:userId` add the filters ({@link OrderListQueryDto}).
 * Values stay text as the query string has them; the API turns them into its filter (a cursor decoded, `q` read as
 * an order number, an order id or the start of an e-mail). Each field's rules run in order, stopping at the first
 * that fails, and a parameter given twice (`?status=a&status=b`) is refused before anything else.
 */

/** Whole numbers only, as written: no sign, no decimals, no exponent, at most 9 digits. */
const WHOLE = /^\d{1,9}$/;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${ORDER_PAGE_MAX}`;
/** A cursor is a few sort values and an id, base64url-encoded; anything much longer is not one of ours. */
const CURSOR = /^[A-Za-z0-9_-]{1,512}$/;
export const ORDER_CURSOR_MESSAGE = 'after must be a cursor this API returned in X-Next-Cursor, unchanged';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATUS_MESSAGE = `status must be one of ${ORDER_STATUSES.join(', ')}`;
const SEARCH_MESSAGE = `q must be an order number, an order id or the start of an e-mail (at most ${ORDER_SEARCH_MAX} characters)`;

/** An empty filter (`?status=`, as a form with nothing chosen sends it) is no filter. */
const blankIsAbsent = ({ value }: { value: unknown }): unknown => (value === '' ? undefined : value);
/** `q` is read trimmed; nothing but spaces is no search. */
const trimmedSearch = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? undefined : value.trim();
};

/**
 * Validator: the parameter is given once, as text (Express reads `?a=1&a=2` as a list). The other rules below let
 * anything but text pass, so this is the one message a repeated parameter gets, whatever order the rules run in.
 */
function GivenOnce(): PropertyDecorator {
  return rule(
    'givenOnce',
    (value) => typeof value === 'string',
    (property) => `${property} must be given once`,
  );
}

/** Validator: text that passes `test`, with `message` (anything but text passes: GivenOnce refuses it). */
function TextRule(name: string, test: (text: string, args: ValidationArguments) => boolean, message: string): PropertyDecorator {
  return rule(
    name,
    (value, args) => typeof value !== 'string' || test(value, args),
    () => message,
  );
}

function rule(
  name: string,
  validate: (value: unknown, args: ValidationArguments) => boolean,
  message: (property: string) => string,
): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: message(String(propertyName)) },
      validator: { validate },
    });
}

/** The `limit` rule: a whole number from 1 to ORDER_PAGE_MAX, as written (the API reads a plain page by it without the DTO). */
export function isOrderPageLimit(text: string): boolean {
  return WHOLE.test(text) && +text >= 1 && +text <= ORDER_PAGE_MAX;
}

/** The `after` rule: the shape of a cursor this API wrote (decoding it is the API's). */
export function isOrderCursorText(text: string): boolean {
  return CURSOR.test(text);
}

/** The `status` rule: one of the order statuses. */
export function isOrderStatus(text: string): text is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(text);
}

/** The `q` rule, on the text as read (trimmed): at most ORDER_SEARCH_MAX characters, none of them a control character. */
export function isOrderSearch(text: string): boolean {
  return text.length <= ORDER_SEARCH_MAX && !hasControlCharacters(text);
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** A page of an order list: `limit` (1-100, default 50) and the `after` cursor of an earlier page's X-Next-Cursor. */
export class OrderPageQueryDto {
  @IsOptional()
  @GivenOnce()
  @TextRule('wholeNumber', isOrderPageLimit, LIMIT_MESSAGE)
  limit?: string;

  @IsOptional()
  @GivenOnce()
  @TextRule('cursor', isOrderCursorText, ORDER_CURSOR_MESSAGE)
  after?: string;
}

/** The admin's order list and export: a page, and the filters `status`, `from`/`to` (UTC days, inclusive) and `q`. */
export class OrderListQueryDto extends OrderPageQueryDto {
  @Transform(blankIsAbsent)
  @IsOptional()
  @GivenOnce()
  @TextRule('orderStatus', isOrderStatus, STATUS_MESSAGE)
  status?: OrderStatus;

  @Transform(blankIsAbsent)
  @IsOptional()
  @GivenOnce()
  @TextRule('calendarDate', isCalendarDate, 'from must be a date, YYYY-MM-DD')
  from?: string;

  @Transform(blankIsAbsent)
  @IsOptional()
  @GivenOnce()
  @TextRule('calendarDate', isCalendarDate, 'to must be a date, YYYY-MM-DD')
  // Compared only when both are days: a bad `from` or `to` has its own message.
  @TextRule('notBeforeFrom', (to, { object }) => notBefore((object as { from?: unknown }).from, to), 'to must not be before from')
  to?: string;

  /** An order number (`1042`, `#1042`), an order id, or the start of a buyer's e-mail. */
  @Transform(trimmedSearch)
  @IsOptional()
  @GivenOnce()
  @TextRule('orderSearch', isOrderSearch, SEARCH_MESSAGE)
  q?: string;
}

function notBefore(from: unknown, to: string): boolean {
  return typeof from !== 'string' || !isCalendarDate(from) || !isCalendarDate(to) || from <= to;
}
