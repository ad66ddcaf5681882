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

/**
 * The home page: the greeting of the hour as one line, the featured slider, the member's
 * continue-watching row, then the catalog's rows and the newest titles.
 */
export function HomePage() {
  // The visitor's own clock, read at render time.
  const hour = new Date().getHours();
  const period = greetingPeriod(hour);
  const PeriodIcon = PERIOD_ICONS[period];
  return (
    <div className="home">
      <div className="home-greeting" data-period={period}>
        <PeriodIcon className="home-greeting__icon" width={22} height={22} />
        <h1 className="home-greeting__text">{greetingFor(hour)}</h1>
        <p className="home-greeting__welcome">{TEXT.home.welcome}</p>
      </div>
      <HomeCatalogRows personal={<ContinueWatchingRow />} />
      <NewTitlesSection />
    </div>
  );
}
