/** SPEC point 3 storage name: the plugins chosen last, for the next plugin conversation. */
const STORAGE = 'lastSelectedTools';

export function readLastSelectedTools(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function saveLastSelectedTools(tools: string[]): void {
  try {
    localStorage.setItem(STORAGE, JSON.stringify(tools));
  } catch {
    // Remembering is a convenience; the choice still applies now.
  }
}
