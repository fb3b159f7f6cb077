/** Type checks of spec section 5 ("helper checks exist for string type and array type"). */
export function isString(value: unknown): value is string {
  return typeof value === 'string' || value instanceof String;
}

export function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

/** A link is external when it starts with http:, https:, mailto: or tel: (spec section 2). */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

/** Mainland mobile number, the rule the server applies to `phone` on registration. */
export function isMobile(value: string): boolean {
  return /^1\d{10}$/.test(value.trim());
}
