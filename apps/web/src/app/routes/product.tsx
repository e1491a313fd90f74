import type { Product, ProductSize, ProductVariant } from '@store/contract';
import { lazy, memo, Suspense, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useCategories } from '@/api/categories/list-categories';
import { useProduct } from '@/api/products/get-product';
import { ErrorAlert } from '@/components/alert';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { FitNote } from '@/features/product/components/fit-note';
import { ProductDetails } from '@/features/product/components/product-details';
import { chosenVariant } from '@/features/product/components/variant-picker';
import { ApiError, errorMessage } from '@/lib/api-client';
import { addToCart } from '@/lib/cart';
import { addSizeToCart, addVariantToCart } from '@/lib/cart-changes';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './not-found';

/** The "Notify me" form, in a chunk of its own: its address check (the contract's DTO) is only for pages that show it. */
const StockAlertForm = lazy(async () => ({
  default: (await import('@/features/stock-alerts/components/stock-alert-form')).StockAlertForm,
}));

/**
 * The "Notify me" form under a product with a sold-out variant. Memoised on its props: on a server-rendered page its
 * chunk may still be loading when the page re-renders (its categories or fit arrive), and a new element reaching its
 * boundary before it has hydrated makes React drop the server's form and draw it again (the page moves).
 */
const SoldOutNote = memo(function SoldOutNote({ product, variant }: { product: Product; variant: ProductVariant | undefined }) {
  return (
    <Suspense fallback={null}>
      <StockAlertForm key={variant?._id ?? 'none'} product={product} chosen={variant} />
    </Suspense>
  );
});

/** At most this much of the description goes into the meta description (what a shared link's preview shows). */
const META_DESCRIPTION_MAX = 160;

/**
 * `/product/:productId`: one product, to look at closely, choose a size and add to the cart. Its tab title and
 * meta description are the product's, so a shared link says what it is. A product that is not there (deleted, or
 * an id that never was one) gets a page saying so, with the way back to the shop.
 */
export function ProductPage() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const product = useProduct(productId);
  const categories = useCategories();
  // The page stays on screen while the cart's code loads; a second tap then must not add a second t-shirt.
  const added = useRef(false);

  // 404 for a well-formed id the shop does not have, 400 for a malformed one: to the buyer both are "not here".
  const status = errorStatus(product.error);
  if (status === 404 || status === 400) return <ProductNotFound />;
  if (product.error) {
    return (
      <Page title="Product">
        <ErrorAlert message="The product could not be loaded." reason={errorMessage(product.error)} />
      </Page>
    );
  }
  if (!product.data) {
    return (
      <Page title="Product">
        <Spinner label="Loading product..." />
      </Page>
    );
  }
  const shown: Product = product.data;
  // Spec 4: Add to Cart appends one copy of the product and redirects to /cart (a sized one in the chosen size).
  const add = (size: ProductSize | undefined) => {
    if (added.current) return;
    added.current = true;
    if (size) addSizeToCart(shown, size);
    else addToCart(shown);
    navigate(paths.cart);
  };
  // The chosen options live in the URL (`?colour=Blue&size=M`): a link shares the choice, and Back undoes it.
  const search = new URLSearchParams(location.search);
  const options = shown.options ?? [];
  const chosen = options.map((option) => search.get(option.name.toLowerCase()) ?? undefined);
  const choose = (index: number, value: string) => {
    const next = new URLSearchParams(location.search);
    next.set(options[index].name.toLowerCase(), value);
    // A later option's value may not exist with the new one: the buyer chooses it again.
    for (const later of options.slice(index + 1)) next.delete(later.name.toLowerCase());
    navigate({ search: `?${next.toString()}` });
  };
  const addVariant = (variant: ProductVariant) => {
    if (added.current) return;
    added.current = true;
    addVariantToCart(shown, variant);
    navigate(paths.cart);
  };
  return (
    <Page title={shown.name} description={shown.description} metaDescription={metaDescription(shown.description)}>
      <ProductDetails
        product={shown}
        categoryName={categories.data?.find((category) => category._id === shown.category)?.name}
        onAdd={add}
        onAddVariant={addVariant}
        chosen={chosen}
        onChoose={choose}
        soldOutNote={
          (shown.variants ?? []).some((variant) => variant.active && variant.stock <= 0) ? (
            <SoldOutNote product={shown} variant={chosenVariant(shown.variants ?? [], chosen)} />
          ) : null
        }
      />
      <FitNote productId={shown._id} />
    </Page>
  );
}

function ProductNotFound() {
  return <NotFoundPage title="Product not found" description="This t-shirt is no longer in the shop, or the link to it is wrong." />;
}

/** The description as one line of at most {@link META_DESCRIPTION_MAX} characters, cut at a word. */
export function metaDescription(description: string): string {
  const line = description.replace(/\s+/g, ' ').trim();
  if (line.length <= META_DESCRIPTION_MAX) return line;
  const cut = line.slice(0, META_DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/**
 * The HTTP status of a failed read: an {@link ApiError}'s, or that of one that came with a server-rendered page's
 * data (app/page-data.ts), which crossed as plain JSON and is no longer an ApiError instance.
 */
function errorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
