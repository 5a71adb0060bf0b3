import type { SocialProvider, StartupConfig } from '@parley/core';
import { Facebook, Github, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button.tsx';

/** Brand initials on the brand colour, for providers lucide has no mark for. */
function Monogram({ letter, className }: { letter: string; className: string }) {
  return (
    <span aria-hidden data-logo className={`inline-flex size-5 items-center justify-center rounded-md text-[11px] font-bold text-white ${className}`}>
      {letter}
    </span>
  );
}

const providerNames: Record<Exclude<SocialProvider, 'openid'>, string> = {
  google: 'Google',
  facebook: 'Facebook',
  github: 'GitHub',
  discord: 'Discord',
};

const icons: Record<Exclude<SocialProvider, 'openid'>, ReactNode> = {
  google: <Monogram letter="G" className="bg-[#4285F4]" />,
  facebook: <Facebook aria-hidden className="size-5 text-[#1877F2]" />,
  github: <Github aria-hidden className="size-5" />,
  discord: <Monogram letter="D" className="bg-[#5865F2]" />,
};

const enabled: Record<SocialProvider, (c: StartupConfig) => boolean> = {
  google: (c) => c.googleLoginEnabled,
  facebook: (c) => c.facebookLoginEnabled,
  github: (c) => c.githubLoginEnabled,
  discord: (c) => c.discordLoginEnabled,
  openid: (c) => c.openidLoginEnabled,
};

const order: SocialProvider[] = ['openid', 'google', 'facebook', 'github', 'discord'];

/** Links to `${serverDomain}/oauth/<provider>`; an empty serverDomain means this origin. */
export function SocialButtons({ config }: { config: StartupConfig }) {
  const { t } = useTranslation();
  if (!config.socialLoginEnabled) return null;
  const providers = order.filter((p) => enabled[p](config));
  if (providers.length === 0) return null;
  const base = config.serverDomain.replace(/\/+$/, '');

  return (
    <div className="mt-6">
      <div className="relative mb-6 flex items-center" role="separator">
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
        <span className="px-3 text-xs uppercase tracking-wide text-neutral-500 dark:text-neutral-400">{t('auth.login.or')}</span>
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-700" />
      </div>
      <div className="flex flex-col gap-2.5">
        {providers.map((provider) => {
          // The OpenID label is the whole button text, set by the operator (OPENID_BUTTON_LABEL).
          const text =
            provider === 'openid'
              ? config.openidLabel || t('auth.social.continue_with', { provider: t('auth.social.openid_default') })
              : t('auth.social.continue_with', { provider: providerNames[provider] });
          const icon =
            provider === 'openid' ? (
              config.openidImageUrl ? (
                <img src={config.openidImageUrl} alt="" className="size-5 rounded object-contain" />
              ) : (
                <KeyRound aria-hidden className="size-5" />
              )
            ) : (
              icons[provider]
            );
          return (
            <a
              key={provider}
              href={`${base}/oauth/${provider}`}
              data-testid={`social-${provider}`}
              className={buttonClasses('secondary', 'md', 'w-full')}
            >
              {icon}
              <span>{text}</span>
            </a>
          );
        })}
      </div>
    </div>
  );
}
