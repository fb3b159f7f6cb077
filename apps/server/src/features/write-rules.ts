/**
 * The modules that register rules and import formats on the generic resource writes
 * (resources/hooks.ts `onResourceWrite`, `onReferenceCount`, `addImportWriter`, …) and belong to no
 * feature module the app already loads, imported for their registrations. One line per module.
 */
import './advert-rules/rules.ts';
import './holiday-themes/rules.ts';
import './media-extras/rules.ts';
import './content-audit/rules.ts';
import './area-imports/region-paths.ts';
import './area-imports/binding-csv.ts';
