import { escapeHtml } from './escape.js';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The template with each {{name}} replaced by the escaped value (empty when missing). */
export function render(template, values) {
  return template.replace(PLACEHOLDER, (_, name) => escapeHtml(values[name] ?? ''));
}
