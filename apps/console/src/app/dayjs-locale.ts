import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { getLanguage } from '../i18n/index.ts';

// Dates (footer clock, date pickers) follow the console language. Imported by the signed-in
// layout, not at start-up, so dayjs stays off the sign-in page; a language switch reloads the page.
dayjs.locale(getLanguage() === 'zh_CN' ? 'zh-cn' : 'en');
