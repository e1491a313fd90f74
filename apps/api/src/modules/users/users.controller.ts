import { Controller, Get } from '@nestjs/common';
import { ApiRoute, type User } from '@store/contract';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import { toUser } from './user.mapper.js';
import { UsersService } from './users.service.js';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** The signed-in user's own profile (the path's userId is checked against the token by the global guard). */
  @Get(ApiRoute.user)
  async profile(@UuidParam('userId') userId: string): Promise<User> {
    return toUser(await this.users.getById(userId));
  }
}
