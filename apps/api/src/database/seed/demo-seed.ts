import type { INestApplication } from '@nestjs/common';
import { type SizeStock, toCents } from '@store/contract';
import sharp from 'sharp';
import { ConflictError } from '../../common/errors.js';
import { SYSTEM_ACTOR } from '../../modules/audit/audit.service.js';
import { CategoriesService } from '../../modules/categories/categories.service.js';
import { ProductsService } from '../../modules/catalogue/products.service.js';
import { ProductGalleryService, sizesAsVariants, type VariantsDraft } from '../../modules/catalogue/index.js';
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
  /**
   * The colours it comes in, each with its sizes: the product then has a Colour option (with swatches) and a Size
   * option, and each colour gets its own photos (the front, and a close-up of a printed tee), so the product page's
   * gallery follows the chosen colour. `design.color` is the first colour's; `sizes` is left out.
   */
  colours?: DemoColour[];
}

export interface DemoColour {
  name: string;
  /** Fabric colour, `#rrggbb`: the swatch and the photos' shirt. */
  swatch: string;
  /** Colour of the print on this colour's shirt. */
  ink: string;
  sizes: SizeStock[];
}

/** The demo's name for the colour option (the product page shows its values as swatches). */
export const DEMO_COLOUR_OPTION = 'Colour';

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
    stock: 53,
    category: 'Graphic Tees',
    design: { color: PINE, ink: GOLD, print: 'mountains' },
    colours: [
      {
        name: 'Pine',
        swatch: PINE,
        ink: GOLD,
        sizes: [
          { size: 'S', stock: 7 },
          { size: 'M', stock: 12 },
          { size: 'L', stock: 10 },
          { size: 'XL', stock: 6 },
        ],
      },
      {
        name: 'Navy',
        swatch: NAVY,
        ink: WHITE,
        sizes: [
          { size: 'S', stock: 3 },
          { size: 'M', stock: 5 },
          { size: 'L', stock: 0 },
          { size: 'XL', stock: 2 },
        ],
      },
      {
        name: 'Cream',
        swatch: CREAM,
        ink: PINE,
        sizes: [
          { size: 'S', stock: 0 },
          { size: 'M', stock: 4 },
          { size: 'L', stock: 3 },
          { size: 'XL', stock: 1 },
        ],
      },
    ],
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
    stock: 195,
    category: 'Basics',
    design: { color: CREAM, ink: CREAM, print: 'plain' },
    colours: [
      {
        name: 'Cream',
        swatch: CREAM,
        ink: CREAM,
        sizes: [
          { size: 'XS', stock: 10 },
          { size: 'S', stock: 20 },
          { size: 'M', stock: 35 },
          { size: 'L', stock: 30 },
          { size: 'XL', stock: 15 },
          { size: 'XXL', stock: 10 },
        ],
      },
      {
        name: 'Denim',
        swatch: DENIM,
        ink: DENIM,
        sizes: [
          { size: 'XS', stock: 5 },
          { size: 'S', stock: 10 },
          { size: 'M', stock: 15 },
          { size: 'L', stock: 10 },
          { size: 'XL', stock: 5 },
          { size: 'XXL', stock: 0 },
        ],
      },
      {
        name: 'Mustard',
        swatch: MUSTARD,
        ink: MUSTARD,
        sizes: [
          { size: 'XS', stock: 0 },
          { size: 'S', stock: 5 },
          { size: 'M', stock: 10 },
          { size: 'L', stock: 10 },
          { size: 'XL', stock: 5 },
          { size: 'XXL', stock: 0 },
        ],
      },
    ],
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
    stock: 74,
    category: 'Sports',
    design: { color: WINE, ink: WHITE, print: 'heart' },
    colours: [
      {
        name: 'Wine',
        swatch: WINE,
        ink: WHITE,
        sizes: [
          { size: 'S', stock: 10 },
          { size: 'M', stock: 15 },
          { size: 'L', stock: 15 },
          { size: 'XL', stock: 10 },
        ],
      },
      {
        name: 'Charcoal',
        swatch: CHARCOAL,
        ink: WINE,
        sizes: [
          { size: 'S', stock: 4 },
          { size: 'M', stock: 6 },
          { size: 'L', stock: 6 },
          { size: 'XL', stock: 2 },
        ],
      },
      {
        name: 'White',
        swatch: WHITE,
        ink: WINE,
        sizes: [
          { size: 'S', stock: 0 },
          { size: 'M', stock: 3 },
          { size: 'L', stock: 3 },
          { size: 'XL', stock: 0 },
        ],
      },
    ],
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
    const created = await products.create(
      {
        name: product.name,
        description: product.description,
        priceCents: toCents(product.price),
        stock: product.stock,
        categoryId: categoryIds.get(product.category)!,
        variants: product.colours
          ? colourVariants(product.colours)
          : product.sizes
            ? sizesAsVariants(product.sizes, product.stock)
            : undefined,
      },
      await renderTeePhoto(product.design),
      SYSTEM_ACTOR,
    );
    if (product.colours) await addColourPhotos(app, created, product);
  }
}

