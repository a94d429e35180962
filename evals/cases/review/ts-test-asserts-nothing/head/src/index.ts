const MAX_LENGTH = 60;

const REPLACEMENTS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  '&': 'and',
  '+': 'plus',
  '@': 'at',
};

export interface SlugOptions {
  maxLength?: number;
  /** Words dropped unless the slug would be empty without them. */
  stopWords?: string[];
}

export function slugify(title: string, options: SlugOptions = {}): string {
  const maxLength = options.maxLength ?? MAX_LENGTH;
  let text = title.toLowerCase();
  for (const [from, to] of Object.entries(REPLACEMENTS)) {
    text = text.split(from).join(` ${to} `);
  }
  let words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  const stop = new Set(options.stopWords ?? []);
  const kept = words.filter((word) => !stop.has(word));
  if (kept.length > 0) words = kept;
  const slug = words.join('-');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 0 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}
