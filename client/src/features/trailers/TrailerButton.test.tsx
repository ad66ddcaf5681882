import { fireEvent, render, screen, within } from '@testing-library/react';
import { TrailerButton } from './TrailerButton';
import { trailerKind } from './trailerKind';

const TRAILERS = [
  { number: 1, url: '/media/demo/pattern.mp4' },
  { number: 2, url: '/media/demo/bars.mp4' },
];

const dialog = () => screen.getByRole('dialog', { name: 'Çınaraltı Sırları fragmanları' });
const openButton = () => screen.getByRole('button', { name: 'Fragman izle' });

describe('TrailerButton', () => {
  let pause: jest.SpyInstance;

  beforeEach(() => {
    // jsdom plays no media: these stand in for the browser's player.
    pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('is not there for a title without trailers', () => {
    render(<TrailerButton titleName="Çınaraltı Sırları" trailers={[]} />);

    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens a modal with a tab per numbered trailer, the first one playing', () => {
    render(<TrailerButton titleName="Çınaraltı Sırları" trailers={TRAILERS} />);

    fireEvent.click(openButton());

    const tabs = within(dialog()).getByRole('tablist', { name: 'Fragmanlar' });
    expect(within(tabs).getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Fragman 1', 'true'],
      ['Fragman 2', 'false'],
    ]);
    const video = within(dialog()).getByLabelText('Fragman 1', { selector: 'video' }) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/media/demo/pattern.mp4');
    expect(video.autoplay).toBe(true);
    expect(video.controls).toBe(true);
  });

  it('plays the trailer of the chosen tab and stops the other', () => {
    render(<TrailerButton titleName="Çınaraltı Sırları" trailers={TRAILERS} />);
    fireEvent.click(openButton());
    const first = within(dialog()).getByLabelText('Fragman 1', { selector: 'video' }) as HTMLVideoElement;

    fireEvent.click(within(dialog()).getByRole('tab', { name: 'Fragman 2' }));

    expect(pause.mock.contexts).toContain(first);
    expect(first.isConnected).toBe(false);
    expect(first.getAttribute('src')).toBeNull();
    expect(within(dialog()).getByLabelText('Fragman 2', { selector: 'video' }).getAttribute('src')).toBe('/media/demo/bars.mp4');
    expect(within(dialog()).queryByLabelText('Fragman 1', { selector: 'video' })).toBeNull();
  });

  it.each([
    ['its close button', () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Pencereyi kapat' }))],
    ['Escape', () => fireEvent.keyDown(document, { key: 'Escape' })],
  ])('closes with %s, stopping playback and giving focus back to the button', (_case, close) => {
    render(<TrailerButton titleName="Çınaraltı Sırları" trailers={TRAILERS} />);
    openButton().focus();
    fireEvent.click(openButton());
    const video = within(dialog()).getByLabelText('Fragman 1', { selector: 'video' }) as HTMLVideoElement;

    close();

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pause.mock.contexts).toContain(video);
    expect(video.getAttribute('src')).toBeNull();
    expect(document.querySelector('video')).toBeNull();
    expect(document.activeElement).toBe(openButton());
  });

  it('hands an HLS playlist to the browser where it plays HLS itself', () => {
    jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    render(<TrailerButton titleName="Çınaraltı Sırları" trailers={[{ number: 1, url: '/media/demo/bars.m3u8' }]} />);

    fireEvent.click(openButton());

    expect(within(dialog()).getByLabelText('Fragman 1', { selector: 'video' }).getAttribute('src')).toBe('/media/demo/bars.m3u8');
  });

  it('shows an embed link in a frame', () => {
    render(<TrailerButton titleName="Çınaraltı Sırları" trailers={[{ number: 1, url: 'https://video.example.com/embed/abc123' }]} />);

    fireEvent.click(openButton());

    const frame = within(dialog()).getByTitle('Fragman 1');
    expect(frame.tagName).toBe('IFRAME');
    expect(dialog().querySelector('video')).toBeNull();
    expect(frame.getAttribute('src')).toBe('https://video.example.com/embed/abc123');
  });
});

describe('trailerKind', () => {
  it.each([
    ['/media/demo/bars.mp4', 'mp4'],
    ['https://cdn.example.com/fragman.WEBM?token=1', 'mp4'],
    ['/media/demo/bars.m3u8', 'hls'],
    ['https://cdn.example.com/hls/master.m3u8#t=5', 'hls'],
    ['https://video.example.com/embed/abc123', 'embed'],
    ['/embed/demo/bars', 'embed'],
    ['https://example.com/mp4', 'embed'],
  ])('plays %p as %p', (url, kind) => {
    expect(trailerKind(url)).toBe(kind);
  });
});
