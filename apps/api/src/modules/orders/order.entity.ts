import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, type Relation, UpdateDateColumn } from 'typeorm';
import type { OrderStatus, RefundKind, ShippingAddress } from '@store/contract';
import { OrderLineEntity } from './order-line.entity.js';

/**
 * The statuses a row can have: the wire's order statuses, plus the two states of a checkout attempt that is
 * not (or no longer) an order: `Pending` while its stock is reserved and the card is being charged, `Failed`
 * once the charge was declined or abandoned and the stock released. Only paid orders are ever listed.
 */
/** One tax rate's share of an order: thousandths of a percent, cents. */
export interface OrderTax {
  name: string;
  rateMilli: number;
  cents: number;
}

export type OrderRowStatus = OrderStatus | 'Pending' | 'Failed';

@Entity('orders')
export class OrderEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The shop's order number, from a sequence (1, 2, 3...). bigint in SQL; never near 2^53 in a shop's life. */
  @Column({
    type: 'bigint',
    insert: false,
    update: false,
    transformer: { to: (v: number) => v, from: (v: string | null) => (v === null ? v : Number(v)) },
  })
  number!: number;

  /** Null once the buyer deleted their account (the order kept, anonymised, for the accounting retention). */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  /** The buyer's e-mail as at purchase, set by the database from users on insert (searchable by admins). */
  @Column({ name: 'user_email', type: 'varchar', length: 254, insert: false, update: false, nullable: true })
  userEmail!: string | null;

  /** A guest order's e-mail (lower case): where its confirmation went, and what joins it to an account confirmed at that address. */
  @Column({ name: 'guest_email', type: 'varchar', length: 254, nullable: true })
  guestEmail!: string | null;

  /** SHA-256 of a guest order's link token (set when it is paid and its mail queued); the token itself is never kept. */
  @Column({ name: 'guest_token_hash', type: 'bytea', nullable: true, select: false })
  guestTokenHash!: Buffer | null;

  /** The buyer's name as at purchase, like the lines' names and prices (the Orders module never reads users). */
  @Column({ name: 'user_name', type: 'varchar', length: 32 })
  userName!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: OrderRowStatus;

  /** Integer cents, the total charged. */
  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ name: 'transaction_id', type: 'varchar', length: 64, nullable: true })
  transactionId!: string | null;

  /** Why a checkout attempt failed (decline text, provider error, abandoned). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  failure!: string | null;

  /** The provider's id of the void or refund that returned the money of a cancelled order (all four refund columns go together). */
  @Column({ name: 'refund_id', type: 'varchar', length: 64, nullable: true })
  refundId!: string | null;

  /** Integer cents returned. */
  @Column({ name: 'refund_cents', type: 'integer', nullable: true })
  refundCents!: number | null;

  @Column({ name: 'refund_kind', type: 'varchar', length: 8, nullable: true })
  refundKind!: RefundKind | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;

  /** Where the order ships, as the buyer gave it at checkout (validated then); null for an order paid without one. */
  @Column({ name: 'shipping_address', type: 'jsonb', nullable: true })
  shippingAddress!: ShippingAddress | null;

  /**
   * The price breakdown (docs/pricing.md): amount = subtotal - discount + shipping (+ tax when prices exclude it).
   * NULL on orders paid before pricing, whose amount is the sum of their lines.
   */
  @Column({ name: 'subtotal_cents', type: 'integer', nullable: true })
  subtotalCents!: number | null;

  @Column({ name: 'discount_cents', type: 'integer', nullable: true })
  discountCents!: number | null;

  @Column({ name: 'shipping_cents', type: 'integer', nullable: true })
  shippingCents!: number | null;

  @Column({ name: 'tax_cents', type: 'integer', nullable: true })
  taxCents!: number | null;

  @Column({ name: 'prices_include_tax', type: 'boolean', nullable: true })
  pricesIncludeTax!: boolean | null;

  /** The tax per rate: `[{name, rateMilli, cents}]`. */
  @Column({ type: 'jsonb', nullable: true })
  taxes!: OrderTax[] | null;

  /** The provider's id of the refund of the shipping alone (the three shipping refund columns go together). */
  @Column({ name: 'shipping_refund_id', type: 'varchar', length: 64, nullable: true })
  shippingRefundId!: string | null;

  /** Integer cents of shipping returned on its own. */
  @Column({ name: 'shipping_refund_cents', type: 'integer', nullable: true })
  shippingRefundCents!: number | null;

  @Column({ name: 'shipping_refunded_at', type: 'timestamptz', nullable: true })
  shippingRefundedAt!: Date | null;

  /** The shipping method's name as at purchase. */
  @Column({ name: 'shipping_method', type: 'varchar', length: 64, nullable: true })
  shippingMethod!: string | null;

  /** The discount code applied, upper case. */
  @Column({ name: 'discount_code', type: 'varchar', length: 32, nullable: true })
  discountCode!: string | null;

  /** When the payment went through (null while Pending or Failed); the return window counts from it. */
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @OneToMany(() => OrderLineEntity, (line) => line.order)
  lines?: Relation<OrderLineEntity[]>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
