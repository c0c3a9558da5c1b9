// The file manager's routes: the list with its upload action, File Detail, and the previews it shows.
// The upload's permission is checked before its multipart body is read, so a plain form post will do.
import type { RouteCase } from './types.js';

const NO_FILE = '0123456789abcdef01234567';

const cases: RouteCase[] = [
  { file: 'config.files._index.tsx', path: '/config/files?index', loader: 'site.read', action: 'files.write', body: {} },
  {
    file: 'config.files.$id.tsx',
    path: `/config/files/${NO_FILE}`,
    loader: 'site.read',
    action: 'files.write',
    body: { intent: 'rename', name: 'x' },
  },
  { file: 'config.files.$id.content.ts', path: `/config/files/${NO_FILE}/content`, loader: 'site.read', action: null },
];
export default cases;
