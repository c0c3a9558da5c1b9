// The demo store's forms (issue 14): the Contact page's contact form, whose "Join our newsletter"
// box signs the sender up to the store's Newsletter list. Migration 0020 adds the same rows to a
// site seeded before (same ids, so a later seed finds them there).

export interface SeedMailingList {
  id: string;
  name: string;
}

export interface SeedForm {
  id: string;
  /** The page (url id) whose blocks end with this form. */
  pageUrlId: string;
  blockId: string;
  name: string;
  fields: Record<string, unknown>[];
  /** `mailingListId` names a SeedMailingList by its seed id (given the site's prefix like every id). */
  settings: Record<string, unknown>;
}

export const NEWSLETTER: SeedMailingList = { id: 'list-newsletter', name: 'Newsletter' };

export const CONTACT_FORM: SeedForm = {
  id: 'form-contact',
  pageUrlId: 'contact',
  blockId: 'blk-contact-form',
  name: 'Contact',
  fields: [
    { id: 'name', type: 'name', title: 'Name', description: '', required: true },
    { id: 'email', type: 'email', title: 'Email', description: '', placeholder: '', required: true },
    {
      id: 'message',
      type: 'textarea',
      title: 'Message',
      description: 'Up to 2000 characters.',
      placeholder: '',
      required: true,
      maxLength: 2000,
    },
    { id: 'newsletter', type: 'checkbox', title: 'Newsletter', description: '', options: ['Join our newsletter'], required: false },
  ],
  settings: {
    submitLabel: 'Send',
    notifyEmail: 'hello@saltgrass.example',
    mailingListId: NEWSLETTER.id,
    newsletterFieldId: 'email',
    newsletterOptInFieldId: 'newsletter',
    submissionText: 'Thank you! We answer within two working days.',
    postSubmitHtml: '<p>While you wait, <a href="/shop">have a look at the shop</a>.</p>',
    disclaimer: { text: 'We use your details only to answer you. Every newsletter has a one-click unsubscribe link.', required: false },
  },
};
