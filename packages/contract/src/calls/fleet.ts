import { z } from 'zod';

/**
 * The fleet registry as the account and role forms pick from it (issue 17 point 6): every
 * registered site, by name, with its customer, and every customer. Each form's page answers it
 * itself (`site_options` of system/administrator and system/authority), so choosing sites needs
 * no access to the operations-mode Sites page.
 */
export const FleetOptions = z.object({
  sites: z.array(
    z.object({
      value: z.number(),
      label: z.string(),
      /** The owning customer's id, 0 for none. */
      customer_id: z.number(),
      state: z.string(),
    }),
  ),
  customers: z.array(z.object({ value: z.number(), label: z.string() })),
});
export type FleetOptions = z.infer<typeof FleetOptions>;
