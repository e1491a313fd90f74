import { Body, Controller, Delete, Get, Header, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import {
  ACCOUNT_DELETED,
  type Account,
  type AddressBook,
  ApiRoute,
  type MessageResponse,
  type MyData,
  type SavedAddress,
} from '@store/contract';
import { AccountDeletionDto, NameChangeDto } from '@store/contract/dto/account.dto';
import { SaveAddressDto } from '@store/contract/dto/save-address.dto';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { AuthRateLimitGuard } from '../auth/rate-limit/rate-limit.guard.js';
import { AccountsService } from './accounts.service.js';

/** The signed-in user's own account (every path's userId is checked against the token by the global guard). */
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get(ApiRoute.account)
  account(@CurrentUser() user: AuthUser): Promise<Account> {
    return this.accounts.account(user.id);
  }

  @Put(ApiRoute.account)
  rename(@CurrentUser() user: AuthUser, @Body() body: NameChangeDto): Promise<Account> {
    return this.accounts.rename(user.id, body.name);
  }

  @Get(ApiRoute.addresses)
  addresses(@CurrentUser() user: AuthUser): Promise<AddressBook> {
    return this.accounts.addressBook(user.id);
  }

  @Post(ApiRoute.addresses)
  addAddress(@CurrentUser() user: AuthUser, @Body() body: SaveAddressDto): Promise<SavedAddress> {
    return this.accounts.addAddress(user.id, body.shippingAddress, body.isDefault === true);
  }

  @Put(ApiRoute.address)
  replaceAddress(
    @CurrentUser() user: AuthUser,
    @UuidParam('addressId') addressId: string,
    @Body() body: SaveAddressDto,
  ): Promise<SavedAddress> {
    return this.accounts.replaceAddress(user.id, addressId, body.shippingAddress, body.isDefault === true);
  }

  @Delete(ApiRoute.address)
  @HttpCode(204)
  async removeAddress(@CurrentUser() user: AuthUser, @UuidParam('addressId') addressId: string): Promise<void> {
    await this.accounts.removeAddress(user.id, addressId);
  }

  /** A download: the browser saves it as a file. Never cached anywhere (it is the person's whole record). */
  @Get(ApiRoute.myData)
  @Header('Content-Disposition', 'attachment; filename="my-data.json"')
  @Header('Cache-Control', 'no-store')
  myData(@CurrentUser() user: AuthUser): Promise<MyData> {
    return this.accounts.myData(user.id);
  }

  /** The password is checked here: limited like sign-in, so a session left open cannot be used to guess it. */
  @Post(ApiRoute.accountDelete)
  @HttpCode(200)
  @UseGuards(AuthRateLimitGuard)
  async delete(@CurrentUser() user: AuthUser, @Body() body: AccountDeletionDto): Promise<MessageResponse> {
    await this.accounts.delete(user, body.password);
    return { message: ACCOUNT_DELETED };
  }
}
