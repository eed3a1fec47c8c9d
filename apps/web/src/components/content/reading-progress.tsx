'use client';

import { useEffect, useState } from 'react';

/**
 * A thin bar at the top of the window showing how far through the story the reader is. Decorative
 * (the scroll position already tells assistive technology), so hidden from it; absent in print.
 */
export function ReadingProgress({ targetId }: { targetId: string }) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const rect = target.getBoundingClientRect();
      const total = rect.height - window.innerHeight;
      const read = total <= 0 ? 1 : Math.min(1, Math.max(0, -rect.top / total));
      setProgress(read);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [targetId]);
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 bg-transparent print:hidden">
      <div
        data-testid="reading-progress"
        data-progress={Math.round(progress * 100)}
        className="h-full origin-left bg-accent"
        style={{ transform: `scaleX(${progress})` }}
      />
    </div>
  );
}
