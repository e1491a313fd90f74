import { centsToDecimal, decimalToCents } from '@store/contract';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { BraintreeConfig } from '../../src/config/env.js';
import { sandboxSale } from '../../src/modules/payments/sandbox-rules.js';

/**
 * A local stand-in for Braintree's gateway API, speaking its HTTP protocol to the real `braintree` SDK:
 * Basic auth with the public and private key, `X-ApiVersion: 6`, snake_case JSON bodies in, gzipped XML out
 * (`<client-token>`, `<transaction>`, and `<api-error-response>` for declines and validation errors, with 422).
 * Sales follow the sandbox's test nonces and amounts (sandbox-rules.ts). Approved sales are remembered, so
 * `transaction.find` (GET .../transactions/{id}), `transaction.void` (PUT .../transactions/{id}/void) and
 * `transaction.refund` (POST .../transactions/{id}/refund) answer as Braintree does: void only while
 * authorized or submitted for settlement (else error 91504), refund only once settled or settling (else 91506),
 * a refund is a new `credit` transaction listed in the sale's `refund-ids`. Nothing here touches the network.
 */
export interface BraintreeFake {
  /** Credentials and the fake's URL, ready to pass as `config.braintree`. */
  readonly config: BraintreeConfig;
  /** Every request the fake received, in order. */
  readonly requests: RecordedRequest[];
  /** The `transaction` of every sale request received (snake_case, as sent). */
  readonly sales: SaleRequest[];
  /** From now on, answer every request with this HTTP status and no body (e.g. 503); `undefined` to stop. */
  failWith(status: number | undefined): void;
  /** Every approved sale and refund credit the fake remembers, by transaction id (its status can be changed). */
  readonly transactions: Map<string, FakeTransaction>;
  /** Settles a transaction, as Braintree's nightly batch would: from now on it can be refunded, not voided. */
  settle(transactionId: string): void;
  /** The next transaction looked up settles right after the lookup answers (the nightly batch racing a cancel). */
  settleAfterNextFind(): void;
  /** From now on refuse every void and refund with this processor message (422); `undefined` to stop. */
  refuseReversals(message: string | undefined): void;
  /** Holds the next sale until `release()`; `received` resolves once that sale has arrived. */
  holdNextSale(): { received: Promise<void>; release(): void };
  close(): Promise<void>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A transaction the fake remembers. */
export interface FakeTransaction {
  id: string;
  type: 'sale' | 'credit';
  status: string;
  /** As Braintree writes it: dollars with two decimals. */
  amount: string;
  orderId?: string;
  refundIds: string[];
  refundedTransactionId?: string;
}

export interface SaleRequest {
  amount?: string;
  payment_method_nonce?: string;
  order_id?: string;
  type?: string;
  options?: { submit_for_settlement?: boolean };
}

export async function startBraintreeFake(): Promise<BraintreeFake> {
  const merchantId = 'fake_merchant';
  const publicKey = 'fake_public_key';
  const privateKey = 'fake_private_key';
  const expectedAuthorization = `Basic ${Buffer.from(`${publicKey}:${privateKey}`).toString('base64')}`;
  const requests: RecordedRequest[] = [];
  const sales: SaleRequest[] = [];
  const transactions = new Map<string, FakeTransaction>();
  let failStatus: number | undefined;
  let reversalRefusal: string | undefined;
  let settleOnFind = false;
  let hold: { arrived(): void; released: Promise<void> } | undefined;

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    const path = request.url ?? '';
    requests.push({ method: request.method ?? '', path, headers: request.headers, body });

    if (failStatus !== undefined) return void response.writeHead(failStatus).end();
    if (request.headers.authorization !== expectedAuthorization) return void response.writeHead(401).end();
    if (request.headers['x-apiversion'] !== '6') return void response.writeHead(426).end();

    const base = `/merchants/${merchantId}`;
    if (request.method === 'POST' && path === `${base}/client_token`) {
      const params = (body?.client_token ?? {}) as { version?: number };
      const token = Buffer.from(
        JSON.stringify({ version: params.version ?? 2, authorizationFingerprint: randomBytes(16).toString('hex'), merchantId }),
      ).toString('base64');
      return sendXml(request, response, 201, `<client-token>\n  <value>${token}</value>\n</client-token>`);
    }
    if (request.method === 'POST' && path === `${base}/transactions`) {
      const sale = (body?.transaction ?? {}) as SaleRequest;
      sales.push(sale);
      if (hold) {
        const current = hold;
        hold = undefined;
        current.arrived();
        await current.released;
      }
      const { status, xml, approved } = answerSale(sale, merchantId);
      if (approved) transactions.set(approved.id, approved);
      return sendXml(request, response, status, xml);
    }
    // transaction.search: the SDK asks for the matching ids, then for the transactions of each page of ids.
    if (request.method === 'POST' && path === `${base}/transactions/advanced_search_ids`) {
      const ids = searchMatches(body, transactions).map((found) => `<item>${found.id}</item>`);
      return sendXml(
        request,
        response,
        200,
        `<search-results>\n  <page-size>50</page-size>\n  <ids type="array">${ids.join('')}</ids>\n</search-results>`,
      );
    }
    if (request.method === 'POST' && path === `${base}/transactions/advanced_search`) {
      const wanted = new Set(searchIds(body));
      const page = searchMatches(body, transactions).filter((found) => wanted.has(found.id));
      return sendXml(
        request,
        response,
        200,
        `<credit-card-transactions type="collection">\n  <current-page-number type="integer">1</current-page-number>\n  <page-size type="integer">50</page-size>\n  <total-items type="integer">${page.length}</total-items>\n  ${page.map((found) => storedTransactionXml(found, merchantId)).join('\n')}\n</credit-card-transactions>`,
      );
    }
    const one = new RegExp(`^${base}/transactions/([^/]+)(/void|/refund)?$`).exec(path);
    const transaction = one ? transactions.get(decodeURIComponent(one[1])) : undefined;
    if (one && !transaction) return void response.writeHead(404).end();
    if (one && transaction && request.method === 'GET' && !one[2]) {
      sendXml(request, response, 200, storedTransactionXml(transaction, merchantId));
      if (settleOnFind) {
        settleOnFind = false;
        transaction.status = 'settled';
      }
      return;
    }
    if (one && transaction && request.method === 'PUT' && one[2] === '/void') {
      if (reversalRefusal !== undefined) return sendXml(request, response, 422, processorRefusal(transaction, merchantId, reversalRefusal));
      if (!['authorized', 'submitted_for_settlement', 'settlement_pending'].includes(transaction.status)) {
        const message =
          'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.';
        return sendXml(request, response, 422, transactionError('91504', 'base', message));
      }
      transaction.status = 'voided';
      return sendXml(request, response, 200, storedTransactionXml(transaction, merchantId));
    }
    if (one && transaction && request.method === 'POST' && one[2] === '/refund') {
      if (reversalRefusal !== undefined) return sendXml(request, response, 422, processorRefusal(transaction, merchantId, reversalRefusal));
      if (!['settled', 'settling'].includes(transaction.status)) {
        return sendXml(request, response, 422, transactionError('91506', 'base', 'Cannot refund transaction unless it is settled.'));
      }
      const refunded = transaction.refundIds
        .map((id) => transactions.get(id))
        .reduce((sum, credit) => sum + toCents(credit?.amount ?? '0'), 0);
      const asked = (body?.transaction as { amount?: string } | undefined)?.amount;
      const cents = asked === undefined ? toCents(transaction.amount) - refunded : toCents(asked);
      if (cents <= 0 || refunded >= toCents(transaction.amount)) {
        return sendXml(request, response, 422, transactionError('91512', 'base', 'Transaction has already been completely refunded.'));
      }
      if (refunded + cents > toCents(transaction.amount)) {
        return sendXml(request, response, 422, transactionError('91521', 'amount', 'Refund amount is too large.'));
      }
      const credit: FakeTransaction = {
        id: randomBytes(4).toString('hex'),
        type: 'credit',
        status: 'submitted_for_settlement',
        amount: centsToDecimal(cents),
        orderId: transaction.orderId,
        refundIds: [],
        refundedTransactionId: transaction.id,
      };
      transactions.set(credit.id, credit);
      transaction.refundIds.push(credit.id);
      return sendXml(request, response, 201, storedTransactionXml(credit, merchantId));
    }
    response.writeHead(404).end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    config: { merchantId, publicKey, privateKey, environment: 'sandbox', serverUrl: `http://127.0.0.1:${port}` },
    requests,
    sales,
    transactions,
    failWith(status) {
      failStatus = status;
    },
    settle(transactionId) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`The Braintree fake has no transaction ${transactionId}`);
      transaction.status = 'settled';
    },
    settleAfterNextFind() {
      settleOnFind = true;
    },
    refuseReversals(message) {
      reversalRefusal = message;
    },
    holdNextSale() {
      let arrived!: () => void;
      let release!: () => void;
      const received = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { arrived, released };
      return { received, release };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function answerSale(sale: SaleRequest, merchantId: string): { status: number; xml: string; approved?: FakeTransaction } {
  const amount = sale.amount;
  if (amount === undefined || amount === '') return validationError(sale, '81502', 'amount', 'Amount is required.');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return validationError(sale, '81503', 'amount', 'Amount is an invalid format.');
  const cents = decimalToCents(amount) ?? 0;

  const outcome = sandboxSale(cents, sale.payment_method_nonce ?? '');
  switch (outcome.status) {
    case 'validation_error':
      return validationError(sale, outcome.code, outcome.attribute, outcome.message);
    case 'submitted_for_settlement': {
      const status = sale.options?.submit_for_settlement ? 'submitted_for_settlement' : 'authorized';
      const approved: FakeTransaction = {
        id: randomBytes(4).toString('hex'),
        type: 'sale',
        status,
        amount: normaliseAmount(sale.amount ?? '0'),
        orderId: sale.order_id,
        refundIds: [],
      };
      return { status: 201, xml: storedTransactionXml(approved, merchantId), approved };
    }
    case 'processor_declined': {
      const declined = { status: outcome.status, code: outcome.code, text: outcome.text, type: 'soft_declined' };
      return errorResponse(sale, outcome.text, transactionXml(sale, merchantId, declined));
    }
    case 'failed': {
      const failed = { status: outcome.status, code: outcome.code, text: outcome.text, type: 'soft_declined' };
      return errorResponse(sale, outcome.text, transactionXml(sale, merchantId, failed));
    }
    case 'gateway_rejected': {
      const rejected = { status: outcome.status, rejectionReason: outcome.reason };
      return errorResponse(sale, `Gateway Rejected: ${outcome.reason}`, transactionXml(sale, merchantId, rejected));
    }
  }
}

interface TransactionState {
  id?: string;
  transactionType?: 'sale' | 'credit';
  refundIds?: string[];
  refundedTransactionId?: string;
  status: string;
  code?: string;
  text?: string;
  type?: string;
  rejectionReason?: string;
}

function transactionXml(sale: SaleRequest, merchantId: string, state: TransactionState): string {
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const nil = (tag: string, value: string | undefined) =>
    value === undefined ? `<${tag} nil="true"/>` : `<${tag}>${escape(value)}</${tag}>`;
  return `<transaction>
    <id>${state.id ?? randomBytes(4).toString('hex')}</id>
    <status>${state.status}</status>
    <type>${state.transactionType ?? 'sale'}</type>
    <refund-ids type="array">${(state.refundIds ?? []).map((id) => `<item>${id}</item>`).join('')}</refund-ids>
    ${nil('refunded-transaction-id', state.refundedTransactionId)}
    <currency-iso-code>USD</currency-iso-code>
    <amount>${escape(normaliseAmount(sale.amount ?? '0'))}</amount>
    <merchant-account-id>${merchantId}</merchant-account-id>
    ${nil('order-id', sale.order_id)}
    <created-at type="datetime">${now}</created-at>
    <updated-at type="datetime">${now}</updated-at>
    ${nil('processor-response-code', state.code)}
    ${nil('processor-response-text', state.text)}
    ${nil('processor-response-type', state.type)}
    ${nil('processor-authorization-code', state.status === 'processor_declined' || !state.code ? undefined : '0X1Y2Z')}
    ${nil('gateway-rejection-reason', state.rejectionReason)}
    <payment-instrument-type>credit_card</payment-instrument-type>
    <credit-card>
      <token nil="true"/>
      <bin>411111</bin>
      <last-4>1111</last-4>
      <card-type>Visa</card-type>
      <expiration-month>12</expiration-month>
      <expiration-year>2030</expiration-year>
      <customer-location>US</customer-location>
      <cardholder-name nil="true"/>
    </credit-card>
    <status-history type="array">
      <status-event>
        <timestamp type="datetime">${now}</timestamp>
        <status>${state.status}</status>
        <amount>${escape(normaliseAmount(sale.amount ?? '0'))}</amount>
        <transaction-source>api</transaction-source>
      </status-event>
    </status-history>
    <disputes type="array"/>
  </transaction>`;
}

/** A remembered transaction as Braintree shows it now. */
function storedTransactionXml(transaction: FakeTransaction, merchantId: string): string {
  return transactionXml({ amount: transaction.amount, order_id: transaction.orderId }, merchantId, {
    id: transaction.id,
    transactionType: transaction.type,
    refundIds: transaction.refundIds,
    refundedTransactionId: transaction.refundedTransactionId,
    status: transaction.status,
    code: '1000',
    text: 'Approved',
    type: 'approved',
  });
}

/** A void or refund the processor declined: the error response carries the transaction as it still is. */
function processorRefusal(transaction: FakeTransaction, merchantId: string, message: string): string {
  return apiErrorXml(message, { transaction: storedTransactionXml(transaction, merchantId) });
}

/** A validation error on a transaction call (void/refund in the wrong state). */
function transactionError(code: string, attribute: string, message: string): string {
  return apiErrorXml(message, { fieldError: { code, attribute } });
}

/**
 * Braintree's `<api-error-response>`: the field error on the transaction (validation failures), the request's
 * parameters echoed back, the message, and the transaction as it stands (processor refusals).
 */
function apiErrorXml(
  message: string,
  parts: { fieldError?: { code: string; attribute: string }; params?: string; transaction?: string },
): string {
  const fieldError = parts.fieldError
    ? `
    <transaction>
      <errors type="array">
        <error>
          <code>${parts.fieldError.code}</code>
          <attribute type="symbol">${parts.fieldError.attribute}</attribute>
          <message>${escape(message)}</message>
        </error>
      </errors>
    </transaction>`
    : '';
  return `<api-error-response>
  <errors>
    <errors type="array"/>${fieldError}
  </errors>
  ${parts.params ?? ''}
  <message>${escape(message)}</message>
  ${parts.transaction ?? ''}
</api-error-response>`;
}

function toCents(amount: string): number {
  return decimalToCents(amount) ?? Number.NaN;
}

/** The search's criteria as the SDK sends them: `{ search: { order_id: { is } } }` (the only one the store uses). */
function searchMatches(body: Record<string, unknown> | undefined, transactions: Map<string, FakeTransaction>): FakeTransaction[] {
  const search = (body?.search ?? {}) as { order_id?: { is?: string } };
  const orderId = search.order_id?.is;
  return [...transactions.values()].filter((found) => orderId !== undefined && found.orderId === orderId);
}

/** The page of ids the SDK asks for: `{ search: { ids: [...] } }` (or `{ ids: { in: [...] } }`). */
function searchIds(body: Record<string, unknown> | undefined): string[] {
  const ids = (body?.search as { ids?: string[] | { in?: string[] } } | undefined)?.ids;
  return Array.isArray(ids) ? ids : (ids?.in ?? []);
}

function errorResponse(sale: SaleRequest, message: string, transaction: string): { status: number; xml: string } {
  return { status: 422, xml: apiErrorXml(message, { params: paramsXml(sale), transaction }) };
}

function validationError(sale: SaleRequest, code: string, attribute: string, message: string): { status: number; xml: string } {
  return { status: 422, xml: apiErrorXml(message, { fieldError: { code, attribute }, params: paramsXml(sale) }) };
}

/** Braintree echoes the request's parameters, without the nonce. */
function paramsXml(sale: SaleRequest): string {
  return `<params>
    <transaction>
      <amount>${escape(sale.amount ?? '')}</amount>
      <order-id>${escape(sale.order_id ?? '')}</order-id>
      <type>${escape(sale.type ?? '')}</type>
      <options>
        <submit-for-settlement>${sale.options?.submit_for_settlement === true}</submit-for-settlement>
      </options>
    </transaction>
  </params>`;
}

function normaliseAmount(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function sendXml(request: IncomingMessage, response: ServerResponse, status: number, xml: string): void {
  const document = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`);
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  response.writeHead(status, {
    'Content-Type': 'application/xml; charset=utf-8',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
  });
  response.end(gzip ? gzipSync(document) : document);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
