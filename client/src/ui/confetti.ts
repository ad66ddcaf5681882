import './confetti.css';

const PIECES = 120;
const COLORS = ['#ff3d5a', '#ff8a3d', '#f5a524', '#22c55e', '#4c9dff', '#b57bff', '#f3f4f8'];

/**
 * A burst of confetti over the whole page for about `durationMs`, then gone. Plain DOM on <body>,
 * so it outlives the page that started it (a creation that goes on to its new page). Nothing is
 * drawn for someone who asked for reduced motion. Returns the layer (null when none was drawn).
 */
export function burstConfetti(durationMs: number): HTMLElement | null {
  if (typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches) return null;
  const layer = document.createElement('div');
  layer.className = 'confetti';
  layer.setAttribute('aria-hidden', 'true');
  for (let index = 0; index < PIECES; index += 1) {
    const piece = document.createElement('span');
    piece.className = index % 3 === 0 ? 'confetti__piece confetti__piece--round' : 'confetti__piece';
    // Each piece falls for half to nearly all of the burst, starting late enough to land by its end.
    const fall = durationMs * (0.5 + Math.random() * 0.45);
    const delay = Math.random() * (durationMs - fall);
    piece.style.setProperty('--x', `${Math.random() * 100}vw`);
    piece.style.setProperty('--drift', `${(Math.random() - 0.5) * 40}vw`);
    piece.style.setProperty('--spin', `${Math.round((Math.random() - 0.5) * 1440)}deg`);
    piece.style.setProperty('--fall', `${Math.round(fall)}ms`);
    piece.style.setProperty('--delay', `${Math.round(delay)}ms`);
    piece.style.setProperty('--color', COLORS[index % COLORS.length]!);
    layer.append(piece);
  }
  document.body.append(layer);
  window.setTimeout(() => layer.remove(), durationMs);
  return layer;
}
