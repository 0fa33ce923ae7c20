import { useI18n } from '../lib/i18n.tsx';
import { NavLink } from '../lib/router.tsx';
import { CATEGORY_BAR } from './nav.ts';

/**
 * Wide screens' category bar under the header: Men, Women, Kids and All Products, each category
 * opening its sub-categories on hover or keyboard focus (phones use the side menu).
 */
export function CategoryBar() {
  const i18n = useI18n();
  return (
    <nav className="category-bar" aria-label={i18n._('Categories')}>
      <ul>
        {CATEGORY_BAR.map((c) => (
          <li key={c.category} className={c.links.length ? 'has-flyout' : undefined}>
            <NavLink to={c.link.to}>{i18n._(c.link.label)}</NavLink>
            {c.links.length > 0 && (
              <ul className="flyout">
                {c.links.map((l) => (
                  <li key={l.to}>
                    <NavLink to={l.to} end>
                      {i18n._(l.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
        <li>
          <NavLink to="/allProducts">{i18n._('All Products')}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
