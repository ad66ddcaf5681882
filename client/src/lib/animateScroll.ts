/**
 * Scrolls `element` to `top` over `durationMs`, easing out (the seed's 400 ms message scroll);
 * without animation frames (a test's DOM) it jumps. Returns the function that stops it midway.
 */
export function animateScrollTop(element: HTMLElement, top: number, durationMs: number): () => void {
  if (typeof requestAnimationFrame !== 'function' || durationMs <= 0) {
    element.scrollTop = top;
    return () => undefined;
  }
  const from = element.scrollTop;
  const started = performance.now();
  let frame = 0;
  const step = (now: number) => {
    const progress = Math.min(1, (now - started) / durationMs);
    element.scrollTop = from + (top - from) * (1 - (1 - progress) ** 3);
    if (progress < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
