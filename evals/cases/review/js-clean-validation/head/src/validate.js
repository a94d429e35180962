const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const TOPICS = ['product', 'events', 'research'];

export function validateEmail(value) {
  const email = String(value ?? '').trim();
  if (email === '') return 'Please enter your e-mail address.';
  if (email.length > 254 || !EMAIL.test(email)) return 'This does not look like an e-mail address.';
  return null;
}

export function validateName(value) {
  const name = String(value ?? '').trim();
  if (name.length > 80) return 'Please use at most 80 characters.';
  return null;
}

/** At least one known topic; unknown topics are an error rather than silently dropped. */
export function validateTopics(value) {
  const topics = Array.isArray(value) ? value : [];
  if (topics.length === 0) return 'Please choose at least one topic.';
  const unknown = topics.filter((topic) => !TOPICS.includes(topic));
  if (unknown.length > 0) return `Unknown topic: ${unknown.join(', ')}.`;
  return null;
}

/** All field errors of a submitted form, keyed by field; empty when the form is valid. */
export function validateForm(form) {
  const errors = {};
  const email = validateEmail(form.email);
  if (email) errors.email = email;
  const name = validateName(form.name);
  if (name) errors.name = name;
  const topics = validateTopics(form.topics);
  if (topics) errors.topics = topics;
  return errors;
}
