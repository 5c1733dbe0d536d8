import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { type AppUser, SIGNUP_METHODS, type SignupMethod } from '../../../contract/users';
import { ExportCsvButton } from '../../components/export-csv-button';
import { FilterSelect } from '../../components/filter-select';
import { ConfirmDelete } from '../../components/ui/alert-dialog';
import { SearchInput } from '../../components/ui/search-input';
import { formatNumber } from '../../lib/format';
import { useList, useRemove, useToggle } from '../../lib/resource-hooks';
import { users } from '../../lib/resources';
import { useDeleteConfirmation } from '../../lib/use-delete-confirmation';
import { SIGNUP_LABELS, userDisplayName, userToggleToast } from './user-rules';
import { USERS_PAGE_SIZE, UsersTable } from './users-table';

type Status = 'active' | 'suspended';
type Account = 'pro' | 'free';
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
] as const;
const ACCOUNT_OPTIONS = [
  { value: 'pro', label: 'Pro' },
  { value: 'free', label: 'Free' },
] as const;
const SIGNUP_OPTIONS = SIGNUP_METHODS.map((m) => ({ value: m, label: SIGNUP_LABELS[m] }));

export default function UsersScreen() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  const [account, setAccount] = useState<Account | null>(null);
  const [signupMethod, setSignupMethod] = useState<SignupMethod | null>(null);
  const [page, setPage] = useState(0);
  const query = {
    q,
    status: status ?? undefined,
    account: account ?? undefined,
    signupMethod: signupMethod ?? undefined,
  };
  const list = useList(users, { ...query, limit: USERS_PAGE_SIZE, offset: page * USERS_PAGE_SIZE });
  const toggle = useToggle(users);
  const deletion = useDeleteConfirmation<AppUser>(useRemove(users), {
    failedText: 'Failed to delete user',
    onDeleted: () => {
      toast.success('User deleted successfully');
      if (list.rows.length === 1 && page > 0) setPage(page - 1);
    },
    onFailed: () => toast.error('Failed to delete user'),
  });
  const filterBy =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  const onToggle = useCallback(
    (u: AppUser, field: 'isPremium' | 'isActive') => {
      const value = !u[field];
      toggle.mutate(
        { id: u.id, field, value },
        {
          onSuccess: () => toast.success(userToggleToast(field, value)),
          onError: () => toast.error('Failed to update user status'),
        },
      );
    },
    [toggle.mutate],
  );

  return (
    <section className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">User Management</h1>
          <p className="text-muted-foreground">
            The listeners of the app: Pro accounts, suspensions, removals.
          </p>
        </div>
        <div className="rounded-lg border bg-card px-4 py-2 text-right shadow-sm">
          <div className="text-sm text-muted-foreground">Total Users</div>
          <div className="text-2xl font-bold" data-testid="total-users">
            {list.isLoading ? '—' : formatNumber(list.total)}
          </div>
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          aria-label="Search users"
          placeholder="Search users by name or email..."
          className="max-w-md min-w-60 flex-1"
          onSearch={filterBy(setQ)}
        />
        <FilterSelect
          label="Filter by status"
          className="w-36"
          allLabel="All Status"
          value={status}
          onChange={filterBy(setStatus)}
          options={STATUS_OPTIONS}
        />
        <FilterSelect
          label="Filter by account"
          className="w-36"
          allLabel="All Accounts"
          value={account}
          onChange={filterBy(setAccount)}
          options={ACCOUNT_OPTIONS}
        />
        <FilterSelect
          label="Filter by signup method"
          className="w-40"
          allLabel="All Methods"
          value={signupMethod}
          onChange={filterBy(setSignupMethod)}
          options={SIGNUP_OPTIONS}
        />
        <ExportCsvButton resource={users} query={query} />
      </div>

      <UsersTable
        rows={list.rows}
        total={list.total}
        totalExact={list.totalExact}
        page={page}
        onPageChange={setPage}
        isLoading={list.isLoading}
        error={list.error ? 'Error loading users' : null}
        onRetry={list.refetch}
        busyId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
        onToggle={onToggle}
        onDelete={deletion.ask}
      />

      <ConfirmDelete
        {...deletion.dialog}
        title="Delete User"
        description={
          <>
            Are you sure you want to delete{' '}
            <span dir="auto">"{deletion.target ? userDisplayName(deletion.target) : ''}"</span>? This action
            cannot be undone. Their playlists, likes and follows are removed with them.
          </>
        }
      />
    </section>
  );
}
