import { CrownIcon, ShieldCheckIcon, ShieldOffIcon, Trash2Icon } from 'lucide-react';
import { useMemo } from 'react';
import type { AppUser } from '../../../contract/users';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableColumn, dataTableColumns } from '../../components/ui/data-table';
import { WithTooltip } from '../../components/ui/tooltip';
import { UserAvatar } from './user-avatar';
import { RuleBadge, userBadges, userDisplayName } from './user-rules';

export const USERS_PAGE_SIZE = 50;

export interface UserActions {
  onToggle: (u: AppUser, field: 'isPremium' | 'isActive') => void;
  onDelete: (u: AppUser) => void;
}

interface UsersTableProps extends UserActions {
  rows: AppUser[];
  total: number;
  /** False when `total` is a lower bound (more than 10,000 rows match). */
  totalExact?: boolean;
  page: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  busyId: number | null;
}

const col = dataTableColumns<AppUser>();
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function columns({ onToggle, onDelete }: UserActions, busyId: number | null): DataTableColumn<AppUser>[] {
  return [
    col.display({
      id: 'user',
      header: 'User',
      cell: ({ row: { original: u } }) => {
        const name = userDisplayName(u);
        return (
          <div className="flex min-w-48 items-center gap-3">
            <UserAvatar name={name} image={u.profileImage} />
            <div className="min-w-0">
              <div dir="auto" className="truncate font-medium">
                {name}
              </div>
              <div dir="auto" className="truncate text-xs text-muted-foreground">
                @{u.username}
              </div>
            </div>
          </div>
        );
      },
    }),
    col.display({
      id: 'email',
      header: 'Email',
      cell: ({ row: { original: u } }) => <span dir="auto">{u.email}</span>,
    }),
    col.display({
      id: 'signup',
      header: 'Signup Method',
      cell: ({ row: { original: u } }) => <RuleBadge rule={userBadges(u).signup} />,
    }),
    col.display({
      id: 'account',
      header: 'Account Type',
      cell: ({ row: { original: u } }) => <RuleBadge rule={userBadges(u).account} />,
    }),
    col.display({
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: u } }) => <RuleBadge rule={userBadges(u).status} />,
    }),
    col.display({
      id: 'joined',
      header: 'Joined Date',
      cell: ({ row: { original: u } }) => (
        <span className="whitespace-nowrap">{dateFormat.format(new Date(u.createdAt))}</span>
      ),
    }),
    col.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row: { original: u } }) => {
        const busy = busyId === u.id;
        const name = userDisplayName(u);
        return (
          <div className="flex gap-1">
            <WithTooltip label={u.isPremium ? 'Revoke Pro' : 'Make Pro'}>
              <Button
                variant="ghost"
                size="icon"
                aria-label={u.isPremium ? 'Revoke Pro' : 'Make Pro'}
                className={u.isPremium ? 'text-yellow-600 hover:text-yellow-700' : undefined}
                disabled={busy}
                onClick={() => onToggle(u, 'isPremium')}
              >
                <CrownIcon aria-hidden="true" />
              </Button>
            </WithTooltip>
            <WithTooltip label={u.isActive ? 'Suspend User' : 'Activate User'}>
              <Button
                variant="ghost"
                size="icon"
                aria-label={u.isActive ? 'Suspend User' : 'Activate User'}
                disabled={busy}
                onClick={() => onToggle(u, 'isActive')}
              >
                {u.isActive ? <ShieldOffIcon aria-hidden="true" /> : <ShieldCheckIcon aria-hidden="true" />}
              </Button>
            </WithTooltip>
            <WithTooltip label="Delete">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${name}`}
                className="text-destructive hover:text-destructive"
                onClick={() => onDelete(u)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </WithTooltip>
          </div>
        );
      },
    }),
  ];
}

export function UsersTable({
  rows,
  total,
  totalExact,
  page,
  onPageChange,
  isLoading,
  error,
  onRetry,
  busyId,
  onToggle,
  onDelete,
}: UsersTableProps) {
  const cols = useMemo(() => columns({ onToggle, onDelete }, busyId), [onToggle, onDelete, busyId]);
  return (
    <DataTable
      aria-label="Users"
      columns={cols}
      rows={rows}
      total={total}
      totalExact={totalExact}
      page={page}
      pageSize={USERS_PAGE_SIZE}
      onPageChange={onPageChange}
      getRowId={(u) => String(u.id)}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      loadingText="Loading users..."
      emptyText="No users found matching your criteria"
      noun="users"
    />
  );
}
