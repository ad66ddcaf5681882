import { CATALOG_RULES as R, type TitleKind } from './rules';

/**
 * The catalog's Turkish texts: the reasons a catalog file is refused (each printed after the
 * path of the value it is about) and the import command's own lines.
 */
export const CATALOG_MESSAGES = {
  required: 'Bu alan zorunludur.',
  mustBeText: 'Metin olmalıdır.',
  mustBeNumber: 'Sayı olmalıdır.',
  mustBeInteger: 'Tam sayı olmalıdır.',
  mustBeBoolean: 'true ya da false olmalıdır.',
  mustBeList: 'Liste olmalıdır.',
  mustBeObject: 'Nesne olmalıdır.',
  unknownField: 'Bilinmeyen alan.',
  titleNotFound: 'Aradığınız içerik bulunamadı.',
  invalidValue: 'Geçersiz değer.',
  textEmpty: 'Boş bırakılamaz.',
  textTooLong: 'Metin çok uzun.',
  invalidCharacters: 'Metin geçersiz (kontrol) karakterler içeriyor.',
  slugInvalid: 'Kısa ad yalnızca küçük harf (a-z), rakam ve tire içerebilir; tire ile başlayıp bitemez.',
  titleKindInvalid: "İçerik tipi 'dizi', 'anime' ya da 'film' olmalıdır.",
  sourceKindInvalid: "Kaynak tipi 'mp4', 'hls' ya da 'embed' olmalıdır.",
  yearOutOfRange: `Yıl ${R.yearMin} ile ${R.yearMax} arasında olmalıdır.`,
  imdbOutOfRange: `IMDb puanı ${R.imdbMin} ile ${R.imdbMax} arasında olmalıdır.`,
  imdbPrecision: 'IMDb puanı en fazla bir ondalık basamak içerebilir.',
  seasonNumberOutOfRange: `Sezon numarası 1 ile ${R.seasonNumberMax} arasında olmalıdır.`,
  episodeNumberOutOfRange: `Bölüm numarası 1 ile ${R.episodeNumberMax} arasında olmalıdır.`,
  durationOutOfRange: `Süre 1 ile ${R.durationSecondsMax} saniye arasında olmalıdır.`,
  adSkipOutOfRange: `Reklam geçme süresi 0 ile ${R.adSkipSecondsMax} saniye arasında olmalıdır.`,
  dateInvalid: 'Saat dilimi belirtilmiş bir ISO 8601 tarihi olmalıdır (örneğin 2025-03-01T20:00:00Z).',
  urlInvalid: "Adres http:// ya da https:// ile başlamalı veya / ile başlayan bir site yolu olmalıdır.",
  tierInvalid: "Kalite seviyesi '1080p' gibi, yükseklik ve 'p' ile yazılmalıdır.",
  tiersDuplicate: 'Aynı kalite seviyesi birden fazla kez yazılmış.',
  tooManyItems: 'Listede çok fazla öğe var.',
  downloadOnlyMp4: 'İndirme yalnızca mp4 kaynaklarında açılabilir.',
  groupHashInvalid: 'Grup anahtarı (hash) 6 ile 64 arasında harf, rakam, tire ya da alt çizgiden oluşmalıdır.',
  groupSourcesRequired: 'Bir video grubunda en az bir kaynak olmalıdır.',
  seasonsRequired: 'En az bir sezon olmalıdır.',
  episodesRequired: 'Her sezonda en az bir bölüm olmalıdır.',
  filmShape: 'Bir film tam olarak bir sezon ve o sezonda tek bir bölüm içermelidir.',
  duplicateGenre: 'Bu tür kısa adı dosyada birden fazla kez tanımlanmış.',
  duplicateChannel: 'Bu kanal kısa adı dosyada birden fazla kez tanımlanmış.',
  duplicateTitle: 'Bu yapım kısa adı dosyada birden fazla kez tanımlanmış.',
  duplicateAd: 'Bu reklam anahtarı dosyada birden fazla kez tanımlanmış.',
  duplicateGroup: 'Bu grup anahtarı (hash) dosyada birden fazla kez kullanılmış.',
  duplicateSeason: 'Bu sezon numarası aynı yapımda birden fazla kez kullanılmış.',
  duplicateEpisode: 'Bu bölüm numarası aynı sezonda birden fazla kez kullanılmış.',
  duplicateTitleGenre: 'Bu tür yapımın listesinde birden fazla kez yazılmış.',
  unknownGenre: 'Bu tür dosyanın genres listesinde tanımlı değil.',
  unknownChannel: 'Bu kanal dosyanın channels listesinde tanımlı değil.',
  /** Path label of a problem with the file as a whole (it is not an object, for instance). */
  fileRoot: '(dosya)',
  cliUsage: 'Kullanım: npm run catalog:import -- DOSYA.json',
  fileUnreadable: 'Dosya okunamadı',
  fileNotJson: 'Dosya geçerli bir JSON değil',
  fileRefused: 'Katalog dosyası reddedildi; hiçbir şey içe aktarılmadı.',
  importFailed: 'İçe aktarma başarısız oldu; hiçbir değişiklik yapılmadı.',
  importSucceeded: 'Katalog içe aktarıldı.',
  importUnchanged: 'Veritabanı dosyayla zaten aynıydı; hiçbir şey değişmedi.',
  importCountInserted: 'eklendi',
  importCountUpdated: 'güncellendi',
  importCountRemoved: 'kaldırıldı',
  dataDirInUse:
    'Bu DATA_DIR şu anda çalışan bir Seyirlik sunucusu tarafından kullanılıyor. Sunucuyu durdurup tekrar deneyin ya da DATABASE_URL ile veritabanını belirtin.',
} as const;

/** Names of the imported record kinds in the import command's summary. */
export const CATALOG_IMPORT_LABELS = {
  genres: 'tür',
  channels: 'kanal',
  titles: 'yapım',
  titleGenres: 'yapım-tür bağı',
  trailers: 'fragman',
  seasons: 'sezon',
  episodes: 'bölüm',
  videoGroups: 'video grubu',
  videoSources: 'video kaynağı',
  preRollAds: 'reklam',
} as const;

/** How the site names each kind of title (badges, posters, section headings). */
export const TITLE_KIND_LABELS: Record<TitleKind, string> = {
  dizi: 'Dizi',
  anime: 'Anime',
  film: 'Film',
};
