/** The name shown on a member's card: the profile's full name, else the username. */
export function displayName(user) {
  const fullName = [user.profile.firstName, user.profile.lastName].filter(Boolean).join(' ');
  return fullName || user.username;
}

/** Up to two capital letters for the avatar. */
export function initials(user) {
  return displayName(user)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
}
