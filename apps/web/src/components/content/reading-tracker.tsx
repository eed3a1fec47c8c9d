'use client';

import { useEffect } from 'react';
import { track } from '../../client/analytics/tracker';
import { countCopiedWords, depthsReached, SCROLL_DEPTHS } from './reading-events';

/**
 * What a story page reports of its reading, and the reading progress bar where CSS cannot draw it:
 * - `scroll_depth` at 25, 50, 75 and 100 % of the story, each once, when the bottom of the window
 *   reaches that far down it (a jump past several reports each of them, in order);
 * - `copy` with the number of words when text is copied from the story's body;
 * - the bar's progress on scroll, only in browsers without scroll-driven animations (reading.css
 *   draws it elsewhere, with no script at all).
 * Renders nothing; the bar is server-rendered.
 */
export function ReadingTracker({ storyId, articleId }: { storyId: string; articleId: string }) {
  useEffect(() => {
    const story = document.getElementById(storyId);
    if (!story) return;
    const cleanups: (() => void)[] = [];

    // How far down the story the bottom of the window has reached, checked once a frame while the
    // reader scrolls (a jump straight to the end passes every depth at once).
    const reported = new Set<number>();
    let depthFrame = 0;
    const measureDepth = () => {
      depthFrame = 0;
      const rect = story.getBoundingClientRect();
      const reached = rect.height <= 0 ? 100 : ((window.innerHeight - rect.top) / rect.height) * 100;
      for (const percentage of depthsReached(reached, reported)) {
        reported.add(percentage);
        track({ event: 'scroll_depth', data: { percentage, articleId } });
      }
      if (reported.size === SCROLL_DEPTHS.length) window.removeEventListener('scroll', onDepthScroll);
    };
    const onDepthScroll = () => {
      if (!depthFrame) depthFrame = requestAnimationFrame(measureDepth);
    };
    onDepthScroll(); // a story shorter than the window is read to the end at once
    window.addEventListener('scroll', onDepthScroll, { passive: true });
    cleanups.push(() => {
      window.removeEventListener('scroll', onDepthScroll);
      if (depthFrame) cancelAnimationFrame(depthFrame);
    });

    const onCopy = () => {
      const selection = document.getSelection();
      if (!selection || selection.rangeCount === 0) return;
      const inBody = (node: Node | null) =>
        Boolean((node instanceof Element ? node : node?.parentElement)?.closest(`#${storyId} .article-body`));
      if (!inBody(selection.anchorNode) && !inBody(selection.focusNode)) return;
      const wordsCopied = countCopiedWords(selection.toString());
      if (wordsCopied > 0) track({ event: 'copy', data: { wordsCopied, articleId } });
    };
    document.addEventListener('copy', onCopy);
    cleanups.push(() => document.removeEventListener('copy', onCopy));

    const bar = story.querySelector<HTMLElement>('[data-testid="reading-progress"]');
    if (bar && !CSS.supports('animation-timeline: view()')) {
      let frame = 0;
      const update = () => {
        frame = 0;
        const rect = story.getBoundingClientRect();
        const total = rect.height - window.innerHeight;
        const read = total <= 0 ? 1 : Math.min(1, Math.max(0, -rect.top / total));
        bar.style.setProperty('--reading-progress', String(read));
      };
      const onScroll = () => {
        if (!frame) frame = requestAnimationFrame(update);
      };
      update();
      window.addEventListener('scroll', onScroll, { passive: true });
      window.addEventListener('resize', onScroll);
      cleanups.push(() => {
        window.removeEventListener('scroll', onScroll);
        window.removeEventListener('resize', onScroll);
        if (frame) cancelAnimationFrame(frame);
      });
    }
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [storyId, articleId]);
  return null;
}
