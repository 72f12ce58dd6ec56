/**
 * `fn` over `items` with at most `limit` calls in flight, results in item order; the first
 * rejection rejects the whole (calls already started run on). For a run's per-state work at its
 * start and end (its worker agents): one round trip each, which one after the other made a run of n
 * Task states wait n round trips twice, and a platform whose API limits its callers gets `limit` at once.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
