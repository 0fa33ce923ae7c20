import { useI18n } from '../lib/i18n.tsx';
import { Link } from '../lib/router.tsx';
import { useSiteInfo } from '../lib/site.ts';
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';
import { FOOTER_POLICY_LINKS, FOOTER_PRODUCT_LINKS, FOOTER_SELL_LINKS, type NavLink } from './nav.ts';

const SOCIAL = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://www.instagram.com/', label: 'Instagram', Icon: InstagramIcon },
  { href: 'https://x.com/', label: 'X (Twitter)', Icon: XIcon },
  { href: 'https://www.youtube.com/', label: 'YouTube', Icon: YoutubeIcon },
];

/** SPEC §1 copyright years; GET /api/site may configure them. */
export const COPYRIGHT_YEARS = '2023-24';

/**
 * Footer on every page: social icons, product and policy links, "Sell on Vastra" (the seller and
 * admin logins, issue 21), the owner's contact block.
 */
export function Footer() {
  const i18n = useI18n();
  const siteInfo = useSiteInfo();
  const site = siteInfo.data;
  const links = (title: string, list: NavLink[]) => (
    <nav aria-label={i18n._(title)}>
      <h2>{i18n._(title)}</h2>
      <ul>
        {list.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{i18n._(l.label)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section>
          <Logo />
          <p className="footer-tagline">{i18n._('Your One-Stop Online Shop')}</p>
          <ul className="social" aria-label={i18n._('Vastra on social media')}>
            {SOCIAL.map(({ href, label, Icon }) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>
        {links(/*i18n*/ 'Products', FOOTER_PRODUCT_LINKS)}
        {links(/*i18n*/ 'Policies', FOOTER_POLICY_LINKS)}
        {links(/*i18n*/ 'Sell on Vastra', FOOTER_SELL_LINKS)}
        <section aria-label={i18n._('Contact')}>
          <h2>{i18n._('Contact')}</h2>
          {site ? (
            <address>
              <strong>{site.ownerName}</strong>
              <br />
              {site.address}
              <br />
              <a href={`mailto:${site.email}`}>{site.email}</a>
              {site.phones.map((p) => (
                <span key={p}>
                  <br />
                  <a href={`tel:${p.replace(/\s/g, '')}`}>{p}</a>
                </span>
              ))}
            </address>
          ) : siteInfo.isError ? (
            <p className="muted">
              {i18n._('Contact details could not be loaded.')}{' '}
              <Link to="/contacts">{i18n._('Write to us')}</Link>
            </p>
          ) : (
            <p className="muted">{i18n._('Contact details are loading…')}</p>
          )}
        </section>
      </div>
      <p className="copyright">
        {i18n._('© {years} Vastra. All rights reserved.', {
          years: site?.copyrightYears ?? COPYRIGHT_YEARS,
        })}
      </p>
    </footer>
  );
}
