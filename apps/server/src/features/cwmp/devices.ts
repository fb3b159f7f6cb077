import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { forgetParameters } from './parameters.ts';
import type { CpeMessage, ParamValue } from './soap.ts';

/**
 * A CPE's tr069_device row, by its identity (OUI, ProductClass, SerialNumber of the Inform's
 * DeviceId), unique in the database (migration 031): whichever instance an Inform reaches, and
 * however many reach instances at once, a CPE has one row.
 */

const DEVICE = 'tr069_device';

/** What an Inform's (or GetParameterValuesResponse's) parameters say about the description's fields. */
export function reportedFields(params: readonly ParamValue[]): Record<string, string> {
  const out: Record<string, string> = {};
  const leaf: Record<string, string> = {
    'DeviceInfo.Manufacturer': 'manufacturer',
    'DeviceInfo.ModelName': 'model',
    'DeviceInfo.SoftwareVersion': 'software_version',
    'DeviceInfo.HardwareVersion': 'hardware_version',
    'ManagementServer.ConnectionRequestURL': 'connection_request_url',
  };
  for (const p of params) {
    const rest = p.name.replace(/^(InternetGatewayDevice|Device)\./, '');
    const field = leaf[rest];
    if (field) out[field] = p.value;
    else if (/\.ExternalIPAddress$/.test(p.name) && p.value && !out.ip) out.ip = p.value;
    else if (
      /\.MACAddress$/.test(p.name) &&
      /^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/.test(p.value) &&
      !out.mac
    )
      out.mac = p.value.replace(/-/g, ':').toLowerCase();
  }
  if (out.ip && !/^(\d{1,3}\.){3}\d{1,3}$/.test(out.ip)) delete out.ip;
  // Column widths of the description: a CPE's long strings are cut, never refused.
  for (const k of Object.keys(out)) out[k] = out[k]!.slice(0, k === 'connection_request_url' ? 512 : 255);
  return out;
}

type Inform = Extract<CpeMessage, { kind: 'Inform' }>;

/** The site a new CPE registers in, or why it may not register (site-rules.ts). */
export type NewCpeSite = { site: number } | { refused: string };

/** The identity columns of an Inform's DeviceId, as stored (cut to the column widths). */
function identity(msg: Inform) {
  const { oui, productClass, serialNumber } = msg.deviceId;
  return {
    oui: oui.slice(0, 255),
    product_class: productClass.slice(0, 255),
    serial_number: serialNumber.slice(0, 255),
  };
}

/**
 * Updates the CPE's row with what its Inform reports and returns its id; a CPE without a row gets
 * one in the site `register` gives (asked only then), unless registration is off (null) or the
 * site is refused. The common case, a
 * known CPE, is one UPDATE; a new one is an INSERT … ON CONFLICT DO UPDATE on the identity, so a
 * second instance registering the same CPE at the same moment updates the row the first made.
 */
export async function informDevice(
  app: AppContext,
  msg: Inform,
  register: null | (() => Promise<NewCpeSite>),
): Promise<{ id: number; created: boolean } | { refused: string } | null> {
  const db = app.db.kysely;
  const id = identity(msg);
  const now = app.now();
  const facts = {
    ...(msg.deviceId.manufacturer ? { manufacturer: msg.deviceId.manufacturer.slice(0, 255) } : {}),
    ...reportedFields(msg.params),
    last_inform: formatDateTime(now),
    online: 1,
    updated_at: now,
  };
  const known = await db
    .updateTable(DEVICE)
    .set(facts)
    .where('oui', '=', id.oui)
    .where('product_class', '=', id.product_class)
    .where('serial_number', '=', id.serial_number)
    .returning('id')
    .executeTakeFirst();
  if (known) return { id: Number(known.id), created: false };
  if (!register) return null;
  const site = await register();
  if ('refused' in site) return site;
  const row = await db
    .insertInto(DEVICE)
    .values({
      ...id,
      device_id: [id.oui, id.product_class, id.serial_number].filter(Boolean).join('-').slice(0, 255),
      pending_tasks: 0,
      site_id: site.site,
      created_at: now,
      ...facts,
    })
    .onConflict((oc) => oc.columns(['oui', 'product_class', 'serial_number']).doUpdateSet(facts))
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  // created_at is this Inform's time only on the row this INSERT made (a conflict keeps the first).
  const created = Number(row.created_at) === now;
  if (created) await forgetParameters(app, Number(row.id));
  return { id: Number(row.id), created };
}
