import type { ReactNode } from 'react';
import { useBrandingStore } from '../../app/branding.ts';
import { useT } from '../../i18n/index.ts';
import { LanguageSwitch } from './language-switch.tsx';
import './login.css';

/** The frame shared by the sign-in and register pages: branding, title, language switch. */
export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  const t = useT();
  const { title, homeLogo, company, companyUrl } = useBrandingStore();
  return (
    <main className="login-page">
      <section className="login-card">
        <header className="login-header">
          {homeLogo && <img className="login-logo" src={homeLogo} alt="" />}
          <div className="login-titles">
            <h1>{title || t('app.title')}</h1>
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
