// Forms (issue 14): forms.read opens the list, a builder and its submissions (and the CSV);
// forms.write creates and changes them.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  // Every post makes a new form: no harmless post for a role that may.
  {
    file: 'config.forms._index.tsx',
    path: '/config/forms?index',
    loader: 'forms.read',
    action: 'forms.write',
    body: {},
    allowedBody: null,
  },
  {
    file: 'config.forms.$id.tsx',
    path: '/config/forms/form-none',
    loader: 'forms.read',
    action: 'forms.write',
    body: { intent: 'save-build', name: 'refused', submitLabel: '' },
  },
  { file: 'config.forms.$id_.submissions.tsx', path: '/config/forms/form-none/submissions', loader: 'forms.read', action: null },
  { file: 'config.forms.$id_.submissions[.]csv.ts', path: '/config/forms/form-none/submissions.csv', loader: 'forms.read', action: null },
];
export default cases;
