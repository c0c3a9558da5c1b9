// SPEC 3's experiment entries (name, variant, status) as templates read them, from a visitor's
// variants; every entry given is of a running experiment. Pure.

export type ExperimentEntry = { name: string; variant: string; status: 'ACTIVE' };

export function experimentEntries(variants: Record<string, string>): ExperimentEntry[] {
  return Object.entries(variants).map(([name, variant]) => ({ name, variant, status: 'ACTIVE' }));
}
