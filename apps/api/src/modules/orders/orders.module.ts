import { Module } from '@nestjs/common';

/** Orders: filled in by its own issue; registered now so the application's shape is complete. */
@Module({})
export class OrdersModule {}
