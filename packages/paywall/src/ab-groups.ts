/** Spec §5: an A/B group is `GROUP_ID#GROUP_NAME`. */
export const AB_GROUP_PATTERN = /^[A-Za-z0-9_-]{1,64}#[A-Za-z0-9_ -]{1,64}$/;

export interface WallVariants {
  wallVariant: string;
  designVariant: string;
  offerVariant: string;
  ctaVariant: string;
}

const VARIANT_GROUPS: Record<string, keyof WallVariants> = {
  WALL: 'wallVariant',
  WALL_DESIGN: 'designVariant',
  WALL_OFFER: 'offerVariant',
  WALL_CTA: 'ctaVariant',
};

/** The wall variants an experiment assigns; `default` where the reader is in no group for it. */
export function wallVariantsFor(groups: readonly string[]): WallVariants {
  const variants: WallVariants = {
    wallVariant: 'default',
    designVariant: 'default',
    offerVariant: 'default',
    ctaVariant: 'default',
  };
  for (const group of groups) {
    if (!AB_GROUP_PATTERN.test(group)) continue;
    const [id, name] = group.split('#') as [string, string];
    const field = VARIANT_GROUPS[id];
    if (field) variants[field] = name;
  }
  return variants;
}
