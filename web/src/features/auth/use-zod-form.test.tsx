// @vitest-environment happy-dom
import { loginSchema, registerSchema, resetPasswordSchema } from '@parley/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useZodForm } from './use-zod-form.ts';

afterEach(cleanup);

const registerEmpty = { name: '', username: '', email: '', password: '', confirm_password: '' };

describe('useZodForm', () => {
  describe("validate: 'submit' (login, forgot password)", () => {
    const render = () => renderHook(() => useZodForm(loginSchema, { initial: { email: '', password: '' }, validate: 'submit' }));

    it('shows no error while typing, only after a submit attempt', () => {
      const { result } = render();
      act(() => result.current.setValue('email', 'not-an-email'));
      expect(result.current.error('email')).toBeUndefined();
      let input: unknown;
      act(() => {
        input = result.current.submit();
      });
      expect(input).toBeNull();
      expect(result.current.error('email')).toBe('validation.email.invalid');
      expect(result.current.error('password')).toBeDefined();
    });

    it('keeps the errors of the last attempt while typing, and drops them at the next valid one', () => {
      const { result } = render();
      act(() => void result.current.submit());
      act(() => result.current.setValue('email', 'ada@example.com'));
      expect(result.current.error('email')).toBeDefined();
      act(() => result.current.setValue('password', 'correct horse'));
      let input: unknown;
      act(() => {
        input = result.current.submit();
      });
      expect(input).toEqual({ email: 'ada@example.com', password: 'correct horse' });
      expect(result.current.error('email')).toBeUndefined();
    });
  });

  describe("validate: 'touched' (register, reset password)", () => {
    it('shows an error live once its field is edited, not on untouched fields', () => {
      const { result } = renderHook(() => useZodForm(registerSchema, { initial: registerEmpty, validate: 'touched' }));
      expect(result.current.valid).toBe(false);
      expect(result.current.error('email')).toBeUndefined();
      act(() => result.current.setValue('email', 'not-an-email'));
      expect(result.current.error('email')).toBe('validation.email.invalid');
      expect(result.current.error('name')).toBeUndefined();
      act(() => result.current.setValue('email', 'ada@example.com'));
      expect(result.current.error('email')).toBeUndefined();
    });

    it('touches every field on a submit attempt and parses the context with the fields', () => {
      const context = { token: 'tok', userId: 'u1' };
      const { result } = renderHook(() =>
        useZodForm(resetPasswordSchema, { initial: { password: '', confirm_password: '' }, validate: 'touched', context }),
      );
      act(() => void result.current.submit());
      expect(result.current.error('password')).toBeDefined();
      act(() => {
        result.current.setValue('password', 'a-long-password');
        result.current.setValue('confirm_password', 'a-long-password');
      });
      expect(result.current.valid).toBe(true);
      let input: unknown;
      act(() => {
        input = result.current.submit();
      });
      expect(input).toEqual({ token: 'tok', userId: 'u1', password: 'a-long-password', confirm_password: 'a-long-password' });
    });
  });

  it("shows the server's field errors over the client's until their field is edited", () => {
    const { result } = renderHook(() => useZodForm(registerSchema, { initial: registerEmpty, validate: 'touched' }));
    act(() => result.current.setServerErrors({ email: 'validation.email.taken', username: 'validation.username.taken' }));
    expect(result.current.error('email')).toBe('validation.email.taken');
    act(() => result.current.setValue('email', 'ada@example.com'));
    expect(result.current.error('email')).toBeUndefined();
    expect(result.current.error('username')).toBe('validation.username.taken');
  });
});
