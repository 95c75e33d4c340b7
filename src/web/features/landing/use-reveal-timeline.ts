import { useEffect, useState, type RefObject } from 'react';

/** Specification: steps light up 1.0…5.0 s, blocks fade in 3, 4, 5 s after first sight. */
export const STEP_DELAYS_MS = [1000, 1800, 2600, 3400, 4200, 5000] as const;
export const BLOCK_DELAYS_MS = [3000, 4000, 5000] as const;
export const VISIBILITY_THRESHOLD = 0.1;

export interface RevealState {
  /** Steps lit so far (0…6), which is also the progress counter. */
  stepsLit: number;
  /** Blocks shown so far (0…3): contrast, benefits, call to action. */
  blocksShown: number;
  /** True once the section has been ≥ 10 % visible; the timers run from that moment. */
  hasStarted: boolean;
}

const everything: RevealState = { stepsLit: STEP_DELAYS_MS.length, blocksShown: BLOCK_DELAYS_MS.length, hasStarted: true };
const nothing: RevealState = { stepsLit: 0, blocksShown: 0, hasStarted: false };

function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * Runs the "how it works" reveal once, the first time the section is at least 10 % visible.
 * With reduced motion (or no IntersectionObserver) everything is shown at once.
 */
export function useRevealTimeline(sectionRef: RefObject<HTMLElement | null>): RevealState {
  const [state, setState] = useState<RevealState>(() =>
    prefersReducedMotion() || typeof IntersectionObserver === 'undefined' ? everything : nothing,
  );
  const isComplete = state.stepsLit === everything.stepsLit && state.blocksShown === everything.blocksShown;

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || isComplete) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const observer = new IntersectionObserver(
      (entries) => {
        // isIntersecting alone is true for a 1 px overlap; the ratio enforces the 10 %.
        const isVisible = entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= VISIBILITY_THRESHOLD - 0.001);
        if (!isVisible) return;
        observer.disconnect();
        setState((current) => ({ ...current, hasStarted: true }));
        STEP_DELAYS_MS.forEach((delay, index) => {
          timers.push(setTimeout(() => setState((current) => ({ ...current, stepsLit: Math.max(current.stepsLit, index + 1) })), delay));
        });
        BLOCK_DELAYS_MS.forEach((delay, index) => {
          timers.push(setTimeout(() => setState((current) => ({ ...current, blocksShown: Math.max(current.blocksShown, index + 1) })), delay));
        });
      },
      { threshold: VISIBILITY_THRESHOLD },
    );
    observer.observe(section);
    return () => {
      observer.disconnect();
      timers.forEach(clearTimeout);
    };
    // Deliberately not re-run when the state changes: the timeline starts only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sectionRef]);

  return state;
}
