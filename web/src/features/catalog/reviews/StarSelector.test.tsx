import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarSelector } from './StarSelector.tsx';

function Harness() {
  const [v, setV] = useState(0);
  return <StarSelector value={v} onChange={setV} />;
}

const lit = (container: HTMLElement) => container.querySelectorAll('label.star.is-on').length;

describe('star selector', () => {
  it('starts at 0 with no star lit', () => {
    const { container } = render(<Harness />);
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeInTheDocument();
    expect(lit(container)).toBe(0);
    for (const r of screen.getAllByRole('radio')) expect(r).not.toBeChecked();
  });

  it('lights stars up to the one clicked', async () => {
    const { container } = render(<Harness />);
    await userEvent.click(screen.getByText('3 stars'));
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(lit(container)).toBe(3);
    await userEvent.click(screen.getByText('1 star'));
    expect(lit(container)).toBe(1);
  });

  it('works from the keyboard', async () => {
    const { container } = render(<Harness />);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(lit(container)).toBe(4);
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
  });
});
