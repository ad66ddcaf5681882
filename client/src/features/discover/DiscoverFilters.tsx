import {
  DISCOVER_RULES,
  LIMITS,
  TITLE_KIND_LABELS,
  TITLE_KINDS,
  currentYear,
  type DiscoverFilter,
  type ChannelCard,
  type DiscoverRange,
  type GenreOption,
} from '@seyirlik/shared-contracts';
import { DISCOVER_TEXT as T } from '../../app/messages';
import { formatImdb } from '../../lib/format';

interface RangeBounds {
  min: number;
  max: number;
  step: number;
}

/**
 * The range as the sliders show it (open ends at the slider's ends), and back: a range covering
 * the whole slider is no filter at all, so the empty filter stays `W10=`.
 */
function shownRange(range: DiscoverRange | undefined, bounds: RangeBounds): [number, number] {
  const clamp = (value: number) => Math.min(Math.max(value, bounds.min), bounds.max);
  return [clamp(range?.from ?? bounds.min), clamp(range?.to ?? bounds.max)];
}

function chosenRange([from, to]: [number, number], bounds: RangeBounds): DiscoverRange | undefined {
  if (from <= bounds.min && to >= bounds.max) return undefined;
  return { from, to };
}

function RangeField({
  legend,
  fromLabel,
  toLabel,
  bounds,
  range,
  format,
  onChange,
}: {
  legend: string;
  fromLabel: string;
  toLabel: string;
  bounds: RangeBounds;
  range: DiscoverRange | undefined;
  format: (value: number) => string;
  onChange: (range: DiscoverRange | undefined) => void;
}) {
  const [from, to] = shownRange(range, bounds);
  // Moving one end past the other pushes the other along, so the range never turns around.
  const setFrom = (value: number) => onChange(chosenRange([value, Math.max(value, to)], bounds));
  const setTo = (value: number) => onChange(chosenRange([Math.min(from, value), value], bounds));
  return (
    <fieldset className="discover-range">
      <legend className="discover-range__legend">
        {legend}: <output>{`${format(from)} – ${format(to)}`}</output>
      </legend>
      <input
        type="range"
        aria-label={fromLabel}
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={from}
        onChange={(event) => setFrom(Number(event.target.value))}
      />
      <input
        type="range"
        aria-label={toLabel}
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={to}
        onChange={(event) => setTo(Number(event.target.value))}
      />
    </fieldset>
  );
}

/** A select of named catalog entries by slug (genres, channels); the empty choice is "all". */
function SlugSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ slug: string; name: string }>;
  value: string | undefined;
  onChange: (slug: string | undefined) => void;
}) {
  return (
    <label className="discover-select">
      <span>{label}</span>
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.slug} value={option.slug}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}

const formatYear = (year: number) => String(year);

/** Kind chips, genre and channel selects, year and IMDb ranges (seed §9: years 2000 to this year, ratings 0 to 10). */
export function DiscoverFilters({
  filter,
  genres,
  channels,
  onChange,
}: {
  filter: DiscoverFilter;
  genres: GenreOption[];
  channels: ChannelCard[];
  onChange: (filter: DiscoverFilter) => void;
}) {
  const yearBounds = { min: LIMITS.yearSliderMin, max: currentYear(), step: 1 };
  const imdbBounds = { min: DISCOVER_RULES.imdbMin, max: DISCOVER_RULES.imdbMax, step: DISCOVER_RULES.imdbStep };
  const update = (change: Partial<DiscoverFilter>) => onChange({ ...filter, ...change });

  return (
    <form className="discover-filters" aria-label={T.filtersLabel} onSubmit={(event) => event.preventDefault()}>
      <div className="discover-chips" role="group" aria-label={T.kind}>
        {[undefined, ...TITLE_KINDS].map((kind) => (
          <button
            key={kind ?? 'all'}
            type="button"
            className={filter.kind === kind ? 'discover-chip discover-chip--active' : 'discover-chip'}
            aria-pressed={filter.kind === kind}
            onClick={() => update({ kind })}
          >
            {kind ? TITLE_KIND_LABELS[kind] : T.allKinds}
          </button>
        ))}
      </div>
      <SlugSelect
        label={T.genre}
        allLabel={T.allGenres}
        options={genres}
        value={filter.genre}
        onChange={(genre) => update({ genre })}
      />
      <SlugSelect
        label={T.channel}
        allLabel={T.allChannels}
        options={channels}
        value={filter.channel}
        onChange={(channel) => update({ channel })}
      />
      <RangeField
        legend={T.year}
        fromLabel={T.yearFrom}
        toLabel={T.yearTo}
        bounds={yearBounds}
        range={filter.year}
        format={formatYear}
        onChange={(year) => update({ year })}
      />
      <RangeField
        legend={T.imdb}
        fromLabel={T.imdbFrom}
        toLabel={T.imdbTo}
        bounds={imdbBounds}
        range={filter.imdb}
        format={formatImdb}
        onChange={(imdb) => update({ imdb })}
      />
      <button type="button" className="button button--secondary discover-filters__clear" onClick={() => onChange({})}>
        {T.clear}
      </button>
    </form>
  );
}
