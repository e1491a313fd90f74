import type { ProductSize } from '@store/contract';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { OrderEntity } from './order.entity.js';

/** One variant of a product in an order, with its name, values and unit price as they were at purchase. */
@Entity('order_lines')
export class OrderLineEntity {
  @PrimaryColumn({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  /** The product's id; deliberately not a foreign key, so deleting a product leaves past orders intact. */
  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  /** The variant bought (not a foreign key either: a deleted variant's orders keep it). */
  @PrimaryColumn({ name: 'variant_id', type: 'integer' })
  variantId!: number;

  /** The variant's SKU when bought (null only for lines of products deleted before variants existed). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  sku!: string | null;

  /** The variant's values as people read them when bought (`Blue / M`; '' for a default variant). */
  @Column({ name: 'variant_label', type: 'varchar', length: 120, default: '' })
  variantLabel!: string;

  /** The size bought, when the variant has a Size option whose value is a size; '' otherwise (what older clients read). */
  @Column({ type: 'varchar', length: 4, default: '' })
  size!: ProductSize | '';

  @ManyToOne(() => OrderEntity, (order) => order.lines, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Relation<OrderEntity>;

  @Column({ type: 'varchar', length: 32 })
  name!: string;

  /** Integer cents paid per unit. */
  @Column({ name: 'price_cents', type: 'integer' })
  priceCents!: number;

  @Column({ type: 'integer' })
  count!: number;

  /** This line's share of the order's discount, and the tax on what is left of it (docs/pricing.md), in cents. */
  @Column({ name: 'discount_cents', type: 'integer', default: 0 })
  discountCents!: number;

  @Column({ name: 'tax_cents', type: 'integer', default: 0 })
  taxCents!: number;

  /** The provider's credit id when this line alone was refunded (the three refund columns go together). */
  @Column({ name: 'refund_id', type: 'varchar', length: 64, nullable: true })
  refundId!: string | null;

  @Column({ name: 'refund_cents', type: 'integer', nullable: true })
  refundCents!: number | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;

  /** What returns of some of this line's units refunded so far, and how many units (docs/returns.md, "Refunds"). */
  @Column({ name: 'return_refund_cents', type: 'integer', default: 0 })
  returnRefundCents!: number;

  @Column({ name: 'return_refunded_count', type: 'integer', default: 0 })
  returnRefundedCount!: number;
}
