// The starting themes a new site is made from (issue 11): each is a theme folder of templates and
// the content that comes with it. The templates are read once and kept.
import { projectPath } from '../../db/paths.server.js';
import * as journal from '../../db/seed/journal.js';
import { readTheme, STORE_CONTENT, type StarterContent, type ThemeTemplate } from '../../db/seed.server.js';

export const STARTER_THEME_IDS = ['store', 'journal'] as const;
export type StarterThemeId = (typeof STARTER_THEME_IDS)[number];

export interface StarterTheme {
  id: StarterThemeId;
  name: string;
  description: string;
  /** True when the theme comes with a shop (product collections, cart and checkout pages). */
  store: boolean;
  content: StarterContent;
  templates(): ThemeTemplate[];
}

function folder(dir: string): () => ThemeTemplate[] {
  let read: ThemeTemplate[] | null = null;
  return () => (read ??= readTheme(projectPath(dir)));
}

const THEMES: Record<StarterThemeId, StarterTheme> = {
  store: {
    id: 'store',
    name: 'Saltgrass',
    description: 'A shop: product listings with variants, cart and checkout, and content pages.',
    store: true,
    content: STORE_CONTENT,
    templates: folder('db/seed/theme'),
  },
  journal: {
    id: 'journal',
    name: 'Penhallow',
    description: 'A journal: an introduction, notes and pages, without a shop.',
    store: false,
    content: {
      website: journal.WEBSITE,
      collections: [],
      pages: journal.PAGES,
      products: [],
      contentCollections: journal.COLLECTIONS,
      navigation: journal.NAVIGATION,
    },
    templates: folder(journal.THEME_DIR),
  },
};

export function starterTheme(id: StarterThemeId): StarterTheme {
  return THEMES[id];
}

/** The themes an owner chooses from, in the order they are offered. */
export function starterThemes(): StarterTheme[] {
  return STARTER_THEME_IDS.map((id) => THEMES[id]);
}
