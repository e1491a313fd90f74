import { ApiError, NETWORK_ERROR_MESSAGE, apiCall, apiRequest, apiUrl, configureApi } from './api-client';
import { BASE_URL, installFakeApi } from '@/testing/fake-api';

describe('api client', () => {
  it('uses /api by default and a configured base URL otherwise', () => {
    expect(apiUrl('/products', { limit: 2, offset: undefined })).toBe('/api/products?limit=2');
    configureApi({ baseUrl: 'http://127.0.0.1:9999/api/' });
    expect(apiUrl('/product/photo/p1', { size: 'card' })).toBe('http://127.0.0.1:9999/api/product/photo/p1?size=card');
  });

  it('sends JSON with the bearer token and reads the answer and headers', async () => {
    const api = installFakeApi().on('POST', '/category/create/:userId', {
      status: 201,
      body: { _id: 'c1', name: 'Tees' },
      headers: { 'X-Total-Count': '7' },
    });
    const answer = await apiRequest('/category/create/u1', { method: 'POST', json: { name: 'Tees' }, token: 'tok' });
    expect(answer.data).toEqual({ _id: 'c1', name: 'Tees' });
    expect(answer.headers.get('X-Total-Count')).toBe('7');
    const [request] = api.requests;
    expect(request.headers.authorization).toBe('Bearer tok');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.json).toEqual({ name: 'Tees' });
    expect(request.path).toBe('/category/create/u1');
  });

  it('sends multipart as FormData and lets the runtime set its content type', async () => {
    const api = installFakeApi().on('POST', '/product/create/:userId', { status: 201, body: {} });
    const form = new FormData();
    form.append('name', 'Tee');
    await apiCall('/product/create/u1', { method: 'POST', form, token: 't' });
    expect(api.requests[0].form?.get('name')).toBe('Tee');
    expect(api.requests[0].headers['content-type']).toBeUndefined();
  });

  it("turns a failure into an ApiError carrying the server's error text, status and code", async () => {
    installFakeApi().on('POST', '/signin', { status: 401, body: { error: 'Email and password do not match', code: 'UNAUTHENTICATED' } });
    const failure = apiCall('/signin', { method: 'POST', json: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: 'Email and password do not match', status: 401, code: 'UNAUTHENTICATED' });
  });

  it('explains a failure without a JSON body by its status', async () => {
    installFakeApi().on('GET', '/products', { status: 502 });
    await expect(apiCall('/products')).rejects.toMatchObject({ message: expect.stringContaining('502'), status: 502 });
  });

  it('reports an unreachable server in words and logs the cause', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    configureApi({ baseUrl: BASE_URL, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(apiCall('/products')).rejects.toMatchObject({ message: NETWORK_ERROR_MESSAGE, status: 0 });
    expect(log).toHaveBeenCalled();
  });

  it('calls onUnauthorized only when a request that carried a token gets 401', async () => {
    const onUnauthorized = jest.fn();
    installFakeApi().on('GET', '/user/:userId', { status: 401, body: { error: 'Token revoked', code: 'UNAUTHENTICATED' } });
    configureApi({ onUnauthorized });
    await expect(apiCall('/user/u1')).rejects.toThrow('Token revoked');
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(apiCall('/user/u1', { token: 'old' })).rejects.toThrow('Token revoked');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
