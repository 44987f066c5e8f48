/** The recorded prompts whose contexts point most nearly the way a new prompt's does. */
export interface Neighbour {
  row: number;
  /** Cosine similarity of the contexts, in [−1, 1]. */
  similarity: number;
}

/**
 * The k rows of highest cosine similarity to x (ties: lower row first). Cosine, not distance: contexts are
 * scaled by one common factor, so direction is what the featurizer says about a prompt's content.
 */
export function nearestRows(x: ArrayLike<number>, rows: number, contextOf: (row: number) => ArrayLike<number>, k: number): Neighbour[] {
  const nx = Math.hypot(...Array.from(x));
  const out: Neighbour[] = [];
  for (let row = 0; row < rows; row++) {
    const c = contextOf(row);
    let dot = 0;
    let nc = 0;
    for (let j = 0; j < c.length; j++) {
      dot += x[j] * c[j];
      nc += c[j] * c[j];
    }
    const similarity = nx > 0 && nc > 0 ? dot / (nx * Math.sqrt(nc)) : 0;
    out.push({ row, similarity });
  }
  return out.sort((a, b) => b.similarity - a.similarity || a.row - b.row).slice(0, k);
}
