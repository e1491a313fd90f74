// What two pieces of a checkout cost the API's CPU, measured in-process on the built API (apps/api/dist), each the
// way before and the way now (docs/performance.md, "Checkout statements"):
//   - a transaction of one prepared statement, opened by the transactional plugin's adapter: TypeORM's own
//     (START TRANSACTION and COMMIT through its query runner) against the app's (BEGIN and COMMIT straight on the
//     runner's pg connection), on a scratch database;
//   - the checkout's body validated: PaymentRequestDto through the global pipe's validation (class-transformer and
//     class-validator) against WellFormedBodyPipe (wellFormedPaymentRequest, the DTO for anything else), for the
//     benchmark's body and for the web app's (with an address, a method, a code and a region).
// Prints API CPU (user + system) per call; Postgres' own CPU is not counted (the same statements each way).
//   npx nx run api:build && ./node_modules/.bin/node apps/api/bench/checkout-pieces.mjs
// A benchmark, not a test: a busy machine moves the figures; the ratios within one run are the steadier result.
import 'reflect-metadata';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { PaymentRequestDto, wellFormedPaymentRequest } from '@store/contract/dto/payment-request.dto';
import { compareWays, fromDist, runBenchmark, step, withScratchDataSource } from './support.mjs';

const N = Number(process.env.BENCH_CALLS_PER_WAY ?? 3000);
const ROUNDS = 3;

const { DirectTypeOrmAdapter } = await fromDist('database/transactions.js');
const { createValidationPipe, WellFormedBodyPipe } = await fromDist('common/validation.js');

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const benchBody = { paymentInfo: { paymentMethodNonce: 'fake-valid-nonce', amount: 15, products: [{ _id: ID, variant: 3, count: 1 }] } };
const webBody = {
  paymentInfo: {
    ...benchBody.paymentInfo,
    products: [
      { _id: ID, variant: 3, count: 2 },
      { _id: 'bbbbbbbb-0000-4000-8000-000000000002', count: 1, size: 'M' },
    ],
    shippingAddress: { name: 'Zoë Ångström', line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
    shippingMethod: 'dddddddd-0000-4000-8000-000000000001',
    discountCode: 'save10',
    region: 'NY',
  },
};

await runBenchmark(async () => {
  const byDto = createValidationPipe();
  const byCheck = new WellFormedBodyPipe(PaymentRequestDto, wellFormedPaymentRequest);
  const dto = (body) => () =>
    byDto.transform(JSON.parse(JSON.stringify(body)), { type: 'body', metatype: PaymentRequestDto, data: undefined });
  const check = (body) => () => byCheck.transform(JSON.parse(JSON.stringify(body)));
  step(`the checkout's body: ${N} bodies per way, ${ROUNDS} rounds; API CPU per body (JSON.parse of a copy included)`);
  await compareWays({ 'DTO, bench body': dto(benchBody), 'check, bench body': check(benchBody) }, 'DTO, bench body', N, ROUNDS);
  await compareWays({ 'DTO, web body': dto(webBody), 'check, web body': check(webBody) }, 'DTO, web body', N, ROUNDS);

  await withScratchDataSource(async (dataSource) => {
    const select = { name: 'bench_one', text: 'SELECT 1 AS one', values: [] };
    const way = (adapter) => {
      const { wrapWithTransaction } = adapter.optionsFactory(dataSource);
      return () =>
        wrapWithTransaction(
          {},
          async () => {
            const client = await manager.queryRunner.connect();
            await client.query(select);
          },
          (tx) => (manager = tx),
        );
    };
    let manager;
    step(`a transaction of one prepared statement: ${N} per way, ${ROUNDS} rounds; API CPU per transaction`);
    await compareWays(
      {
        "TypeORM's adapter": way(new TransactionalAdapterTypeOrm({ dataSourceToken: 'unused' })),
        'the app adapter (BEGIN/COMMIT on the connection)': way(new DirectTypeOrmAdapter()),
      },
      "TypeORM's adapter",
      N,
      ROUNDS,
    );
  });
});
