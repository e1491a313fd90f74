/**
 * Every /api route, one constant each, as the path pattern the API mounts and the web client fills in: the
 * `ApiRoute` namespace (`ApiRoute.products`; index.ts). Constants rather than one object, and in files by who
 * calls them, so that a bundle keeps only the routes its code names: the home page's takes the shop front's few.
 */
export * from './storefront-routes.js';
export * from './product-page-routes.js';
export * from './account-routes.js';
export * from './admin-routes.js';
