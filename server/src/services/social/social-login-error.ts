/**
 * Any reason a social login cannot finish. The route logs `message` for the operator and shows the
 * user only the generic `social_login_failed`, since upstream details mean nothing to them.
 */
export class SocialLoginError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SocialLoginError';
  }
}
