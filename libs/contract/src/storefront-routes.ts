/**
 * The /api routes the shop front's home page reads (the catalogue, the tax display, and signing out from its nav bar):
 * the ones its bundle carries. Every route is one constant, read as `ApiRoute.<name>` (api-routes.ts); the routes are in files
 * by who calls them only so that a page's bundle takes the files it names, not every route.
 */
export const signout = '/signout';
export const categories = '/categories';
export const category = '/category/:categoryId';
export const products = '/products';
export const product = '/product/:productId';
/** The product's first photo (the grid's card). */
export const productPhoto = '/product/photo/:productId';
/** Whether shelf prices include tax ("incl. VAT" on cards and the product page; public). */
export const priceDisplay = '/prices/display';
