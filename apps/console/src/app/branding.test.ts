import { Paths } from '@igs/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../request/index.ts', () => import('../test/request-mock.ts'));
const { request } = await import('../test/request-mock.ts');
const { pageTitle, titleIn, useBrandingStore } = await import('./branding.ts');

describe('brand title in the console language', () => {
  it('takes the title of the language when the server gives both', () => {
    expect(titleIn('en', '湖畔酒店', 'Lakeside Hotel')).toBe('Lakeside Hotel');
    expect(titleIn('zh_CN', '湖畔酒店', 'Lakeside Hotel')).toBe('湖畔酒店');
  });

  it('takes the one there is when the server gives one', () => {
    expect(titleIn('en', '湖畔酒店', '')).toBe('湖畔酒店');
    expect(titleIn('zh_CN', '', 'Lakeside Hotel')).toBe('Lakeside Hotel');
    expect(titleIn('en', '  ', ' ')).toBe('');
  });

  it('settings before copyright before the default', () => {
    expect(pageTitle(titleIn('en', 'A', 'B'), titleIn('en', 'C', 'D'), 'X')).toBe('B');
    expect(pageTitle(titleIn('en', '', ''), titleIn('en', 'C', 'D'), 'X')).toBe('D');
    expect(pageTitle('', '', 'X')).toBe('X');
  });
});

describe('branding store', () => {
  beforeEach(() => {
    request.mockReset();
    useBrandingStore.setState({ loaded: false, captcha: undefined, title: '', titleEn: '' });
  });

  it('keeps both titles and whether sign-in asks for a code', async () => {
    request.mockResolvedValueOnce({
      title: '湖畔酒店',
      title_en: 'Lakeside Hotel',
      home_logo: '',
      company_url: '',
      company: '',
      captcha: 0,
    });
    expect(useBrandingStore.getState().captcha).toBeUndefined();
    await useBrandingStore.getState().load();
    expect(request).toHaveBeenCalledWith(Paths.copyright, {}, { loading: false, silent: true });
    expect(useBrandingStore.getState()).toMatchObject({
      title: '湖畔酒店',
      titleEn: 'Lakeside Hotel',
      captcha: false,
      loaded: true,
    });
  });

  it('an older server without the flag always asked for the code', async () => {
    request.mockResolvedValueOnce({ title: 't', home_logo: '', company_url: '', company: '' });
    await useBrandingStore.getState().load();
    expect(useBrandingStore.getState()).toMatchObject({ captcha: true, titleEn: '' });
  });

  it('a failed call leaves the captcha unknown (the sign-in reply shows it when needed)', async () => {
    request.mockRejectedValueOnce(new Error('down'));
    await useBrandingStore.getState().load();
    expect(useBrandingStore.getState()).toMatchObject({ captcha: undefined, loaded: true });
  });
});
