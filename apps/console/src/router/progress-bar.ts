// The bar and its style sheet in one module, loaded lazily by progress.ts: the style sheet then
// joins the signed-in shell's instead of being one more request (build/signed-in-chunks.ts).
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false }); // spec section 2: a progress bar, no spinner

export default NProgress;
