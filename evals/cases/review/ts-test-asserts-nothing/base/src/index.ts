const MAX_LENGTH = 60;

const REPLACEMENTS: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
  '&': 'and',
};

export function slugify(title: string, maxLength = MAX_LENGTH): string {
  let text = title.toLowerCase();
  for (const [from, to] of Object.entries(REPLACEMENTS)) {
    text = text.split(from).join(` ${to} `);
  }
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 0 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}
