import type { Product } from '@store/contract';
import { useNavigate } from 'react-router-dom';
import { Page } from '@/components/page';
import { ProductGrid } from '@/features/catalog/components/product-grid';
import { addToCart } from '@/lib/cart';
import { paths } from '@/lib/paths';

export function HomePage() {
  const navigate = useNavigate();
  const add = (product: Product) => {
    addToCart(product);
    navigate(paths.cart);
  };
  return (
    <Page title="T-shirts for every day" description="Soft cotton tees, printed with care. Pick yours and pay securely by card.">
      <ProductGrid onAddToCart={add} />
    </Page>
  );
}
