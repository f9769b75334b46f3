import type { Link } from '../../../../redirector/contract';
import { Badge } from '../../components/Badge';

/** TikTok, Geo and IG Exit badges (the admin list leaves IG Exit out); a dash (or nothing) when none is on. */
export function FeatureBadges({
  link,
  emptyDash = true,
  instagram = true,
}: {
  link: Link;
  emptyDash?: boolean;
  instagram?: boolean;
}) {
  const showInstagram = instagram && link.enable_instagram_exit;
  if (!link.enable_tiktok_bypass && !link.enable_country_redirect && !showInstagram) {
    return emptyDash ? <span className="subtle">—</span> : null;
  }
  return (
    <span className="badge-list">
      {link.enable_tiktok_bypass ? <Badge tone="pink">TikTok</Badge> : null}
      {link.enable_country_redirect ? <Badge tone="info">Geo</Badge> : null}
      {showInstagram ? <Badge tone="warning">IG Exit</Badge> : null}
    </span>
  );
}
