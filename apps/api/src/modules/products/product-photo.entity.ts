import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { ProductEntity } from './product.entity.js';

/**
 * A product's photo: the original upload and the card-size WebP made from it once, at upload.
 * The ETag is computed at upload and kept here, so a 304 needs one small query and no hashing.
 */
@Entity('product_photos')
export class ProductPhotoEntity {
  @PrimaryColumn({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @OneToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Relation<ProductEntity>;

  @Column({ name: 'content_type', type: 'varchar', length: 32 })
  contentType!: string;

  @Column({ type: 'bytea' })
  data!: Buffer;

  @Column({ name: 'card_data', type: 'bytea' })
  cardData!: Buffer;

  /** Strong ETag of the original (quoted, as sent); the card variant's is derived from it. */
  @Column({ type: 'varchar', length: 80 })
  etag!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
