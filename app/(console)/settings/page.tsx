import type { Metadata } from 'next';
import { pageUser } from '@/server/app/page-user';
import { PageHeader } from '@/components/ui/page-header';
import { RoleNotice } from '@/components/shell/role-notice';
import { SettingsTabs, type SettingsTab } from '@/components/settings/settings-tabs';
import { HealthTab } from '@/components/settings/health/health-tab';
import { ToolsPanel } from '@/components/settings/tools-panel';
import { UsersPanel } from '@/components/settings/users-panel';
import { AuditPanel } from '@/components/settings/audit-panel';
import { ApiTokensPanel } from '@/components/settings/api-tokens-panel';

export const metadata: Metadata = { title: 'Settings' };

const COMMON: SettingsTab[] = [
  { id: 'health', label: 'Health' },
  { id: 'tools', label: 'Tools' },
];
const ADMIN_ONLY: SettingsTab[] = [
  { id: 'users', label: 'Users' },
  { id: 'audit', label: 'Audit log' },
  { id: 'tokens', label: 'API tokens' },
];

/**
 * Settings: adapter health and the tool catalogue for everyone; users, the audit log and the
 * MCP endpoint's API tokens for admins only. Admin tabs are not rendered for other roles at all
 * (the server refuses their procedures anyway), and asking for one by URL says why it is not shown.
 */
export default async function SettingsPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const user = await pageUser();
  const isAdmin = user.role === 'admin';
  const tabs = isAdmin ? [...COMMON, ...ADMIN_ONLY] : COMMON;
  const raw = (await searchParams).tab;
  const requested = Array.isArray(raw) ? raw[0] : raw;
  const current = tabs.find((t) => t.id === requested)?.id ?? 'health';
  const refusedAdminTab = !isAdmin && ADMIN_ONLY.some((t) => t.id === requested);

  return (
    <>
      <PageHeader
        title="Settings"
        description={
          isAdmin
            ? 'Adapter health, the tool catalogue, user administration, the audit log and API tokens for agents.'
            : 'Adapter health and the tool catalogue. User administration, the audit log and API tokens are for admins.'
        }
      />
      {refusedAdminTab && (
        <RoleNotice>Users, the audit log and API tokens are available to admins only; showing Health instead.</RoleNotice>
      )}
      {!isAdmin && !refusedAdminTab && user.role === 'stakeholder' && (
        <RoleNotice>You have read-only access as a stakeholder: you can see adapter health and the tools, not change settings.</RoleNotice>
      )}
      <SettingsTabs tabs={tabs} current={current} />
      {current === 'health' && <HealthTab isAdmin={isAdmin} />}
      {current === 'tools' && <ToolsPanel />}
      {current === 'users' && isAdmin && <UsersPanel currentUserId={user.id} />}
      {current === 'audit' && isAdmin && <AuditPanel />}
      {current === 'tokens' && isAdmin && <ApiTokensPanel />}
    </>
  );
}
