import type { User } from '@parley/core';

/** Up to two initials, so a name in any script still yields a readable badge. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

export function UserAvatar({ user }: { user: Pick<User, 'name' | 'avatar'> }) {
  if (user.avatar) return <img src={user.avatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-xs font-semibold text-white"
    >
      {initials(user.name)}
    </span>
  );
}
