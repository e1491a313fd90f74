import type { INestApplication } from '@nestjs/common';
import { type SizeStock, toCents } from '@store/contract';
import { ConflictError } from '../../common/errors.js';
import { SYSTEM_ACTOR } from '../../modules/audit/audit.service.js';
import { CategoriesService } from '../../modules/categories/categories.service.js';
import { ProductsService } from '../../modules/catalogue/products.service.js';
import { sizesAsVariants } from '../../modules/catalogue/index.js';
import { renderTeePhoto, type TeeDesign } from './tee-photo.js';

export const DEMO_CATEGORIES = ['Graphic Tees', 'Basics', 'Vintage', 'Sports'];

type DemoCategory = (typeof DEMO_CATEGORIES)[number];

export interface DemoProduct {
  name: string;
  description: string;
  /** Dollars with at most two decimals, as the admin form takes them. */
  price: number;
  /** The total; for a product sold in sizes, the sum of its sizes. */
  stock: number;
  /** The sizes it is sold in (most are; a few stay without sizes, as a store's mugs and bags would). */
  sizes?: SizeStock[];
  category: DemoCategory;
  design: TeeDesign;
}

const NAVY = '#1f3a5f';
const CREAM = '#f2efe8';
const WINE = '#7a1f2b';
const PINE = '#2f4f3a';
const MUSTARD = '#e2b04a';
const CHARCOAL = '#333333';
const DENIM = '#6b8fb5';
const WHITE = '#ffffff';
const GOLD = '#f4c542';

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Sunset Over Waves Tee',
    description: 'A low sun sinking into the sea, screen-printed in white on soft ring-spun cotton.',
    price: 24.99,
    stock: 40,
    sizes: [
      { size: 'XS', stock: 4 },
      { size: 'S', stock: 8 },
      { size: 'M', stock: 12 },
      { size: 'L', stock: 10 },
      { size: 'XL', stock: 4 },
      { size: 'XXL', stock: 2 },
    ],
    category: 'Graphic Tees',
    design: { color: WINE, ink: WHITE, print: 'sunset' },
  },
  {
    name: 'Mountain Peaks Tee',
    description: 'Two summits and a rising sun for weekends spent above the tree line.',
    price: 26.5,
    stock: 35,
    sizes: [
      { size: 'S', stock: 7 },
      { size: 'M', stock: 12 },
      { size: 'L', stock: 10 },
      { size: 'XL', stock: 6 },
    ],
    category: 'Graphic Tees',
    design: { color: PINE, ink: GOLD, print: 'mountains' },
  },
  {
    name: 'Lightning Bolt Tee',
    description: 'One bold bolt across the chest. Pre-shrunk, so it fits the same after every wash.',
    price: 22,
    stock: 25,
    sizes: [
      { size: 'S', stock: 5 },
      { size: 'M', stock: 8 },
      { size: 'L', stock: 8 },
      { size: 'XL', stock: 4 },
    ],
    category: 'Graphic Tees',
    design: { color: MUSTARD, ink: WHITE, print: 'bolt' },
  },
  {
    name: 'Night Sky Star Tee',
    description: 'A golden star on charcoal cotton, for the ones who stay up late.',
    price: 23.75,
    stock: 18,
    category: 'Graphic Tees',
    design: { color: CHARCOAL, ink: GOLD, print: 'star' },
  },
  {
    name: 'Essential Cream Tee',
    description: 'The everyday crew neck in undyed cream cotton. Goes with everything you own.',
    price: 15,
    stock: 120,
    sizes: [
      { size: 'XS', stock: 10 },
      { size: 'S', stock: 20 },
      { size: 'M', stock: 35 },
      { size: 'L', stock: 30 },
      { size: 'XL', stock: 15 },
      { size: 'XXL', stock: 10 },
    ],
    category: 'Basics',
    design: { color: CREAM, ink: CREAM, print: 'plain' },
  },
  {
    name: 'Midnight Navy Tee',
    description: 'Deep navy, mid-weight jersey and a collar that keeps its shape.',
    price: 16,
    stock: 90,
    sizes: [
      { size: 'S', stock: 20 },
      { size: 'M', stock: 30 },
      { size: 'L', stock: 25 },
      { size: 'XL', stock: 15 },
    ],
    category: 'Basics',
    design: { color: NAVY, ink: NAVY, print: 'plain' },
  },
  {
    name: 'Pocket Tee',
    description: 'Our cream basic with a stitched chest pocket, just big enough for a pick or a note.',
    price: 18.5,
    stock: 60,
    category: 'Basics',
    design: { color: CREAM, ink: MUSTARD, print: 'pocket' },
  },
  {
    name: 'Retro Ringer Tee',
    description: 'Contrast collar and cuffs in gold, straight out of a 1970s gym class.',
    price: 27,
    stock: 30,
    sizes: [
      { size: 'S', stock: 8 },
      { size: 'M', stock: 12 },
      { size: 'L', stock: 0 },
      { size: 'XL', stock: 10 },
    ],
    category: 'Vintage',
    design: { color: NAVY, ink: GOLD, print: 'ringer' },
  },
  {
    name: 'Breton Stripe Tee',
    description: 'Twelve denim-blue stripes on white, the way the sailors wore them.',
    price: 29.99,
    stock: 22,
    category: 'Vintage',
    design: { color: WHITE, ink: DENIM, print: 'stripes' },
  },
  {
    name: 'Faded Target Tee',
    description: 'Concentric circles, garment-dyed and washed for a lived-in look from day one.',
    price: 25,
    stock: 15,
    category: 'Vintage',
    design: { color: CREAM, ink: WHITE, print: 'target' },
  },
  {
    name: 'Checkerboard Tee',
    description: 'A gold checkerboard on wine red: skate-park style, printed with water-based inks.',
    price: 24,
    stock: 0,
    category: 'Vintage',
    design: { color: WINE, ink: GOLD, print: 'checkers' },
  },
  {
    name: 'Marathon Heart Tee',
    description: 'For the long run: a big white heart on a breathable cotton and polyester blend.',
    price: 21,
    stock: 50,
    sizes: [
      { size: 'S', stock: 10 },
      { size: 'M', stock: 15 },
      { size: 'L', stock: 15 },
      { size: 'XL', stock: 10 },
    ],
    category: 'Sports',
    design: { color: PINE, ink: WHITE, print: 'heart' },
  },
  {
    name: 'Track Day Jersey Tee',
    description: 'Chevron and number bar in white, cut like a jersey and soft like a tee.',
    price: 28,
    stock: 33,
    sizes: [
      { size: 'S', stock: 8 },
      { size: 'M', stock: 10 },
      { size: 'L', stock: 10 },
      { size: 'XL', stock: 5 },
    ],
    category: 'Sports',
    design: { color: MUSTARD, ink: WHITE, print: 'jersey' },
  },
  {
    name: 'Court Lines Tee',
    description: 'Basketball seams in chalk white on charcoal. Made for pick-up games.',
    price: 23,
    stock: 27,
    category: 'Sports',
    design: { color: CHARCOAL, ink: WHITE, print: 'court' },
  },
  {
    name: 'Goal Net Tee',
    description: 'A golden net on denim blue, for everyone who has ever found the top corner.',
    price: 22.5,
    stock: 12,
    category: 'Sports',
    design: { color: DENIM, ink: GOLD, print: 'net' },
  },
];

