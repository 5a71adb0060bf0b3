import { create } from 'zustand';

const NAV_VISIBLE_STORAGE = 'navVisible';

function readNavVisible(): boolean {
  try {
    return localStorage.getItem(NAV_VISIBLE_STORAGE) !== 'false';
  } catch {
    return true;
  }
}

interface NavState {
  /** Desktop sidebar visibility, remembered across visits (SPEC point 3: `navVisible`). */
  visible: boolean;
  /** Mobile drawer: always starts closed, so a phone opens on the conversation. */
  drawerOpen: boolean;
  toggle(isMobile: boolean): void;
  closeDrawer(): void;
}

export const useNavStore = create<NavState>()((set, get) => ({
  visible: readNavVisible(),
  drawerOpen: false,
  toggle: (isMobile) => {
    if (isMobile) return set({ drawerOpen: !get().drawerOpen });
    const visible = !get().visible;
    try {
      localStorage.setItem(NAV_VISIBLE_STORAGE, JSON.stringify(visible));
    } catch {
      // Remembering is best effort.
    }
    set({ visible });
  },
  closeDrawer: () => set({ drawerOpen: false }),
}));
