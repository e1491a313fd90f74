import { PASSWORD_RESET_MINUTES } from '@store/contract';
import type { MailDraft } from './mail-draft.js';

interface Account {
  name: string;
  email: string;
}

/** The link to choose a new password: who asked, how long it works, and what to do if it was not them. */
export function passwordResetMail(account: Account, link: string, shopName: string): MailDraft {
  return {
    kind: 'password-reset',
    orderId: null,
    recipient: account.email,
    subject: `Reset your password at ${shopName}`,
    text: [
      `Hello ${account.name},`,
      '',
      'Someone, probably you, asked to reset the password of your account. To choose a new one, open this link:',
      '',
      link,
      '',
      `It works once, for ${PASSWORD_RESET_MINUTES} minutes. Choosing a new password signs you out everywhere.`,
      '',
      'If you did not ask, ignore this mail: your password stays as it is.',
      '',
      shopName,
    ].join('\n'),
  };
}

/** The notice after a reset: the owner learns of a change they did not make while there is still time to act. */
export function passwordChangedMail(account: Account, shopName: string): MailDraft {
  return {
    kind: 'password-changed',
    orderId: null,
    recipient: account.email,
    subject: `Your password at ${shopName} was changed`,
    text: [
      `Hello ${account.name},`,
      '',
      'The password of your account was just changed with a reset link, and every session of the account has ended.',
      '',
      'If this was not you, ask for a new reset link at once from the sign-in page, and tell us by replying to this mail.',
      '',
      shopName,
    ].join('\n'),
  };
}
