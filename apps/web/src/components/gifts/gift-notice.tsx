'use client';

import { useEffect, useRef } from 'react';
import { track } from '../../client/analytics/tracker';

/** Says a story was opened by a gift, and reports it once (`gift_opened`). */
export function GiftOpenedNotice({ giftId, articleId }: { giftId: string; articleId: string }) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    track({ event: 'gift_opened', data: { giftId, articleId } });
  }, [giftId, articleId]);
  return (
    <p role="status" className="mb-6 rounded border-l-4 border-accent bg-surface px-4 py-3">
      A member of The Business of Fashion has gifted you this story. Enjoy the whole of it.
    </p>
  );
}
