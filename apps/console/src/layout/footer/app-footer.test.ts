import { describe, expect, it } from 'vitest';
import { copyrightLine, hotlineOf } from './app-footer.tsx';

describe('footer', () => {
  it("shows the server's copyright text when it gives one", () => {
    expect(copyrightLine('© 2024 ACME Hotels', 'ACME', 'Gateway', 2026)).toBe('© 2024 ACME Hotels');
  });

  it('else a line of the year and the company, or the product title without a company', () => {
    expect(copyrightLine('', 'ACME', 'Gateway', 2026)).toBe('© 2026 ACME');
    expect(copyrightLine(undefined, ' ', 'Multi-business integrated gateway', 2026)).toBe(
      '© 2026 Multi-business integrated gateway',
    );
    expect(copyrightLine('  ', '', '多业务融合网关', 2027)).toBe('© 2027 多业务融合网关');
  });

  it('the hotline falls back to the default number', () => {
    expect(hotlineOf('')).toBe('400-800-8888');
    expect(hotlineOf(' 400-123 ')).toBe('400-123');
  });
});
