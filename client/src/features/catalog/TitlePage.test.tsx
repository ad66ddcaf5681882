import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { buildTitleDetail } from '../../../test/builders';
import { renderInRouter } from '../../../test/renderInRouter';
import { TitlePage } from './TitlePage';

const NOW = new Date('2025-05-19T12:00:00.000Z');

function renderTitle(title = buildTitleDetail()) {
  return renderInRouter(<TitlePage title={title} />, { path: `/${title.kind}/${title.slug}` });
}

/** The rows of the visible episode list, each as its text. */
function episodeRows() {
  return within(screen.getByRole('tabpanel'))
    .getAllByRole('listitem')
    .map((row) => row.textContent);
}

describe('TitlePage', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    document.cookie = 'censor=; Max-Age=0; Path=/';
    document.cookie = 'level=; Max-Age=0; Path=/';
  });

  it('shows the name, original name, kind, year, IMDb, channel, genres and lazy poster', async () => {
    renderTitle();

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Çınaraltı Sırları');
    expect(screen.getByText('Secrets Under the Plane Tree')).toBeTruthy();
    expect(screen.getByText('Dizi')).toBeTruthy();
    const facts = Array.from(document.querySelectorAll('.title-page__fact')).map(
      (fact) => fact.textContent,
    );
    expect(facts).toEqual(['Yıl2024', 'IMDb7,8', 'KanalKanal 7', 'TürlerDram, Gizem']);
    const poster = screen.getByRole('img', { name: 'Çınaraltı Sırları afişi' });
    expect(poster.getAttribute('src')).toBe('/media/posters/cinaralti-sirlari.svg');
    // The poster stands in the page's first screen: it loads with the page, in its reserved box.
    expect(poster.getAttribute('loading')).toBeNull();
    expect([poster.getAttribute('width'), poster.getAttribute('height')]).toEqual(['240', '360']);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it("switches the episode slider with the season tabs, in Turkish dates and minutes", async () => {
    renderTitle();

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['1. Sezon', '2. Sezon']);
    expect(episodeRows()).toEqual([
      '1. BölümDönüş12 Eylül 202445 dkİzledim',
      '2. BölümMektup19 Eylül 202444 dkİzledim',
    ]);

    fireEvent.click(screen.getByRole('tab', { name: '2. Sezon' }));

    expect(screen.getByRole('tab', { name: '2. Sezon' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(episodeRows()).toEqual(['1. BölümYeni Bahar6 Mart 202546 dkİzledim']);
  });

  it('uses a season\'s own name and marks an episode not aired yet "Yakında", without link or watched box', async () => {
    renderTitle(
      buildTitleDetail({
        seasons: [
          {
            number: 1,
            name: 'Başlangıç',
            episodes: [
              { id: 1, number: 1, name: 'Geçen', airAt: '2025-05-12T17:00:00.000Z', durationSeconds: 2700 },
              { id: 2, number: 2, name: 'Gelecek', airAt: '2025-05-26T17:00:00.000Z', durationSeconds: 2700 },
            ],
          },
        ],
      }),
    );

    expect((await screen.findByRole('tab')).textContent).toBe('Başlangıç');
    const [aired, upcoming] = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(within(aired!).queryByText('Yakında')).toBeNull();
    expect(within(upcoming!).getByText('Yakında')).toBeTruthy();
    // Only what has aired opens a watch page.
    const title = buildTitleDetail();
    expect(within(aired!).getByRole('link').getAttribute('href')).toBe(`/${title.kind}/${title.slug}/1-sezon/1-bolum`);
    expect(within(upcoming!).queryByRole('link')).toBeNull();
    // Nor can it have been watched.
    expect(within(aired!).getByRole('checkbox', { name: 'İzledim: 1. Bölüm' })).toBeTruthy();
    expect(within(upcoming!).queryByRole('checkbox')).toBeNull();
  });

  it('cuts a long description after 550 characters', async () => {
    const description = `${'x'.repeat(550)} ve sonrası`;
    renderTitle(buildTitleDetail({ description }));

    fireEvent.click(await screen.findByRole('button', { name: 'Devamını oku' }));

    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Daha az göster' })).toBeTruthy();
  });

  it('counts down to a release still ahead', async () => {
    renderTitle(buildTitleDetail({ releaseAt: '2025-05-20T12:00:00.000Z' }));

    const timer = await screen.findByRole('timer', { name: 'Yayına kalan süre' });
    expect(timer.querySelector('[data-unit="days"]')!.textContent).toBe('01gün');
  });

  it('shows no countdown for a release already past', async () => {
    renderTitle(buildTitleDetail({ releaseAt: '2025-05-18T12:00:00.000Z' }));

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('Yayında')).toBeNull();
  });

  it('shows an adult title only after the age gate is confirmed', async () => {
    renderTitle(buildTitleDetail({ adult: true, kind: 'film', slug: 'dehlizdeki-fisiltilar' }));

    const gate = await screen.findByRole('dialog');
    expect(gate.textContent).toContain(ACCOUNT_MESSAGES.ageGateQuestion);
    expect(screen.queryByRole('heading', { level: 1, name: 'Çınaraltı Sırları' })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_MESSAGES.ageGateConfirm }));

    expect(screen.getByRole('heading', { level: 1, name: 'Çınaraltı Sırları' })).toBeTruthy();
    expect(screen.getByText('+18')).toBeTruthy();
    expect(document.cookie).toContain('censor=1');
  });

  it('sends a visitor who refuses the age gate home', async () => {
    const { router } = renderTitle(buildTitleDetail({ adult: true }));

    fireEvent.click(await screen.findByRole('button', { name: ACCOUNT_MESSAGES.ageGateRefuse }));

    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  describe('a film', () => {
    const film = (releasedAt: string) =>
      buildTitleDetail({
        kind: 'film',
        slug: 'buzdan-kopru',
        name: 'Buzdan Köprü',
        seasons: [{ number: 1, name: null, episodes: [{ id: 9, number: 1, name: 'Buzdan Köprü', airAt: releasedAt, durationSeconds: 7260 }] }],
      });

    it('offers "İzle" and its release date, and no seasons, episodes or new-episode alert', async () => {
      renderTitle(film('2016-01-29T14:00:00.000Z'));

      const watch = await screen.findByRole('link', { name: 'İzle' });
      expect(watch.getAttribute('href')).toBe('/film/buzdan-kopru/izle');
      const facts = Array.from(document.querySelectorAll('.title-page__fact')).map((fact) => fact.textContent);
      expect(facts).toContain('Vizyon tarihi29 Ocak 2016');
      expect(screen.queryByRole('tab')).toBeNull();
      expect(screen.queryByRole('region', { name: 'Sezonlar' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Haber ver' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Takip Et' })).toBeTruthy();
    });

    it('has no "İzle" before its release', async () => {
      renderTitle(film('2025-06-01T17:00:00.000Z'));

      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('link', { name: 'İzle' })).toBeNull();
    });
  });

  it('shows its own backdrop, or the one the site draws for it', async () => {
    const { unmount } = renderTitle();
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('.title-page__backdrop')!.getAttribute('src')).toBe('/media/backdrops/cinaralti-sirlari.svg');
    expect(screen.getByRole('button', { name: 'Haber ver' })).toBeTruthy();
    unmount();

    renderTitle(buildTitleDetail({ backdropUrl: '/media/arka-plan.jpg' }));
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('.title-page__backdrop')!.getAttribute('src')).toBe('/media/arka-plan.jpg');
  });
});
