import { greetingFor, greetingPeriod, type GreetingPeriod } from '@seyirlik/shared-contracts';
import { TEXT } from '../../app/messages';
import { MoonIcon, SunIcon, SunsetIcon } from '../../ui/icons';
import { NewTitlesSection } from '../catalog/NewTitlesSection';
import { ContinueWatchingRow } from '../member-state/ContinueWatchingRow';
import { HomeCatalogRows } from './HomeCatalogRows';
import './home.css';

const PERIOD_ICONS: Record<GreetingPeriod, typeof SunIcon> = {
  morning: SunIcon,
  afternoon: SunIcon,
  evening: SunsetIcon,
  night: MoonIcon,
};

export function HomePage() {
  // The visitor's own clock, read at render time.
  const hour = new Date().getHours();
  const period = greetingPeriod(hour);
  const PeriodIcon = PERIOD_ICONS[period];
  return (
    <div className="home">
      <section className="home-hero" data-period={period} aria-labelledby="home-greeting">
        <PeriodIcon className="home-hero__icon" width={28} height={28} />
        <h1 id="home-greeting" className="home-hero__greeting">
          {greetingFor(hour)}
        </h1>
        <p className="home-hero__welcome">{TEXT.home.welcome}</p>
      </section>
      <ContinueWatchingRow />
      <HomeCatalogRows />
      <NewTitlesSection />
    </div>
  );
}
