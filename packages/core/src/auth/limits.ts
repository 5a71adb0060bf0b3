/**
 * Field limits of SPEC.md points 5 and 9. Where the spec's readings differ we take the
 * primary one and apply it on both the forms and the routes (inclusive bounds):
 * email 6–120 (not the registration note's 3), password 8–127 ("fewer than 128"),
 * name 3–79 ("fewer than 80"), username 2–19 (not the older locales' 3).
 */
export const limits = {
  email: { min: 6, max: 120 },
  password: { min: 8, max: 127 },
  name: { min: 3, max: 79 },
  username: { min: 2, max: 19 },
} as const;
