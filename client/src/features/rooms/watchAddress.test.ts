import { watchPath } from '@seyirlik/shared-contracts';
import { watchAddressOf } from './watchAddress';

describe('watchAddressOf', () => {
  it('reads back the addresses watchPath builds', () => {
    expect(watchAddressOf(watchPath({ kind: 'dizi', slug: 'cinaralti-sirlari', season: 2, episode: 11 }))).toEqual({
      kind: 'dizi',
      slug: 'cinaralti-sirlari',
      season: '2',
      episode: '11',
    });
    expect(watchAddressOf(watchPath({ kind: 'anime', slug: 'kizil-ay', season: 1, episode: 3 }))?.kind).toBe('anime');
    expect(watchAddressOf(watchPath({ kind: 'film', slug: 'buzdan-kopru', season: 1, episode: 1 }))).toEqual({
      kind: 'film',
      slug: 'buzdan-kopru',
      season: '1',
      episode: '1',
    });
  });

  it('refuses anything that is not a watch page', () => {
    expect(watchAddressOf('/dizi/cinaralti-sirlari')).toBeNull();
    expect(watchAddressOf('/oda/Abc123Def456')).toBeNull();
    expect(watchAddressOf('/film/buzdan-kopru/izle/extra')).toBeNull();
  });
});
