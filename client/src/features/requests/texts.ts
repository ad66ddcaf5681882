/** The request pages' words that shared-contracts' REQUEST_MESSAGES does not hold (client-only). */
export const REQUEST_TEXT = {
  listLabel: 'İstekler listesi',
  foundRequests: 'Aramanıza uyan istekler',
} as const;
