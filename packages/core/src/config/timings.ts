/** Timings and sizes of SPEC.md point 9, in milliseconds / pixels. */
export const timings = {
  errorDisplayDelay: 400,
  authErrorBanner: 5000,
  searchDebounce: 350,
  tokenCountDebounce: 250,
  tooltipDelay: 300,
  toastDuration: 3000,
  toastLimit: 3,
  copyFeedback: 3000,
  unauthenticatedRedirect: 300,
} as const;

export const layout = { mobileBreakpoint: 768, sidebarWidth: 260, sidebarWidthMobile: 320 } as const;

export const ROOT_PARENT_ID = '00000000-0000-0000-0000-000000000000';
export const DEFAULT_TITLE = 'New Chat';
