import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './limit.ts';

/** A task that runs until released, recording when it starts. */
function gate(started: number[], id: number) {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    task: async () => {
      started.push(id);
      await done;
      return id;
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('concurrencyLimit', () => {
  it('runs at most n tasks at once, the others in the order they came', async () => {
    const limit = concurrencyLimit(2);
    const started: number[] = [];
    const gates = [0, 1, 2, 3].map((id) => gate(started, id));
    const results = gates.map((g) => limit(g.task));
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.release();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.release();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]!.release();
    gates[3]!.release();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
    expect(await Promise.all([limit(async () => 1), limit(async () => 2)])).toEqual([1, 2]);
  });
});
