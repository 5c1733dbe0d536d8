import { CrownIcon, ShieldCheckIcon, ShieldOffIcon } from 'lucide-react';
import { useMemo } from 'react';
import type { AppUser } from '../../../contract/users';
import { DeleteIconButton } from '../../components/edit-delete-buttons';
import { Button } from '../../components/ui/button';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
  type ServerPage,
} from '../../components/ui/data-table';
import { WithTooltip } from '../../components/ui/tooltip';
import { UserAvatar } from './user-avatar';
import { RuleBadge, userBadges, userDisplayName } from './user-rules';

export const USERS_PAGE_SIZE = 50;

export interface UserActions {
  onToggle: (u: AppUser, field: 'isPremium' | 'isActive') => void;
  onDelete: (u: AppUser) => void;
}

interface UsersTableProps extends UserActions, ServerPage<AppUser> {
  error: string | null;
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
            <DeleteIconButton name={name} onDelete={() => onDelete(u)} />
          </div>
        );
      },
    }),
  ];
}

export function UsersTable({ busyId, onToggle, onDelete, ...serverPage }: UsersTableProps) {
  const cols = useMemo(() => columns({ onToggle, onDelete }, busyId), [onToggle, onDelete, busyId]);
  return (
    <DataTable
      {...serverPage}
      aria-label="Users"
      columns={cols}
      pageSize={USERS_PAGE_SIZE}
      getRowId={(u) => String(u.id)}
      loadingText="Loading users..."
      emptyText="No users found matching your criteria"
      noun="users"
    />
  );
}