/**
 * Fills an empty store (no category, no product) with a small demo catalogue: categories and t-shirts whose
 * photos are generated here, so no network or asset file is needed. Does nothing once the store has either,
 * so a restart never duplicates it and never refills a catalogue an admin emptied on purpose.
 */
export async function seedDemoCatalogue(app: INestApplication): Promise<void> {
  const categories = app.get(CategoriesService);
  const products = app.get(ProductsService);
  if ((await categories.list()).length > 0 || (await products.count()) > 0) return;

  const categoryIds = new Map<string, string>();
  for (const name of DEMO_CATEGORIES) {
    try {
      categoryIds.set(name, (await categories.create(name, SYSTEM_ACTOR))._id);
    } catch (error) {
      // Replicas start together: another one is seeding (category names are unique); it finishes the catalogue.
      if (error instanceof ConflictError) return;
      throw error;
    }
  }
  for (const product of DEMO_PRODUCTS) {
    await products.create(
      {
        name: product.name,
        description: product.description,
        priceCents: toCents(product.price),
        stock: product.stock,
        categoryId: categoryIds.get(product.category)!,
        variants: product.sizes ? sizesAsVariants(product.sizes, product.stock) : undefined,
      },
      await renderTeePhoto(product.design),
      SYSTEM_ACTOR,
    );
  }
}
