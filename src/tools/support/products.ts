/** Weekly products a domain tool may summarise, with the unit a person reads. */
export const WEEKLY_PRODUCTS = {
  abundance:
    'relative abundance (expected birds on a standard 2 km, 1 h travelling checklist; not a count of birds in the area)',
  occurrence: 'probability (0–1) of detecting the species on a standard checklist',
  count: 'expected count on a checklist where the species is detected',
  proportion_population: 'fraction (0–1) of the range-wide population in the cell that week',
} as const;

export type WeeklyProduct = keyof typeof WEEKLY_PRODUCTS;
export const WEEKLY_PRODUCT_NAMES = Object.keys(WEEKLY_PRODUCTS) as [WeeklyProduct, ...WeeklyProduct[]];
