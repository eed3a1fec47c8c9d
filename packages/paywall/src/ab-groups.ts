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

/** A wall experiment: its id (one of WALL, WALL_DESIGN, WALL_OFFER, WALL_CTA) and the variants it splits. */
export interface WallExperiment {
  id: string;
  variants: readonly string[];
}

/** FNV-1a: a small, stable hash, so a browser's group depends only on its id and the experiment. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Sticky A/B groups: a browser keeps the groups it has (`GROUP_ID#GROUP_NAME`) and is placed, evenly and
 * for good, in every running experiment it is not in yet. Groups of experiments that have ended, or
 * names an experiment no longer has, are dropped.
 */
export function assignGroups(
  browserId: string,
  experiments: readonly WallExperiment[],
  current: readonly string[],
): string[] {
  return experiments.map((experiment) => {
    const kept = current.find((g) => g.startsWith(`${experiment.id}#`));
    if (kept && experiment.variants.includes(kept.slice(experiment.id.length + 1))) return kept;
    const variant = experiment.variants[fnv1a(`${experiment.id}:${browserId}`) % experiment.variants.length]!;
    return `${experiment.id}#${variant}`;
  });
}

/**
 * Parses the experiments setting: `WALL_CTA=default|trial;WALL_DESIGN=default|minimal`. Returns the
 * experiments, or the reason the text is not valid.
 */
export function parseWallExperiments(text: string): WallExperiment[] | string {
  if (!text.trim()) return [];
  const experiments: WallExperiment[] = [];
  for (const part of text.split(';')) {
    const [id, list] = part.split('=').map((s) => s.trim());
    const variants = (list ?? '').split('|').map((s) => s.trim());
    if (!id || !Object.hasOwn(VARIANT_GROUPS, id))
      return `unknown experiment "${id ?? ''}" (use ${Object.keys(VARIANT_GROUPS).join(', ')})`;
    if (variants.length < 2 || variants.some((v) => !AB_GROUP_PATTERN.test(`${id}#${v}`)))
      return `experiment ${id} needs two or more variants of letters, digits, _ or -`;
    experiments.push({ id, variants });
  }
  return experiments;
}
