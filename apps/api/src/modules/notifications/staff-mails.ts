import type { StaffRole } from '@store/contract';
import type { MailDraft } from './mail-draft.js';

const WHAT_EACH_ROLE_DOES: Record<StaffRole, string> = {
  owner: 'an owner (everything, refunds and the shop’s people included)',
  staff: 'staff (the catalogue, stock, orders and shipping; no refunds)',
  'read-only': 'read-only (you can see the admin screens but change nothing)',
};

/** The invitation to join the shop's staff: the link to set a password, what the role allows, when it expires. */
export function staffInvitationMail(
  shopName: string,
  invitation: {
    email: string;
    staffRole: StaffRole;
    link: string;
    invitedBy: string;
    expiresAt: Date;
  },
): MailDraft {
  return {
    kind: 'staff-invitation',
    orderId: null,
    recipient: invitation.email,
    subject: `You are invited to run ${shopName}`,
    text: [
      `${invitation.invitedBy} invites you to join the staff of ${shopName} as ${WHAT_EACH_ROLE_DOES[invitation.staffRole]}.`,
      '',
      'Choose your name and password here (the link works once):',
      invitation.link,
      '',
      `The link expires at ${invitation.expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.`,
      'If you did not expect this e-mail, ignore it: nothing happens until the link is used.',
    ].join('\n'),
  };
}
