import type { FormRule } from 'antd';
import type { FieldCheck } from './login-rules.ts';

/** Adapt a pure field check to an antd rule whose message is translated at validation time. */
export function ruleOf(check: FieldCheck, t: (key: string) => string): FormRule {
  return {
    validator: (_rule, value: string | undefined) => {
      const key = check(value);
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  };
}
