// dependency-cruiser: the dependency rule of DESIGN.md and docs/decisions/0007, checked in `npm test`.
// routes -> domain folders -> utils and db; only the storefront (page pipeline) imports the engine;
// the engine imports nothing of the app; the pure commerce leaves import nothing from app/; no cycles.
// forms, analytics, languages, experiments, overlays and design each list the folders they import
// today, so a new edge between domains fails here until it is decided (issue 31).
/**
 * A domain's rule: it imports nothing of app/ but itself and the folders `allowed`, db/ unless
 * `db` is false, and of the engine only its enums table when `enums`. The lists are today's edges.
 */
function onlyImports(domain, allowed, { db = true, enums = false, comment }) {
  const others = [domain, ...allowed].join('|');
  return {
    name: `${domain}-imports`,
    comment: `${comment} Imports ${allowed.length ? allowed.join(', ') : 'no other folder of app/'}${db ? ', db' : ''}${enums ? " and the engine's enums table" : ''}; nothing else.`,
    severity: 'error',
    from: { path: `^app/${domain}/` },
    to: { path: `^app/(?!(${others})/)|^engine/${db ? '' : '|^db/'}`, ...(enums ? { pathNot: '^engine/ts/enums\\.ts$' } : {}) },
  };
}

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'engine-is-a-library',
      comment: 'The template engine imports nothing from app/ or db/.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(app|db)/' },
    },
    {
      name: 'db-below-app',
      comment: 'db/ is the bottom layer: it imports nothing from app/.',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^app/' },
    },
    {
      name: 'only-the-storefront-renders',
      comment:
        "Only app/storefront (the page pipeline) imports the template engine; its table of the content model's numbers (engine/ts/enums.ts) is for everyone.",
      severity: 'error',
      from: { path: '^app/', pathNot: '^app/storefront/' },
      to: { path: '^engine/', pathNot: '^engine/ts/enums\\.ts$' },
    },
    {
      name: 'pure-commerce-leaves',
      comment:
        "The pure commerce modules (no .server suffix: rules, money, address, shipping, tax...) import nothing from app/ but each other, nor db/ or the engine (except three leaves: the engine's enums table, the HTML escaper and the email check).",
      severity: 'error',
      from: { path: '^app/commerce/.+\\.ts$', pathNot: '\\.server\\.ts$' },
      to: {
        path: '^(db|engine)/|^app/(?!commerce/)|^app/commerce/.+\\.server\\.ts$',
        pathNot: '^engine/ts/enums\\.ts$|^app/utils/(html|email)\\.ts$',
      },
    },
    {
      name: 'domains-below-the-storefront',
      comment:
        "catalog and commerce know nothing of how pages are made (storefront) nor of each other's callers: catalog imports no commerce, commerce imports no storefront.",
      severity: 'error',
      from: { path: '^app/(catalog|commerce|sites)/' },
      to: { path: '^app/(storefront|components)/' },
    },
    {
      name: 'storefront-below-components',
      comment:
        "The page pipeline makes the data and HTML that the React components and browser islands show; it imports none of them (the shapes they share, such as the variant picker's data, are the pipeline's).",
      severity: 'error',
      from: { path: '^app/storefront/' },
      to: { path: '^app/components/' },
    },
    {
      name: 'catalog-below-commerce',
      comment: 'The catalog is read by commerce and sites, never the other way round.',
      severity: 'error',
      from: { path: '^app/catalog/' },
      to: { path: '^app/(commerce|sites)/' },
    },
    {
      name: 'utils-are-leaves',
      comment: 'app/utils (env, logs, rate limits, forms, CSRF) import nothing else from app/.',
      severity: 'error',
      from: { path: '^app/utils/' },
      to: { path: '^app/(?!utils/)' },
    },
    {
      name: 'auth-is-below-config',
      comment:
        'app/auth (owners, sessions, roles) knows nothing of the screens (config), pages (storefront, components), the shop or languages (which check owners through it).',
      severity: 'error',
      from: { path: '^app/auth/' },
      to: { path: '^app/(config|storefront|components|commerce|catalog|sites|languages)/' },
    },
    {
      name: 'access-below-the-storefront',
      comment: 'app/access (who may see which page) knows nothing of how pages are made, the screens or the shop.',
      severity: 'error',
      from: { path: '^app/access/' },
      to: { path: '^app/(storefront|components|config|commerce|sites)/' },
    },
    {
      name: 'commerce-below-config',
      comment: 'The owner screens (app/config) use the shop; the shop never uses them (the files it serves are in catalog).',
      severity: 'error',
      from: { path: '^app/commerce/' },
      to: { path: '^app/config/' },
    },
    {
      name: 'config-below-the-storefront',
      comment: 'Owner services (app/config) use the domains and auth, never the page pipeline or React components.',
      severity: 'error',
      from: { path: '^app/config/' },
      to: { path: '^app/(storefront|components)/' },
    },
    onlyImports('edits', ['auth', 'catalog', 'utils'], {
      comment:
        'What every owner edit goes through, below every domain that edits: the audit row, the change signal that drops cached pages, versions and conflicts, the owner-HTML sanitiser and its link rules, slug rules.',
    }),
    onlyImports('forms', ['auth', 'catalog', 'edits', 'languages', 'utils'], {
      comment: 'Form blocks, mailing lists and restock notices (the page pipeline shows them: never the other way).',
    }),
    onlyImports('analytics', ['auth', 'config', 'edits', 'experiments', 'utils'], {
      enums: true,
      comment: "Analytics, above experiments: events keep the visitor's variants, and the conversion report reads them.",
    }),
    onlyImports('languages', ['auth', 'catalog', 'edits', 'utils'], {
      comment: 'Languages and translations, below the owner screens (config); the stored menus they translate are in catalog.',
    }),
    onlyImports('experiments', ['auth', 'catalog', 'edits', 'sites', 'utils'], {
      comment: 'Experiments, below analytics (which records and reports their variants).',
    }),
    onlyImports('overlays', ['catalog', 'design', 'forms', 'utils'], {
      enums: true,
      comment: 'Overlays (the tweak pages: splash, lock screen, popup, checkout, style).',
    }),
    onlyImports('design', [], { db: false, comment: 'The design model (colours, fonts, the theme CSS): a leaf.' }),
    {
      name: 'nothing-imports-routes',
      comment: 'Routes are the top layer: no module imports a route.',
      severity: 'error',
      from: { path: '^app/', pathNot: '^app/routes/' },
      to: { path: '^app/routes/' },
    },
    {
      name: 'routes-do-not-import-routes',
      comment:
        'A route does not import another route (not even a type): what two routes share is a module of a domain or of the storefront (the page at a path is app/storefront/path-page.server.ts).',
      severity: 'error',
      from: { path: '^app/routes/' },
      to: { path: '^app/routes/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(build|node_modules|engine/assembly/build)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
