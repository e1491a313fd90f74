import { type DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR, ApplicationConfig } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { ClsModule } from 'nestjs-cls';
import { TransactionsModule, withoutIdleEnhancers } from './transactions.js';

/** Every provider of `module` and of the dynamic modules it imports, however deep. */
function providersOf(module: DynamicModule): Provider[] {
  const imported = (module.imports ?? []).filter((entry): entry is DynamicModule => typeof entry === 'object' && 'module' in entry);
  return [...(module.providers ?? []), ...imported.flatMap(providersOf)];
}

/** TypeORM's data source as the app's TypeORM module offers it; the plugin's adapter uses it only once a transaction opens. */
@Global()
@Module({ providers: [{ provide: getDataSourceToken(), useValue: {} }], exports: [getDataSourceToken()] })
class DataSourceStandIn {}

const provides = (module: DynamicModule) =>
  providersOf(module).map((provider) => (typeof provider === 'object' && 'provide' in provider ? provider.provide : provider));

describe('the context module (transactions.ts)', () => {
  it('leaves out the global guard and interceptor nestjs-cls registers unmounted, and keeps the rest', () => {
    const options = { global: true, middleware: { mount: false } };
    const asGiven = provides(ClsModule.forRoot(options));
    // Should a release stop registering them, this fails, and withoutIdleEnhancers can go.
    expect(asGiven).toEqual(expect.arrayContaining([APP_GUARD, APP_INTERCEPTOR]));
    const kept = provides(withoutIdleEnhancers(ClsModule.forRoot(options)));
    expect(kept).toEqual(asGiven.filter((token) => token !== APP_GUARD && token !== APP_INTERCEPTOR));
  });

  it('adds no global guard or interceptor to the app', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DataSourceStandIn, TransactionsModule],
    }).compile();
    const app = moduleRef.createNestApplication();
    await app.init();
    try {
      const config = app.get(ApplicationConfig);
      expect({ guards: config.getGlobalGuards(), interceptors: config.getGlobalInterceptors() }).toEqual({ guards: [], interceptors: [] });
    } finally {
      await app.close();
    }
  });
});
