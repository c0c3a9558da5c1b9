// The global switch of SPEC 6: with ANALYTICS_DISABLED=1 (or true) nothing is recorded, and pages
// carry no collector.
import { analyticsDisabled } from '../utils/env.server.js';

export function analyticsEnabled(): boolean {
  return !analyticsDisabled();
}
