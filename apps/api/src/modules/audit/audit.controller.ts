import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiRoute, type AuditEntry, NEXT_CURSOR_HEADER, Role, TOTAL_COUNT_HEADER } from '@store/contract';
import type { Response } from 'express';
import { Roles } from '../auth/roles.decorator.js';
import { AuditService } from './audit.service.js';
import { AuditQueryDto } from '@store/contract/dto/audit-query.dto';

@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** The audit trail, newest first; the next page's cursor is in X-Next-Cursor, the count in X-Total-Count. */
  @Roles(Role.Admin)
  @Get(ApiRoute.audit)
  async list(@Query() query: AuditQueryDto, @Res({ passthrough: true }) response: Response): Promise<AuditEntry[]> {
    const page = await this.audit.list(query);
    response.setHeader(TOTAL_COUNT_HEADER, page.total);
    if (page.next) response.setHeader(NEXT_CURSOR_HEADER, page.next);
    return page.entries;
  }
}
