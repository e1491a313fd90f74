import { ERROR_STATUS } from '@store/contract';
import { loadConfig } from '../../config/env.js';

describe('metrics configuration', () => {
  it('names each error code by its status: the contract maps codes and statuses one to one', () => {
    // StoreMetrics labels errors by code read back from the status; a second code on one status would need a
    // hook in the exception filter instead.
    const statuses = Object.values(ERROR_STATUS);
    expect(new Set(statuses).size).toBe(statuses.length);
  });

  it('reads METRICS_PORT: unset means no metrics server', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).metricsPort).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(loadConfig({ NODE_ENV: 'test', METRICS_PORT: '0' }).metricsPort).toBe(0);
  });

  it('refuses a METRICS_PORT that is not a port, or is the API port', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT: must be a whole number from 0 to 65535/);
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});
