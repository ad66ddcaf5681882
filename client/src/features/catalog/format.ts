const imdbFormat = new Intl.NumberFormat('tr-TR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** An IMDb rating as Turkish writes it: 7.5 is "7,5". */
export function formatImdb(rating: number): string {
  return imdbFormat.format(rating);
}
