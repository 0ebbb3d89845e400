// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '../../test-support/mount';
import { PasswordStrength } from './password-strength';

const view = mountPerTest();

const show = (password: string) => act(() => view.root.render(<PasswordStrength password={password} />));
const met = () => [...view.host.querySelectorAll('li')].filter((li) => li.dataset.met === 'true').length;

describe('the password strength meter', () => {
  it('shows only the checklist, nothing met, before anything is typed', () => {
    show('');
    expect(view.host.querySelector('[role="meter"]')).toBeNull();
    expect(view.host.querySelectorAll('li').length).toBeGreaterThan(0);
    expect(met()).toBe(0);
  });

  it('rates a weak and a strong password and ticks what each meets', () => {
    show('abc');
    expect(view.host.querySelector('[role="meter"]')?.getAttribute('aria-valuetext')).toBe('Weak');
    const weakMet = met();
    show('Str0ng!Passw0rd#2026');
    expect(view.host.querySelector('[role="meter"]')?.getAttribute('aria-valuetext')).toBe('Strong');
    expect(met()).toBeGreaterThan(weakMet);
    expect(met()).toBe(view.host.querySelectorAll('li').length);
  });
});
