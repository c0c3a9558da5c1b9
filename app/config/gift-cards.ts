// What the Gift cards screens call a card's status (shared by the list and the card's page).
export const GIFT_CARD_STATUS_TEXT = { active: 'Active', used: 'Used up', disabled: 'Disabled' } as const;
