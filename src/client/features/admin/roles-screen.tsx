import { History, Search, ShieldCheck, UserCog, UserMinus, UserPlus, Users } from 'lucide-react';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { APP_ROLES, ROLE_REASON_MAX, type AdminUser, type AppRole, type RoleHolder } from '../../../shared/roles/roles';
import { timeAgo } from '../../lib/time';
import { useSession } from '../auth/session';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { errorProps, FormError, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { AdminScreen } from './admin-only';
import { AuditLog } from './audit-log';
import { PersonLine } from './person-line';
import { ReasonDialog } from './reason-dialog';
import { useAdminUserSearch, useRoleChange, useRoleHolders } from './roles-queries';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
const ROLE_NAME: Record<AppRole, string> = { admin: 'Admin', moderator: 'Moderator' };

/** /admin/roles (admins): who holds which role, granting and revoking them, and the audit log. */
export default function RolesScreen() {
  return (
    <AdminScreen
      icon={<UserCog aria-hidden />}
      title="Roles"
      description="Grant or remove the admin and moderator roles, and read the audit log."
      tabs={['roles', 'audit']}
    >
      <TabsList aria-label="Roles">
        <TabsTrigger value="roles">
          <Users aria-hidden /> Roles
        </TabsTrigger>
        <TabsTrigger value="audit">
          <History aria-hidden /> Audit log
        </TabsTrigger>
      </TabsList>
      <TabsContent value="roles" className="flex flex-col gap-6">
        <GrantRole />
        <RoleHolders />
      </TabsContent>
      <TabsContent value="audit">
        <AuditLog />
      </TabsContent>
    </AdminScreen>
  );
}

/** Find someone by name, choose the role, grant it (with an optional note for the audit log). */
function GrantRole() {
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const search = useAdminUserSearch(deferred);
  const [chosen, setChosen] = useState<AdminUser>();
  const [role, setRole] = useState<AppRole>('moderator');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const grant = useRoleChange('grant');
  const searching = deferred.trim().replace(/^@/, '').length >= 2;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const username = chosen?.username ?? q.trim().replace(/^@/, '');
    if (!username) return setError('Choose someone');
    setError(undefined);
    grant.mutate(
      { username, role, reason },
      {
        onSuccess: () => {
          toast.success(`@${username} is now ${role === 'admin' ? 'an admin' : 'a moderator'}`);
          setChosen(undefined);
          setQ('');
          setReason('');
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="grant-role-title" className="flex flex-col gap-4">
        <h2 id="grant-role-title" className="flex items-center gap-2 font-semibold">
          <UserPlus aria-hidden className="size-4" /> Grant a role
        </h2>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Grant a role">
          {chosen ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/30 px-3 py-2">
              <PersonLine person={chosen}>{chosen.roles.length ? ` · ${chosen.roles.map((r) => ROLE_NAME[r]).join(', ')}` : ''}</PersonLine>
              <Button type="button" variant="ghost" size="sm" onClick={() => setChosen(undefined)}>
                Change
              </Button>
            </div>
          ) : (
            <FormField id="role-person" label="Person" error={error}>
              <div className="relative">
                <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
                <Input
                  id="role-person"
                  type="search"
                  autoComplete="off"
                  placeholder="Name or @username"
                  className="pl-9"
                  maxLength={64}
                  value={q}
                  onChange={(e) => setQ(e.target.value)}
                  aria-controls={searching ? 'role-person-results' : undefined}
                  {...errorProps('role-person', error)}
                />
              </div>
              {searching ? (
                <div id="role-person-results" aria-live="polite">
                  {search.isPending ? (
                    <Spinner className="size-4" label="Searching" />
                  ) : search.isError ? (
                    <p className="text-sm text-destructive">{errorText(search.error)}</p>
                  ) : !search.data?.length ? (
                    <p className="text-sm text-muted-foreground">No one by that name.</p>
                  ) : (
                    <ul aria-label="People found" className="flex max-h-72 flex-col divide-y overflow-y-auto rounded-lg border">
                      {search.data.map((u) => (
                        <li key={u.id}>
                          <button
                            type="button"
                            className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left outline-none hover:bg-accent/50 focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                            onClick={() => {
                              setChosen(u);
                              setError(undefined);
                            }}
                            aria-label={`Choose ${u.displayName} (@${u.username})`}
                          >
                            <PersonLine person={u} />
                            <span className="flex shrink-0 gap-1">
                              {u.roles.map((r) => (
                                <Badge key={r} variant="secondary">
                                  {ROLE_NAME[r]}
                                </Badge>
                              ))}
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ) : null}
            </FormField>
          )}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Role</legend>
            <div className="flex flex-wrap gap-2">
              {APP_ROLES.map((r) => (
                <label
                  key={r}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    role === r && 'border-primary bg-primary/5',
                  )}
                >
                  <input type="radio" name="grant-role" value={r} checked={role === r} onChange={() => setRole(r)} className="accent-primary" />
                  {ROLE_NAME[r]}
                </label>
              ))}
            </div>
            <p className="text-xs text-muted-foreground">
              Moderators handle reports and moderation. Admins also decide verification and roles, and count as moderators.
            </p>
          </fieldset>
          <FormField id="grant-note" label="Note for the audit log (optional)">
            <Input id="grant-note" maxLength={ROLE_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Why" />
          </FormField>
          {chosen ? <FormError message={error} /> : null}
          <Button type="submit" className="self-start" disabled={grant.isPending || (!chosen && !q.trim())}>
            {grant.isPending ? <Spinner className="size-4 text-current" label="Granting" /> : null}
            Grant {ROLE_NAME[role].toLowerCase()}
          </Button>
        </form>
      </section>
    </Card>
  );
}

function RoleHolders() {
  const query = useRoleHolders();
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading roles">
        <Skeleton className="h-16 rounded-xl" />
        <Skeleton className="h-16 rounded-xl" />
      </div>
    );
  }
  if (query.isError) return <ErrorState compact title="Couldn’t load the roles" error={query.error} onRetry={() => void query.refetch()} />;
  const admins = query.data.filter((h) => h.role === 'admin');
  return (
    <div className="flex flex-col gap-6">
      {APP_ROLES.map((role) => {
        const holders = query.data.filter((h) => h.role === role);
        return (
          <section key={role} aria-labelledby={`holders-${role}`} className="flex flex-col gap-3">
            <h2 id={`holders-${role}`} className="flex items-center gap-2 font-semibold">
              <ShieldCheck aria-hidden className="size-4" /> {role === 'admin' ? 'Admins' : 'Moderators'}
              <span className="text-sm font-normal text-muted-foreground">{holders.length}</span>
            </h2>
            {holders.length === 0 ? (
              <EmptyState
                compact
                headingLevel="h3"
                icon={Users}
                title={role === 'admin' ? 'No admins' : 'No moderators yet'}
                description="Find someone above to grant the role."
              />
            ) : (
              <Card className="p-0">
                <ul aria-label={role === 'admin' ? 'Admins' : 'Moderators'} className="flex flex-col divide-y">
                  {holders.map((h) => (
                    <HolderRow key={`${h.userId}-${h.role}`} holder={h} lastAdmin={role === 'admin' && admins.length === 1} />
                  ))}
                </ul>
              </Card>
            )}
          </section>
        );
      })}
    </div>
  );
}

function HolderRow({ holder, lastAdmin }: { holder: RoleHolder; lastAdmin: boolean }) {
  const { user } = useSession();
  const revoke = useRoleChange('revoke');
  const [open, setOpen] = useState(false);
  const you = holder.userId === user?.id;
  const person = {
    id: holder.userId,
    username: holder.username,
    displayName: holder.displayName,
    avatarUrl: holder.avatarUrl,
    verificationType: holder.verificationType,
  };
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
      data-testid="role-holder"
      data-username={holder.username}
      data-role={holder.role}
    >
      <PersonLine person={person}>
        {you ? ' · you' : ''} ·{' '}
        <time dateTime={holder.since} title={formatDateTime(holder.since)}>
          since {timeAgo(holder.since)}
        </time>
      </PersonLine>
      <div className="flex items-center gap-2">
        {lastAdmin ? <span className="text-xs text-muted-foreground">The last admin stays</span> : null}
        <Button
          variant="outline"
          size="sm"
          className="h-9 sm:h-8"
          disabled={lastAdmin}
          onClick={() => setOpen(true)}
          aria-label={`Remove ${holder.displayName} as ${holder.role === 'admin' ? 'admin' : 'moderator'}`}
        >
          <UserMinus aria-hidden /> Remove
        </Button>
      </div>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`Remove ${holder.displayName} as ${holder.role === 'admin' ? 'admin' : 'moderator'}?`}
        description={you ? 'This is you: you lose access to this screen at once.' : 'They lose what the role gives at once.'}
        label="Note for the audit log (optional)"
        placeholder="Why"
        confirm="Remove role"
        max={ROLE_REASON_MAX}
        required={false}
        pending={revoke.isPending}
        onConfirm={async (reason) => {
          await revoke.mutateAsync({ username: holder.username, role: holder.role, reason });
          setOpen(false);
          toast.success(`@${holder.username} is no longer ${holder.role === 'admin' ? 'an admin' : 'a moderator'}`);
        }}
      />
    </li>
  );
}
