import type { Category, Product, ProductSortField, ProductSortOrder } from '@store/contract';

/**
 * What the web app's server entry (apps/web/src/entry-server.tsx, built into apps/web/dist-server) offers the
 * API: which pages it renders and their markup. Declared here as the API sees it: the bundle is loaded at start,
 * not compiled with the API.
 */
export interface WebRenderer {
  pageNeeds(pathname: string, search: string): PageNeeds | undefined;
  renderPage(url: string, needs: PageNeeds, data: PageData): Promise<RenderedPage>;
}

export type PageNeeds =
  | {
      page: 'home';
      view: { sortBy: ProductSortField; order: ProductSortOrder; q?: string; category?: string };
      pageSize: number;
    }
  | { page: 'product'; productId: string }
  | { page: 'notFound' };

export interface PageData {
  categories: Category[];
  products?: { products: Product[]; total: number; capped: boolean };
  product?: Product | null;
}

export interface RenderedPage {
  status: number;
  head: string;
  modules: string[];
  html: string;
  data: string;
  title: string;
  description: string;
}
