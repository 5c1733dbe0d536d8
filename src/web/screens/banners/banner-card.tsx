import { ImageIcon } from 'lucide-react';
import type { Banner } from '../../../contract/banners';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { Switch } from '../../components/ui/switch';
import {
  activeBadge,
  formatCount,
  formatPeriod,
  POSITION_BADGE,
  POSITION_LABEL,
  priorityLabel,
} from './banner-rules';

interface BannerCardProps {
  banner: Banner;
  /** The active state shown: the banner's, or the one a pending toggle is asking for. */
  isActive: boolean;
  onToggle: (banner: Banner, isActive: boolean) => void;
  onEdit: (banner: Banner) => void;
  onDelete: (banner: Banner) => void;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 justify-between gap-3">
      <dt className="shrink-0 text-muted-foreground">{label}</dt>
      <dd className="min-w-0 truncate text-right">{children}</dd>
    </div>
  );
}

/** One banner: image, position and state badges, texts, the active toggle, its facts and actions. */
export function BannerCard({ banner, isActive, onToggle, onEdit, onDelete }: BannerCardProps) {
  const state = activeBadge(isActive);
  return (
    <Card
      className="gap-4 overflow-hidden pt-0"
      data-testid="banner-card"
      aria-label={banner.title}
      role="article"
    >
      <div className="flex aspect-[16/6] items-center justify-center bg-muted">
        {banner.imageUrl ? (
          <img src={banner.imageUrl} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        )}
      </div>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <div className="flex gap-2">
            <Badge variant={POSITION_BADGE[banner.position]} data-testid="position-badge">
              {POSITION_LABEL[banner.position]}
            </Badge>
            <Badge variant={state.variant} data-testid="active-badge">
              {state.label}
            </Badge>
          </div>
          <Switch
            checked={isActive}
            onCheckedChange={(checked) => onToggle(banner, checked)}
            aria-label={`Active: ${banner.title}`}
          />
        </div>
        <div className="min-w-0">
          <h2 dir="auto" className="truncate font-semibold">
            {banner.title}
          </h2>
          <p dir="auto" className="line-clamp-2 min-h-10 text-sm text-muted-foreground">
            {banner.description ?? ''}
          </p>
        </div>
        <dl className="flex flex-col gap-1 text-sm">
          <Fact label="Target URL">
            {banner.targetUrl ? (
              <a
                href={banner.targetUrl}
                target="_blank"
                rel="noopener noreferrer"
                dir="ltr"
                className="text-primary underline-offset-4 hover:underline"
              >
                {banner.targetUrl}
              </a>
            ) : (
              '-'
            )}
          </Fact>
          <Fact label="Priority">{priorityLabel(banner.priority)}</Fact>
          <Fact label="Period">{formatPeriod(banner.startDate, banner.endDate)}</Fact>
          <Fact label="Clicks">{formatCount(banner.clickCount)}</Fact>
          <Fact label="Impressions">{formatCount(banner.impressionCount)}</Fact>
        </dl>
        <div className="flex justify-end">
          <EditDeleteButtons
            name={banner.title}
            onEdit={() => onEdit(banner)}
            onDelete={() => onDelete(banner)}
          />
        </div>
      </CardContent>
    </Card>
  );
}
