// The invitation email: who invited, to which site, with which role, and the link (which expires).
import { escapeHtml as esc } from '../utils/html.js';

export function inviteEmail(input: { siteTitle: string; inviter: string; roleName: string; link: string; days: number }): {
  subject: string;
  text: string;
  html: string;
} {
  const subject = `You are invited to ${input.siteTitle}`;
  const text =
    `${input.inviter} invited you to help run ${input.siteTitle} as ${input.roleName}.\n\n` +
    `Accept the invitation here (the link works for ${input.days} days and once only):\n${input.link}\n\n` +
    `If you did not expect this email, you can ignore it.\n`;
  const html =
    `<p>${esc(input.inviter)} invited you to help run <strong>${esc(input.siteTitle)}</strong> as ${esc(input.roleName)}.</p>` +
    `<p><a href="${esc(input.link)}">Accept the invitation</a> (the link works for ${input.days} days and once only).</p>` +
    `<p>If you did not expect this email, you can ignore it.</p>`;
  return { subject, text, html };
}
