// The parts of Braintree's Drop-in (braintree-web-drop-in ships no types) that the checkout uses.
declare module 'braintree-web-drop-in' {
  export interface PaymentMethodPayload {
    nonce: string;
    type: string;
  }
  export interface Dropin {
    requestPaymentMethod(): Promise<PaymentMethodPayload>;
    teardown(): Promise<void>;
  }
  export interface DropinOptions {
    authorization: string;
    container: HTMLElement | string;
  }
  export function create(options: DropinOptions): Promise<Dropin>;
  const dropin: { create: typeof create };
  export default dropin;
}
