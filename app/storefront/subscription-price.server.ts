// A subscribable product's billing text ("$95.00 every 3 months"), rendered by the engine's
// product-price formatter, the one the theme uses, so the text never drifts from the product page.
import { compile, render } from '../../engine/node.js';
import type { Product } from '../catalog/catalog.server.js';
import { shapeItem } from './context.server.js';

let priceCode: ReturnType<typeof compile>['code'] | undefined;

export function subscriptionPriceText(p: Product, currency: string): string {
  priceCode ??= compile('{item|product-price}').code;
  const out = render(priceCode, { item: shapeItem(p, currency), featureFlags: { useCLDRMoneyFormat: true } }, { locale: 'en' });
  return out.output
    .replace(/<span class="visually-hidden[^"]*">[^<]*<\/span>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
