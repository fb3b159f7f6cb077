import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BADGE_MAX, CART_PATH, cartPath, HINT_INTERVAL_MS, MESSAGES_PATH, shouldBeep } from './hint.ts';
import { HintBadges } from './hint-badges.tsx';

afterEach(cleanup);

describe('notification badges', () => {
  it('caps the shown count at 99', () => {
    render(
      <MemoryRouter>
        <HintBadges counts={{ tip: 150, order: 7 }} />
      </MemoryRouter>,
    );
    expect(BADGE_MAX).toBe(99);
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
  });

  it('links to the mall management and terminal records pages', () => {
    const { container } = render(
      <MemoryRouter>
        <HintBadges counts={{ tip: 0, order: 0 }} />
      </MemoryRouter>,
    );
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([CART_PATH, MESSAGES_PATH]);
    expect(cartPath(1)).toBe('/operations/mall');
  });

  it('polls every 30 s and beeps when tip or order is above 0', () => {
    expect(HINT_INTERVAL_MS).toBe(30_000);
    expect(shouldBeep({ tip: 0, order: 0 })).toBe(false);
    expect(shouldBeep({ tip: 1, order: 0 })).toBe(true);
    expect(shouldBeep({ tip: 0, order: 2 })).toBe(true);
  });
});
