import { Module } from '@nestjs/common';
import { MailSender } from './mail-sender.js';
import { MailController } from './mail.controller.js';
import { OutboxWorker } from './outbox-worker.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';

/**
 * E-mail through a transactional outbox: {@link OutboxService} queues mails in the transaction of the event
 * they announce; {@link OutboxWorker} sends them through {@link MailSender} (SMTP, or .eml files without one).
 * {@link MailController} shows the admin the backlog and sends test mails. A leaf: it needs no other module, so
 * the orders module can use it.
 */
@Module({
  controllers: [MailController],
  providers: [OutboxRepository, OutboxService, MailSender, OutboxWorker],
  exports: [OutboxService, MailSender, OutboxWorker],
})
export class NotificationsModule {}
