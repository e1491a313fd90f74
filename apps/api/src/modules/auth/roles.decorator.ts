import { SetMetadata } from '@nestjs/common';
import type { Role } from '@store/contract';

export const ROLES = 'roles';

/** Narrows a route to users with one of these roles, read from the database on every request. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES, roles);
