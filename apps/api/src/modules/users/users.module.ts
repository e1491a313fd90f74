import { Module } from '@nestjs/common';
import { ChangeFeedModule } from '../../database/change-feed.js';
import { SessionCache } from './session-cache.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [ChangeFeedModule],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, SessionCache],
  exports: [UsersService, SessionCache],
})
export class UsersModule {}
