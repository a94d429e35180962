import { displayName, initials } from './names.js';

/** The text of a member card. */
export function renderCard(user) {
  const since = new Date(user.joinedAt).getUTCFullYear();
  return `[${initials(user)}] ${displayName(user)}, member since ${since}`;
}
