// Which environment a host is (SPEC 4 and 9), read from the host name alone so the browser's
// collector and the server class a page alike: the performance collector's dev / staging / prod,
// and analytics' coarser staging (any internal host) / production.

export const ENVIRONMENTS = ['dev', 'staging', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export type AnalyticsEnvironment = 'staging' | 'production';

// A developer's own machine: loopback names and addresses, and the names reserved for it.
const DEV = /^(localhost|127(\.\d{1,3}){3}|::1|0\.0\.0\.0)$|\.(localhost|local|test)$/;
// A host named for staging (a label "staging" or "stage", or staging-/-staging in one), a name
// that never resolves on the public internet, or a private address.
const STAGING_LABEL = /(^|[.-])(staging|stage)([.-]|$)/;
const INTERNAL_SUFFIX = /\.(internal|intranet|corp|lan|home\.arpa|example)$/;
const PRIVATE_V4 = /^(10\.\d{1,3}|192\.168|172\.(1[6-9]|2\d|3[01]))\.\d{1,3}\.\d{1,3}$/;
const PRIVATE_V6 = /^(f[cd][0-9a-f]{2}|fe80):/;
// A single-label name ("intranet", "shop") only resolves inside a network.
const SINGLE_LABEL = /^[^.:]+$/;

/** The collector's environment of `host` (a URL's hostname, any case, with or without a port). */
export function environmentOf(host: string): Environment {
  let h = host.trim().toLowerCase();
  // A port goes ("shop.example.com:8080", "[::1]:3000"); a bare IPv6 address ("::1") keeps its colons.
  if (h.startsWith('[')) h = h.slice(1, h.indexOf(']') > 0 ? h.indexOf(']') : undefined);
  else if (h.split(':').length === 2) h = h.replace(/:\d*$/, '');
  h = h.replace(/\.$/, '');
  if (h === '' || DEV.test(h)) return 'dev';
  if (STAGING_LABEL.test(h) || INTERNAL_SUFFIX.test(h) || PRIVATE_V4.test(h) || PRIVATE_V6.test(h) || SINGLE_LABEL.test(h))
    return 'staging';
  return 'prod';
}

/** Analytics' environment of `host`: staging on internal hosts (anything but prod), otherwise production. */
export function analyticsEnvironmentOf(host: string): AnalyticsEnvironment {
  return environmentOf(host) === 'prod' ? 'production' : 'staging';
}
