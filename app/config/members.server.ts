// The Members screen's work: invite someone with a role (the email is queued with the invite), change
// a member's role, remove a member. Every write is in the audit log.
import type { OwnerAccess } from '../auth/permissions.server.js';
import { inviteEmail } from '../auth/invite-mail.js';
import { createInvite, INVITE_DAYS, removeMember, setMemberRole } from '../auth/invites.server.js';
import { normalizeEmail } from '../auth/owners.server.js';
import { ROLE_NAMES, type RoleId } from '../auth/roles.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { enqueueComposed, prepareMail } from '../utils/mail-queue.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import type { Db, Versioned } from '../edits/versions.server.js';

/** Invites `email`: the invite and its email (queued, sent by the mail queue) commit together. */
export async function inviteMember(a: OwnerAccess, email: string, roleId: RoleId): Promise<void> {
  await prepareMail(a.sql);
  await createInvite(a.sql, { websiteId: a.site.id, email, roleId, invitedBy: a.owner.id }, async (tx, token) => {
    const link = `${baseUrlFor(a.site.baseUrl)}/config/invite/${token}`;
    const mail = inviteEmail({
      siteTitle: a.site.title,
      inviter: a.owner.name || a.owner.email,
      roleName: ROLE_NAMES[roleId],
      link,
      days: INVITE_DAYS,
    });
    const to = normalizeEmail(email);
    await enqueueComposed(
      a.sql,
      tx,
      { from: { name: a.site.title, address: 'no-reply@localhost' }, to, tag: 'invite', ...mail },
      {
        websiteId: a.site.id,
        kind: 'invite',
      },
    );
  });
  await recordAudit(a.sql, actorOf(a), 'member.invite', normalizeEmail(email), { role: ROLE_NAMES[roleId] });
}

/** `guard` runs once the member is locked: it throws VersionConflict when the role changed since the form was drawn. */
export async function changeMemberRole(
  a: OwnerAccess,
  ownerId: string,
  roleId: RoleId,
  email: string,
  guard?: (tx: Db) => Promise<void>,
): Promise<void> {
  await setMemberRole(a.sql, a.site.id, ownerId, roleId, guard);
  await recordAudit(a.sql, actorOf(a), 'member.role', email, { role: ROLE_NAMES[roleId] });
}

export async function dropMember(a: OwnerAccess, ownerId: string, email: string): Promise<void> {
  await removeMember(a.sql, a.site.id, ownerId);
  await recordAudit(a.sql, actorOf(a), 'member.remove', email);
}

/** A member's row as its role form posts it untouched. */
export interface MemberRecord {
  ownerId: string;
  email: string;
  roleId: number;
}

const MEMBER_LABELS: Record<string, string> = { roleId: 'Role', email: 'Email', ownerId: 'Member' };

/** Member `ownerId` of the site as a versioned record (issue 28): its role form carries the version. */
export function memberVersioned(websiteId: string, ownerId: string): Versioned<MemberRecord> {
  return {
    thing: 'member',
    websiteId,
    load: async (db) => {
      const [r] = await db<{ email: string; role_id: number }[]>`
        select o.email, m.role_id from site_member m join owner o on o.id = m.owner_id
         where m.website_id = ${websiteId} and m.owner_id = ${ownerId}`;
      return r ? { ownerId, email: r.email, roleId: r.role_id } : null;
    },
    fields: (m) => new URLSearchParams({ ownerId: m.ownerId, email: m.email, roleId: String(m.roleId) }),
    label: (f) => MEMBER_LABELS[f] ?? f,
    audit: (m) => ({ targets: [m.email] }),
  };
}
