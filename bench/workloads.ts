// The benchmark workloads of ../shared/bench (read in place): the wright page and the product grid.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED_BENCH = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/bench');

export interface Workload {
  name: string;
  template: string;
  json: unknown;
  partials: Record<string, string>;
  expected: string;
}

function read(file: string): string {
  return readFileSync(resolve(SHARED_BENCH, file), 'utf8');
}

export function workloadsPresent(): boolean {
  return existsSync(resolve(SHARED_BENCH, 'wright.html')) && existsSync(resolve(SHARED_BENCH, 'product-grid.html'));
}

export function loadWright(): Workload {
  return {
    name: 'wright',
    template: read('wright.html'),
    json: JSON.parse(read('wright.json')),
    partials: JSON.parse(read('wright-partials.json')),
    expected: read('wright.expected.html'),
  };
}

export function loadGrid(): Workload {
  return {
    name: 'grid',
    template: read('product-grid.html'),
    json: JSON.parse(read('product-grid.json')),
    partials: {},
    expected: read('product-grid.expected.html'),
  };
}
