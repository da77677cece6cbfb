import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('shows the image when there is one', () => {
    const { container } = render(<UserAvatar name="Alice Example" image="data:image/png;base64,AAAA" />);
    expect(container.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,AAAA');
  });

  it('else shows the initials of the first and last word', () => {
    render(<UserAvatar name="alice b. example" />);
    expect(screen.getByText('AE')).toBeInTheDocument();
  });

  it('else shows the default person icon', () => {
    render(<UserAvatar name="" address="noreply@shop.test" />);
    expect(screen.getByTestId('avatar-person-icon')).toBeInTheDocument();
  });
});
