// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PasswordStrength } from './password-strength';

// Component tests render into jsdom with React's own act(); they run with the unit tests.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const show = (password: string) => act(() => root.render(<PasswordStrength password={password} />));
const met = () => [...host.querySelectorAll('li')].filter((li) => li.dataset.met === 'true').length;

describe('the password strength meter', () => {
  it('shows only the checklist, nothing met, before anything is typed', () => {
    show('');
    expect(host.querySelector('[role="meter"]')).toBeNull();
    expect(host.querySelectorAll('li').length).toBeGreaterThan(0);
    expect(met()).toBe(0);
  });

  it('rates a weak and a strong password and ticks what each meets', () => {
    show('abc');
    expect(host.querySelector('[role="meter"]')?.getAttribute('aria-valuetext')).toBe('Weak');
    const weakMet = met();
    show('Str0ng!Passw0rd#2026');
    expect(host.querySelector('[role="meter"]')?.getAttribute('aria-valuetext')).toBe('Strong');
    expect(met()).toBeGreaterThan(weakMet);
    expect(met()).toBe(host.querySelectorAll('li').length);
  });
});
