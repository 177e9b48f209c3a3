import { describe, expect, it } from 'vitest';
import { createItem, createQueueStore, MAX_STORED, parseQueue, STORAGE_KEY, type TrackItem } from './queue';
import { memoryStorage } from '../../../tests/fixtures/dom-fakes';

const quotaStorage = (quota: number, others: Record<string, string> = {}) => memoryStorage(others, quota);

const items = (count: number, from = 0): TrackItem[] => Array.from({ length: count }, (_, i) => createItem('exposure', `e${from + i}`, undefined, 1));
const names = (list: TrackItem[]) => list.map((item) => item.name);
const storedNames = (storage: Storage) => names(parseQueue(storage.getItem(STORAGE_KEY)));

describe('createQueueStore', () => {
  it('keeps the queue in localStorage exposureTrackData, and removes the key when it empties', () => {
    const storage = quotaStorage(1_000_000);
    const queue = createQueueStore(storage);
    queue.write(items(3));
    expect(storedNames(storage)).toEqual(['e0', 'e1', 'e2']);
    expect(names(createQueueStore(storage).read())).toEqual(['e0', 'e1', 'e2']);
    queue.write([]);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it(`holds at most ${MAX_STORED} items, dropping the oldest`, () => {
    const queue = createQueueStore(quotaStorage(1_000_000));
    queue.write(items(MAX_STORED + 7));
    expect(queue.read()).toHaveLength(MAX_STORED);
    expect(queue.read()[0]!.name).toBe('e7');
  });

  it('works from memory when storage is full of other data from the start, and leaves that data alone', () => {
    const storage = quotaStorage(1000, { draft: 'x'.repeat(995) });
    const queue = createQueueStore(storage);
    queue.write(items(3));
    expect(names(queue.read())).toEqual(['e0', 'e1', 'e2']);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(storage.getItem('draft')).toHaveLength(995);
  });

  it('loses nothing when the queue outgrows what storage has left: memory holds it all, storage the newest half', () => {
    const one = JSON.stringify(items(1)).length;
    // Room for about 300 items next to the other data.
    const storage = quotaStorage(300 * one);
    const queue = createQueueStore(storage);
    queue.write(items(280));
    expect(storedNames(storage)).toHaveLength(280);
    queue.write(items(400));
    expect(names(queue.read())).toEqual(names(items(400)));
    expect(storedNames(storage)).toEqual(names(items(400)).slice(-MAX_STORED / 2));
    // Sent and removed: storage takes the queue again.
    queue.write(items(10, 400));
    expect(storedNames(storage)).toEqual(names(items(10, 400)));
    expect(names(queue.read())).toEqual(names(items(10, 400)));
  });

  it('works from memory where reading storage throws (DOM storage disabled)', () => {
    const storage = quotaStorage(1_000_000);
    storage.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const queue = createQueueStore(storage);
    queue.write(items(2));
    expect(names(queue.read())).toEqual(['e0', 'e1']);
  });
});
