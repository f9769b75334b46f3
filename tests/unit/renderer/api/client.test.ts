import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, NETWORK_ERROR } from '../../../../renderer/src/api/client';

describe('errorMessage', () => {
  it("shows the network message, else the server's error text, else the screen's fallback", () => {
    expect(errorMessage(new ApiError(0, NETWORK_ERROR), 'Login failed')).toBe('Network error. Please try again.');
    expect(errorMessage(new ApiError(401, 'x', { error: 'Invalid email or password' }), 'Login failed')).toBe(
      'Invalid email or password',
    );
    expect(errorMessage(new ApiError(502, '502 Bad Gateway', undefined), 'Login failed')).toBe('Login failed');
    expect(errorMessage(new ApiError(500, 'x', { error: '  ' }), 'Registration failed')).toBe('Registration failed');
    expect(errorMessage(new Error('boom'), 'Failed to save link')).toBe('Failed to save link');
  });
});
