const ENTITIES = [
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
  ['&', '&amp;'],
];

/** Text made safe to put between tags or in a quoted attribute. */
export function escapeHtml(value) {
  let text = String(value);
  for (const [character, entity] of ENTITIES) {
    text = text.split(character).join(entity);
  }
  return text;
}
