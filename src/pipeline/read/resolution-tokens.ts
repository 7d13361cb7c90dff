/**
 * eBird S&T products come at three resolutions, named differently by release: 2021 writes
 * `_lr_` / `_mr_` / `_hr_` (low, medium, high), 2022 and later `_27km_` / `_9km_` / `_3km_`.
 * Both mean the same nominal cell sizes (issue 15; the 2021–2022 sinusoidal pixels are
 * 26,665 m, 8,888 m and 2,962 m, the 2023 Equal Earth pixels 27,000, 9,000 and 3,000 m).
 */
export const RESOLUTIONS_KM = [27, 9, 3] as const;
export type ResolutionKm = (typeof RESOLUTIONS_KM)[number];

export const DEFAULT_RESOLUTION_KM: ResolutionKm = 27;

export const RESOLUTION_TOKENS: Record<ResolutionKm, readonly string[]> = {
  27: ['27km', 'lr'],
  9: ['9km', 'mr'],
  3: ['3km', 'hr'],
};

/** The resolution a product file name carries (`…_27km_2023.tif`, `…_lr_2021.gpkg`), or undefined. */
export function resolutionOfFileName(name: string): ResolutionKm | undefined {
  const token = name.match(/_(27km|9km|3km|lr|mr|hr)_\d{4}\.\w+$/)?.[1];
  if (!token) return undefined;
  return RESOLUTIONS_KM.find((km) => RESOLUTION_TOKENS[km].includes(token));
}

export function isResolutionKm(value: number): value is ResolutionKm {
  return (RESOLUTIONS_KM as readonly number[]).includes(value);
}
