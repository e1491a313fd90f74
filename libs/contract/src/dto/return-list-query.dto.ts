import { IsIn, IsOptional } from 'class-validator';
import { RETURN_STATUSES, type ReturnStatus } from '../returns.js';
import { OrderPageQueryDto } from './order-list-query.dto.js';

const STATUS_MESSAGE = `status must be one of ${RETURN_STATUSES.join(', ')}`;

/**
 * The query of the admin's list of returns (`GET /returns/all/:userId`): a page by the order lists' rules (`limit`
 * 1-100, default 50; `after`, an earlier page's X-Next-Cursor) and an optional `status`. Values stay text as the
 * query string has them; the API decodes the cursor.
 */
export class ReturnListQueryDto extends OrderPageQueryDto {
  @IsOptional()
  @IsIn(RETURN_STATUSES, { message: STATUS_MESSAGE })
  status?: ReturnStatus;
}
