/** The catalogue module's public surface: other modules import from here (or the module file) only. */
export { CatalogueModule } from './catalogue.module.js';
export { ProductsService } from './products.service.js';
export { ProductGalleryService } from './product-gallery.service.js';
export { sizesAsVariants, type VariantsDraft } from './product-form.js';
