/**
 * The number in the listing's item-count text (spec §9: default_limit decides between the local count and
 * filter_count). While the whole result fits in one page (filter_count under default_limit) the loaded
 * rows are the truth, so the text follows local changes at once; a larger result is only partly loaded,
 * and filter_count counts it. Without a filter_count (the server sent none) the loaded rows are all we know.
 */
export function itemCount(loaded: number, filterCount: number | null, limit: number): number {
  return filterCount !== null && filterCount >= limit ? filterCount : loaded;
}
