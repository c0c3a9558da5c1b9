// The /config navigation: each screen, and the permission that opens it (a link shows only for a
// role that has it; the route checks the same permission on the server).
import type { Permission } from '../auth/roles.js';

export interface NavEntry {
  to: string;
  label: string;
  permission: Permission;
}

export const CONFIG_NAV: readonly NavEntry[] = [
  { to: '/config', label: 'Dashboard', permission: 'site.read' },
  { to: '/config/products', label: 'Products', permission: 'products.read' },
  { to: '/config/inventory', label: 'Inventory', permission: 'products.read' },
  { to: '/config/restock', label: 'Restock notices', permission: 'forms.read' },
  { to: '/config/orders', label: 'Orders', permission: 'orders.read' },
  { to: '/config/gift-cards', label: 'Gift cards', permission: 'orders.read' },
  { to: '/config/pages', label: 'Pages', permission: 'pages.read' },
  { to: '/config/navigation', label: 'Navigation', permission: 'pages.read' },
  { to: '/config/blog', label: 'Blog', permission: 'pages.read' },
  { to: '/config/events', label: 'Events', permission: 'pages.read' },
  { to: '/config/gallery', label: 'Gallery', permission: 'pages.read' },
  { to: '/config/forms', label: 'Forms', permission: 'forms.read' },
  { to: '/config/analytics', label: 'Analytics', permission: 'analytics.read' },
  { to: '/config/experiments', label: 'Experiments', permission: 'experiments.read' },
  { to: '/config/tags', label: 'Categories and tags', permission: 'products.read' },
  { to: '/config/files', label: 'Files', permission: 'site.read' },
  { to: '/config/settings', label: 'Settings', permission: 'settings.read' },
  { to: '/config/access', label: 'Access and member areas', permission: 'settings.read' },
  { to: '/config/languages', label: 'Languages', permission: 'settings.read' },
  { to: '/config/members', label: 'Members', permission: 'members.manage' },
  { to: '/config/api-keys', label: 'API keys', permission: 'apikeys.manage' },
  { to: '/config/audit', label: 'Audit log', permission: 'audit.read' },
  { to: '/config/site', label: 'Site and domains', permission: 'site.read' },
  { to: '/config/theme', label: 'Theme', permission: 'site.read' },
  { to: '/config/design', label: 'Design', permission: 'site.read' },
  { to: '/config/tweaks/popup-overlay', label: 'Tweaks', permission: 'site.read' },
];
