// The role ids of SPEC 6 and what each may do in /config: the permission matrix of ADR 0010. Pure
// data, read by the server's checks (app/auth/permissions.server.ts) and by screens that hide buttons.

export const ROLES = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  storeManager: 8,
  scheduling: 9,
  viewer: 10,
  campaignsEditor: 11,
  schedulingViewer: 12,
  schedulingEditor: 13,
  none: 14,
  websiteManager: 15,
  draftEditor: 16,
} as const;

export type RoleId = (typeof ROLES)[keyof typeof ROLES];

export const ROLE_IDS: readonly RoleId[] = Object.values(ROLES);

export const ROLE_NAMES: Record<RoleId, string> = {
  1: 'Administrator',
  2: 'Billing',
  3: 'Reporting',
  4: 'Editor',
  6: 'Moderator',
  7: 'Commenter',
  8: 'Store manager',
  9: 'Scheduling',
  10: 'Viewer',
  11: 'Campaigns editor',
  12: 'Scheduling viewer',
  13: 'Scheduling editor',
  14: 'No access',
  15: 'Website manager',
  16: 'Draft editor',
};

/** What can be done in /config. `*.read` opens a screen; the others change something. */
export const PERMISSIONS = [
  'site.read',
  'products.read',
  'products.write',
  'orders.read',
  'orders.write',
  'pages.read',
  'pages.write',
  'pages.publish',
  'design.write',
  'forms.read',
  'forms.write',
  'files.write',
  'settings.read',
  'settings.write',
  'members.manage',
  'apikeys.manage',
  'audit.read',
  'analytics.read',
  'experiments.read',
  'experiments.write',
  'site.manage',
  'site.delete',
  // Making new sites (the creator becomes their administrator): open to who administers a site.
  'site.create',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const READ_ALL: Permission[] = [
  'site.read',
  'products.read',
  'orders.read',
  'pages.read',
  'settings.read',
  'audit.read',
  'analytics.read',
  'experiments.read',
];

// ADR 0010 explains each row. Roles for features we do not have (comments, scheduling, campaigns)
// may look at the site and nothing more until those features exist.
const MATRIX: Record<RoleId, readonly Permission[]> = {
  1: PERMISSIONS,
  15: PERMISSIONS.filter((p) => p !== 'members.manage' && p !== 'site.delete'),
  8: [
    'site.read',
    'products.read',
    'products.write',
    'orders.read',
    'orders.write',
    'files.write',
    'pages.read',
    'settings.read',
    'analytics.read',
    'experiments.read',
    'forms.read',
  ],
  4: ['site.read', 'pages.read', 'pages.write', 'pages.publish', 'files.write', 'products.read', 'forms.read', 'forms.write'],
  16: ['site.read', 'pages.read', 'pages.write', 'files.write'],
  2: ['site.read', 'orders.read', 'settings.read'],
  3: ['site.read', 'orders.read', 'products.read', 'analytics.read', 'experiments.read'],
  10: READ_ALL,
  6: ['site.read'],
  7: ['site.read'],
  9: ['site.read'],
  11: ['site.read'],
  12: ['site.read'],
  13: ['site.read'],
  14: [],
};

const SETS = new Map<number, ReadonlySet<Permission>>(Object.entries(MATRIX).map(([id, ps]) => [Number(id), new Set(ps)]));

export function isRoleId(v: unknown): v is RoleId {
  return typeof v === 'number' && SETS.has(v);
}

/** Whether `role` may do `permission`. */
export function can(role: number, permission: Permission): boolean {
  return SETS.get(role)?.has(permission) ?? false;
}

/** Every permission of `role`, in the order of PERMISSIONS. */
export function permissionsOf(role: number): Permission[] {
  return PERMISSIONS.filter((p) => can(role, p));
}

/** The roles an admin may give in an invite (all but "none"), most powerful first. */
export const INVITABLE_ROLES: readonly RoleId[] = [1, 15, 8, 4, 16, 2, 3, 10, 6, 7, 9, 11, 12, 13];
