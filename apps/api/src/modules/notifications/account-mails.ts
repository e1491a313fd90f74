import { EMAIL_VERIFICATION_HOURS, PASSWORD_RESET_MINUTES } from '@store/contract';
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

/**
 * The link that confirms an address: after sign-up (`change` false) or to move an account to a new address
 * (`change` true, sent to the new address, which only changes when the link is followed).
 */
export function emailVerificationMail(account: Account, link: string, shopName: string, change: boolean): MailDraft {
  return {
    kind: 'verify-email',
    orderId: null,
    recipient: account.email,
    subject: change ? `Confirm your new e-mail address at ${shopName}` : `Confirm your e-mail address at ${shopName}`,
    text: [
      `Hello ${account.name},`,
      '',
      change
        ? 'Someone, probably you, asked to move an account to this address. To confirm it, open this link:'
        : 'Thank you for signing up. To confirm that this address is yours, open this link:',
      '',
      link,
      '',
      `It works once, for ${EMAIL_VERIFICATION_HOURS} hours.`,
      '',
      change ? 'If you did not ask, ignore this mail: nothing changes.' : 'If you did not sign up, ignore this mail.',
      '',
      shopName,
    ].join('\n'),
  };
}

/** The notice to the old address after a change: its owner learns where the account went while there is time to act. */
export function emailChangedMail(account: Account, newEmail: string, shopName: string): MailDraft {
  return {
    kind: 'email-changed',
    orderId: null,
    recipient: account.email,
    subject: `Your e-mail address at ${shopName} was changed`,
    text: [
      `Hello ${account.name},`,
      '',
      `The e-mail address of your account was just changed to ${newEmail}. Mails about your account and orders go there from now on.`,
      '',
      'If this was not you, tell us at once by replying to this mail.',
      '',
      shopName,
    ].join('\n'),
  };
}

/**
 * After an account at an address nobody had confirmed was made one of the shop's people (ADMIN_EMAIL): every
 * session it had is ended, and the owner of the mailbox chooses the password with this link.
 */
export function setPasswordMail(account: Account, link: string, shopName: string): MailDraft {
  return {
    kind: 'set-password',
    orderId: null,
    recipient: account.email,
    subject: `Choose your password at ${shopName}`,
    text: [
      `Hello ${account.name},`,
      '',
      `This address was named as one of the people who run ${shopName}. The account that had it is now an owner's,`,
      'and every session it had has ended. Choose its password with this link:',
      '',
      link,
      '',
      `It works once, for ${PASSWORD_RESET_MINUTES} minutes; after that, use "Forgot your password?" on the sign-in page.`,
      '',
      shopName,
    ].join('\n'),
  };
}
