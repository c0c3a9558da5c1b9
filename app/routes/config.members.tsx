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
import { checkedSave, conflictFor, stampFor, VersionConflict } from '../edits/versions.server.js';
import { stampOfTyped, type Conflict } from '../edits/versions.js';
import { ConflictNotice, StampFields } from '../components/config/ConflictNotice.js';
import { ownerAccess } from '../config/route-access.server.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';

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
  if (!form)
    return json(
      {
        ok: false as const,
        error: 'The form could not be read.',
        fields: {} as Record<string, string>,
        typed: {} as Record<string, string>,
      },
      { status: 400 },
    );
  const typed: Record<string, string> = Object.fromEntries(form);
  const versioned = form.get('intent') === 'role' ? memberVersioned(a.site.id, form.get('ownerId') ?? '') : null;
  // "Apply only my changes" saves the member as they are now with only the owner's fields on top.
  const checked = versioned ? await checkedSave(a.sql, form, versioned) : null;
  if (checked?.kind === 'missing')
    return json({ ok: false as const, error: 'There is no such member.', fields: {} as Record<string, string>, typed }, { status: 404 });
  const post = checked ? checked.post : form;
  if (versioned) post.set('intent', 'role');
  const parsed = parseForm(post, Schema);
  if (parsed.status !== 'success') {
    return json(
      {
        ok: false as const,
        error: 'Update the missing or invalid information above.',
        fields: firstErrors(parsed.error ?? undefined),
        typed,
      },
      { status: 400 },
    );
  }
  const v = parsed.value;
  try {
    if (v.intent === 'invite') {
      await inviteMember(a, v.email, Number(v.roleId) as never);
      return json({ ok: true as const, notice: `Invitation sent to ${v.email.toLowerCase()}.` });
    }
    if (v.intent === 'role') {
      await changeMemberRole(a, v.ownerId, Number(v.roleId) as never, v.email, checked?.guard);
      return json({ ok: true as const, notice: 'Role changed.' });
    }
    await dropMember(a, v.ownerId, v.email);
    return json({ ok: true as const, notice: 'Member removed.' });
  } catch (e) {
    if (e instanceof VersionConflict && versioned) {
      const conflict: Conflict | null = await conflictFor(a.sql, form, versioned);
      if (conflict)
        return json({ ok: false as const, error: null, fields: {} as Record<string, string>, typed, conflict }, { status: 409 });
    }
    if (e instanceof InviteError) {
      return json({ ok: false as const, error: e.message, fields: e.field ? { [e.field]: e.message } : {}, typed }, { status: 400 });
    }
    throw e;
  }
}

export default function Members() {
  const { members, invites, me, stamps } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : null;
  const inviting = failed?.typed.intent === 'invite';
  // The role form of `ownerId` after its post was refused: it shows what was chosen.
  const refusedRole = (ownerId: string) => failed?.typed.intent === 'role' && failed.typed.ownerId === ownerId;
  return (
    <>
      <h1>Members</h1>
      <Notice message={result?.ok ? result.notice : null} />
      <FormError message={failed?.error} />
      <ConflictNotice
        conflict={failed && 'conflict' in failed ? failed.conflict : null}
        formId={`member-${failed?.typed.ownerId ?? ''}`}
        reloadTo="/config/members"
      />
      <section className="card" aria-labelledby="invite-h">
        <h2 id="invite-h">Invite someone</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="invite" />
          <Field
            name="email"
            label="Email"
            type="email"
            required
            defaultValue={inviting ? failed?.typed.email : ''}
            error={inviting ? failed?.fields.email : null}
          />
          <SelectField
            name="roleId"
            label="Role"
            options={ROLE_OPTIONS}
            defaultValue={inviting ? failed?.typed.roleId : '10'}
            error={inviting ? failed?.fields.roleId : null}
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
                  <StampFields stamp={refusedRole(m.ownerId) ? stampOfTyped(failed?.typed) : stamps[m.ownerId]} />
                  <input type="hidden" name="email" value={m.email} />
                  <label className="visually-hidden" htmlFor={`role-${m.ownerId}`}>
                    Role of {m.email}
                  </label>
                  <select
                    id={`role-${m.ownerId}`}
                    name="roleId"
                    key={refusedRole(m.ownerId) ? `typed-${failed?.typed.roleId}` : `saved-${m.roleId}`}
                    defaultValue={refusedRole(m.ownerId) ? failed?.typed.roleId : String(m.roleId)}
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
