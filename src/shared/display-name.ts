/** 'jane.doe@agency.com' -> 'Jane Doe': the name the UI shows for an address. */
export function displayNameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  return local
    .split(/[._\-+]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join(' ');
}

/** The first word of the display name: what a sign-off uses when nothing better is known. */
export function firstNameFromEmail(email: string): string {
  return displayNameFromEmail(email).split(' ')[0] ?? '';
}
