// An order's status as badges: Pending, Fulfilled or Canceled, then Refunded and Test when they apply.
export function OrderStatusBadges({
  fulfillment,
  refunded,
  testMode,
}: {
  fulfillment: 'pending' | 'fulfilled' | 'canceled';
  refunded: boolean;
  testMode: boolean;
}) {
  const badges: { text: string; tone: string }[] = [];
  if (fulfillment === 'fulfilled') badges.push({ text: 'Fulfilled', tone: 'ok' });
  else if (fulfillment === 'canceled') badges.push({ text: 'Canceled', tone: 'warn' });
  else if (!refunded) badges.push({ text: 'Pending', tone: '' });
  if (refunded) badges.push({ text: 'Refunded', tone: 'warn' });
  if (testMode) badges.push({ text: 'Test', tone: '' });
  return (
    <span className="badges" data-status>
      {badges.map((b) => (
        <span key={b.text} className={b.tone ? `badge ${b.tone}` : 'badge'}>
          {b.text}
        </span>
      ))}
    </span>
  );
}
