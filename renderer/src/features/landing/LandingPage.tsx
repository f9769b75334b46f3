import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAccountCalls } from '../../api/account';
import { useLoad } from '../../api/useLoad';
import { BrandMark } from '../../components/AppHeader';
import { ButtonLink } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Preferences } from '../../components/Preferences';

/** '/' (docs/api.md#pages): title, tagline, the two account buttons and a small admin link. */
export function LandingPage() {
  const { t } = useTranslation();
  const account = useAccountCalls();
  // REGISTRATION=closed (docs/api.md#accounts): accounts are made by the administrator.
  const config = useLoad((signal) => account.serviceConfig(signal));
  const open = config.data ? config.data.registration === 'open' : config.error != null;
  return (
    <main className="hero">
      <BrandMark className="hero__mark" />
      <div className="stack stack--sm">
        <h1 className="hero__title">Me</h1>
        <p className="hero__tagline">{t('landing.tagline')}</p>
      </div>
      <div className="hero__actions">
        {open ? (
          <ButtonLink to="/register" variant="primary" size="lg">
            {t('landing.createAccount')}
          </ButtonLink>
        ) : null}
        <ButtonLink to="/login" size="lg" variant={open ? 'secondary' : 'primary'}>
          {t('landing.signIn')}
        </ButtonLink>
      </div>
      <ul className="hero__features">
        <li>
          <Icon name="link" /> {t('landing.features.shortLinks')}
        </li>
        <li>
          <Icon name="chart" /> {t('landing.features.analytics')}
        </li>
        <li>
          <Icon name="globe" /> {t('landing.features.domains')}
        </li>
      </ul>
      <Link to="/admin/login" className="hero__admin">
        {t('landing.adminAccess')}
      </Link>
      {/* Last in the page, so the keyboard reaches the page itself first; drawn in the corner. */}
      <Preferences corner />
    </main>
  );
}
