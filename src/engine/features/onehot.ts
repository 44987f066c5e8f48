/**
 * Task one-hot features: prompt i gets e_j, j = index of its task among the sorted distinct task names.
 * Sorting (by UTF-16 code units, not locale) makes the coordinate of a task independent of file order
 * and of the machine's locale.
 */

/** Sorted distinct task names: the categories of a dataset world. */
export function taskCategories(tasks: readonly string[]): string[] {
  return [...new Set(tasks)].sort();
}

/** One unit vector per prompt, of dimension taskCategories(tasks).length. */
export function taskOneHot(tasks: readonly string[]): Float64Array[] {
  const categories = taskCategories(tasks);
  const index = new Map(categories.map((name, j) => [name, j]));
  return tasks.map((task) => {
    const x = new Float64Array(categories.length);
    x[index.get(task)!] = 1;
    return x;
  });
}
