// What visitors and owners read on locked and member pages. SPEC 8 has no text for them; these
// follow its tone (short, says what to do next).

const minutes = (s: number) => Math.max(1, Math.ceil(s / 60));
// A wait of one minute, and of more (the page's language has a text for each: shop-messages.server.ts).
const TOO_MANY_ONE = 'Too many attempts. Please wait 1 minute and try again.';
const TOO_MANY_MINUTES = 'Too many attempts. Please wait {minutes} minutes and try again.';

export const ACCESS_TEXT = {
  lockTitle: 'This page is password protected',
  passwordBlank: 'Enter the password.',
  wrongPassword: 'Incorrect password. Please try again.',
  tooManyOne: TOO_MANY_ONE,
  tooManyMinutes: TOO_MANY_MINUTES,
  tooMany: (s: number) => (minutes(s) > 1 ? TOO_MANY_MINUTES.replace('{minutes}', String(minutes(s))) : TOO_MANY_ONE),
  signInTitle: 'Members only',
  signInLead: 'This page is for signed-in members. Sign in to your account, or create one, to see it.',
  areaSignInLead: (area: string) => `This page is for members of ${area}. Sign in to your account, or create one, to see it.`,
  signIn: 'Sign in',
  signUp: 'Create an account',
  deniedTitle: 'Member area access denied',
  deniedLead: (area: string) => `Your account is not a member of ${area}.`,
  join: (area: string) => `Join ${area}`,
  paywallTitle: (area: string) => `Join ${area}`,
  paywallLead: (area: string) => `This page is for members of ${area}. Subscribe to see it and everything else in ${area}.`,
  subscribe: 'Subscribe',
  signInToSubscribe: 'Sign in to subscribe',
  alreadyMember: 'Already a member?',
  joined: (area: string) => `Welcome to ${area}.`,
  notAvailable: 'This member area cannot be joined right now.',
} as const;

/** The page labels of the /config pages list (SPEC 4: locked and member-only pages are labelled). */
export const ACCESS_LABELS = {
  password: 'Locked',
  'signed-in': 'Members only',
  members: 'Members only',
} as const;
