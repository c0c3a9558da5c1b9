// The Design screen (fonts and colours): any owner of the site may look; changing needs design.write.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [{ file: 'config.design.tsx', path: '/config/design', loader: 'site.read', action: 'design.write', body: {} }];
export default cases;
