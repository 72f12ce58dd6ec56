/** Pending first, then newest first (`graph.proposals` orders by time only). */
export function sortProposals<P extends { status: string; createdAt: string }>(list: readonly P[]): P[] {
  return [...list].sort(
    (a, b) => Number(b.status === 'pending') - Number(a.status === 'pending') || b.createdAt.localeCompare(a.createdAt),
  );
}
