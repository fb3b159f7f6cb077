/**
 * The modules that implement the resources' verbs (platform/resources/verbs.ts), imported for
 * their registrations. One line per feature; a test checks that every declared verb has one.
 */
import './terminal-records/verbs.ts';
import './smart-display/index.ts';
import './video/verbs.ts';
import './ac/verbs.ts';
import './tr069-extras/device-verbs.ts';
import './media-extras/verbs.ts';
import './content-audit/verbs.ts';
import './voice/verbs.ts';
import './aiso/verbs.ts';
