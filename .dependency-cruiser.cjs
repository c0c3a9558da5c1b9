// dependency-cruiser: the dependency rule of DESIGN.md and docs/decisions/0006, checked in `npm test`.
// routes -> domain folders -> utils and db; only the storefront (page pipeline) imports the engine;
// the engine imports nothing of the app; the pure commerce leaves import nothing from app/; no cycles.
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
      name: 'nothing-imports-routes',
      comment: 'Routes are the top layer: no module imports a route.',
      severity: 'error',
      from: { path: '^app/', pathNot: '^app/routes/' },
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
