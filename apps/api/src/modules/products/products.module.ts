import { Module } from '@nestjs/common';

/** Products: filled in by its own issue; registered now so the application's shape is complete. */
@Module({})
export class ProductsModule {}
