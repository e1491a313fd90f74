import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { ProductEntity } from './product.entity.js';

/**
 * A product's photo: the original upload and the card-size WebP made from it once, at upload.
 * Each variant's ETag is a hash of its bytes computed at upload and kept here, so a 304 needs one small query
 * and no hashing.
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

  /** Strong ETag of the original (quoted, as sent). */
  @Column({ type: 'varchar', length: 80 })
  etag!: string;

  /** The card variant: a WebP of at most 600 px, always `image/webp`. */
  @Column({ name: 'card_data', type: 'bytea' })
  cardData!: Buffer;

  @Column({ name: 'card_etag', type: 'varchar', length: 80 })
  cardEtag!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
