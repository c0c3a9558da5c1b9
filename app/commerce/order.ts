// An order as the app hands it around: the order event of SPEC section 3 with its lines, the
// shopper's details from checkout, and money both as minor units and in the spec's shape.
import type { Address } from './address.js';
import type { Money } from './money.js';
import type { CustomFormAnswer } from './custom-form-answers.js';

export interface OrderItem {
  sku: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  unitPrice: Money;
  lineTotal: Money;
  productType: number | null;
  /** Gift card lines: who receives the card, and the note sent with it. */
  giftRecipientEmail: string | null;
  giftMessage: string | null;
  /** A product custom form's answers, copied from the cart entry (issue 30). */
  answers: CustomFormAnswer[];
}

/** The order event of SPEC section 3, plus minor-unit numbers. */
export interface Order {
  id: string;
  /** Per website, from 1001: what people read and say ("order #1001"). */
  orderNumber: number;
  /** "#1001" */
  orderNumberText: string;
  purchasedCartId: string;
  /** Where the confirmation goes (null for orders placed before issue 8). */
  email: string | null;
  shippingAddress: Address | null;
  /** The address as lines ("Ada Lovelace", "1 Main St", "Halifax, NS B3H 1A1", "Canada"). */
  shippingAddressLines: string[];
  shippingMethod: { id: string; label: string } | null;
  taxBasisPoints: number;
  testMode: boolean;
  websiteId: string;
  currency: string;
  created: string;
  subtotalCents: number;
  grandTotalCents: number;
  shippingTotalCents: number;
  taxTotalCents: number;
  subtotal: Money;
  grandTotal: Money;
  shippingTotal: Money;
  taxTotal: Money;
  items: OrderItem[];
  /** What gift cards paid (issue 33): each card's masked code ("••••-7KQ2") and amount. */
  giftCardPayments: { maskedCode: string; amountCents: number; amount: Money }[];
  /** The total less what gift cards paid: what the shopper pays (0 when a card paid it all). */
  amountDueCents: number;
  amountDue: Money;
}
