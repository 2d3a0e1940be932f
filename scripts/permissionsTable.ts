import { pathToFileURL } from 'node:url';
import {
  accessRules,
  permissionGrants,
  permissionLabels,
  screenAccess,
  type AccessKey,
  type AccessRule,
  type PermissionLabel,
} from '../reference/permissions';

/**
 * The README's permission table, printed from reference/permissions.ts so the two cannot drift:
 * `npx tsx scripts/permissionsTable.ts`.
 */

const rules = Object.entries(accessRules) as [AccessKey, AccessRule][];

/** What narrows a rule beyond its label: one area only, heads or super-admins only. */
const scope = (rule: AccessRule) => {
  const parts = [
    rule.areas.length === 1 ? `${rule.areas[0]} area only` : null,
    rule.only === 'heads' ? 'heads only' : rule.only === 'super-admin' ? 'super-admins only' : null,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
};

const keyList = (keys: [AccessKey, AccessRule][]) =>
  keys.map(([key, rule]) => `\`${key}\`${scope(rule)}`).join('<br>') || '—';

const screensOf = (key: AccessKey) =>
  Object.entries(screenAccess).flatMap(([resource, actions]) =>
    Object.entries(actions)
      .filter(([, access]) => ([] as string[]).concat(access).includes(key))
      .map(([action]) => `${resource}.${action}`),
  );

/** The labels any one of which opens a rule. */
const labelsOf = (rule: AccessRule): PermissionLabel[] =>
  rule.permission === null ? [] : ([] as PermissionLabel[]).concat(rule.permission);

export function permissionsMarkdown(): string {
  const lines = [
    '| permission | grants | access keys |',
    '| --- | --- | --- |',
    ...permissionLabels.map((label) => {
      const keys = rules.filter(([, rule]) => labelsOf(rule).includes(label));
      return `| ${label} | ${permissionGrants[label] ?? 'stored and shown; no module uses it yet'} | ${keyList(keys)} |`;
    }),
    `| (none: every account of the area) | — | ${keyList(rules.filter(([, rule]) => rule.permission === null))} |`,
    '',
    '| access key | areas | also needs | web screens and actions |',
    '| --- | --- | --- | --- |',
    ...rules.map(
      ([key, rule]) =>
        `| \`${key}\` | ${rule.areas.join(', ')} | ${[labelsOf(rule).join(' or '), rule.only && `${rule.only} only`].filter(Boolean).join(', ') || '—'} | ${screensOf(key).join(', ') || '—'} |`,
    ),
  ];
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(permissionsMarkdown());
}
