import { STOCK_ALERT_CONFIRM_HOURS } from '@store/contract';
import type { MailDraft } from './mail-draft.js';

/** What a stock alert mail is about, and its links (built by the caller from PUBLIC_URL). */
export interface StockAlertMail {
  email: string;
  productName: string;
  /** The variant's values (`Blue / M`), '' for a product without options. */
  label: string;
  productLink: string;
  unsubscribeLink: string;
}

const item = (mail: StockAlertMail): string => `"${mail.productName}"${mail.label ? ` in ${mail.label}` : ''}`;

/** The link that confirms an address asked for an alert (not signed in): nothing is mailed about stock until it is followed. */
export function stockAlertConfirmMail(mail: StockAlertMail, confirmLink: string, shopName: string): MailDraft {
  return {
    kind: 'stock-alert-confirm',
    orderId: null,
    recipient: mail.email,
    subject: `Confirm your back-in-stock alert at ${shopName}`,
    text: [
      'Hello,',
      '',
      `Someone, probably you, asked us to e-mail this address when ${item(mail)} is back in stock. To confirm, open this link:`,
      '',
      confirmLink,
      '',
      `It works for ${STOCK_ALERT_CONFIRM_HOURS} hours. If you did not ask, ignore this mail: you will hear nothing more.`,
      '',
      `The item: ${mail.productLink}`,
      `To cancel the alert: ${mail.unsubscribeLink}`,
      '',
      shopName,
    ].join('\n'),
  };
}

/** The one mail an alert ever sends: the variant is on sale again. */
export function backInStockMail(mail: StockAlertMail, shopName: string): MailDraft {
  return {
    kind: 'back-in-stock',
    orderId: null,
    recipient: mail.email,
    subject: `Back in stock: ${mail.productName}${mail.label ? ` (${mail.label})` : ''}`,
    text: [
      'Hello,',
      '',
      `Good news: ${item(mail)} is back in stock. Order it here:`,
      '',
      mail.productLink,
      '',
      'This mail holds nothing for you: whoever orders first gets it. This was your one alert for this item.',
      '',
      `To unsubscribe: ${mail.unsubscribeLink}`,
      '',
      shopName,
    ].join('\n'),
  };
}
