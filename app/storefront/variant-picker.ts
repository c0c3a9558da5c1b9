// The variant picker's data block: what the page pipeline (app/storefront/context.server.ts) writes into a
// product page's `<script type="application/json" data-variant-picker>` and the variant island reads.

/** One variant as the page's data block describes it (built by app/storefront/context.server.ts). */
export interface VariantChoice {
  sku: string;
  /** Option name -> value, e.g. {Size: 'L/XL', Color: 'Indigo'}. */
  attributes: Record<string, string>;
  /** The values in option order, "L/XL / Indigo". */
  name: string;
  /** The regular price as shopper text ("$72.00"). */
  price: string;
  /** The sale price when the variant is on sale, else null. */
  salePrice: string | null;
  soldOut: boolean;
  stock: { text: string; tone: 'out' | 'low' | 'ok' };
  /** The variant's own picture, or null for the product's. */
  image: string | null;
  /** The instalment notice text at this variant's price, or null where none is offered. */
  instalment: string | null;
}

export interface VariantPickerData {
  /** Option names in the product's order. */
  options: string[];
  giftCard: boolean;
  /** No variant left at all: the button stays Sold Out. */
  soldOut: boolean;
  /** The button's idle label (Add To Cart, Subscribe or the product's own). */
  addLabel: string;
  texts: VariantPickerTexts;
  /** The product's picture, shown when no variant with its own is chosen. */
  image: string | null;
  /** The srcset widths of every picture (the theme's image-srcset: `{url}?format=300w 300w`...). */
  imageWidths: number[];
  /** The instalment text at the lowest price (nothing chosen). */
  instalment: string | null;
  variants: VariantChoice[];
}

/** What the island says, in the page's language (the server fills it from localizedStrings). */
export interface VariantPickerTexts {
  unavailable: string;
  giftCard: string;
  /** The add button's label when the choice is sold out. */
  soldOut: string;
  /** "Please select the {name} option." */
  pleaseSelectOne: string;
  /** "Please select the {names} and {last} options." */
  pleaseSelectMany: string;
  /** The mark after a value that cannot be bought: "sold out", shown in brackets. */
  soldOutMark: string;
  /** The hidden label before a sale's struck-out price: "Original price:". */
  originalPrice: string;
  /** What the live region says of a sale price: "{price}, was {original}". */
  was: string;
}
