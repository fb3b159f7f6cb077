import { hashPassword } from '@igs/contract';

/** The account form as antd holds it. */
export interface AccountFormValues {
  username: string;
  nickname?: string;
  phone?: string;
  company_name?: string;
  password?: string;
  password_again?: string;
  role_id: number;
  is_operations?: boolean;
  site_ids?: (string | number)[];
  /** Every site (of the role), granted explicitly: an empty site list reaches none. */
  all_sites?: boolean;
  cid?: number | null;
  enabled?: boolean;
}

/**
 * The `add`/`edit` body of an account: trimmed texts, flags as 0/1, sites as numbers (none outside
 * operations mode), and the password hashed on this side as at sign-in (spec section 5). On edit
 * an empty password is left out, so the stored one stays.
 */
export function accountPayload(values: AccountFormValues, id?: number): Record<string, unknown> {
  const ops = values.is_operations ? 1 : 0;
  const body: Record<string, unknown> = {
    method: id ? 'edit' : 'add',
    ...(id ? { id } : {}),
    username: values.username.trim(),
    nickname: (values.nickname ?? '').trim(),
    phone: (values.phone ?? '').trim(),
    company_name: (values.company_name ?? '').trim(),
    role_id: values.role_id,
    is_operations: ops,
    site_ids: ops && !values.all_sites ? (values.site_ids ?? []).map((s) => Number(String(s).trim())) : [],
    all_sites: ops && values.all_sites ? 1 : 0,
    cid: Number(values.cid ?? 0),
    enabled: values.enabled === false ? 0 : 1,
  };
  if (values.password) body.password = hashPassword(values.password);
  return body;
}
