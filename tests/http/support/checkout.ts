// The checkout form's fields for an order shipped to Buffalo, NY (Standard shipping $12, no tax in
// the demo): what the HTTP tests place orders with. Spread it and override what a test is about.
export const NEW_YORK = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  line1: '1 Main St',
  line2: '',
  city: 'Buffalo',
  region: 'NY',
  postalCode: '14201',
  country: 'US',
  shippingMethod: 'standard',
};
