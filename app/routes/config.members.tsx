// /config/members: who can run this site and with which role; invite people by email (a link that
// expires), change a role, remove someone. Administrators only (members.manage).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { InviteError, invitesOf, membersOf } from '../auth/invites.server.js';
import { INVITABLE_ROLES, isRoleId, ROLE_NAMES } from '../auth/roles.js';
import { Field, FormError, Notice, SelectField } from '../components/config/Field.js';
import { changeMemberRole, dropMember, inviteMember, memberVersioned } from '../config/members.server.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import { ConflictNotice, StampFields } from '../components/config/ConflictNotice.js';
import { readReply } from '../components/config/reply.js';
import { ownerAccess } from '../config/route-access.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

const ROLE_OPTIONS = INVITABLE_ROLES.map((r) => ({ value: String(r), label: ROLE_NAMES[r] }));

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'members.manage');
  const [members, invites] = await Promise.all([membersOf(a.sql, a.site.id), invitesOf(a.sql, a.site.id)]);
  // Each role form carries the version of its member's row (issue 28): a role changed since is a conflict.
  const stamps = Object.fromEntries(members.map((m) => [m.ownerId, stampFor(memberVersioned(a.site.id, m.ownerId), m)]));
  return json({ members, invites, me: a.owner.id, stamps }, { headers: { 'Cache-Control': 'no-store' } });
}

const RoleField = z.string().refine((v) => isRoleId(Number(v)) && Number(v) !== 14, 'Choose a role.');
const Schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('invite'), email: z.string({ required_error: 'Enter an email address.' }).trim(), roleId: RoleField }),
  z.object({ intent: z.literal('role'), ownerId: z.string().min(1), email: z.string().default(''), roleId: RoleField }),
  z.object({ intent: z.literal('remove'), ownerId: z.string().min(1), email: z.string().default('') }),
]);

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'members.manage');
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), 400);
  const versioned = form.get('intent') === 'role' ? memberVersioned(a.site.id, form.get('ownerId') ?? '') : null;
  // "Apply only my changes" saves the member as they are now with only the owner's fields on top.
  const checked = versioned ? await checkedSave(a.sql, form, versioned) : null;
  if (checked?.kind === 'missing') return json(withConflict(refusedReply('There is no such member.', form)), 404);
  const post = checked ? checked.post : form;
  if (versioned) post.set('intent', 'role');
  const submission = parseForm(post, Schema);
  // Every refusal keeps the form as the owner sent it (`form`), not the merged post that was checked.
  if (submission.status !== 'success') return json(withConflict(replyTo(submission, form, { formError: UI_TEXT.invalidForm })), 400);
  const v = submission.value;
  try {
    if (v.intent === 'invite') {
      await inviteMember(a, v.email, Number(v.roleId) as never);
      return json({ notice: `Invitation sent to ${v.email.toLowerCase()}.` });
    }
    if (v.intent === 'role') {
      await changeMemberRole(a, v.ownerId, Number(v.roleId) as never, v.email, checked?.guard);
      return json({ notice: 'Role changed.' });
    }
    await dropMember(a, v.ownerId, v.email);
    return json({ notice: 'Member removed.' });
  } catch (e) {
    if (e instanceof VersionConflict && versioned) {
      const conflict = await conflictFor(a.sql, form, versioned);
      if (conflict) return json(withConflict(replyTo(submission, form), conflict), 409);
    }
    if (e instanceof InviteError) {
      const fieldErrors = e.field ? { [e.field]: e.message } : {};
      return json(withConflict(replyTo(submission, form, { formError: e.message, fieldErrors })), 400);
    }
    throw e;
  }
}

export default function Members() {
  const { members, invites, me, stamps } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A post either saved (its notice) or was refused (Conform's reply, with the conflict on a 409).
  const reply = result && !('notice' in result) ? result : null;
  const failed = readReply(reply);
  const t = failed?.typed ?? {};
  const inviting = t.intent === 'invite';
  // The role form of `ownerId` after its post was refused: it shows what was chosen.
  const refusedRole = (ownerId: string) => t.intent === 'role' && t.ownerId === ownerId;
  return (
    <>
      <h1>Members</h1>
      <Notice message={result && 'notice' in result ? result.notice : null} />
      <FormError message={failed?.formError} />
      <ConflictNotice conflict={reply?.conflict} formId={`member-${t.ownerId ?? ''}`} reloadTo="/config/members" />
      <section className="card" aria-labelledby="invite-h">
        <h2 id="invite-h">Invite someone</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="invite" />
          <Field
            name="email"
            label="Email"
            type="email"
            required
            defaultValue={inviting ? t.email : ''}
            error={inviting ? failed?.errors.email : null}
          />
          <SelectField
            name="roleId"
            label="Role"
            options={ROLE_OPTIONS}
            defaultValue={inviting ? t.roleId : '10'}
            error={inviting ? failed?.errors.roleId : null}
          />
          <button type="submit">Send invitation</button>
        </Form>
      </section>
      <h2>People</h2>
      <table className="data">
        <caption className="visually-hidden">Members of this site</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.ownerId}>
              <td>{m.email}</td>
              <td>{m.name}</td>
              <td>
                <Form method="post" className="row-actions" id={`member-${m.ownerId}`}>
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="ownerId" value={m.ownerId} />
                  {/* A form drawn again after a refused save keeps the version it was first drawn at. */}
                  <StampFields stamp={refusedRole(m.ownerId) ? stampOfTyped(t) : stamps[m.ownerId]} />
                  <input type="hidden" name="email" value={m.email} />
                  <label className="visually-hidden" htmlFor={`role-${m.ownerId}`}>
                    Role of {m.email}
                  </label>
                  <select
                    id={`role-${m.ownerId}`}
                    name="roleId"
                    // Drawn afresh by a role change, not by a refused one: the choice stays as made.
                    key={m.roleId}
                    defaultValue={refusedRole(m.ownerId) ? t.roleId : String(m.roleId)}
                  >
                    {ROLE_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="secondary">
                    Change role
                  </button>
                </Form>
              </td>
              <td>
                {m.ownerId === me ? (
                  <span className="badge">You</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="ownerId" value={m.ownerId} />
                    <input type="hidden" name="email" value={m.email} />
                    <button type="submit" className="danger">
                      Remove {m.email}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Invitations</h2>
      {invites.length === 0 ? (
        <p className="empty">No invitations yet.</p>
      ) : (
        <table className="data">
          <caption className="visually-hidden">Invitations</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Sent</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {invites.map((i) => (
              <tr key={i.email + i.createdAt}>
                <td>{i.email}</td>
                <td>{i.roleName}</td>
                <td>{new Date(i.createdAt).toLocaleDateString('en-US')}</td>
                <td>
                  <span className={`badge ${i.state === 'accepted' ? 'ok' : i.state === 'expired' ? 'warn' : ''}`}>{i.state}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
