import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import type { QueueItem } from './queue';
import { type QueueItemActions, QueueItemCard } from './queue-item-card';

/**
 * Up to this many cards are all in the page (find-in-page and screen readers see every one); a longer
 * queue renders only the cards near the viewport, so queuing 50 files does not build 50 forms at once.
 */
export const WINDOW_FROM = 20;
/** A card with its fields before it is measured (px), and the gap below each card. */
const ESTIMATED_CARD = 420;
const GAP = 16;

export function QueueList({ items, actions }: { items: QueueItem[]; actions: QueueItemActions }) {
  if (items.length < WINDOW_FROM) {
    return (
      <div className="flex flex-col gap-4">
        {items.map((item) => (
          <QueueItemCard key={item.id} item={item} actions={actions} />
        ))}
      </div>
    );
  }
  return <WindowedQueueList items={items} actions={actions} />;
}

/** The list inside the layout's scrolling <main>, starting `scrollMargin` px below its top. */
function WindowedQueueList({ items, actions }: { items: QueueItem[]; actions: QueueItemActions }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const scroller = () => listRef.current?.closest('main') ?? null;
  // What sits above the list (drop zone, bulk settings) can change height: re-read its offset each render.
  useLayoutEffect(() => {
    const list = listRef.current;
    const main = scroller();
    if (!list || !main) return;
    const offset = list.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop;
    if (Math.abs(offset - scrollMargin) > 1) setScrollMargin(offset);
  });
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: scroller,
    estimateSize: () => ESTIMATED_CARD + GAP,
    getItemKey: (index) => items[index]?.id ?? index,
    overscan: 3,
    scrollMargin,
  });
  return (
    <div ref={listRef} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const item = items[row.index];
        if (!item) return null;
        return (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className="absolute top-0 left-0 w-full"
            style={{ paddingBottom: GAP, transform: `translateY(${row.start - scrollMargin}px)` }}
          >
            <QueueItemCard item={item} actions={actions} />
          </div>
        );
      })}
    </div>
  );
}
