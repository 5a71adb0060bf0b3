const WELCOME_SEEN_STORAGE = 'welcomeSeen';

/** The welcome modal shows on a first visit only: once closed or answered it stays away. */
export function welcomeSeen(): boolean {
  try {
    return localStorage.getItem(WELCOME_SEEN_STORAGE) === 'true';
  } catch {
    return false;
  }
}

export function markWelcomeSeen(): void {
  try {
    localStorage.setItem(WELCOME_SEEN_STORAGE, 'true');
  } catch {
    // Without storage the modal will greet again on the next visit; nothing else depends on it.
  }
}
