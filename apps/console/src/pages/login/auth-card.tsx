import type { CSSProperties, ReactNode } from 'react';
import { useBrandingStore, useBrandTitle } from '../../app/branding.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { LanguageSwitch } from './language-switch.tsx';
import './login.css';

/** The frame shared by the sign-in and register pages: branding, title, language switch. */
export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  const { homeLogo, company, companyUrl } = useBrandingStore();
  const title = useBrandTitle();
  // The theme colour of the settings (spec section 3) for login.css: the sign-in page has no antd
  // theme, so its button, focus rings, checkboxes and links read it from this property.
  const primary = useSettingsStore((s) => s.theme);
  const dark = useSettingsStore((s) => s.darkTheme);
  return (
    <main
      className={`login-page${dark ? ' login-page--dark' : ''}`}
      style={{ '--login-primary': primary } as CSSProperties}
    >
      <section className="login-card">
        <header className="login-header">
          {homeLogo && <img className="login-logo" src={homeLogo} alt="" />}
          <div className="login-titles">
            <h1>{title}</h1>
            <h2>{heading}</h2>
          </div>
          <LanguageSwitch />
        </header>
        {children}
      </section>
      {company && (
        <footer className="login-footer">
          {companyUrl ? (
            <a href={companyUrl} target="_blank" rel="noreferrer">
              {company}
            </a>
          ) : (
            company
          )}
        </footer>
      )}
    </main>
  );
}
