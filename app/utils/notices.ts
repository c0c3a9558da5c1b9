// The texts of the notices the server answers with when it cannot show a site (no site at the
// address, not published, the database down): one copy for the Express layer (app/server/main.ts),
// the page pipeline and the JSON API, which otherwise repeated them as literals.

/** The notice page's look: no theme can be loaded when these show. */
export const NOTICE_STYLE = 'font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222';

export const NOTICES = {
  noSite: {
    title: 'No site here',
    text: 'There is no site at this address. Check the address, or the domain settings of your site.',
  },
  notPublished: { title: 'Not published', text: 'This site is not published yet. Please come back later.' },
  unavailable: { title: 'We’ll be right back', text: 'The store cannot be shown right now. Please try again in a moment.' },
} as const;

/** The JSON API's answer while the database cannot be reached. */
export const API_UNAVAILABLE = 'The store is unavailable right now. Please try again in a few seconds.';
