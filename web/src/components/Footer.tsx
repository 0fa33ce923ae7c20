import { Link } from 'react-router';
import { useSiteInfo } from '../lib/site.ts';
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';
import { FOOTER_POLICY_LINKS, FOOTER_PRODUCT_LINKS } from './nav.ts';

const SOCIAL = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: FacebookIcon },
  { href: 'https://www.instagram.com/', label: 'Instagram', Icon: InstagramIcon },
  { href: 'https://x.com/', label: 'X (Twitter)', Icon: XIcon },
  { href: 'https://www.youtube.com/', label: 'YouTube', Icon: YoutubeIcon },
];

/** SPEC §1 copyright years; GET /api/site may configure them. */
export const COPYRIGHT_YEARS = '2023-24';

/** Footer on every page: social icons, product and policy links, the owner's contact block. */
export function Footer() {
  const siteInfo = useSiteInfo();
  const site = siteInfo.data;
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section>
          <Logo />
          <p className="footer-tagline">Your One-Stop Online Shop</p>
          <ul className="social" aria-label="Vastra on social media">
            {SOCIAL.map(({ href, label, Icon }) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-label="Products">
          <h2>Products</h2>
          <ul>
            {FOOTER_PRODUCT_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Policies">
          <h2>Policies</h2>
          <ul>
            {FOOTER_POLICY_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label="Contact">
          <h2>Contact</h2>
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
              Contact details could not be loaded. <Link to="/contacts">Write to us</Link>
            </p>
          ) : (
            <p className="muted">Contact details are loading…</p>
          )}
        </section>
      </div>
      <p className="copyright">© {site?.copyrightYears ?? COPYRIGHT_YEARS} Vastra. All rights reserved.</p>
    </footer>
  );
}
