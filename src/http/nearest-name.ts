/** Edit distance with adjacent transpositions (optimal string alignment): `recieved` is one edit from `received`. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/** Case, `_` and `-` are how the same name is most often misspelt across languages: `user_id`, `UserId`, `userID`. */
const folded = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/** Edits allowed for a name of this length: none for short names, where any two are "close". */
const editBudget = (length: number) => (length <= 3 ? 0 : length <= 6 ? 1 : 2);

const LONGEST_NAME_COMPARED = 64;

/**
 * The one known name that `name` most likely meant, or undefined when none is close or two are
 * equally close: the same name in another case or with `_`/`-`, else a name within a few edits.
 */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  if (name.length > LONGEST_NAME_COMPARED) return undefined;
  const target = folded(name);
  let best: string | undefined;
  let bestDistance = editBudget(target.length) + 1;
  let tied = false;
  for (const candidate of known) {
    const distance = editDistance(target, folded(candidate));
    if (distance < bestDistance) [best, bestDistance, tied] = [candidate, distance, false];
    else if (distance === bestDistance) tied = true;
  }
  return tied ? undefined : best;
}
