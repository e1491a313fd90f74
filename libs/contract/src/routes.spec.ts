import { ApiRoute, apiPath } from './index.js';

describe('apiPath', () => {
  it('fills every parameter of a pattern', () => {
    expect(apiPath(ApiRoute.categoryUpdate, { categoryId: 'c1', userId: 'u1' })).toBe('/category/c1/u1');
    expect(apiPath(ApiRoute.orderStatus, { orderId: 'o1', userId: 'u1' })).toBe('/order/o1/status/u1');
  });

  it('leaves a pattern without parameters as it is', () => {
    expect(apiPath(ApiRoute.products, {})).toBe('/products');
  });

  it('encodes values so an id cannot add path segments', () => {
    expect(apiPath(ApiRoute.product, { productId: '../signout' })).toBe('/product/..%2Fsignout');
  });

  it('refuses a missing parameter', () => {
    expect(() => apiPath(ApiRoute.user, {} as { userId: string })).toThrow('Missing path parameter "userId"');
  });
});
