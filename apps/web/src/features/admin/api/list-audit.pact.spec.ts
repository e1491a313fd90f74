import { MatchersV3 } from '@pact-foundation/pact';
import { ApiRoute, type AuditEntry, TOTAL_COUNT_HEADER } from '@store/contract';
import { anId, anInstant, bearer, describeStoreApi, EXAMPLE, pathFromState } from '@test/pact/store-api-pact';
import { listAudit } from './list-audit';

const { eachLike, regex, string } = MatchersV3;

const interaction = describeStoreApi();

const ENTRY_ID = '5f0c1a2e-5555-4b7a-9c3e-000000000005';

describe('audit trail', () => {
  it('lists the audit trail newest first, with its count', () =>
    interaction(
      {
        given: ['an admin exists', 'the admin has renamed a category'],
        uponReceiving: 'a request from an admin for the audit trail',
        request: ['GET', pathFromState(ApiRoute.audit), (request) => request.headers(bearer()).query({ limit: '25' })],
        response: [
          200,
          (response) =>
            response.headers({ [TOTAL_COUNT_HEADER]: regex('^\\d+$', '1') }).jsonBody(
              eachLike({
                _id: anId(ENTRY_ID),
                at: anInstant(),
                actor: { _id: anId(EXAMPLE.userId), name: string('Store Admin'), email: string('admin@example.com') },
                action: 'category.update',
                entity: { type: 'category', _id: anId(EXAMPLE.categoryId) },
                changes: { name: { before: string('Tees'), after: string('Graphic Tees') } },
              }),
            ),
        ],
      },
      async () => {
        const expected: AuditEntry = {
          _id: ENTRY_ID,
          at: EXAMPLE.createdAt,
          actor: { _id: EXAMPLE.userId, name: 'Store Admin', email: 'admin@example.com' },
          action: 'category.update',
          entity: { type: 'category', _id: EXAMPLE.categoryId },
          changes: { name: { before: 'Tees', after: 'Graphic Tees' } },
        };
        await expect(listAudit({ limit: 25, offset: 0 }, {})).resolves.toEqual({ items: [expected], total: 1, after: undefined });
      },
    ));
});
