/** The post page's words that shared-contracts' FLOW_MESSAGES does not hold (client-only). */
export const POST_PAGE_TEXT = {
  heading: 'Gönderi',
  backToGroup: (name: string) => `${name} grubuna dön`,
  backToFlow: 'Akışa dön',
} as const;
