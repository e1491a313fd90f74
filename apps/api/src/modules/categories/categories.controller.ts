import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiRoute, type Category, type DeletedResponse, Role } from '@store/contract';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Public } from '../auth/public.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { CategoriesService } from './categories.service.js';
import { CategoryDto } from '@store/contract/dto/category.dto';

@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Public()
  @Get(ApiRoute.categories)
  list(): Promise<Category[]> {
    return this.categories.list();
  }

  @Public()
  @Get(ApiRoute.category)
  get(@UuidParam('categoryId') categoryId: string): Promise<Category> {
    return this.categories.get(categoryId);
  }

  @Roles(Role.Admin)
  @Post(ApiRoute.categoryCreate)
  create(@Body() body: CategoryDto, @CurrentUser() admin: AuthUser): Promise<Category> {
    return this.categories.create(body.name, admin);
  }

  @Roles(Role.Admin)
  @Put(ApiRoute.categoryUpdate)
  rename(@UuidParam('categoryId') categoryId: string, @Body() body: CategoryDto, @CurrentUser() admin: AuthUser): Promise<Category> {
    return this.categories.rename(categoryId, body.name, admin);
  }

  @Roles(Role.Admin)
  @Delete(ApiRoute.categoryDelete)
  remove(@UuidParam('categoryId') categoryId: string, @CurrentUser() admin: AuthUser): Promise<DeletedResponse> {
    return this.categories.remove(categoryId, admin);
  }
}
