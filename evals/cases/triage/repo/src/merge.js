// Merges configuration documents: objects key by key, everything else (arrays too) replaced.

export function deepMerge(target, source) {
  if (source === null || source === undefined) return target;
  const result = { ...target };
  for (const [key, value] of Object.entries(source)) {
    if (!value) continue;
    if (isPlainObject(value) && isPlainObject(result[key])) {
      result[key] = deepMerge(result[key], value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

function isPlainObject(value) {
  return (
    value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
  );
}
