package io.forkscope.analysis.simulate;

import java.util.NoSuchElementException;

/**
 * A worker's deque of ready node ids, as ForkJoinPool's work queue: the owner pushes and pops at the
 * bottom (newest, LIFO), thieves poll the top (oldest, FIFO). Circular, grows by doubling; no boxing.
 */
final class IntDeque {
    private int[] items = new int[8];
    private int top;      // index of the oldest entry
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void pushBottom(int v) {
        if (size == items.length) {
            int[] grown = new int[2 * items.length];
            for (int i = 0; i < size; i++) {
                grown[i] = items[(top + i) & (items.length - 1)];
            }
            items = grown;
            top = 0;
        }
        items[(top + size) & (items.length - 1)] = v;
        size++;
    }

    /** @return the newest entry, removed (the owner's pop) */
    int popBottom() {
        if (size == 0) {
            throw new NoSuchElementException();
        }
        size--;
        return items[(top + size) & (items.length - 1)];
    }

    /** @return the oldest entry, removed (a thief's poll) */
    int pollTop() {
        if (size == 0) {
            throw new NoSuchElementException();
        }
        int v = items[top];
        top = (top + 1) & (items.length - 1);
        size--;
        return v;
    }
}
