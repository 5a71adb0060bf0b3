/**
 * Plugins per store page (SPEC point 9): 8 when the grid is narrower than 501 px, otherwise two
 * rows of 2, 3 or 4 columns (grid widths under 640, under 1024, or more).
 */
export function storePageSize(gridWidth: number): number {
  if (gridWidth < 501) return 8;
  return 2 * storeColumns(gridWidth);
}

/** Columns of the store grid at a width; one column below 501 px. */
export function storeColumns(gridWidth: number): number {
  if (gridWidth < 501) return 1;
  if (gridWidth < 640) return 2;
  if (gridWidth < 1024) return 3;
  return 4;
}
