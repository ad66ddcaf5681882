import { foldForSearch } from './search';

describe('foldForSearch', () => {
  it.each([
    ['Şahmaran IŞIK', 'sahmaran isik'],
    ['sahmaran', 'sahmaran'],
    ['İSTANBUL', 'istanbul'],
    ['ılık IĞDIR', 'ilik igdir'],
    ['Çiçek Ödülü Üşüdü', 'cicek odulu usudu'],
    ['Âşık Kâtip', 'asik katip'],
    ['Café Noël', 'cafe noel'],
  ])('folds %p to %p', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });

  it('lets a plain query match a name written with Turkish letters and either case', () => {
    expect(foldForSearch('Işıkçının Kızı')).toContain(foldForSearch('IŞIK'));
    expect(foldForSearch('Şahin Yuvası')).toContain(foldForSearch('sahin'));
  });

  it('folds a dotted capital I written as I plus a combining dot', () => {
    expect(foldForSearch('I\u0307zmir')).toBe('izmir');
  });

  it('collapses and trims white space of any kind', () => {
    expect(foldForSearch('  Kara \t Sevda\n\n2 ')).toBe('kara sevda 2');
  });
});
