import { enumField, nameField, refField } from '../fields.ts';
import type { FieldDef, ResourceDef } from '../types.ts';

/**
 * The fleet registry (issue 17, point 6): the sites an operations deployment serves and the
 * customers that own them. A site record's `id` is the site id every operations record carries in
 * `site_id` and every call names in `igs-sids`; accounts and roles are granted sites by these ids
 * (apps/server platform/auth/sites.ts). These records belong to the deployment, not to a site
 * (`registry`): they are managed on operations-mode pages by an account that reaches every site.
 */

const STATES = {
  active: { en: 'Active', zh_CN: '正常', tone: 'success' },
  suspended: { en: 'Suspended', zh_CN: '已停用', tone: 'default' },
} as const;

const state = (): FieldDef =>
  enumField('state', { en: 'State', zh_CN: '状态' }, STATES, {
    required: true,
    default: 'active',
    list: true,
    filter: true,
  });

const contact = (): FieldDef => ({
  name: 'contact',
  type: 'str',
  label: { en: 'Contact', zh_CN: '联系人' },
  max: 128,
  list: true,
  keyword: true,
  placeholder: 'Zhang San 138 0000 0000',
});

export const customer: ResourceDef<'fleet_customer'> = {
  name: 'fleet:customer',
  endpoint: '/operations/fleet/customer',
  opsEndpoint: '/operations/fleet/customer',
  table: 'fleet_customer',
  title: { en: 'Customer', zh_CN: '客户' },
  registry: true,
  fields: [nameField({ max: 128, unique: true }), contact(), state()],
  io: { import: ['csv', 'json'], export: ['csv', 'json'] },
  defaultSort: { field: 'name', order: 'asc' },
};

export const site: ResourceDef<'fleet_site'> = {
  name: 'fleet:site',
  endpoint: '/operations/fleet/site',
  opsEndpoint: '/operations/fleet/site',
  table: 'fleet_site',
  title: { en: 'Site', zh_CN: '站点' },
  registry: true,
  fields: [
    nameField({ max: 128, unique: true }),
    refField(
      'customer_id',
      'fleet:customer',
      { en: 'Customer', zh_CN: '客户' },
      { list: true, filter: true },
    ),
    {
      name: 'address',
      type: 'str',
      label: { en: 'Address', zh_CN: '地址' },
      max: 255,
      list: true,
      keyword: true,
    },
    {
      name: 'time_zone',
      type: 'str',
      label: { en: 'Time zone', zh_CN: '时区' },
      max: 64,
      list: true,
      placeholder: 'Asia/Shanghai',
      pattern: {
        source: '^[A-Za-z]+(?:/[A-Za-z0-9_+-]+){0,2}$|^UTC$',
        message: {
          en: 'time_zone must be an IANA time zone such as Asia/Shanghai',
          zh_CN: 'time_zone 须为 IANA 时区，例如 Asia/Shanghai',
        },
      },
    },
    contact(),
    state(),
  ],
  io: { import: ['csv', 'json'], export: ['csv', 'json'] },
  columns: { first: ['name', 'customer_id', 'state'] },
  defaultSort: { field: 'name', order: 'asc' },
};

export const fleetResources: readonly ResourceDef[] = [customer, site];