/** A Colour option with swatches, then Size; one variant per colour and size. */
export function colourVariants(colours: DemoColour[]): VariantsDraft {
  const sizes = [...new Set(colours.flatMap((colour) => colour.sizes.map(({ size }) => size)))];
  return {
    options: [
      { name: DEMO_COLOUR_OPTION, values: colours.map((colour) => ({ value: colour.name, swatch: colour.swatch })) },
      { name: 'Size', values: sizes.map((size) => ({ value: size })) },
    ],
    variants: colours.flatMap((colour) => colour.sizes.map(({ size, stock }) => ({ options: [colour.name, size], stock, active: true }))),
  };
}

/**
 * Ties the product's first photo (the first colour's front, the grid's card) to the first colour, then adds each
 * colour's photos: its front (except the first colour's, already there) and, for a printed tee, a close-up.
 */
async function addColourPhotos(
  app: INestApplication,
  product: Awaited<ReturnType<ProductsService['create']>>,
  demo: DemoProduct,
): Promise<void> {
  const gallery = app.get(ProductGalleryService);
  const values = product.options?.find((option) => option.name === DEMO_COLOUR_OPTION)?.values ?? [];
  const valueOf = (name: string): number => values.find((value) => value.value === name)!._id;
  const [first] = demo.colours!;
  await gallery.arrange(
    product._id,
    {
      photos: (product.photos ?? []).map((photo) => ({
        _id: photo._id,
        alt: `${demo.name} in ${first.name}`,
        optionValue: valueOf(first.name),
      })),
    },
    SYSTEM_ACTOR,
  );
  for (const [index, colour] of demo.colours!.entries()) {
    const design: TeeDesign = { ...demo.design, color: colour.swatch, ink: colour.ink };
    const front = await renderTeePhoto(design);
    if (index > 0) {
      await gallery.add(
        product._id,
        { photo: front, alt: `${demo.name} in ${colour.name}`, optionValue: valueOf(colour.name) },
        SYSTEM_ACTOR,
      );
    }
    // A plain tee's close-up would show only fabric: its colours get their front alone (and the seed one photo less).
    if (demo.design.print === 'plain') continue;
    await gallery.add(
      product._id,
      { photo: await closeUp(front), alt: `${demo.name} in ${colour.name}, close-up`, optionValue: valueOf(colour.name) },
      SYSTEM_ACTOR,
    );
  }
}

/** The middle of a tee photo (the print), enlarged to the photo's size. */
async function closeUp(photo: Buffer): Promise<Buffer> {
  return sharp(photo).extract({ left: 200, top: 200, width: 400, height: 400 }).resize(800, 800).jpeg({ quality: 85 }).toBuffer();
}
