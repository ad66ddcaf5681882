/** The trailer modal's texts. */
export const TRAILER_TEXT = {
  open: 'Fragman izle',
  dialogTitle: (titleName: string) => `${titleName} fragmanları`,
  tabsLabel: 'Fragmanlar',
  /** A trailer's tab, by its number from 1. */
  trailer: (number: number) => `Fragman ${number}`,
} as const;
