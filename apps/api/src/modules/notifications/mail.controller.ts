import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiRoute, type MailStatus, type MailTestResult, Role } from '@store/contract';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { MailTestDto } from '@store/contract/dto/mail-test.dto';
import { MailSender } from './mail-sender.js';
import { OutboxRepository } from './outbox.repository.js';

/** The shop's e-mail as the admin sees it: the backlog and its failures, and a test mail with the server's answer. */
@Controller()
export class MailController {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly sender: MailSender,
  ) {}

  @Roles(Role.Admin)
  @Get(ApiRoute.mailStatus)
  async status(): Promise<MailStatus> {
    return { transport: this.sender.describe(), ...(await this.outbox.status()) };
  }

  /**
   * Sends at once rather than through the outbox: the point is the server's answer, now. A refusal or an
   * unreachable server is an answer too (200 with `sent: false`), shown to the admin as the server gave it.
   */
  @Roles(Role.Admin)
  @Post(ApiRoute.mailTest)
  @HttpCode(200)
  async test(@Body() body: MailTestDto, @CurrentUser() user: AuthUser): Promise<MailTestResult> {
    const to = body.to ?? user.email;
    try {
      return { sent: true, to, answer: await this.sender.sendTest(to) };
    } catch (error) {
      return { sent: false, to, answer: error instanceof Error ? error.message : String(error) };
    }
  }
}
