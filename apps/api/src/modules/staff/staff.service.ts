import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DeletedResponse, StaffInvitation, StaffList, StaffMember, StaffRole, User } from '@store/contract';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../common/errors.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transactions.js';
import { AuditService, type AuditActor } from '../audit/audit.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { OutboxService } from '../notifications/outbox.service.js';
import { UsersService } from '../users/users.service.js';
import type { AcceptInvitationDto } from '@store/contract/dto/accept-invitation.dto';
import type { InviteStaffDto } from '@store/contract/dto/invite-staff.dto';
import { type InvitationRow, StaffInvitationsRepository } from './staff-invitations.repository.js';

const hashToken = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest();

const REFUSED_TOKEN: Record<'unknown' | 'accepted' | 'revoked' | 'expired', string> = {
  unknown: 'This invitation link is not valid; ask the owner for a new one',
  accepted: 'This invitation link has already been used; sign in instead',
  revoked: 'This invitation was replaced by a newer one; use the link in the latest e-mail',
  expired: 'This invitation link has expired; ask the owner for a new one',
};

/**
 * The shop's people: owners invite by e-mail, change roles and remove people; invitees set their password
 * through the link. Every change is in the audit trail, in the transaction that makes it.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly users: UsersService,
    private readonly invitations: StaffInvitationsRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<StaffList> {
    const [people, invitations] = await Promise.all([this.users.listStaff(), this.invitations.listOpen()]);
    return { people: people.map(toMember), invitations: invitations.map(toInvitation) };
  }

  /**
   * Invites someone by e-mail: a random single-use token, of which only the hash is stored and only the queued
   * e-mail holds the link. A newer invitation to the same address withdraws the older one.
   */
  async invite(owner: AuditActor, input: InviteStaffDto): Promise<StaffInvitation> {
    const { publicUrl } = this.config;
    // Production without PUBLIC_URL: no link can be built (never from the request's Host header).
    if (!publicUrl)
      throw new ServiceUnavailableError('Invitations are not available: the shop has not set its address (PUBLIC_URL) for the links', 3600);
    const people = await this.users.listStaff();
    if (people.some((person) => person.email === input.email)) throw new ConflictError('This address already belongs to one of the staff');
    const token = randomBytes(32).toString('base64url');
    return this.transactions.run(async () => {
      const invitation = await this.invitations.insert({
        email: input.email,
        staffRole: input.staffRole,
        tokenHash: hashToken(token),
        invitedBy: owner.id,
        ttlHours: this.config.staffInviteTtlHours,
      });
      await this.audit.record(owner, {
        action: 'staff.invite',
        entityType: 'invitation',
        entityId: invitation.id,
        changes: { email: { before: null, after: invitation.email }, staffRole: { before: null, after: invitation.staffRole } },
      });
      await this.outbox.staffInvitation({
        email: invitation.email,
        staffRole: invitation.staffRole,
        // The token in the fragment: browsers never send it to a server, so no access log or proxy records it.
        link: `${publicUrl}/staff/join#${token}`,
        invitedBy: owner.name,
        expiresAt: invitation.expiresAt,
      });
      return toInvitation(invitation);
    });
  }

  /**
   * The invitee's answer: uses up the link (once, before it expires) and makes them one of the staff with the
   * name and password given, all in one transaction (a refusal leaves the link usable).
   */
  async accept(input: AcceptInvitationDto): Promise<User> {
    const tokenHash = hashToken(input.token);
    // A link that opens nothing is refused before argon2 runs: guessed tokens cost a lookup, not a hash.
    await this.refuseUnlessOpen(tokenHash);
    const invited = await this.invitations.emailOf(tokenHash);
    await this.users.refuseImitation(input.name, { email: invited });
    // Hashed before the transaction: no row is held while argon2 works. A password on the common list is refused
    // (as at sign-up: a staff account reaches the admin), and the refusal leaves the link usable.
    const passwordHash = await this.hasher.hashNew(input.password);
    const joined = await this.transactions.run(async () => {
      const invitation = await this.invitations.claim(tokenHash);
      if (!invitation) return undefined;
      const user = await this.users.joinStaff({ name: input.name, email: invitation.email, passwordHash, staffRole: invitation.staffRole });
      await this.invitations.setAcceptedBy(invitation.id, user.id);
      await this.audit.record(user, {
        action: 'staff.join',
        entityType: 'user',
        entityId: user.id,
        changes: { staffRole: { before: null, after: user.staffRole } },
      });
      return user;
    });
    // Used, withdrawn or expired while the password was being hashed (another request with the same link).
    if (!joined) {
      await this.refuseUnlessOpen(tokenHash);
      throw new ConflictError(REFUSED_TOKEN.accepted);
    }
    return this.users.toUser(joined);
  }

  private async refuseUnlessOpen(tokenHash: Buffer): Promise<void> {
    const state = await this.invitations.stateOf(tokenHash);
    if (state === 'open') return;
    if (state === 'unknown') throw new NotFoundError(REFUSED_TOKEN.unknown);
    throw new ConflictError(REFUSED_TOKEN[state]);
  }

  /** Gives one of the staff another role; refused (409) when it would leave the shop without an owner. */
  async changeRole(owner: AuditActor, staffId: string, staffRole: StaffRole): Promise<StaffMember> {
    return this.transactions.run(async () => {
      const change = await this.users.setStaffRole(staffId, staffRole);
      if (change.outcome === 'not-staff') throw new NotFoundError('No such member of the staff');
      if (change.outcome === 'last-owner') throw new ConflictError(LAST_OWNER);
      await this.audit.record(owner, {
        action: 'staff.role',
        entityType: 'user',
        entityId: staffId,
        changes: this.audit.changedFields({ staffRole: change.before }, { staffRole: change.user.staffRole }, ['staffRole']),
      });
      return toMember(change.user);
    });
  }

  /** Removes someone from the staff: their account stays, as a customer's. Never the last owner (409). */
  async remove(owner: AuditActor, staffId: string): Promise<DeletedResponse> {
    return this.transactions.run(async () => {
      const change = await this.users.setStaffRole(staffId, null);
      if (change.outcome === 'not-staff') throw new NotFoundError('No such member of the staff');
      if (change.outcome === 'last-owner') throw new ConflictError(LAST_OWNER);
      await this.audit.record(owner, {
        action: 'staff.remove',
        entityType: 'user',
        entityId: staffId,
        changes: { staffRole: { before: change.before, after: null } },
      });
      return { message: `${change.user.name} is no longer one of the staff`, _id: staffId };
    });
  }
}

const LAST_OWNER = 'The shop needs at least one owner: make someone else an owner first';

function toMember(row: { id: string; name: string; email: string; staffRole: StaffRole | null; twoFactorEnabled: boolean }): StaffMember {
  return { _id: row.id, name: row.name, email: row.email, staffRole: row.staffRole as StaffRole, twoFactorEnabled: row.twoFactorEnabled };
}

function toInvitation(row: InvitationRow): StaffInvitation {
  return { _id: row.id, email: row.email, staffRole: row.staffRole, expiresAt: new Date(row.expiresAt).toISOString() };
}
